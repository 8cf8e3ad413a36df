"""Reading and writing snapshot files: ``-`` for stdin/stdout, atomic writes, stable YAML.

Data flows one way: :func:`load_snapshot` (read text -> ``yaml.safe_load`` -> validate)
and :func:`dump_snapshot` / :func:`write_text` (deterministic YAML -> temp file -> rename).
A failing command never touches its input file; an in-place write keeps the previous
file as ``PATH.prev`` so that ``contrarius undo`` can restore it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .errors import InputFileError, SnapshotError
from .yamlio import STDIO, dump_yaml, parse_yaml, read_text, source_label

__all__ = ["STDIO", "dump_snapshot", "load_snapshot", "source_label", "swap_files", "write_text"]


def load_snapshot(path: str):
    """Load and validate the snapshot at ``path`` (``-``: stdin).

    Returns a :class:`~contrarius.snapshot.Snapshot`. Raises :class:`InputFileError` for
    an unreadable or non-YAML file and :class:`SnapshotError` naming every problem.
    """
    from .snapshot import Snapshot

    source = source_label(path)
    data = parse_yaml(read_text(path), source)
    if data is None:
        raise InputFileError(f"{source}: empty file, not a snapshot; create one with 'contrarius new'")
    if not isinstance(data, dict):
        kind = {"str": "string", "int": "number", "float": "number", "bool": "true/false value"}.get(type(data).__name__, type(data).__name__)
        raise InputFileError(f"{source}: not a snapshot (a YAML {kind}, expected a mapping with format, board, ...); create one with 'contrarius new'")
    try:
        return Snapshot.from_dict(data, source)
    except SnapshotError as exc:
        raise exc.with_source(source) from None


def dump_snapshot(snapshot) -> str:
    """The snapshot as the YAML text of format version 1."""
    return dump_yaml(snapshot.to_dict())


def write_text(path: str, text: str, *, keep_previous: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (``-``: stdout).

    The text goes to a temporary file in the same folder, is flushed to disk and renamed
    over ``path``; a crash leaves either the old or the new file, never half of one.
    A symbolic link is followed (the file it points to is replaced, the link stays); a
    device or pipe (``/dev/null``, ``/dev/stdout``) is written to directly, never replaced.
    With ``keep_previous`` the old file is kept as ``PATH.prev`` (for ``undo``).
    Raises :class:`InputFileError` (exit code 3) when the file cannot be written; the
    file at ``path`` is then unchanged.
    """
    if path == STDIO:
        if sys.stdout is None or getattr(sys.stdout, "closed", False):
            raise InputFileError("stdout is closed: nowhere to write the snapshot; give -o PATH")
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    if not str(path).strip():
        raise InputFileError("an empty path: give a file name, e.g. -o game.yaml")
    import stat
    import tempfile

    given = Path(path)
    target = Path(os.path.realpath(given))
    folder = target.parent
    try:
        mode = target.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise InputFileError(f"{path}: is a folder; write the snapshot to a file path, e.g. -o {given / 'game.yaml'}")
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise InputFileError(f"{path}: cannot write ({exc.strerror}); choose another path with -o") from None
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputFileError(f"{path}: cannot write there ({exc.strerror}); choose another path with -o") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        _same_mode(tmp, target)
        if keep_previous and mode is not None:
            _copy(target, given.with_name(given.name + ".prev"))
        os.replace(tmp, target)
    except BaseException as exc:  # OSError, or Ctrl-C: never leave the temporary file behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputFileError(f"{path}: cannot write ({exc.strerror}); the previous file is unchanged") from None
        raise


def _same_mode(tmp: str, target: Path) -> None:
    """Give the temporary file the permissions ``target`` has (a new file: the umask's).

    ``mkstemp`` creates files readable by their owner only; without this, every write
    would make the snapshot private.
    """
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def _copy(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` atomically (temp file + rename), keeping its permissions."""
    import tempfile

    data = src.read_bytes()
    fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _same_mode(tmp, src)
        os.replace(tmp, dst)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def swap_files(first: str, second: str) -> None:
    """Exchange the contents of two files (``contrarius undo``: a snapshot and its ``.prev``).

    Both new contents are written to temporary files first; only when both are complete
    are they renamed into place, so a failure leaves both files as they were. Raises
    :class:`InputFileError` naming the file that cannot be read or written.
    """
    import tempfile

    paths = [Path(os.path.realpath(first)), Path(os.path.realpath(second))]
    data = []
    for given, p in zip((first, second), paths):
        try:
            data.append(p.read_bytes())
        except OSError as exc:
            raise InputFileError(f"{given}: cannot read ({exc.strerror}); nothing was changed") from None
    temps: list[str] = []
    try:
        for given, p, content in zip((first, second), paths, reversed(data)):
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
            except OSError as exc:
                raise InputFileError(f"{given}: cannot write there ({exc.strerror}); nothing was changed") from None
            temps.append(tmp)
            with os.fdopen(fd, "wb") as fh:
                fh.write(content)
                fh.flush()
                os.fsync(fh.fileno())
            _same_mode(tmp, p)
        os.replace(temps[0], paths[0])
        try:
            os.replace(temps[1], paths[1])
        except OSError as exc:
            paths[0].write_bytes(data[0])  # put the first file back as it was
            raise InputFileError(f"{second}: cannot write ({exc.strerror}); nothing was changed") from None
    except BaseException:
        for tmp in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
