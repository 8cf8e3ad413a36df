"""Strict YAML: PyYAML's safe loaders refusing a key given twice, and the safe dumper of
:func:`contrarius.io.yamlio.dump_yaml` (no aliases, short lists and records on one line),
both with one memo of the tags of plain scalars.

Plain data only: every class here is a subclass of PyYAML's safe loader or dumper (never
Python objects).
"""

from __future__ import annotations

from typing import Any

from contrarius.messages import N_


def general_load(text: str) -> Any:
    """``yaml.safe_load(text)`` refusing a key given twice: libyaml's parser when PyYAML has
    it; text that libyaml rejects is parsed again by the pure-Python parser, so that errors
    keep its messages (and text only it accepts still loads)."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return _load_with(strict(fast), text)
        except yaml.YAMLError as exc:
            if getattr(exc, "duplicate_key", False):
                raise
    return _load_with(strict(yaml.SafeLoader), text)


def _load_with(loader_class: type, text: str) -> Any:
    """One document read by ``loader_class`` (always a subclass of PyYAML's safe loaders:
    plain data only, never Python objects), as ``yaml.safe_load`` does it."""
    loader = loader_class(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


_STRICT: dict[type, type] = {}


def strict(base: type) -> type:
    """``base`` (a PyYAML safe loader) refusing a key given twice in one mapping, which
    YAML would otherwise resolve silently by keeping the last one."""
    if base in _STRICT:
        return _STRICT[base]
    import yaml

    class Strict(_quick_resolver(), base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node, deep=False):  # PyYAML hook
            seen: set = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    dup = key in seen
                    seen.add(key)
                except TypeError:
                    continue  # an unhashable key: PyYAML reports it itself
                if dup:
                    err = yaml.constructor.ConstructorError(None, None, str(N_("the key {key!r} is given twice", key=key)), key_node.start_mark)
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
        def resolve(self, kind, value, implicit):  # PyYAML hook
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

        def descend_resolver(self, current_node, current_index):  # PyYAML hook
            pass

        def ascend_resolver(self):  # PyYAML hook
            pass

    if any(getattr(yaml, name, BaseResolver).yaml_path_resolvers
           for name in ("SafeLoader", "CSafeLoader", "SafeDumper", "CSafeDumper")):
        QuickResolver = type("QuickResolver", (), {})  # path resolvers were added: PyYAML's own resolver
    _RESOLVER.append(QuickResolver)
    return QuickResolver


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _short(v: Any) -> bool:
    """A value small enough for one line: scalars, or a list of scalars."""
    return _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v))


def flow_list(value: list) -> bool:
    """Whether :func:`dump_yaml` writes the list ``value`` on one line: a list of scalars."""
    return all(_scalar(x) for x in value)


def flow_dict(value: dict) -> bool:
    """Whether :func:`dump_yaml` writes the mapping ``value`` on one line: a small record
    (at most 4 short values, under 60 characters)."""
    return 0 < len(value) <= 4 and all(_short(v) for v in value.values()) and \
        sum(len(str(v)) for v in value.values()) < 60


_DUMPERS: dict[type, type] = {}


def dumper() -> type:
    """The dumper class of :func:`dump_yaml` (made once for each base): PyYAML's safe
    dumper (libyaml's emitter when PyYAML has it: the same text for everything contrarius
    writes, five times faster), no aliases, lists and mappings on one line as
    :func:`flow_list` and :func:`flow_dict` say."""
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    if base in _DUMPERS:
        return _DUMPERS[base]

    class Dumper(_quick_resolver(), base):  # type: ignore[misc, valid-type]
        def ignore_aliases(self, data: Any) -> bool:  # PyYAML hook
            return True

    def rep_list(dumper: yaml.SafeDumper, value: list) -> Any:
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow_list(value))

    def rep_dict(dumper: yaml.SafeDumper, value: dict) -> Any:
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow_dict(value))

    Dumper.add_representer(list, rep_list)
    Dumper.add_representer(dict, rep_dict)
    _DUMPERS[base] = Dumper
    return Dumper
