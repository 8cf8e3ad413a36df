"""Solo play: one turn (the player's action, then Contrarius's reaction), and Contrarius's
reactions to the solo personality cards, which team play and the third-player variant reuse.

:func:`play` takes a snapshot and a :class:`PlayerAction` (the card played, the action
chosen, the player's own changes to the board and display, and any die results read from
the table) and returns a :class:`TurnResult` holding the new snapshot and what happened.
It never prints and never changes the snapshot it was given. The turn mechanism (dice,
VP, building, the display, the end of the game) is :mod:`contrarius.rules.contrarius_part`'s; :func:`react` reads the
card's statement. Team play (:mod:`.team`) and the third-player variant
(:mod:`.third_player`) build on this module, never the other way round; :func:`contrarius.rules.game.play`
picks the mode.

Rules implemented (rulebook, "Solo Personality Cards" unless said otherwise):

- Each personality card's reaction and what the player may record for it: its module of
  :mod:`contrarius.rules.personalities` (the Tribune's in ``personalities/tribune.py``).
- "Supplementary rules to the reactions of Contrarius": cannot build -> a colonist (red
  die, rolled again on a card face: it only decides which colonist); no land colonist -> a sea one and vice versa; all six placed -> the card in
  position 1; position empty -> position 1; no card at all -> a house (white die).
- "Difficulty level", Expert: when the VP marker reaches or passes a track house, that
  house is built (black die); with an empty supply a house comes from the far end of the
  track.
- "Solo End of Game": the 15th house or the last card taken ends the game and gives that
  side the Concordia card; if Contrarius ended it, the player plays one final card
  without reaction; if the player ended it, the game ends after this reaction.
"""


from __future__ import annotations

from typing import Any

from contrarius.messages import N_, NP_, Joined, Term
from contrarius.material.cards import Card, Reaction, card_name
from contrarius.errors import ContrariusError, RuleError, UnusedInputError
from contrarius.model.snapshot import SOLO, Snapshot
from contrarius.rules.personalities import statement_of
from contrarius.rules.personalities.diplomat import face_up_card
from contrarius.rules.personalities.statement import check_record
from contrarius.rules.variants.solo_variants import (Note, forum_due, pay_fish, player_fish, take_forum)
from contrarius.rules.contrarius_part import (Event, goods_list, PlayerAction, TurnResult, Turn, produce_for_players,
                                              record_moves_and_places, store_goods)
from contrarius.rules.end_of_game import is_over, refuse_after_end
from contrarius.rules.player_part import bonus_goods, cash_bonus, colonist_money, player_part, specialist_production

__all__ = ["PlayerAction", "TurnResult", "Event", "play", "react"]

# ----- the reaction --------------------------------------------------------------------------
def react(t: Turn, card: Card, action: str | None, province: str | None) -> None:
    """Contrarius's reaction to ``card`` with the player's ``action`` ("Solo Personality
    Cards"): the card's statement's (:mod:`contrarius.rules.personalities`). Raises
    :class:`RuleError` for a card of team play."""
    st = statement_of(card.reaction)
    if st.team_only or st.react is None:
        raise RuleError(N_("{card} is a team-play card: use it in a team game", card=Term("card", card.name)))
    st.react(t, card, action, province)


def _variant_part(t: Turn, reacted: Card) -> None:
    """The player's part of a turn that a solo variant adds ("Solo Variants"): fish paid at
    the fish market go to Contrarius; a forum card taken with the Tribune (Salsa), after
    which Contrarius takes the first forum card. Raises :class:`ContrariusError` for
    variant options in a game without that variant."""
    a, s = t.a, t.s
    notes: list[Note] = []
    if a.fish:
        notes += pay_fish(s, a.fish)
    if a.no_roll and a.forum is None and reacted.reaction == Reaction.TRIBUNE and s.variants.salsa is not None and s.variants.salsa.row:
        # a preview: the forum take does not depend on a die; say it rather than refuse
        notes.append(Note("player", "forum", N_("Salsa: you also take a forum card (play --forum NAME), and Contrarius takes "
                                                "the first one ({card} if you do not take it)", card=s.variants.salsa.row[0])))
    else:
        forum_due(s, reacted.reaction, a.forum)
    if a.forum is not None:
        notes += take_forum(s, a.forum, list(a.forum_refill), dict(a.forum_reveal))
    elif a.forum_refill or a.forum_reveal:
        raise ContrariusError(N_("--forum-refill and --forum-reveal go with --forum (the forum card you took with the Tribune)"))
    t.notes(notes)


def play(snapshot: Snapshot, action: PlayerAction) -> TurnResult:
    """Play one solo turn, in the rulebook's order ("Solo Personality Cards", "Solo End of Game"):

    1. the player's action (:func:`_your_action`): the card leaves the hand (a Tribune takes
       the played cards back), colonists move and are placed, houses are built, cards
       bought, a Prefect produces or reactivates;
    2. Contrarius's reaction (:func:`react`) to the card played, or to the card a Diplomat
       copies; none to the player's final card after Contrarius ended the game
       (:func:`_final_card`);
    3. the end of the turn (:func:`_end_of_turn`): a copied card is turned face down, every
       option given must have been used, the turn is logged.

    ``snapshot`` is a solo game (:func:`contrarius.rules.game.play` takes every mode); it is not
    changed: the result holds the new snapshot (with the turn appended to its log) and the
    report. Raises :class:`GameOverError` after the end of the game, :class:`RuleError` for
    an action the rules forbid and :class:`ContrariusError` for an action that does not fit
    the card.
    """
    if snapshot.mode != SOLO:
        raise ContrariusError(N_("reactions.play plays solo games; this is a {mode} game (contrarius.rules.game.play picks the mode)", mode=snapshot.mode))
    s = snapshot.copy()
    refuse_after_end(s)
    played = card_name(action.card)
    card = Card.of(played)
    if statement_of(card.reaction).team_only:
        raise ContrariusError(N_("{played} is a team-play card; a solo game uses the solo cards", played=Term("card", played)))
    t = Turn(s, action)
    vp_before = s.contrarius.vp
    reacted = _reacted_card(s, card, action)
    act, province = check_record(statement_of(reacted.reaction), reacted, action, s)
    _your_action(t, card, reacted, act, province)
    final_card = _final_card(t)
    if not final_card:
        react(t, reacted, act, province)
    return _end_of_turn(t, card, reacted, act, province, final_card, vp_before)


def _reacted_card(s: Snapshot, card: Card, action: PlayerAction) -> Card:
    """The card Contrarius reacts to: the card played, or the face-up card of Contrarius
    that a Diplomat copies ("Solo Personality Cards", Diplomat). Raises
    :class:`ContrariusError` for a missing or misplaced ``--copy``, :class:`RuleError` for
    a card that cannot be copied."""
    if not statement_of(card.reaction).copies:
        if action.copy:
            raise ContrariusError(N_("--copy is for a Diplomat, not the {card}", card=Term("card", card.name)))
        return card
    if not action.copy:
        raise ContrariusError(N_("which of Contrarius's face-up cards does the Diplomat copy? add --copy CARD"))
    want = card_name(action.copy)
    copied = face_up_card(s, want)
    if want == "Diplomat":
        raise RuleError(N_("a Diplomat cannot copy a Diplomat"))
    return copied


def _your_action(t: Turn, card: Card, reacted: Card, act: str | None, province: str | None) -> None:
    """Phase 1, the player's action: what Contrarius's rules depend on (:func:`player_part`),
    then a Prefect's production or reactivation (base rules: the province's bonus marker
    turns to coins, its houses produce, the bonus goods; reactivating turns every marker
    back and pays 1 sestertius per marker)."""
    s = t.s
    player_part(t, card, card.name, acts_as=reacted.name)
    _variant_part(t, reacted)
    if province is not None and act == "produce":
        if s.bonus_markers[province] == "coins":
            raise RuleError(N_("{province} has already produced (its bonus marker shows coins): reactivate first", province=province))
        s.bonus_markers[province] = "coins"
        bonus = bonus_goods(s, province)
        got = produce_for_players(t, province, "Prefect")
        n_bonus = 2 if reacted.reaction == Reaction.PREFECT_MAGNUS else 1
        if s.variants.fish_market is not None:
            bonus = N_("fish (fish market: the fish tile there gives it and is turned over, as a bonus marker turns to coins "
                       "(fish market reading){fish})", fish=player_fish(s, n_bonus))
        else:
            store_goods(t, s.player(t.pid), bonus, n_bonus)
            bonus = Term("goods", bonus)
        houses = Joined("; ", [goods_list(g["goods"]) for g in got]) if got else N_("nothing (none there)")
        t.player_events.append(Event("produce", N_("you produce in {province}: bonus {n} {bonus}; your houses there produce {houses}",
                                                   province=province, n=n_bonus, bonus=bonus, houses=houses),
                                     {"province": province}))
    elif act == "reactivate":
        cash_bonus(t)
    elif act == "money":
        colonist_money(t)
    if reacted.is_specialist:
        specialist_production(t, reacted)


def _final_card(t: Turn) -> bool:
    """True when this is the player's final card after Contrarius ended the game ("Solo End
    of Game": "you play one final card", without a reaction); it is then played and noted."""
    s = t.s
    if s.ended is None or not s.ended.final_turn_pending:
        return False
    s.ended.final_turn_pending = False
    t.player_events.append(Event("end", N_("your final card after Contrarius ended the game: no reaction")))
    return True


def _end_of_turn(t: Turn, card: Card, reacted: Card, act: str | None, province: str | None, final_card: bool,
                 vp_before: int) -> TurnResult:
    """Phase 3, the end of the turn: the Diplomat's copied card is turned face down ("after
    Contrarius has reacted"; also on the final card, when it does not react), every
    ``--refill``, ``--choose`` and ``--die`` given must have been used, and the turn is
    logged. Returns the :class:`TurnResult` (:func:`contrarius.rules.game.play` checks that its
    snapshot loads again)."""
    s = t.s
    if reacted is not card:
        reacted_card = next(c for c in s.contrarius.cards if c.name == reacted.name and c.face_up)
        idx = s.contrarius.cards.index(reacted_card)
        s.contrarius.cards[idx] = Card(reacted_card.name, reacted_card.gods, False, reacted_card.assumed)
        flip = Event("card", N_("the copied {card} is turned face down", card=Term("card", reacted.name)))
        (t.player_events if final_card else t.events).append(flip)
    if t.refill:
        n = len(t.drawn_from)
        if "seed" in t.drawn_from:
            why = NP_("this virtual game draws from its seeded stack ({n} card drawn this turn); at a real table make the "
                      "game with --table",
                      "this virtual game draws from its seeded stack ({n} cards drawn this turn); at a real table make the "
                      "game with --table", n)
        elif n == 0:
            why = N_("this turn drew no card into the display")
        else:
            why = NP_("this turn drew {n} card into the display, named by the first --refill",
                      "this turn drew {n} cards into the display, named by the first --refill", n)
        raise UnusedInputError(N_("--refill {refill}: not used: {why}; remove it", refill=', '.join(t.refill), why=why))
    t.refuse_unused_input()
    game_over = is_over(s)
    entry = {
        "turn": len(s.log) + 1,
        "player": t.pid,
        "card": card.name,
        "action": _action_record(t.a, act, province, reacted if reacted is not card else None),
        "dice": [{"die": r.die, "face": r.face, "source": r.source} for r in t.rolls],
        "player_did": [e.english for e in t.player_events],
        "reaction": [e.english for e in t.events],
        "vp": [vp_before, s.contrarius.vp],
    }
    s.log.append(entry)
    return TurnResult(s, card.name, None if final_card else reacted.name, t.player_events, t.events, t.rolls,
                      vp_before, s.contrarius.vp, t.rulings, s.ended is not None, game_over)


def _action_record(a: PlayerAction, act: str | None, province: str | None, copied: Card | None) -> dict[str, Any]:
    rec: dict[str, Any] = {}
    if act:
        rec["choice"] = act
    if province:
        rec["province"] = province
    if copied is not None:
        rec["copy"] = copied.name
    for key in ("builds", "buys", "refill"):
        if getattr(a, key):
            rec[key] = list(getattr(a, key))
    record_moves_and_places(rec, a.moves, a.places)
    if a.choices:
        rec["choices"] = list(a.choices)
    if a.forum is not None:
        rec["forum"] = a.forum
    if a.fish:
        rec["fish"] = a.fish
    return rec
