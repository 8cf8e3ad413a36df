"""The end of the game, for every mode: what ends it, who takes the Concordia card, who
still plays a final card, and when no card can be played any more.

"Solo End of Game": "Whoever takes the last personality card from the display area or
builds their last house initiates the end of the game and also takes the Concordia card
that is worth 7 victory points. If Contrarius initiates the end of the game, you play one
final personality card and carry out its action without the reaction of Contrarius. If
you initiate the end of the game, the game ends with this last reaction of Contrarius."

"Cooperative End of Game": "If Contrarius initiates the end of the game, you play one
final personality card and carry out your team's actions without the reaction of
Contrarius. If either of you initiates the end of the game, it is possible that your
partner also follows through with their action. The game then ends with the last
reaction of Contrarius."

Contrarius as a third player (base Concordia: "every other player takes one final turn"):
the reading in :mod:`contrarius.rules.modes.third_player`.

A player's last house is their fifteenth (:data:`~contrarius.model.snapshot.MAX_HOUSES`;
base rules: "builds their fifteenth house"). Nothing here prints.
"""

from __future__ import annotations

from contrarius.errors import GameOverError
from contrarius.messages import N_, Message, Term
from contrarius.model.snapshot import CONTRARIUS, MAX_HOUSES, SOLO, TEAM, THIRD_PLAYER, Ended, Snapshot

#: Why taking the last card of the display ends the game (the report's words).
LAST_CARD = N_("took the last card of the display")


def last_house(s: Snapshot, owner: str) -> Message | None:
    """Why ``owner``'s houses end the game (the report's words: "built its 15th house"),
    or None while they have built fewer than :data:`MAX_HOUSES`."""
    if len(s.houses_of(owner)) < MAX_HOUSES:
        return None
    if owner == CONTRARIUS:
        return N_("built its {n}th house", n=MAX_HOUSES)
    return N_("built your {n}th house", n=MAX_HOUSES) if s.mode == SOLO else N_("built their {n}th house", n=MAX_HOUSES)


def closest_to_last_house(s: Snapshot) -> tuple[str, int]:
    """The side closest to its last house (:data:`MAX_HOUSES`, the one that ends the game),
    the first of ``s.owners`` among equals, and how many houses it has still to build on
    the board."""
    to_build = {owner: MAX_HOUSES - len(s.houses_of(owner)) for owner in s.owners}
    owner = min(to_build, key=to_build.__getitem__)
    return owner, to_build[owner]


def end_game(s: Snapshot, owner: str, why: Message | str) -> Message | str | None:
    """``owner`` ends the game (``why``: :data:`LAST_CARD` or :func:`last_house`'s words):
    they take the Concordia card and ``s.ended`` says whether a final card is still to
    play. Changes ``s``; returns the report's line, or None when the game had ended
    already (the first to end it keeps the card)."""
    if s.ended is not None:
        return None
    s.concordia = owner
    if s.mode == SOLO:
        s.ended = Ended(owner, final_turn_pending=(owner == CONTRARIUS))
        if owner == CONTRARIUS:
            return N_("Contrarius {why}: the game ends, Contrarius takes the Concordia card (7 VP): you play one final card, "
                      "without a reaction", why=why)
        return N_("you {why}: the game ends, you take the Concordia card (7 VP): the game ends after this reaction", why=why)
    third = s.mode == THIRD_PLAYER
    s.ended = Ended(owner, final_turn_pending=owner == CONTRARIUS or third)
    who = "Contrarius" if owner == CONTRARIUS else owner
    if third:
        tail = {CONTRARIUS: N_("player1 and player2 each play one final card, without a reaction of Contrarius"),
                "player1": N_("player2 plays one final card (Contrarius reacts to it as usual)"),
                "player2": N_("Contrarius reacts to this card as usual, then player1 plays one final card")}[owner]
    elif owner == CONTRARIUS:
        tail = N_("the team plays one final card (both partners carry it out), without a reaction")
    else:
        tail = N_("the partner still carries out their action; the game ends after this reaction of Contrarius")
    return N_("{who} {why}: the game ends, {who} takes the Concordia card (7 VP); {tail}", who=who, why=why, tail=tail)


def is_over(s: Snapshot) -> bool:
    """True once the game is over and no final card is pending: no card can be played."""
    return s.ended is not None and not s.ended.final_turn_pending


def refuse_after_end(s: Snapshot) -> None:
    """Raise :class:`GameOverError` once the game is over and no final card is pending."""
    if is_over(s):
        who = "Contrarius" if s.ended.by == CONTRARIUS else Term("side", s.ended.by)
        raise GameOverError(N_("the game is over ({who} ended it); run 'contrarius score' for the final scoring", who=who))


def final_turn_note(s: Snapshot, *, with_reaction: bool = True) -> Message | None:
    """Who still plays a final card and whether Contrarius reacts to it; None if nobody.
    ``with_reaction`` False: a solo game's note without "(no reaction)" (the heading of
    ``show``).

    Rules: "Solo End of Game", "Cooperative End of Game"; third-player: the reading in
    :mod:`contrarius.rules.modes.third_player`.
    """
    if s.ended is None or not s.ended.final_turn_pending:
        return None
    who = "Contrarius" if s.ended.by == CONTRARIUS else s.ended.by
    nxt = s.active or "player1"
    if s.mode == TEAM:
        return N_("{who} ended the game: the team plays one final card ({next} plays it, both carry it out), without a reaction",
                  who=who, next=nxt)
    if s.mode == THIRD_PLAYER:
        reacts = nxt == "player2" and s.ended.by != CONTRARIUS
        if reacts:
            return N_("{who} ended the game: {next} plays a final card (Contrarius reacts to it)", who=who, next=nxt)
        return N_("{who} ended the game: {next} plays a final card (no reaction)", who=who, next=nxt)
    if with_reaction:
        return N_("Contrarius ended the game: play your final card (no reaction)")
    return N_("Contrarius ended the game: play your final card")

