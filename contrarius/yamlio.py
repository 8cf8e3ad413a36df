"""YAML reading and writing, the bottom layer: text files and stdin, strict safe loading,
deterministic dumping.

Knows nothing of boards, cards or snapshots. ``-`` means stdin. Loading goes through
``yaml.safe_load``'s constructor only (plain data, never Python objects), refuses a key given
twice, and turns every YAML error into a one-line :class:`InputFileError` naming the file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .errors import InputFileError

STDIO = "-"


def _number_kind(digits: str) -> str:
    """The kind of YAML 1.1 integer ``digits`` (sign removed) is written as, with its article:
    ``a hex`` (``0x10``), ``an octal`` (``0o17``, ``017``), ``a binary`` (``0b101``), ``a
    base-60`` (``1:30``), ``an underscored`` (``1_000``)."""
    low = digits.lower()
    if low.startswith("0x"):
        return "a hex"
    if low.startswith("0b"):
        return "a binary"
    if ":" in low:
        return "a base-60"
    if low.startswith("0"):
        return "an octal"
    return "an underscored" if "_" in low else "a non-decimal"


def source_label(path: str) -> str:
    """The name used in messages: the path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == STDIO else str(path)


#: The largest file contrarius reads, in bytes (a snapshot, its history, a campaign record,
#: ``--tokens``): a real game's snapshot is a few kB and its history a few hundred; beyond
#: this a file is refused (exit 3) instead of read on and on (``/dev/zero``).
MAX_FILE_BYTES = 16 * 1024 * 1024


def _too_big(label: str) -> InputFileError:
    return InputFileError(f"{label}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, far more than any game holds; "
                          "not read; give the right file")


def _read_capped(stream: Any, label: str) -> bytes:
    """At most :data:`MAX_FILE_BYTES` bytes of the binary ``stream``; more is refused."""
    raw = stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise _too_big(label)
    return raw


def read_file_text(path: str | Path, label: str | None = None) -> str:
    """The text of the file at ``path`` (UTF-8), read with the cap :data:`MAX_FILE_BYTES`.

    A regular file or a pipe is read; anything else (a device such as ``/dev/zero`` or a
    terminal, a socket) is refused. ``label`` names the file in messages (default: the
    path). Raises :class:`OSError` as :func:`open` does (``FileNotFoundError``, ...),
    :class:`UnicodeDecodeError`, and :class:`InputFileError` (exit 3) for a device or a file
    over the cap.
    """
    import os
    import stat

    label = str(path) if label is None else label
    with open(path, "rb") as fh:
        mode = os.fstat(fh.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise InputFileError(f"{label}: is a device, not a file; nothing was read; give the path of a file")
        return _read_capped(fh, label).decode("utf-8")


def read_text(path: str, label: str | None = None) -> str:
    """Read a whole file (``-``: stdin), at most :data:`MAX_FILE_BYTES` bytes, a regular
    file or a pipe (:func:`read_file_text`). Raises :class:`InputFileError` with the reason;
    ``label`` names the file in messages (default: the path)."""
    if path == STDIO:
        if sys.stdin is None or (hasattr(sys.stdin, "isatty") and sys.stdin.isatty()):
            raise InputFileError("<stdin>: no snapshot piped in; pipe one (… | contrarius show -) or give a file path")
        if hasattr(sys.stdin, "buffer"):
            raw = _read_capped(sys.stdin.buffer, "<stdin>")
        else:
            raw = sys.stdin.read(MAX_FILE_BYTES + 1)
            if len(raw) > MAX_FILE_BYTES:
                raise _too_big("<stdin>")
        if isinstance(raw, bytes):
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputFileError("<stdin>: not a text file (not UTF-8); pipe a YAML snapshot") from None
        return raw
    label = str(path) if label is None else label
    try:
        return read_file_text(path, label)
    except FileNotFoundError:
        raise InputFileError(f"{label}: no such file; check the path, or create a game with 'contrarius new -o {label}'") from None
    except IsADirectoryError:
        raise InputFileError(f"{label}: is a folder, not a snapshot file; give the path of a .yaml file") from None
    except PermissionError:
        raise InputFileError(f"{label}: permission denied; check the file's permissions") from None
    except UnicodeDecodeError:
        raise InputFileError(f"{label}: not a text file (not UTF-8); give a YAML snapshot") from None
    except OSError as exc:
        raise InputFileError(f"{label}: cannot read ({exc.strerror}); check the path") from None


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


#: Deepest nesting a file read by contrarius may have (a snapshot needs 6: a log entry's
#: reaction event's list of goods received is the deepest).
MAX_DEPTH = 16
#: Longest integer a file may hold (a seed is the longest number contrarius writes).
MAX_DIGITS = 40

_DECIMAL = __import__("re").compile(r"[-+]?(0|[1-9][0-9]*)")


def _key_path(stack: list) -> str:
    """``players[0].goods.food`` for the position the scan is at."""
    out = ""
    for frame in stack[:MAX_DEPTH // 2]:
        if frame[0] == "map" and frame[2] is not None:
            out += ("." if out else "") + str(frame[2])
        elif frame[0] == "seq":
            out += f"[{max(frame[1] - 1, 0)}]"
    return (out + ("..." if len(stack) > MAX_DEPTH // 2 else "")) or "the top level"


def check_plain(text: str, source: str) -> None:
    """Refuse, before anything is built, what no file contrarius writes contains and what
    could make reading it hang, crash or misread a value (issue 18):

    - anchors and aliases (``&a``, ``*a``: an alias bomb expands to billions of values);
    - nesting deeper than :data:`MAX_DEPTH`;
    - explicit tags (``!!bool maybe``, ``!!float 0x1F``, ``!!set``): they change a value's type;
    - integers longer than :data:`MAX_DIGITS` digits, and integers that YAML 1.1 reads
      differently from how they are written: a leading zero (``010`` is octal 8), hex,
      octal, binary, ``1_000``, ``1:30`` (base 60);
    - keys that are not words: ``yes``/``no``/``on``/``off`` (read as true/false), numbers,
      ``~``, lists or mappings as keys.

    Raises :class:`InputFileError` naming the file, the key path, the line and the fix.
    The scan runs on the parser's events (libyaml's when PyYAML has it): no value is built.
    """
    import yaml
    from yaml.events import (AliasEvent, CollectionStartEvent, MappingEndEvent, MappingStartEvent,
                             ScalarEvent, SequenceEndEvent, SequenceStartEvent)
    from yaml.nodes import ScalarNode

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    stack: list[list] = []  # [kind, count of items seen, current key]

    def refuse(ev: Any, what: str, fix: str) -> InputFileError:
        mark = getattr(ev, "start_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        return InputFileError(f"{source}: {_key_path(stack)}{line}: {what}; {fix}")

    try:
        while loader.check_event():
            ev = loader.get_event()
            if isinstance(ev, (MappingEndEvent, SequenceEndEvent)):
                stack.pop()
                continue
            if not isinstance(ev, (ScalarEvent, CollectionStartEvent, AliasEvent)):
                continue
            is_key = bool(stack) and stack[-1][0] == "map" and stack[-1][1] % 2 == 0
            if stack:
                stack[-1][1] += 1
            if isinstance(ev, AliasEvent) or getattr(ev, "anchor", None):
                raise refuse(ev, "a YAML anchor or alias (&name / *name)", "contrarius never writes them: write the value out in full")
            if ev.tag is not None:
                raise refuse(ev, f"an explicit YAML tag ({ev.tag.replace('tag:yaml.org,2002:', '!!')})",
                             "remove it: write the plain value")
            if is_key and not isinstance(ev, ScalarEvent):
                raise refuse(ev, "a list or mapping used as a key", "keys are names")
            if isinstance(ev, ScalarEvent):
                plain = ev.implicit[0] and not ev.style
                kind = loader.resolve(ScalarNode, ev.value, (True, False)) if plain else "tag:yaml.org,2002:str"
                if is_key:
                    if kind != "tag:yaml.org,2002:str":
                        shown = ev.value or "~"
                        raise refuse(ev, f"the key {shown!r} is read as a {kind.rsplit(':', 1)[-1]}, not a name",
                                     f"quote it ('{shown}') or correct it")
                    stack[-1][2] = ev.value
                elif kind == "tag:yaml.org,2002:int":
                    digits = ev.value.lstrip("+-")
                    if not _DECIMAL.fullmatch(ev.value):
                        raise refuse(ev, f"{ev.value!r} is not written as a plain decimal number (YAML would read "
                                         f"{_number_kind(digits)} number)",
                                     f"write it in decimal digits without leading zeros, e.g. {digits.lstrip('0') or '0'}"
                                     if digits.isdigit() else "write it in decimal digits")
                    if len(digits) > MAX_DIGITS:
                        raise refuse(ev, f"a number of {len(digits)} digits", f"numbers have at most {MAX_DIGITS} digits")
                continue
            kind = "map" if isinstance(ev, MappingStartEvent) else "seq" if isinstance(ev, SequenceStartEvent) else None
            stack.append([kind, 0, None])
            if len(stack) > MAX_DEPTH:
                raise refuse(ev, f"nested more than {MAX_DEPTH} levels deep", "a snapshot is never nested that deep: correct the file")
    except yaml.YAMLError:
        return  # not YAML: loading reports it, with the pure-Python parser's message
    finally:
        loader.dispose()


def check_digits(data: Any, what: str) -> None:
    """Refuse to write ``data`` when it holds a whole number longer than :data:`MAX_DIGITS`
    digits (:func:`check_plain` refuses to read one): contrarius never writes a file it would
    then refuse, e.g. a counter such as ``rolls`` grown past the limit by a turn. Raises
    :class:`InputFileError` (exit 3) naming ``what`` (e.g. ``the new snapshot``), the key
    and the limit."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > MAX_DIGITS:
            raise InputFileError(f"{what} would hold a number of {len(str(abs(value)))} digits at '{path}' (numbers have "
                                 f"at most {MAX_DIGITS} digits, or the file could not be read again); nothing was "
                                 f"written; correct '{path}' by hand to a shorter number")


def parse_yaml(text: str, source: str) -> Any:
    """``yaml.safe_load`` with one-line errors naming the file, line and column, after
    :func:`check_plain` refused what no contrarius file contains."""
    import yaml

    check_plain(text, source)
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


def shown(value: Any) -> str:
    """``value`` read from a YAML file, shown in a message as YAML writes it, not as a
    Python repr: a date as ``2001-01-01`` (not ``datetime.date(2001, 1, 1)``), ``true``,
    ``null``, a list or mapping in flow style (``{a: 1}``); text in quotes (``'Foo'``), so
    that an empty or blank value shows. At most 120 characters."""
    if isinstance(value, str):
        text = repr(value)
    else:
        import yaml

        try:
            text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10 ** 6)
        except yaml.YAMLError:
            text = str(value)
        text = " ".join(text.removesuffix("...\n").split())
    return text if len(text) <= 120 else text[:117] + "..."


def load_mapping_file(path: str, what: str) -> dict:
    """Load a small YAML file that must hold a mapping (e.g. ``--tokens tokens.yaml``).

    Raises :class:`InputFileError` naming ``what`` and the file.
    """
    data = parse_yaml(read_text(path), path)
    if not isinstance(data, dict):
        raise InputFileError(f"{path}: {what} expects a YAML mapping (e.g. 'Aleria: food' per line)")
    return data
