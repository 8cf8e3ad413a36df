"""Team play and Contrarius as a third player: the setup and one turn.

Two modes have two players, ``player1`` and ``player2``, who take turns (the snapshot's
``active``):

- ``team`` (teamplay booklet: "Cooperative Teamplay", "Cooperative Setup", "Cooperative
  Game Play", "Cooperative Personality Cards", "Cooperative End of Game"): the partners
  play against Contrarius. The active player plays a card and carries out its action, then
  the partner carries out the same card without playing one; Contrarius reacts to the
  first action only.
- ``third-player`` (solo booklet: "Contrarius as a third player"): a regular two-player
  game of Concordia with Contrarius as a dummy; it reacts to the cards of the second
  player (``player2``) only.

:func:`new_game` sets up either mode; :func:`play` plays one turn (``reactions.play``
dispatches here for these modes). Both are pure: nothing is printed and the snapshot given
is never changed. The Contrarius side of a turn reuses the solo engine
(:class:`~contrarius.reactions._Turn`, :func:`~contrarius.reactions._react`,
:func:`~contrarius.reactions._player_part`).

What a turn is told (:class:`TeamAction`): the card the active player played and that
player's own changes (the fields of :class:`~contrarius.reactions.PlayerAction`), the
partner's changes (:class:`Part`), the personality chosen on a double card, the Praetor's
reaction, and a veto (third-player variant).

Rules ("Cooperative Personality Cards", "Cooperative Game Play"):

- Every card: the active player carries it out, then the partner; Contrarius reacts to the
  first action ("Contrarius only reacts to the first action, not to the action of your
  partner").
- Legatus: the partner plays a card from their own hand (``Part.card``) and carries it out
  first, then the Legatus player carries it out; Contrarius reacts to the partner's card.
  The turn order is not affected.
- Praetor: like a Senator, but at most one card each; the display is refilled after both
  bought. Reaction: 2 VP or a white-die house "depending on the card"; which Praetor card
  shows which is not public, so the player says it (``praetor_reaction``: vp|house).
- Proconsul: the active player buys at most one card (as with the Consul); then the
  partner plays another card of their own (not a Legatus) for themselves alone; the
  display is refilled after both. Reaction: a white-die house; none to the partner's card.
- Double cards (Prefect/Architect, Architect/Mercator, Mercator/Prefect): the first player
  chooses one personality (``personality``), the partner carries out the other; Contrarius
  reacts to the chosen one.
- Prefect with Praefectus Magnus: a double bonus good; reaction at least 2 VP by the houses
  of the province the first player produced in.
- Diplomat: copies a face-up card of Contrarius, which is turned face down; the partner
  copies the same card; Contrarius reacts as to the copied card.
- "Cooperative End of Game": whoever takes the last card or builds their 15th house ends
  the game and takes the Concordia card. A player: the partner may still carry out their
  action and the game ends with this reaction. Contrarius: the team plays one final card
  (both carry it out) without a reaction.

Third-player variant ("Contrarius as a third player"):

- The starting player (``player1``: the base Concordia starting cards, 6 sestertii) causes
  no reaction; Contrarius reacts to the cards of ``player2`` (the 7 turquoise cards, 7
  sestertii, the Praefectus Magnus).
- The Praefectus Magnus passes between the two players only: its holder producing with a
  Prefect takes 2 bonus goods and passes it on (base Concordia). The Prefect with
  Praefectus Magnus cards count as plain Prefects (1 bonus good, at least 1 VP).
- The Diplomat copies the other player's top played card (base Concordia), so no card of
  Contrarius is turned face down; Contrarius reacts as to the copied personality.
- Each player has one veto card (``Player.veto`` true while unused): it re-rolls one die
  result of Contrarius; here, the last die of this reaction (``veto``, ``veto_face``).

Readings where the rulebook leaves room (the same notes belong in the README):

- The partner's own changes are recorded like the active player's (houses, colonists,
  cards bought, the province produced); a Prefect's partner must say produce or
  reactivate, because the bonus markers depend on it.
- The display refill after a Senator/Consul happens after each player's purchase (the
  usual rule); only the Praetor and the Proconsul delay it until both are done, as the
  rulebook says. Positions bought during that time are the positions on the table (the
  gaps are not closed yet).
- A Legatus cannot ask for a Legatus, and asking for a Proconsul is not supported (the
  rulebook does not say how both partners would carry it out); a Diplomat cannot copy a
  Diplomat or a Legatus. The partner's card after a Proconsul is carried out "only for
  themselves": a double card gives them one personality, a Proconsul only its purchase.
- Third-player variant, Diplomat: Contrarius reacts as the Solitaria card of the copied
  personality prescribes (the base cards carry no reaction box). Legatus: not playable
  (there is no partner); double card: the other personality is unused; Proconsul: no
  second card.
- Third-player variant, end of game (base Concordia: every other player takes one final
  turn): player1 ends it -> player2 plays a final card (Contrarius reacts); player2 ends
  it -> Contrarius reacts to that card, then player1 plays a final card; Contrarius ends it
  -> player1 and player2 each play a final card, without reactions.
- Third-player variant, starting VP: both players start where the difficulty level puts
  "you" (20/10/0; ``--start-vp`` overrides); the veto may be used by either player.
- Team and third-player setup: unknown cards stay unknown (``?``) and assumed ones are
  marked ``assumed``: the team stacks' contents, their size (``team_stack_cards`` in
  ``data/cards.yaml``), Contrarius's scarlet cards, the third-player stack III.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any

from .board import LAND, SEA
from .cards import SETUP_SPECIALISTS, Card, card_facts, card_name
from .dice import DIE_COLOURS, parse_face, roll
from .errors import ContrariusError, GameOverError, RuleError
from .reactions import (COLONIST_ACTIONS, PREFECT_ACTIONS, Event, PlayerAction, Roll, TurnResult, _bonus_goods,
                        _player_part, _produce_for_players, _react, _store, _Turn)
from .setup import (START_GOODS, START_SESTERTII, SetupOptions, _hand_card, colonists_text, fresh_table,
                    setup_contrarius, start_colonists, starting_vp)
from .snapshot import (CONTRARIUS, DISPLAY_SIZE, LEVELS, UNKNOWN_CARD, Colonist, Ended, Player,
                       Snapshot, player_ids)

TEAM = "team"
THIRD = "third-player"
#: The Praetor's two possible reaction boxes ("Cooperative Personality Cards", Praetor).
PRAETOR_REACTIONS: tuple[str, ...] = ("vp", "house")
#: Starting sestertii in the third-player variant: the starting player 6, the other 7.
THIRD_PLAYER_SESTERTII = {"player1": 6, "player2": 7}
#: How many cards each buying personality takes at most.
_MAX_BUYS = {"senator": 2, "consul": 1, "praetor": 1, "proconsul": 1}
_PREFECTS = ("prefect", "prefect_magnus")


# ----- what a turn is told ---------------------------------------------------------------------
@dataclass
class Part:
    """One player's own part of a team turn (the partner's, usually).

    ``card``: a card this player played from their own hand (the partner's card after a
    Legatus or a Proconsul), else None (they carry out the active player's card).
    ``personality``: their pick on a double card. ``action``/``province``: a Prefect's
    ``produce``/``reactivate`` and the province; a Colonist's ``place``/``money``.
    ``copy``: a Diplomat's copied card. ``builds``, ``moves``, ``places``, ``buys``: as in
    :class:`~contrarius.reactions.PlayerAction`.
    """

    card: str | None = None
    personality: str | None = None
    action: str | None = None
    province: str | None = None
    copy: str | None = None
    builds: list[str] = field(default_factory=list)
    moves: list[tuple[str, str, str]] = field(default_factory=list)
    places: list[tuple[str, str]] = field(default_factory=list)
    buys: list[str] = field(default_factory=list)

    def is_empty(self) -> bool:
        """True when nothing at all is recorded."""
        return not any(getattr(self, f.name) for f in fields(self))

    def record(self) -> dict[str, Any]:
        """Plain data for the turn log (only what was given)."""
        out: dict[str, Any] = {}
        for key in ("card", "personality", "action", "province", "copy"):
            if getattr(self, key):
                out["choice" if key == "action" else key] = getattr(self, key)
        for key in ("builds", "buys"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        if self.moves:
            out["moves"] = [f"{k}:{f}>{t}" for k, f, t in self.moves]
        if self.places:
            out["places"] = [f"{k}:{c}" for k, c in self.places]
        return out


@dataclass
class TeamAction(PlayerAction):
    """A turn of team play or of the third-player variant.

    The fields of :class:`~contrarius.reactions.PlayerAction` are the active player's card
    and changes (after a Legatus: how they carried out the partner's card). Added:
    ``personality`` (double card: the active player's pick), ``praetor_reaction``
    (``vp``|``house``: the reaction printed on the Praetor Contrarius reacts to),
    ``partner`` (the partner's part; None: not recorded), ``veto`` (third-player: the
    player using their veto card) and ``veto_face`` (the re-rolled result read from the
    table; None: the program rolls).
    """

    personality: str | None = None
    praetor_reaction: str | None = None
    partner: Part | None = None
    veto: str | None = None
    veto_face: str | None = None

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
    base = {f.name: getattr(action, f.name) for f in fields(PlayerAction)}
    return TeamAction(**base), False


def halves(card: Card) -> tuple[str, str]:
    """The two personalities of a double card: ``Prefect/Architect`` -> ("Prefect", "Architect")."""
    a, b = card.name.split("/")
    return card_name(a), card_name(b)


def other_player(s: Snapshot, pid: str) -> str:
    """The other player's id."""
    return next(p.id for p in s.players if p.id != pid)


def final_turn_note(s: Snapshot) -> str | None:
    """Who still plays a final card and whether Contrarius reacts to it; None if nobody.

    Rules: "Cooperative End of Game"; third-player: the reading in the module docstring.
    """
    if s.ended is None or not s.ended.final_turn_pending:
        return None
    who = "Contrarius" if s.ended.by == CONTRARIUS else s.ended.by
    nxt = s.active or "player1"
    if s.mode == TEAM:
        return f"{who} ended the game: the team plays one final card ({nxt} plays it, both carry it out), without a reaction"
    if s.mode == THIRD:
        reacts = nxt == "player2" and s.ended.by != CONTRARIUS
        return f"{who} ended the game: {nxt} plays a final card" + (" (Contrarius reacts to it)" if reacts else " (no reaction)")
    return "Contrarius ended the game: play your final card (no reaction)"


# ----- the turn engine -----------------------------------------------------------------------------
class _TeamTurn(_Turn):
    """A :class:`~contrarius.reactions._Turn` with two players.

    Adds: dice replayed for a veto (``preset``), the delayed refill of Praetor and
    Proconsul turns, and the end-of-game wording of the two-player modes.
    """

    def __init__(self, snap: Snapshot, action: PlayerAction, preset: list[Roll] | None = None):
        super().__init__(snap, action)
        self.preset = list(preset or [])
        self.delay_refill = False

    def die(self, die: str, why: str) -> Any:
        """A replayed result first (the dice before a vetoed one, then the new result)."""
        if self.preset:
            r = self.preset.pop(0)
            if r.die != die:  # the reaction is deterministic in its dice: a bug if reached
                raise RuleError(f"the veto replay expected the {r.die} die but the reaction rolls the {die} die")
            self.rolls.append(r)
            return r.face
        return super().die(die, why)

    def remove_from_display(self, position: int) -> None:
        """As in solo play; a stack card not public (``?``) takes the next ``--refill`` name."""
        s = self.s
        if s.stack_remaining > 0 and s.stack_order and s.stack_order[0] == UNKNOWN_CARD and self.refill:
            s.stack_order[0] = card_name(self.refill.pop(0))
        super().remove_from_display(position)

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

    def check_houses(self, owner: str) -> None:
        if len(self.s.houses_of(owner)) >= 15:
            self.end_game(owner, "built its 15th house" if owner == CONTRARIUS else "built their 15th house")

    def end_game(self, owner: str, why: str) -> None:
        """"Cooperative End of Game" / the third-player reading: the Concordia card and who
        still plays a final card."""
        s = self.s
        if s.ended is not None:
            return
        third = s.mode == THIRD
        s.concordia = owner
        s.ended = Ended(owner, final_turn_pending=owner == CONTRARIUS or third)
        who = "Contrarius" if owner == CONTRARIUS else owner
        if third:
            tail = {CONTRARIUS: "player1 and player2 each play one final card, without a reaction of Contrarius",
                    "player1": "player2 plays one final card (Contrarius reacts to it as usual)",
                    "player2": "Contrarius reacts to this card as usual, then player1 plays one final card"}[owner]
        elif owner == CONTRARIUS:
            tail = "the team plays one final card (both partners carry it out), without a reaction"
        else:
            tail = "the partner still carries out their action; the game ends after this reaction of Contrarius"
        ev = Event("end", f"{who} {why}: the game ends, {who} takes the Concordia card (7 VP); {tail}", {"by": owner})
        (self.events if owner == CONTRARIUS else self.player_events).append(ev)

    def note(self, kind: str, text: str, **data: Any) -> None:
        """Record an event of the players' part of the turn."""
        self.player_events.append(Event(kind, text, data))


@dataclass
class _Plan:
    """What the players did that Contrarius's reaction depends on."""

    reacted: Card
    act: str | None
    province: str | None
    copied: Card | None = None


# ----- the players' part ---------------------------------------------------------------------------
_YOU = (("your ", "{p}'s "), ("you place ", "{p} places "), ("you build ", "{p} builds "),
        ("you buy ", "{p} buys "), ("you take back ", "{p} takes back "))


def _third_person(text: str, pid: str) -> str:
    """``"you build a house in X"`` -> ``"player2 builds a house in X"`` (the solo wording)."""
    for old, new in _YOU:
        if text.startswith(old):
            return new.format(p=pid) + text[len(old):]
    return f"{pid}: {text}"


def _from_hand(t: _TeamTurn, pid: str, name: str) -> None:
    """``pid`` plays ``name`` from their hand onto their played cards (when recorded)."""
    p = t.s.player(pid)
    if p.hand is None:
        return
    hit = next((c for c in p.hand if c.name == name), None)
    if hit is None:
        held = ", ".join(c.name for c in p.hand) or "empty"
        raise RuleError(f"{name} is not in the hand of {pid} ({held}); play the Tribune to take cards back, "
                        f"or correct players.{pid}.hand")
    p.hand.remove(hit)
    p.played = (p.played or []) + [hit]


def _check_part(s: Snapshot, pid: str, pc: Card, part: Part, opt: str) -> tuple[str | None, str | None]:
    """Check ``part`` against the personality ``pc``; return ``(action, province)``.

    ``opt`` is the option prefix the user typed (``""`` or ``"partner-"``) for messages.
    """
    kind = pc.reaction
    act = part.action.casefold() if part.action else None
    province = None
    if kind in _PREFECTS:
        if act is None and part.province:
            act = "produce"
        if act not in PREFECT_ACTIONS:
            raise ContrariusError(f"{pid} carries out the {pc.name}: add --{opt}produce PROVINCE or --{opt}reactivate")
        if act == "produce":
            if not part.province:
                raise ContrariusError(f"which province did {pid} produce in? add --{opt}produce PROVINCE")
            province = s.board.province(part.province)
        elif part.province:
            raise ContrariusError(f"--{opt}reactivate takes no province")
    elif kind == "colonist":
        act = act or "place"
        if act not in COLONIST_ACTIONS:
            raise ContrariusError(f"the Colonist either places colonists or earns money: --{opt}place KIND:CITY or --{opt}money")
        if act == "money" and part.places:
            raise ContrariusError(f"{pid} took money with the Colonist: remove --{opt}place")
    else:
        if act is not None:
            raise ContrariusError(f"the {pc.name} has no choice of action: remove --{opt}{act} for {pid}")
        if part.province:
            raise ContrariusError(f"--{opt}produce is for a Prefect, not the {pc.name} ({pid})")
    if (part.builds or part.moves) and kind != "architect":
        raise ContrariusError(f"--{opt}build and --{opt}move are for an Architect; {pid} carries out the {pc.name}")
    if part.buys:
        most = _MAX_BUYS.get(kind)
        if most is None:
            raise ContrariusError(f"--{opt}buy is for a Senator, Consul, Praetor or Proconsul; {pid} carries out the {pc.name}")
        if len(part.buys) > most:
            raise RuleError(f"the {pc.name} buys at most {most} card{'s' if most > 1 else ''}; {pid} gave {len(part.buys)}")
    if part.places and not (kind == "colonist" or kind == "tribune"):
        raise ContrariusError(f"--{opt}place is for a Colonist or a Tribune; {pid} carries out the {pc.name}")
    if part.places and kind == "tribune" and len(part.places) > 1:
        raise RuleError(f"with the Tribune {pid} may buy one colonist, not {len(part.places)}")
    return act, province


def _board_changes(t: _TeamTurn, pid: str, pc: Card, part: Part) -> None:
    """Colonist moves, new colonists and houses of ``pid``, by the solo engine's checks."""
    if not (part.moves or part.places or part.builds):
        return
    saved_a, saved_pid, start = t.a, t.pid, len(t.player_events)
    t.a = PlayerAction(card=pc.name, builds=list(part.builds), moves=list(part.moves), places=list(part.places),
                       reveal=saved_a.reveal)
    t.pid = pid
    try:
        _player_part(t, pc, pc.name, from_hand=False)
    except RuleError as exc:
        raise RuleError(f"{pid}: {exc}") from None
    finally:
        t.a, t.pid = saved_a, saved_pid
    for i in range(start, len(t.player_events)):
        e = t.player_events[i]
        t.player_events[i] = Event(e.kind, _third_person(e.text, pid), {**e.data, "player": pid})


def _buy(t: _TeamTurn, pid: str, wants: list[str]) -> None:
    """``pid`` buys display cards (positions 1-7 or names); refilled now or after both players."""
    s = t.s
    p = s.player(pid)
    for want in wants:
        text = str(want).strip()
        if text.isascii() and text.isdigit():
            pos = int(text)
            if not 1 <= pos <= DISPLAY_SIZE or s.display[pos - 1] is None:
                raise RuleError(f"display position {pos} holds no card ({pid} buys)")
        else:
            name = card_name(text)
            hits = [i for i, c in enumerate(s.display) if c == name]
            if not hits:
                shown = ", ".join(c or "-" for c in s.display)
                raise RuleError(f"{name} is not in the display ({shown}); a card shown as ? is bought by position: --buy N --reveal N={name}")
            pos = hits[0] + 1
        name = t.name_position(pos)
        refill: list[Event] = []
        if t.delay_refill:
            s.display[pos - 1] = None
        else:
            n_events = len(t.events)
            t.remove_from_display(pos)
            refill = t.events[n_events:]  # the refill belongs to the purchase, not to the reaction
            del t.events[n_events:]
        if p.hand is not None:
            p.hand.append(Card.of(name))
        later = " (the display is refilled after both players)" if t.delay_refill else ""
        t.note("buy", f"{pid} buys {name} from display position {pos}{later}", card=name, player=pid)
        t.player_events.extend(refill)
        if s.cards_left == 0:
            t.end_game(pid, "took the last card of the display")


def _settle_display(t: _TeamTurn) -> None:
    """Close the gaps and refill the display ("the sales display area is only refilled in
    the usual way, after both players have completed their buying action")."""
    s = t.s
    t.delay_refill = False
    cards = s.display_cards()
    if len(cards) == DISPLAY_SIZE or s.display[:len(cards)] == cards and s.stack_remaining == 0:
        return  # nothing bought, or only from the right end of an empty stack's display
    drawn = []
    while len(cards) < DISPLAY_SIZE and s.stack_remaining > 0:
        new = t.draw()
        cards.append(new)
        drawn.append(new)
    shown = ", ".join("an unrecorded card (?)" if c == UNKNOWN_CARD else c for c in drawn) or "nothing (the stack is empty)"
    t.note("refill", f"the display slides left and is refilled: {shown}", cards=drawn)
    s.display = cards + [None] * (DISPLAY_SIZE - len(cards))


def _prefect(t: _TeamTurn, pid: str, pc: Card, act: str, province: str | None) -> None:
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
            raise RuleError(f"{province} has already produced (its bonus marker shows coins): {pid} cannot produce there")
        s.bonus_markers[province] = "coins"
        bonus = _bonus_goods(s, province)
        n = 2 if pc.reaction == "prefect_magnus" and s.mode == TEAM else 1
        why = " (Prefect with Praefectus Magnus)" if n == 2 else ""
        if s.mode == THIRD and s.praefectus_magnus == pid:
            n, why = 2, f" (the Praefectus Magnus: {pid} passes it to {other_player(s, pid)})"
            s.praefectus_magnus = other_player(s, pid)
        _store(t, p, bonus, n)  # never beyond the storehouse (see reactions._store)
        got = _produce_for_players(t, province, "Prefect")
        houses = "; ".join(f"{g['player']} " + ", ".join(f"{k} {x}" for x, k in g["goods"].items()) for g in got) or "none"
        t.note("produce", f"{pid} produces in {province}: bonus {n} {bonus}{why}; houses: {houses}",
               province=province, player=pid, bonus=n)
        return
    coins = sum(1 for v in s.bonus_markers.values() if v == "coins")
    for prov in s.bonus_markers:
        s.bonus_markers[prov] = "goods"
    if p.sestertii is not None:
        p.sestertii += coins
    t.note("reactivate", f"{pid} reactivates: {coins} bonus marker{'s' if coins != 1 else ''} turn back to goods "
           f"({coins} sestert{'ii' if coins != 1 else 'ius'})", player=pid, coins=coins)


def _carry_out(t: _TeamTurn, pid: str, pc: Card, part: Part, opt: str) -> tuple[str | None, str | None]:
    """``pid`` carries out the personality ``pc`` (no Diplomat, no double card any more)."""
    act, province = _check_part(t.s, pid, pc, part, opt)
    if pc.reaction == "tribune":
        p = t.s.player(pid)
        if p.played:
            back = p.played
            p.hand, p.played = (p.hand or []) + back, []
            t.note("player", f"{pid} takes back {len(back)} cards with the Tribune", player=pid)
    _board_changes(t, pid, pc, part)
    if part.buys:
        _buy(t, pid, part.buys)
    if pc.reaction in _PREFECTS and act is not None:
        _prefect(t, pid, pc, act, province)
    if pc.reaction == "colonist" and act == "money":
        t.note("money", f"{pid} takes money with the Colonist", player=pid)
    return act, province


def _copy_contrarius(t: _TeamTurn, want: str | None, pid: str, opt: str) -> Card:
    """Team play, Diplomat: the face-up card of Contrarius that ``pid`` copies."""
    s = t.s
    if not want:
        raise ContrariusError(f"which face-up card of Contrarius does {pid} copy with the Diplomat? add --{opt}copy CARD")
    name = card_name(want)
    up = [c for c in s.contrarius.cards if c.name == name and c.face_up]
    if not up:
        down = any(c.name == name for c in s.contrarius.cards)
        why = "it lies face down (each card can be copied once)" if down else "Contrarius has no such card"
        have = ", ".join(c.name for c in s.contrarius.cards if c.face_up) or "none"
        raise RuleError(f"the Diplomat cannot copy {name}: {why}; face-up cards: {have}")
    if up[0].reaction in ("diplomat", "legatus"):
        raise RuleError(f"a Diplomat cannot copy a {name} (the rulebook gives no way to carry that out; "
                        "reading of contrarius.team)")
    return up[0]


def _turn_face_down(t: _TeamTurn, copied: Card) -> None:
    cards = t.s.contrarius.cards
    idx = next(i for i, c in enumerate(cards) if c.name == copied.name and c.face_up)
    cards[idx] = Card(copied.name, copied.gods, False, copied.assumed)
    t.say("card", f"the copied {copied.name} is turned face down")


def _double_pick(card: Card, want: str | None, pid: str, opt: str) -> tuple[Card, Card]:
    """A double card: ``(the personality pid picked, the other one)``."""
    a, b = halves(card)
    if not want:
        raise ContrariusError(f"the {card.name}: which personality did {pid} choose? add --{opt}personality {a} or {b}")
    pick = card_name(want)
    if pick not in (a, b):
        raise ContrariusError(f"the {card.name} offers {a} or {b}, not {pick}")
    other = b if pick == a else a
    return Card.of(pick), Card.of(other)


def _alone(t: _TeamTurn, pid: str, pc: Card, part: Part, opt: str) -> None:
    """A card the partner plays after a Proconsul, carried out "only for themselves"."""
    eff = pc
    if pc.reaction == "diplomat":
        copied = _copy_contrarius(t, part.copy, pid, opt)
        t.note("copy", f"{pid} copies Contrarius's face-up {copied.name} with the Diplomat", player=pid, card=copied.name)
        _turn_face_down(t, copied)
        eff = Card.of(copied.name)
    elif part.copy:
        raise ContrariusError(f"--{opt}copy is for a Diplomat, not the {pc.name}")
    if eff.reaction == "double":
        eff, _ = _double_pick(eff, part.personality, pid, opt)
        t.note("choose", f"{pid} chooses the {eff.name} (only for themselves)", player=pid, personality=eff.name)
    elif part.personality:
        raise ContrariusError(f"--{opt}personality is for a double card, not the {eff.name}")
    if eff.reaction == "legatus":
        raise RuleError("after a Proconsul the partner cannot play a Legatus")
    _carry_out(t, pid, eff, part, opt)


def _team_turn(t: _TeamTurn, ta: TeamAction, card: Card, recorded: bool) -> _Plan:
    """Both partners' actions ("Cooperative Game Play", "Cooperative Personality Cards")."""
    s = t.s
    me = t.pid
    mate = other_player(s, me)
    mine, theirs = ta.own_part(), ta.partner or Part()
    _from_hand(t, me, card.name)
    if card.reaction == "legatus":
        if not theirs.card:
            raise ContrariusError(f"Legatus: which card did {mate} play from their hand? add --partner-card CARD")
        called = Card.of(card_name(theirs.card))
        if called.reaction == "legatus":
            raise RuleError("a Legatus asks the partner for another card, not a Legatus")
        if called.reaction == "proconsul":
            raise RuleError("a Legatus asking for a Proconsul is not supported (the rulebook does not say how both "
                            "partners carry it out); record that turn by editing the snapshot")
        _from_hand(t, mate, called.name)
        t.note("legatus", f"{me} plays the Legatus: {mate} plays {called.name} and carries it out first; "
               f"Contrarius reacts to {mate}'s action", card=called.name, player=mate)
        return _both(t, called, (mate, theirs, "partner-", True), (me, mine, "", True))
    if theirs.card and card.reaction != "proconsul":
        raise ContrariusError("--partner-card is for a Legatus (the card the partner plays) or a Proconsul "
                              f"(the card the partner then plays for themselves), not the {card.name}")
    return _both(t, card, (me, mine, "", True), (mate, theirs, "partner-", recorded))


def _both(t: _TeamTurn, card: Card, first: tuple[str, Part, str, bool], second: tuple[str, Part, str, bool]) -> _Plan:
    """``first`` carries out ``card`` (Contrarius reacts to it), then ``second``."""
    fp, fpart, fopt, _ = first
    sp, spart, sopt, s_recorded = second
    copied = None
    eff = card
    if card.reaction == "diplomat":
        copied = _copy_contrarius(t, fpart.copy, fp, fopt)
        if spart.copy and card_name(spart.copy) != copied.name:
            raise ContrariusError(f"{sp} copies the same card as {fp} ({copied.name}): remove --{sopt}copy")
        t.note("copy", f"{fp} copies Contrarius's face-up {copied.name} with the Diplomat; {sp} copies it too",
               card=copied.name, player=fp)
        eff = Card.of(copied.name)
    elif fpart.copy:
        raise ContrariusError(f"--{fopt}copy is for a Diplomat, not the {card.name}")
    kind = eff.reaction
    if kind == "legatus":  # only reachable through a copy
        raise RuleError("a Diplomat cannot copy a Legatus")
    if kind == "double":
        f_card, s_card = _double_pick(eff, fpart.personality, fp, fopt)
        if spart.personality and card_name(spart.personality) != s_card.name:
            raise ContrariusError(f"{sp} carries out the other personality of the {eff.name}, the {s_card.name}")
        t.note("choose", f"{fp} chooses the {f_card.name} of the {eff.name}; {sp} takes the {s_card.name}",
               player=fp, personality=f_card.name)
    else:
        if fpart.personality:
            raise ContrariusError(f"--{fopt}personality is for a double card (Prefect/Architect, Architect/Mercator, "
                                  f"Mercator/Prefect), not the {eff.name}")
        if spart.personality and kind != "proconsul":
            raise ContrariusError(f"--{sopt}personality is for a double card, not the {eff.name}")
        f_card = s_card = eff
    if spart.copy and kind != "proconsul" and card.reaction != "diplomat":
        raise ContrariusError(f"--{sopt}copy is for a Diplomat, not the {card.name}")
    t.delay_refill = kind in ("praetor", "proconsul")
    act, province = _carry_out(t, fp, f_card, fpart, fopt)
    if kind == "proconsul":
        if spart.card:
            own = Card.of(card_name(spart.card))
            if own.reaction == "legatus":
                raise RuleError("after a Proconsul the partner cannot play a Legatus")
            _from_hand(t, sp, own.name)
            t.note("proconsul", f"{sp} plays {own.name} for themselves alone (no reaction of Contrarius)",
                   card=own.name, player=sp)
            _alone(t, sp, own, spart, sopt)
        elif s_recorded:
            raise ContrariusError(f"Proconsul: which card did {sp} then play for themselves? add --partner-card CARD")
        else:
            t.note("unrecorded", f"{sp}'s card after the Proconsul is not recorded")
    elif s_recorded:
        if spart.card:
            raise ContrariusError(f"{sp} carries out {fp}'s card and plays none of their own")
        _carry_out(t, sp, s_card, spart, sopt)
    else:
        t.note("unrecorded", f"{sp}'s part of this turn is not recorded (give the --partner-* options to keep "
               "the snapshot in step with the table)")
    if t.delay_refill:
        _settle_display(t)
    return _Plan(f_card, act, province, copied)


def _third_turn(t: _TeamTurn, ta: TeamAction, card: Card) -> _Plan:
    """One player's card in the third-player variant (regular Concordia rules)."""
    s = t.s
    me = t.pid
    them = other_player(s, me)
    if ta.partner is not None and not ta.partner.is_empty():
        raise ContrariusError("the --partner-* options are for team play: in the third-player variant each player "
                              "plays their own cards (give --player)")
    if card.reaction == "legatus":
        raise RuleError("the Legatus asks a partner for a card; the third-player variant has no partners")
    mine = ta.own_part()
    _from_hand(t, me, card.name)
    eff = card
    if card.reaction == "diplomat":
        q = s.player(them)
        if q.played is not None:
            if not q.played:
                raise RuleError(f"{them} has no played card face up: the Diplomat has nothing to copy")
            top = q.played[-1].name
            if mine.copy and card_name(mine.copy) != top:
                raise RuleError(f"the Diplomat copies the top card of {them}'s played cards, {top}, not {card_name(mine.copy)}")
            name = top
        elif mine.copy:
            name = card_name(mine.copy)
        else:
            raise ContrariusError(f"which card of {them} does the Diplomat copy (their top played card)? add --copy CARD")
        eff = Card.of(name)
        if eff.reaction in ("diplomat", "legatus"):
            raise RuleError(f"a Diplomat cannot copy a {name}")
        t.note("copy", f"{me} copies {them}'s {name} with the Diplomat (regular Concordia: no card of Contrarius "
               "is turned face down)", card=name, player=me)
    elif mine.copy:
        raise ContrariusError(f"--copy is for a Diplomat, not the {card.name}")
    f_card = eff
    if eff.reaction == "double":
        f_card, unused = _double_pick(eff, mine.personality, me, "")
        t.note("choose", f"{me} chooses the {f_card.name} of the {eff.name} (no partner: the {unused.name} is unused)",
               player=me, personality=f_card.name)
    elif mine.personality:
        raise ContrariusError(f"--personality is for a double card, not the {eff.name}")
    t.delay_refill = eff.reaction in ("praetor", "proconsul")
    act, province = _carry_out(t, me, f_card, mine, "")
    if eff.reaction == "proconsul":
        t.note("proconsul", "no partner in the third-player variant: nobody plays a second card")
    if t.delay_refill:
        _settle_display(t)
    return _Plan(f_card, act, province, None)


def _reaction(t: _TeamTurn, plan: _Plan, ta: TeamAction) -> None:
    """Contrarius's reaction to the first action (the solo reactions plus the team cards)."""
    kind = plan.reacted.reaction
    if kind == "praetor":
        if ta.praetor_reaction not in PRAETOR_REACTIONS:
            raise ContrariusError("the Praetor's reaction is 2 VP on some cards and a house on others (which card is "
                                  "which is not public): add --praetor-reaction vp or house, as printed on this card")
        if ta.praetor_reaction == "vp":
            t.gain_vp(2, "Praetor (the card showing 2 VP)")
        else:
            t.build("senator", "Praetor (the card showing a house)")
        return
    if kind == "proconsul":
        t.build("senator", "Proconsul")
        return
    _react(t, plan.reacted, plan.act, plan.province)


def _turn_player(s: Snapshot, given: str | None) -> str:
    """The player whose turn it is; ``given`` must agree with the snapshot's ``active``."""
    ids = [p.id for p in s.players]
    if given is not None and given not in ids:
        raise ContrariusError(f"no player {given!r} in this {s.mode} game; players: {', '.join(ids)}")
    if s.active is None:
        return given or ids[0]
    if given is not None and given != s.active:
        raise RuleError(f"it is {s.active}'s turn, not {given}'s (the players alternate); "
                        "if the table differs, correct 'active' in the snapshot")
    return s.active


def _run(snapshot: Snapshot, ta: TeamAction, recorded: bool, pid: str, preset: list[Roll] | None = None,
         leftover: list[tuple[str | None, str]] | None = None, use_table: bool = False,
         counter: int | None = None) -> tuple[_TeamTurn, _Plan | None, bool]:
    """Work out one turn on a copy; return the turn, the plan and whether Contrarius reacted."""
    s = snapshot.copy()
    if counter is not None:
        s.rolls = counter
    action = TeamAction(**{f.name: getattr(ta, f.name) for f in fields(TeamAction)})
    action.player = pid
    t = _TeamTurn(s, action, preset)
    if leftover is not None:
        t.table_dice, t.use_table = list(leftover), use_table
    final = s.ended is not None and s.ended.final_turn_pending
    card = Card.of(card_name(ta.card))
    plan = _third_turn(t, action, card) if s.mode == THIRD else _team_turn(t, action, card, recorded)
    if s.mode == THIRD:
        reacts = pid == "player2" and not (final and s.ended is not None and s.ended.by == CONTRARIUS)
        if pid != "player2":
            t.note("no-reaction", f"{pid} is the starting player: Contrarius does not react to their cards")
    else:
        reacts = not final
    if final:
        t.note("end", f"{pid}'s final card after the end of the game" + ("" if reacts else ": no reaction of Contrarius"))
    if ta.praetor_reaction is not None:
        if ta.praetor_reaction not in PRAETOR_REACTIONS:
            raise ContrariusError(f"--praetor-reaction is vp or house, not {ta.praetor_reaction!r}")
        if plan.reacted.reaction != "praetor":
            raise ContrariusError(f"--praetor-reaction is for a Praetor; Contrarius reacts to the {plan.reacted.name}")
    if reacts:
        _reaction(t, plan, action)
    if plan.copied is not None:
        _turn_face_down(t, plan.copied)
    if final and s.ended is not None:
        s.ended.final_turn_pending = s.mode == THIRD and s.ended.by == CONTRARIUS and pid == "player1"
    s.active = other_player(s, pid)
    return t, plan, reacts


def play(snapshot: Snapshot, action: PlayerAction) -> TurnResult:
    """Play one turn of team play or of the third-player variant.

    ``action`` is a :class:`TeamAction` (a plain :class:`PlayerAction` records no partner).
    ``snapshot`` is not changed; the result holds the new snapshot with the turn logged and
    ``active`` passed to the other player. Raises :class:`GameOverError` after the end of
    the game, :class:`RuleError` for what the rules forbid (including a used veto) and
    :class:`ContrariusError` for an action that does not fit the card.
    """
    if snapshot.mode not in (TEAM, THIRD):
        raise ContrariusError(f"team.play is for team and third-player games, not {snapshot.mode}")
    if snapshot.ended is not None and not snapshot.ended.final_turn_pending:
        who = "Contrarius" if snapshot.ended.by == CONTRARIUS else snapshot.ended.by
        raise GameOverError(f"the game is over ({who} ended it); run 'contrarius score' for the final scoring")
    ta, recorded = as_team_action(action)
    pid = _turn_player(snapshot, ta.player)
    vetoer = None
    if ta.veto is not None:
        if snapshot.mode != THIRD:
            raise RuleError("veto cards are only used with Contrarius as a third player")
        vetoer = snapshot.player(ta.veto)
        if vetoer.veto is not True:
            raise RuleError(f"{vetoer.id} has already used their veto card (players.{vetoer.id}.veto is false)")
    elif ta.veto_face is not None:
        raise ContrariusError("a veto face needs the player who vetoes: --veto PLAYER=FACE")
    t, plan, reacts = _run(snapshot, ta, recorded, pid)
    veto_record = None
    if vetoer is not None:
        if not reacts:
            raise RuleError(f"Contrarius does not react to this card of {pid}: there is no die to veto")
        if not t.rolls:
            raise RuleError("Contrarius rolled no die in this reaction: there is nothing to veto")
        last = t.rolls[-1]
        counter = t.s.rolls
        if ta.veto_face is not None:
            new = Roll(last.die, parse_face(last.die, ta.veto_face), "table")
        else:
            new = Roll(last.die, parse_face(last.die, roll(snapshot.faces(last.die), snapshot.seed, counter)), "rolled")
            counter += 1
        t, plan, reacts = _run(snapshot, ta, recorded, pid, preset=t.rolls[:-1] + [new], leftover=t.table_dice,
                               use_table=t.use_table, counter=counter)
        t.s.player(vetoer.id).veto = False
        colour = DIE_COLOURS[last.die]
        t.events.insert(0, Event("veto", f"{vetoer.id} uses their veto card: the {colour} {last.die} die result "
                                         f"{last.face} is re-rolled -> {new.face}",
                                 {"player": vetoer.id, "die": last.die, "vetoed": last.face, "face": new.face}))
        veto_record = {"player": vetoer.id, "die": last.die, "vetoed": last.face, "face": new.face, "source": new.source}
    return _finish(snapshot, t, plan, reacts, ta, recorded, veto_record)


def _finish(snapshot: Snapshot, t: _TeamTurn, plan: _Plan | None, reacts: bool, ta: TeamAction, recorded: bool,
            veto: dict[str, Any] | None) -> TurnResult:
    s = t.s
    if t.choices:
        raise RuleError(f"--choose {t.choices[0]} was given but no build of this turn had tied colonist moves to choose from; remove it")
    if t.table_dice:
        extra = ", ".join(f for _, f in t.table_dice)
        raise RuleError(f"this reaction did not roll every die given: {extra} left over; remove it")
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
    entry["player_did"] = [e.text for e in t.player_events]
    entry["reaction"] = [e.text for e in t.events]
    vp_before = snapshot.contrarius.vp
    entry["vp"] = [vp_before, s.contrarius.vp]
    s.log.append(entry)
    game_over = s.ended is not None and not s.ended.final_turn_pending
    reacted = plan.reacted.name if reacts and plan is not None else None
    return TurnResult(s, played, reacted, t.player_events, t.events, t.rolls, vp_before, s.contrarius.vp,
                      t.rulings, s.ended is not None, game_over)


# ----- setup ------------------------------------------------------------------------------------------
def _dealt(names: list[str]) -> list[str]:
    if len(names) != DISPLAY_SIZE:
        raise ContrariusError(f"--display needs the 7 cards as dealt, left to right (? for a card not recorded); got {len(names)}")
    return [UNKNOWN_CARD if str(n).strip() == UNKNOWN_CARD else card_name(n) for n in names]


def _take_sixth(display: list[str]) -> int:
    """Index of the first Mason, Farmer or Smith from the left ("Cooperative Setup")."""
    for i, c in enumerate(display):
        if c == UNKNOWN_CARD:
            raise ContrariusError(f"Contrarius takes the first Mason, Farmer or Smith from the left, but display position "
                                  f"{i + 1} is not named: name the display cards up to that specialist in --display")
        if c in SETUP_SPECIALISTS:
            return i
    raise ContrariusError("no Mason, Farmer or Smith in the display: Contrarius needs one as its sixth card; check --display")


def _contrarius_cards(opts: SetupOptions, key: str) -> tuple[list[Card], str | None, bool]:
    """Contrarius's 5 starting cards (given, or the labelled assumption) and a 6th if given."""
    start = opts.contrarius_cards
    assumed = start is None
    if start is None:
        start = [c if isinstance(c, str) else c["name"] for c in card_facts()[key]]
    if len(start) not in (5, 6):
        raise ContrariusError(f"Contrarius starts with 5 cards (and a 6th, the specialist it took from the display); "
                              f"--contrarius-cards gave {len(start)}")
    sixth = card_name(start[5]) if len(start) == 6 else None
    if sixth is not None and sixth not in SETUP_SPECIALISTS:
        raise ContrariusError(f"Contrarius's sixth card is the first Mason, Farmer or Smith of the display, not {sixth}")
    return [Card.of(c, assumed=assumed) for c in start[:5]], sixth, assumed


def _display_setup(s: Snapshot, opts: SetupOptions, rng: random.Random, given_sixth: str | None,
                   notes: list[str]) -> Card:
    """Deal the display, give Contrarius its sixth card and refill; return that card."""
    facts = card_facts()
    if len(opts.refill) > 1 or (opts.refill and opts.display is None):
        raise ContrariusError("--refill names the one card drawn at setup, and only with --display")
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
        notes.append("display dealt from stack I (shuffled) on top of stack II (shuffled) on top of stack III "
                     f"({facts['third_player_stack_III']} cards, not public: ?)")
    else:
        display, order = [UNKNOWN_CARD] * DISPLAY_SIZE, None
        notes.append("the team stacks are not public: the display is recorded as 7 unknown cards (?); "
                     "give --display as dealt, or name cards with --reveal when they are taken")
    remaining = total - DISPLAY_SIZE
    if all(c == UNKNOWN_CARD for c in display):
        pos = None
        if given_sixth is not None:
            sixth = Card.of(given_sixth)
        else:
            sixth = Card.of(SETUP_SPECIALISTS[0], assumed=True)
            notes.append(f"Contrarius's sixth card (the first Mason, Farmer or Smith of the display) is not known: "
                         f"ASSUMED {sixth.name}; correct it with a 6th --contrarius-cards name or in the snapshot")
        rest = display[1:]
    else:
        pos = _take_sixth(display)
        if given_sixth is not None and given_sixth != display[pos]:
            raise ContrariusError(f"--contrarius-cards names {given_sixth} as the sixth card, but the first Mason, "
                                  f"Farmer or Smith of the display is {display[pos]}")
        sixth = Card.of(display[pos])
        rest = [c for i, c in enumerate(display) if i != pos]
        notes.append(f"Contrarius takes {sixth.name} from display position {pos + 1} as its sixth card; the display refills")
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
        notes.append(f"team stacks I, II and III: {total} cards in all (UNKNOWN, see team_stack_cards in data/cards.yaml): "
                     f"{remaining} left in the stack; count it at the table and correct stack.remaining if it differs")
    return sixth


def new_game(opts: SetupOptions) -> tuple[Snapshot, list[str]]:
    """Set up team play ("Cooperative Setup") or the third-player variant ("Contrarius as a
    third player"); return the snapshot and notes on what was decided and why.

    Team: each player 1 land and 1 sea colonist in the capital, 6 goods, 6 sestertii, the
    level's starting VP; player1's hand (6 pink team I cards) and player2's (6 purple team
    II cards) are not public and not recorded (None). Third-player: player1 (starting
    player) the base Concordia starting cards and 6 sestertii, player2 the 7 turquoise
    cards, 7 sestertii and the Praefectus Magnus; each an unused veto card. Contrarius:
    as in solo setup for the level. Raises :class:`ContrariusError` for options that do
    not fit.
    """
    if opts.mode not in (TEAM, THIRD):
        raise ContrariusError(f"team.new_game sets up team or third-player games, not {opts.mode}")
    if opts.level not in LEVELS:
        raise ContrariusError(f"unknown level {opts.level!r}; use one of {', '.join(LEVELS)}")
    s, rng, notes = fresh_table(opts)
    cards, given_sixth, assumed = _contrarius_cards(opts, "team_contrarius_start" if opts.mode == TEAM else "contrarius_start")
    sixth = _display_setup(s, opts, rng, given_sixth, notes)
    cards.append(sixth)
    if assumed:
        which = "5 scarlet team cards" if opts.mode == TEAM else "5 starting cards"
        notes.append(f"Contrarius's {which} are not public: the ones used are marked assumed; correct them with --contrarius-cards")
    setup_contrarius(s, opts, cards, notes)
    vp = starting_vp(opts)
    s.players = []
    for pid in player_ids(opts.mode):
        if opts.mode == TEAM:
            p = Player(pid, vp, None, None, dict(START_GOODS), START_SESTERTII)
        else:
            key = "base_hand" if pid == "player1" else "player_hand"
            hand = [_hand_card(c) for c in card_facts()[key]] if opts.record_hand else None
            p = Player(pid, vp, hand, [] if hand is not None else None, dict(START_GOODS), THIRD_PLAYER_SESTERTII[pid], veto=True)
        s.players.append(p)
        s.colonists += [Colonist(pid, kind, place) for kind, place in start_colonists(s)]
    s.active = "player1"
    if opts.mode == TEAM:
        notes.append("hands not recorded: player1's 6 pink team I cards and player2's 6 purple team II cards are not "
                     "public (give them with --hand, or write players[].hand)")
        notes.append(f"each player: {colonists_text(s)}, 6 goods, {START_SESTERTII} sestertii, "
                     f"{vp} VP; player1 begins")
    else:
        s.praefectus_magnus = "player2"
        notes.append("player1 (starting player): the base Concordia starting cards, 6 sestertii; Contrarius does not "
                     "react to player1's cards")
        notes.append("player2: the 7 turquoise Solitaria cards, 7 sestertii and the Praefectus Magnus; Contrarius reacts "
                     "to player2's cards")
        notes.append(f"both players start with {vp} VP (the level's starting VP; --start-vp to change) and an unused veto card")
    return s, notes


def record_hand(snapshot: Snapshot, pid: str, names: list[str]) -> Snapshot:
    """A copy of ``snapshot`` with ``pid``'s hand recorded as ``names`` (and nothing played).

    For team hands given at setup (their contents are not public, so they are not recorded
    unless the players name them). Raises :class:`ContrariusError` for an unknown player or card.
    """
    s = snapshot.copy()
    p = s.player(pid)
    p.hand = [Card.of(n) for n in names]
    p.played = []
    return s
