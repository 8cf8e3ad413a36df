"""The validating reader of a snapshot: plain data (as ``yaml.safe_load`` gives it) read into a
:class:`~contrarius.model.snapshot.Snapshot`, every problem collected with its key path and fix.

The model (:mod:`contrarius.model.snapshot`) knows nothing of this reader: it only imports the
model, never the other way round.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.board import GOODS, KINDS, TOKEN_GOODS, Board, Line, load_board, suggest
from contrarius.material.cards import Card, card_facts, catalog
from contrarius.errors import ContrariusError, Problem, SnapshotError
from contrarius.model.snapshot import (CONTRARIUS, DICE, DICE_SOURCES, DISPLAY_SIZE, FORMAT_VERSION, LEVELS, MAX_COLONISTS,
                                       MAX_COLONISTS_PER_KIND, MAX_HOUSES, MODES, UNKNOWN_CARD, Colonist, ContrariusState,
                                       Ended, Player, Snapshot, default_dice, player_ids)
from contrarius.model.plain import is_mapping, type_name
from contrarius.model.variants import board_places, read_variants, token_mix
from contrarius.io.yamlio import shown
from contrarius.messages import N_, Joined, Message, Term

__all__ = ["read_snapshot"]


def _said(exc: Exception) -> Any:
    """What ``exc`` says, kept as its :class:`~contrarius.messages.Message` (said in the
    language chosen; English in ``check --json``) when it is one."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], (Message, Joined)) else str(exc)


def line_words(line: Line) -> Message:
    """``land line Roma-Spoletvm``: a line with its kind (:meth:`Line.describe`), as a message."""
    route = f" ({line.route})" if line.route else ""
    if line.kind == "land":
        return N_("land line {line}{route}", line=line.label, route=route)
    return N_("sea line {line}{route}", line=line.label, route=route)

_TOP_KEYS = (
    "format", "board", "mode", "level", "seed", "rolls", "dice", "dice_faces", "cities", "houses",
    "colonists", "bonus_markers", "display", "stack", "contrarius", "players", "active",
    "praefectus_magnus", "concordia", "ended", "variants", "log", "start",
)
_REQUIRED = ("format", "board", "mode", "level", "cities", "display", "stack", "contrarius", "players")
# the keys of a turn record in ``log`` (what play writes: reactions.finish_turn, twoplayer)
_LOG_KEYS = ("turn", "player", "card", "action", "partner", "reacted_to", "dice", "veto", "player_did", "reaction", "vp")
# the keys of a recorded action that hold lists (the log command joins them)
_LOG_ACTION_LISTS = ("moves", "builds", "places", "buys", "refill", "choices")
#: Deepest nesting of lists and mappings a turn record may have: far more than contrarius
#: writes (a file cannot nest deeper than :data:`contrarius.io.refusals.MAX_DEPTH` anyway).
_MAX_LOG_DEPTH = 16


def _nested_deeper(value: Any, depth: int) -> bool:
    """Whether ``value`` nests lists and mappings more than ``depth`` levels deep; a value
    that contains itself (possible only in data built in Python) always does."""
    if isinstance(value, dict):
        value = list(value.values())
    if not isinstance(value, (list, tuple)):
        return False
    return depth == 0 or any(_nested_deeper(v, depth - 1) for v in value)


class _Reader:
    """Reads plain data into a :class:`Snapshot`, collecting every problem on the way."""

    def __init__(self, source: str | None):
        self.source = source
        self.problems: list[Problem] = []
        self.board: Board | None = None
        self.present: set = set()

    def bad(self, path: str, message: str, fix: str = "") -> None:
        self.problems.append(Problem(path, message, fix))

    def keys(self, data: dict, allowed: tuple[str, ...], path: str) -> None:
        for key in data:
            if key not in allowed:
                close = suggest(str(key), list(allowed), 1)
                fix = N_("did you mean '{close}'?", close=close[0]) if close else N_("allowed keys: {names}", names=", ".join(allowed))
                self.bad(f"{path}{key}", N_("unknown key"), fix)

    def integer(self, value: Any, path: str, minimum: int | None = 0, allow_none: bool = False) -> int | None:
        if value is None and allow_none:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad(path, N_("expected a whole number, got {value}", value=shown(value)), N_("write a number such as 0"))
            return None
        if minimum is not None and value < minimum:
            self.bad(path, N_("expected {minimum} or more, got {value}", minimum=minimum, value=value), N_("set it to {minimum} or more", minimum=minimum))
            return None
        return value

    def name(self, resolver, value: Any, path: str, what: str) -> str | None:
        what = Term("noun", what)  # city, province, start place: named in the language chosen
        if value is None:
            self.bad(path, N_("a {what} name is missing (null)", what=what), N_("write a {what} name printed on the board", what=what))
            return None
        try:
            return resolver(str(value))
        except ContrariusError as exc:
            self.bad(path, _said(exc), N_("use a {what} name printed on the board", what=what))
            return None

    def card(self, value: Any, path: str, *, default_face: bool = True) -> Card | None:
        from contrarius.material.cards import card_name

        if isinstance(value, str):
            try:
                return Card.of(value, face_up=default_face)
            except ContrariusError as exc:
                self.bad(path, _said(exc), N_("use a personality name such as Prefect"))
                return None
        if not isinstance(value, dict):
            self.bad(path, N_("expected a card name or a mapping with name and gods, got {value}", value=shown(value)), N_("write e.g. {name: Prefect, gods: [Saturnus]}"))
            return None
        self.keys(value, ("name", "gods", "face", "assumed"), path + ".")
        try:
            nm = card_name(value.get("name"))
        except ContrariusError as exc:
            self.bad(path + ".name", _said(exc), N_("use a personality name such as Prefect"))
            return None
        from contrarius.material.cards import GODS

        gods_raw = value.get("gods", catalog()[nm]["gods"])
        if not isinstance(gods_raw, list) or not gods_raw or not 1 <= len(gods_raw) <= 2:
            self.bad(path + ".gods", N_("expected a list of one or two gods, got {gods_raw}", gods_raw=shown(gods_raw)), N_("write e.g. [Saturnus]"))
            return None
        gods = []
        for i, g in enumerate(gods_raw):
            hit = next((x for x in GODS if x.casefold() == str(g).casefold()), None)
            if hit is None:
                close = suggest(str(g), list(GODS), 1)
                self.bad(f"{path}.gods[{i}]", N_("unknown god {g}", g=shown(g)), N_("did you mean {close}?", close=close[0]) if close else N_("gods: {names}", names=', '.join(GODS)))
                return None
            gods.append(hit)
        face = value.get("face", "up" if default_face else "down")
        if face not in ("up", "down"):
            self.bad(path + ".face", N_("expected up or down, got {face}", face=shown(face)), N_("write face: up or face: down"))
            return None
        assumed = value.get("assumed", False)
        if not isinstance(assumed, bool):
            self.bad(path + ".assumed", N_("expected true or false, got {assumed}", assumed=shown(assumed)), N_("write assumed: true or drop the key"))
            assumed = False
        return Card(nm, tuple(gods), face == "up", assumed)

    # -- the whole document --
    def read(self, data: Any) -> Snapshot:
        if not isinstance(data, dict):
            raise SnapshotError([Problem("(top)", N_("expected a mapping of snapshot keys, got {type}", type=type(data).__name__),
                                         N_("start from 'contrarius new' output"))], self.source)
        self.keys(data, _TOP_KEYS, "")
        self.present = set(data)
        missing = [k for k in _REQUIRED if k not in data]
        for k in missing:
            self.bad(k, N_("missing key"), N_("every snapshot needs it; start from 'contrarius new' output"))
        fmt = data.get("format")
        if "format" in data:
            if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > FORMAT_VERSION:
                raise SnapshotError([Problem("format", N_("format version {fmt} was written by a newer contrarius (this one reads {version})", fmt=fmt, version=FORMAT_VERSION),
                                             N_("upgrade contrarius"))], self.source)
            if fmt != FORMAT_VERSION or isinstance(fmt, bool):
                self.bad("format", N_("unknown format version {fmt}", fmt=shown(fmt)), N_("this contrarius reads format {version}", version=FORMAT_VERSION))
        if "board" not in data:
            raise SnapshotError(self.problems, self.source)
        try:
            self.board = load_board(str(data.get("board")))
        except ContrariusError as exc:
            self.bad("board", _said(exc), N_("name one of the boards listed by 'contrarius boards'"))
            raise SnapshotError(self.problems, self.source) from None
        snap = Snapshot(board=self.board)
        mode = data.get("mode", "solo")
        if mode not in MODES:
            self.bad("mode", N_("unknown mode {mode}", mode=shown(mode)), N_("use one of {names}", names=', '.join(MODES)))
            mode = "solo"
        snap.mode = mode
        level = data.get("level", "standard")
        if level not in LEVELS:
            self.bad("level", N_("unknown level {level}", level=shown(level)), N_("use one of {names}", names=', '.join(LEVELS)))
        else:
            snap.level = level
        snap.seed = self.integer(data.get("seed"), "seed", minimum=None, allow_none=True)
        snap.rolls = self.integer(data.get("rolls", 0), "rolls") or 0
        self.read_dice_source(data, snap)
        self.read_dice(data.get("dice_faces"), snap)
        snap.variants = read_variants(data.get("variants"), self.board, snap.mode, self.bad)
        self.read_cities(data.get("cities"), snap)
        self.read_houses(data.get("houses") or {}, snap)
        self.check_first_red_sea(snap)
        self.read_colonists(data.get("colonists") or [], snap)
        self.read_markers(data.get("bonus_markers"), snap)
        self.read_display(data.get("display"), data.get("stack"), snap)
        self.forget_table_stack_order(snap)
        self.read_contrarius(data.get("contrarius"), snap)
        self.read_players(data.get("players"), snap)
        self.read_tail(data, snap)
        self.check_counts(snap)
        if self.problems:
            raise SnapshotError(self.problems, self.source)
        return snap

    def read_dice_source(self, data: dict, snap: Snapshot) -> None:
        """``dice: table|virtual``; without the key (snapshots written before it existed)
        the default of :func:`default_dice`."""
        if "dice" not in data:
            snap.dice = default_dice(snap.seed, data.get("log"))
            return
        value = data.get("dice")
        if value not in DICE_SOURCES:
            self.bad("dice", N_("unknown dice source {value}", value=shown(value)),
                     N_("write table (you roll every die and give it with --die) or virtual (contrarius rolls from the seed)"))
            return
        snap.dice = value  # virtual with seed null: nothing to roll from, play asks for each die

    def read_dice(self, raw: Any, snap: Snapshot) -> None:
        if raw is None or not is_mapping(raw, "dice_faces", N_("a mapping die -> six faces"),
                                         N_("copy the mapping from contrarius/data/dice.yaml"), self.bad):
            return
        self.keys(raw, DICE, "dice_faces.")
        faces: dict[str, list[Any]] = {}
        for die, vals in raw.items():
            if die not in DICE:
                continue
            if not isinstance(vals, list) or len(vals) != 6:
                self.bad(f"dice_faces.{die}", N_("expected a list of faces, got {vals}", vals=shown(vals)), N_("list six faces"))
                continue
            from contrarius.material.dice import parse_face

            ok = []
            for i, v in enumerate(vals):
                try:
                    ok.append(parse_face(die, v))
                except ContrariusError as exc:
                    self.bad(f"dice_faces.{die}[{i}]", _said(exc), N_("use a face this die can show"))
            faces[die] = ok
        snap.dice_faces = faces or None

    def read_cities(self, raw: Any, snap: Snapshot) -> None:
        board = snap.board
        if raw is None and "cities" in self.present:
            raw = {}  # cities: null - every token is missing, each is reported below
        if raw is None or not is_mapping(raw, "cities", N_("a mapping city -> goods"), N_("write e.g. Aleria: food"), self.bad, type_name):
            return
        for key, goods in raw.items():
            city = self.name(board.city, key, f"cities.{key}", "city")
            if city is None:
                continue
            if goods not in TOKEN_GOODS:
                close = suggest(str(goods), list(TOKEN_GOODS), 1)
                self.bad(f"cities.{key}", N_("unknown goods {goods}", goods=shown(goods)), N_("did you mean {close}?", close=close[0]) if close else N_("use one of {names}", names=', '.join(GOODS)))
                continue
            if city in snap.cities:
                self.bad(f"cities.{key}", N_("{city} is listed twice", city=city), N_("keep one entry per city"))
            snap.cities[city] = goods
        for city in board.cities:
            if city not in snap.cities and not any(p.path == f"cities.{city}" for p in self.problems):
                self.bad(f"cities.{city}", N_("missing city token"), N_("add the goods of its token, e.g. {city}: brick", city=city))
        # token counts per letter must match the board's tokens
        if len(snap.cities) == len(board.cities):
            salsa = snap.variants.salsa is not None
            tokens = board.tokens
            try:
                tokens = token_mix(board, salsa)
            except ContrariusError as exc:
                self.bad("variants.salsa", _said(exc), N_("Salsa cannot be played with this board's tokens"))
            if not salsa and self.old_salt_layout(snap):
                return
            for letter, mix in tokens.items():
                have = self.laid(snap, letter)
                for goods in sorted(set(mix) | set(have), key=lambda g: TOKEN_GOODS.index(g)):
                    if have.get(goods, 0) != mix.get(goods, 0):
                        if goods == "salt" and not salsa:
                            for city in (c for c, info in board.cities.items() if info.letter == letter and snap.cities[c] == "salt"):
                                instead = board.no_salt.get(letter)
                                self.bad(f"cities.{city}", N_("a salt token in a game without Salsa"),
                                         N_("write {city}: {instead} (the {letter} no-salt token), or play Salsa (new --salsa)", city=city, instead=instead, letter=letter)
                                         if instead else N_("salt is laid only with Salsa (new --salsa): write the token as laid"))
                            continue
                        with_salt = N_(" with Salsa (one token per letter swapped for salt)") if salsa and tokens != board.tokens else ""
                        self.bad("cities", N_("letter {letter} cities show {shown} {goods} but the {letter} tokens{with_salt} hold {held}", letter=letter, shown=have.get(goods, 0), goods=Term("goods", goods), with_salt=with_salt, held=mix.get(goods, 0)),
                                 N_("check the tokens against the board"))

    def check_first_red_sea(self, snap: Snapshot) -> None:
        """Aegyptus: ``variants.aegyptus.first_red_sea`` must hold a house of Contrarius; an
        older snapshot without it and with one Red Sea house of Contrarius gets that city
        (with several, :func:`contrarius.rules.variants.solo_variants.red_sea_colonist` asks for it)."""
        a = snap.variants.aegyptus
        if a is None:
            return
        mine = [c for c in snap.houses_of(CONTRARIUS) if c in board_places(snap.board, "red_sea")]
        if a.first_red_sea is not None and a.first_red_sea not in mine:
            self.bad("variants.aegyptus.first_red_sea", N_("Contrarius has no house in {first_red_sea}", first_red_sea=a.first_red_sea),
                     N_("write the Red Sea city of its first house there (its Red Sea houses: {cities})", cities=", ".join(mine)) if mine
                     else N_("write the Red Sea city of its first house there, or remove the key (no house at the Red Sea yet)"))
        else:
            a.settle_first(mine)

    def laid(self, snap: Snapshot, letter: str) -> dict[str, int]:
        """Goods -> how many cities of ``letter`` show that token in ``snap``."""
        have: dict[str, int] = {}
        for city, c in snap.board.cities.items():
            if c.letter == letter:
                have[snap.cities[city]] = have.get(snap.cities[city], 0) + 1
        return have

    def old_salt_layout(self, snap: Snapshot) -> bool:
        """A snapshot without a ``variants`` key whose Hispania/Byzantium cities show the
        salt tokens exactly as the board holds them was written before contrarius laid the
        no-salt tokens in a game without Salsa (a reading, README "How the rules are
        read"): each salt city is read as its letter's no-salt token, and
        ``snap.read_notes`` says so. True when that reading was made."""
        board = snap.board
        if not board.no_salt or "variants" in self.present:
            return False
        if any(self.laid(snap, letter) != {g: n for g, n in mix.items() if n} for letter, mix in board.tokens.items()):
            return False
        for city, info in board.cities.items():
            if snap.cities[city] == "salt" and info.letter in board.no_salt:
                goods = board.no_salt[info.letter]
                snap.cities[city] = goods
                snap.read_notes.append(N_("{city} shows a salt token in a game without Salsa (a snapshot written by an older contrarius): read as the {letter} no-salt token, {goods}; lay that token there", city=city, letter=info.letter, goods=goods))
        return True

    def read_houses(self, raw: Any, snap: Snapshot) -> None:
        board = snap.board
        if not is_mapping(raw, "houses", N_("a mapping city -> owners"), N_("write e.g. Aleria: [contrarius]"), self.bad, type_name):
            return
        for key, owners in raw.items():
            path = f"houses.{key}"
            place = self.name(board.place, key, path, "city")
            if place is None:
                continue
            if place == board.capital:
                self.bad(path, N_("a house in the capital {place}", place=place), N_("nobody builds in the capital: remove it"))
                continue
            if not board.is_city(place):
                self.bad(path, N_("a house in {place}, a {kind}", place=place, kind=board.node_type(place)), N_("nobody builds there: remove it"))
                continue
            if owners is None:
                continue
            if not isinstance(owners, list):
                owners = [owners]
            seen: list[str] = []
            for o in owners:
                if o not in snap.owners:
                    close = suggest(str(o), list(snap.owners), 1)
                    self.bad(path, N_("unknown owner {o}", o=shown(o)), N_("did you mean {close}?", close=close[0]) if close else N_("owners: {names}", names=', '.join(snap.owners)))
                    continue
                if o in seen:
                    self.bad(path, N_("two houses of {o} in {place}", o=o, place=place), N_("an owner has at most one house per city: remove one"))
                    continue
                seen.append(o)
            snap.houses.setdefault(place, []).extend(x for x in seen if x not in snap.houses.get(place, []))

    def read_colonists(self, raw: Any, snap: Snapshot) -> None:
        board = snap.board
        if not isinstance(raw, list):
            self.bad("colonists", N_("expected a list of colonists, got {type}", type=type(raw).__name__), N_("write e.g. - {owner: contrarius, kind: land, at: Roma}"))
            return
        taken: dict[Line, int] = {}
        for i, item in enumerate(raw):
            path = f"colonists[{i}]"
            if not isinstance(item, dict):
                self.bad(path, N_("expected a mapping with owner, kind and at, got {item}", item=shown(item)), N_("write e.g. {owner: contrarius, kind: land, at: Roma}"))
                continue
            self.keys(item, ("owner", "kind", "at"), path + ".")
            owner, kind, at = item.get("owner"), item.get("kind"), item.get("at")
            if owner not in snap.owners:
                self.bad(path + ".owner", N_("unknown owner {owner}", owner=shown(owner)), N_("owners: {names}", names=', '.join(snap.owners)))
                continue
            if kind not in KINDS:
                self.bad(path + ".kind", N_("expected land or sea, got {kind}", kind=shown(kind)), N_("write kind: land or kind: sea"))
                continue
            if isinstance(at, list) and len(at) == 2:
                at = f"{at[0]}-{at[1]}"
            if not isinstance(at, str) or not at.strip():
                self.bad(path + ".at", N_("expected a city or a line CITY-CITY, got {at}", at=shown(at)), N_("write e.g. at: Roma or at: Cosa-Roma"))
                continue
            if board.is_line_text(at):
                try:
                    line = board.parse_line(at, kind)
                except ContrariusError as exc:
                    self.bad(path + ".at", _said(exc), N_("a {kind} colonist stands on a {kind} line", kind=kind))
                    continue
                if not line.stoppable:
                    self.bad(path + ".at", N_("{line} is a dotted line: a colonist may cross it but not stand on it (reading)", line=line_words(line)),
                             N_("put the colonist on a line next to it or in a city"))
                    continue
                if line in taken:
                    self.bad(path + ".at", N_("two colonists on {line} (also colonists[{taken}])", line=line_words(line), taken=taken[line]), N_("a line holds one colonist: move one"))
                    continue
                taken[line] = i
                snap.colonists.append(Colonist(owner, kind, None, line))
            else:
                place = self.name(board.place, at, path + ".at", "city")
                if place is not None and place not in board.standing_places:
                    self.bad(path + ".at", N_("{place} is a {kind}: a colonist cannot stand there", place=place, kind=board.node_type(place)),
                             N_("put it on a line next to it"))
                elif place is not None:
                    snap.colonists.append(Colonist(owner, kind, place, None))

    def read_markers(self, raw: Any, snap: Snapshot) -> None:
        board = snap.board
        if raw is None:
            snap.bonus_markers = {p: "goods" for p in board.provinces}
            return
        if not is_mapping(raw, "bonus_markers", N_("a mapping province -> goods|coins"), N_("write e.g. Corsica: goods"), self.bad, type_name):
            return
        for key, side in raw.items():
            prov = self.name(board.province, key, f"bonus_markers.{key}", "province")
            if prov is None:
                continue
            if side not in ("goods", "coins"):
                self.bad(f"bonus_markers.{key}", N_("expected goods or coins, got {side}", side=shown(side)), N_("write goods (active) or coins (produced)"))
                continue
            snap.bonus_markers[prov] = side
        for prov in board.provinces:
            snap.bonus_markers.setdefault(prov, "goods")

    def read_display(self, raw: Any, stack: Any, snap: Snapshot) -> None:
        if raw is not None:
            if not isinstance(raw, list) or len(raw) != DISPLAY_SIZE:
                self.bad("display", N_("expected a list of 7 positions, got {raw}", raw=shown(raw)), N_("write 7 entries: a card name, ? for an unrecorded card, or null for empty"))
            else:
                out: list[str | None] = []
                for i, v in enumerate(raw):
                    if v is None or v == UNKNOWN_CARD:
                        out.append(v)
                        continue
                    c = self.card(v, f"display[{i}]")
                    # an unreadable card still fills its position (already reported)
                    out.append(c.name if c else UNKNOWN_CARD)
                first_empty = next((i for i, v in enumerate(out) if v is None), DISPLAY_SIZE)
                if any(v is not None for v in out[first_empty:]):
                    self.bad("display", N_("a card stands right of an empty position"), N_("cards slide left: move them into the empty positions"))
                snap.display = out
        if stack is None:
            return
        if not is_mapping(stack, "stack", N_("a mapping with remaining (and order)"), N_("write e.g. {remaining: 8}"), self.bad):
            return
        self.keys(stack, ("remaining", "order"), "stack.")
        rem = self.integer(stack.get("remaining", 0), "stack.remaining")
        snap.stack_remaining = rem or 0
        order = stack.get("order")
        if order is not None:
            if not isinstance(order, list):
                self.bad("stack.order", N_("expected a list of card names, got {order}", order=shown(order)), N_("list the stack from the top, or drop the key"))
                return
            names = []
            for i, v in enumerate(order):
                if v == UNKNOWN_CARD:  # a card known to be there, not which (third-player stack III)
                    names.append(v)
                    continue
                c = self.card(v, f"stack.order[{i}]")
                if c:
                    names.append(c.name)
            if rem is not None and len(order) != rem:
                self.bad("stack.order", N_("lists {n} cards but stack.remaining is {rem}", n=len(order), rem=rem), N_("make them agree"))
            snap.stack_order = names

    def forget_table_stack_order(self, snap: Snapshot) -> None:
        """A table game (any mode) knows only what the table shows: a stack order in its
        snapshot (``new --table`` once dealt one from the seed) is not the real stack's, so
        it is dropped and every card drawn is unknown (``?``) until given (``--refill``,
        ``reveal``); ``snap.read_notes`` says so (README "How the rules are read")."""
        if snap.dice != "table" or snap.stack_order is None:
            return
        if any(n != UNKNOWN_CARD for n in snap.stack_order):
            snap.read_notes.append(N_("a table game: the stack order in the snapshot (dealt from the seed) is not your table's; it is dropped, and each card drawn into the display is the one you name (--refill, reveal) or unknown (?)"))
        snap.stack_order = None

    def read_contrarius(self, raw: Any, snap: Snapshot) -> None:
        if raw is None or not is_mapping(raw, "contrarius", N_("a mapping with vp, cards and track"),
                                         N_("start from 'contrarius new' output"), self.bad):
            return
        self.keys(raw, ("vp", "cards", "track"), "contrarius.")
        st = ContrariusState()
        st.vp = self.integer(raw.get("vp", 0), "contrarius.vp") or 0
        cards = raw.get("cards") or []
        if not isinstance(cards, list):
            self.bad("contrarius.cards", N_("expected a list of cards, got {cards}", cards=shown(cards)), N_("write e.g. - {name: Prefect, gods: [Saturnus], face: up}"))
            cards = []
        for i, v in enumerate(cards):
            c = self.card(v, f"contrarius.cards[{i}]")
            if c:
                st.cards.append(c)
        track = raw.get("track") or []
        if not isinstance(track, list):
            self.bad("contrarius.track", N_("expected a list of VP positions, got {track}", track=shown(track)), N_("write e.g. [10, 20, 30, 40, 50]"))
            track = []
        for i, v in enumerate(track):
            n = self.integer(v, f"contrarius.track[{i}]", minimum=1)
            if n is not None:
                if n in st.track:
                    self.bad(f"contrarius.track[{i}]", N_("two houses on VP position {n}", n=n), N_("one house per position"))
                st.track.append(n)
        st.track.sort()
        snap.contrarius = st

    def read_players(self, raw: Any, snap: Snapshot) -> None:
        want = player_ids(snap.mode)
        if raw is None:
            if not any(p.path == "players" for p in self.problems):  # (a missing key is reported already)
                self.bad("players", N_("expected a list of players, got null"), N_("give one entry per player with id {names}", names=', '.join(want)))
            return
        if not isinstance(raw, list):
            self.bad("players", N_("expected a list of players, got {type}", type=type(raw).__name__), N_("start from 'contrarius new' output"))
            return
        ids = [p.get("id") if isinstance(p, dict) else None for p in raw]
        if sorted(str(i) for i in ids) != sorted(want):
            self.bad("players", N_("a {mode} game has players {names}, got {ids}", mode=snap.mode, names=', '.join(want), ids=ids), N_("give one entry per player with id {names}", names=', '.join(want)))
        for i, item in enumerate(raw):
            path = f"players[{i}]"
            if not isinstance(item, dict):
                continue
            self.keys(item, ("id", "vp", "hand", "played", "goods", "sestertii", "veto"), path + ".")
            p = Player(id=str(item.get("id")))
            p.vp = self.integer(item.get("vp", 0), path + ".vp") or 0
            for key in ("hand", "played"):
                val = item.get(key)
                if val is None:
                    continue
                if not isinstance(val, list):
                    self.bad(f"{path}.{key}", N_("expected a list of cards, got {val}", val=shown(val)), N_("list card names, or write null if not recorded"))
                    continue
                lst = [c for j, v in enumerate(val) if (c := self.card(v, f"{path}.{key}[{j}]"))]
                setattr(p, key, lst)
            goods = item.get("goods")
            if goods is not None:
                if not isinstance(goods, dict):
                    self.bad(path + ".goods", N_("expected a mapping goods -> count, got {goods}", goods=shown(goods)), N_("write e.g. {brick: 1, food: 2}"))
                else:
                    p.goods = {}
                    for g, n in goods.items():
                        if g not in TOKEN_GOODS:
                            self.bad(f"{path}.goods.{g}", N_("unknown goods"), N_("use one of {names}", names=', '.join(GOODS)))
                            continue
                        v = self.integer(n, f"{path}.goods.{g}")
                        if v is not None:
                            p.goods[g] = v
                    # a running tally of goods received (spending is not seen): no storehouse
                    # count, so not bounded by its 12 spaces (see reactions._store)
            p.sestertii = self.integer(item.get("sestertii"), path + ".sestertii", allow_none=True)
            veto = item.get("veto")
            if veto is not None and not isinstance(veto, bool):
                self.bad(path + ".veto", N_("expected true or false, got {veto}", veto=shown(veto)), N_("write veto: true while the veto card is unused"))
            else:
                p.veto = veto
            snap.players.append(p)

    def read_tail(self, data: dict, snap: Snapshot) -> None:
        board = snap.board
        start = data.get("start")
        if start is not None:
            place = self.name(board.place, start, "start", "start place")
            if place is not None:
                if board.asks_start and not board.is_city(place):
                    self.bad("start", N_("{place} is no city", place=place), N_("name the city where the colonists started"))
                elif not board.asks_start and place not in (board.homes("land") + board.homes("sea")):
                    self.bad("start", N_("{place} is not a start place of the {name} board", place=place, name=board.name),
                             N_("use one of {names} or remove the key", names=', '.join(dict.fromkeys(board.homes('land') + board.homes('sea')))))
                else:
                    snap.start = place
        elif board.asks_start:
            self.bad("start", N_("the {name} board prints no start: the snapshot must name the start city", name=board.name),
                     N_("write start: CITY (the city given to new --start)"))
        for key in ("active", "praefectus_magnus", "concordia"):
            val = data.get(key)
            # the turn and the Praefectus Magnus pass between the players only
            allowed = snap.owners if key == "concordia" else player_ids(snap.mode)
            if val is not None and val not in allowed:
                what = (N_("unknown owner {owner}", owner=shown(val)) if val not in snap.owners
                        else N_("{owner} cannot hold this: it passes between the players only", owner=val))
                self.bad(key, what, N_("use null or one of {names}", names=', '.join(allowed)))
                val = None
            setattr(snap, key, val)
        ended = data.get("ended")
        if ended is not None:
            if not isinstance(ended, dict) or ended.get("by") not in snap.owners:
                self.bad("ended", N_("expected null or {{by: OWNER, final_turn_pending: BOOL}}, got {ended}", ended=shown(ended)), N_("write ended: null for a game still running"))
            else:
                self.keys(ended, ("by", "final_turn_pending"), "ended.")
                pending = ended.get("final_turn_pending", False)
                if not isinstance(pending, bool):
                    self.bad("ended.final_turn_pending", N_("expected true or false, got {pending}", pending=shown(pending)), N_("write true while the final card is still to play"))
                    pending = False
                snap.ended = Ended(ended["by"], pending)
        log = data.get("log") or []
        if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
            self.bad("log", N_("expected a list of turn records"), N_("write log: [] to start it afresh"))
            return
        for i, entry in enumerate(log):
            if _nested_deeper(entry, _MAX_LOG_DEPTH):
                self.bad(f"log[{i}]", N_("not a plain turn record (it refers to itself or is nested too deeply)"),
                         N_("remove this entry, or write log: [] to start it afresh"))
                return
        before = len(self.problems)
        for i, entry in enumerate(log):
            self.read_log_entry(entry, f"log[{i}]")
        if len(self.problems) == before:
            snap.log = log

    def read_log_entry(self, entry: dict, path: str) -> None:
        """Check one turn record of ``log`` (``path`` e.g. ``log[0]``) against what ``play``
        writes (:func:`contrarius.rules.modes.solo` and :mod:`contrarius.rules.modes.twoplayer` append them):
        ``turn`` a whole number from 1, ``player``/``card``/``reacted_to`` text, ``action`` and
        ``partner`` mappings whose ``moves``/``builds``/``places``/``buys``/``refill``/``choices``
        are lists of names or numbers, ``dice`` a list of ``{die, face, source}``, ``player_did`` and
        ``reaction`` lists of text, ``vp`` two whole numbers. Every key is optional (older
        snapshots recorded fewer); each problem is reported with its path, nothing is raised."""
        fix = N_("correct it as contrarius writes it, or remove this entry")
        self.keys(entry, _LOG_KEYS, path + ".")

        def text(value: Any, where: str, nullable: bool = False) -> None:
            if not (isinstance(value, str) or (nullable and value is None)):
                self.bad(where, N_("expected a name (text), got {value}", value=shown(value)), fix)

        def texts(value: Any, where: str) -> None:
            if not isinstance(value, list):
                self.bad(where, N_("expected a list of text lines, got {value}", value=shown(value)), fix)
                return
            for j, x in enumerate(value):
                if not isinstance(x, str):
                    self.bad(f"{where}[{j}]", N_("expected a line of text, got {x}", x=shown(x)), fix)

        def action(value: Any, where: str) -> None:
            if not isinstance(value, dict):
                self.bad(where, N_("expected a mapping (choice, province, moves, ...), got {value}", value=shown(value)), fix)
                return
            for key in _LOG_ACTION_LISTS:
                v = value.get(key)
                if v is None:
                    continue
                if not isinstance(v, list):
                    self.bad(f"{where}.{key}", N_("expected a list, got {v}", v=shown(v)), fix)
                    continue
                for j, x in enumerate(v):  # names, or numbers (--choose 2)
                    if not isinstance(x, (str, int)) or isinstance(x, bool):
                        self.bad(f"{where}.{key}[{j}]", N_("expected a name or number, got {x}", x=shown(x)), fix)

        if "turn" in entry:
            self.integer(entry["turn"], path + ".turn", minimum=1)
        for key in ("player", "card"):
            if key in entry:
                text(entry[key], f"{path}.{key}")
        if "reacted_to" in entry:
            text(entry["reacted_to"], path + ".reacted_to", nullable=True)
        for key in ("action", "partner"):
            if entry.get(key) is not None:
                action(entry[key], f"{path}.{key}")
        for key in ("player_did", "reaction"):
            if entry.get(key) is not None:
                texts(entry[key], f"{path}.{key}")
        dice = entry.get("dice")
        if dice is not None:
            if not isinstance(dice, list):
                self.bad(path + ".dice", N_("expected a list of die results, got {dice}", dice=shown(dice)), fix)
            else:
                for j, d in enumerate(dice):
                    where = f"{path}.dice[{j}]"
                    if not isinstance(d, dict):
                        self.bad(where, N_("expected {{die, face, source}}, got {d}", d=shown(d)), fix)
                        continue
                    self.keys(d, ("die", "face", "source"), where + ".")
                    for key in ("die", "source"):
                        if key in d:
                            text(d[key], f"{where}.{key}")
                    face = d.get("face")  # a goods name, or a number of the numeric dice
                    if not isinstance(face, str) and (isinstance(face, bool) or not isinstance(face, int)):
                        self.bad(where + ".face", N_("expected a face of the die, got {face}", face=shown(face)), fix)
        vp = entry.get("vp")
        if vp is not None:
            if not isinstance(vp, list) or len(vp) != 2:
                self.bad(path + ".vp", N_("expected [VP before, VP after], got {vp}", vp=shown(vp)), fix)
            else:
                for j, v in enumerate(vp):
                    self.integer(v, f"{path}.vp[{j}]")

    def check_counts(self, snap: Snapshot) -> None:
        for owner in snap.owners:
            built = len(snap.houses_of(owner))
            extra = len(snap.contrarius.track) if owner == CONTRARIUS else 0
            if built + extra > MAX_HOUSES:
                what = (N_("{owner} has {built} houses on the board and {extra} on the VP track, more than {most}", owner=owner, built=built,
                           extra=extra, most=MAX_HOUSES) if extra
                        else N_("{owner} has {built} houses on the board, more than {most}", owner=owner, built=built, most=MAX_HOUSES))
                self.bad("houses", what, N_("remove the extra houses"))
            elif built == MAX_HOUSES and snap.ended is None:
                self.bad("ended", N_("{owner} has built all 15 houses but the game has not ended", owner=owner),
                         N_('the 15th house ends the game ("Solo End of Game"): set ended: {{by: {owner}}} and concordia: {owner}', owner=owner))
            cols = snap.colonists_of(owner)
            if len(cols) > MAX_COLONISTS:
                self.bad("colonists", N_("{owner} has {n} colonists, more than {most}", owner=owner, n=len(cols), most=MAX_COLONISTS), N_("remove the extra colonists"))
            for kind in KINDS:
                n = len(snap.colonists_of(owner, kind))
                if n > MAX_COLONISTS_PER_KIND and len(cols) <= MAX_COLONISTS:
                    self.bad("colonists", N_("{owner} has {n} {kind} colonists, more than {most}", owner=owner, n=n, kind=kind, most=MAX_COLONISTS_PER_KIND), N_("an owner has 3 land and 3 sea colonists"))
        if snap.contrarius.track and snap.level != "expert":
            self.bad("contrarius.track", N_("houses on the VP track at the {level} level", level=snap.level),
                     N_("only the expert level puts Contrarius's houses on the track: write track: []"))
        # each card of the display stacks exists a limited number of times
        stacks = card_facts()["stacks"]
        pool: dict[str, int] = {}
        for names in stacks.values():
            for n in names:
                pool[n] = pool.get(n, 0) + 1
        seen: dict[str, int] = {}
        for n in snap.display_cards() + list(snap.stack_order or []):
            if n != UNKNOWN_CARD:
                seen[n] = seen.get(n, 0) + 1
        for n, count in seen.items():
            if n in pool and count > pool[n] and snap.mode == "solo":  # team stacks are not public
                self.bad("display", N_("{count} {n} cards in the display and stack, but the stacks hold only {pool}", count=count, n=n, pool=pool[n]), N_("correct the duplicate card"))
            if n not in pool and snap.mode == "solo":
                self.bad("display", N_("{n} is not a card of the Solitaria display stacks", n=n), N_("display cards: {names}", names=', '.join(sorted(pool))))


def read_snapshot(data: Any, source: str | None = None) -> Snapshot:
    """Build and check a snapshot from plain data (as ``yaml.safe_load`` gives it).

    Raises :class:`SnapshotError` listing every problem found, each with its key
    path and fix (README "The snapshot format").
    """
    return _Reader(source).read(data)
