"""What Contrarius would do for every die result: the domain of ``contrarius preview``.

Nothing here re-implements a rule. :func:`preview` calls :func:`contrarius.rules.game.play`
with the die results given as table results (``PlayerAction.no_roll``): when the
reaction needs a die that was not given, ``play`` raises
:class:`~contrarius.errors.NeedDieError` naming it, and the preview branches over that
die's faces (the snapshot's face table: ``dice_faces`` or ``data/dice.yaml``), each face
with probability count/len, multiplied along the dice a branch rolls. A reaction that
rolls no die gives one outcome with probability 1.

Branches whose new snapshots (the log aside) and reports coincide are merged into one
:class:`Outcome` (on the assumed Mercator die, ``tool`` and ``S`` with the Smith as best
specialist both build in the same tool city: 2/6). A chance is shown over the face
counts of the dice rolled (``2/6`` rather than ``1/3``), as a player counts faces
(:func:`odds`).

A branch that ``play`` refuses after some die results (a display card the snapshot does
not name, say) becomes an *unresolved* outcome carrying the message; it counts 0 VP.
An error before any die is rolled (a card not in the hand, a Prefect without a
province, the game is over) is raised as by ``play``.

:func:`summary` previews every card the player could play: the hand where the snapshot
records it, else every solo card. Readings where the issue leaves room:

- Prefect (and the Prefect with Praefectus Magnus): one row per action. ``reactivate``;
  ``produce`` shows the province (of those whose bonus marker shows goods) that gives
  Contrarius the lowest expected VP, ties in alphabetical order, and names the range
  over all of them; ``contrarius preview prefect SNAPSHOT --produce P`` gives one.
- Colonist: one row for ``place`` and one for ``money``.
- Diplomat: one row per face-up card of Contrarius it could copy (with the rows of that
  card's actions).
- Expected VP counts the VP Contrarius scores this turn (not the later worth of a house
  or card).

Everything here is pure: the snapshot given is never changed and nothing is printed.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from contrarius.messages import N_, Joined, Message, Term, plain
from contrarius.material.cards import Card, card_name, catalog
from contrarius.material.dice import DIE_COLOURS, parse_face
from contrarius.errors import ContrariusError, GameOverError, NeedDieError
from contrarius.rules.game import play
from contrarius.records import Record
from contrarius.rules.contrarius_part import Event, PlayerAction, TurnResult
from contrarius.model.snapshot import CONTRARIUS, MODES, SOLO, TEAM, Snapshot
from contrarius.rules.personalities import statement_of, team_only
from contrarius.rules.variants.solo_variants import bonus_turned_message

#: The third-player variant's mode (``contrarius.rules.modes.twoplayer.THIRD``): its module, with
#: team play and the setup, is imported only to preview such a game (start-up time).
THIRD = MODES[2]

#: A branch rolling more dice than this is a bug in the reaction code (a loop).
MAX_DICE = 12


def odds(probability: Fraction, denominators: list[int]) -> str:
    """A chance as a player counts faces: over the first of ``denominators`` (the face
    counts of the dice rolled: 6, 36, ...) that makes it whole. ``1/3`` over ``[6, 36]``
    -> ``"2/6"``; ``12/36`` -> ``"2/6"``; ``1/36`` -> ``"1/36"``; no die (``[1]``) -> ``"1"``."""
    for d in sorted(denominators):
        num = probability * d
        if num.denominator == 1:
            return str(num.numerator) if d == 1 else f"{num.numerator}/{d}"
    return str(probability)


# ----- branches ------------------------------------------------------------------------------
class Branch(Record):
    """One sequence of die results: ``dice`` as ``(die, face)`` in the order rolled (the
    dice given by the caller not included), its ``probability`` and ``denominator``
    (the product of the face counts of those dice, ``sizes``), and what ``play``
    returned, or the ``error`` it raised."""

    _fields = ("dice", "probability", "denominator", "result", "error", "sizes")

    def __init__(self, dice: tuple[tuple[str, Any], ...], probability: Fraction, denominator: int,
                 result: TurnResult | None, error: str | None = None, sizes: tuple[int, ...] = ()):
        self.dice = dice
        self.probability = probability
        self.denominator = denominator
        self.result = result
        self.error = error
        self.sizes = sizes

    def label(self) -> Any:
        """``"black tool"``, ``"black wine + red card"``, ``"no die"`` (colours and faces
        named in the language chosen)."""
        if not self.dice:
            return N_("no die")
        return Joined(" + ", [Joined(" ", [Term("colour", DIE_COLOURS[d]), Term("face", str(f))]) for d, f in self.dice])


def _said(exc: Exception) -> Any:
    """What ``exc`` says, kept as its :class:`~contrarius.messages.Message` (said in the
    language chosen, English in ``--json``) when it is one."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], (Message, Joined)) else str(exc)


def _faces(snapshot: Snapshot, die: str, exclude: tuple = ()) -> list[tuple[Any, int, int]]:
    """The distinct faces of ``die`` with (face, count, number of faces), in table order.

    ``exclude``: faces that are rolled again until another face shows (the red die when it
    decides which colonist): they are left out, and the chances are those of the others."""
    counts: dict[Any, int] = {}
    for f in snapshot.faces(die):
        key = parse_face(die, f)
        if key not in exclude:
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return [(f, n, total) for f, n in counts.items()]


def branches(snapshot: Snapshot, action: PlayerAction) -> list[Branch]:
    """Every die sequence the reaction can roll, with its probability and ``play``'s result.

    ``action.dice`` (results already read from the table) are kept as the first results.
    Raises what ``play`` raises before any die is branched on.
    """
    given = list(action.dice)
    out: list[Branch] = []
    # a trial that names no card (--refill, --reveal, the forum's) needs no load check
    # (contrarius.rules.game.play, check_loads); play checks the turn it writes
    names = bool(action.refill or action.reveal or action.forum_refill or action.forum_reveal)

    def go(extra: list[tuple[str, Any]], prob: Fraction, sizes: tuple[int, ...]) -> None:
        if len(extra) > MAX_DICE:
            raise ContrariusError(N_("preview: the reaction asked for more than {MAX_DICE} dice ({names}); please report this", MAX_DICE=MAX_DICE, names=', '.join((d for d, _ in extra))))
        trial = action._replace(dice=given + [(d, str(f)) for d, f in extra], no_roll=True)
        try:
            result = play(snapshot, trial, check_loads=names)
        except NeedDieError as exc:
            for face, n, total in _faces(snapshot, exc.die, exc.exclude):
                go(extra + [(exc.die, face)], prob * Fraction(n, total), sizes + (total,))
            return
        except GameOverError:
            raise
        except ContrariusError as exc:
            if not extra:
                raise
            out.append(Branch(tuple(extra), prob, math.prod(sizes), None, _said(exc), sizes))
            return
        if any(r.source != "table" for r in result.rolls):
            raise ContrariusError(N_("preview: {card} rolled a die from the seed instead of asking for it; please report this", card=Term("card", result.card)))
        out.append(Branch(tuple(extra), prob, math.prod(sizes), result, None, sizes))

    go([], Fraction(1), ())
    return out


# ----- outcomes ------------------------------------------------------------------------------
class Outcome(Record):
    """Branches that end the same way, merged: the chance, the dice that lead here, the
    report lines (free of die values) and the facts a table needs."""

    _fields = ("probability", "denominators", "branches", "result", "error", "lines", "vp", "builds", "cards",
               "colonists", "received", "ends", "ended_by", "game_over", "dice")

    def __init__(self, probability: Fraction, denominators: list[int], branches: list[Branch],
                 result: TurnResult | None, error: str | None, lines: list[str], vp: int = 0,
                 builds: list[dict[str, Any]] | None = None, cards: list[dict[str, Any]] | None = None,
                 colonists: list[str] | None = None, received: list[dict[str, Any]] | None = None, ends: bool = False,
                 ended_by: str | None = None, game_over: bool = False, dice: str = ""):
        self.probability = probability
        self.denominators = denominators
        self.branches = branches
        self.result = result
        self.error = error
        self.lines = lines
        self.vp = vp
        self.builds = [] if builds is None else builds
        self.cards = [] if cards is None else cards
        self.colonists = [] if colonists is None else colonists
        self.received = [] if received is None else received
        self.ends = ends
        self.ended_by = ended_by
        self.game_over = game_over
        self.dice = dice

    @property
    def odds(self) -> str:
        """The chance as a player counts faces, e.g. ``"2/6"``."""
        return odds(self.probability, self.denominators)

    @property
    def provinces(self) -> list[str]:
        """Provinces where Contrarius builds a house in this outcome."""
        out: list[str] = []
        for b in self.builds:
            if b["province"] not in out:
                out.append(b["province"])
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "probability": str(self.probability), "odds": self.odds, "p": float(self.probability),
            "dice": plain(self.dice),
            "branches": [[{"die": d, "colour": DIE_COLOURS[d], "face": f} for d, f in b.dice] for b in self.branches],
            "summary": plain(self.lines), "unresolved": plain(self.error),
            "vp": self.vp, "builds": self.builds, "cards": self.cards, "colonists": self.colonists,
            "received": self.received, "ends": self.ends, "ended_by": self.ended_by, "game_over": self.game_over,
        }


def _goods(goods: dict[str, int]) -> Joined:
    """``1 food, 2 wine``: units of goods, each type named in the language chosen."""
    return Joined(", ", [Joined(" ", [n, Term("goods", x)]) for x, n in goods.items()])


def _describe(result: TurnResult, before: Snapshot) -> Outcome:
    """The facts and report lines of one ``play`` result, leaving out what names a die
    value (so that branches ending the same way read the same)."""
    o = Outcome(Fraction(0), [1], [], result, None, [])
    o.vp = result.vp_after - result.vp_before
    after = result.snapshot
    o.ends = before.ended is None and after.ended is not None
    o.ended_by = after.ended.by if o.ends and after.ended else None
    o.game_over = result.game_over
    if result.reacted_to is None:
        o.lines.append(N_("no reaction (your final card after Contrarius ended the game)"))
    for e in result.events:
        d = e.data
        if e.kind == "build":
            if "city" in d:
                o.builds.append({"city": d["city"], "province": d["province"], "goods": d["goods"]})
                o.lines.append(N_("builds in {city} ({province}, {goods})", city=d["city"], province=d["province"],
                                  goods=Term("goods", d["goods"])))
            elif "goods" in d:
                o.lines.append(N_("cannot build in any city it can reach: places a colonist instead (red die)"))
            else:
                o.lines.append(e.message)
        elif e.kind == "move":
            route: Any = " -> ".join([d["from"], *d["path"]]) if d["path"] else N_("{place} (stays)", place=d["from"])
            n = len(d.get("options", []))
            tie: Any = N_("; {n} moves tie, you choose (--choose N)", n=n) if n > 1 else ""
            move = {"kind": d["kind"], "from": d["from"], "to": d["to"], "steps": d["steps"], "tied": n}
            if o.builds:
                o.builds[-1]["move"] = move
            o.lines.append(N_("moves its {kind} colonist {route}{tie}", kind=Term("kind", d["kind"]), route=route, tie=tie))
        elif e.kind == "card":
            if "card" in d:
                o.cards.append({"card": d["card"], "position": d["position"]})
                o.lines.append(N_("takes {card} (display position {position})", card=Term("card", d["card"]), position=d["position"]))
            # else: a supplementary note naming the die's position, or the Diplomat's
            # copied card turned face down; the card taken (if any) follows as its own event
        elif e.kind == "colonist":
            if "colonist" in d:
                o.colonists.append(d["colonist"])
                o.lines.append(N_("places a {kind} colonist in {city}", kind=Term("kind", d["colonist"]), city=d["city"]))
        elif e.kind == "produce":
            got = d.get("received", [])
            o.received.extend(got)
            said = [N_("you receive {goods}", goods=_goods(g["goods"])) if g["player"] == "player" else
                    N_("{player} receives {goods}", player=g["player"], goods=_goods(g["goods"])) for g in got]
            words: Any = Joined("; ", said) if said else N_("no player has a house there")
            o.lines.append(N_("{province} produces: {words}; {bonus}", province=d["province"], words=words,
                              bonus=bonus_turned_message(before)))
        elif e.kind == "vp":
            reason = e.message.args.get("reason", d["reason"]) if isinstance(e.message, Message) else d["reason"]
            o.lines.append(N_("scores {vp} VP ({reason})", vp=d["vp"], reason=reason))
        elif e.kind in ("die", "refill"):
            continue
        else:  # reactivate, track, end, and anything new: die-independent texts
            o.lines.append(e.message)
    if o.ends and after.ended is not None and not any(e.kind == "end" for e in result.events):
        if after.ended.by == "player":
            o.lines.append(N_("the game ends (you)"))
        else:
            o.lines.append(N_("the game ends ({who})", who="Contrarius" if after.ended.by == CONTRARIUS else after.ended.by))
    if not o.lines:
        o.lines.append(N_("nothing happens"))
    return o


def _key(result: TurnResult, lines: list[str]) -> tuple:
    data = result.snapshot.to_dict()
    data.pop("log", None)
    data.pop("rolls", None)
    return _plain_key([data, plain(lines)])


def _plain_key(value: Any) -> tuple:
    """``value`` (plain data: mappings with text keys, lists, text, numbers, booleans, None)
    as a hashable key; two values get equal keys exactly when their JSON texts with sorted
    keys are equal (``json.dumps(value, sort_keys=True, default=str)``, without importing
    ``json`` for it): mappings compare whatever their key order, a list equals a tuple, and
    ``1``, ``1.0`` and ``True`` stay apart; anything else is compared as its ``str``."""
    kind = type(value)
    if kind is dict:
        return (dict, tuple(sorted((k, _plain_key(v)) for k, v in value.items())))
    if kind is list or kind is tuple:
        return (list, tuple(map(_plain_key, value)))
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return (kind, value)
    return (str, str(value))


def merge(bs: list[Branch], before: Snapshot) -> list[Outcome]:
    """Merge branches that end with the same snapshot and report, in first-branch order."""
    outcomes: dict[tuple, Outcome] = {}
    dens: set[int] = set()
    for b in bs:
        dens.update(math.prod(b.sizes[:i]) for i in range(0 if not b.sizes else 1, len(b.sizes) + 1))
    for b in bs:
        if b.result is None:
            o = Outcome(Fraction(0), dens, [], None, b.error, [N_("cannot tell: {error}", error=b.error)])
            key = ("error", str(plain(b.error)))
        else:
            o = _describe(b.result, before)
            o.denominators = dens
            key = _key(b.result, o.lines)
        o = outcomes.setdefault(key, o)
        o.branches.append(b)
        o.probability += b.probability
    for o in outcomes.values():
        o.denominators = sorted(dens)
        o.dice = dice_label(o.branches, before)
    return list(outcomes.values())


def _or(items: list[Any]) -> Any:
    return items[0] if len(items) == 1 else N_("{some} or {last}", some=Joined(", ", items[:-1]), last=items[-1])


def dice_label(bs: list[Branch], snapshot: Snapshot) -> Any:
    """The die results of merged branches in short: ``"black tool or S"``, ``"black any +
    red land"`` when they are every combination of their faces, else each branch listed."""
    if not bs or not bs[0].dice:
        return N_("no die")
    shape = [d for d, _ in bs[0].dice]
    if all([d for d, _ in b.dice] == shape for b in bs):
        per = [list(dict.fromkeys(b.dice[i][1] for b in bs)) for i in range(len(shape))]
        if math.prod(len(f) for f in per) == len(bs):
            parts = []
            for die, faces in zip(shape, per):
                every = [f for f, _, _ in _faces(snapshot, die)]
                parts.append(Joined(" ", [Term("colour", DIE_COLOURS[die]), N_("any") if len(every) > 1 and faces == every else
                                          _or([Term("face", str(f)) for f in faces])]))
            return Joined(" + ", parts)
    return Joined("; ", [b.label() for b in bs])


# ----- a preview -------------------------------------------------------------------------------
class Preview(Record):
    """Every outcome of one card and action, with the chances a table shows."""

    _fields = ("card", "action", "reacted_to", "outcomes", "dice", "player_events", "vp_before")

    def __init__(self, card: str, action: Any, reacted_to: str | None, outcomes: list[Outcome],
                 dice: list[str], player_events: list[Event], vp_before: int):
        self.card = card
        self.action = action
        self.reacted_to = reacted_to
        self.outcomes = outcomes
        self.dice = dice
        self.player_events = player_events
        self.vp_before = vp_before

    @property
    def expected_vp(self) -> Fraction:
        """Contrarius's expected VP this turn (unresolved outcomes count 0)."""
        return sum((o.probability * o.vp for o in self.outcomes), Fraction(0))

    @property
    def unresolved(self) -> Fraction:
        """The chance of an outcome ``play`` could not settle (see the outcome's message)."""
        return sum((o.probability for o in self.outcomes if o.error), Fraction(0))

    @property
    def end_chance(self) -> Fraction:
        """The chance that the game ends this turn."""
        return sum((o.probability for o in self.outcomes if o.ends), Fraction(0))

    @property
    def denominators(self) -> list[int]:
        """The face-count products of the dice sequences rolled (``[6]``, ``[6, 36]``, ``[1]``)."""
        return self.outcomes[0].denominators if self.outcomes else [1]

    def province_chances(self) -> dict[str, Fraction]:
        """Province -> chance that Contrarius builds a house there this turn (nonzero only)."""
        out: dict[str, Fraction] = {}
        for o in self.outcomes:
            for p in o.provinces:
                out[p] = out.get(p, Fraction(0)) + o.probability
        return out

    def city_chances(self) -> dict[str, Fraction]:
        """City -> chance that Contrarius builds there this turn (nonzero only)."""
        out: dict[str, Fraction] = {}
        for o in self.outcomes:
            for c in dict.fromkeys(b["city"] for b in o.builds):
                out[c] = out.get(c, Fraction(0)) + o.probability
        return out

    def card_chances(self) -> dict[str, Fraction]:
        """Display card name -> chance that Contrarius takes it this turn (nonzero only)."""
        out: dict[str, Fraction] = {}
        for o in self.outcomes:
            for c in dict.fromkeys(x["card"] for x in o.cards):
                out[c] = out.get(c, Fraction(0)) + o.probability
        return out

    def odds(self, p: Fraction) -> str:
        """``p`` as a player counts faces, e.g. ``"2/6"`` (see :func:`odds`)."""
        return odds(p, self.denominators)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        def chances(m: dict[str, Fraction]) -> dict[str, Any]:
            return {k: {"probability": str(v), "odds": self.odds(v), "p": float(v)} for k, v in m.items()}

        return {
            "card": self.card, "action": plain(self.action), "reacted_to": self.reacted_to,
            "dice": [{"die": d, "colour": DIE_COLOURS[d]} for d in self.dice],
            "player": [{"kind": e.kind, "text": e.english, **e.data} for e in self.player_events],
            "vp_before": self.vp_before,
            "expected_vp": {"value": str(self.expected_vp), "p": float(self.expected_vp)},
            "provinces": chances(self.province_chances()), "cities": chances(self.city_chances()),
            "cards": chances(self.card_chances()),
            "ends": {"probability": str(self.end_chance), "odds": self.odds(self.end_chance), "p": float(self.end_chance)},
            "unresolved": str(self.unresolved),
            "outcomes": [o.to_dict() for o in self.outcomes],
        }


def action_label(copy: str | None, act: str | None, province: str | None = None) -> Joined | None:
    """The card's action as the preview names it: ``copy Mercator``, ``produce Vmbria``,
    ``copy Prefect: reactivate``, ``money`` (None: no choice of action). The action is a
    :class:`~contrarius.messages.Term` of kind ``action`` (named in the language chosen)."""
    parts: list[Any] = []
    if copy:
        parts.append(N_("copy {card}", card=Term("card", copy)))
    if act == "produce" and province:
        parts.append(N_("produce {province}", province=province))
    elif act:
        parts.append(Term("action", act))
    return Joined(": ", parts) if parts else None


def _action_label(action: PlayerAction, snapshot: Snapshot) -> Joined | None:
    act = "produce" if action.action == "produce" or (action.action is None and action.province) else action.action
    return action_label(card_name(action.copy) if action.copy else None, act,
                        snapshot.board.province(action.province) if action.province else None)


def preview(snapshot: Snapshot, action: PlayerAction) -> Preview:
    """Preview ``action``: every outcome of Contrarius's reaction with its chance.

    ``snapshot`` is not changed. Raises what :func:`~contrarius.rules.game.play` raises
    for an action it refuses before any die is rolled.
    """
    bs = branches(snapshot, action)
    outcomes = merge(bs, snapshot)
    dice: list[str] = []
    for b in bs:
        for d, _ in b.dice:
            if d not in dice:
                dice.append(d)
    first = next((b.result for b in bs if b.result is not None), None)
    played = card_name(action.card)
    return Preview(
        card=played, action=_action_label(action, snapshot),
        reacted_to=first.reacted_to if first is not None else None,
        outcomes=outcomes, dice=dice,
        player_events=list(first.player_events) if first is not None else [],
        vp_before=snapshot.contrarius.vp,
    )


def preview_turn(snapshot: Snapshot, action: PlayerAction, *, partner_given: bool) -> Preview:
    """Preview ``action`` as a command gives it (:func:`preview`). In team play the partner
    carries out the same card ("Cooperative Personality Cards"): without a part of the
    partner's given (``partner_given`` False) their part is previewed as they carry out the
    card with no choice of their own (a Tribune, a specialist, ...), and left unrecorded
    (the report says so) when the card needs a choice of theirs (a Prefect's province): the
    action is then previewed again without it. Raises what :func:`preview` raises."""
    if snapshot.mode != TEAM or partner_given:
        return preview(snapshot, action)
    try:
        return preview(snapshot, action)
    except GameOverError:
        raise
    except ContrariusError:
        action.partner = None
        return preview(snapshot, action)


# ----- every card ------------------------------------------------------------------------------
class Row(Record):
    """One line of the summary: a card and action, its preview, or why it has none."""

    _fields = ("card", "action", "preview", "note")

    def __init__(self, card: str, action: Any, preview: Preview | None, note: Any = ""):
        self.card = card
        self.action = action
        self.preview = preview
        self.note = note

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        out: dict[str, Any] = {"card": self.card, "action": plain(self.action), "note": plain(self.note) or None}
        if self.preview is not None:
            p = self.preview.to_dict()
            out.update({k: p[k] for k in ("reacted_to", "dice", "expected_vp", "provinces", "cards", "ends", "unresolved")})
            out["outcomes"] = len(self.preview.outcomes)
        return out


class Summary(Record):
    """Every card the player could play: ``source`` says where the list came from."""

    _fields = ("player", "source", "rows")

    def __init__(self, player: str, source: str, rows: list[Row]):
        self.player = player
        self.source = source
        self.rows = rows

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"player": self.player, "cards_from": self.source, "rows": [r.to_dict() for r in self.rows]}


def _copyable(snapshot: Snapshot, player: str | None = None) -> list[str]:
    """The cards a Diplomat of ``player`` could copy: Contrarius's face-up cards (solo and
    team play), or in the third-player variant the other player's top played card, by
    :func:`contrarius.rules.modes.third_player.diplomat_target`, the rule ``play`` applies (empty when
    it is not recorded or there is none)."""
    if snapshot.mode == THIRD:
        from contrarius.rules.modes.third_player import diplomat_target

        try:
            top = diplomat_target(snapshot, snapshot.player(player).id)
        except ContrariusError:
            return []
        return [top] if top is not None else []
    from contrarius.rules.personalities.diplomat import copy_targets

    return copy_targets(snapshot)


def _variants(snapshot: Snapshot, name: str, copy: str | None = None, player: str | None = None) -> list[tuple[str, dict[str, Any] | None]]:
    """``(group, PlayerAction fields)`` for each action of card ``name`` (a copied card
    when ``copy``); the group ``"produce"`` gathers the Prefect's provinces (fields None:
    no province can produce). A group is ``"copy CARD: ACTION"`` (``"copy CARD: "``: the
    copied card has no choice), the action, or ``""`` (:func:`_group_label` names it)."""
    reacting = copy or name
    st = statement_of(Card.of(reacting).reaction)
    base: dict[str, Any] = {"card": name, "copy": copy}
    if st.copies and copy is None:
        out: list[tuple[str, dict[str, Any] | None]] = []
        for target in _copyable(snapshot, player):
            out.extend((f"copy {target}: {g}", f) for g, f in _variants(snapshot, name, target, player))
        return out
    out = []
    for act in st.actions:  # the card's choice of action (its statement's)
        if act == st.produces_in:
            produce = [(act, {**base, "action": act, "province": p})
                       for p in sorted(snapshot.board.provinces, key=str.casefold) if snapshot.bonus_markers.get(p) == "goods"]
            out.extend(produce or [(act, None)])
        else:
            out.append((act, {**base, "action": act}))
    return out or [("", base)]


def _group_label(group: str) -> Joined | None:
    """A group of :func:`_variants` as the summary names it (:func:`action_label`)."""
    if not group.startswith("copy "):
        return action_label(None, group or None)
    copy, _colon, act = group[len("copy "):].partition(": ")
    label = action_label(copy, act or None)
    return label if act else Joined(": ", [label, ""])  # as the summary has always named it


def playable_cards(snapshot: Snapshot, player: str | None = None) -> tuple[list[str], str]:
    """The card names the summary covers and where they came from (``hand`` or ``every card``)."""
    p = snapshot.player(player)
    if p.hand is not None:
        return list(dict.fromkeys(c.name for c in p.hand)), "hand"
    # the team-play cards are not offered in a solo summary
    names = [n for n, facts in catalog().items() if snapshot.mode != SOLO or not team_only(facts["reaction"])]
    return names, "every solo card" if snapshot.mode == SOLO else "every card"


def summary(snapshot: Snapshot, player: str | None = None, *, reveal: dict[int, str] | None = None,
            refill: list[str] | None = None) -> Summary:
    """Preview every card the player could play (see the module docstring for the rows).

    ``reveal`` and ``refill`` name display cards the snapshot shows as ``?`` and cards
    drawn to refill the display, as for :class:`PlayerAction`.

    Raises :class:`GameOverError` when the game is over; a card that cannot be played
    gets a row with the reason.
    """
    names, source = playable_cards(snapshot, player)
    pid = snapshot.player(player).id
    rows: list[Row] = []
    for name in names:
        if statement_of(Card.of(name).reaction).copies and not _copyable(snapshot, player):
            why = (N_("the other player has no played card recorded to copy (give it: preview diplomat --copy CARD)")
                   if snapshot.mode == THIRD else N_("Contrarius has no face-up card to copy"))
            rows.append(Row(name, None, None, why))
            continue
        groups: dict[str, list[tuple[dict[str, Any], Preview | None, str]]] = {}
        for group, fields in _variants(snapshot, name, player=player):
            if fields is None:
                groups.setdefault(group, []).append(({}, None, N_("no province can produce (every bonus marker shows coins)")))
                continue
            try:
                pv = preview(snapshot, PlayerAction(player=player, reveal=dict(reveal or {}), refill=list(refill or []), **fields))
                groups.setdefault(group, []).append((fields, pv, ""))
            except GameOverError:
                raise
            except ContrariusError as exc:
                groups.setdefault(group, []).append((fields, None, _said(exc)))
        for group, items in groups.items():
            label = _group_label(group)
            ok = [(f, pv) for f, pv, _ in items if pv is not None]
            if group.endswith("produce") and ok:
                best_f, best = min(ok, key=lambda x: (x[1].expected_vp, x[0]["province"].casefold()))
                worst_f, worst = min(ok, key=lambda x: (-x[1].expected_vp, x[0]["province"].casefold()))
                note: Message
                if len(ok) == 1:
                    note = N_("the only province that can produce")
                elif best.expected_vp == worst.expected_vp:
                    note = N_("the same E[VP] in all {n} provinces that can produce (first alphabetically)", n=len(ok))
                else:
                    note = N_("lowest E[VP] of the {n} provinces that can produce; highest: {province} ({vp} VP)", n=len(ok),
                              province=worst_f["province"], vp=_num(worst.expected_vp))
                rows.append(Row(name, best.action, best, note))
            elif group.endswith("produce"):
                rows.append(Row(name, label, None, items[0][2]))
            elif ok:
                rows.append(Row(name, ok[0][1].action, ok[0][1]))
            else:
                rows.append(Row(name, label, None, items[0][2]))
    return Summary(pid, source, rows)


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"
