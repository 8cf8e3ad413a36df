"""The board graph: capital, provinces, cities, land lines and sea lines.

A :class:`Board` is read from one YAML file in ``boards/`` (shipped inside the package
as ``contrarius/boards``). It knows nothing of the game state: it answers which cities
exist, which province a city belongs to, and which lines join which cities.

Lines are values of their own (:class:`Line`): a land line and a sea line between the
same two cities are two lines, and where a board prints two sea lines between one pair
(Ionium: Messana-Neapolis) they are two lines told apart by ``index`` (1 and 2).

Names are resolved case-insensitively, with the board's aliases (Genua for Genva, and the
modern or English names players type: London, Lyon, Athens) and with U read as the V the
boards print (Syracusae for Syracvsae); an unknown name raises
:class:`~contrarius.errors.UnknownNameError` listing the closest names. Aliases are accepted
on input only: every output uses the printed name. An alias that could mean two places of
one board is refused when the board loads.

Besides its cities a board may have places that are not cities (:class:`Node`): the
capital and other arches (colonists start there; no token, no province, nobody builds),
castles on land lines (Germania), galleys joined to sea lines (Balearica), discs at the
end of sea lines (Aegyptus), and a holding place off the lines (Gallia's Mediterranean).
A colonist passes any of them as it passes a city; nobody builds in one.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any, NamedTuple

from contrarius.messages import N_, Joined, Term
from contrarius.errors import ContrariusError, UnknownNameError
from contrarius.records import Record
from contrarius.io.yamlio import shown
from contrarius.material.lexicon import COLOUR_NAMES, choose, fold, term

if TYPE_CHECKING:
    from pathlib import Path

#: The five goods, from the cheapest to the most valuable ("Where does Contrarius
#: build?": cloth > wine > tool > food > brick).
GOODS: tuple[str, ...] = ("brick", "food", "tool", "wine", "cloth")
#: Goods a city token can show: the five goods, and salt on the Hispania board (Salsa).
TOKEN_GOODS: tuple[str, ...] = GOODS + ("salt",)
LAND = "land"
SEA = "sea"
KINDS: tuple[str, ...] = (LAND, SEA)

_BOARD_KEYS = {
    "name", "capital", "provinces", "cities", "land", "sea", "tokens", "aliases",
    "sources", "confidence", "setup", "parallel_lines", "parallel_sea", "special_land",
    "expansion", "start", "other_arches", "castles", "galleys", "discs", "holding", "nile",
    "tags", "board_tags", "display", "layout", "readings", "special", "salt_note", "no_salt",
}

#: Types of the places that are not cities (:class:`Node`).
CAPITAL, ARCH, CASTLE, GALLEY, DISC, HOLDING = "capital", "arch", "castle", "galley", "disc", "holding"
#: Node types a colonist may stand in (castles and discs only end lines).
STANDING_NODES = (CAPITAL, ARCH, GALLEY, HOLDING)
#: The Nile route of the Aegyptus board: the ``route`` of its lines.
NILE = "Nile"


def _key(name: str) -> str:
    """Normalise a name for lookup: accents dropped and case folded (:func:`lexicon.fold
    <contrarius.material.lexicon.fold>`: Zürich is Zurich), U read as V, dots, spaces,
    hyphens and underscores dropped."""
    return fold(name).replace("u", "v").replace(".", "").replace(" ", "").replace("_", "").replace("-", "")


def suggest(name: str, choices: list[str], n: int = 3) -> list[str]:
    """Return up to ``n`` of ``choices`` closest to ``name`` (case-insensitive)."""
    import difflib  # only for an error (a TAB loads boards too: start-up time)

    folded = {c.casefold(): c for c in choices}
    hits = difflib.get_close_matches(name.casefold(), list(folded), n=n, cutoff=0.5)
    return [folded[h] for h in hits]


def unknown(what: str, name: str, choices: list[str], context: str = "",
            aliases: dict[str, str] | None = None) -> UnknownNameError:
    """Build the error for an unknown ``what`` called ``name``, naming the closest choices.

    ``aliases`` (alias -> printed name, e.g. ``{"Paris": "Lvtetia"}``) are matched too, but
    only printed names are offered: a hit on an alias reads ``Lvtetia (Paris)``.
    """
    pool = {c: c for c in choices}
    for alias, printed in (aliases or {}).items():
        if printed in pool and alias not in pool:
            pool[alias] = printed
    close: list[Any] = []
    offered: set[str] = set()
    for hit in suggest(str(name), list(pool), len(pool)):
        printed = pool[hit]
        if len(close) < 3 and printed not in offered:
            offered.add(printed)
            close.append(term(what, printed) if hit == printed else Joined("", [term(what, printed), f" ({hit})"]))
    where = N_(" on {context}", context=context) if context else ""
    hint = (N_("; did you mean {names}?", names=Joined(", ", close)) if close else
            N_("; known: {names}", names=Joined(", ", [term(what, c) for c in sorted(choices)], sort=True)))
    return UnknownNameError(N_("unknown {what} {name!r}{where}{hint}", what=Term("noun", what), name=name, where=where, hint=hint))


class City(NamedTuple):
    """A city of the board: its printed name, token letter (A-D) and province."""

    name: str
    letter: str
    province: str


class _LineKey(NamedTuple):
    """What tells one :class:`Line` from another: its kind, ends and index."""

    kind: str
    a: str
    b: str
    index: int = 1


class Line(_LineKey):
    """One printed line between two cities.

    ``kind`` is ``"land"`` (brown) or ``"sea"`` (blue); ``a`` and ``b`` are the end
    cities in alphabetical order; ``index`` tells apart two lines of one kind between
    the same pair (1 for the first). ``stoppable`` is False for a line a colonist may
    cross but not end on (Ionium's dotted strait line, an unconfirmed reading kept as
    board data). ``route`` names a line that is not printed as a line but read as one
    (``"Nile"``: a stretch of the Nile between two consecutive Nile cities on Aegyptus,
    a reading); empty for printed lines. A line never changes. Two lines are equal, hash
    and sort by ``kind``, ``a``, ``b`` and ``index`` alone (the tuple a line is:
    ``stoppable`` and ``route`` are data about the line, kept beside it).
    """

    stoppable: bool
    route: str

    def __new__(cls, kind: str, a: str, b: str, index: int = 1, stoppable: bool = True, route: str = "") -> "Line":
        line = tuple.__new__(cls, (kind, a, b, index))
        line.stoppable = stoppable
        line.route = route
        return line

    def __repr__(self) -> str:
        return (f"Line(kind={self.kind!r}, a={self.a!r}, b={self.b!r}, index={self.index!r}, "
                f"stoppable={self.stoppable!r}, route={self.route!r})")

    def __deepcopy__(self, memo: dict) -> "Line":
        """The line itself: it never changes, so copies of a snapshot share it."""
        return self

    def _replace(self, **changes: object) -> "Line":
        """A line like this one but for ``changes`` (field name -> value)."""
        fields = {"kind": self.kind, "a": self.a, "b": self.b, "index": self.index, "stoppable": self.stoppable,
                  "route": self.route}
        return Line(**{**fields, **changes})  # type: ignore[arg-type]

    @property
    def ends(self) -> tuple[str, str]:
        """The two end cities."""
        return (self.a, self.b)

    def other(self, city: str) -> str:
        """The end city that is not ``city``."""
        return self.b if city == self.a else self.a

    @property
    def label(self) -> str:
        """``"A-B"`` or ``"A-B#2"``: the notation used on the command line and in reports."""
        suffix = f"#{self.index}" if self.index > 1 else ""
        return f"{self.a}-{self.b}{suffix}"

    def describe(self) -> str:
        """``"sea line Cosa-Roma"``: the label with its kind, for reports (a Nile
        stretch: ``"sea line Memphis-Oxyrhynchvs (Nile)"``)."""
        route = f" ({self.route})" if self.route else ""
        return f"{self.kind} line {self.label}{route}"


class Node(NamedTuple):
    """A place of the board that is not a city: nobody builds there, it has no token.

    ``type`` is one of ``capital``, ``arch`` (another arch: Britannia's Portvs Itivs,
    Germania's Basilia), ``castle`` (Germania: a tower where land lines end; it lies in
    ``province`` but is none of its cities), ``galley`` (Balearica: joined to the sea
    lines ``joined``; a colonist there enters one of them as its first step), ``disc``
    (Aegyptus: incense and gold, at the end of sea lines) or ``holding`` (Gallia's
    Mediterranean: sea colonists wait there, off the lines). ``note`` says what it is.
    """

    name: str
    type: str
    province: str | None = None
    joined: tuple[Line, ...] = ()
    note: str = ""


class Board(Record):
    """A Concordia map.

    Attributes: ``name`` (file stem, e.g. ``"italia"``), ``capital`` (no province, no
    token; None on Balearica and Roma), ``provinces`` (province -> its cities),
    ``cities`` (name -> :class:`City`, capital excluded), ``lines`` (every :class:`Line`),
    ``tokens`` (letter -> goods -> count), ``aliases`` (alias -> printed name),
    ``sources`` (where the data comes from), ``nodes`` (name -> :class:`Node`: the
    capital, other arches, castles, galleys, discs, a holding place), ``starts`` (kind ->
    the places where that kind of colonist starts: the capital unless the board prints
    others; empty for a kind with no printed start), ``tags`` (place -> its tags, e.g.
    ``harbour``, ``red_sea``, ``nile``), ``board_tags`` (e.g. ``salt``, ``no_capital``),
    ``nile`` (the Nile cities from downstream to upstream), ``display`` (False: no card
    display printed on the board), ``layout`` (place -> printed position as fractions
    of the board picture's width and height, x from the left, y from the top; empty
    when unknown), ``layout_aspect`` (height / width of the picture, None if unknown),
    ``readings`` (key -> a reading this board needs, in words, shown where it acts),
    ``no_salt`` (letter -> the goods its salt city takes in a game without salt: Salsa
    boards Hispania and Byzantium; data for the Salsa variant). A board never changes once
    read.
    """

    _fields = ("name", "capital", "provinces", "cities", "lines", "tokens", "aliases", "sources", "confidence",
               "nodes", "starts", "tags", "board_tags", "nile", "display", "layout", "layout_aspect", "readings",
               "expansion", "no_salt")

    def __init__(self, name: str, capital: str | None, provinces: dict[str, tuple[str, ...]], cities: dict[str, City],
                 lines: tuple[Line, ...], tokens: dict[str, dict[str, int]], aliases: dict[str, str],
                 sources: tuple[str, ...] = (), confidence: str = "", nodes: dict[str, Node] | None = None,
                 starts: dict[str, tuple[str, ...]] | None = None, tags: dict[str, frozenset[str]] | None = None,
                 board_tags: frozenset[str] = frozenset(), nile: tuple[str, ...] = (), display: bool = True,
                 layout: dict[str, tuple[float, float]] | None = None, layout_aspect: float | None = None,
                 readings: dict[str, str] | None = None, expansion: str = "", no_salt: dict[str, str] | None = None):
        self.name = name
        self.capital = capital
        self.provinces = provinces
        self.cities = cities
        self.lines = lines
        self.tokens = tokens
        self.aliases = aliases
        self.sources = sources
        self.confidence = confidence
        self.nodes = {} if nodes is None else nodes
        self.starts = {} if starts is None else starts
        self.tags = {} if tags is None else tags
        self.board_tags = board_tags
        self.nile = nile
        self.display = display
        self.layout = {} if layout is None else layout
        self.layout_aspect = layout_aspect
        self.readings = {} if readings is None else readings
        self.expansion = expansion
        self.no_salt = {} if no_salt is None else no_salt

    # ----- lookups -------------------------------------------------------------------
    @functools.cached_property
    def _lookup(self) -> dict[str, str]:
        """Normalised name -> printed place (capital or city), aliases included."""
        table: dict[str, str] = {}
        for name in self.places:
            table.setdefault(_key(name), name)
        for alias, name in self.aliases.items():
            if name in self.nodes or name in self.cities:
                table.setdefault(_key(alias), name)
        return table

    @functools.cached_property
    def _province_lookup(self) -> dict[str, str]:
        """Normalised name -> printed province, aliases included. Kept apart from the
        places: a province may share its name with a city (Ionium: Sparta, Rhodos)."""
        table: dict[str, str] = {}
        for name in self.provinces:
            table.setdefault(_key(name), name)
        for alias, name in self.aliases.items():
            if name in self.provinces:
                table.setdefault(_key(alias), name)
        for name in self.provinces:  # provinces named by colour: the colour in Portuguese too
            for alt in COLOUR_NAMES.get(name, ()):
                table.setdefault(_key(alt), name)
        return table

    @property
    def places(self) -> list[str]:
        """Every place as printed: the capital (if any), the cities, then the other nodes."""
        head = [self.capital] if self.capital else []
        return head + list(self.cities) + [n for n in self.nodes if n != self.capital]

    @property
    def standing_places(self) -> list[str]:
        """Places a colonist may stand in: cities, the capital, arches, galleys, holding."""
        return [p for p in self.places if p in self.cities or self.nodes[p].type in STANDING_NODES]

    @property
    def node_kinds(self) -> dict[str, str]:
        """Every place that is not a city -> its :class:`Node` type (capital, arch,
        castle, galley, disc, holding)."""
        return {n: node.type for n, node in self.nodes.items()}

    @property
    def arches(self) -> tuple[str, ...]:
        """The arches that are not the capital (Britannia's Portvs Itivs, Germania's Basilia)."""
        return tuple(n for n, node in self.nodes.items() if node.type == ARCH)

    def node_type(self, place: str) -> str:
        """``"city"`` or the :class:`Node` type of ``place`` (a resolved name)."""
        return "city" if place in self.cities else self.nodes[place].type

    def is_city(self, place: str) -> bool:
        """True for a city (a place with a token and a province, where houses are built)."""
        return place in self.cities

    def has_tag(self, place: str, tag: str) -> bool:
        """True when ``place`` carries ``tag`` (e.g. ``harbour`` on Gallia)."""
        return tag in self.tags.get(place, ())

    def tagged(self, tag: str) -> tuple[str, ...]:
        """Every place carrying ``tag``, in board order."""
        return tuple(p for p in self.places if tag in self.tags.get(p, ()))

    def homes(self, kind: str) -> tuple[str, ...]:
        """Where a new colonist of ``kind`` is placed besides cities with its owner's
        house (base rules: the capital): the start places of that kind, else the capital.

        Empty when the board prints neither (Balearica's land colonists, Roma: the
        snapshot's start city stands in, see :meth:`Snapshot.homes`).
        """
        return self.starts.get(kind) or ((self.capital,) if self.capital else ())

    @property
    def asks_start(self) -> bool:
        """True when the board prints no start at all (Roma): the player names a city."""
        return not self.capital and not any(self.starts.values())

    def place(self, name: str) -> str:
        """Resolve a city or capital name to its printed form: the printed name or an
        alias, case and accents folded, or a unique beginning of one (``narbo``).

        Raises :class:`UnknownNameError` (with the closest names) when there is none, and
        asking which one (every candidate named) when several begin with ``name``.
        """
        found = choose(name, self._lookup, "city", shortest=False, key=_key, context=N_(" on the {board} board", board=self.name))
        if found is None:
            raise unknown("city", name, self.places, N_("the {board} board", board=self.name), self.aliases)
        return found

    def city(self, name: str) -> str:
        """Resolve a city name (not the capital nor another node) to its printed form.

        Raises :class:`UnknownNameError` for an unknown name and
        :class:`ContrariusError` for the capital or another place that is no city one can
        build in (an arch, a castle, a galley, a disc).
        """
        found = self.place(name)
        if found not in self.cities:
            node = self.nodes[found]
            if node.type == CAPITAL:
                raise ContrariusError(N_("{found} is the capital of {board}: it has no token, no province and no houses", found=found, board=self.name))
            raise ContrariusError(N_("{found} is a {type} on the {board} board, not a city: it has no token and nobody builds there", found=found, type=node.type, board=self.name))
        return found

    def province(self, name: str) -> str:
        """Resolve a province name to its printed form: as :meth:`place` reads cities (a
        unique beginning too); a province named by colour also by the colour in
        Portuguese (:data:`~contrarius.material.lexicon.COLOUR_NAMES`: ``amarela``).
        UnknownNameError otherwise."""
        found = choose(name, self._province_lookup, "province", shortest=False, key=_key,
                       context=N_(" on the {board} board", board=self.name))
        if found is None:
            raise unknown("province", name, list(self.provinces), N_("the {board} board", board=self.name), self.aliases)
        return found

    def province_of(self, city: str) -> str | None:
        """The province of a city, None for the capital and every other node."""
        c = self.cities.get(city)
        return c.province if c else None

    # ----- graph ---------------------------------------------------------------------
    @functools.cached_property
    def _lines_at(self) -> dict[tuple[str, str], tuple[Line, ...]]:
        table: dict[tuple[str, str], list[Line]] = {}
        for line in self.lines:
            for end in line.ends:
                table.setdefault((end, line.kind), []).append(line)
        for node in self.nodes.values():
            for line in node.joined:
                table.setdefault((node.name, line.kind), []).append(line)
        return {k: tuple(sorted(v)) for k, v in table.items()}

    def lines_at(self, place: str, kind: str) -> tuple[Line, ...]:
        """Every line of ``kind`` ("land" or "sea") a colonist in ``place`` can enter: the
        lines ending there, and for a galley the lines it is joined to; sorted (by the
        end cities, then the index)."""
        return self._lines_at.get((place, kind), ())

    def neighbours(self, place: str, kind: str) -> list[str]:
        """Places one line of ``kind`` away from ``place``, alphabetical, no repeats (for
        a galley: both ends of each line it is joined to)."""
        return sorted({end for line in self.lines_at(place, kind) for end in line.ends if end != place})

    def lines_to(self, place: str, kind: str, city: str) -> tuple[Line, ...]:
        """Lines of ``kind`` a colonist in ``place`` can enter that end at ``city``
        (sorted; the veteran setup puts a colonist on the first)."""
        return tuple(ln for ln in self.lines_at(place, kind) if city in ln.ends)

    def find_line(self, kind: str, a: str, b: str, index: int = 1) -> Line:
        """Return the line of ``kind`` between places ``a`` and ``b`` (resolved names).

        Raises :class:`ContrariusError` naming the lines that do exist there.
        """
        x, y = sorted((a, b))
        for line in self.lines_at(x, kind):
            if line.ends == (x, y) and line.index == index:
                return line
        other = [N_("a {kind} line {line}{route}", kind=Term("kind", ln.kind), line=ln.label, route=" (" + ln.route + ")" if ln.route else "")
                 for ln in self.lines if ln.ends == (x, y)]
        tail = N_("; there is only {lines}", lines=Joined(", ", other)) if other else N_("; no line joins them")
        ix = f" #{index}" if index > 1 else ""
        raise ContrariusError(N_("the {board} board has no {kind} line{ix} {x}-{y}{tail}", board=self.name, kind=Term("kind", kind), ix=ix, x=x, y=y, tail=tail))

    def is_line_text(self, text: str) -> bool:
        """True when ``text`` names a line (``CITY-CITY``) rather than one place: a place
        printed with a hyphen (Germania's Castle-Vbii) is a place."""
        return "-" in str(text) and _key(str(text).partition("#")[0]) not in self._lookup

    def parse_line(self, text: str, kind: str) -> Line:
        """Parse ``"Cosa-Roma"`` or ``"Messana-Neapolis#2"`` into the :class:`Line` of ``kind``.

        A place printed with a hyphen (Germania's castles: ``Aliso-Castle-Vbii``) is
        found by trying each hyphen as the divider. Raises :class:`ContrariusError`.
        """
        body, _, ix = str(text).partition("#")
        index = 1
        if ix:
            if not (ix.isascii() and ix.isdigit()):
                raise ContrariusError(N_("cannot read line {text!r}: the part after # must be a number", text=text))
            index = int(ix)
        parts = body.split("-")
        if len(parts) < 2:
            raise ContrariusError(N_("cannot read line {text!r}: write it as CITY-CITY, e.g. Cosa-Roma (or Messana-Neapolis#2)", text=text))
        if len(parts) > 2:
            for i in range(1, len(parts)):
                a, b = "-".join(parts[:i]).strip(), "-".join(parts[i:]).strip()
                if _key(a) in self._lookup and _key(b) in self._lookup:
                    return self.find_line(kind, self._lookup[_key(a)], self._lookup[_key(b)], index)
            raise ContrariusError(N_("cannot read line {text!r}: write it as CITY-CITY, e.g. Cosa-Roma (or Messana-Neapolis#2)", text=text))
        return self.find_line(kind, self.place(parts[0].strip()), self.place(parts[1].strip()), index)

    def goods_value(self, goods: str) -> int:
        """Rank of a goods type (brick 0 ... cloth 4; salt -1, below every good)."""
        return GOODS.index(goods) if goods in GOODS else -1


def boards_dir() -> Path:
    """The folder holding the board files: inside the installed package, else the checkout's ``boards/``."""
    from pathlib import Path

    return Path(_boards_folder())


@functools.lru_cache(maxsize=1)
def _boards_folder() -> str:
    """:func:`boards_dir` as text, without :mod:`pathlib` (a TAB loads boards: start-up time)."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # contrarius/
    packaged = os.path.join(package, "boards")
    return packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(package), "boards")


def board_names() -> list[str]:
    """Names of every board shipped, alphabetical."""
    return sorted(p.stem for p in boards_dir().glob("*.yaml"))


@functools.lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """Load and check the board called ``name`` (case-insensitive, e.g. ``"Italia"``).

    Raises :class:`UnknownNameError` for an unknown board and :class:`ContrariusError`
    when the board file is inconsistent (a line to an unknown city, a city in no province).
    """
    from contrarius.io.yamlio import safe_load  # yaml.safe_load through libyaml (fast start-up)

    wanted = str(name).casefold()
    path = os.path.join(_boards_folder(), f"{wanted}.yaml")
    # a plain name whose file is there is one of board_names() (listing the folder costs more)
    if not (wanted.isascii() and wanted.isalnum() and len(wanted) < 100 and os.path.isfile(path)):
        names = board_names()
        if wanted not in names:
            raise unknown("board", name, names)
    with open(path, encoding="utf-8") as fh:
        data = safe_load(fh.read())
    return board_from_dict(data, path)


def _places(value, what: str, source: str) -> tuple[str, ...]:
    """A start entry: one place, a list of places, or null (none printed)."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ContrariusError(N_("{source}: {what}: expected a place, a list of places or null, got {value}", source=source, what=what, value=shown(value)))


def board_from_dict(data: dict, source: str = "<board>") -> Board:
    """Build a :class:`Board` from the plain data of a board file, checking it.

    Keys beyond the base graph (all optional): ``start`` (kind -> place(s) or null),
    ``other_arches``, ``castles`` (name -> {province}), ``galleys`` (name -> {joined:
    [[a, b], ...]}), ``discs`` (name -> {sea: [cities], nile: true|false, note}),
    ``holding`` (kind -> place: where colonists of that kind start off the lines),
    ``nile`` (the Nile cities downstream to upstream: one sea line per stretch, a
    reading), ``tags`` (tag -> places), ``board_tags``, ``display`` (false: no card
    display printed), ``layout`` ({aspect, pos: place -> [x, y]}), ``readings``.

    Raises :class:`ContrariusError` naming ``source`` and the key at fault (a line to an
    unknown place, a city in no province, an alias that could mean two places, ...).
    """
    if not isinstance(data, dict):
        raise ContrariusError(N_("{source}: a board file must be a mapping", source=source))
    extra = set(data) - _BOARD_KEYS
    if extra:
        raise ContrariusError(N_("{source}: unknown key(s) {value}", source=source, value=sorted(extra)))
    try:
        capital = None if data["capital"] is None else str(data["capital"])
        cities = {
            str(n): City(str(n), str(v["letter"]), str(v["province"])) for n, v in data["cities"].items()
        }
        provinces = {str(p): tuple(str(c) for c in cs) for p, cs in data["provinces"].items()}
    except (KeyError, TypeError, AttributeError) as exc:
        raise ContrariusError(N_("{source}: missing or malformed key {exc}", source=source, exc=exc)) from None
    for p, cs in provinces.items():
        for c in cs:
            if c not in cities or cities[c].province != p:
                raise ContrariusError(N_("{source}: provinces.{p}: {c} is not a city of that province", source=source, p=p, c=c))
    # the places that are not cities
    nodes: dict[str, Node] = {}

    def add_node(name: str, node: Node) -> None:
        if name in cities or name in nodes:
            raise ContrariusError(N_("{source}: {type} {name} is already a place of this board", source=source, type=node.type, name=name))
        nodes[name] = node

    if capital is not None:
        add_node(capital, Node(capital, CAPITAL, note="the capital: colonists start here"))
    for arch in data.get("other_arches") or []:
        add_node(str(arch), Node(str(arch), ARCH, note="an arch: no province, no token, nobody builds here"))
    for name, info in (data.get("castles") or {}).items():
        prov = str((info or {}).get("province", ""))
        if prov not in provinces:
            raise ContrariusError(N_("{source}: castles.{name}: unknown province {prov!r}", source=source, name=name, prov=prov))
        add_node(str(name), Node(str(name), CASTLE, prov, note=f"a castle in {prov}: not a city, nobody builds here"))
    for kind, name in (data.get("holding") or {}).items():
        add_node(str(name), Node(str(name), HOLDING, note=f"{kind} colonists wait here, off the lines"))
    discs = data.get("discs") or {}
    for name, info in discs.items():
        add_node(str(name), Node(str(name), DISC, note=str((info or {}).get("note", "a disc at the end of sea lines"))))
    galley_names = [str(n) for n in (data.get("galleys") or {})]
    for name in galley_names:
        add_node(name, Node(name, GALLEY))

    not_stoppable = {tuple(sorted(item[:2])) for item in data.get("special_land") or []}
    lines: list[Line] = []
    seen: dict[tuple[str, str, str], int] = {}

    def add_line(kind: str, pair, route: str = "") -> Line:
        a, b = sorted(str(x) for x in pair)
        for end in (a, b):
            if end not in cities and (end not in nodes or nodes[end].type in (GALLEY, HOLDING)):
                raise ContrariusError(N_("{source}: {kind}: line {a}-{b} ends at unknown city {end}", source=source, kind=kind, a=a, b=b, end=end))
        seen[(kind, a, b)] = seen.get((kind, a, b), 0) + 1
        stoppable = not (kind == LAND and (a, b) in not_stoppable)
        line = Line(kind, a, b, seen[(kind, a, b)], stoppable, route)
        lines.append(line)
        return line

    for kind in KINDS:
        for pair in data.get(kind) or []:
            add_line(kind, pair)
    nile = tuple(str(c) for c in data.get("nile") or ())
    for a, b in zip(nile, nile[1:]):
        add_line(SEA, (a, b), NILE)
    for name, info in discs.items():
        info = info or {}
        for city in info.get("sea") or []:
            add_line(SEA, (name, city), NILE if info.get("nile") else "")
    for name, info in (data.get("galleys") or {}).items():
        joined = []
        for pair in (info or {}).get("joined") or []:
            a, b = sorted(str(x) for x in pair)
            if (SEA, a, b) not in seen:
                raise ContrariusError(N_("{source}: galleys.{name}: no sea line {a}-{b} to join", source=source, name=name, a=a, b=b))
            joined.append(Line(SEA, a, b))
        nodes[str(name)] = Node(str(name), GALLEY, joined=tuple(joined),
                                note="a galley: joined to sea lines, a colonist here enters one of them as its first step")
    # where each kind of colonist starts
    start = data.get("start")
    holding = {str(k): str(v) for k, v in (data.get("holding") or {}).items()}
    starts: dict[str, tuple[str, ...]] = {}
    for kind in KINDS:
        if isinstance(start, dict) and kind in start:
            places = _places(start[kind], f"start.{kind}", source)
        else:
            places = (capital,) if capital else ()
        if not places and kind in holding:
            places = (holding[kind],)
        for pl in places:
            if pl not in nodes or nodes[pl].type not in STANDING_NODES:
                raise ContrariusError(N_("{source}: start.{kind}: {pl} is no arch, galley or holding place of this board", source=source, kind=kind, pl=pl))
        starts[kind] = places
    # tags
    tags: dict[str, set[str]] = {}
    for tag, places in (data.get("tags") or {}).items():
        for pl in places or []:
            if str(pl) not in cities and str(pl) not in nodes:
                raise ContrariusError(N_("{source}: tags.{tag}: unknown place {pl}", source=source, tag=tag, pl=pl))
            tags.setdefault(str(pl), set()).add(str(tag))
    for pl in nile:
        tags.setdefault(pl, set()).add("nile")
    board_tags = {str(t) for t in data.get("board_tags") or ()}
    if capital is None:
        board_tags.add("no_capital")
    tokens = {str(k): {str(g): int(n) for g, n in v.items()} for k, v in (data.get("tokens") or {}).items()}
    if any("salt" in mix for mix in tokens.values()):
        board_tags.add("salt")
    display = data.get("display", True)
    if not isinstance(display, bool):
        raise ContrariusError(N_("{source}: display: expected true or false (false: no card display printed)", source=source))
    if not display:
        board_tags.add("no_display")
    # printed positions
    layout: dict[str, tuple[float, float]] = {}
    raw_layout = data.get("layout") or {}
    for pl, xy in (raw_layout.get("pos") or {}).items():
        if str(pl) not in cities and str(pl) not in nodes:
            raise ContrariusError(N_("{source}: layout.pos.{pl}: unknown place", source=source, pl=pl))
        try:
            x, y = (float(v) for v in xy)
        except (TypeError, ValueError):
            raise ContrariusError(N_("{source}: layout.pos.{pl}: expected [x, y] fractions, got {value}", source=source, pl=pl, value=shown(xy))) from None
        if not (0 <= x <= 1 and 0 <= y <= 1):
            raise ContrariusError(N_("{source}: layout.pos.{pl}: {x}, {y} lie outside 0..1", source=source, pl=pl, x=x, y=y))
        layout[str(pl)] = (x, y)
    aspect = raw_layout.get("aspect")
    # aliases: accepted on input only; one that could mean two places is refused
    aliases: dict[str, str] = {}
    owner_of: dict[str, str] = {}
    for name in [*cities, *nodes]:
        owner_of[_key(name)] = name
    for p in provinces:
        owner_of.setdefault("province:" + _key(p), p)
    for canon, alts in (data.get("aliases") or {}).items():
        canon = str(canon)
        is_province = canon in provinces and canon not in cities and canon not in nodes
        if canon not in cities and canon not in nodes and canon not in provinces:
            raise ContrariusError(N_("{source}: aliases.{canon}: no such city, place or province", source=source, canon=canon))
        for alt in alts or []:
            alt = str(alt)
            key = ("province:" if is_province else "") + _key(alt)
            other = owner_of.get(key)
            if other is not None and other != canon:
                raise ContrariusError(N_("{source}: aliases.{canon}: {alt!r} could also mean {other}; an alias must name one place: remove or change it", source=source, canon=canon, alt=alt, other=other))
            owner_of[key] = canon
            aliases[alt] = canon
    return Board(
        name=str(data["name"] if "name" in data else os.path.splitext(os.path.basename(source))[0]),
        capital=capital,
        provinces=provinces,
        cities=cities,
        lines=tuple(lines),
        tokens=tokens,
        aliases=aliases,
        sources=tuple(str(s) for s in data.get("sources") or ()),
        confidence=str(data.get("confidence", "")),
        nodes=nodes,
        starts=starts,
        tags={k: frozenset(v) for k, v in tags.items()},
        board_tags=frozenset(board_tags),
        nile=nile,
        display=display,
        layout=layout,
        layout_aspect=float(aspect) if aspect is not None else None,
        readings={str(k): str(v) for k, v in (data.get("readings") or {}).items()},
        expansion=str(data.get("expansion", "")),
        no_salt=_no_salt(data.get("no_salt"), tokens, source),
    )


def _no_salt(raw, tokens: dict[str, dict[str, int]], source: str) -> dict[str, str]:
    """The ``no_salt`` key: letter -> goods, only for letters that have a salt token."""
    out = {str(k): str(v) for k, v in (raw or {}).items()}
    for letter, goods in out.items():
        if "salt" not in tokens.get(letter, {}):
            raise ContrariusError(N_("{source}: no_salt.{letter}: letter {letter} has no salt token", source=source, letter=letter))
        if goods not in GOODS:
            raise ContrariusError(N_("{source}: no_salt.{letter}: {goods!r} is no goods type; use {GOODS}", source=source, letter=letter, goods=goods, GOODS=', '.join(GOODS)))
    return out
