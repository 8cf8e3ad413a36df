"""The board graph: capital, provinces, cities, land lines and sea lines.

A :class:`Board` is read from one YAML file in ``boards/`` (shipped inside the package
as ``contrarius/boards``). It knows nothing of the game state: it answers which cities
exist, which province a city belongs to, and which lines join which cities.

Lines are values of their own (:class:`Line`): a land line and a sea line between the
same two cities are two lines, and where a board prints two sea lines between one pair
(Ionium: Messana-Neapolis) they are two lines told apart by ``index`` (1 and 2).

Names are resolved case-insensitively, with the board's aliases (Genua for Genva) and
with U read as the V the boards print (Syracusae for Syracvsae); an unknown name raises
:class:`~contrarius.errors.UnknownNameError` listing the closest names.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ContrariusError, UnknownNameError

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
}


def _key(name: str) -> str:
    """Normalise a name for lookup: case-folded, U read as V, dots and spaces dropped."""
    return name.casefold().replace("u", "v").replace(".", "").replace(" ", "").replace("_", "")


def suggest(name: str, choices: list[str], n: int = 3) -> list[str]:
    """Return up to ``n`` of ``choices`` closest to ``name`` (case-insensitive)."""
    folded = {c.casefold(): c for c in choices}
    hits = difflib.get_close_matches(name.casefold(), list(folded), n=n, cutoff=0.5)
    return [folded[h] for h in hits]


def unknown(what: str, name: str, choices: list[str], context: str = "") -> UnknownNameError:
    """Build the error for an unknown ``what`` called ``name``, naming the closest choices."""
    close = suggest(str(name), choices)
    where = f" on {context}" if context else ""
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known: {', '.join(sorted(choices)[:12])}"
    return UnknownNameError(f"unknown {what} {name!r}{where}{hint}")


@dataclass(frozen=True)
class City:
    """A city of the board: its printed name, token letter (A-D) and province."""

    name: str
    letter: str
    province: str


@dataclass(frozen=True, order=True)
class Line:
    """One printed line between two cities.

    ``kind`` is ``"land"`` (brown) or ``"sea"`` (blue); ``a`` and ``b`` are the end
    cities in alphabetical order; ``index`` tells apart two lines of one kind between
    the same pair (1 for the first). ``stoppable`` is False for a line a colonist may
    cross but not end on (Ionium's dotted strait line, an unconfirmed reading kept as
    board data).
    """

    kind: str
    a: str
    b: str
    index: int = 1
    stoppable: bool = field(default=True, compare=False)

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
        """``"sea line Cosa-Roma"``: the label with its kind, for reports."""
        return f"{self.kind} line {self.label}"


@dataclass(frozen=True)
class Board:
    """A Concordia map.

    Attributes: ``name`` (file stem, e.g. ``"italia"``), ``capital`` (no province, no
    token), ``provinces`` (province -> its cities), ``cities`` (name -> :class:`City`,
    capital excluded), ``lines`` (every :class:`Line`), ``tokens`` (letter -> goods ->
    count), ``aliases`` (alias -> printed name), ``sources`` (where the data comes from).
    """

    name: str
    capital: str
    provinces: dict[str, tuple[str, ...]]
    cities: dict[str, City]
    lines: tuple[Line, ...]
    tokens: dict[str, dict[str, int]]
    aliases: dict[str, str]
    sources: tuple[str, ...] = ()
    confidence: str = ""

    # ----- lookups -------------------------------------------------------------------
    @functools.cached_property
    def _lookup(self) -> dict[str, str]:
        """Normalised name -> printed place (capital or city), aliases included."""
        table: dict[str, str] = {}
        for name in [self.capital, *self.cities]:
            table.setdefault(_key(name), name)
        for alias, name in self.aliases.items():
            if name == self.capital or name in self.cities:
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
        return table

    @property
    def places(self) -> list[str]:
        """Every city name and the capital, as printed."""
        return [self.capital, *self.cities]

    def place(self, name: str) -> str:
        """Resolve a city or capital name to its printed form.

        Raises :class:`UnknownNameError` (with the closest names) when there is none.
        """
        found = self._lookup.get(_key(str(name)))
        if found is None:
            city_aliases = [a for a, n in self.aliases.items() if n == self.capital or n in self.cities]
            raise unknown("city", name, self.places + city_aliases, f"the {self.name} board")
        return found

    def city(self, name: str) -> str:
        """Resolve a city name (not the capital) to its printed form.

        Raises :class:`UnknownNameError` for an unknown name and
        :class:`ContrariusError` for the capital, which is no city one can build in.
        """
        found = self.place(name)
        if found == self.capital:
            raise ContrariusError(f"{found} is the capital of {self.name}: it has no token, no province and no houses")
        return found

    def province(self, name: str) -> str:
        """Resolve a province name to its printed form (UnknownNameError otherwise)."""
        found = self._province_lookup.get(_key(str(name)))
        if found is None:
            raise unknown("province", name, list(self.provinces), f"the {self.name} board")
        return found

    def province_of(self, city: str) -> str | None:
        """The province of a city, None for the capital."""
        c = self.cities.get(city)
        return c.province if c else None

    # ----- graph ---------------------------------------------------------------------
    @functools.cached_property
    def _lines_at(self) -> dict[tuple[str, str], tuple[Line, ...]]:
        table: dict[tuple[str, str], list[Line]] = {}
        for line in self.lines:
            for end in line.ends:
                table.setdefault((end, line.kind), []).append(line)
        return {k: tuple(v) for k, v in table.items()}

    def lines_at(self, place: str, kind: str) -> tuple[Line, ...]:
        """Every line of ``kind`` ("land" or "sea") that ends at ``place``."""
        return self._lines_at.get((place, kind), ())

    def neighbours(self, place: str, kind: str) -> list[str]:
        """Cities joined to ``place`` by a line of ``kind``, alphabetical, no repeats."""
        return sorted({line.other(place) for line in self.lines_at(place, kind)})

    def find_line(self, kind: str, a: str, b: str, index: int = 1) -> Line:
        """Return the line of ``kind`` between places ``a`` and ``b`` (resolved names).

        Raises :class:`ContrariusError` naming the lines that do exist there.
        """
        x, y = sorted((a, b))
        for line in self.lines_at(x, kind):
            if line.ends == (x, y) and line.index == index:
                return line
        other = [ln.describe() for ln in self.lines if ln.ends == (x, y)]
        tail = f"; there is only a {', a '.join(other)}" if other else "; no line joins them"
        ix = f" #{index}" if index > 1 else ""
        raise ContrariusError(f"the {self.name} board has no {kind} line{ix} {x}-{y}{tail}")

    def parse_line(self, text: str, kind: str) -> Line:
        """Parse ``"Cosa-Roma"`` or ``"Messana-Neapolis#2"`` into the :class:`Line` of ``kind``."""
        body, _, ix = str(text).partition("#")
        parts = body.split("-")
        if len(parts) != 2:
            raise ContrariusError(f"cannot read line {text!r}: write it as CITY-CITY, e.g. Cosa-Roma (or Messana-Neapolis#2)")
        index = 1
        if ix:
            if not (ix.isascii() and ix.isdigit()):
                raise ContrariusError(f"cannot read line {text!r}: the part after # must be a number")
            index = int(ix)
        return self.find_line(kind, self.place(parts[0].strip()), self.place(parts[1].strip()), index)

    def goods_value(self, goods: str) -> int:
        """Rank of a goods type (brick 0 ... cloth 4; salt -1, below every good)."""
        return GOODS.index(goods) if goods in GOODS else -1


def boards_dir() -> Path:
    """The folder holding the board files: inside the installed package, else the checkout's ``boards/``."""
    here = Path(__file__).resolve().parent
    packaged = here / "boards"
    return packaged if packaged.is_dir() else here.parent / "boards"


def board_names() -> list[str]:
    """Names of every board shipped, alphabetical."""
    return sorted(p.stem for p in boards_dir().glob("*.yaml"))


@functools.lru_cache(maxsize=None)
def load_board(name: str) -> Board:
    """Load and check the board called ``name`` (case-insensitive, e.g. ``"Italia"``).

    Raises :class:`UnknownNameError` for an unknown board and :class:`ContrariusError`
    when the board file is inconsistent (a line to an unknown city, a city in no province).
    """
    from .yamlio import safe_load  # yaml.safe_load through libyaml (fast start-up)

    names = board_names()
    wanted = str(name).casefold()
    if wanted not in names:
        raise unknown("board", name, names)
    path = boards_dir() / f"{wanted}.yaml"
    data = safe_load(path.read_text(encoding="utf-8"))
    return board_from_dict(data, str(path))


def board_from_dict(data: dict, source: str = "<board>") -> Board:
    """Build a :class:`Board` from the plain data of a board file, checking it.

    Raises :class:`ContrariusError` naming ``source`` and the key at fault.
    """
    if not isinstance(data, dict):
        raise ContrariusError(f"{source}: a board file must be a mapping")
    extra = set(data) - _BOARD_KEYS
    if extra:
        raise ContrariusError(f"{source}: unknown key(s) {sorted(extra)}")
    try:
        capital = str(data["capital"])
        cities = {
            str(n): City(str(n), str(v["letter"]), str(v["province"])) for n, v in data["cities"].items()
        }
        provinces = {str(p): tuple(str(c) for c in cs) for p, cs in data["provinces"].items()}
    except (KeyError, TypeError, AttributeError) as exc:
        raise ContrariusError(f"{source}: missing or malformed key {exc}") from None
    for p, cs in provinces.items():
        for c in cs:
            if c not in cities or cities[c].province != p:
                raise ContrariusError(f"{source}: provinces.{p}: {c} is not a city of that province")
    not_stoppable = {tuple(sorted(item[:2])) for item in data.get("special_land") or []}
    lines: list[Line] = []
    for kind in KINDS:
        seen: dict[tuple[str, str], int] = {}
        for pair in data.get(kind) or []:
            a, b = sorted(str(x) for x in pair)
            for end in (a, b):
                if end != capital and end not in cities:
                    raise ContrariusError(f"{source}: {kind}: line {a}-{b} ends at unknown city {end}")
            seen[(a, b)] = seen.get((a, b), 0) + 1
            stoppable = not (kind == LAND and (a, b) in not_stoppable)
            lines.append(Line(kind, a, b, seen[(a, b)], stoppable))
    aliases: dict[str, str] = {}
    for canon, alts in (data.get("aliases") or {}).items():
        for alt in alts:
            aliases[str(alt)] = str(canon)
    tokens = {str(k): {str(g): int(n) for g, n in v.items()} for k, v in (data.get("tokens") or {}).items()}
    return Board(
        name=str(data.get("name", Path(source).stem)),
        capital=capital,
        provinces=provinces,
        cities=cities,
        lines=tuple(lines),
        tokens=tokens,
        aliases=aliases,
        sources=tuple(str(s) for s in data.get("sources") or ()),
        confidence=str(data.get("confidence", "")),
    )
