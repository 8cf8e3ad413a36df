"""What a YAML file contrarius reads may not hold: one table of refusals, and the scan of
the parser's events that applies it to any text.

Both ways of reading a file apply the same table (:data:`REFUSALS`) through one
:class:`Scan`: :func:`check_plain`, over the parser's events, and the fast builder
(:func:`contrarius.io.yaml_fast.plain_data`), over libyaml's node tree of text without
anchors, aliases or tags. Each refusal names the file, the key path, the line, what is wrong
and the fix; the first in the file is raised.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from contrarius.messages import N_, Message
from contrarius.errors import InputFileError

#: Deepest nesting a file read by contrarius may have (a snapshot needs 6: a log entry's
#: reaction event's list of goods received is the deepest).
MAX_DEPTH = 16
#: Longest integer a file may hold (a seed is the longest number contrarius writes).
MAX_DIGITS = 40

TEXT_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"


def _number_kind(digits: str) -> Message:
    """The kind of YAML 1.1 integer ``digits`` (sign removed) is written as, with its article:
    ``a hex`` (``0x10``), ``an octal`` (``0o17``, ``017``), ``a binary`` (``0b101``), ``a
    base-60`` (``1:30``), ``an underscored`` (``1_000``)."""
    low = digits.lower()
    if low.startswith("0x"):
        return N_("a hex")
    if low.startswith("0b"):
        return N_("a binary")
    if ":" in low:
        return N_("a base-60")
    if low.startswith("0"):
        return N_("an octal")
    return N_("an underscored") if "_" in low else N_("a non-decimal")


def plain_decimal(value: str) -> bool:
    """Whether ``value`` is an integer written in plain decimal: an optional sign, then
    ``0`` or ASCII digits without a leading zero (the regular expression
    ``[-+]?(0|[1-9][0-9]*)``, without compiling one at every start)."""
    digits = value[1:] if value[:1] in ("+", "-") else value
    return digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0")


def key_path(stack: list) -> str:
    """``players[0].goods.food`` for the position the scan is at."""
    out = ""
    for frame in stack[:MAX_DEPTH // 2]:
        if frame[0] == "map" and frame[2] is not None:
            out += ("." if out else "") + str(frame[2])
        elif frame[0] == "seq":
            out += f"[{max(frame[1] - 1, 0)}]"
    return (out + ("..." if len(stack) > MAX_DEPTH // 2 else "")) or N_("the top level")


def _anchor(anchored: bool, tag: str | None) -> tuple[Message, Message] | None:
    """An anchor or an alias (``&a``, ``*a``: an alias bomb expands to billions of values)."""
    if anchored:
        return N_("a YAML anchor or alias (&name / *name)"), N_("contrarius never writes them: write the value out in full")
    return None


def _explicit_tag(anchored: bool, tag: str | None) -> tuple[Message, Message] | None:
    """An explicit tag (``!!bool maybe``, ``!!float 0x1F``, ``!!set``): it changes a value's type."""
    if tag is not None:
        return N_("an explicit YAML tag ({tag})", tag=tag.replace("tag:yaml.org,2002:", "!!")), N_("remove it: write the plain value")
    return None


def _key_problem(value: str | None, tag: str | None) -> tuple[Message, Message] | None:
    """A mapping key that is not a name: a list or mapping (``value`` None), or a plain
    scalar written ``value`` that YAML reads as ``tag`` other than text (``yes``, ``1``,
    ``~``)."""
    if value is None:
        return N_("a list or mapping used as a key"), N_("keys are names")
    if tag == TEXT_TAG:
        return None
    shown = value or "~"
    return (N_("the key {key!r} is read as a {tag}, not a name", key=shown, tag=tag.rsplit(":", 1)[-1]),
            N_("quote it ('{key}') or correct it", key=shown))


def _int_problem(value: str) -> tuple[Message, Message] | None:
    """An integer not written as plain decimal (``010`` is octal 8 in YAML 1.1; hex, octal,
    binary, ``1_000``, ``1:30`` base 60), or longer than :data:`MAX_DIGITS` digits."""
    digits = value.lstrip("+-")
    if not plain_decimal(value):
        return (N_("{value!r} is not written as a plain decimal number (YAML would read {kind} number)", value=value,
                   kind=_number_kind(digits)),
                N_("write it in decimal digits without leading zeros, e.g. {number}", number=digits.lstrip("0") or "0")
                if digits.isdigit() else N_("write it in decimal digits"))
    if len(digits) > MAX_DIGITS:
        return N_("a number of {n} digits", n=len(digits)), N_("numbers have at most {max} digits", max=MAX_DIGITS)
    return None


def _too_deep(depth: int) -> tuple[Message, Message] | None:
    """Nesting deeper than :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        return (N_("nested more than {max} levels deep", max=MAX_DEPTH),
                N_("a snapshot is never nested that deep: correct the file"))
    return None


class Refusal(NamedTuple):
    """One thing a file may not hold: what it is checked on and the check, which returns
    (what is wrong, the fix) or None.

    ``on``: ``property`` (an event's anchor or explicit tag: ``check(anchored, tag)``; the
    fast builder takes no text that has any), ``key`` (a mapping key: ``check(value, tag)``,
    ``value`` None for a list or mapping), ``integer`` (a plain scalar YAML reads as an
    integer: ``check(value)``), ``depth`` (a list or mapping entered: ``check(depth)``)."""

    name: str
    on: str
    check: Callable[..., tuple[Message, Message] | None]


#: What no file contrarius writes contains and what could make reading it hang, crash or
#: misread a value; each value is checked in this order, the first match refuses the file.
REFUSALS: tuple[Refusal, ...] = (
    Refusal("anchor or alias", "property", _anchor),
    Refusal("explicit tag", "property", _explicit_tag),
    Refusal("key not a name", "key", _key_problem),
    Refusal("integer misread or too long", "integer", _int_problem),
    Refusal("too deep", "depth", _too_deep),
)

_ON: dict[str, tuple[Callable[..., tuple[Message, Message] | None], ...]] = {
    on: tuple(r.check for r in REFUSALS if r.on == on) for on in ("property", "key", "integer", "depth")}


class Scan:
    """Where a scan of one file is (``stack``: ``[kind, count of items seen, current key]``
    per open list or mapping) and the refusals of :data:`REFUSALS` applied at each value;
    each ``at`` is a parser event or a node (its ``start_mark`` gives the line)."""

    __slots__ = ("source", "stack")

    def __init__(self, source: str) -> None:
        self.source = source
        self.stack: list[list] = []

    def refusal(self, at: Any, what: str, fix: str) -> InputFileError:
        """The refusal: the file, the key path, the line of ``at``, what is wrong and the fix."""
        mark = getattr(at, "start_mark", None)
        line = N_(" (line {line})", line=mark.line + 1) if mark is not None else ""
        return InputFileError(N_("{source}: {path}{line}: {what}; {fix}", source=self.source, path=key_path(self.stack),
                                 line=line, what=what, fix=fix))

    def properties(self, at: Any, anchored: bool, tag: str | None) -> None:
        """Refuse an anchor, an alias or an explicit tag on ``at``."""
        for check in _ON["property"]:
            problem = check(anchored, tag)
            if problem:
                raise self.refusal(at, *problem)

    def scalar(self, at: Any, value: str, tag: str, is_key: bool) -> None:
        """Refuse the plain scalar ``value`` that YAML reads as ``tag`` (a key or a value);
        a key becomes the current key of the key path."""
        if is_key:
            for check in _ON["key"]:
                problem = check(value, tag)
                if problem:
                    raise self.refusal(at, *problem)
            self.stack[-1][2] = value
        elif tag == INT_TAG:
            for check in _ON["integer"]:
                problem = check(value)
                if problem:
                    raise self.refusal(at, *problem)

    def enter(self, at: Any, kind: str | None, is_key: bool) -> None:
        """Refuse a list or mapping used as a key; open it (``kind``: ``map``, ``seq``) and
        refuse it when it is nested too deep."""
        if is_key:
            for check in _ON["key"]:
                problem = check(None, None)
                if problem:
                    raise self.refusal(at, *problem)
        self.stack.append([kind, 0, None])
        for check in _ON["depth"]:
            problem = check(len(self.stack))
            if problem:
                raise self.refusal(at, *problem)

    def leave(self) -> None:
        """Close the innermost list or mapping."""
        self.stack.pop()


def check_plain(text: str, source: str) -> None:
    """Refuse, before anything is built, what :data:`REFUSALS` names: anchors and aliases,
    nesting deeper than :data:`MAX_DEPTH`, explicit tags, integers longer than
    :data:`MAX_DIGITS` digits or written otherwise than YAML 1.1 reads them, keys that are
    not names (``yes``/``no``/``on``/``off``, numbers, ``~``, lists or mappings).

    Raises :class:`InputFileError` naming the file, the key path, the line and the fix.
    The scan runs on the parser's events (libyaml's when PyYAML has it): no value is built.
    """
    import yaml
    from yaml.events import (AliasEvent, CollectionStartEvent, MappingEndEvent, MappingStartEvent,
                             ScalarEvent, SequenceEndEvent, SequenceStartEvent)
    from yaml.nodes import ScalarNode

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    scan = Scan(source)
    stack = scan.stack
    try:
        while loader.check_event():
            ev = loader.get_event()
            if isinstance(ev, (MappingEndEvent, SequenceEndEvent)):
                scan.leave()
                continue
            if not isinstance(ev, (ScalarEvent, CollectionStartEvent, AliasEvent)):
                continue
            is_key = bool(stack) and stack[-1][0] == "map" and stack[-1][1] % 2 == 0
            if stack:
                stack[-1][1] += 1
            scan.properties(ev, isinstance(ev, AliasEvent) or bool(getattr(ev, "anchor", None)), getattr(ev, "tag", None))
            if isinstance(ev, ScalarEvent):
                plain = ev.implicit[0] and not ev.style
                kind = loader.resolve(ScalarNode, ev.value, (True, False)) if plain else TEXT_TAG
                scan.scalar(ev, ev.value, kind, is_key)
                continue
            scan.enter(ev, "map" if isinstance(ev, MappingStartEvent) else "seq" if isinstance(ev, SequenceStartEvent)
                       else None, is_key)
    except yaml.YAMLError:
        return  # not YAML: loading reports it, with the pure-Python parser's message
    finally:
        loader.dispose()


def check_digits(data: Any, what: Any) -> None:
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
            raise InputFileError(N_("{what} would hold a number of {n} digits at '{path}' (numbers have at most {max} digits, "
                                    "or the file could not be read again); nothing was written; correct '{path}' by hand "
                                    "to a shorter number", what=what, n=len(str(abs(value))), path=path, max=MAX_DIGITS))
