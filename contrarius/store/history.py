"""The undo history of a snapshot file, and what keeps one game's history to that game.

The undo history of ``game.yaml`` lives next to it, in ``game.yaml.history`` (JSON): every
state the game has been in (the full snapshot text, keyed by its SHA-256) and a *timeline*
of those states with the position of the snapshot on it. ``play -i`` (:func:`save_in_place`)
cuts the timeline after the position and appends the new state; :func:`undo` and
:func:`redo` move the position any number of steps. Commit protocol, so that a SIGKILL at
any moment leaves either the old pair (snapshot, history) or the new one, never a mix and
never a loss:

1. lock the snapshot (``fcntl.flock`` on the file itself, :func:`contrarius.store.atomic.locked`), read it;
2. write the new history file (temporary file, fsync, rename). It holds two *records*: the
   new one (the timeline as it will be, for the new snapshot's hash) and the old one (for
   the snapshot's current hash), so it fits the snapshot whichever one is on disk;
3. rename the new snapshot over the old one: the commit point. A history read always uses
   the record whose hash is the snapshot's.

Ctrl-C (and SIGTERM, SIGHUP) are held back during steps 2 and 3 and delivered after them
(:func:`contrarius.store.atomic._commit`). A history is attached only to a snapshot of its
own game (:func:`contrarius.store.snapshot_text.same_game`).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any, Callable, NamedTuple

from contrarius.errors import InputFileError, SnapshotError
from contrarius.messages import N_, NP_
from contrarius.records import Record
from contrarius.io.textfiles import STDIO, read_file_text
from contrarius.store.atomic import (HISTORY_SUFFIX, _check_length, _clean_stale_temps, _commit, _probe_folder,
                                     _writable, history_path, locked)
from contrarius.store.snapshot_text import _LOADED, _what_differs, describe_game, load_snapshot_text, same_game

__all__ = ["HistoryMove", "history", "redo", "redo_waiting", "save_in_place", "undo"]


def _sha(text: str) -> str:
    """The SHA-256 of ``text`` (hex): the key of a state in a history file."""
    import hashlib  # here: only a history needs it (start-up time)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _History(Record):
    """The timeline of one snapshot: ``states`` (hash -> snapshot text), ``timeline`` (hashes,
    oldest first) and ``at`` (the position of the snapshot on disk)."""

    _fields = ("states", "timeline", "at", "source")

    def __init__(self, states: dict[str, str], timeline: list[str], at: int, source: str = ""):
        self.states = states
        self.timeline = timeline
        self.at = at
        self.source = source  # the file it was read from (PATH.history, or a legacy PATH.prev)

    def record(self) -> dict:
        return {"of": self.timeline[self.at], "timeline": list(self.timeline), "at": self.at}


def _damaged(hist: str, why: Any) -> InputFileError:
    return InputFileError(N_("{hist}: not a usable contrarius history ({why}); nothing was changed; "
                             "move it away (mv {hist} {hist}.bad) to start a new history", hist=hist, why=why))


def _read_history(path: str, target: Path, current: str) -> _History:
    """The history of the snapshot whose text on disk is ``current``.

    Without a history file: a previous version ``PATH.prev`` (kept by earlier versions of
    contrarius) is the one state before; else the timeline is the snapshot alone. A
    snapshot changed by hand (its hash is in no record) becomes a new state right after the
    latest record's position; the states undone after that position stay after it (``redo``
    still reaches them, ``play -i`` drops them and says so), so an edit never drops a state
    silently. Raises :class:`InputFileError` for a damaged history file.
    """
    import json  # here: only a history needs it (start-up time)

    label = f"{path}{HISTORY_SUFFIX}"
    cur = _sha(current)
    try:
        raw = read_file_text(history_path(path), label)
    except (OSError, UnicodeDecodeError) as exc:
        if not isinstance(exc, OSError) or exc.errno not in (errno.ENOENT, errno.ENAMETOOLONG):
            raise _damaged(label, getattr(exc, "strerror", None) or "not UTF-8 text") from None
        # no history file (or a name too long for one beside the snapshot: none can exist)
        prev = target.with_name(target.name + ".prev")
        try:
            old = read_file_text(prev, f"{path}.prev")
        except (OSError, UnicodeDecodeError):
            return _History({cur: current}, [cur], 0, label)
        if _sha(old) == cur:
            return _History({cur: current}, [cur], 0, label)
        _same_game_or_refuse(f"{path}.prev", old, current)
        return _History({_sha(old): old, cur: current}, [_sha(old), cur], 1, f"{path}.prev")
    try:
        data = json.loads(raw)
    except ValueError:
        raise _damaged(label, N_("not JSON")) from None
    except RecursionError:  # '[' nested thousands deep: no history is
        raise _damaged(label, N_("nested too deep")) from None
    if not isinstance(data, dict) or data.get("format") != "contrarius-history" or data.get("version") != 1:
        raise _damaged(label, N_("no 'format: contrarius-history', version 1"))
    states, records = data.get("states"), data.get("records")
    if not isinstance(states, dict) or not isinstance(records, list) or not records:
        raise _damaged(label, N_("no states or records"))
    for key, text in states.items():
        if not isinstance(text, str) or _sha(text) != key:
            raise _damaged(label, N_("the state {key} does not match its hash", key=key[:12]))
    chosen: _History | None = None
    for rec in records:
        if not isinstance(rec, dict):
            raise _damaged(label, N_("a record is not a mapping"))
        tl, at = rec.get("timeline"), rec.get("at")
        if not isinstance(tl, list) or not tl or not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(tl) \
                or any(not isinstance(h, str) or h not in states for h in tl) or rec.get("of") != tl[at]:
            raise _damaged(label, N_("a record's timeline does not fit its states"))
        if chosen is None and rec["of"] == cur:
            chosen = _History(dict(states), list(tl), at, label)
    if chosen is not None:
        return chosen
    latest = records[0]  # the snapshot was changed by hand: a new state after the latest position
    _same_game_or_refuse(label, states[latest["of"]], current)
    at = latest["at"] + 1  # the states undone after it stay after it: redo still reaches them
    tl = list(latest["timeline"][:at]) + [cur] + list(latest["timeline"][at:])
    return _History({**states, cur: current}, tl, at, label)


def _same_game_or_refuse(label: str, recorded: str, current: str) -> None:
    """Refuse (exit 3) to attach the snapshot ``current``, found in no record of the history
    ``label``, to a history whose latest state ``recorded`` is another game: a ``.history``
    copied or left from another game would otherwise swap that game in on undo, and drop
    this one from the history on the next ``play -i``."""
    if same_game(recorded, current):
        return
    theirs, ours = describe_game(recorded), describe_game(current)
    what = (N_("{theirs}; the snapshot is {ours}", theirs=theirs, ours=ours) if theirs != ours
            else N_("they differ in {keys}", keys=_what_differs(current, recorded, "in the snapshot", "in the history")))
    raise InputFileError(N_("{label} belongs to another game ({what}); nothing was written; move it away (mv {label} {label}.other)",
                            label=label, what=what))


def _history_bytes(new: _History, old: _History) -> bytes:
    """The history file holding the records of ``new`` (first) and ``old``, with just the
    states they name."""
    import json

    keep = set(new.timeline) | set(old.timeline)
    states = {h: t for h, t in {**old.states, **new.states}.items() if h in keep}
    records = [new.record()] + ([old.record()] if old.timeline[old.at] != new.timeline[new.at] else [])
    return (json.dumps({"format": "contrarius-history", "version": 1, "records": records, "states": states},
                       ensure_ascii=False) + "\n").encode("utf-8")


def save_in_place(path: str, text: str, *, before_commit: Callable[[], None] | None = None,
                  keep_redo: str | None = None) -> int:
    """Replace the snapshot at ``path`` by ``text`` (``play -i``), keeping the history.

    Under the lock: the file must still hold the text :func:`load_snapshot` read in this
    process (else another command changed it meanwhile: refused, exit 3, nothing written),
    and must be writable. The timeline is cut after the current position (undone turns can
    no longer be redone) and the new state appended. ``before_commit`` runs under the lock
    when every check passed; if it raises, nothing is written.

    ``keep_redo``: for a change that plays no turn (``reveal -i``): when steps undone with
    :func:`undo` could still be redone, refuse instead of dropping them (nothing is ever
    dropped silently); the string is the hint that ends the message (what to do instead).
    Returns how many undone steps were dropped (0: none were waiting for ``redo``). Raises
    :class:`InputFileError`.
    """
    if path == STDIO:
        raise InputFileError(N_("--in-place needs a snapshot file, not stdin; use -o PATH"))
    with locked(path) as target:
        _check_length(path, target)
        _writable(path, target, with_history=True)
        current = _read_locked(path, target)
        seen = _LOADED.get(str(target))
        if seen is not None and seen != current:
            raise InputFileError(N_("{path}: changed by another command while this one ran (a second 'play -i' at the "
                                    "same time?); nothing was written; look at it and run this command again", path=path))
        _clean_stale_temps(target)
        old = _read_history(path, target, current)
        dropped = len(old.timeline) - 1 - old.at
        if dropped and keep_redo is not None:
            raise InputFileError(NP_("{path}: {n} step undone with 'contrarius undo' can still be redone, and this command "
                                     "plays no turn, so it would drop it; nothing was written: run 'contrarius redo {path}' first, {hint}",
                                     "{path}: {n} steps undone with 'contrarius undo' can still be redone, and this command "
                                     "plays no turn, so it would drop them; nothing was written: run 'contrarius redo {path}' first, {hint}",
                                     dropped, path=path, hint=keep_redo))
        new = _History({**old.states, _sha(text): text}, old.timeline[: old.at + 1] + [_sha(text)], old.at + 1)
        _probe_folder(path, target)
        if before_commit is not None:
            before_commit()
        _commit(path, target, text.encode("utf-8"), (history_path(path), _history_bytes(new, old)))
        _LOADED[str(target)] = text
        return dropped


def _read_locked(path: str, target: Path) -> str:
    try:
        return read_file_text(target, path)
    except UnicodeDecodeError:
        raise InputFileError(N_("{path}: not a text file (not UTF-8); give a YAML snapshot", path=path)) from None
    except OSError as exc:
        raise InputFileError(N_("{path}: cannot read ({strerror}); check the path", path=path, strerror=exc.strerror)) from None


class HistoryMove(NamedTuple):
    """What :func:`undo` or :func:`redo` did: ``turns`` steps moved; ``snapshot`` the state
    now in the file; ``undoable`` / ``redoable``: steps left each way on the timeline."""

    path: str
    turns: int
    snapshot: object
    undoable: int
    redoable: int


def undo(path: str, turns: int = 1, before_commit: Callable[[HistoryMove], None] | None = None) -> HistoryMove:
    """Put the snapshot at ``path`` back ``turns`` steps on its timeline (``contrarius undo``).

    The state restored is checked first (its hash, and that it loads as a valid snapshot):
    a damaged history is refused. Nothing is lost: :func:`redo` goes forward again. Raises
    :class:`InputFileError` (exit 3) when there are fewer than ``turns`` steps to undo, the
    history is damaged, or the file cannot be read or written; nothing is then changed.
    ``before_commit(move)`` (the report of what it will have done) runs under the lock when
    every check passed, just before the commit; if it raises, nothing is changed.
    """
    return _move(path, -turns, before_commit)


def redo(path: str, turns: int = 1, before_commit: Callable[[HistoryMove], None] | None = None) -> HistoryMove:
    """Go ``turns`` steps forward on the timeline again, after :func:`undo`. Raises as
    :func:`undo` does; ``before_commit`` as there."""
    return _move(path, turns, before_commit)


def _move(path: str, step: int, before_commit: Callable[[HistoryMove], None] | None = None) -> HistoryMove:
    word = "undo" if step < 0 else "redo"
    if path == STDIO:
        raise InputFileError(N_("{word} needs a snapshot file, not stdin", word=word))
    if step == 0:
        raise InputFileError(N_("--turns must be at least 1 to {word}", word=word))
    with locked(path) as target:
        _check_length(path, target)
        current = _read_locked(path, target)
        hist = _read_history(path, target, current)
        goal = hist.at + step
        if not 0 <= goal < len(hist.timeline):
            can = hist.at if step < 0 else len(hist.timeline) - 1 - hist.at
            if can == 0:
                why = (N_("it is the earliest state its history holds") if step < 0 and len(hist.timeline) > 1
                       else N_("no earlier state is recorded (only 'play -i', or -o onto the same file, keeps one)") if step < 0
                       else N_("nothing was undone since the last turn"))
                raise InputFileError(N_("{path}: nothing to undo: {why}", path=path, why=why) if step < 0
                                     else N_("{path}: nothing to redo: {why}", path=path, why=why))
            raise InputFileError(NP_("{path}: only {n} step can be undone; give --turns {n} or fewer",
                                     "{path}: only {n} steps can be undone; give --turns {n} or fewer", can, path=path) if step < 0
                                 else NP_("{path}: only {n} step can be redone; give --turns {n} or fewer",
                                          "{path}: only {n} steps can be redone; give --turns {n} or fewer", can, path=path))
        text = hist.states[hist.timeline[goal]]
        where = str(NP_("the state {n} step back", "the state {n} steps back", abs(step)) if step < 0
                    else NP_("the state {n} step forward", "the state {n} steps forward", abs(step)))
        try:
            snap = load_snapshot_text(text, where)
        except (InputFileError, SnapshotError) as exc:
            raise InputFileError(N_("{source}: {error} (not a valid snapshot); nothing was changed; move {source} away to start a new history",
                                    source=hist.source, error=exc.args[0] if exc.args else str(exc))) from None
        _writable(path, target, with_history=True)
        _clean_stale_temps(target)
        new = _History(hist.states, hist.timeline, goal)
        moved = HistoryMove(path, abs(step), snap, goal, len(hist.timeline) - 1 - goal)
        data = _history_bytes(new, hist)
        _probe_folder(path, target, N_("make its folder writable"))
        if before_commit is not None:
            before_commit(moved)
        _commit(path, target, text.encode("utf-8"), (history_path(path), data))
        _LOADED[str(target)] = text
        return moved


def redo_waiting(path: str) -> int:
    """How many steps undone with :func:`undo` the snapshot at ``path`` could still redo
    (0: none, no file or no history; a damaged history counts as none: the commands that
    read it say so). Used by commands that replace a snapshot, to say what they drop."""
    try:
        target = Path(os.path.realpath(path))
        hist = _read_history(path, target, _read_locked(path, target))
    except (InputFileError, OSError):
        return 0
    return len(hist.timeline) - 1 - hist.at


def history(path: str) -> tuple[list[str], int]:
    """The timeline of the snapshot at ``path``: every state's text, oldest first, and the
    position of the snapshot on disk (``play -i`` appends after it; undo/redo move it).

    Raises :class:`InputFileError` for a snapshot that cannot be read or a damaged history.
    """
    target = Path(os.path.realpath(path))
    hist = _read_history(path, target, _read_locked(path, target))
    return [hist.states[h] for h in hist.timeline], hist.at
