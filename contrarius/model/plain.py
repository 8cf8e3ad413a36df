"""The shape checks of the plain data a snapshot is read from (what ``yaml.safe_load`` gives),
shared by the snapshot's reader (:mod:`contrarius.model.reader`) and the variants' reader
(:func:`contrarius.model.variants.read_variants`)."""

from __future__ import annotations

from typing import Any, Callable

from contrarius.io.yamlio import shown
from contrarius.messages import N_

#: How a reader reports a problem: ``bad(path, message, fix)``.
Bad = Callable[[str, str, str], None]


def type_name(value: Any) -> str:
    """The Python type name of ``value`` (``list``, ``str``): what some problems say was found."""
    return type(value).__name__


def is_mapping(raw: Any, path: str, expected: str, fix: str, bad: Bad, got: Callable[[Any], str] = shown) -> bool:
    """Whether ``raw`` is a mapping; when it is not, ``bad(path, "expected EXPECTED, got
    GOT", fix)`` reports it, ``GOT`` being ``got(raw)`` (the value as written, by default)."""
    if isinstance(raw, dict):
        return True
    bad(path, N_("expected {expected}, got {value}", expected=expected, value=got(raw)), fix)
    return False
