"""A turn on a working copy of the snapshot, and Contrarius's part of it: the mechanism
every mode (solo play, team play, the third-player variant) shares.

- what a turn is told (:class:`PlayerAction`) and what it reports (:class:`Event`,
  :class:`Roll`, :class:`TurnResult`);
- the dice: a result read from the table (``--die``) or rolled from the seed and the roll
  counter;
- Contrarius's part of the rules that every reaction uses (:class:`Turn`): scoring VP and
  the expert VP track ("Difficulty level", Expert), building a house ("Where does
  Contrarius build?" and the "Supplementary rules to the reactions of Contrarius"),
  placing a colonist or taking a card (the red die), the display sliding left and
  refilling, the end of the game (:mod:`.end_of_game`);
- a province producing for the players' houses (the Mercator's reaction, the Prefect).

The player's own action is :mod:`.player_part`'s; each card's reaction is its module's
in :mod:`.personalities`; the modes build on them all (:mod:`.modes.solo`,
:mod:`.modes.twoplayer`, :mod:`.modes.team`, :mod:`.modes.third_player`), and
:mod:`.game` picks one by the snapshot's mode. Nothing here prints.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.board import LAND, SEA
from contrarius.rules.build import BuildRuling, Move, apply_build, contrarius_home, where
from contrarius.material.cards import Card, card_facts, card_name
from contrarius.material.dice import DIE_COLOURS, die_decides, parse_face, roll
from contrarius.errors import ContrariusError, NeedDieError, NeedRevealError, RuleError, SnapshotError, UnusedInputError
from contrarius.messages import N_, NP_, Joined, Message, Term, english, plain
from contrarius.records import Record
from contrarius.model.snapshot import CONTRARIUS, DISPLAY_SIZE, SOLO, UNKNOWN_CARD, Colonist, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.rules.end_of_game import LAST_CARD, end_game, last_house
from contrarius.rules.variants.solo_variants import Note, red_sea_colonist, surplus_steps


def record_moves_and_places(rec: dict[str, Any], moves: list[tuple[str, str, str]],
                            places: list[tuple[str, str]]) -> None:
    """Add a player's colonist ``moves`` (KIND, FROM, TO) and ``places`` (KIND, CITY) to the
    turn-log record ``rec`` in the log's text form (``land:Roma>Ancona``, ``sea:Aleria``),
    only when there are any; the one form for every mode."""
    if moves:
        rec["moves"] = [f"{k}:{f}>{t}" for k, f, t in moves]
    if places:
        rec["places"] = [f"{k}:{c}" for k, c in places]


def set_card_play(record: Any, action: str | None, province: str | None, copy: str | None, builds: list[str] | None,
                  moves: list[tuple[str, str, str]] | None, places: list[tuple[str, str]] | None,
                  buys: list[str] | None) -> None:
    """Set on ``record`` (a :class:`PlayerAction`, or a :class:`~contrarius.rules.modes.twoplayer.Part` of a
    team turn) what a player did with a card, as :class:`PlayerAction` describes these fields;
    None for a list: a new empty list (nothing recorded)."""
    record.action = action
    record.province = province
    record.copy = copy
    record.builds = [] if builds is None else builds
    record.moves = [] if moves is None else moves
    record.places = [] if places is None else places
    record.buys = [] if buys is None else buys


class PlayerAction(Record):
    """What the player did this turn.

    ``card``: the personality played. ``action``: ``produce``/``reactivate`` (Prefect),
    ``place``/``money`` (Colonist). ``province``: the province produced (Prefect).
    ``copy``: the card of Contrarius's display a Diplomat copies. ``builds``: cities
    where the player built a house. ``moves``: the player's colonist moves as
    ``(kind, from, to)`` with ``from`` a city or line label and ``to`` a line label.
    ``places``: colonists placed as ``(kind, city)``. ``buys``: display positions (1-7)
    or card names bought. ``refill``: names of the cards revealed to refill the display,
    in order. ``reveal``: names for display positions shown as ``?``. ``dice``: die
    results read from the table, as ``(die or None, face)`` in the order rolled.
    ``choices``: 1-based picks among tied colonist moves, one per build in order.
    ``player``: the player id (default: the active or only player).
    ``no_roll``: never roll from the seed: a die not given in ``dice`` raises
    :class:`NeedDieError` (``contrarius preview`` branches on it).
    "Solo Variants": ``forum`` the Salsa forum card taken with the Tribune (name, position
    or POSITION=NAME), ``forum_refill`` the forum cards drawn to refill the row,
    ``forum_reveal`` names for forum row positions shown as ``?``; ``fish`` the fish paid
    at the fish market this turn. ``_fields`` names the fields in this order.
    """

    _fields = ("card", "action", "province", "copy", "builds", "moves", "places", "buys", "refill", "reveal", "dice",
               "choices", "player", "no_roll", "forum", "forum_refill", "forum_reveal", "fish")

    def __init__(self, card: str, action: str | None = None, province: str | None = None, copy: str | None = None,
                 builds: list[str] | None = None, moves: list[tuple[str, str, str]] | None = None,
                 places: list[tuple[str, str]] | None = None, buys: list[str] | None = None,
                 refill: list[str] | None = None, reveal: dict[int, str] | None = None,
                 dice: list[tuple[str | None, str]] | None = None, choices: list[int] | None = None,
                 player: str | None = None, no_roll: bool = False, forum: str | None = None,
                 forum_refill: list[str] | None = None, forum_reveal: dict[int, str] | None = None, fish: int = 0):
        self.card = card
        set_card_play(self, action, province, copy, builds, moves, places, buys)
        self.refill = [] if refill is None else refill
        self.reveal = {} if reveal is None else reveal
        self.dice = [] if dice is None else dice
        self.choices = [] if choices is None else choices
        self.player = player
        self.no_roll = no_roll
        self.forum = forum
        self.forum_refill = [] if forum_refill is None else forum_refill
        self.forum_reveal = {} if forum_reveal is None else forum_reveal
        self.fish = fish


def _coloured(die: str) -> Term:
    """A die by its colour and its card, as the refusals asking for it name it: ``blue
    architect`` (the words layer's ``coloured die``: in Portuguese the colour alone, the card
    being named beside it)."""
    return Term("coloured die", f"{DIE_COLOURS[die]} {die}")


class Event(Record):
    """One thing that happened: ``kind`` (vp, build, colonist, card, produce, ...),
    ``message`` (the report's line as data: a :class:`~contrarius.messages.Message`, its
    msgid template and values, or a plain English line) and ``data`` (for ``--json``).

    ``text`` is the line in the language chosen (the words layer says it); ``english`` the
    line in English, what ``--json`` and the turn's record in the snapshot keep."""

    _fields = ("kind", "message", "data")

    def __init__(self, kind: str, message: Message | str, data: dict[str, Any] | None = None):
        self.kind = kind
        self.message = message
        self.data = {} if data is None else data

    @property
    def text(self) -> str:
        """The report's line in the language chosen."""
        return str(self.message)

    @property
    def english(self) -> str:
        """The report's line in English (never translated: ``--json``, the record)."""
        return english(self.message)

    def to_dict(self) -> dict[str, Any]:
        """``{"kind", "text", **data}`` (in English); a data key that would overwrite ``kind`` or ``text``
        (a move's colonist ``kind``) is kept as ``<event kind>_<key>`` (``move_kind``)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.english}
        for key, value in self.data.items():
            out[f"{self.kind}_{key}" if key in ("kind", "text") else key] = plain(value)
        return out


class Roll(Record):
    """A die result used this turn: ``die``, ``face`` and ``source`` (table or rolled)."""

    _fields = ("die", "face", "source")

    def __init__(self, die: str, face: Any, source: str):
        self.die = die
        self.face = face
        self.source = source


class TurnResult(Record):
    """The outcome of :func:`play`: the new snapshot and the turn's report."""

    _fields = ("snapshot", "card", "reacted_to", "player_events", "events", "rolls", "vp_before", "vp_after",
               "rulings", "ended", "game_over")

    def __init__(self, snapshot: Snapshot, card: str, reacted_to: str | None, player_events: list[Event],
                 events: list[Event], rolls: list[Roll], vp_before: int, vp_after: int, rulings: list[BuildRuling],
                 ended: bool, game_over: bool):
        self.snapshot = snapshot
        self.card = card
        self.reacted_to = reacted_to
        self.player_events = player_events
        self.events = events
        self.rolls = rolls
        self.vp_before = vp_before
        self.vp_after = vp_after
        self.rulings = rulings
        self.ended = ended
        self.game_over = game_over

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "card": self.card, "reacted_to": self.reacted_to,
            "player": [e.to_dict() for e in self.player_events],
            "reaction": [e.to_dict() for e in self.events],
            "dice": [{"die": r.die, "colour": DIE_COLOURS[r.die], "face": r.face, "source": r.source} for r in self.rolls],
            "vp": {"before": self.vp_before, "after": self.vp_after},
            "rulings": [r.to_dict() for r in self.rulings],
            "ended": self.ended, "game_over": self.game_over,
            "concordia": self.snapshot.concordia,
        }


class Turn:
    """A turn in progress on a working copy of the snapshot."""

    def __init__(self, snap: Snapshot, action: PlayerAction):
        self.s = snap
        self.a = action
        self.events: list[Event] = []
        self.player_events: list[Event] = []
        self.rolls: list[Roll] = []
        self.rulings: list[BuildRuling] = []
        self.table_dice = list(action.dice)
        # a table game never rolls ("dice: table" in the snapshot); nor does a turn whose
        # player gave a die (every die of that reaction then comes from the table)
        self.use_table = bool(action.dice) or action.no_roll or snap.dice == "table"
        self.choices = list(action.choices)
        self.refill = list(action.refill)
        #: why a die the card names was not rolled this turn (it could not matter), for the
        #: message refusing a die given for it
        self.not_rolled: list[str] = []
        #: how the cards drawn into the display this turn came: "seed" (the seeded stack of a
        #: virtual game), "given" (--refill) or "unknown" (?), one entry per card drawn
        self.drawn_from: list[str] = []
        self.pid = snap.player(action.player).id
        for line in apply_reveals(snap, action.reveal):  # recorded whether or not this turn takes the card
            self.player_events.append(Event("reveal", line))

    # ----- dice ----------------------------------------------------------------------
    def die(self, die: str, why: str, exclude: tuple = ()) -> Any:
        """The next result of ``die``: from the table results given, else rolled from the seed.

        ``exclude``: faces the caller will roll again (told to ``preview`` only)."""
        if self.use_table:
            if not self.table_dice:
                table = ("" if self.a.dice or self.a.no_roll else
                         N_("; this snapshot has no seed, so contrarius cannot roll") if self.s.seed is None else
                         N_("; this is a table game (dice: table), contrarius does not roll"))
                if self.rolls or self.a.dice:
                    text = N_("this reaction also rolls the {die} die ({why}), which decides {decides}: roll it and add "
                              "--die {typed}=FACE{table}; nothing was written", die=_coloured(die), why=why,
                              decides=die_decides(die, exclude), typed=DIE_COLOURS[die], table=table)
                else:
                    text = N_("this reaction rolls the {die} die ({why}), which decides {decides}: roll it and add "
                              "--die {typed}=FACE{table}; nothing was written", die=_coloured(die), why=why,
                              decides=die_decides(die, exclude), typed=DIE_COLOURS[die], table=table)
                raise NeedDieError(die, why, text,
                                   state=self.s, exclude=exclude)
            named, face = self.table_dice[0]
            if named is not None and named != die:
                skipped = Joined("", [Joined("", [" (", t, ")"]) for t in self.not_rolled if f"the {DIE_COLOURS[named]} die" in t])
                raise RuleError(N_("the next die this reaction rolls is the {die} die ({why}), not the {named} die"
                                   "{skipped}; give the results in the order rolled", die=_coloured(die), why=why,
                                   named=Term("die", named), skipped=skipped))
            self.table_dice.pop(0)
            value = parse_face(die, face)
            self.rolls.append(Roll(die, value, "table"))
        else:
            value = parse_face(die, roll(self.s.faces(die), self.s.seed, self.s.rolls))
            self.s.rolls += 1
            self.rolls.append(Roll(die, value, "rolled"))
        self.say("die", die_line(die, why, value, self.rolls[-1].source), die=die, face=value)
        return value

    def skip_die(self, die: str, why: Message | Term | str, because: Message | str) -> None:
        """Do not roll ``die`` (for ``why``), whose result cannot matter ``because``: no
        die is asked for (a table game) nor rolled (a virtual one), and the report says
        what happens instead."""
        text = N_("the {colour} die ({why}) is not rolled: {because}", colour=Term("colour", DIE_COLOURS[die]), why=why,
                  because=because)
        self.not_rolled.append(text)
        self.say("die", text, die=die, face=None)

    def notes(self, notes: list[Note]) -> None:
        """Add the report lines of a solo variant (:mod:`contrarius.rules.variants.solo_variants`) to the turn."""
        for n in notes:
            (self.player_events if n.side == "player" else self.events).append(Event(n.kind, n.text, n.data))

    def refuse_unused_input(self) -> None:
        """At the end of a turn: a ``--choose`` or a die result given but not used is a
        mistake (:class:`UnusedInputError`, a usage error), never silently dropped."""
        if self.choices:
            given = " ".join(f"--choose {c}" for c in self.choices)
            tied = [r.city for r in self.rulings if len(r.moves) > 1]
            if tied:
                raise UnusedInputError(NP_("{given}: not used: only {n} build of this turn had tied colonist moves ({cities}), "
                                           "one --choose each; remove the rest",
                                           "{given}: not used: only {n} builds of this turn had tied colonist moves ({cities}), "
                                           "one --choose each; remove the rest", len(tied), given=given, cities=", ".join(tied)))
            built = [N_("{city} (no move needed)", city=r.city) if r.moves and r.moves[0].steps == 0
                     else N_("{city} (one shortest move)", city=r.city) for r in self.rulings if r.city is not None]
            what = N_("Contrarius built in {cities}", cities=Joined(", ", built)) if built else N_("Contrarius built no house")
            raise UnusedInputError(N_("{given}: not used: no colonist moves tie this turn ({what}), so there is nothing "
                                      "to choose; remove it", given=given, what=what))
        if self.table_dice:
            extra = Joined(", ", [Term("face", f) for _, f in self.table_dice])
            why = Joined("", [Joined("", [" (", t, ")"]) for t in self.not_rolled])
            raise UnusedInputError(N_("this reaction did not roll every die given: {extra} left over{why}; remove it",
                                      extra=extra, why=why))

    def say(self, event: str, message: Message | str, **data: Any) -> None:
        """Record a reaction event of type ``event`` with its report line (a
        :class:`~contrarius.messages.Message`) and its ``--json`` data."""
        self.events.append(Event(event, message, data))

    # ----- victory points and the expert track ---------------------------------------
    def gain_vp(self, n: int, why: str) -> None:
        """Contrarius scores ``n`` VP; in expert games, track houses reached are built."""
        c = self.s.contrarius
        old = c.vp
        c.vp += n
        self.say("vp", N_("Contrarius scores {vp} VP ({reason}): {old} -> {new}", vp=n, reason=why, old=old, new=c.vp),
                 vp=n, reason=english(why))
        for pos in sorted(p for p in c.track if old < p <= c.vp):
            if pos not in c.track:
                continue  # taken earlier this turn from the far end
            c.track.remove(pos)
            self.say("track", N_("the VP marker reached the house on {position} of the track: Contrarius builds it (black die)",
                                 position=pos), position=pos)
            self.build("mercator", N_("track house {position}", position=pos), house_in_hand=True)

    # ----- building --------------------------------------------------------------------
    def build(self, source: str, why: str, *, house_in_hand: bool = False, guard: frozenset = frozenset()) -> str | None:
        """Contrarius builds a house: ``source`` is a die (mercator|senator) or ``"S"``.

        Returns the city, or None when it placed a colonist instead (supplementary rule).
        """
        s = self.s
        if not house_in_hand and s.houses_in_supply(CONTRARIUS) == 0 and not s.contrarius.track:
            self.say("build", N_("Contrarius has no house left to build: supplementary rule, it places a colonist instead (red die)"))
            self.colonist(N_("no house left"), guard=guard | {"build"}, which_colonist=True)
            return None
        face = "S" if source == "S" else self.die(source, why)
        # "Solo Variants", Concordia Salsa: the Tribune and an S of the white die prefer a salt city
        salt = s.variants.salsa is not None and (source == "S" or (source == "senator" and face == "S"))
        ruling = where(s, face, salt=salt)
        self.rulings.append(ruling)
        for reading in ruling.readings:
            self.say("reading", reading)
        if ruling.city is None:
            self.say("build", N_("Contrarius cannot build a house ({goods}: no city it can reach, every type tried); "
                                 "supplementary rule: it places a colonist instead (red die)", goods=Term("goods", ruling.goods)),
                     goods=ruling.goods)
            if house_in_hand:
                self.say("track", N_("the track house goes to Contrarius's supply"))
            self.colonist(N_("could not build"), guard=guard | {"build"}, which_colonist=True)
            return None
        if not house_in_hand and s.houses_in_supply(CONTRARIUS) == 0:
            far = max(s.contrarius.track)
            s.contrarius.track.remove(far)
            self.say("track", N_("its supply is empty: the house comes from the far end of the VP track ({position})", position=far),
                     position=far)
        move = self.pick_move(ruling.moves)
        entered = apply_build(s, ruling.city, move)
        what: Message | Term = (N_("S = {specialist} -> {goods}", specialist=Term("card", ruling.specialist), goods=Term("goods", ruling.goods))
                                if ruling.specialist else Term("goods", ruling.goods))
        if s.cities[ruling.city] == "salt":
            what = (N_("a salt city first (Salsa, the Tribune)") if ruling.asked == "S" and english(why).startswith("Tribune")
                    else N_("a salt city first (Salsa, S on the white die)"))
        text = N_("Contrarius builds in {city} ({province}, {goods}) for {what}: {deciding}", city=ruling.city, province=ruling.province,
                  goods=Term("goods", s.cities[ruling.city]), what=what, deciding=ruling.deciding)
        self.say("build", text, city=ruling.city, province=ruling.province, goods=s.cities[ruling.city], asked=ruling.asked)
        if move is not None and move.steps == 0:
            self.say("move", N_("its {kind} colonist on {start} already stands next to {city}: no move", kind=Term("kind", move.kind),
                                start=move.start, city=ruling.city), **move.to_dict())
        elif move is not None:
            n_opt = len(ruling.moves)
            if n_opt > 1:
                line = N_("moves its {move} (option {option} of {options} tied moves: you choose, --choose N)", move=move.describe(),
                          option=ruling.moves.index(move) + 1, options=n_opt)
            else:
                line = N_("moves its {move}", move=move.describe())
            self.say("move", line, **move.to_dict(), options=[m.to_dict() for m in ruling.moves])
        if entered is not None:
            self.say("colonist", N_("{city} is a harbour: Contrarius's sea colonist leaves the {home} and is placed there (reading)",
                                    city=ruling.city, home=s.board.homes('sea')[0]), colonist="sea", city=ruling.city)
        self.notes(surplus_steps(s, move))  # Aegyptus
        self.check_houses(CONTRARIUS)
        return ruling.city

    def pick_move(self, moves: list[Move]) -> Move | None:
        if not moves:
            return None
        if len(moves) > 1 and self.choices:
            pick = self.choices.pop(0)
            if not 1 <= pick <= len(moves):
                raise RuleError(N_("--choose {pick}: there are {n_moves} tied colonist moves; choose 1 to {n_moves}", pick=pick, n_moves=len(moves)))
            return moves[pick - 1]
        return moves[0]

    # ----- colonists and cards ---------------------------------------------------------
    def colonist(self, why: str, guard: frozenset = frozenset(), *, which_colonist: bool = False) -> None:
        """The red die: a land or sea colonist into the capital, or the card in position 1.

        ``which_colonist``: the die only decides *which* colonist ("Supplementary rules to
        the reactions of Contrarius", Building houses: "it places a colonist instead
        (Determine which colonist by rolling the red Tribune/Colonist die.)"): a card face
        names no colonist, so the die is rolled again until it shows land or sea (a reading,
        README "How the rules are read").
        """
        face = self.die("tribune", why, ("card",) if which_colonist else ())
        kinds = {parse_face("tribune", f) for f in self.s.faces("tribune")} - {"card"}
        while which_colonist and face == "card" and kinds:
            self.say("die", N_("a card face names no colonist: the red die is rolled again (it only decides which colonist)"))
            face = self.die("tribune", N_("{why}: rolled again", why=why), ("card",))
        if face == "card":
            self.take_card(1, guard=guard)
            return
        self.place_colonist(face, guard)

    def place_colonist(self, kind: str, guard: frozenset = frozenset()) -> None:
        s = self.s
        other = SEA if kind == LAND else LAND
        home, reading = contrarius_home(s, kind)
        if s.colonists_in_supply(CONTRARIUS, kind) > 0 and home is not None:
            use = kind
        elif s.colonists_in_supply(CONTRARIUS, other) > 0 and contrarius_home(s, other)[0] is not None:
            use = other
            if home is None:
                self.say("colonist", N_("{reading}: a {kind} colonist instead", reading=reading, kind=Term("kind", other)))
            else:
                self.say("colonist", N_("no {kind} colonist left in its supply: supplementary rule, a {other} colonist instead",
                                        kind=Term("kind", kind), other=Term("kind", other)))
            home, reading = contrarius_home(s, other)
        else:
            self.say("colonist", N_("all six colonists are placed: supplementary rule, it takes the card in position 1 instead"))
            self.take_card(1, guard=guard | {"colonist"})
            return
        aeg, notes = red_sea_colonist(s, use)  # Aegyptus: "at the first occasion"
        if aeg is not None:
            home, reading = aeg, ""
        s.colonists.append(Colonist(CONTRARIUS, use, home, None))
        if reading:
            line = N_("Contrarius places a {kind} colonist in {city} ({reading})", kind=Term("kind", use), city=home, reading=reading)
        else:
            line = N_("Contrarius places a {kind} colonist in {city}", kind=Term("kind", use), city=home)
        self.say("colonist", line, colonist=use, city=home)
        self.notes(notes)

    def take_card(self, position: int, guard: frozenset = frozenset()) -> None:
        """Contrarius takes the display card at ``position`` (1-based), else the first."""
        s = self.s
        cards = s.display_cards()
        if not cards:
            if "card" in guard or "build" in guard:
                self.say("card", N_("no card is left in the display and Contrarius cannot build either: nothing happens"))
                return
            self.say("card", N_("no card is left in the display: supplementary rule, Contrarius builds a house (white die)"))
            self.build("senator", N_("no card to take"), guard=guard | {"card"})
            return
        if position > len(cards):
            self.say("card", N_("position {position} holds no card: supplementary rule, Contrarius takes the card in position 1",
                                position=position))
            position = 1
        name = self.name_position(position)
        self.say("card", N_("Contrarius takes {card} from display position {position} (face up)", card=Term("card", name),
                            position=position), card=name, position=position)
        self.remove_from_display(position)
        s.contrarius.cards.append(Card.of(name))
        if s.cards_left == 0:
            self.end_game(CONTRARIUS, LAST_CARD)

    def name_position(self, position: int) -> str:
        name = self.s.display[position - 1]
        if name == UNKNOWN_CARD:
            if position in self.a.reveal:
                return self.refill_card(self.a.reveal[position])
            raise NeedRevealError(position, N_("display position {position} holds a card the snapshot does not name; run the same command again with --reveal {position}=NAME", position=position))
        return name  # type: ignore[return-value]

    def refill_card(self, name: str) -> str:
        """A ``--refill`` name: a card of the display stacks, or ``?`` when not recorded."""
        return stack_card(self.s, name)

    def remove_from_display(self, *positions: int) -> None:
        """Take cards out of the display (positions as it lies before): the others slide
        left once and the stack refills the display, one card per card taken, while it
        lasts (base rules: "Afterwards cards slide left into empty positions and the
        display refills"); one event says where each new card lies."""
        s = self.s
        cards = s.display_cards()
        for position in sorted(positions, reverse=True):
            cards.pop(position - 1)
        shown: list[str] = []
        drawn: list[str] = []
        for _ in positions:
            if s.stack_remaining <= 0:
                break
            if s.stack_order:
                new = s.stack_order.pop(0)
                self.drawn_from.append("seed")
            elif self.refill:
                new = self.refill_card(self.refill.pop(0))
                self.drawn_from.append("given")
            else:
                new = UNKNOWN_CARD
                self.drawn_from.append("unknown")
            s.stack_remaining -= 1
            cards.append(new)
            drawn.append(new)
            pos = len(cards)
            if new == UNKNOWN_CARD:
                shown.append(N_("an unrecorded card (?) is drawn into position {position}: name it with --reveal {position}=CARD on your "
                                "next command, or 'contrarius reveal SNAPSHOT {position}=CARD -i'", position=pos))
            else:
                shown.append(N_("{card} is drawn into position {position}", card=Term("card", new), position=pos))
        if len(drawn) == 1:
            self.say("refill", N_("the display slides left and {drawn}", drawn=shown[0]), card=drawn[0])
        elif drawn:
            # ``card`` as for one card: ``?`` when a card drawn is not recorded (the session asks for it)
            unknown = {"card": UNKNOWN_CARD} if UNKNOWN_CARD in drawn else {}
            self.say("refill", N_("the display slides left once and {drawn}", drawn=Joined("; ", shown)), cards=drawn, **unknown)
        s.display = cards + [None] * (DISPLAY_SIZE - len(cards))

    # ----- end of game -------------------------------------------------------------------
    def check_houses(self, owner: str) -> None:
        """``owner``'s last house ends the game (:func:`~contrarius.rules.end_of_game.last_house`)."""
        why = last_house(self.s, owner)
        if why is not None:
            self.end_game(owner, why)

    def end_game(self, owner: str, why: str) -> None:
        """``owner`` ends the game (:func:`~contrarius.rules.end_of_game.end_game`): the
        report's line is the player's event when a player ended it, Contrarius's otherwise."""
        text = end_game(self.s, owner, why)
        if text is not None:
            (self.events if owner == CONTRARIUS else self.player_events).append(Event("end", text, {"by": owner}))


def die_line(die: str, why: Any, value: Any, source: str) -> Message:
    """The report's line for a die result: ``blue die (Architect): 3 = display position 3 (rolled)``."""
    if die == "architect":
        meaning = N_("display position {position}", position=value)
    elif die == "tribune":
        meaning = N_("the card in position 1") if value == "card" else N_("a {kind} colonist", kind=Term("kind", value))
    elif value == "S":
        meaning = N_("S, the best specialist's goods")
    else:
        meaning = N_("the goods type {goods}", goods=Term("goods", value))
    face = value if die == "architect" else Term("face", value)
    if source == "table":
        return N_("{colour} die ({why}): {face} = {meaning} (read from the table)", colour=Term("colour", DIE_COLOURS[die]), why=why,
                  face=face, meaning=meaning)
    return N_("{colour} die ({why}): {face} = {meaning} (rolled)", colour=Term("colour", DIE_COLOURS[die]), why=why, face=face,
              meaning=meaning)


def goods_list(goods: dict[str, int]) -> Joined:
    """``1 wine, 2 cloth``: goods received, said in the language chosen."""
    return Joined(", ", [N_("{n} {goods}", n=n, goods=Term("goods", x)) for x, n in goods.items()])


def produce_for_players(t: Turn, province: str, why: str) -> list[dict[str, Any]]:
    """Every player's house in ``province`` produces one unit of its city's goods."""
    s = t.s
    out = []
    for p in s.players:
        got: dict[str, int] = {}
        for city in s.board.provinces[province]:
            if p.id in s.houses.get(city, []):
                g = s.cities[city]
                got[g] = got.get(g, 0) + 1
        if got:
            for g, n in got.items():
                store_goods(t, p, g, n)
            out.append({"player": p.id, "goods": got})
    return out


def store_goods(t: Turn, p: Any, goods: str, n: int) -> None:
    """Add ``n`` ``goods`` to a player's running tally of goods received (if recorded).

    The tally is partial by design: contrarius sees goods received (production, bonuses),
    never goods spent or traded, so it is no count of the storehouse: it is not capped at
    the storehouse's spaces and gives no warning. The capacity rule applies where goods are
    counted at the table (``score --goods``, :func:`contrarius.rules.scoring.storehouse_space`).
    """
    if p.goods is None:
        return
    p.goods[goods] = p.goods.get(goods, 0) + n


def stack_card(s: Snapshot, name: str) -> str:
    """The printed name of a card drawn into the display (``--refill``, ``--reveal``): a
    card of the display stacks in a solo game ("Setup": stacks I and II), or ``?`` for a
    card not recorded. Raises :class:`UnknownNameError` / :class:`ContrariusError`."""
    if str(name).strip() == UNKNOWN_CARD:
        return UNKNOWN_CARD
    canon = card_name(name)
    stacks = {c for names in card_facts()["stacks"].values() for c in names}
    if s.mode == SOLO and canon not in stacks:
        raise ContrariusError(N_("--refill {canon}: the display stacks hold no {canon} (they hold {names})", canon=canon, names=Joined(", ", [Term("card", c) for c in sorted(stacks)], sort=True)))
    return canon


def apply_reveals(s: Snapshot, reveal: dict[int, str], typed: str = "--reveal ") -> list[Message]:
    """Name display cards the snapshot shows as ``?`` (changes ``s``): ``{position: card}``;
    ``typed``: what the player typed before ``POS=CARD`` (``play``'s option; nothing for the
    ``reveal`` command and the session's), which a refusal repeats.

    A card drawn into the display lies face up at the table ("Setup": the display); when
    the snapshot did not record it, the player names it. Returns one report line per card.
    Raises :class:`ContrariusError` for a position that does not show ``?`` or a name that
    is ``?`` or not a card of the display stacks.
    """
    lines = []
    for pos, name in sorted(reveal.items()):
        shown = s.display[pos - 1] if 1 <= pos <= DISPLAY_SIZE else None
        if shown != UNKNOWN_CARD:
            raise ContrariusError(N_("{given}: display position {pos} shows {value}, not ? (an unrecorded card)",
                                     given=Joined("", [typed + str(pos) + "=", Term("card", name)]), pos=pos,
                                     value=Term("card", shown) if shown else N_("no card")))
        canon = stack_card(s, name)
        if canon == UNKNOWN_CARD:
            raise ContrariusError(N_("{given}: name the card, e.g. {example}", given=typed + str(pos) + "=?", example=typed + str(pos) + "=Weaver"))
        s.display[pos - 1] = canon
        lines.append(N_("display position {position} is {card}", position=pos, card=Term("card", canon)))
    return lines


def ensure_valid(s: Snapshot) -> None:
    """Refuse a turn whose new snapshot would not load again (the last safety net before
    anything is written). Raises :class:`ContrariusError` naming the first problem."""
    try:
        read_snapshot(s.to_dict(), "<new snapshot>")
    except SnapshotError as exc:
        raise ContrariusError(N_("this turn would leave an invalid snapshot ({value}); nothing was written: check the card names given with --refill and --reveal", value=exc.problems[0].render())) from None
