"""Files on disk: ``-`` and device paths for stdin/stdout, atomic writes, a lock per file.

A file is written to a temporary file beside it, flushed to disk and renamed over it
(:func:`write_text`, :func:`update_text`, and :func:`_commit` for the undo history of
:mod:`contrarius.store.history`): a crash leaves the old file or the new one, never half
of one, and a failing command never touches its input file. Ctrl-C (and SIGTERM, SIGHUP)
are held back while the files are renamed and delivered after; :data:`WRITTEN` then tells
the process (:mod:`contrarius.cli.process`) what was written, so that its message is true.
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
from typing import Callable, Iterator

from contrarius.messages import N_, Message
from contrarius.errors import InputFileError
from contrarius.io.textfiles import STDIO, read_file_text, read_text
from contrarius.store.snapshot_text import _LOADED, describe_game, same_game

__all__ = ["HISTORY_SUFFIX", "WRITTEN", "history_path", "is_stdout", "locked", "new_command", "refuse_existing_output",
           "stream_fd", "update_text", "write_text"]


#: Files this process has replaced or created (paths as given), for the interrupt message.
WRITTEN: list[str] = []


HISTORY_SUFFIX = ".history"


LOCK_WAIT_S = 10.0


def new_command() -> None:
    """Forget what earlier commands of this process wrote and read (:data:`WRITTEN`, the
    texts of loaded snapshots): called when a command starts."""
    WRITTEN.clear()
    _LOADED.clear()


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
        raise InputFileError(N_("an empty path: give a file name, e.g. game.yaml"))
    if os.path.isdir(path) or str(path).endswith(os.sep):
        raise InputFileError(N_("{path}: is a folder, not a snapshot file; give the path of a .yaml file", path=path))


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
                raise InputFileError(N_("{path}: another contrarius command is changing this file; "
                                        "nothing was written; run this one again when it has finished", path=path)) from None
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
            raise InputFileError(N_("{path}: cannot open ({strerror}); check the path", path=path, strerror=exc.strerror)) from None
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
        raise InputFileError(N_("{path}: the file is read-only; nothing was written; make it writable "
                                "(chmod u+w {path}) or write the new snapshot elsewhere with -o", path=path))
    if with_history and _read_only(history_path(path)):
        raise InputFileError(N_("{history}: the history is read-only; nothing was written; make it "
                                "writable (chmod u+w {history}) or write the new snapshot elsewhere with -o",
                                history=str(path) + HISTORY_SUFFIX))


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
        raise InputFileError(N_("{path}: the name is too long ({size} bytes) to keep its temporary files and "
                                "history beside it (at most {limit} bytes); nothing was written; use a shorter name",
                                path=path, size=size, limit=limit))


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
        raise InputFileError(N_("{name} is closed: nowhere to write; nothing was written; give -o PATH", name=name))
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
        raise InputFileError(N_("cannot write to {name} ({strerror}); nothing was written; give -o PATH", name=name,
                                strerror=exc.strerror)) from None
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
        raise InputFileError(N_("an empty path: give a file name, e.g. -o game.yaml"))
    given = Path(path)
    data = text.encode("utf-8")
    while True:
        try:
            target = Path(os.path.realpath(given))
            mode = target.stat().st_mode
        except OSError as exc:
            if getattr(exc, "errno", None) not in (2,):  # not "no such file": a name too long, a loop, ...
                raise InputFileError(N_("{path}: cannot write there ({strerror}); choose another path with -o", path=path,
                                        strerror=exc.strerror)) from None
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise InputFileError(N_("{path}: is a folder; write the snapshot to a file path, e.g. -o {example}", path=path,
                                    example=given / "game.yaml"))
        if mode is not None and not stat.S_ISREG(mode):
            if before_commit is not None:  # the report of a write to /dev/null is still said
                before_commit()
            try:
                with open(target, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as exc:
                raise InputFileError(N_("{path}: cannot write ({strerror}); nothing was written (the report above did "
                                        "not take effect); choose another path with -o", path=path, strerror=exc.strerror)) from None
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
    what = (N_("a file that is no snapshot") if desc == "not a snapshot"
            else N_("a game ({game})", game=desc) if fresh else N_("another game ({game})", game=desc))
    return InputFileError(N_("{path} already exists and holds {what}; nothing was written; "
                             "give another -o path, or --force to replace it", path=path, what=what))


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


def _probe_folder(path: str, target: Path, fix: Message | None = None) -> None:
    """Refuse early (before the report is printed) a folder where no file can be created;
    ``fix`` ends the message (``undo`` and ``redo`` write in place: they take no ``-o``).
    The probe file is created and removed with signals held: Ctrl-C leaves none behind."""
    import tempfile

    with _signals_held():
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        except OSError as exc:
            raise InputFileError(N_("{path}: cannot write there ({strerror}); nothing was written; {fix}", path=path,
                                    strerror=exc.strerror, fix=N_("choose another path with -o") if fix is None else fix)) from None
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
                raise InputFileError(N_("{path}: cannot write ({strerror}); nothing was written", path=path,
                                        strerror=exc.strerror)) from None
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


def history_path(path: str) -> Path:
    """The history file of the snapshot at ``path``: ``PATH.history`` beside its real file."""
    target = Path(os.path.realpath(path))
    return target.with_name(target.name + HISTORY_SUFFIX)
