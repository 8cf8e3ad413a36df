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
from typing import Any

from .errors import InputFileError, SnapshotError

STDIO = "-"


def source_label(path: str) -> str:
    """The name used in messages: the path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == STDIO else str(path)


def read_text(path: str) -> str:
    """Read a whole file (``-``: stdin). Raises :class:`InputFileError` with the reason."""
    if path == STDIO:
        if sys.stdin is None or (hasattr(sys.stdin, "isatty") and sys.stdin.isatty()):
            raise InputFileError("<stdin>: no snapshot piped in; pipe one (… | contrarius show -) or give a file path")
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        if isinstance(raw, bytes):
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputFileError("<stdin>: not a text file (not UTF-8); pipe a YAML snapshot") from None
        return raw
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputFileError(f"{path}: no such file; check the path, or create a game with 'contrarius new -o {path}'") from None
    except IsADirectoryError:
        raise InputFileError(f"{path}: is a folder, not a snapshot file; give the path of a .yaml file") from None
    except PermissionError:
        raise InputFileError(f"{path}: permission denied; check the file's permissions") from None
    except UnicodeDecodeError:
        raise InputFileError(f"{path}: not a text file (not UTF-8); give a YAML snapshot") from None
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read ({exc.strerror}); check the path") from None


def safe_load(text: str) -> Any:
    """``yaml.safe_load(text)``, through libyaml (``CSafeLoader``) when PyYAML has it.

    The result is the same (same constructor and resolver, only the parser is in C), about
    eight times faster. Text that libyaml rejects is parsed again by the pure-Python
    parser, so that errors keep its messages (and text only it accepts still loads).
    """
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return _load_with(_strict(fast), text)
        except yaml.YAMLError as exc:
            if getattr(exc, "duplicate_key", False):
                raise
    return _load_with(_strict(yaml.SafeLoader), text)


def _load_with(loader_class: type, text: str) -> Any:
    """One document read by ``loader_class`` (always a subclass of PyYAML's safe loaders:
    plain data only, never Python objects), as ``yaml.safe_load`` does it."""
    loader = loader_class(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


_STRICT: dict[type, type] = {}


def _strict(base: type) -> type:
    """``base`` (a PyYAML safe loader) refusing a key given twice in one mapping, which
    YAML would otherwise resolve silently by keeping the last one."""
    if base in _STRICT:
        return _STRICT[base]
    import yaml

    class Strict(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node, deep=False):  # noqa: D102 - PyYAML hook
            seen: set = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    dup = key in seen
                    seen.add(key)
                except TypeError:
                    continue  # an unhashable key: PyYAML reports it itself
                if dup:
                    err = yaml.constructor.ConstructorError(None, None, f"the key {key!r} is given twice", key_node.start_mark)
                    err.duplicate_key = True
                    raise err
            return super().construct_mapping(node, deep=deep)

    _STRICT[base] = Strict
    return Strict


def parse_yaml(text: str, source: str) -> Any:
    """``yaml.safe_load`` with one-line errors naming the file, line and column."""
    import yaml

    try:
        return safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = str(exc.problem or exc.context or "cannot parse").strip()
        raise InputFileError(f"{source}: not valid YAML{where}: {problem}; fix the YAML syntax there") from None
    except yaml.YAMLError as exc:
        detail = " ".join(str(exc).split())
        raise InputFileError(f"{source}: not valid YAML: {detail}; fix the YAML syntax") from None
    except RecursionError:
        raise InputFileError(f"{source}: not a snapshot (YAML nested too deeply); create one with 'contrarius new'") from None
    except (ValueError, TypeError, OverflowError) as exc:
        # a value YAML recognises but cannot build: a date like 2001-13-45, !!int abc, ...
        detail = " ".join(str(exc).split())[:120]
        raise InputFileError(f"{source}: a value cannot be read ({detail}); fix or quote it") from None


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


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _short(v: Any) -> bool:
    """A value small enough for one line: scalars, or a list of scalars."""
    return _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v))


def dump_yaml(data: Any) -> str:
    """Deterministic YAML: keys in the given order, no aliases.

    Lists of scalars and small records (at most 4 short values, e.g. a colonist or a
    card) are written on one line; other mappings one key per line, for hand editing.
    """
    import yaml

    # libyaml's emitter when PyYAML has it (the same text for everything contrarius writes,
    # five times faster); the representers below are Python either way
    class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
        def ignore_aliases(self, data: Any) -> bool:  # noqa: D102 - PyYAML hook
            return True

    def rep_list(dumper: yaml.SafeDumper, value: list) -> Any:
        flow = all(_scalar(x) for x in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    def rep_dict(dumper: yaml.SafeDumper, value: dict) -> Any:
        flow = 0 < len(value) <= 4 and all(_short(v) for v in value.values()) and \
            sum(len(str(v)) for v in value.values()) < 60
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow)

    _Dumper.add_representer(list, rep_list)
    _Dumper.add_representer(dict, rep_dict)
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


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


def load_mapping_file(path: str, what: str) -> dict:
    """Load a small YAML file that must hold a mapping (e.g. ``--tokens tokens.yaml``).

    Raises :class:`InputFileError` naming ``what`` and the file.
    """
    data = parse_yaml(read_text(path), path)
    if not isinstance(data, dict):
        raise InputFileError(f"{path}: {what} expects a YAML mapping (e.g. 'Aleria: food' per line)")
    return data
