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


def load_mapping_file(path: str, what: str) -> dict:
    """Load a small YAML file that must hold a mapping (e.g. ``--tokens tokens.yaml``).

    Raises :class:`InputFileError` naming ``what`` and the file.
    """
    data = parse_yaml(read_text(path), path)
    if not isinstance(data, dict):
        raise InputFileError(f"{path}: {what} expects a YAML mapping (e.g. 'Aleria: food' per line)")
    return data
