"""Mutable records without code generated at start-up (README "Development": start-up speed).

A ``@dataclass`` compiles its ``__init__``, ``__repr__`` and ``__eq__`` with ``exec`` each
time the program starts (that code is never in the ``.pyc``): ~0.3 ms a class, most of
contrarius's own start-up. The records that every command loads (the snapshot, a turn, a
ruling) are therefore plain classes: each writes its ``__init__`` by hand and names its
fields in ``_fields``; :class:`Record` gives them, once for all, what the dataclasses gave:
equality, ``repr`` and a copy with some fields changed. Frozen value objects (a city, a
line, a card, a move) are ``typing.NamedTuple`` classes instead.
"""

from __future__ import annotations

from typing import Any


class Record:
    """Base of a mutable record whose subclass lists its fields in ``_fields`` (the order of
    its ``__init__``'s parameters). Like a ``@dataclass``: two records are equal when they are
    of the same class and their fields in ``_compared`` (default: ``_fields``) are equal; a
    record is unhashable; ``repr`` is ``Class(field=value, ...)``. ``_replace(**changes)`` is
    ``dataclasses.replace``: a new record with the same field values (not copied) but
    ``changes``; an unknown field name raises :class:`TypeError`."""

    _fields: tuple[str, ...] = ()
    #: the fields compared by ``==`` when not all of them are (None: ``_fields``)
    _compared: tuple[str, ...] | None = None
    __hash__ = None  # type: ignore[assignment]  # mutable: as a dataclass with eq=True

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = self._compared or self._fields
        return [getattr(self, n) for n in names] == [getattr(other, n) for n in names]

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{self.__class__.__qualname__}({inner})"

    def _replace(self, **changes: Any) -> Any:
        return self.__class__(**{**{n: getattr(self, n) for n in self._fields}, **changes})
