"""Where does Contrarius build? Movement on the board graph and the city choice.

This module implements the rulebook section "Where Does Contrarius Build?" (solo booklet
page 9, team booklet page 12) with the readings of README "How the rules are read":

1. The goods type is the die result; ``S`` means the goods of the best specialist
   Contrarius owns, face up or down (Weaver > Vintner > Smith > Farmer > Mason).
2. Step 1: Contrarius can only build in cities it can reach with its colonists and where
   it has no house yet. It has as many movement steps as colonists on the board (in
   cities or on lines). One colonist moves; land colonists use land lines, sea colonists
   sea lines; the first step leaves a city onto an adjacent line, each further step goes
   through a city onto the next line; lines holding a colonist can be passed, not ended
   on. A colonist already on a line next to the city needs no move. Never the capital.
3. Step 2: an empty city (no house of anyone) if one is reachable.
4. Step 3: a province new to Contrarius if one is reachable.
5. Step 4: the first city name in alphabetical order (as printed, case-insensitive).
6. The move: the shortest one that puts a colonist on an empty line next to the city;
   where several colonists or lines tie, the player chooses ("you choose whichever
   colonist moves on which adjacent line"). The options are listed; the default is the
   first (colonists in snapshot order, then lines alphabetically).
7. No city of the type: the next lower type (cloth > wine > tool > food > brick, after
   brick comes cloth) until all five were tried; none at all: ``city`` is None and the
   caller applies "Supplementary rules to the reactions of Contrarius" (a colonist).

Everything here is pure: :func:`where` reads a snapshot and returns a
:class:`BuildRuling`; :func:`apply_build` changes the snapshot it is
given (the reaction code passes its own working copy).
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from contrarius.material.board import CASTLE, GALLEY, GOODS, HOLDING, Line
from contrarius.material.cards import best_specialist_goods, goods_below
from contrarius.errors import ContrariusError, RuleError
from contrarius.messages import N_, NP_, Joined, Message, Term, english, plain
from contrarius.records import Record
from contrarius.model.snapshot import CONTRARIUS, Colonist, Snapshot

#: The rule steps of "Where does Contrarius build?" as the reports name them
#: (``Exclusion.step`` -> words).
STEP_NAMES = {
    "1": N_("step 1 (reach, no house of its own)"),
    "2": N_("step 2 (empty city first)"),
    "3": N_("step 3 (new province first)"),
    "4": N_("step 4 (alphabetical order)"),
    "1a": N_("the variant's preference, before step 2"),
}


class Move(NamedTuple):
    """A colonist move: which colonist (index into ``snapshot.colonists``), the lines it
    enters in order (``path``; empty when it already stands next to the city) and so its
    number of ``steps``."""

    colonist: int
    start: str
    kind: str
    path: tuple[Line, ...]

    @property
    def steps(self) -> int:
        """Movement steps used."""
        return len(self.path)

    @property
    def end(self) -> Line | None:
        """The line the colonist ends on (None: it does not move)."""
        return self.path[-1] if self.path else None

    def describe(self) -> Message:
        """``"sea colonist Roma -> Cosa-Roma -> Aleria-Cosa (2 steps)"``, for reports."""
        if not self.path:
            return N_("{kind} colonist on {start} stays (already next to the city)", kind=Term("kind", self.kind), start=self.start)
        route = " -> ".join([self.start] + [ln.label + (f" ({ln.route})" if ln.route else "") for ln in self.path])
        return NP_("{kind} colonist {route} ({n} step)", "{kind} colonist {route} ({n} steps)", self.steps,
                   kind=Term("kind", self.kind), route=route)

    def to_dict(self) -> dict:
        """Plain data for ``--json``."""
        return {"colonist": self.colonist, "kind": self.kind, "from": self.start,
                "path": [ln.label for ln in self.path], "steps": self.steps,
                "to": self.end.label if self.end else self.start}


class Candidate(Record):
    """A city of the goods type that Contrarius can reach, with the shortest move(s)."""

    _fields = ("city", "province", "distance", "empty", "new_province", "moves")

    def __init__(self, city: str, province: str, distance: int, empty: bool, new_province: bool, moves: list[Move]):
        self.city = city
        self.province = province
        self.distance = distance
        self.empty = empty
        self.new_province = new_province
        self.moves = moves


class Priority(NamedTuple):
    """A solo variant's city preference checked "even before checking point 2" of "Where
    does Contrarius build?" ("Solo Variants", Concordia Gallia and Aegyptus).

    ``cities``: the preferred cities; ``label``: the step's name in the trace (e.g.
    ``"Gallia: its first harbour city"``); ``reading``: the reading it rests on, in words.
    """

    cities: frozenset[str]
    label: str
    reading: str


class Exclusion(Record):
    """A city ruled out, with the rule step and the reason in words."""

    _fields = ("city", "step", "reason")

    def __init__(self, city: str, step: str, reason: str):
        self.city = city
        self.step = step
        self.reason = reason


class Trial(Record):
    """One goods type tried: its candidates, the cities ruled out, and the choice."""

    _fields = ("goods", "candidates", "excluded", "chosen", "deciding", "label")

    def __init__(self, goods: str, candidates: list[Candidate] | None = None, excluded: list[Exclusion] | None = None,
                 chosen: Candidate | None = None, deciding: str = "", label: str = ""):
        self.goods = goods
        self.candidates = [] if candidates is None else candidates
        self.excluded = [] if excluded is None else excluded
        self.chosen = chosen
        self.deciding = deciding
        #: what this trial is in the trace when a solo variant adds it ("" for the goods rule)
        self.label = label


class BuildRuling(Record):
    """The whole ruling: the type asked, each type tried, the city and the move options.

    ``city`` is None when Contrarius cannot build anywhere (supplementary rule).
    """

    _fields = ("asked", "goods", "specialist", "steps", "trials", "city", "province", "moves", "deciding", "readings",
               "notes")

    def __init__(self, asked: str, goods: str, specialist: str | None, steps: int, trials: list[Trial],
                 city: str | None = None, province: str | None = None, moves: list[Move] | None = None,
                 deciding: str = "", readings: list[str] | None = None, notes: list[str] | None = None):
        self.asked = asked
        self.goods = goods
        self.specialist = specialist
        self.steps = steps
        self.trials = trials
        self.city = city
        self.province = province
        self.moves = [] if moves is None else moves
        self.deciding = deciding
        #: readings of the rulebook's "Solo Variants" that acted on this ruling, in words
        self.readings = [] if readings is None else readings
        self.notes = [] if notes is None else notes

    def summary(self) -> str:
        """One line: where Contrarius builds and the deciding reason."""
        if self.city is None:
            return N_("Contrarius cannot build in any city it can reach (every goods type tried)")
        return N_("builds in {city} ({province}): {deciding}", city=self.city, province=self.province, deciding=self.deciding)

    def to_dict(self) -> dict:
        """Plain data for ``--json``: the trace of every step."""
        return {
            "asked": self.asked, "goods": self.goods, "specialist": self.specialist, "steps": self.steps,
            "city": self.city, "province": self.province, "deciding": english(self.deciding),
            "moves": [m.to_dict() for m in self.moves],
            **({"board_notes": plain(list(self.notes))} if self.notes else {}),
            "trials": [
                {"goods": t.goods, "chosen": t.chosen.city if t.chosen else None, "deciding": english(t.deciding),
                 "candidates": [{"city": c.city, "province": c.province, "distance": c.distance, "empty": c.empty,
                                 "new_province": c.new_province, "moves": [m.to_dict() for m in c.moves]} for c in t.candidates],
                 "excluded": [{"city": e.city, "step": e.step, "reason": english(e.reason)} for e in t.excluded]}
                | ({"label": english(t.label)} if t.label else {})
                for t in self.trials
            ],
        } | ({"readings": plain(list(self.readings))} if self.readings else {})


def line_distances(snapshot: Snapshot, colonist: Colonist, limit: int) -> dict[Line, tuple[Line, ...]]:
    """Every line ``colonist`` can reach within ``limit`` steps, with a shortest path to it.

    Rule: "Where Does Contrarius Build?" step 1, movement as the base rules' Architect moves. Lines of the colonist's
    kind only; occupied lines are passed through (they appear in the result but the
    caller must not end a move on them). The colonist's own line has the empty path.
    Returns ``{line: path}`` where ``path`` lists the lines entered, the last being ``line``.
    """
    board = snapshot.board
    paths: dict[Line, tuple[Line, ...]] = {}
    queue: deque[Line] = deque()
    if colonist.line is not None:
        paths[colonist.line] = ()
        queue.append(colonist.line)
    else:
        for ln in board.lines_at(colonist.city, colonist.kind):  # type: ignore[arg-type]
            if limit >= 1:
                paths[ln] = (ln,)
                queue.append(ln)
    while queue:
        cur = queue.popleft()
        if len(paths[cur]) >= limit:
            continue
        for end in cur.ends:
            for nxt in board.lines_at(end, colonist.kind):
                if nxt not in paths:
                    paths[nxt] = paths[cur] + (nxt,)
                    queue.append(nxt)
    return paths


def movement_steps(snapshot: Snapshot, owner: str) -> int:
    """Movement steps of ``owner``: one per colonist on the board, in a city or a place
    or on a line (the Architect; "Where does Contrarius build?", step 1). A sea colonist
    waiting off the lines (Gallia's Mediterranean) counts too: the rulebook's "the number
    of possible movement steps is as usual the number of colonists" (it is on the board,
    as Germania's sea colonist that never moves), though it cannot move itself."""
    return len(snapshot.colonists_of(owner))


def board_notes(snapshot: Snapshot) -> list[str]:
    """The board's readings that act on Contrarius's move in this state, in words (for
    the ``where`` trace): a kind of colonist that has no line at all on the board
    (Germania's sea colonists), colonists waiting off the lines (Gallia), routes that are
    read as lines (the Nile)."""
    board = snapshot.board
    notes: list[str] = []
    mine = snapshot.colonists_of(CONTRARIUS)
    for kind in sorted({c.kind for c in mine}):
        if not any(ln.kind == kind for ln in board.lines):
            notes.append(N_("the {board} board has no {kind} lines: Contrarius's {kind} colonists stay where they are"
                            " (they count toward the steps) - reading", board=board.name, kind=Term("kind", kind)))
    if any(c.city is not None and board.node_type(c.city) == HOLDING for c in mine):
        notes.append(N_("Contrarius's sea colonist waits in the {place} until it builds in a harbour city; it counts toward the steps "
                        "but cannot move - reading", place=next(c.city for c in mine if c.city and board.node_type(c.city) == HOLDING)))
    traders = sorted(aegyptus_traders(snapshot))
    if traders:
        where = ", ".join(snapshot.colonists[i].line.label for i in traders)
        notes.append(NP_("Contrarius's Aegyptus trader on {where} counts toward the steps but never moves - reading",
                         "Contrarius's Aegyptus traders on {where} count toward the steps but never move - reading", len(traders),
                         where=where))
    if any(ln.route for ln in board.lines):
        routes = sorted({ln.route for ln in board.lines if ln.route})
        notes.append(N_("the {routes} is read as sea lines, one per stretch between consecutive cities - reading", routes=", ".join(routes)))
    if any(c.city is not None and board.node_type(c.city) == GALLEY for c in mine):
        notes.append(N_("a colonist on a galley enters one of the sea lines the galley is joined to as its first step - reading"))
    castles = [n for n, node in board.nodes.items() if node.type == CASTLE]
    if castles:
        notes.append(N_("castles are passed like cities (each line is one step); nobody builds there - reading"))
    return notes


def enter_from_holding(snapshot: Snapshot, owner: str, city: str) -> Colonist | None:
    """Gallia (a reading): when ``owner`` builds in a harbour city, one of its sea
    colonists waiting off the lines is placed in that city. Returns the colonist moved,
    None when nothing moves. Changes ``snapshot``."""
    board = snapshot.board
    if not board.has_tag(city, "harbour"):
        return None
    for col in snapshot.colonists_of(owner):
        if col.city is not None and board.node_type(col.city) == HOLDING:
            col.city, col.line = city, None
            return col
    return None


def contrarius_home(snapshot: Snapshot, kind: str) -> tuple[str | None, str]:
    """Where Contrarius places a new colonist of ``kind`` (the red die, "Supplementary
    rules"): the capital, or where that kind starts on the board. Returns ``(place,
    reading)``; ``reading`` is empty when the board prints the place, else the reading
    used; ``place`` is None when the kind has no place at all (then the other kind goes).

    Readings: Gallia, sea: its first harbour city with its house (alphabetical), else
    the Mediterranean; Balearica, sea: the galley named at setup (default Galley west);
    a kind with no printed start (Balearica's land colonists): its first city with its
    house (alphabetical), None without one; Roma: the start city named at setup.
    """
    board = snapshot.board
    homes = snapshot.homes(kind)
    if homes and board.node_type(homes[0]) == HOLDING:
        harbours = [c for c in snapshot.houses_of(CONTRARIUS) if board.has_tag(c, "harbour")]
        from contrarius.model.variants import first_house

        recorded = snapshot.variants.gallia.first_harbour if snapshot.variants.gallia else None
        first = first_house(recorded, harbours)
        if first is not None:
            if first == recorded:
                return first, N_("{city} is its first harbour city, the first it built in (reading)", city=first)
            return first, N_("{city} is its first harbour city, its only one (reading)", city=first)
        if harbours and snapshot.variants.gallia:
            raise ContrariusError(N_("variants.gallia.first_harbour: Contrarius has houses in {harbours} and the snapshot does not record which harbour city it built in first (its new sea colonist goes there): write that city as variants.gallia.first_harbour", harbours=', '.join(harbours)))
        if harbours:
            return harbours[0], N_("{city} is its first harbour city in alphabetical order: a {mode} game "
                                   "does not record the order it built them (reading)", city=harbours[0], mode=snapshot.mode)
        return homes[0], N_("it has no house in a harbour city yet: the colonist waits off the lines (reading)")
    if len(homes) > 1:
        pick = snapshot.start if snapshot.start in homes else homes[0]
        return pick, N_("{place} is the place named at setup for its new colonists (new --start; reading)", place=pick)
    if homes:
        return homes[0], "" if board.capital or not board.asks_start else N_("the start city named at setup (reading)")
    own = snapshot.houses_of(CONTRARIUS)
    usable = [c for c in own if board.lines_at(c, kind)]  # a colonist in a city without such a line never moves
    if usable:
        return usable[0], N_("the {board} board prints no start for {kind} colonists: its first city with a house "
                             "and a {kind} line (reading)", board=board.name, kind=Term("kind", kind))
    if own:
        return None, N_("the {board} board prints no start for {kind} colonists and no city with Contrarius's house "
                        "has a {kind} line (reading)", board=board.name, kind=Term("kind", kind))
    return None, N_("the {board} board prints no start for {kind} colonists and Contrarius has no house (reading)", board=board.name,
                    kind=Term("kind", kind))


def _endable(snapshot: Snapshot, line: Line, mover: Colonist) -> bool:
    """A move may end on ``line``: it is stoppable and empty (or the mover already stands there)."""
    occupant = snapshot.line_occupant(line)
    return line.stoppable and (occupant is None or occupant is mover)


def reach(snapshot: Snapshot) -> dict[str, list[Move]]:
    """For every city Contrarius can reach, its shortest moves (ties all kept).

    Rule: "Where does Contrarius build?", step 1 (reachability) and the colonist move.
    Returns ``{city: [Move, ...]}``; cities out of reach are absent; the capital too.
    """
    board = snapshot.board
    mine = [(i, snapshot.colonists[i]) for i in building_colonists(snapshot)]
    steps = contrarius_steps(snapshot)
    best: dict[str, list[Move]] = {}
    for i, col in mine:
        for line, path in line_distances(snapshot, col, steps).items():
            if not _endable(snapshot, line, col):
                continue
            move = Move(i, col.where, col.kind, path)
            for city in line.ends:
                if not board.is_city(city):  # the capital, an arch, a castle, a disc
                    continue
                have = best.get(city)
                if have is None or move.steps < have[0].steps:
                    best[city] = [move]
                elif move.steps == have[0].steps:
                    have.append(move)
    for city, moves in best.items():
        if moves[0].steps == 0:
            # a colonist already stands next to the city: nothing moves, no choice to make
            best[city] = [min(moves, key=lambda m: m.colonist)]
            continue
        unique: dict[tuple, Move] = {}
        for m in sorted(moves, key=lambda m: (m.colonist, m.end.label if m.end else "")):
            key = (m.kind, m.start, m.end)
            unique.setdefault(key, m)
        best[city] = list(unique.values())
    return best


def aegyptus_traders(snapshot: Snapshot) -> set[int]:
    """Indexes (into ``snapshot.colonists``) of Contrarius's Aegyptus traders.

    "Solo Variants", Concordia Aegyptus, with the reading of README "How the rules are
    read": a sea colonist of Contrarius that ended a move on a free line joined to a bonus
    spot (disc) became that spot's trader (recorded in ``variants.aegyptus.traders``). For
    each recorded spot the trader is the first sea colonist of Contrarius (snapshot order)
    on a line joined to it; a second one there is no trader (one trader per spot). Empty
    without the Aegyptus variant."""
    a = snapshot.variants.aegyptus
    if a is None or not a.traders:
        return set()
    out: set[int] = set()
    for spot in a.traders:
        for i, c in enumerate(snapshot.colonists):
            if c.owner == CONTRARIUS and c.kind == "sea" and c.line is not None and spot in c.line.ends and i not in out:
                out.add(i)
                break
    return out


def building_colonists(snapshot: Snapshot) -> list[int]:
    """Indexes (into ``snapshot.colonists``) of Contrarius's colonists that may be moved for
    a build: all of them, except its Aegyptus traders (:func:`aegyptus_traders`), which
    never move again."""
    traders = aegyptus_traders(snapshot)
    return [i for i, c in enumerate(snapshot.colonists) if c.owner == CONTRARIUS and i not in traders]


def contrarius_steps(snapshot: Snapshot) -> int:
    """Contrarius's movement steps: :func:`movement_steps`, one per colonist on the board.
    An Aegyptus trader counts too ("its movement still counts"), though it never moves."""
    return movement_steps(snapshot, CONTRARIUS)


def _why_unreachable(snapshot: Snapshot, city: str, steps: int, far: dict[int, dict[Line, tuple[Line, ...]]]) -> str:
    """Words for a city that no colonist can reach. ``far``: colonist index -> the lines it
    reaches in any number of steps (:func:`line_distances` without a limit), filled here
    when needed, so that the cities of one trial share them."""
    board = snapshot.board
    kinds = {c.kind for c in snapshot.colonists if c.owner == CONTRARIUS}
    if not kinds:
        return N_("out of reach: Contrarius has no colonist on the board")
    adjacent = [ln for k in sorted(kinds) for ln in board.lines_at(city, k)]
    if not adjacent:
        if len(kinds) > 1:
            return N_("out of reach: no land or sea line leads to it")
        return N_("out of reach: no {kind} line leads to it", kind=Term("kind", next(iter(kinds))))
    free = [ln for ln in adjacent if ln.stoppable and snapshot.line_occupant(ln) is None]
    if not free:
        return N_("every line next to it that Contrarius's colonists could use is occupied")
    # shortest distance to a free adjacent line, unbounded, for the explanation
    nearest = None
    for i in building_colonists(snapshot):  # an Aegyptus trader never moves again
        col = snapshot.colonists[i]
        if i not in far:
            far[i] = line_distances(snapshot, col, 10 ** 6)
        reached = far[i]
        for ln in free:
            if ln in reached and (nearest is None or len(reached[ln]) < nearest):
                nearest = len(reached[ln])
    if nearest is None:
        return N_("out of reach: no colonist of Contrarius is connected to it")
    return NP_("out of reach: {n} step to a free line next to it, Contrarius has {steps}",
               "out of reach: {n} steps to a free line next to it, Contrarius has {steps}", nearest, steps=steps)


def _alpha(name: str) -> str:
    return name.casefold()


def try_goods(snapshot: Snapshot, goods: str, reachable: dict[str, list[Move]],
              priority: Priority | None = None, far: dict[int, dict[Line, tuple[Line, ...]]] | None = None) -> Trial:
    """Apply steps 1-4 of "Where does Contrarius build?" to the cities of one goods type.

    ``priority`` (Gallia, Aegyptus): among the cities left after step 1, the preferred ones
    win before step 2 when at least one of them is reachable (step ``"1a"`` in the trace).
    ``far``: colonist index -> the lines it reaches in any number of steps, for the words of
    the cities out of reach (:func:`_why_unreachable`), filled as needed; several trials on
    the same unchanged snapshot may share it.
    """
    board = snapshot.board
    trial = Trial(goods)
    steps = contrarius_steps(snapshot)
    my_provinces = snapshot.provinces_of(CONTRARIUS)
    if far is None:
        far = {}
    for city in sorted((c for c, g in snapshot.cities.items() if g == goods), key=_alpha):
        if CONTRARIUS in snapshot.houses.get(city, []):
            trial.excluded.append(Exclusion(city, "1", N_("Contrarius already has a house there")))
            continue
        if city not in reachable:
            trial.excluded.append(Exclusion(city, "1", _why_unreachable(snapshot, city, steps, far)))
            continue
        moves = reachable[city]
        province = board.cities[city].province
        trial.candidates.append(Candidate(city, province, moves[0].steps, not snapshot.houses.get(city),
                                          province not in my_provinces, moves))
    pool = list(trial.candidates)
    if not pool:
        return trial
    decided: Message = N_("the only city of this type it can reach")
    label_said = False
    if priority is not None and len(pool) > 1:
        preferred = [c for c in pool if c.city in priority.cities]
        if preferred and len(preferred) < len(pool):
            for c in pool:
                if c.city not in priority.cities:
                    trial.excluded.append(Exclusion(c.city, "1a", N_("not {label}, while one is reachable", label=priority.label)))
            pool = preferred
            decided = N_("the only city it can reach that is {label}", label=priority.label)
            label_said = True
    if len(pool) > 1:
        empty = [c for c in pool if c.empty]
        if empty and len(empty) < len(pool):
            for c in pool:
                if not c.empty:
                    trial.excluded.append(Exclusion(c.city, "2", N_("already has a house while an empty city is reachable")))
            pool = empty
            decided = N_("the only empty city it can reach")
            label_said = False
        if len(pool) > 1:
            new = [c for c in pool if c.new_province]
            if new and len(new) < len(pool):
                for c in pool:
                    if not c.new_province:
                        trial.excluded.append(Exclusion(c.city, "3", N_("Contrarius already has a house in {province} while a new province is reachable",
                                                                        province=c.province)))
                pool = new
                decided = (N_("the only empty city in a province new to Contrarius") if pool[0].empty
                           else N_("the only city in a province new to Contrarius"))
                label_said = False
        if len(pool) > 1:
            pool.sort(key=lambda c: _alpha(c.city))
            for c in pool[1:]:
                trial.excluded.append(Exclusion(c.city, "4", N_("comes after {city} in alphabetical order", city=pool[0].city)))
            pool = pool[:1]
            decided = {(False, False): N_("first in alphabetical order among the cities"),
                       (True, False): N_("first in alphabetical order among the empty cities"),
                       (False, True): N_("first in alphabetical order among the cities in new provinces"),
                       (True, True): N_("first in alphabetical order among the empty cities in new provinces")}[(pool[0].empty, pool[0].new_province)]
            label_said = False
    if priority is not None and pool[0].city in priority.cities and trial.excluded and \
            any(e.step == "1a" for e in trial.excluded) and not label_said:
        decided = N_("{decided} ({label} first)", decided=decided, label=priority.label)
    trial.chosen = pool[0]
    trial.deciding = decided
    return trial


def resolve_goods(snapshot: Snapshot, face: str) -> tuple[str, str | None]:
    """The goods type for a die face: the face itself, or for ``S`` the best specialist's.

    Returns ``(goods, specialist or None)``. Raises :class:`RuleError` for ``S`` when
    Contrarius owns no specialist (impossible after a correct setup, which gives it one).
    """
    if face != "S":
        if face not in GOODS:
            raise RuleError(N_("{face!r} is not a goods type; use brick, food, tool, wine, cloth or S", face=face))
        return face, None
    best = best_specialist_goods(snapshot.contrarius.cards)
    if best is None:
        raise RuleError(N_("S means the goods of Contrarius's best specialist, but it owns none: add its setup specialist to contrarius.cards"))
    return best[1], best[0]


#: The salt step's reading (README, "How the rules are read": Concordia Salsa).
SALT_READING = N_("Salsa: Contrarius prefers a salt city (Tribune, or S on the white die): points 1-4 of "
                "\"Where does Contrarius build?\" among the salt cities it can reach")
NO_SALT_READING = N_("Salsa reading: no salt city it can build in (none reachable without its house), so the "
                   "unchanged rule applies (the best specialist's goods, then the next lower types)")


def where(snapshot: Snapshot, face: str, *, salt: bool = False, shared: dict | None = None) -> BuildRuling:
    """Rule on where Contrarius builds for die result ``face`` (a goods type or ``"S"``).

    Rule: "Where Does Contrarius Build?" with the cheaper-goods fallback. ``salt``: the
    build is the Tribune's or an ``S`` of the white die in a game with Concordia Salsa
    ("Solo Variants": Contrarius "prefers building a house in a salt city instead of
    building for its best specialist"): steps 1-4 are first applied to the reachable salt
    cities; none reachable: the unchanged rule (a reading). Pure: the snapshot is not
    changed. Raises :class:`RuleError` for ``S`` without a specialist.

    ``shared``: a dict (empty at first) given to every call that rules on the same
    unchanged snapshot (``contrarius where``: every face): what does not depend on the
    face (step 1's reachable cities and the colonists' distances) is worked out once and
    kept there. The rulings are the same as without it.
    """
    goods, specialist = resolve_goods(snapshot, face)
    if shared is None:
        shared = {}
    if "reachable" not in shared:
        shared["reachable"], shared["far"] = reach(snapshot), {}
    reachable, far = shared["reachable"], shared["far"]
    ruling = BuildRuling(face, goods, specialist, contrarius_steps(snapshot), [])
    ruling.notes = board_notes(snapshot)
    priority = variant_priority(snapshot)
    if priority is not None:
        ruling.readings.append(priority.reading)
    if salt and snapshot.variants.salsa is not None:
        trial = try_goods(snapshot, "salt", reachable, priority, far)
        trial.label = N_("Salsa: salt city first")
        ruling.trials.append(trial)
        ruling.readings.append(SALT_READING)
        if trial.chosen is not None:
            c = trial.chosen
            ruling.city, ruling.province, ruling.moves = c.city, c.province, c.moves
            ruling.deciding = trial.deciding
            return ruling
        ruling.readings.append(NO_SALT_READING)
    g = goods
    tried: list[str] = []
    for _ in GOODS:
        trial = try_goods(snapshot, g, reachable, priority, far)
        ruling.trials.append(trial)
        if trial.chosen is not None:
            c = trial.chosen
            ruling.city, ruling.province, ruling.moves = c.city, c.province, c.moves
            if g != goods:
                words = [Term("goods", t) for t in tried]
                none = words[0] if len(words) == 1 else N_("{some} or {last}", some=Joined(", ", words[:-1]), last=words[-1])
                ruling.deciding = N_("{deciding} (no {none} city available, next lower type {goods})", deciding=trial.deciding, none=none,
                                     goods=Term("goods", g))
            else:
                ruling.deciding = trial.deciding
            return ruling
        tried.append(g)
        g = goods_below(g)
    return ruling


#: Readings of the board variants' priority (README, "How the rules are read").
GALLIA_READING = N_("Gallia reading: while Contrarius has no house in a harbour city, a reachable harbour city "
                  "of the goods type is chosen before points 2-4 of \"Where does Contrarius build?\"")
AEGYPTUS_READING = N_("Aegyptus reading: while Contrarius has no house at the Red Sea, a reachable Red Sea city, "
                    "and any reachable Nile city upstream of its houses on the Nile, is chosen before points 2-4")
#: The same once Contrarius has its house at the Red Sea: only the Nile part still acts.
AEGYPTUS_NILE_READING = N_("Aegyptus reading: a reachable Nile city upstream of Contrarius's houses on the Nile is "
                         "chosen before points 2-4 (it has its house at the Red Sea already)")


def variant_priority(snapshot: Snapshot) -> Priority | None:
    """The board variant's preferred cities for the next build, or None.

    "Solo Variants", Concordia Gallia: "Contrarius prioritizes building a house in its first
    harbor city, even before checking point 2". Reading: while it owns no house in a harbour
    city, the harbour cities. Concordia Aegyptus: "its first harbor city at the Red Sea [...]
    In the same way it prioritizes following the Nile upstream". Reading: while it owns no
    house in a Red Sea city, those cities; and always the Nile cities upstream of its most
    upstream house on the Nile (Memphis, the capital, is the start).
    """
    from contrarius.model.variants import board_places

    v = snapshot.variants
    mine = set(snapshot.houses_of(CONTRARIUS))
    if v.gallia:
        harbours = board_places(snapshot.board, "harbour")
        if harbours and not (mine & harbours):
            return Priority(frozenset(harbours), N_("a harbour city (Gallia: its first harbour city)"), GALLIA_READING)
        return None
    if v.aegyptus is not None:
        red = board_places(snapshot.board, "red_sea")
        nile = nile_order(snapshot.board)
        want: set[str] = set()
        if red and not (mine & red):
            want |= red
        if nile:
            built = [i for i, c in enumerate(nile) if c in mine]
            want |= set(nile[(max(built) if built else 0) + 1:]) - {snapshot.board.capital}
        if want and red and mine & red:  # the Red Sea part is done: say only what still acts
            return Priority(frozenset(want), N_("up the Nile (Aegyptus)"), AEGYPTUS_NILE_READING)
        if want:
            return Priority(frozenset(want), N_("at the Red Sea or up the Nile (Aegyptus)"), AEGYPTUS_READING)
    return None


def nile_order(board) -> list[str]:
    """The Nile's places from the mouth upstream (Aegyptus), empty on other boards."""
    from contrarius.model.variants import board_nile

    return board_nile(board)


def apply_build(snapshot: Snapshot, city: str, move: Move | None) -> Colonist | None:
    """Put a Contrarius house in ``city`` and carry out ``move`` (if it moves at all).

    Returns the sea colonist that entered the board in ``city`` from off the lines
    (Gallia's harbour reading, :func:`enter_from_holding`), else None.
    Changes ``snapshot`` in place; the caller handles where the house comes from (supply
    or the expert track). Raises :class:`RuleError` if Contrarius already has a house there.
    """
    owners = snapshot.houses.setdefault(city, [])
    if CONTRARIUS in owners:
        raise RuleError(N_("Contrarius already has a house in {city}", city=city))
    owners.append(CONTRARIUS)
    if snapshot.variants.aegyptus is not None:  # "its first harbor city at the Red Sea"
        from contrarius.model.variants import board_places

        snapshot.variants.aegyptus.house_built(city, board_places(snapshot.board, "red_sea"))
    if snapshot.variants.gallia:  # "its first harbor city", in the order built
        harbours = {c for c in snapshot.board.cities if snapshot.board.has_tag(c, "harbour")}
        before = [c for c in snapshot.houses_of(CONTRARIUS) if c in harbours and c != city]
        snapshot.variants.gallia.house_built(city, harbours, before)
    if move is not None and move.end is not None:
        col = snapshot.colonists[move.colonist]
        col.city, col.line = None, move.end
    return enter_from_holding(snapshot, CONTRARIUS, city)
