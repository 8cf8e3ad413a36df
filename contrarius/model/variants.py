"""The rulebook's "Solo Variants": which a game uses and their state (snapshot layer).

The Solitaria rulebook, "Solo Variants", changes how Contrarius builds, what it collects
and how it scores when a game uses an expansion:

- Concordia Salsa (``salsa``, on any board): salt cities, forum cards.
- Fish market of the Balearica expansion (``fish_market``, on any board): fish.
- Concordia Gallia (``gallia``): automatic on the gallia board.
- Concordia Aegyptus (``aegyptus``): automatic on the aegyptus board.

This module holds the data and the state only (forum cards, salt tokens, fish, traders);
the rules that use them live in :mod:`contrarius.rules.build`, :mod:`contrarius.rules.modes.solo`,
:mod:`contrarius.rules.setup` and :mod:`contrarius.rules.scoring`. A snapshot records the variants
of its game under the key ``variants`` (absent: none, as in every older snapshot).

What is not public about the expansions is a reading (README, "How the rules are read"),
labelled where it acts; README "Solo variants: Salsa, the fish market, Gallia, Aegyptus"
says what each variant does and which of its facts are readings.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from contrarius.messages import N_, Joined, Message
from contrarius.material.board import GOODS, Board, suggest, unknown
from contrarius.errors import ContrariusError
from contrarius.records import Record
from contrarius.io.yamlio import shown
from contrarius.model.plain import Bad, is_mapping


def _said(exc: Exception) -> Any:
    """What ``exc`` says, kept as its :class:`~contrarius.messages.Message` when it is one."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], (Message, Joined)) else str(exc)

SALSA = "salsa"
FISH_MARKET = "fish_market"
GALLIA = "gallia"
AEGYPTUS = "aegyptus"
#: Every variant key, in the order of the rulebook's "Solo Variants" section.
VARIANTS: tuple[str, ...] = (SALSA, FISH_MARKET, GALLIA, AEGYPTUS)
#: Variants that come with their board ("automatic on the gallia/aegyptus board").
BOARD_VARIANTS: dict[str, str] = {"gallia": GALLIA, "aegyptus": AEGYPTUS}
#: The forum row: 4 cards laid out left to right (Salsa setup, CORROBORATED).
FORUM_ROW = 4
UNKNOWN = "?"
#: "In final scoring it scores 3 victory points per blue forum card and 2 per green forum
#: card. For Victoria Contrarius scores 5 points." (reading: 5 instead of 2, not 2 + 5)
FORUM_VP = {"blue": 3, "green": 2}
VICTORIA = "Victoria"
VICTORIA_VP = 5
#: "it scores 1 victory point per fish during final scoring."
FISH_VP = 1
#: A trader on an Aegyptus bonus spot (the incense or gold disc): 7 VP (CORROBORATED for
#: the players; for Contrarius a reading).
TRADER_VP = 7
SALT = "salt"

_DATA = Path(__file__).resolve().parent.parent / "material" / "data" / "forum.yaml"


@functools.lru_cache(maxsize=None)
def _forum_data() -> dict[str, Any]:
    from contrarius.io.yamlio import safe_load

    return safe_load(_DATA.read_text(encoding="utf-8"))


def forum_cards() -> dict[str, str]:
    """The 27 forum cards of Concordia Salsa: name -> colour (``"blue"`` or ``"green"``)."""
    data = _forum_data()
    return {**{n: "blue" for n in data["blue"]}, **{n: "green" for n in data["green"]}}


def forum_name(text: str) -> str:
    """Resolve a forum card name case-insensitively (``"victoria"`` -> ``"Victoria"``).

    Raises :class:`~contrarius.errors.UnknownNameError` naming the closest cards.
    """
    names = list(forum_cards())
    key = " ".join(str(text).split()).casefold()
    for n in names:
        if n.casefold() == key:
            return n
    hits = [n for n in names if n.casefold().startswith(key)] if key else []
    if len(hits) == 1:
        return hits[0]
    raise unknown("forum card", text, names)


def forum_vp(name: str) -> int:
    """Contrarius's final-scoring VP for one forum card ("Solo Variants", Concordia Salsa)."""
    if name == VICTORIA:
        return VICTORIA_VP
    return FORUM_VP[forum_cards()[name]]


def salt_token_mix(board: Board) -> dict[str, dict[str, int]]:
    """The city tokens of ``board`` in a Salsa game: letter -> goods -> count.

    Boards with their own salt cities (Hispania, Byzantium: one extra city per letter)
    keep their tokens, which hold the salt token. On every other board one token per
    letter in use is swapped for that letter's salt token: A a food, B a tool, C a wine,
    D a brick token (CORROBORATED). Raises :class:`ContrariusError` when a letter lacks
    the token to swap.
    """
    if any(SALT in mix for mix in board.tokens.values()):
        return {k: dict(v) for k, v in board.tokens.items()}
    swap = _forum_data()["salt_swap"]
    out: dict[str, dict[str, int]] = {}
    for letter, mix in board.tokens.items():
        mix = dict(mix)
        goods = swap.get(letter)
        if goods is None or mix.get(goods, 0) < 1:
            raise ContrariusError(N_("board {board}: no {value} token of letter {letter} to swap for a salt token", board=board.name, value=goods or 'known', letter=letter))
        mix[goods] -= 1
        if not mix[goods]:
            del mix[goods]
        mix[SALT] = 1
        out[letter] = mix
    return out


def token_mix(board: Board, salsa: bool) -> dict[str, dict[str, int]]:
    """The city tokens laid on ``board``: letter -> goods -> count.

    With Salsa (``salsa``): :func:`salt_token_mix`. Without it, on the boards with their
    own salt cities (Hispania, Byzantium: :attr:`Board.no_salt`), "without salt there, the
    extra city takes A tool, B wine, C cloth, D brick" (README "How the rules are read",
    Hispania, Byzantium): each letter's salt token is replaced by that goods. Every other
    board: its tokens as they are. Raises :class:`ContrariusError` as :func:`salt_token_mix`.
    """
    if salsa:
        return salt_token_mix(board)
    out: dict[str, dict[str, int]] = {}
    for letter, mix in board.tokens.items():
        mix = dict(mix)
        goods = board.no_salt.get(letter)
        if SALT in mix and goods is not None:
            mix[goods] = mix.get(goods, 0) + mix.pop(SALT)
        out[letter] = mix
    return out


class Salsa(Record):
    """Concordia Salsa's state: Contrarius's forum cards, the forum row and its stack.

    ``row``: up to 4 forum cards left to right (``"?"``: a card not recorded).
    ``stack_order``: the face-up stack from the top when known, else None.
    """

    _fields = ("contrarius", "row", "stack_remaining", "stack_order")

    def __init__(self, contrarius: list[str] | None = None, row: list[str] | None = None, stack_remaining: int = 0,
                 stack_order: list[str] | None = None):
        self.contrarius = [] if contrarius is None else contrarius
        self.row = [] if row is None else row
        self.stack_remaining = stack_remaining
        self.stack_order = stack_order

    def to_dict(self) -> dict[str, Any]:
        stack: dict[str, Any] = {"remaining": self.stack_remaining}
        if self.stack_order is not None:
            stack["order"] = list(self.stack_order)
        return {"contrarius": list(self.contrarius), "row": list(self.row), "stack": stack}


class FishMarket(Record):
    """The fish market's state: the fish Contrarius holds (1 VP each at the end) and the
    player's fish, tallied like goods (``player``: received from production, less the fish
    paid at the market; None: not tallied, an older snapshot)."""

    _fields = ("contrarius", "player")

    def __init__(self, contrarius: int = 0, player: int | None = 0):
        self.contrarius = contrarius
        self.player = player

    def to_dict(self) -> dict[str, Any]:
        return {"contrarius": self.contrarius} | ({} if self.player is None else {"player": self.player})


class Aegyptus(Record):
    """Concordia Aegyptus's state.

    ``red_sea_colonist``: ``"due"`` until Contrarius's next new sea colonist was placed in
    its first Red Sea harbour city ("at the first occasion"), then ``"placed"``.
    ``traders``: the bonus spots (discs) where a sea colonist of Contrarius became a trader.
    ``first_red_sea``: the Red Sea city of Contrarius's first house at the Red Sea, in the
    order it built them (None: none yet, or an older snapshot that did not record it).
    """

    _fields = ("red_sea_colonist", "traders", "first_red_sea")

    def __init__(self, red_sea_colonist: str = "due", traders: list[str] | None = None, first_red_sea: str | None = None):
        self.red_sea_colonist = red_sea_colonist
        self.traders = [] if traders is None else traders
        self.first_red_sea = first_red_sea

    def house_built(self, city: str, red_sea: set[str]) -> None:
        """Contrarius built a house in ``city``: the first one at the Red Sea (``red_sea``, the
        board's Red Sea cities) is remembered as "its first harbor city at the Red Sea"."""
        if self.first_red_sea is None and city in red_sea:
            self.first_red_sea = city

    def settle_first(self, red_sea_houses: list[str]) -> None:
        """A snapshot that does not record ``first_red_sea`` (written before it existed, or
        edited): with exactly one Red Sea house of Contrarius (``red_sea_houses``) that one
        is the first; with several it stays unknown (None)."""
        if self.first_red_sea is None:
            self.first_red_sea = first_house(None, red_sea_houses)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"red_sea_colonist": self.red_sea_colonist, "traders": list(self.traders)}
        if self.first_red_sea is not None:
            out["first_red_sea"] = self.first_red_sea
        return out


class Gallia(Record):
    """Concordia Gallia's state: ``first_harbour``, the harbour city of Contrarius's first
    house in a harbour city, in the order it built them ("its first harbor city"; None:
    none yet, or an older snapshot that did not record it)."""

    _fields = ("first_harbour",)

    def __init__(self, first_harbour: str | None = None):
        self.first_harbour = first_harbour

    def house_built(self, city: str, harbours: set[str], before: list[str]) -> None:
        """Contrarius built a house in ``city``; ``harbours``: the board's harbour cities;
        ``before``: its harbour houses before this one. The first is remembered; with
        exactly one earlier harbour house not recorded, that earlier one was the first."""
        if self.first_harbour is None and city in harbours:
            if not before:
                self.first_harbour = city
            elif len(before) == 1:
                self.first_harbour = before[0]

    def to_dict(self) -> dict[str, Any]:
        return {} if self.first_harbour is None else {"first_harbour": self.first_harbour}


class Variants(Record):
    """Which solo variants a game uses, with their state (None: not used)."""

    _fields = ("salsa", "fish_market", "gallia", "aegyptus")

    def __init__(self, salsa: Salsa | None = None, fish_market: FishMarket | None = None, gallia: Gallia | None = None,
                 aegyptus: Aegyptus | None = None):
        self.salsa = salsa
        self.fish_market = fish_market
        self.gallia = gallia
        self.aegyptus = aegyptus

    @property
    def names(self) -> list[str]:
        """The keys of the variants in use, in rulebook order."""
        return [k for k in VARIANTS if getattr(self, k)]

    def __bool__(self) -> bool:
        return bool(self.names)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the snapshot's ``variants`` key."""
        out: dict[str, Any] = {}
        if self.salsa is not None:
            out[SALSA] = self.salsa.to_dict()
        if self.fish_market is not None:
            out[FISH_MARKET] = self.fish_market.to_dict()
        if self.gallia:
            out[GALLIA] = self.gallia.to_dict()
        if self.aegyptus is not None:
            out[AEGYPTUS] = self.aegyptus.to_dict()
        return out


def _int(value: Any, path: str, bad: Bad) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        bad(path, N_("expected a whole number of 0 or more, got {value}", value=shown(value)), N_("write a number such as 0"))
        return 0
    return value


def _mapping(raw: Any, path: str, keys: tuple[str, ...], bad: Bad, example: str) -> dict:
    """``raw`` as a mapping with only ``keys`` (None: empty); problems go to ``bad``."""
    if raw is None or not is_mapping(raw, path, N_("a mapping with {keys}", keys=", ".join(keys)), N_("write e.g. {example}", example=example), bad):
        return {}
    for k in raw:
        if k not in keys:
            bad(f"{path}.{k}", N_("unknown key"), N_("keys: {names}", names=', '.join(keys)))
    return raw


def _first_place(value: Any, path: str, places: Any, city: Message, house: Message, bad: Bad) -> str | None:
    """``value`` (a variant's recorded first city of Contrarius: Gallia's first harbour
    city, Aegyptus's first Red Sea city) when it is one of ``places`` (the board's cities of
    that kind: ``city``, e.g. "harbour city"; ``house``: its first house there, e.g. "harbour
    house") or None; else the problem at ``path`` (``bad``) and None."""
    if value is not None and value not in places:
        bad(path, N_("{value} is no {city}", value=shown(value), city=city),
            N_("write the {city} of Contrarius's first {house}: one of {names}", city=city, house=house, names=', '.join(sorted(places, key=str.casefold))))
        return None
    return value


def _forum_list(raw: Any, path: str, bad: Bad, allow_unknown: bool) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        bad(path, N_("expected a list of forum card names, got {raw}", raw=shown(raw)), N_("write e.g. [Julius, Victoria]"))
        return []
    out = []
    for i, v in enumerate(raw):
        if allow_unknown and v == UNKNOWN:
            out.append(UNKNOWN)
            continue
        try:
            out.append(forum_name(str(v)))
        except ContrariusError as exc:
            bad(f"{path}[{i}]", _said(exc), N_("use a forum card name (README, Concordia Salsa)"))
    return out


def read_variants(raw: Any, board: Board, mode: str, bad: Bad) -> Variants:
    """Read and check a snapshot's ``variants`` key; problems go to ``bad(path, message, fix)``.

    ``raw`` None: no variant, except those that come with the board (gallia, aegyptus).
    Checks: known keys, forum card names, each forum card at most once in the game, the
    row of at most 4 cards, fish and stack counts, trader spots, and solo mode only.
    """
    v = Variants()
    auto = BOARD_VARIANTS.get(board.name)
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        bad("variants", N_("expected a mapping variant -> state, got {raw}", raw=shown(raw)), N_("variants: {names}", names=', '.join(VARIANTS)))
        raw = {}
    for key in raw:
        if key not in VARIANTS:
            close = suggest(str(key), list(VARIANTS), 1)
            bad(f"variants.{key}", N_("unknown variant"), N_("did you mean '{close}'?", close=close[0]) if close else N_("variants: {names}", names=', '.join(VARIANTS)))
    for key in (GALLIA, AEGYPTUS):
        if key in raw and auto != key:
            bad(f"variants.{key}", N_("the {variant} variant comes with the {key} board, not {name}", variant=key.capitalize(), key=key, name=board.name),
                N_("remove variants.{key}", key=key))
    if raw and mode != "solo":
        bad("variants", N_('the rulebook\'s "Solo Variants" are for solo play'), N_("remove the variants key, or play solo"))
    if mode != "solo":
        auto = None  # the board's own variant is a solo rule too
    if SALSA in raw:
        v.salsa = _read_salsa(raw[SALSA], bad)
    if FISH_MARKET in raw:
        f = _mapping(raw[FISH_MARKET], "variants.fish_market", ("contrarius", "player"), bad, "{contrarius: 0, player: 0}")
        v.fish_market = FishMarket(_int(f.get("contrarius", 0), "variants.fish_market.contrarius", bad),
                                   None if f.get("player") is None else _int(f.get("player"), "variants.fish_market.player", bad))
    if auto == GALLIA:
        g = _mapping(raw.get(GALLIA), "variants.gallia", ("first_harbour",), bad, "{first_harbour: Jvliobona}")
        first = _first_place(g.get("first_harbour"), "variants.gallia.first_harbour", board_places(board, "harbour"),
                             N_("harbour city"), N_("harbour house"), bad)
        v.gallia = Gallia(first)
    if auto == AEGYPTUS:
        a = _mapping(raw.get(AEGYPTUS), "variants.aegyptus", ("red_sea_colonist", "traders", "first_red_sea"), bad,
                     "{red_sea_colonist: due, traders: []}")
        state = a.get("red_sea_colonist", "due")
        if state not in ("due", "placed"):
            bad("variants.aegyptus.red_sea_colonist", N_("expected due or placed, got {state}", state=shown(state)),
                N_("due: its next new sea colonist goes to its first Red Sea harbour city; placed: it went there"))
            state = "due"
        traders = a.get("traders") or []
        if not isinstance(traders, list):
            bad("variants.aegyptus.traders", N_("expected a list of bonus spots, got {traders}", traders=shown(traders)), N_("write e.g. [Incense]"))
            traders = []
        spots = board_discs(board)
        for i, t in enumerate(traders):
            if not isinstance(t, str):
                bad(f"variants.aegyptus.traders[{i}]", N_("expected the name of a bonus spot, got {t}", t=shown(t)),
                    N_("write the spot's name only (the traders are Contrarius's): one of {names}", names=', '.join(spots)))
            elif t not in spots:
                bad(f"variants.aegyptus.traders[{i}]", N_("unknown bonus spot {t!r}", t=t), N_("the bonus spots are {names}", names=', '.join(spots)))
        traders = [t for t in traders if isinstance(t, str)]
        if len(set(traders)) != len(traders):
            bad("variants.aegyptus.traders", N_("a bonus spot is listed twice"), N_("each spot holds one trader of Contrarius"))
        first = _first_place(a.get("first_red_sea"), "variants.aegyptus.first_red_sea", board_places(board, "red_sea"),
                             N_("Red Sea city"), N_("house there"), bad)
        v.aegyptus = Aegyptus(state, [t for t in traders if t in spots], first)
    return v


def _read_salsa(raw: Any, bad: Bad) -> Salsa:
    s = Salsa()
    raw = _mapping(raw, "variants.salsa", ("contrarius", "row", "stack"), bad, "{contrarius: [Titus Valerius], row: [...], stack: {remaining: 21}}")
    s.contrarius = _forum_list(raw.get("contrarius"), "variants.salsa.contrarius", bad, False)
    s.row = _forum_list(raw.get("row"), "variants.salsa.row", bad, True)
    if len(s.row) > FORUM_ROW:
        bad("variants.salsa.row", N_("{n} forum cards in the row, at most {most} lie there", n=len(s.row), most=FORUM_ROW), N_("list the row as laid, left to right"))
    stack = _mapping(raw.get("stack"), "variants.salsa.stack", ("remaining", "order"), bad, "{remaining: 21}")
    s.stack_remaining = _int(stack.get("remaining", 0), "variants.salsa.stack.remaining", bad)
    if "order" in stack and stack["order"] is not None:
        s.stack_order = _forum_list(stack["order"], "variants.salsa.stack.order", bad, False)
        if len(s.stack_order) != s.stack_remaining:
            bad("variants.salsa.stack.order", N_("lists {n} cards but stack.remaining is {rem}", n=len(s.stack_order), rem=s.stack_remaining), N_("make them agree"))
    seen: dict[str, int] = {}
    for n in s.contrarius + s.row + list(s.stack_order or []):
        if n != UNKNOWN:
            seen[n] = seen.get(n, 0) + 1
    for n, k in seen.items():
        if k > 1:
            bad("variants.salsa", N_("the forum card {n} appears {k} times (Contrarius's cards, the row and the stack)", n=n, k=k),
                N_("each forum card exists once: correct the duplicate"))
    total = len(s.contrarius) + len(s.row) + s.stack_remaining
    if total > len(forum_cards()):
        bad("variants.salsa", N_("{total} forum cards with Contrarius, in the row and in the stack, but there are {every}", total=total, every=len(forum_cards())),
            N_("correct stack.remaining"))
    return s


def goods_for_salt(value: str) -> str:
    """A goods type a salt city counts for (Minerva): one of the five goods."""
    g = str(value).strip().casefold()
    if g not in GOODS:
        raise ContrariusError(N_("a salt city counts for one goods type: {GOODS}; got {value}", GOODS=', '.join(GOODS), value=shown(value)))
    return g



def first_house(recorded: str | None, houses: list[str]) -> str | None:
    """Contrarius's first house among ``houses`` (its houses in a variant's places: Gallia's
    harbour cities, Aegyptus's Red Sea cities): the one the snapshot ``recorded`` when it is
    one of them, else the only one; None with none, or with several and none recorded."""
    if recorded in houses:
        return recorded
    return houses[0] if len(houses) == 1 else None


def board_places(board: Board, tag: str) -> set[str]:
    """The places ``board`` marks with ``tag`` (``"harbour"``, ``"red_sea"``), as a set.

    Empty on a board without that mark (the board file's ``tags``).
    """
    tags = getattr(board, "tags", None) or {}
    return {p for p, marks in tags.items() if tag in marks}


def board_nile(board: Board) -> list[str]:
    """The Nile's places from the mouth (Memphis) upstream to Meroe; empty elsewhere."""
    return list(getattr(board, "nile", None) or ())


def board_discs(board: Board) -> list[str]:
    """The bonus spots (discs) of ``board``: Aegyptus's Incense and Gold; empty elsewhere."""
    nodes = getattr(board, "nodes", None) or {}
    return [n for n, node in nodes.items() if getattr(node, "type", "") == "disc"]
