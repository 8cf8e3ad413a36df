"""The game snapshot: a typed model of the table, read from and written to plain data.

A snapshot is what the table shows between two turns (README "The snapshot format"). It is read
with :func:`contrarius.model.reader.read_snapshot`, which checks everything and raises
:class:`~contrarius.errors.SnapshotError` listing every problem with its key path and
fix, and dumped with :meth:`Snapshot.to_dict` in a fixed key order, so that
``read_snapshot(to_dict(s)) == s`` and a dumped file loads and dumps to the same bytes.

Owners are ``"contrarius"`` and the player ids: ``"player"`` in solo play, ``"player1"``
and ``"player2"`` in team play and with Contrarius as a third player.

Format version 1 (every key; see README "The snapshot format"):

``format``, ``board``, ``mode``, ``level``, ``seed``, ``rolls``, ``dice`` (``table``: every
die is read from the table, contrarius never rolls; ``virtual``: contrarius rolls a die not
given, from the seed; a snapshot without the key gets :func:`default_dice`), ``dice_faces`` (optional),
``cities`` (city -> goods of its token), ``houses`` (city -> owners), ``colonists`` (owner,
kind, at: a city or a line ``A-B``/``A-B#2``), ``bonus_markers`` (province -> goods|coins),
``display`` (7 positions: card, ``null`` empty, ``"?"`` unknown), ``stack`` (remaining,
order; ``"?"`` in order: a card not public), ``contrarius`` (vp, cards, track),
``players`` (id, vp, hand, played, goods, sestertii, veto), ``active``,
``praefectus_magnus``, ``concordia``, ``ended``, ``variants`` (only in a game using the
rulebook's "Solo Variants": see :mod:`contrarius.model.variants`), ``log``, ``start`` (``new
--start``: Roma's start city, Balearica's galley for new sea colonists; absent on other boards).
"""

from __future__ import annotations

import copy
from typing import Any

from contrarius.material.board import TOKEN_GOODS, Board, Line
from contrarius.material.cards import Card, catalog
from contrarius.messages import N_, Term
from contrarius.errors import ContrariusError
from contrarius.records import Record
from contrarius.model.variants import Variants

FORMAT_VERSION = 1
CONTRARIUS = "contrarius"
#: The modes of play: solo play ("Solo Personality Cards"), team play ("Cooperative
#: Teamplay"), Contrarius as a third player ("Contrarius as a third player").
SOLO, TEAM, THIRD_PLAYER = "solo", "team", "third-player"
MODES: tuple[str, ...] = (SOLO, TEAM, THIRD_PLAYER)
LEVELS: tuple[str, ...] = ("standard", "veteran", "expert")
MAX_HOUSES = 15
MAX_COLONISTS_PER_KIND = 3
MAX_COLONISTS = 6
DISPLAY_SIZE = 7
UNKNOWN_CARD = "?"
DICE = ("architect", "tribune", "mercator", "senator")
#: Where a game's dice come from: ``table`` (read from the player's dice, never rolled by
#: contrarius) or ``virtual`` (contrarius rolls what is not given, from the seed).
DICE_SOURCES: tuple[str, ...] = ("table", "virtual")

def default_dice(seed: Any, log: Any) -> str:
    """Where the dice of a snapshot written without a ``dice`` key come from (a reading;
    README "The snapshot format"): ``table`` when it has no seed (nothing to roll from) or
    when its log holds die results and every one was read from the table (the player rolls
    at a table); else ``virtual`` (contrarius rolled a die of its own at least once, or
    none was needed yet: it rolls what is not given, as before the key existed)."""
    if seed is None:
        return "table"
    sources = [d.get("source") for entry in (log if isinstance(log, list) else []) if isinstance(entry, dict)
               for d in (entry.get("dice") if isinstance(entry.get("dice"), list) else []) if isinstance(d, dict)]
    return "table" if sources and all(src == "table" for src in sources) else "virtual"


def player_ids(mode: str) -> tuple[str, ...]:
    """The player ids of a mode: ``("player",)`` for solo, else ``("player1", "player2")``."""
    return ("player",) if mode == "solo" else ("player1", "player2")


class Colonist(Record):
    """A colonist on the board: ``owner``, ``kind`` (land|sea), and where it stands.

    Exactly one of ``city`` (a place name, the capital included) and ``line`` is set.
    """

    _fields = ("owner", "kind", "city", "line")

    def __init__(self, owner: str, kind: str, city: str | None = None, line: Line | None = None):
        self.owner = owner
        self.kind = kind
        self.city = city
        self.line = line

    @property
    def where(self) -> str:
        """The position as written in a snapshot: a city name or a line label."""
        return self.city if self.city is not None else self.line.label  # type: ignore[union-attr]

    def describe(self) -> str:
        """``"land colonist in Roma"`` / ``"sea colonist on Cosa-Roma"``."""
        return f"{self.kind} colonist " + (f"in {self.city}" if self.city else f"on {self.line.label}")  # type: ignore[union-attr]


class ContrariusState(Record):
    """Contrarius: victory points, its cards (face up or down) and its expert track houses.

    ``track`` lists the VP track positions that still hold one of its houses (expert).
    Houses in supply are derived: 15 minus houses on the board minus track houses.
    """

    _fields = ("vp", "cards", "track")

    def __init__(self, vp: int = 0, cards: list[Card] | None = None, track: list[int] | None = None):
        self.vp = vp
        self.cards = [] if cards is None else cards
        self.track = [] if track is None else track


class Player(Record):
    """A human player: ``id``, VP on the track, and what is known of their belongings.

    ``hand``, ``played``, ``goods`` (goods -> count) and ``sestertii`` are None where the
    player does not record them. ``veto`` is the unused veto card (third-player variant).
    """

    _fields = ("id", "vp", "hand", "played", "goods", "sestertii", "veto")

    def __init__(self, id: str, vp: int = 0, hand: list[Card] | None = None, played: list[Card] | None = None,
                 goods: dict[str, int] | None = None, sestertii: int | None = None, veto: bool | None = None):
        self.id = id
        self.vp = vp
        self.hand = hand
        self.played = played
        self.goods = goods
        self.sestertii = sestertii
        self.veto = veto

    @property
    def cards(self) -> list[Card]:
        """Every card the player owns (hand and played), as far as recorded."""
        return list(self.hand or []) + list(self.played or [])


class Ended(Record):
    """How the game ended: ``by`` (owner who took the Concordia card's trigger) and
    ``final_turn_pending`` (Contrarius ended it: the player still plays one last card)."""

    _fields = ("by", "final_turn_pending")

    def __init__(self, by: str, final_turn_pending: bool = False):
        self.by = by
        self.final_turn_pending = final_turn_pending


class Snapshot(Record):
    """The whole game state between two turns. See the module docstring for the keys."""

    _fields = ("board", "mode", "level", "seed", "rolls", "dice", "dice_faces", "cities", "houses", "colonists",
               "bonus_markers", "display", "stack_remaining", "stack_order", "contrarius", "players", "active",
               "praefectus_magnus", "concordia", "ended", "variants", "log", "start", "read_notes")
    _compared = _fields[:-1]  # not the read notes

    def __init__(self, board: Board, mode: str = "solo", level: str = "standard", seed: int | None = None,
                 rolls: int = 0, dice: str = "virtual", dice_faces: dict[str, list[Any]] | None = None,
                 cities: dict[str, str] | None = None, houses: dict[str, list[str]] | None = None,
                 colonists: list[Colonist] | None = None, bonus_markers: dict[str, str] | None = None,
                 display: list[str | None] | None = None, stack_remaining: int = 0, stack_order: list[str] | None = None,
                 contrarius: ContrariusState | None = None, players: list[Player] | None = None,
                 active: str | None = None, praefectus_magnus: str | None = None, concordia: str | None = None,
                 ended: Ended | None = None, variants: Variants | None = None, log: list[dict[str, Any]] | None = None,
                 start: str | None = None, read_notes: list[str] | None = None):
        self.board = board
        self.mode = mode
        self.level = level
        self.seed = seed
        self.rolls = rolls
        self.dice = dice
        self.dice_faces = dice_faces
        self.cities = {} if cities is None else cities
        self.houses = {} if houses is None else houses
        self.colonists = [] if colonists is None else colonists
        self.bonus_markers = {} if bonus_markers is None else bonus_markers
        self.display = [None] * DISPLAY_SIZE if display is None else display
        self.stack_remaining = stack_remaining
        self.stack_order = stack_order
        self.contrarius = ContrariusState() if contrarius is None else contrarius
        self.players = [] if players is None else players
        self.active = active
        self.praefectus_magnus = praefectus_magnus
        self.concordia = concordia
        self.ended = ended
        self.variants = Variants() if variants is None else variants
        #: One record per turn played (plain data), appended by ``play``; a record is never
        #: changed once appended, so copies of the snapshot share them (:meth:`copy`, :meth:`to_dict`).
        self.log = [] if log is None else log
        self.start = start
        #: Readings made while loading (not written back): e.g. an old snapshot's salt city
        #: read as its no-salt token (README "How the rules are read"). Not compared by ``==``.
        self.read_notes = [] if read_notes is None else read_notes

    def homes(self, kind: str) -> tuple[str, ...]:
        """Where a new colonist of ``kind`` goes besides cities with its owner's house:
        the board's start places of that kind (the capital on most boards), on Roma the
        start city named at setup (``start``, a reading). See :meth:`Board.homes`."""
        if self.board.asks_start:
            return (self.start,) if self.start else ()
        return self.board.homes(kind)

    # ----- derived facts -------------------------------------------------------------
    @property
    def owners(self) -> tuple[str, ...]:
        """``("contrarius", *player ids)``."""
        return (CONTRARIUS, *player_ids(self.mode))

    def player(self, pid: str | None = None) -> Player:
        """The player with id ``pid`` (default: the active player, or the only one)."""
        want = pid or self.active or self.players[0].id
        for p in self.players:
            if p.id == want:
                return p
        raise ContrariusError(N_("no player {want!r} in this {mode} game; players: {players}", want=want, mode=Term("mode", self.mode),
                                 players=", ".join(p.id for p in self.players)))

    def houses_of(self, owner: str) -> list[str]:
        """Cities holding a house of ``owner``, alphabetical."""
        return sorted(c for c, owners in self.houses.items() if owner in owners)

    def houses_in_supply(self, owner: str) -> int:
        """Houses ``owner`` has not built: 15 minus the board (minus Contrarius's track)."""
        track = len(self.contrarius.track) if owner == CONTRARIUS else 0
        return MAX_HOUSES - len(self.houses_of(owner)) - track

    def colonists_of(self, owner: str, kind: str | None = None) -> list[Colonist]:
        """Colonists of ``owner`` on the board (in cities or on lines), optionally of one kind."""
        return [c for c in self.colonists if c.owner == owner and (kind is None or c.kind == kind)]

    def colonists_in_supply(self, owner: str, kind: str) -> int:
        """Colonists of ``kind`` that ``owner`` still has in supply (3 per kind)."""
        return MAX_COLONISTS_PER_KIND - len(self.colonists_of(owner, kind))

    def line_occupant(self, line: Line) -> Colonist | None:
        """The colonist standing on ``line``, if any."""
        for c in self.colonists:
            if c.line == line:
                return c
        return None

    def provinces_of(self, owner: str) -> set[str]:
        """Provinces where ``owner`` has at least one house."""
        return {self.board.cities[c].province for c in self.houses_of(owner)}

    def houses_in_province(self, province: str) -> int:
        """Houses of every owner in the cities of ``province``."""
        return sum(len(self.houses.get(c, [])) for c in self.board.provinces[province])

    def display_cards(self) -> list[str]:
        """The cards in the display, left to right (``"?"`` for an unrecorded card)."""
        return [c for c in self.display if c is not None]

    @property
    def cards_left(self) -> int:
        """Cards still available: in the display plus in the stack."""
        return len(self.display_cards()) + self.stack_remaining

    def faces(self, die: str) -> list[Any]:
        """The face list of ``die`` (the snapshot's ``dice_faces`` override, else the data file)."""
        from contrarius.material.cards import dice_faces

        if self.dice_faces and die in self.dice_faces:
            return list(self.dice_faces[die])
        return dice_faces()[die]

    def copy(self) -> "Snapshot":
        """A deep copy, except for what never changes: the board and the turn records of
        ``log`` (a record is never changed once appended) are shared."""
        shared = [self.board, *self.log]
        return copy.deepcopy(self, memo={id(x): x for x in shared})

    # ----- plain data ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The snapshot as plain data in the fixed key order of format version 1."""
        out: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "board": self.board.name,
            "mode": self.mode,
            "level": self.level,
            "seed": self.seed,
            "rolls": self.rolls,
            "dice": self.dice,
        }
        if self.dice_faces:
            out["dice_faces"] = {k: list(v) for k, v in self.dice_faces.items()}
        out["cities"] = {c: self.cities[c] for c in self.board.cities if c in self.cities}
        out["houses"] = {c: list(self.houses[c]) for c in sorted(self.houses) if self.houses[c]}
        out["colonists"] = [{"owner": c.owner, "kind": c.kind, "at": c.where} for c in self.colonists]
        out["bonus_markers"] = {p: self.bonus_markers[p] for p in self.board.provinces if p in self.bonus_markers}
        out["display"] = list(self.display)
        stack: dict[str, Any] = {"remaining": self.stack_remaining}
        if self.stack_order is not None:
            stack["order"] = list(self.stack_order)
        out["stack"] = stack
        out["contrarius"] = {
            "vp": self.contrarius.vp,
            "cards": [_card_out(c, always_map=True) for c in self.contrarius.cards],
            "track": list(self.contrarius.track),
        }
        out["players"] = [_player_out(p) for p in self.players]
        out["active"] = self.active
        out["praefectus_magnus"] = self.praefectus_magnus
        out["concordia"] = self.concordia
        out["ended"] = None if self.ended is None else {"by": self.ended.by, "final_turn_pending": self.ended.final_turn_pending}
        if self.variants:  # absent in a game without the rulebook's "Solo Variants" (every older snapshot)
            out["variants"] = self.variants.to_dict()
        out["log"] = list(self.log)  # the turn records themselves: never changed once recorded
        if self.start is not None:
            out["start"] = self.start
        return out


# ----- dumping helpers -------------------------------------------------------------------
def _card_out(card: Card, always_map: bool = False) -> Any:
    default = tuple(catalog().get(card.name, {}).get("gods", ()))
    if not always_map and card.face_up and not card.assumed and card.gods == default:
        return card.name
    out: dict[str, Any] = {"name": card.name, "gods": list(card.gods), "face": "up" if card.face_up else "down"}
    if card.assumed:
        out["assumed"] = True
    return out


def _player_out(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "vp": p.vp}
    out["hand"] = None if p.hand is None else [_card_out(c) for c in p.hand]
    out["played"] = None if p.played is None else [_card_out(c) for c in p.played]
    out["goods"] = None if p.goods is None else {g: p.goods.get(g, 0) for g in TOKEN_GOODS if g in p.goods}
    out["sestertii"] = p.sestertii
    if p.veto is not None:
        out["veto"] = p.veto
    return out
