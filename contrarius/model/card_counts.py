"""The personality cards counted, for ``contrarius check``: a solo snapshot that shows more
cards than the game holds (the rulebook's "Setup").
"""

from __future__ import annotations

from contrarius.errors import Problem
from contrarius.messages import N_, Joined, Term
from contrarius.material.cards import card_facts
from contrarius.model.snapshot import UNKNOWN_CARD, Snapshot

#: cards and the display stacks I and II (15).
SOLO_CARDS = 27


def card_count_problems(snap: Snapshot) -> list[Problem]:
    """Solo games: the personality cards the snapshot shows that the game cannot hold
    (``contrarius check``; ``play`` does not refuse them). An empty list when all is well,
    in a team or third-player game (their cards are not public) and where the player's
    hand is not recorded.

    "Setup" (rulebook): 27 Solitaria cards; you take the 7 turquoise cards, Contrarius its 5
    scarlet-back cards, and the display is dealt from stacks I and II. A card you own (hand,
    played pile) is a starting card or one bought from the display; a card of Contrarius is
    a starting card or one it took from the display.

    1. All together: your cards, Contrarius's, the display (``?`` included) and the cards
       left in the stack are at most 27 (the counts are the rulebook's).
    2. Each name (a reading: which personalities the turquoise hand and the stacks hold is
       not public; ``data/cards.yaml`` ``player_hand`` and ``stacks``, README "How the rules
       are read"): your copies, plus the display's and the recorded stack order's, plus the
       copies Contrarius holds beyond 5 (its starting cards may be corrected with ``new
       --contrarius-cards``: up to 5 of its copies of any name may be its own) are at most
       the starting hand's copies plus the stacks'. ``?`` counts as no name.

    Each problem names the key holding the cards (``players[0].hand``, ``players[0].played``
    or ``contrarius.cards``) and the counts.
    """
    problems: list[Problem] = [
        Problem(f"players[{i}].played", N_("the hand is recorded but the played pile is not (null): the Tribune could not say which cards come back, nor the sestertii (1 per card beyond the third)"),
                N_("write the cards played since the last Tribune as a list ([] if none), or the hand as null"))
        for i, q in enumerate(snap.players) if q.hand is not None and q.played is None]
    p = snap.players[0] if snap.players else None
    if snap.mode != "solo" or p is None or p.hand is None:
        return problems
    facts = card_facts()
    own_start = len(facts["contrarius_start"])
    mine = len(p.hand) + len(p.played or [])
    total = mine + len(snap.contrarius.cards) + len(snap.display_cards()) + snap.stack_remaining
    if total > SOLO_CARDS:
        problems.append(Problem(
            "players[0].hand",
            N_('{total} personality cards in the game ({mine} yours, {theirs} Contrarius\'s, {display} in the display, {stack} in the stack), but Solitaria has {every} ("Setup": your 7, Contrarius\'s 5, stacks I and II)', total=total, mine=mine, theirs=len(snap.contrarius.cards), display=len(snap.display_cards()), stack=snap.stack_remaining, every=SOLO_CARDS),
            N_("remove the cards that are not at the table (a card bought leaves the display)")))

    def counts(names) -> dict[str, int]:
        out: dict[str, int] = {}
        for n in names:
            if n != UNKNOWN_CARD:
                out[n] = out.get(n, 0) + 1
        return out

    start = counts(c["name"] if isinstance(c, dict) else c for c in facts["player_hand"])
    pool = counts(n for names in facts["stacks"].values() for n in names)
    hand = counts(c.name for c in p.hand)
    played = counts(c.name for c in (p.played or []))
    table = counts(snap.display_cards() + list(snap.stack_order or []))
    theirs = counts(c.name for c in snap.contrarius.cards)
    for n in sorted(set(hand) | set(played) | set(theirs)):
        if table.get(n, 0) > pool.get(n, 0):
            continue  # the display and stack alone: reported when the snapshot is read
        taken = max(0, theirs.get(n, 0) - own_start)
        count = hand.get(n, 0) + played.get(n, 0) + table.get(n, 0) + taken
        limit = start.get(n, 0) + pool.get(n, 0)
        if count <= limit:
            continue
        key = "players[0].hand" if hand.get(n) else "players[0].played" if played.get(n) else "contrarius.cards"
        where = [N_("{n} in your hand", n=hand[n]) if hand.get(n) else "", N_("{n} played", n=played[n]) if played.get(n) else "",
                 N_("{n} in the display and stack", n=table[n]) if table.get(n) else "",
                 N_("{n} of Contrarius's beyond its {start} starting cards", n=taken, start=own_start) if taken else ""]
        problems.append(Problem(
            key, N_("{count} {card} cards ({names}), but a solo game has {limit} (your starting hand {start}, display stacks {stacks}; reading: README)", count=count, card=Term("card", n), names=Joined(", ", [w for w in where if w]), limit=limit, start=start.get(n, 0), stacks=pool.get(n, 0)),
            N_("remove the extra {card} cards", card=Term("card", n))))
    return problems
