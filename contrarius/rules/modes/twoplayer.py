"""Two players taking turns: the mechanism team play and the third-player variant share.

Two modes have two players, ``player1`` and ``player2``, who take turns (the snapshot's
``active``): team play (:mod:`.team`) and Contrarius as a third player
(:mod:`.third_player`). This module holds what both do the same way, over the turn
mechanism of :mod:`contrarius.rules.contrarius_part` that solo play uses too:

- what a turn is told (:class:`TeamAction`: the active player's card and changes, the
  partner's :class:`Part`, a double card's personality, the Praetor's reaction, a veto);
- :class:`TwoPlayerTurn`: dice replayed for a veto, the display refilled once after the
  players' purchases (:func:`settle_display`); the end of the game is
  :mod:`contrarius.rules.end_of_game`'s;
- one player carrying out a personality (:func:`carry_out`: the card's statement's check,
  :func:`~contrarius.rules.personalities.statement.check_record`, then board changes,
  purchases, a Prefect's production or reactivation);
- Contrarius's reaction to the first action (:func:`reaction`: the card's statement's, as
  :mod:`contrarius.rules.personalities` states each card, the Praetor's as printed on it);
- a whole turn (:func:`run`, :func:`finish`) given the mode's own "players' part";
- the setup both modes share (the display, Contrarius's cards).

The rules and readings of each mode are documented in :mod:`.team` and :mod:`.third_player`.
Everything is pure: nothing is printed and the snapshot given is never changed.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from contrarius.messages import N_, NP_, Joined, Message, Term
from contrarius.material.cards import SETUP_SPECIALISTS, Card, Reaction, card_facts, card_name
from contrarius.errors import ContrariusError, RuleError
from contrarius.records import Record
from contrarius.rules.modes.solo import react
from contrarius.rules.personalities import statement_of
from contrarius.rules.personalities.double_choice import halves
from contrarius.rules.personalities.praetor import PRINTED as PRAETOR_PRINTED
from contrarius.rules.personalities.statement import check_record
from contrarius.rules.setup import START_GOODS, SetupOptions, fresh_table, setup_contrarius, start_colonists, starting_vp
from contrarius.model.snapshot import (CONTRARIUS, DISPLAY_SIZE, LEVELS, TEAM as TEAM_PLAY, THIRD_PLAYER, UNKNOWN_CARD, Colonist, Player,
                                       Snapshot, player_ids)
from contrarius.rules.contrarius_part import (Event, PlayerAction, Roll, Turn, TurnResult, goods_list, produce_for_players,
                                              record_moves_and_places, set_card_play, store_goods)
from contrarius.rules.end_of_game import LAST_CARD, is_over, refuse_after_end
from contrarius.rules.player_part import (bonus_goods, cash_bonus, colonist_money, player_part, specialist_production,
                                          take_back_cards)

TEAM = TEAM_PLAY
THIRD = THIRD_PLAYER
#: The Praetor's two possible reaction boxes ("Cooperative Personality Cards", Praetor).
PRAETOR_REACTIONS: tuple[str, ...] = tuple(v for v, _ in PRAETOR_PRINTED)

# ----- what a turn is told ---------------------------------------------------------------------
class Part(Record):
    """One player's own part of a team turn (the partner's, usually).

    ``card``: a card this player played from their own hand (the partner's card after a
    Legatus or a Proconsul), else None (they carry out the active player's card).
    ``personality``: their pick on a double card. ``action``/``province``: a Prefect's
    ``produce``/``reactivate`` and the province; a Colonist's ``place``/``money``.
    ``copy``: a Diplomat's copied card. ``builds``, ``moves``, ``places``, ``buys``: as in
    :class:`~contrarius.rules.contrarius_part.PlayerAction`.
    """

    _fields = ("card", "personality", "action", "province", "copy", "builds", "moves", "places", "buys")

    def __init__(self, card: str | None = None, personality: str | None = None, action: str | None = None,
                 province: str | None = None, copy: str | None = None, builds: list[str] | None = None,
                 moves: list[tuple[str, str, str]] | None = None, places: list[tuple[str, str]] | None = None,
                 buys: list[str] | None = None):
        self.card = card
        self.personality = personality
        set_card_play(self, action, province, copy, builds, moves, places, buys)

    def is_empty(self) -> bool:
        """True when nothing at all is recorded."""
        return not any(getattr(self, name) for name in self._fields)

    def record(self) -> dict[str, Any]:
        """Plain data for the turn log (only what was given)."""
        out: dict[str, Any] = {}
        for key in ("card", "personality", "action", "province", "copy"):
            if getattr(self, key):
                out["choice" if key == "action" else key] = getattr(self, key)
        for key in ("builds", "buys"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        record_moves_and_places(out, self.moves, self.places)
        return out


class TeamAction(PlayerAction):
    """A turn of team play or of the third-player variant.

    The fields of :class:`~contrarius.rules.contrarius_part.PlayerAction` are the active player's card
    and changes (after a Legatus: how they carried out the partner's card). Added:
    ``personality`` (double card: the active player's pick), ``praetor_reaction``
    (``vp``|``house``: the reaction printed on the Praetor Contrarius reacts to),
    ``partner`` (the partner's part; None: not recorded), ``veto`` (third-player: the
    player using their veto card) and ``veto_face`` (the re-rolled result read from the
    table; None: the program rolls). Its ``__init__`` takes the fields of a
    :class:`~contrarius.rules.contrarius_part.PlayerAction` (all by keyword but ``card``) and these.
    """

    _fields = PlayerAction._fields + ("personality", "praetor_reaction", "partner", "veto", "veto_face")

    def __init__(self, card: str, *args: Any, personality: str | None = None, praetor_reaction: str | None = None,
                 partner: Part | None = None, veto: str | None = None, veto_face: str | None = None, **kwargs: Any):
        super().__init__(card, *args, **kwargs)
        self.personality = personality
        self.praetor_reaction = praetor_reaction
        self.partner = partner
        self.veto = veto
        self.veto_face = veto_face

    def own_part(self) -> Part:
        """The active player's part as a :class:`Part`."""
        return Part(None, self.personality, self.action, self.province, self.copy, list(self.builds),
                    list(self.moves), list(self.places), list(self.buys))


def as_team_action(action: PlayerAction) -> tuple[TeamAction, bool]:
    """``(action as a TeamAction, whether the partner's part is recorded)``.

    A plain :class:`PlayerAction` (``contrarius preview``, library callers) records no
    partner: their part of the turn is then left out, and the report says so.
    """
    if isinstance(action, TeamAction):
        return action, action.partner is not None
    base = {name: getattr(action, name) for name in PlayerAction._fields}
    return TeamAction(**base), False


def other_player(s: Snapshot, pid: str) -> str:
    """The other player's id."""
    return next(p.id for p in s.players if p.id != pid)


# ----- the turn engine -----------------------------------------------------------------------------
class TwoPlayerTurn(Turn):
    """A :class:`~contrarius.rules.contrarius_part.Turn` with two players.

    Adds: dice replayed for a veto (``preset``), the display refilled once after the
    players' purchases (``bought``).
    """

    def __init__(self, snap: Snapshot, action: PlayerAction, preset: list[Roll] | None = None):
        super().__init__(snap, action)
        self.preset = list(preset or [])
        #: display positions bought in the players' part -> the card (the gaps stay until
        #: :func:`settle_display`)
        self.bought: dict[int, str] = {}
        #: this turn plays a final card after the end of the game
        self.final = snap.ended is not None and snap.ended.final_turn_pending
        #: the players who played a card of their own this turn (:func:`from_hand`); the
        #: others only carry out their partner's card
        self.played_now: set[str] = set()

    def die(self, die: str, why: str, exclude: tuple = ()) -> Any:
        """A replayed result first (the dice before a vetoed one, then the new result)."""
        if self.preset:
            r = self.preset.pop(0)
            if r.die != die:  # the reaction is deterministic in its dice: a bug if reached
                raise RuleError(N_("the veto replay expected the {die} die but the reaction rolls the {die2} die", die=r.die, die2=die))
            self.rolls.append(r)
            return r.face
        return super().die(die, why, exclude)

    def remove_from_display(self, *positions: int) -> None:
        """As in solo play; a stack card not public (``?``) takes the next ``--refill`` name."""
        s = self.s
        for i in range(min(len(positions), s.stack_remaining, len(s.stack_order or []))):
            if s.stack_order[i] == UNKNOWN_CARD and self.refill:
                s.stack_order[i] = card_name(self.refill.pop(0))
        super().remove_from_display(*positions)

    def draw(self) -> str:
        """Draw the top card of the stack (its name, or ``?`` when not recorded)."""
        s = self.s
        if s.stack_order:
            new = s.stack_order.pop(0)
            if new == UNKNOWN_CARD and self.refill:
                new = card_name(self.refill.pop(0))
        elif self.refill:
            new = card_name(self.refill.pop(0))
        else:
            new = UNKNOWN_CARD
        s.stack_remaining -= 1
        return new

    def note(self, kind: str, text: Message | str, **data: Any) -> None:
        """Record an event of the players' part of the turn (``text``: its report line, a
        :class:`~contrarius.messages.Message`)."""
        self.player_events.append(Event(kind, text, data))


class Plan(Record):
    """What the players did that Contrarius's reaction depends on."""

    _fields = ("reacted", "act", "province", "copied")

    def __init__(self, reacted: Card, act: str | None, province: str | None, copied: Card | None = None):
        self.reacted = reacted
        self.act = act
        self.province = province
        self.copied = copied


# ----- the players' part ---------------------------------------------------------------------------
#: The solo report's lines of a player's board changes (:func:`contrarius.rules.player_part.player_part`,
#: said to "you"), by msgid, said of a named ``{player}``.
_THIRD_PERSON: dict[str, Message] = {
    "you place a {kind} colonist in {city}": N_("{player} places a {kind} colonist in {city}"),
    "you build a house in {city} ({goods})": N_("{player} builds a house in {city} ({goods})"),
    "you buy {card} from display position {position}": N_("{player} buys {card} from display position {position}"),
    "{city} is a harbour: your sea colonist leaves the {home} and is placed there (reading)":
        N_("{player}: {city} is a harbour: your sea colonist leaves the {home} and is placed there (reading)"),
    "your {kind} colonist moves {start} -> {line} ({n} step)":
        NP_("{player}'s {kind} colonist moves {start} -> {line} ({n} step)",
            "{player}'s {kind} colonist moves {start} -> {line} ({n} steps)", 1),
}


def _third_person(message: Message | str, pid: str) -> Message:
    """``"you build a house in X"`` -> ``"player2 builds a house in X"`` (the solo wording,
    of ``pid``); any other line is ``"player2: <line>"``."""
    said = _THIRD_PERSON.get(message.template) if isinstance(message, Message) else None
    if said is None:
        return N_("{player}: {text}", player=pid, text=message)
    return Message(said.template, said.plural, message.n, {**message.args, "player": pid})


def from_hand(t: TwoPlayerTurn, pid: str, name: str) -> None:
    """``pid`` plays ``name`` from their hand onto their played cards (when recorded)."""
    t.played_now.add(pid)
    p = t.s.player(pid)
    if p.hand is None:
        return
    hit = next((c for c in p.hand if c.name == name), None)
    if hit is None:
        held = Joined(", ", [Term("card", c.name) for c in p.hand]) if p.hand else N_("empty")
        raise RuleError(N_("{name} is not in the hand of {pid} ({held}); play the Tribune to take cards back, or correct players.{pid}.hand", name=Term("card", name), pid=pid, held=held))
    p.hand.remove(hit)
    p.played = (p.played or []) + [hit]


def _board_changes(t: TwoPlayerTurn, pid: str, pc: Card, part: Part) -> None:
    """Colonist moves, new colonists and houses of ``pid``, by the solo engine's checks."""
    if not (part.moves or part.places or part.builds):
        return
    saved_a, saved_pid, start = t.a, t.pid, len(t.player_events)
    t.a = PlayerAction(card=pc.name, builds=list(part.builds), moves=list(part.moves), places=list(part.places),
                       reveal=saved_a.reveal)
    t.pid = pid
    try:
        player_part(t, pc, pc.name, from_hand=False)
    except RuleError as exc:
        raise RuleError(N_("{pid}: {exc}", pid=pid, exc=exc)) from None
    finally:
        t.a, t.pid = saved_a, saved_pid
    for i in range(start, len(t.player_events)):
        e = t.player_events[i]
        t.player_events[i] = Event(e.kind, _third_person(e.message, pid), {**e.data, "player": pid})


def _buy(t: TwoPlayerTurn, pid: str, wants: list[str]) -> None:
    """``pid`` buys display cards (positions 1-7 or names).

    Every purchase of a two-player turn (Senator, Consul, Praetor, Proconsul, a card called
    by a Legatus, a Diplomat's copy; both partners, or the one player of the third-player
    variant) refers to the display as it lay before anyone bought, positions and costs: the
    bought card leaves a gap, and the cards slide left and the display is refilled once,
    after both players (:func:`settle_display`; base rules: cards slide left "afterwards";
    "Cooperative Personality Cards", Praetor: "The sales display area is only refilled ...
    after both players have completed their buying action"). Raises :class:`RuleError` for
    a position without a card (or one bought already this turn) and a card not on sale.
    """
    s = t.s
    p = s.player(pid)
    for want in wants:
        text = str(want).strip()
        if text.isascii() and text.isdigit():
            pos = int(text)
            if pos in t.bought:
                raise RuleError(N_("display position {pos} was bought already this turn ({bought}): positions count the display as it lay before anyone bought; it slides left after both players", pos=pos, bought=t.bought[pos]))
            if not 1 <= pos <= DISPLAY_SIZE or s.display[pos - 1] is None:
                raise RuleError(N_("display position {pos} holds no card ({pid} buys)", pos=pos, pid=pid))
        else:
            name = card_name(text)
            hits = [i for i, c in enumerate(s.display) if c == name]
            if not hits:
                shown = Joined(", ", [Term("card", c) if c else "-" for c in s.display])
                raise RuleError(N_("{name} is not in the display ({shown}); a card shown as ? is bought by position: --buy N --reveal N={name}", name=Term("card", name), shown=shown))
            pos = hits[0] + 1
        name = t.name_position(pos)
        s.display[pos - 1] = None
        t.bought[pos] = name
        if p.hand is not None:
            p.hand.append(Card.of(name))
        t.note("buy", N_("{player} buys {card} from display position {position}", player=pid, card=Term("card", name), position=pos),
               card=name, player=pid, position=pos)
        if s.cards_left == 0:
            t.end_game(pid, LAST_CARD)


def settle_display(t: TwoPlayerTurn) -> None:
    """Close the gaps the players' purchases left and refill the display, once, after the
    players' part of the turn (see :func:`_buy`; "the sales display area is only refilled in
    the usual way, after both players have completed their buying action")."""
    s = t.s
    if not t.bought:
        return
    cards = s.display_cards()
    drawn = []
    while len(cards) < DISPLAY_SIZE and s.stack_remaining > 0:
        new = t.draw()
        cards.append(new)
        drawn.append(new)
    first = len(cards) - len(drawn) + 1
    shown: Message | Joined = Joined(", ", [
        N_("an unrecorded card (?) into position {position}", position=first + i) if c == UNKNOWN_CARD
        else N_("{card} into position {position}", card=Term("card", c), position=first + i)
        for i, c in enumerate(drawn)]) if drawn else N_("nothing (the stack is empty)")
    unknown = [first + i for i, c in enumerate(drawn) if c == UNKNOWN_CARD]
    if unknown:
        shown = NP_("{cards}: name it with --reveal {position}=CARD on your next command, or 'contrarius reveal SNAPSHOT "
                    "{position}=CARD -i'",
                    "{cards}: name them with --reveal {position}=CARD on your next command, or 'contrarius reveal SNAPSHOT "
                    "{position}=CARD -i'", len(unknown), cards=shown, position=unknown[0])
    if s.mode == TEAM:
        text = N_("after both players: the display slides left and is refilled: {cards}", cards=shown)
    else:
        text = N_("after the purchase: the display slides left and is refilled: {cards}", cards=shown)
    # ``card``: ``?`` when a card drawn is not recorded, as solo play's refill says it (the
    # session asks for each such card)
    t.note("refill", text, cards=drawn, **({"card": UNKNOWN_CARD} if unknown else {}))
    s.display = cards + [None] * (DISPLAY_SIZE - len(cards))
    t.bought = {}


def _prefect(t: TwoPlayerTurn, pid: str, pc: Card, act: str, province: str | None) -> None:
    """A Prefect carried out by ``pid``: produce in ``province`` or reactivate (base rules).

    Bonus goods: 2 with the Prefect with Praefectus Magnus in team play ("Cooperative
    Personality Cards"); in the third-player variant that card is a plain Prefect, and the
    holder of the Praefectus Magnus takes 2 and passes it to the other player.
    """
    s = t.s
    p = s.player(pid)
    if act == "produce":
        assert province is not None
        if s.bonus_markers[province] == "coins":
            raise RuleError(N_("{province} has already produced (its bonus marker shows coins): {pid} cannot produce there", province=province, pid=pid))
        s.bonus_markers[province] = "coins"
        bonus = bonus_goods(s, province)
        n = 2 if pc.reaction == Reaction.PREFECT_MAGNUS and s.mode == TEAM else 1
        why: Message | str = N_(" (Prefect with Praefectus Magnus)") if n == 2 else ""
        if s.mode == THIRD and s.praefectus_magnus == pid:
            n, why = 2, N_(" (the Praefectus Magnus: {player} passes it to {other})", player=pid, other=other_player(s, pid))
            s.praefectus_magnus = other_player(s, pid)
        store_goods(t, p, bonus, n)  # never beyond the storehouse (see contrarius_part.store_goods)
        got = produce_for_players(t, province, "Prefect")
        houses = Joined("; ", [N_("{player} {goods}", player=g["player"], goods=goods_list(g["goods"])) for g in got]) if got \
            else N_("none")
        t.note("produce", N_("{player} produces in {province}: bonus {n} {bonus}{why}; houses: {houses}", player=pid,
                             province=province, n=n, bonus=Term("goods", bonus), why=why, houses=houses),
               province=province, player=pid, bonus=n)
        return
    cash_bonus(t, pid)


def carry_out(t: TwoPlayerTurn, pid: str, pc: Card, part: Part, opt: str) -> tuple[str | None, str | None]:
    """``pid`` carries out the personality ``pc`` (no Diplomat, no double card any more).

    What ``pid`` receives is added to their tally and reported in the solo report's words
    (:mod:`contrarius.rules.contrarius_part`): the Tribune's sestertii (:func:`~contrarius.rules.player_part.take_back_cards`), the
    Colonist's money, a specialist's goods, a Prefect's production or cash bonus."""
    act, province = check_record(statement_of(pc.reaction), pc, part, t.s, pid, opt)
    if pc.reaction == Reaction.TRIBUNE and t.s.player(pid).played:
        take_back_cards(t, pid, carried_for=None if pid in t.played_now else other_player(t.s, pid))
    _board_changes(t, pid, pc, part)
    if part.buys:
        _buy(t, pid, part.buys)
    if statement_of(pc.reaction).produces_in is not None and act is not None:
        _prefect(t, pid, pc, act, province)
    if pc.reaction == Reaction.COLONIST and act == "money":
        colonist_money(t, pid)
    if pc.is_specialist:
        specialist_production(t, pc, pid)
    return act, province

def double_pick(card: Card, want: str | None, pid: str, opt: str) -> tuple[Card, Card]:
    """A double card: ``(the personality pid picked, the other one)``."""
    a, b = halves(card)
    if not want:
        raise ContrariusError(N_("the {card}: which personality did {pid} choose? add --{opt}personality {a} or {b}", card=Term("card", card.name), pid=pid, opt=opt, a=a, b=b))
    pick = card_name(want)
    if pick not in (a, b):
        raise ContrariusError(N_("the {card} offers {a} or {b}, not {pick}", card=Term("card", card.name), a=Term("card", a), b=Term("card", b), pick=Term("card", pick)))
    other = b if pick == a else a
    return Card.of(pick), Card.of(other)


def reaction(t: TwoPlayerTurn, plan: Plan, ta: TeamAction) -> None:
    """Contrarius's reaction to the first action: the card's statement's
    (:mod:`contrarius.rules.personalities`), the Praetor's as printed on it
    (``ta.praetor_reaction``)."""
    st = statement_of(plan.reacted.reaction)
    if st.team_only and st.react is not None:  # the Praetor, the Proconsul
        st.react(t, plan.reacted, plan.act, plan.province, ta.praetor_reaction)
        return
    react(t, plan.reacted, plan.act, plan.province)


def turn_face_down(t: TwoPlayerTurn, copied: Card) -> None:
    cards = t.s.contrarius.cards
    idx = next(i for i, c in enumerate(cards) if c.name == copied.name and c.face_up)
    cards[idx] = Card(copied.name, copied.gods, False, copied.assumed)
    t.say("card", N_("the copied {card} is turned face down", card=Term("card", copied.name)))




def turn_player(s: Snapshot, given: str | None) -> str:
    """The player whose turn it is; ``given`` must agree with the snapshot's ``active``."""
    ids = [p.id for p in s.players]
    if given is not None and given not in ids:
        raise ContrariusError(N_("no player {given!r} in this {mode} game; players: {ids}", given=given, mode=s.mode, ids=', '.join(ids)))
    if s.active is None:
        return given or ids[0]
    if given is not None and given != s.active:
        raise RuleError(N_("it is {active}'s turn, not {given}'s (the players alternate); if the table differs, correct 'active' in the snapshot", active=s.active, given=given))
    return s.active


#: A mode's players' part of a turn: ``(turn, action, card played, partner recorded) ->
#: (plan, whether Contrarius reacts)``; :func:`contrarius.rules.modes.team.players_part` and
#: :func:`contrarius.rules.modes.third_player.players_part`.
PlayersPart = Callable[[TwoPlayerTurn, TeamAction, Card, bool], "tuple[Plan, bool]"]


def begin(snapshot: Snapshot, action: PlayerAction, mode: str) -> tuple[TeamAction, bool, str]:
    """Check that a turn of ``mode`` can be played; return ``(the action as a TeamAction,
    whether the partner's part is recorded, the player whose turn it is)``.

    Raises :class:`ContrariusError` for a snapshot of another mode or a player not in the
    game, :class:`GameOverError` after the end of the game and :class:`RuleError` when it is
    the other player's turn.
    """
    if snapshot.mode != mode:
        raise ContrariusError(N_("{mode} play is for {mode} games, not {mode2} (contrarius.rules.game.play picks the mode)", mode=mode, mode2=snapshot.mode))
    refuse_after_end(snapshot)
    ta, recorded = as_team_action(action)
    return ta, recorded, turn_player(snapshot, ta.player)


def run(snapshot: Snapshot, ta: TeamAction, recorded: bool, pid: str, players_part: PlayersPart,
        preset: list[Roll] | None = None, leftover: list[tuple[str | None, str]] | None = None,
        use_table: bool = False, counter: int | None = None) -> tuple[TwoPlayerTurn, Plan | None, bool]:
    """Work out one turn on a copy: the players' part (``players_part``, the mode's), then
    Contrarius's reaction to the first action, the copied card turned face down and the
    turn passed to the other player. Returns the turn, the plan and whether Contrarius
    reacted. ``preset``, ``leftover``, ``use_table``, ``counter``: a veto's replay."""
    s = snapshot.copy()
    if counter is not None:
        s.rolls = counter
    action = TeamAction(**{name: getattr(ta, name) for name in TeamAction._fields})
    action.player = pid
    t = TwoPlayerTurn(s, action, preset)
    if leftover is not None:
        t.table_dice, t.use_table = list(leftover), use_table
    final = t.final
    card = Card.of(card_name(ta.card))
    plan, reacts = players_part(t, action, card, recorded)
    settle_display(t)  # after both players' purchases, before Contrarius reacts
    if final:
        t.note("end", N_("{player}'s final card after the end of the game", player=pid) if reacts else
               N_("{player}'s final card after the end of the game: no reaction of Contrarius", player=pid))
    if ta.praetor_reaction is not None:
        if ta.praetor_reaction not in PRAETOR_REACTIONS:
            raise ContrariusError(N_("--praetor-reaction is vp or house, not {praetor_reaction!r}", praetor_reaction=ta.praetor_reaction))
        if not statement_of(plan.reacted.reaction).printed:
            raise ContrariusError(N_("--praetor-reaction is for a Praetor; Contrarius reacts to the {reacted}", reacted=Term("card", plan.reacted.name)))
    if reacts:
        reaction(t, plan, action)
    if plan.copied is not None:
        turn_face_down(t, plan.copied)
    if final and s.ended is not None:
        s.ended.final_turn_pending = s.mode == THIRD and s.ended.by == CONTRARIUS and pid == "player1"
    s.active = other_player(s, pid)
    return t, plan, reacts


def finish(snapshot: Snapshot, t: TwoPlayerTurn, plan: Plan | None, reacts: bool, ta: TeamAction, recorded: bool,
           veto: dict[str, Any] | None) -> TurnResult:
    """Refuse what the turn did not use (``--choose``, dice), log the turn and return its
    :class:`TurnResult` (:func:`contrarius.rules.game.play` checks that its snapshot loads again)."""
    s = t.s
    t.refuse_unused_input()
    played = card_name(ta.card)
    pid = t.pid
    entry: dict[str, Any] = {"turn": len(s.log) + 1, "player": pid, "card": played}
    own = ta.own_part().record()
    for key in ("refill", "choices"):
        if getattr(ta, key):
            own[key] = list(getattr(ta, key))
    if ta.praetor_reaction:
        own["praetor_reaction"] = ta.praetor_reaction
    entry["action"] = own
    if recorded and ta.partner is not None and not ta.partner.is_empty():
        entry["partner"] = {"player": other_player(s, pid), **ta.partner.record()}
    entry["reacted_to"] = plan.reacted.name if reacts and plan is not None else None
    entry["dice"] = [{"die": r.die, "face": r.face, "source": r.source} for r in t.rolls]
    if veto is not None:
        entry["veto"] = veto
    entry["player_did"] = [e.english for e in t.player_events]
    entry["reaction"] = [e.english for e in t.events]
    vp_before = snapshot.contrarius.vp
    entry["vp"] = [vp_before, s.contrarius.vp]
    s.log.append(entry)
    game_over = is_over(s)
    reacted = plan.reacted.name if reacts and plan is not None else None
    return TurnResult(s, played, reacted, t.player_events, t.events, t.rolls, vp_before, s.contrarius.vp,
                      t.rulings, s.ended is not None, game_over)


# ----- setup ------------------------------------------------------------------------------------------
def _dealt(names: list[str]) -> list[str]:
    if len(names) != DISPLAY_SIZE:
        raise ContrariusError(N_("--display needs the 7 cards as dealt, left to right (? for a card not recorded); got {n_names}", n_names=len(names)))
    return [UNKNOWN_CARD if str(n).strip() == UNKNOWN_CARD else card_name(n) for n in names]


def _take_sixth(display: list[str]) -> int:
    """Index of the first Mason, Farmer or Smith from the left ("Cooperative Setup")."""
    for i, c in enumerate(display):
        if c == UNKNOWN_CARD:
            raise ContrariusError(N_("Contrarius takes the first Mason, Farmer or Smith from the left, but display position {value} is not named: name the display cards up to that specialist in --display", value=i + 1))
        if c in SETUP_SPECIALISTS:
            return i
    raise ContrariusError(N_("no Mason, Farmer or Smith in the display: Contrarius needs one as its sixth card; check --display"))


def _contrarius_cards(opts: SetupOptions, key: str) -> tuple[list[Card], str | None, bool]:
    """Contrarius's 5 starting cards (given, or the labelled assumption) and a 6th if given."""
    start = opts.contrarius_cards
    assumed = start is None
    if start is None:
        start = [c if isinstance(c, str) else c["name"] for c in card_facts()[key]]
    if len(start) not in (5, 6):
        raise ContrariusError(N_("Contrarius starts with 5 cards (and a 6th, the specialist it took from the display); --contrarius-cards gave {n_start}", n_start=len(start)))
    sixth = card_name(start[5]) if len(start) == 6 else None
    if sixth is not None and sixth not in SETUP_SPECIALISTS:
        raise ContrariusError(N_("Contrarius's sixth card is the first Mason, Farmer or Smith of the display, not {sixth}", sixth=sixth))
    return [Card.of(c, assumed=assumed) for c in start[:5]], sixth, assumed


def _display_setup(s: Snapshot, opts: SetupOptions, rng: random.Random, given_sixth: str | None,
                   notes: list[str]) -> Card:
    """Deal the display, give Contrarius its sixth card and refill; return that card."""
    facts = card_facts()
    table = s.dice == "table"
    if len(opts.refill) > 1 or (opts.refill and opts.display is None and not table):
        raise ContrariusError(N_("--refill names the one card drawn at setup, and only in a table game (--table or "
                                 "--display; a virtual game refills from its seeded stack); got {cards}",
                                 cards=", ".join(opts.refill)))
    if s.mode == TEAM:
        total = int(facts["team_stack_cards"])
        known: list[str] | None = None
    else:
        known = []
        for key in ("I", "II"):
            part = list(facts["stacks"][key])
            rng.shuffle(part)
            known.extend(part)
        total = len(known) + int(facts["third_player_stack_III"])
    if opts.display is not None:
        display = _dealt(opts.display)
        order: list[str] | None = None
    elif known is not None:
        order = known + [UNKNOWN_CARD] * (total - len(known))
        display, order = order[:DISPLAY_SIZE], order[DISPLAY_SIZE:]
        notes.append(N_("display dealt from stack I (shuffled) on top of stack II (shuffled) on top of stack III "
                        "({n} cards, not public: ?)", n=facts["third_player_stack_III"]))
        if table:  # lay these 7; the rest of your stack is your table's, not the seed's (as in solo play)
            order = None
            notes.append(N_("a table game: lay the display as 'contrarius show' lists it; each card drawn from your stack "
                            "after it (the refill after Contrarius's sixth card too) is unknown (?) until you name it "
                            "(new --refill, play --refill, reveal)"))
    else:
        display, order = [UNKNOWN_CARD] * DISPLAY_SIZE, None
        notes.append(N_("the team stacks are not public: the display is recorded as 7 unknown cards (?); "
                        "give --display as dealt, or name cards with --reveal when they are taken"))
    remaining = total - DISPLAY_SIZE
    if all(c == UNKNOWN_CARD for c in display):
        pos = None
        if given_sixth is not None:
            sixth = Card.of(given_sixth)
        else:
            sixth = Card.of(SETUP_SPECIALISTS[0], assumed=True)
            notes.append(N_("Contrarius's sixth card (the first Mason, Farmer or Smith of the display) is not known: "
                            "ASSUMED {card}; correct it with a 6th --contrarius-cards name or in the snapshot",
                            card=Term("card", sixth.name)))
        rest = display[1:]
    else:
        pos = _take_sixth(display)
        if given_sixth is not None and given_sixth != display[pos]:
            raise ContrariusError(N_("--contrarius-cards names {given_sixth} as the sixth card, but the first Mason, Farmer or Smith of the display is {display}", given_sixth=Term("card", given_sixth), display=Term("card", display[pos])))
        sixth = Card.of(display[pos])
        rest = [c for i, c in enumerate(display) if i != pos]
        notes.append(N_("Contrarius takes {card} from display position {position} as its sixth card; the display refills",
                        card=Term("card", sixth.name), position=pos + 1))
    if remaining > 0:
        if order:
            drawn = order.pop(0)
        else:
            drawn = opts.refill[0] if opts.refill else UNKNOWN_CARD
            drawn = UNKNOWN_CARD if str(drawn).strip() == UNKNOWN_CARD else card_name(drawn)
        rest.append(drawn)
        remaining -= 1
    s.display = rest + [None] * (DISPLAY_SIZE - len(rest))
    s.stack_remaining = remaining
    s.stack_order = order
    if s.mode == TEAM:
        notes.append(N_("team stacks I, II and III: {total} cards in all (UNKNOWN, see team_stack_cards in data/cards.yaml): "
                        "{remaining} left in the stack; count it at the table and correct stack.remaining if it differs",
                        total=total, remaining=remaining))
    return sixth


def seat_players(s: Snapshot, vp: int, hand: Callable[[str], list[Card] | None], sestertii: Callable[[str], int],
                 veto: bool | None = None) -> None:
    """Seat player1 and player2 at the table ``s`` ("Cooperative Setup", "Contrarius as a
    third player"): each with ``vp`` VP, the hand ``hand(pid)`` (None: not recorded, and
    neither is what they play), the starting goods, ``sestertii(pid)`` sestertii, a veto
    card when ``veto`` is True, and a land and a sea colonist where the colonists start;
    player1 begins."""
    s.players = []
    for pid in player_ids(s.mode):
        cards = hand(pid)
        s.players.append(Player(pid, vp, cards, [] if cards is not None else None, dict(START_GOODS), sestertii(pid), veto=veto))
        s.colonists += [Colonist(pid, kind, place) for kind, place in start_colonists(s)]
    s.active = "player1"


def setup_table(opts: SetupOptions) -> tuple[Snapshot, list[str], int]:
    """The setup both two-player modes share: the board (:func:`~contrarius.rules.setup.fresh_table`),
    Contrarius's cards ("Cooperative Setup": its 5 cards and the first Mason, Farmer or Smith
    of the display as its sixth), the display and Contrarius's level setup. Returns the
    snapshot (no players yet), the notes and the players' starting VP. Raises
    :class:`ContrariusError` for options that do not fit.
    """
    if opts.level not in LEVELS:
        raise ContrariusError(N_("unknown level {level!r}; use one of {LEVELS}", level=opts.level, LEVELS=', '.join(LEVELS)))
    s, rng, notes = fresh_table(opts)
    cards, given_sixth, assumed = _contrarius_cards(opts, "team_contrarius_start" if opts.mode == TEAM else "contrarius_start")
    sixth = _display_setup(s, opts, rng, given_sixth, notes)
    cards.append(sixth)
    if assumed:
        notes.append(N_("Contrarius's 5 scarlet team cards are not public: the ones used are marked assumed; correct them with "
                        "--contrarius-cards") if opts.mode == TEAM else
                     N_("Contrarius's 5 starting cards are not public: the ones used are marked assumed; correct them with "
                        "--contrarius-cards"))
    setup_contrarius(s, opts, cards, notes)
    return s, notes, starting_vp(opts)
