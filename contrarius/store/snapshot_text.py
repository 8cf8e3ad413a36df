"""Snapshot text: the YAML text of a snapshot read into a validated snapshot and written back,
and the identity of the game a text holds.

Data flows one way: :func:`load_snapshot` (read text -> strict safe YAML -> validate) and
:func:`dump_snapshot` (the snapshot -> deterministic YAML). The files themselves are
:mod:`contrarius.store.atomic`'s (atomic writes, locks), the undo history
:mod:`contrarius.store.history`'s.
"""

from __future__ import annotations

import os

from contrarius.messages import N_, Message, Term
from contrarius.errors import InputFileError, SnapshotError
from contrarius.io.textfiles import STDIO, read_text, source_label
from contrarius.io.yamlio import dump_yaml, parse_yaml

__all__ = ["GAME_KEYS", "describe_game", "dump_snapshot", "game_identity", "holds_loaded_text", "load_snapshot",
           "load_snapshot_text", "loaded_text", "same_game"]


#: The text each snapshot file had when this process loaded it (by real path):
#: :func:`save_in_place` refuses to write when the file changed since (a concurrent command).
_LOADED: dict[str, str] = {}


def load_snapshot_text(text: str, source: str):
    """Validate snapshot ``text`` read from ``source`` (a label for messages).

    Returns a :class:`~contrarius.model.snapshot.Snapshot`. Raises :class:`InputFileError` for
    text that is not YAML or not a mapping, :class:`SnapshotError` naming every problem.
    """
    from contrarius.model.reader import read_snapshot

    data = parse_yaml(text, source)
    if data is None:
        raise InputFileError(N_("{source}: empty file, not a snapshot; create one with 'contrarius new'", source=source))
    if not isinstance(data, dict):
        kind = {"list": N_("a YAML list"), "str": N_("a YAML string"), "int": N_("a YAML number"), "float": N_("a YAML number"),
                "bool": N_("a YAML true/false value")}.get(type(data).__name__, N_("a YAML {type}", type=type(data).__name__))
        raise InputFileError(N_("{source}: not a snapshot ({kind}, expected a mapping with format, board, ...); create one with 'contrarius new'",
                                source=source, kind=kind))
    try:
        return read_snapshot(data, source)
    except SnapshotError as exc:
        raise exc.with_source(source) from None


def load_snapshot(path: str):
    """Load and validate the snapshot at ``path`` (``-``: stdin).

    Returns a :class:`~contrarius.model.snapshot.Snapshot`. Raises :class:`InputFileError` for
    an unreadable or non-YAML file and :class:`SnapshotError` naming every problem. The
    text is remembered, so that :func:`save_in_place` can tell a concurrent change.
    """
    text = read_text(path)
    snap = load_snapshot_text(text, source_label(path))
    if path != STDIO:
        _LOADED[os.path.realpath(path)] = text
    return snap


def holds_loaded_text(path: str, text: str | None) -> bool:
    """Whether the snapshot file at ``path`` still holds ``text`` (the text a
    :func:`load_snapshot` of it read, from :func:`loaded_text`): loading it again would give
    the same snapshot, so a caller that only looks for a change need not parse it. False
    for stdin, no text, or a file that cannot be read (loading it says why)."""
    if path == STDIO or text is None:
        return False
    try:
        return read_text(path) == text
    except (InputFileError, OSError):
        return False


def loaded_text(path: str) -> str | None:
    """The text :func:`load_snapshot` (or a write of this process) last read or wrote for
    the snapshot file at ``path``; None when there is none."""
    return None if path == STDIO else _LOADED.get(os.path.realpath(path))


def dump_snapshot(snapshot) -> str:
    """The snapshot as the YAML text of format version 1. Raises :class:`InputFileError`
    (exit 3) when it would hold a number longer than the reader takes
    (:func:`~contrarius.io.refusals.check_digits`): nothing is written that could not be read."""
    return dump_yaml(snapshot.to_dict(), checked=N_("the new snapshot"))


#: The keys that name one game: set by ``contrarius new`` and never changed by a turn (the
#: board, mode, level, the city tokens dealt and the start city). Two snapshots that differ
#: in one of them are two games, whatever else they hold. The seed is left out: it deals
#: the city tokens (so two seeds are two games anyway), and a player may edit it by hand to
#: roll other dice in the same game.
GAME_KEYS = ("board", "mode", "level", "cities", "start")


def game_identity(text: str) -> tuple | None:
    """The identity of the game whose snapshot text is ``text``: the values of
    :data:`GAME_KEYS` (board, mode, level, city tokens, start city) as written; ``None``
    when the text is not a YAML mapping (nothing to compare). Safe loading only; never
    raises. Two identities that differ may still name one game in other spellings
    (:func:`same_game` then compares the names resolved on the board)."""
    try:
        data = parse_yaml(text, "snapshot")
    except Exception:  # noqa: BLE001 - any unreadable text simply has no identity
        return None
    if not isinstance(data, dict):
        return None
    return tuple(data.get(k) for k in GAME_KEYS)


def _identity_data(text: str) -> dict | None:
    """The values of :data:`GAME_KEYS` in the snapshot ``text``, names resolved on its board
    (the board's own name, every city key and the start place in their printed form, so
    that an accepted alias such as ``Genua`` for ``Genva`` is the same city); None when the
    text is not a YAML mapping. A name the board does not know stays as written."""
    ident = game_identity(text)
    if ident is None:
        return None
    out = dict(zip(GAME_KEYS, ident))
    try:
        from contrarius.material.board import load_board

        board = load_board(str(out["board"]))
    except Exception:  # noqa: BLE001 - an unknown board: compared as written
        return out

    def resolve(find, name):
        try:
            return find(str(name))
        except Exception:  # noqa: BLE001 - an unknown name: compared as written
            return name

    out["board"] = board.name
    if isinstance(out["cities"], dict):
        out["cities"] = {resolve(board.city, k): v for k, v in out["cities"].items()}
    if out["start"] is not None:
        out["start"] = resolve(board.place, out["start"])
    return out


def _what_differs(a: str, b: str, here: str, there: str) -> str:
    """What makes the snapshots ``a`` (called ``here``) and ``b`` (``there``) two games, in
    words: the keys of :data:`GAME_KEYS` whose values differ (for the city tokens, the first
    cities that differ), e.g. ``cities (Genva: wine in the snapshot, cloth in the history)``."""
    da, db = _identity_data(a) or {}, _identity_data(b) or {}
    parts = []
    for key in GAME_KEYS:
        va, vb = da.get(key), db.get(key)
        if va == vb:
            continue
        if key == "cities" and isinstance(va, dict) and isinstance(vb, dict):
            diff = [f"{c}: {va.get(c, 'none')} {here}, {vb.get(c, 'none')} {there}"
                    for c in dict.fromkeys([*va, *vb]) if va.get(c) != vb.get(c)]
            parts.append(f"cities ({'; '.join(diff[:3])}{'; ...' if len(diff) > 3 else ''})")
        else:
            parts.append(f"{key} ({va} {here}, {vb} {there})")
    return ", ".join(parts) or "their game keys"


def describe_game(text: str) -> Message:
    """``board italia, solo, standard, seed 1``: a short name of the game in ``text``, or
    ``not a snapshot`` (a :class:`~contrarius.messages.Message`, compared in English)."""
    try:
        data = parse_yaml(text, "snapshot")
    except Exception:  # noqa: BLE001
        data = None
    if not isinstance(data, dict) or "board" not in data:
        return N_("not a snapshot")
    return N_("board {board}, {mode}, {level}, seed {seed}", board=data.get("board"), mode=Term("mode", data.get("mode")),
              level=Term("level", data.get("level")), seed=data.get("seed"))


def same_game(a: str, b: str) -> bool:
    """Whether the snapshot texts ``a`` and ``b`` are states of one game (same
    :func:`game_identity`, or the same once names are resolved on the board; two texts
    without one are never the same game)."""
    ida, idb = game_identity(a), game_identity(b)
    if ida is None or idb is None:
        return False
    # as written first (fast); else names resolved on the board (an alias is the same city)
    return ida == idb or _identity_data(a) == _identity_data(b)
