"""YAML reading and writing, the bottom layer: text files and stdin, strict safe loading,
deterministic dumping.

Knows nothing of boards, cards or snapshots. ``-`` means stdin. Loading goes through
``yaml.safe_load``'s constructor only (plain data, never Python objects), refuses a key given
twice, and turns every YAML error into a one-line :class:`InputFileError` naming the file.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from contrarius.errors import InputFileError

if TYPE_CHECKING:
    from pathlib import Path

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
    eight times faster. Plain text (no anchor, alias or tag, the data files contrarius
    ships) is built straight from libyaml's node tree (:func:`_plain_data`); other text,
    and text libyaml rejects, goes the general way (:func:`_general_load`).
    """
    try:
        return _plain_data(text)
    except _Fallback:
        return _general_load(text)


def pyyaml_safe_load(text: str) -> Any:
    """Exactly ``yaml.safe_load(text)``, a key given twice included (PyYAML keeps the last
    one; :func:`safe_load` refuses it): built from libyaml's node tree when the text is
    plain (:func:`_plain_data`), else by ``yaml.safe_load`` itself. For a reader that must
    take what PyYAML takes (a TAB completion reads the snapshot so)."""
    try:
        return _plain_data(text)
    except _Fallback:
        import yaml

        return yaml.safe_load(text)


def _general_load(text: str) -> Any:
    """``yaml.safe_load(text)`` refusing a key given twice: libyaml's parser when PyYAML has
    it; text that libyaml rejects is parsed again by the pure-Python parser, so that errors
    keep its messages (and text only it accepts still loads)."""
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

    class Strict(_quick_resolver(), base):  # type: ignore[misc, valid-type]
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


_RESOLVER: list[type] = []
#: The most plain scalars whose tags :func:`_quick_resolver` remembers (a snapshot, its
#: board and the card data hold about 800 different ones).
_MEMO_SIZE = 8192


def _quick_resolver() -> type:
    """A mixin for PyYAML's safe loaders and dumpers: the same tags as their resolver (one
    table, ``yaml.resolver.Resolver``'s), the regular expressions tried once per plain
    scalar per process (a memo, at most :data:`_MEMO_SIZE`: a board names each city many
    times), and no path resolvers walked (safe loading and dumping have none; if some were
    added, PyYAML's own resolver is kept)."""
    if _RESOLVER:
        return _RESOLVER[0]
    import yaml
    from yaml.nodes import ScalarNode
    from yaml.resolver import BaseResolver

    memo: dict[str, str] = {}
    default = BaseResolver.DEFAULT_SCALAR_TAG

    class QuickResolver:
        def resolve(self, kind, value, implicit):  # noqa: D102 - PyYAML hook
            if kind is not ScalarNode:
                return super().resolve(kind, value, implicit)
            if not implicit[0]:
                return default
            tag = memo.get(value)
            if tag is None:
                if len(memo) >= _MEMO_SIZE:  # a long session or a huge file: start again
                    memo.clear()
                tag = memo[value] = super().resolve(kind, value, (True, False))
            return tag

        def descend_resolver(self, current_node, current_index):  # noqa: D102 - PyYAML hook
            pass

        def ascend_resolver(self):  # noqa: D102 - PyYAML hook
            pass

    if any(getattr(yaml, name, BaseResolver).yaml_path_resolvers
           for name in ("SafeLoader", "CSafeLoader", "SafeDumper", "CSafeDumper")):
        QuickResolver = type("QuickResolver", (), {})  # path resolvers were added: PyYAML's own resolver
    _RESOLVER.append(QuickResolver)
    return QuickResolver


_PROPERTY: list = []


def _may_hold_properties(text: str) -> bool:
    """Whether the YAML ``text`` may hold an anchor (``&a``), an alias (``*a``) or a tag
    (``!!int``, ``!x``, ``%TAG !``): an ``&``, ``*`` or ``!`` where libyaml's scanner may
    start a token, i.e. at the start of the text or after a blank, a line break, a flow
    indicator (``[ ] { } ,``), ``:``, ``?`` or a quote. The same character inside a
    scalar (``--partner-*``, ``it's!``) is no property. True may be wrong (the caller
    then takes the general way); False is never wrong."""
    if "&" not in text and "*" not in text and "!" not in text:
        return False
    if not _PROPERTY:
        import re

        _PROPERTY.append(re.compile(r"(?:\A|[\s\ufeff\[\]{},:?\"'])[&*!]"))
    return _PROPERTY[0].search(text) is not None


class _Fallback(Exception):
    """The text is not one :func:`_plain_data` vouches for: load it the general way."""


def _plain_data(text: str, source: str | None = None) -> Any:
    """The data of the YAML ``text``, exactly as ``yaml.safe_load`` builds it, from one
    parse by libyaml: its node tree (composed in C) is built here directly, without
    PyYAML's general constructor (which handles anchors, recursive data and ``<<`` merges,
    never present here).

    Only text without anchors, aliases and tags is taken (:func:`_may_hold_properties`:
    every tag is implied by the value), holding mappings, lists and plain values (text, integers,
    floats, true/false, null, dates); anything else, a key given twice, text libyaml
    rejects or a value that cannot be built raises :class:`_Fallback`: the caller then
    loads the text the general way, which gives the same data or the same error.

    ``source`` given (a file's label), the text is also checked as :func:`check_plain`
    checks it, in the same order, with the same :class:`InputFileError` (the first
    refusal in the file; it is only raised when the whole text parsed).
    """
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None or _may_hold_properties(text):
        raise _Fallback
    loader = _strict(fast)(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError:
        raise _Fallback from None
    finally:
        loader.dispose()
    if root is None:
        return None
    try:
        return _build(root, loader, [] if source is not None else None, source)
    except InputFileError:
        raise
    except Exception:  # noqa: BLE001 - a duplicate, an odd value, too deep: the general way tells
        raise _Fallback from None


def _build(root: Any, loader: Any, stack: list | None, source: str | None) -> Any:
    """The data of the node tree ``root`` (libyaml's, of text without anchors, aliases or
    tags), each value built by the same PyYAML constructor as in ``yaml.safe_load``;
    ``stack`` a list: :func:`check_plain`'s checks on the way (``stack`` None: none).
    Raises :class:`_Fallback` for what it does not build, :class:`InputFileError` for a
    refusal."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    text_tag, int_tag = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
    scalars = {tag: loader.yaml_constructors[tag] for tag in
               ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", int_tag,
                "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp")}
    check = stack is not None

    def build(node: Any, is_key: bool) -> Any:
        kind = type(node)
        if kind is ScalarNode:
            tag, value = node.tag, node.value
            if check:
                if is_key:
                    problem = _key_problem(value, tag)
                    if problem:
                        raise _refusal(source, stack, node, *problem)
                    stack[-1][2] = value
                elif tag == int_tag:
                    problem = _int_problem(value)
                    if problem:
                        raise _refusal(source, stack, node, *problem)
            if tag == text_tag:
                return value
            if tag == int_tag and _plain_decimal(value):
                return int(value)
            return scalars[tag](loader, node)  # a KeyError (e.g. a << merge) falls back
        if is_key:
            if check:
                raise _refusal(source, stack, node, *_KEY_NOT_NAME)
            raise _Fallback
        if check:
            stack.append(["map" if kind is MappingNode else "seq" if kind is SequenceNode else None, 0, None])
            if len(stack) > MAX_DEPTH:
                raise _refusal(source, stack, node, *_TOO_DEEP)
        if kind is MappingNode:
            out: Any = {}
            for key_node, value_node in node.value:
                key = build(key_node, True)
                if key in out:
                    raise _Fallback  # the general way names the key given twice
                out[key] = build(value_node, False)
        elif kind is SequenceNode:
            out = []
            frame = stack[-1] if check else None
            for item in node.value:
                if frame is not None:
                    frame[1] += 1
                out.append(build(item, False))
        else:
            raise _Fallback
        if check:
            stack.pop()
        return out

    return build(root, False)


#: Deepest nesting a file read by contrarius may have (a snapshot needs 6: a log entry's
#: reaction event's list of goods received is the deepest).
MAX_DEPTH = 16
#: Longest integer a file may hold (a seed is the longest number contrarius writes).
MAX_DIGITS = 40

def _plain_decimal(value: str) -> bool:
    """Whether ``value`` is an integer written in plain decimal: an optional sign, then
    ``0`` or ASCII digits without a leading zero (the regular expression
    ``[-+]?(0|[1-9][0-9]*)``, without compiling one at every start)."""
    digits = value[1:] if value[:1] in ("+", "-") else value
    return digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0")


def _key_path(stack: list) -> str:
    """``players[0].goods.food`` for the position the scan is at."""
    out = ""
    for frame in stack[:MAX_DEPTH // 2]:
        if frame[0] == "map" and frame[2] is not None:
            out += ("." if out else "") + str(frame[2])
        elif frame[0] == "seq":
            out += f"[{max(frame[1] - 1, 0)}]"
    return (out + ("..." if len(stack) > MAX_DEPTH // 2 else "")) or "the top level"


_KEY_NOT_NAME = ("a list or mapping used as a key", "keys are names")
_TOO_DEEP = (f"nested more than {MAX_DEPTH} levels deep", "a snapshot is never nested that deep: correct the file")


def _refusal(source: str | None, stack: list, at: Any, what: str, fix: str) -> InputFileError:
    """The refusal of :func:`check_plain`: the file, the key path, the line of ``at`` (an
    event or a node), what is wrong and the fix."""
    mark = getattr(at, "start_mark", None)
    line = f" (line {mark.line + 1})" if mark is not None else ""
    return InputFileError(f"{source}: {_key_path(stack)}{line}: {what}; {fix}")


def _key_problem(value: str, tag: str) -> tuple[str, str] | None:
    """What is wrong with a mapping key written ``value`` that YAML reads as ``tag``, and
    the fix; None for a name (a text)."""
    if tag == "tag:yaml.org,2002:str":
        return None
    shown = value or "~"
    return f"the key {shown!r} is read as a {tag.rsplit(':', 1)[-1]}, not a name", f"quote it ('{shown}') or correct it"


def _int_problem(value: str) -> tuple[str, str] | None:
    """What is wrong with the integer written ``value`` (not plain decimal, too many
    digits), and the fix; None when nothing is."""
    digits = value.lstrip("+-")
    if not _plain_decimal(value):
        return (f"{value!r} is not written as a plain decimal number (YAML would read {_number_kind(digits)} number)",
                f"write it in decimal digits without leading zeros, e.g. {digits.lstrip('0') or '0'}"
                if digits.isdigit() else "write it in decimal digits")
    if len(digits) > MAX_DIGITS:
        return f"a number of {len(digits)} digits", f"numbers have at most {MAX_DIGITS} digits"
    return None


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
        return _refusal(source, stack, ev, what, fix)

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
                raise refuse(ev, *_KEY_NOT_NAME)
            if isinstance(ev, ScalarEvent):
                plain = ev.implicit[0] and not ev.style
                kind = loader.resolve(ScalarNode, ev.value, (True, False)) if plain else "tag:yaml.org,2002:str"
                problem = _key_problem(ev.value, kind) if is_key else \
                    _int_problem(ev.value) if kind == "tag:yaml.org,2002:int" else None
                if problem:
                    raise refuse(ev, *problem)
                if is_key:
                    stack[-1][2] = ev.value
                continue
            kind = "map" if isinstance(ev, MappingStartEvent) else "seq" if isinstance(ev, SequenceStartEvent) else None
            stack.append([kind, 0, None])
            if len(stack) > MAX_DEPTH:
                raise refuse(ev, *_TOO_DEEP)
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
    :func:`check_plain` refused what no contrarius file contains.

    Plain text (what contrarius writes) is parsed once, checked and built from one node
    tree (:func:`_plain_data`); other text is scanned by :func:`check_plain`, then loaded.
    Either way the data, the refusal or the error are the same."""
    import yaml

    try:
        return _plain_data(text, source)
    except _Fallback:
        pass
    check_plain(text, source)
    try:
        return _general_load(text)
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


def _flow_list(value: list) -> bool:
    """Whether :func:`dump_yaml` writes the list ``value`` on one line: a list of scalars."""
    return all(_scalar(x) for x in value)


def _flow_dict(value: dict) -> bool:
    """Whether :func:`dump_yaml` writes the mapping ``value`` on one line: a small record
    (at most 4 short values, under 60 characters)."""
    return 0 < len(value) <= 4 and all(_short(v) for v in value.values()) and \
        sum(len(str(v)) for v in value.values()) < 60


_DUMPERS: dict[type, type] = {}


def _dumper() -> type:
    """The dumper class of :func:`dump_yaml` (made once for each base): PyYAML's safe
    dumper (libyaml's emitter when PyYAML has it: the same text for everything contrarius
    writes, five times faster), no aliases, lists and mappings on one line as
    :func:`_flow_list` and :func:`_flow_dict` say."""
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    if base in _DUMPERS:
        return _DUMPERS[base]

    class Dumper(_quick_resolver(), base):  # type: ignore[misc, valid-type]
        def ignore_aliases(self, data: Any) -> bool:  # noqa: D102 - PyYAML hook
            return True

    def rep_list(dumper: yaml.SafeDumper, value: list) -> Any:
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=_flow_list(value))

    def rep_dict(dumper: yaml.SafeDumper, value: dict) -> Any:
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=_flow_dict(value))

    Dumper.add_representer(list, rep_list)
    Dumper.add_representer(dict, rep_dict)
    _DUMPERS[base] = Dumper
    return Dumper


def _plain_nodes(data: Any, digits_checked: bool) -> Any:
    """The node tree PyYAML's representer (with :func:`_dumper`'s list and mapping rules)
    makes of ``data``, made directly, for data of mappings, lists, text, integers,
    true/false and null; anything else raises :class:`_Fallback` (the representer then
    does it). ``digits_checked``: an integer longer than :data:`MAX_DIGITS` digits also
    raises :class:`_Fallback` (:func:`check_digits` then names it)."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    text_tag, int_tag = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
    bool_tag, seq_tag, map_tag = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"

    def node(value: Any) -> Any:
        kind = type(value)
        if kind is str:
            return ScalarNode(text_tag, value)
        if kind is int:
            written = str(value)
            if digits_checked and len(written.lstrip("-")) > MAX_DIGITS:
                raise _Fallback
            return ScalarNode(int_tag, written)
        if kind is bool:
            return ScalarNode(bool_tag, "true" if value else "false")
        if value is None:
            return ScalarNode("tag:yaml.org,2002:null", "null")
        if kind is list:
            return SequenceNode(seq_tag, [node(x) for x in value], flow_style=_flow_list(value))
        if kind is dict:
            return MappingNode(map_tag, [(node(k), node(v)) for k, v in value.items()], flow_style=_flow_dict(value))
        raise _Fallback

    try:
        return node(data)
    except _Fallback:
        raise
    except Exception:  # noqa: BLE001 - e.g. too deep: the representer tells
        raise _Fallback from None


def dump_yaml(data: Any, checked: str | None = None) -> str:
    """Deterministic YAML: keys in the given order, no aliases.

    Lists of scalars and small records (at most 4 short values, e.g. a colonist or a
    card) are written on one line; other mappings one key per line, for hand editing.
    ``checked`` (e.g. ``the new snapshot``): first :func:`check_digits` ``(data, checked)``,
    which refuses a number the reader would refuse. The text is ``yaml.dump``'s with
    :func:`_dumper`; plain data is turned into nodes here (:func:`_plain_nodes`), the
    same nodes PyYAML's representer makes, only faster.
    """
    import io

    try:
        nodes = _plain_nodes(data, checked is not None)
    except _Fallback:
        nodes = None
        if checked is not None:
            check_digits(data, checked)
    stream = io.StringIO()
    # the options yaml.dump(data, Dumper=..., sort_keys=False, allow_unicode=True, width=100) passes
    dumper = _dumper()(stream, default_style=None, default_flow_style=False, canonical=None, indent=None, width=100,
                       allow_unicode=True, line_break=None, encoding=None, version=None, tags=None,
                       explicit_start=None, explicit_end=None, sort_keys=False)
    try:
        dumper.open()
        if nodes is None:
            dumper.represent(data)
        else:
            dumper.serialize(nodes)
        dumper.close()
    finally:
        dumper.dispose()
    return stream.getvalue()


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
