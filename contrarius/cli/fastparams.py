"""A faster start for every command: plain parameter values skip typer's pydantic layer.

typer 0.29 turns every command-line value into its Python type through a pydantic
``TypeAdapter``, built the first time a parameter is processed - also for a parameter
left at its default. Importing pydantic and building the adapters costs more than
everything contrarius does in a ``play`` (about 60 ms of a 150 ms command).

:func:`install` makes typer build each parameter's coercion lazily: a value that needs
no conversion (``None``; a ``str`` for a ``str`` parameter; a ``bool`` for a flag; an
``int`` default of an ``int`` option without bounds; a list of ``str`` for a repeated
``str`` option; an empty list) is returned exactly as typer's
adapter would return it, and anything else (an ``int`` option given on the command line, a
custom parser, a file) goes to typer's own coercion, built on first use. Error messages
and results are typer's. The hook uses typer's internal ``typer.core.build_runtime_param``
(pinned typer range, see pyproject): typer has no supported switch that keeps pydantic out
of a command whose values need no converting. When the name is missing nothing is changed
(every command still works, only slower), and ``tests/test_fastparams.py`` fails loudly,
saying what to do: a typer upgrade cannot make contrarius silently slower.
"""

from __future__ import annotations

import weakref
from typing import Any, get_args, get_origin

_NOT_PLAIN = object()
_installed = False


def plain_value(descriptor: Any, value: Any, multiple: bool) -> Any:
    """``value`` as typer's coercion would return it, or ``_NOT_PLAIN`` when that needs typer.

    ``descriptor`` is typer's ``TypeDescriptor`` of the parameter; ``multiple`` tells a
    repeated option or a variadic argument.
    """
    if value is None:
        return () if multiple else None  # typer: RuntimeParam.coerce
    info = descriptor.parameter_info
    if getattr(info, "parser", None) is not None or descriptor.file_annotation is not None:
        return _NOT_PLAIN
    if multiple and isinstance(value, str):
        return _NOT_PLAIN  # typer raises "Value must be an iterable."
    ann = descriptor.annotation
    if ann is str and type(value) is str:
        return value
    if ann is bool and type(value) is bool:
        return value
    if ann is int and type(value) is int and getattr(info, "min", None) is None and getattr(info, "max", None) is None:
        return value  # an int default (``--fish`` left out); a typed "7" still goes to typer
    if get_origin(ann) is list and isinstance(value, (list, tuple)):
        if not value:
            return []
        if get_args(ann) == (str,) and all(type(v) is str for v in value):
            return list(value)
    return _NOT_PLAIN


class LazyRuntimeParam:
    """Stands in for typer's ``RuntimeParam`` of one parameter (only ``coerce`` is used)."""

    def __init__(self, descriptor: Any, build: Any):
        self.descriptor = descriptor
        self._build = build
        self._real: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """Return the coerced value: the plain fast path, else typer's coercion."""
        out = plain_value(self.descriptor, value, bool(param.multiple or param.nargs == -1))
        if out is not _NOT_PLAIN:
            return out
        if self._real is None:
            self._real = self._build(self.descriptor)
        return self._real.coerce(value, param=param, ctx=ctx)


def install() -> bool:
    """Hook the lazy coercion into typer (once). Returns True when it is in place."""
    global _installed
    if _installed:
        return True
    try:
        from typer import core
    except ImportError:  # pragma: no cover - typer always has it in the pinned range
        return False
    build = getattr(core, "build_runtime_param", None)
    if build is None or not hasattr(core, "_TyperParameter"):
        return False

    def build_lazily(descriptor: Any) -> LazyRuntimeParam:
        return LazyRuntimeParam(descriptor, build)

    core.build_runtime_param = build_lazily
    _read_signatures_once()
    _installed = True
    return True


def _read_signatures_once() -> bool:
    """Make typer read each function's parameters once per process.

    typer reads the signature and type hints of a command's function twice while it
    builds the command (for its parameters, then for its callback), and those of an
    ``autocompletion=`` callback once per option using it (``complete_city`` for
    ``--build`` and ``--partner-build``): for ``play`` (41 parameters) about half of the
    time typer takes to build it. What typer gets from one function never changes, and
    typer only reads it, so the first answer is kept (weakly: a function dropped is
    forgotten) and given again. The hook replaces typer's internal
    ``typer.main.get_params_from_function`` (the name typer looks up when it builds a
    command); when it is missing nothing is changed (only slower) and
    ``tests/test_fastparams.py`` fails, saying what to do. Returns True when in place.
    """
    try:
        from typer import main
    except ImportError:  # pragma: no cover - typer always has it in the pinned range
        return False
    read = getattr(main, "get_params_from_function", None)
    if read is None or getattr(read, "_contrarius_once", False):
        return read is not None
    known: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def read_once(func: Any) -> Any:
        try:
            return known[func]
        except KeyError:
            known[func] = params = read(func)
            return params
        except TypeError:  # not weakly referable or not hashable: typer reads it each time
            return read(func)

    read_once._contrarius_once = True  # type: ignore[attr-defined]
    main.get_params_from_function = read_once
    return True
