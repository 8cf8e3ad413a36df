"""Snapshot files: ``-`` for stdin/stdout, atomic writes, a lock per snapshot, the undo history.

Data flows one way: :func:`load_snapshot` (read text -> strict safe YAML -> validate) and
:func:`write_text` / :func:`save_in_place` (deterministic YAML -> temporary file -> fsync ->
rename). A failing command never touches its input file.

The undo history of ``game.yaml`` lives next to it, in ``game.yaml.history`` (JSON): every
state the game has been in (the full snapshot text, keyed by its SHA-256) and a *timeline*
of those states with the position of the snapshot on it. ``play -i`` cuts the timeline after
the position and appends the new state; :func:`undo` and :func:`redo` move the position any
number of steps. Commit protocol, so that a SIGKILL at any moment leaves either the old pair
(snapshot, history) or the new one, never a mix and never a loss:

1. lock the snapshot (``fcntl.flock`` on the file itself), read it;
2. write the new history file (temporary file, fsync, rename). It holds two *records*: the
   new one (the timeline as it will be, for the new snapshot's hash) and the old one (for
   the snapshot's current hash), so it fits the snapshot whichever one is on disk;
3. rename the new snapshot over the old one: the commit point. A history read always uses
   the record whose hash is the snapshot's.

Ctrl-C (and SIGTERM, SIGHUP) are held back during steps 2 and 3 and delivered after them;
:data:`WRITTEN` then tells the process (:mod:`contrarius.cli.process`) what was written, so
that its message is true.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import sys
import time
from pathlib import Path
from typing import Callable, Iterator, NamedTuple

from contrarius.errors import InputFileError, SnapshotError
from contrarius.records import Record
from contrarius.io.textfiles import STDIO, read_file_text, read_text, source_label
from contrarius.io.yamlio import dump_yaml, parse_yaml

__all__ = ["STDIO", "WRITTEN", "HistoryMove", "dump_snapshot", "load_snapshot", "load_snapshot_text", "locked",
           "history", "redo", "redo_waiting", "same_game", "save_in_place", "source_label", "undo", "write_text"]

#: Files this process has replaced or created (paths as given), for the interrupt message.
WRITTEN: list[str] = []

#: The text each snapshot file had when this process loaded it (by real path):
#: :func:`save_in_place` refuses to write when the file changed since (a concurrent command).
_LOADED: dict[str, str] = {}

HISTORY_SUFFIX = ".history"


def new_command() -> None:
    """Forget what earlier commands of this process wrote and read (:data:`WRITTEN`, the
    texts of loaded snapshots): called when a command starts."""
    WRITTEN.clear()
    _LOADED.clear()
LOCK_WAIT_S = 10.0


def _sha(text: str) -> str:
    """The SHA-256 of ``text`` (hex): the key of a state in a history file."""
    import hashlib  # here: only a history needs it (start-up time)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_snapshot_text(text: str, source: str):
    """Validate snapshot ``text`` read from ``source`` (a label for messages).

    Returns a :class:`~contrarius.model.snapshot.Snapshot`. Raises :class:`InputFileError` for
    text that is not YAML or not a mapping, :class:`SnapshotError` naming every problem.
    """
    from contrarius.model.snapshot import Snapshot

    data = parse_yaml(text, source)
    if data is None:
        raise InputFileError(f"{source}: empty file, not a snapshot; create one with 'contrarius new'")
    if not isinstance(data, dict):
        kind = {"str": "string", "int": "number", "float": "number", "bool": "true/false value"}.get(type(data).__name__, type(data).__name__)
        raise InputFileError(f"{source}: not a snapshot (a YAML {kind}, expected a mapping with format, board, ...); create one with 'contrarius new'")
    try:
        return Snapshot.from_dict(data, source)
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
    return dump_yaml(snapshot.to_dict(), checked="the new snapshot")


# ----- signals, locks, atomic files -------------------------------------------------------

_HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP (delivered when the block ends): the commit
    steps run to their end or not at all. SIGKILL cannot be held: the protocol covers it."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _check_name(path: str) -> None:
    """Refuse a path that names no file: empty, ``.``, ``/``, or ending in a slash."""
    if not str(path).strip():
        raise InputFileError("an empty path: give a file name, e.g. game.yaml")
    if os.path.isdir(path) or str(path).endswith(os.sep):
        raise InputFileError(f"{path}: is a folder, not a snapshot file; give the path of a .yaml file")


def _flock_wait(fd: int, path: str) -> None:
    """Take an exclusive ``fcntl.flock`` on ``fd``, waiting at most :data:`LOCK_WAIT_S`
    seconds (else :class:`InputFileError`, exit 3: another command holds it)."""
    import fcntl

    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise InputFileError(f"{path}: another contrarius command is changing this file; "
                                     "nothing was written; run this one again when it has finished") from None
            time.sleep(0.02)


@contextlib.contextmanager
def _folder_locked(path: str, target: Path) -> Iterator[bool]:
    """Hold an exclusive ``fcntl.flock`` on the folder of ``target`` (a file that did not
    exist): every command creating a new file there takes it, so that of two commands
    creating the same file exactly one does, and the other finds it existing. Yields True
    when ``target`` is still missing under the lock (create it exclusively), False when it
    appeared meanwhile (the caller treats it as an existing file). A folder that cannot be
    opened is not locked (the exclusive creation in :func:`_commit` still refuses a file
    that appeared)."""
    try:
        fd = os.open(target.parent, os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        fd = None
    try:
        if fd is not None:
            _flock_wait(fd, path)
        yield not os.path.lexists(target)
    finally:
        if fd is not None:
            os.close(fd)  # releases the lock


@contextlib.contextmanager
def locked(path: str) -> Iterator[Path]:
    """Hold an exclusive ``fcntl.flock`` on the snapshot file at ``path`` (its real path).

    Every command that replaces an existing snapshot takes it, so two commands never change
    one file at the same time: a second one waits (at most :data:`LOCK_WAIT_S` seconds,
    else :class:`InputFileError`, exit 3). The file is replaced by renaming, so after the
    lock is taken the path is checked to still name the locked file (else it is retried).
    Yields the real path. Raises :class:`InputFileError` when the file cannot be opened.
    """
    _check_name(path)
    target = Path(os.path.realpath(path))
    while True:
        try:
            fd = os.open(target, os.O_RDONLY | os.O_CLOEXEC)
        except OSError as exc:
            raise InputFileError(f"{path}: cannot open ({exc.strerror}); check the path") from None
        try:
            _flock_wait(fd, path)
            try:
                same = os.stat(target).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                yield target
                return
        finally:
            os.close(fd)  # releases the lock


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_with(target: Path, data: bytes, mode: int) -> str:
    """A complete temporary file (fsync'ed, ``mode``) beside ``target``; its path.

    Raises :class:`OSError`; the temporary file is then removed."""
    import tempfile  # here: a command that writes nothing does not load it (start-up time)

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _new_file_mode(target: Path) -> int:
    """The permissions of ``target``; for a new file, those the umask gives. (``mkstemp``
    creates files readable by their owner only; without this every write would make the
    snapshot private.)"""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _clean_stale_temps(target: Path) -> None:
    """Remove temporary files of ``target`` and its history left by a killed process (only
    called under the lock, when no other process writes them): the names ``tempfile.mkstemp``
    gives them here, ``.NAME.XXXXXXXX.tmp`` with 8 random letters, digits or ``_``."""
    names = (target.name, target.name + HISTORY_SUFFIX)
    try:
        entries = os.listdir(target.parent)
    except OSError:
        return
    for entry in entries:
        if any(_temp_of(entry, name) for name in names):
            _unlink(str(target.parent / entry))


def _temp_of(entry: str, name: str) -> bool:
    """Whether the file name ``entry`` is one of :func:`tempfile.mkstemp`'s temporary files
    for the file ``name`` (prefix ``.NAME.``, 8 random characters, suffix ``.tmp``)."""
    prefix = f".{name}."
    middle = entry[len(prefix):-len(".tmp")]
    return (entry.startswith(prefix) and entry.endswith(".tmp") and len(middle) == 8
            and all(c.isalnum() or c == "_" for c in middle))


def _read_only(target: Path) -> bool:
    """Whether this user may not write the existing file ``target`` (``chmod a-w`` for a
    normal user). Root may write any file, as with ``sed -i`` and other tools: the
    permission system decides (:func:`os.access`), not the mode bits alone."""
    return os.path.exists(target) and not os.access(target, os.W_OK)


def _writable(path: str, target: Path, with_history: bool = False) -> None:
    """Refuse (exit 3) a snapshot this user may not write (:func:`_read_only`: ``chmod a-w``
    for a normal user) and, ``with_history`` (a change in place), a read-only history beside
    it: renaming over them would replace them anyway."""
    if _read_only(target):
        raise InputFileError(f"{path}: the file is read-only; nothing was written; make it writable "
                             f"(chmod u+w {path}) or write the new snapshot elsewhere with -o")
    if with_history and _read_only(history_path(path)):
        raise InputFileError(f"{path}{HISTORY_SUFFIX}: the history is read-only; nothing was written; make it "
                             f"writable (chmod u+w {path}{HISTORY_SUFFIX}) or write the new snapshot elsewhere with -o")


#: Bytes a name grows by in the longest file contrarius keeps beside a snapshot: the
#: temporary file of its history, ``.NAME.history.XXXXXXXX.tmp``.
_NAME_EXTRA = 1 + len(HISTORY_SUFFIX) + 1 + 8 + 4


def _name_limit(folder: Path) -> int:
    """The longest file name (bytes) the folder takes (``NAME_MAX``, 255 on most systems)."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


def _check_length(path: str, target: Path) -> None:
    """Refuse (exit 3) a snapshot name too long to keep its temporary files and history
    beside it (the folder's longest name less :data:`_NAME_EXTRA` bytes)."""
    limit = _name_limit(target.parent) - _NAME_EXTRA
    size = len(os.fsencode(target.name))
    if size > limit:
        raise InputFileError(f"{path}: the name is too long ({size} bytes) to keep its temporary files and "
                             f"history beside it (at most {limit} bytes); nothing was written; use a shorter name")


_STREAM_NAMES = {"/dev/stdout": 1, "/dev/stderr": 2}


def stream_fd(path: str | None) -> int | None:
    """The file descriptor a path names by itself: ``-`` and ``/dev/stdout`` are 1,
    ``/dev/stderr`` 2, ``/dev/fd/N`` and ``/proc/self/fd/N`` (a process substitution,
    ``-o >(cat)``) N; None for any other path. Such a path is written into the stream the
    process holds, as ``-o -`` writes stdout: resolving its link would give a name such as
    ``pipe:[N]`` that no file has, or the file stdout was redirected to (which ``-o`` would
    then refuse to replace)."""
    if path is None:
        return None
    if path == STDIO:
        return 1
    norm = os.path.normpath(str(path))
    if norm in _STREAM_NAMES:
        return _STREAM_NAMES[norm]
    for prefix in ("/dev/fd/", "/proc/self/fd/", f"/proc/{os.getpid()}/fd/"):
        if norm.startswith(prefix) and norm[len(prefix):].isdigit():
            return int(norm[len(prefix):])
    return None


def is_stdout(path: str | None) -> bool:
    """Whether ``path`` writes into stdout (``-``, ``/dev/stdout``, ``/dev/fd/1``)."""
    return stream_fd(path) == 1


def _stream_open(path: str, fd: int):
    """The name and Python stream of file descriptor ``fd`` (None beyond stderr); raises
    :class:`InputFileError` (exit 3) when it is closed: nowhere to write."""
    name = "stdout" if fd == 1 else "stderr" if fd == 2 else str(path)
    stream = sys.stdout if fd == 1 else sys.stderr if fd == 2 else None
    closed = stream is None or getattr(stream, "closed", False) if fd in (1, 2) else False
    if fd not in (1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed = True
    if closed:
        raise InputFileError(f"{name} is closed: nowhere to write; nothing was written; give -o PATH")
    return name, stream


def _write_stream(path: str, fd: int, text: str) -> None:
    """Write ``text`` into the stream of file descriptor ``fd`` as UTF-8 (a snapshot or a
    picture is UTF-8 whatever the terminal's encoding); stdout's and stderr's own buffers
    are flushed first, so that what they hold comes before it. A reader gone is
    :class:`BrokenPipeError` (the caller's exit 0); any other failure
    :class:`InputFileError` (exit 3)."""
    name, stream = _stream_open(path, fd)
    data = text.encode("utf-8")
    try:
        if stream is None:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        elif getattr(stream, "buffer", None) is not None:
            stream.flush()
            stream.buffer.write(data)
            stream.buffer.flush()
        else:
            stream.write(text)
            stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise InputFileError(f"cannot write to {name} ({exc.strerror}); nothing was written; give -o PATH") from None
    if fd not in (1, 2):
        WRITTEN.append(str(path))


def write_text(path: str, text: str, *, before_commit: Callable[[], None] | None = None,
               same_game_only: bool = False, fresh: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (``-``: stdout).

    The text goes to a temporary file in the same folder, is flushed to disk and renamed
    over ``path``; a crash leaves either the old or the new file, never half of one. An
    existing file is locked meanwhile (see :func:`locked`) and must be writable. A file
    that does not exist is created exclusively, under a lock on its folder
    (:func:`_folder_locked`): of two commands creating it at the same time exactly one
    does, and the other treats it as the existing file it then is. A symbolic
    link is followed (the file it points to is replaced, the link stays); a device or pipe
    (``/dev/null``, ``/dev/stdout``) is written to directly, never replaced. Raises
    :class:`InputFileError` (exit code 3) when the file cannot be written; the file at
    ``path`` is then unchanged. ``before_commit`` (e.g. printing the report) runs when every
    check passed, just before the file is replaced; if it raises, nothing is written.
    ``same_game_only`` (a snapshot written with ``-o``, no ``--force``): an existing file is
    replaced only when it is a snapshot of the same game (:func:`same_game`: a command run
    again), else :class:`InputFileError` (exit 3) and nothing is written. ``fresh`` (a game
    just set up, ``new -o`` without ``--force``): every existing file is refused so.
    """
    fd = stream_fd(path)
    if fd is not None:
        _stream_open(path, fd)
        if before_commit is not None:
            before_commit()
        _write_stream(path, fd, text)
        return
    if not str(path).strip():
        raise InputFileError("an empty path: give a file name, e.g. -o game.yaml")
    given = Path(path)
    data = text.encode("utf-8")
    while True:
        try:
            target = Path(os.path.realpath(given))
            mode = target.stat().st_mode
        except OSError as exc:
            if getattr(exc, "errno", None) not in (2,):  # not "no such file": a name too long, a loop, ...
                raise InputFileError(f"{path}: cannot write there ({exc.strerror}); choose another path with -o") from None
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise InputFileError(f"{path}: is a folder; write the snapshot to a file path, e.g. -o {given / 'game.yaml'}")
        if mode is not None and not stat.S_ISREG(mode):
            if before_commit is not None:  # the report of a write to /dev/null is still said
                before_commit()
            try:
                with open(target, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as exc:
                raise InputFileError(f"{path}: cannot write ({exc.strerror}); choose another path with -o") from None
            WRITTEN.append(str(path))
            return
        _check_length(path, target)
        if mode is None:
            with _folder_locked(path, target) as missing:
                if missing:
                    _clean_stale_temps(target)
                    _probe_folder(path, target)
                    if before_commit is not None:
                        before_commit()
                    _commit(path, target, data, None, exclusive=True)
                    return
            continue  # created meanwhile by another command: now an existing file
        with locked(path):
            _writable(path, target)
            if fresh or same_game_only:
                _refuse_other_file(path, target, None if fresh else text)
            _clean_stale_temps(target)
            _probe_folder(path, target)
            if before_commit is not None:
                before_commit()
            _commit(path, target, data, None)
        return


def update_text(path: str, change: Callable[[str | None], str | None],
                before_commit: Callable[[], None] | None = None) -> bool:
    """Read, change and write back the small file at ``path`` (a campaign record) under
    the same lock and atomic write as a snapshot, so that two commands changing it at the
    same time both count: ``change(text)`` gets the file's text (None: no file yet) and
    returns the new text, or None to write nothing. Returns whether the file was written.
    Raises :class:`InputFileError` (exit 3) when it cannot be read or written, and what
    ``change`` raises (nothing is then written). ``before_commit`` (the report) runs just
    before the file is written, when ``change`` returned a text; if it raises, nothing is
    written."""
    while True:
        target = Path(os.path.realpath(path))
        _check_name(path)
        if os.path.lexists(target):
            with locked(path) as held:
                new = change(read_text(str(held), label=path))
                if new is None:
                    return False
                _writable(path, held)
                _clean_stale_temps(held)
                _probe_folder(path, held)
                if before_commit is not None:
                    before_commit()
                _commit(path, held, new.encode("utf-8"), None)
                return True
        _check_length(path, target)
        with _folder_locked(path, target) as missing:
            if missing:
                new = change(None)
                if new is None:
                    return False
                _clean_stale_temps(target)
                _probe_folder(path, target)
                if before_commit is not None:
                    before_commit()
                _commit(path, target, new.encode("utf-8"), None, exclusive=True)
                return True


def _refuse_other_file(path: str, target: Path, text: str | None) -> None:
    """Refuse (exit 3) to replace the existing file ``target`` by the snapshot ``text``
    unless it holds a snapshot of the same game (called under the lock): ``-o`` never
    silently replaces another game or a file that is no snapshot. ``text`` None (a game
    being set up, ``new``): every existing file is refused."""
    try:
        old = read_file_text(target, path)
    except (OSError, UnicodeDecodeError, InputFileError):  # unreadable, a device, huge: no snapshot
        old = ""
    if text is not None and (old == text or same_game(old, text)):  # the same text: this command run again
        return
    raise _exists_refusal(path, old, text is None)


def _exists_refusal(path: str, old: str, fresh: bool) -> InputFileError:
    """The refusal of ``-o`` onto an existing file holding ``old`` (exit 3)."""
    desc = describe_game(old)
    what = ("a file that is no snapshot" if desc == "not a snapshot"
            else f"{'a' if fresh else 'another'} game ({desc})")
    return InputFileError(f"{path} already exists and holds {what}; nothing was written; "
                          f"give another -o path, or --force to replace it")


def refuse_existing_output(path: str) -> None:
    """``new -o PATH`` without ``--force``: raise :class:`InputFileError` (exit 3, the
    message of ``-o`` onto another game) when PATH is an existing regular file; a game
    just set up replaces no file, not even one of the same board and seed (its turns would
    be lost). A missing path, a device or a pipe (``/dev/null``) passes; other problems
    with the path are reported when it is written (:func:`write_text`, which checks again
    under the lock: a file created meanwhile is refused so too)."""
    if stream_fd(path) is not None:  # -, /dev/stdout, /dev/fd/N: a stream, written into
        return
    try:
        target = Path(os.path.realpath(path))
        mode = target.stat().st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        _refuse_other_file(path, target, None)


def _probe_folder(path: str, target: Path) -> None:
    """Refuse early (before the report is printed) a folder where no file can be created.
    The probe file is created and removed with signals held: Ctrl-C leaves none behind."""
    import tempfile

    with _signals_held():
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        except OSError as exc:
            raise InputFileError(f"{path}: cannot write there ({exc.strerror}); nothing was written; choose another path with -o") from None
        os.close(fd)
        _unlink(tmp)


def _commit(path: str, target: Path, data: bytes, history: tuple[Path, bytes] | None, *,
            exclusive: bool = False) -> None:
    """Steps 2 and 3 of the module's protocol: the history file (when given), then the
    snapshot, each by temporary file and rename; signals held back meanwhile. ``exclusive``
    (``target`` did not exist): the snapshot is linked to its name, which fails when a file
    appeared there meanwhile (then refused as ``-o`` onto an existing file); a file system
    without hard links falls back to the rename. Raises :class:`InputFileError` when a file
    cannot be written (nothing is then changed)."""
    temps: list[str] = []
    with _signals_held():  # Ctrl-C waits for the end: no temporary file left, no half change
        try:
            try:
                if history is not None:
                    hist_path, hist_data = history
                    temps.append(_temp_with(hist_path, hist_data, _new_file_mode(target)))
                temps.append(_temp_with(target, data, _new_file_mode(target)))
                if history is not None:
                    os.replace(temps[0], history[0])
                if exclusive:
                    _link_new(path, temps[-1], target)
                else:
                    os.replace(temps[-1], target)  # the commit point
            except OSError as exc:
                raise InputFileError(f"{path}: cannot write ({exc.strerror}); nothing was written") from None
            WRITTEN.append(str(path))
            temps.clear()
            _fsync_folder(target.parent)
        finally:
            for tmp in temps:
                _unlink(tmp)


def _link_new(path: str, tmp: str, target: Path) -> None:
    """Give the complete temporary file ``tmp`` the name ``target``, which must not exist:
    ``os.link`` never replaces a file (the commit point), then ``tmp`` is removed."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        try:
            old = read_file_text(target, path)
        except (OSError, UnicodeDecodeError, InputFileError):
            old = ""
        raise _exists_refusal(path, old, False) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK) \
                or os.path.lexists(target):
            raise
        os.replace(tmp, target)  # no hard links here: the folder lock kept other commands out
        return
    _unlink(tmp)


# ----- the undo history ---------------------------------------------------------------------

def history_path(path: str) -> Path:
    """The history file of the snapshot at ``path``: ``PATH.history`` beside its real file."""
    target = Path(os.path.realpath(path))
    return target.with_name(target.name + HISTORY_SUFFIX)


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


def _damaged(hist: str, why: str) -> InputFileError:
    return InputFileError(f"{hist}: not a usable contrarius history ({why}); nothing was changed; "
                          f"move it away (mv {hist} {hist}.bad) to start a new history")


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
        raise _damaged(label, "not JSON") from None
    except RecursionError:  # '[' nested thousands deep: no history is
        raise _damaged(label, "nested too deep") from None
    if not isinstance(data, dict) or data.get("format") != "contrarius-history" or data.get("version") != 1:
        raise _damaged(label, "no 'format: contrarius-history', version 1")
    states, records = data.get("states"), data.get("records")
    if not isinstance(states, dict) or not isinstance(records, list) or not records:
        raise _damaged(label, "no states or records")
    for key, text in states.items():
        if not isinstance(text, str) or _sha(text) != key:
            raise _damaged(label, f"the state {key[:12]} does not match its hash")
    chosen: _History | None = None
    for rec in records:
        if not isinstance(rec, dict):
            raise _damaged(label, "a record is not a mapping")
        tl, at = rec.get("timeline"), rec.get("at")
        if not isinstance(tl, list) or not tl or not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(tl) \
                or any(not isinstance(h, str) or h not in states for h in tl) or rec.get("of") != tl[at]:
            raise _damaged(label, "a record's timeline does not fit its states")
        if chosen is None and rec["of"] == cur:
            chosen = _History(dict(states), list(tl), at, label)
    if chosen is not None:
        return chosen
    latest = records[0]  # the snapshot was changed by hand: a new state after the latest position
    _same_game_or_refuse(label, states[latest["of"]], current)
    at = latest["at"] + 1  # the states undone after it stay after it: redo still reaches them
    tl = list(latest["timeline"][:at]) + [cur] + list(latest["timeline"][at:])
    return _History({**states, cur: current}, tl, at, label)


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


def describe_game(text: str) -> str:
    """``board italia, solo, standard, seed 1``: a short name of the game in ``text``."""
    try:
        data = parse_yaml(text, "snapshot")
    except Exception:  # noqa: BLE001
        data = None
    if not isinstance(data, dict) or "board" not in data:
        return "not a snapshot"
    return f"board {data.get('board')}, {data.get('mode')}, {data.get('level')}, seed {data.get('seed')}"


def same_game(a: str, b: str) -> bool:
    """Whether the snapshot texts ``a`` and ``b`` are states of one game (same
    :func:`game_identity`, or the same once names are resolved on the board; two texts
    without one are never the same game)."""
    ida, idb = game_identity(a), game_identity(b)
    if ida is None or idb is None:
        return False
    # as written first (fast); else names resolved on the board (an alias is the same city)
    return ida == idb or _identity_data(a) == _identity_data(b)


def _same_game_or_refuse(label: str, recorded: str, current: str) -> None:
    """Refuse (exit 3) to attach the snapshot ``current``, found in no record of the history
    ``label``, to a history whose latest state ``recorded`` is another game: a ``.history``
    copied or left from another game would otherwise swap that game in on undo, and drop
    this one from the history on the next ``play -i``."""
    if same_game(recorded, current):
        return
    theirs, ours = describe_game(recorded), describe_game(current)
    what = (f"{theirs}; the snapshot is {ours}" if theirs != ours
            else f"they differ in {_what_differs(current, recorded, 'in the snapshot', 'in the history')}")
    raise InputFileError(f"{label} belongs to another game ({what}); "
                         f"nothing was written; move it away (mv {label} {label}.other)")


def _history_bytes(new: _History, old: _History) -> bytes:
    """The history file holding the records of ``new`` (first) and ``old``, with just the
    states they name."""
    import json

    keep = set(new.timeline) | set(old.timeline)
    states = {h: t for h, t in {**old.states, **new.states}.items() if h in keep}
    records = [new.record()] + ([old.record()] if old.timeline[old.at] != new.timeline[new.at] else [])
    return (json.dumps({"format": "contrarius-history", "version": 1, "records": records, "states": states},
                       ensure_ascii=False) + "\n").encode("utf-8")


def _steps(n: int) -> str:
    return f"{n} step{'s' if n != 1 else ''}"


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
        raise InputFileError("--in-place needs a snapshot file, not stdin; use -o PATH")
    with locked(path) as target:
        _check_length(path, target)
        _writable(path, target, with_history=True)
        current = _read_locked(path, target)
        seen = _LOADED.get(str(target))
        if seen is not None and seen != current:
            raise InputFileError(f"{path}: changed by another command while this one ran (a second 'play -i' at the "
                                 "same time?); nothing was written; look at it and run this command again")
        _clean_stale_temps(target)
        old = _read_history(path, target, current)
        dropped = len(old.timeline) - 1 - old.at
        if dropped and keep_redo is not None:
            raise InputFileError(f"{path}: {_steps(dropped)} undone with 'contrarius undo' can still be redone, and this "
                                 f"command plays no turn, so it would drop {'them' if dropped != 1 else 'it'}; nothing was "
                                 f"written: run 'contrarius redo {path}' first, {keep_redo}")
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
        raise InputFileError(f"{path}: not a text file (not UTF-8); give a YAML snapshot") from None
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read ({exc.strerror}); check the path") from None


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
        raise InputFileError(f"{word} needs a snapshot file, not stdin")
    if step == 0:
        raise InputFileError(f"--turns must be at least 1 to {word}")
    with locked(path) as target:
        _check_length(path, target)
        current = _read_locked(path, target)
        hist = _read_history(path, target, current)
        goal = hist.at + step
        if not 0 <= goal < len(hist.timeline):
            can = hist.at if step < 0 else len(hist.timeline) - 1 - hist.at
            if can == 0:
                why = ("it is the earliest state its history holds" if step < 0 and len(hist.timeline) > 1
                       else "no earlier state is recorded (only 'play -i', or -o onto the same file, keeps one)" if step < 0
                       else "nothing was undone since the last turn")
                raise InputFileError(f"{path}: nothing to {word}: {why}")
            raise InputFileError(f"{path}: only {can} step{'s' if can != 1 else ''} can be {word}ne; give --turns {can} or fewer")
        text = hist.states[hist.timeline[goal]]
        where = f"the state {abs(step)} step{'s' if abs(step) != 1 else ''} {'back' if step < 0 else 'forward'}"
        try:
            snap = load_snapshot_text(text, where)
        except (InputFileError, SnapshotError) as exc:
            raise InputFileError(f"{hist.source}: {exc} (not a valid snapshot); nothing was changed; "
                                 f"move {hist.source} away to start a new history") from None
        _writable(path, target, with_history=True)
        _clean_stale_temps(target)
        new = _History(hist.states, hist.timeline, goal)
        moved = HistoryMove(path, abs(step), snap, goal, len(hist.timeline) - 1 - goal)
        data = _history_bytes(new, hist)
        _probe_folder(path, target)
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
