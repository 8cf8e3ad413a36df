"""The libyaml fast path: plain YAML text (no anchors, aliases or tags: what contrarius
writes and ships) built straight from libyaml's node tree, checked on the way by the table
of refusals (:mod:`contrarius.io.refusals`); plain data turned into the node tree PyYAML's
representer would make. Whatever the fast path does not vouch for raises :class:`Fallback`
and goes the general way (:mod:`contrarius.io.yaml_strict`), which gives the same data, text
or error.
"""

from __future__ import annotations

from typing import Any

from contrarius.errors import InputFileError
from contrarius.io.refusals import INT_TAG, MAX_DIGITS, TEXT_TAG, Scan, plain_decimal
from contrarius.io.yaml_strict import flow_dict, flow_list, strict

_PROPERTY: list = []


def may_hold_properties(text: str) -> bool:
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


class Fallback(Exception):
    """The text is not one :func:`plain_data` vouches for: load it the general way."""


def plain_data(text: str, source: str | None = None) -> Any:
    """The data of the YAML ``text``, exactly as ``yaml.safe_load`` builds it, from one
    parse by libyaml: its node tree (composed in C) is built here directly, without
    PyYAML's general constructor (which handles anchors, recursive data and ``<<`` merges,
    never present here).

    Only text without anchors, aliases and tags is taken (:func:`may_hold_properties`:
    every tag is implied by the value), holding mappings, lists and plain values (text, integers,
    floats, true/false, null, dates); anything else, a key given twice, text libyaml
    rejects or a value that cannot be built raises :class:`Fallback`: the caller then
    loads the text the general way, which gives the same data or the same error.

    ``source`` given (a file's label), the text is also checked against the table of
    refusals as :func:`~contrarius.io.refusals.check_plain` checks it, in the same order, with the same :class:`InputFileError` (the first
    refusal in the file; it is only raised when the whole text parsed).
    """
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None or may_hold_properties(text):
        raise Fallback
    loader = strict(fast)(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError:
        raise Fallback from None
    finally:
        loader.dispose()
    if root is None:
        return None
    try:
        return _build(root, loader, Scan(source) if source is not None else None)
    except InputFileError:
        raise
    except Exception:  # noqa: BLE001 - a duplicate, an odd value, too deep: the general way tells
        raise Fallback from None


def _build(root: Any, loader: Any, scan: Scan | None) -> Any:
    """The data of the node tree ``root`` (libyaml's, of text without anchors, aliases or
    tags), each value built by the same PyYAML constructor as in ``yaml.safe_load``;
    ``scan`` given: the refusals of :data:`~contrarius.io.refusals.REFUSALS` applied on the
    way, as :func:`~contrarius.io.refusals.check_plain` applies them to the events.
    Raises :class:`Fallback` for what it does not build, :class:`InputFileError` for a
    refusal."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    text_tag, int_tag = TEXT_TAG, INT_TAG
    scalars = {tag: loader.yaml_constructors[tag] for tag in
               ("tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", int_tag,
                "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp")}
    check = scan is not None
    stack = scan.stack if check else None

    def build(node: Any, is_key: bool) -> Any:
        kind = type(node)
        if kind is ScalarNode:
            tag, value = node.tag, node.value
            if check and (is_key or tag == int_tag):
                scan.scalar(node, value, tag, is_key)
            if tag == text_tag:
                return value
            if tag == int_tag and plain_decimal(value):
                return int(value)
            return scalars[tag](loader, node)  # a KeyError (e.g. a << merge) falls back
        if check:
            scan.enter(node, "map" if kind is MappingNode else "seq" if kind is SequenceNode else None, is_key)
        elif is_key:
            raise Fallback
        if kind is MappingNode:
            out: Any = {}
            for key_node, value_node in node.value:
                key = build(key_node, True)
                if key in out:
                    raise Fallback  # the general way names the key given twice
                out[key] = build(value_node, False)
        elif kind is SequenceNode:
            out = []
            frame = stack[-1] if check else None
            for item in node.value:
                if frame is not None:
                    frame[1] += 1
                out.append(build(item, False))
        else:
            raise Fallback
        if check:
            scan.leave()
        return out

    return build(root, False)


def plain_nodes(data: Any, digits_checked: bool) -> Any:
    """The node tree PyYAML's representer (with :func:`~contrarius.io.yaml_strict.dumper`'s list and mapping rules)
    makes of ``data``, made directly, for data of mappings, lists, text, integers,
    true/false and null; anything else raises :class:`Fallback` (the representer then
    does it). ``digits_checked``: an integer longer than :data:`MAX_DIGITS` digits also
    raises :class:`Fallback` (:func:`~contrarius.io.refusals.check_digits` then names it)."""
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
                raise Fallback
            return ScalarNode(int_tag, written)
        if kind is bool:
            return ScalarNode(bool_tag, "true" if value else "false")
        if value is None:
            return ScalarNode("tag:yaml.org,2002:null", "null")
        if kind is list:
            return SequenceNode(seq_tag, [node(x) for x in value], flow_style=flow_list(value))
        if kind is dict:
            return MappingNode(map_tag, [(node(k), node(v)) for k, v in value.items()], flow_style=flow_dict(value))
        raise Fallback

    try:
        return node(data)
    except Fallback:
        raise
    except Exception:  # noqa: BLE001 - e.g. too deep: the representer tells
        raise Fallback from None
