"""YAML reading and writing, the bottom layer: strict safe loading with one-line errors,
deterministic dumping.

Knows nothing of boards, cards or snapshots. Loading goes through ``yaml.safe_load``'s
constructor only (plain data, never Python objects), refuses a key given twice
(:mod:`contrarius.io.yaml_strict`) and what no contrarius file contains
(:mod:`contrarius.io.refusals`), and turns every YAML error into a one-line
:class:`InputFileError` naming the file. Plain text and data take the libyaml fast path
(:mod:`contrarius.io.yaml_fast`), with the same data, text and errors. Files and stdin are
read by :mod:`contrarius.io.textfiles`.
"""

from __future__ import annotations

from typing import Any

from contrarius.messages import N_
from contrarius.errors import InputFileError
from contrarius.io import yaml_fast
from contrarius.io.refusals import check_digits, check_plain
from contrarius.io.textfiles import read_text
from contrarius.io.yaml_fast import Fallback
from contrarius.io.yaml_strict import dumper, general_load


def safe_load(text: str) -> Any:
    """``yaml.safe_load(text)``, through libyaml (``CSafeLoader``) when PyYAML has it.

    The result is the same (same constructor and resolver, only the parser is in C), about
    eight times faster. Plain text (no anchor, alias or tag, the data files contrarius
    ships) is built straight from libyaml's node tree (:func:`~contrarius.io.yaml_fast.plain_data`); other text,
    and text libyaml rejects, goes the general way (:func:`~contrarius.io.yaml_strict.general_load`).
    """
    try:
        return yaml_fast.plain_data(text)
    except Fallback:
        return general_load(text)


def pyyaml_safe_load(text: str) -> Any:
    """Exactly ``yaml.safe_load(text)``, a key given twice included (PyYAML keeps the last
    one; :func:`safe_load` refuses it): built from libyaml's node tree when the text is
    plain (:func:`~contrarius.io.yaml_fast.plain_data`), else by ``yaml.safe_load`` itself.
    For a reader that must take what PyYAML takes (a TAB completion reads the snapshot so)."""
    try:
        return yaml_fast.plain_data(text)
    except Fallback:
        import yaml

        return yaml.safe_load(text)


def parse_yaml(text: str, source: str) -> Any:
    """``yaml.safe_load`` with one-line errors naming the file, line and column, after
    :func:`~contrarius.io.refusals.check_plain` refused what no contrarius file contains.

    Plain text (what contrarius writes) is parsed once, checked and built from one node
    tree (:func:`~contrarius.io.yaml_fast.plain_data`); other text is scanned by :func:`check_plain`, then loaded.
    Either way the data, the refusal or the error are the same."""
    import yaml

    try:
        return yaml_fast.plain_data(text, source)
    except Fallback:
        pass
    check_plain(text, source)
    try:
        return general_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = N_(" at line {line}, column {column}", line=mark.line + 1, column=mark.column + 1) if mark else ""
        problem = str(exc.problem or exc.context or "cannot parse").strip()
        raise InputFileError(N_("{source}: not valid YAML{where}: {problem}; fix the YAML syntax there", source=source, where=where, problem=problem)) from None
    except yaml.YAMLError as exc:
        detail = " ".join(str(exc).split())
        raise InputFileError(N_("{source}: not valid YAML: {detail}; fix the YAML syntax", source=source, detail=detail)) from None
    except RecursionError:
        raise InputFileError(N_("{source}: not a snapshot (YAML nested too deeply); create one with 'contrarius new'", source=source)) from None
    except (ValueError, TypeError, OverflowError) as exc:
        # a value YAML recognises but cannot build: a date like 2001-13-45, !!int abc, ...
        detail = " ".join(str(exc).split())[:120]
        raise InputFileError(N_("{source}: a value cannot be read ({detail}); fix or quote it", source=source, detail=detail)) from None


def dump_yaml(data: Any, checked: Any = None) -> str:
    """Deterministic YAML: keys in the given order, no aliases.

    Lists of scalars and small records (at most 4 short values, e.g. a colonist or a
    card) are written on one line; other mappings one key per line, for hand editing.
    ``checked`` (e.g. ``the new snapshot``): first :func:`~contrarius.io.refusals.check_digits` ``(data, checked)``,
    which refuses a number the reader would refuse. The text is ``yaml.dump``'s with
    :func:`~contrarius.io.yaml_strict.dumper`; plain data is turned into nodes here (:func:`~contrarius.io.yaml_fast.plain_nodes`), the
    same nodes PyYAML's representer makes, only faster.
    """
    import io

    try:
        nodes = yaml_fast.plain_nodes(data, checked is not None)
    except Fallback:
        nodes = None
        if checked is not None:
            check_digits(data, checked)
    stream = io.StringIO()
    # the options yaml.dump(data, Dumper=..., sort_keys=False, allow_unicode=True, width=100) passes
    emitter = dumper()(stream, default_style=None, default_flow_style=False, canonical=None, indent=None, width=100,
                       allow_unicode=True, line_break=None, encoding=None, version=None, tags=None,
                       explicit_start=None, explicit_end=None, sort_keys=False)
    try:
        emitter.open()
        if nodes is None:
            emitter.represent(data)
        else:
            emitter.serialize(nodes)
        emitter.close()
    finally:
        emitter.dispose()
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
        raise InputFileError(N_("{path}: {what} expects a YAML mapping (e.g. 'Aleria: food' per line)", path=path, what=what))
    return data
