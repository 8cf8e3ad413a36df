"""The campaign record file (the rulebook's "Campaign", :mod:`contrarius.rules.campaign`): its
plain data read from YAML, and written back atomically under the file's lock
(:mod:`contrarius.store.atomic`), so that two ``score --campaign`` at the same time both
keep their game. What the data means is the rules'; this module only reads and writes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from contrarius.messages import N_
from contrarius.errors import ContrariusError
from contrarius.io.textfiles import STDIO

__all__ = ["read_campaign_data", "save_campaign_data", "update_campaign_data"]


def _refuse_stdio(path: str) -> None:
    """A campaign record is a file: ``-`` (stdin, stdout) is refused."""
    if path == STDIO:
        raise ContrariusError(N_("--campaign needs a file path, not -"))


def _parsed(text: str | None, path: str) -> Any:
    """The plain data of the record text read from ``path`` (None: no file, or an empty one)."""
    from contrarius.io.yamlio import parse_yaml

    return None if text is None else parse_yaml(text, path)


def read_campaign_data(path: str, *, missing_ok: bool = False) -> tuple[Any, bool]:
    """The plain data of the campaign record at ``path`` (None: an empty file) and whether
    the file exists. With ``missing_ok`` a file that does not exist yet gives ``(None,
    False)``. Raises :class:`~contrarius.errors.InputFileError` for an unreadable or non-YAML file."""
    from contrarius.io.textfiles import read_text

    _refuse_stdio(path)
    if missing_ok and not Path(path).exists():
        return None, False
    return _parsed(read_text(path), path), True


def update_campaign_data(path: str, change: Callable[[Any, bool], dict | None],
                         before_commit: Callable[[], None] | None = None) -> None:
    """Read, change and write back the campaign record at ``path`` (created if missing)
    under its lock (:func:`contrarius.store.atomic.update_text`): ``change(data, existed)``
    gets the plain data (None: no file yet, or an empty one) and returns the new data, or
    None to write nothing. ``before_commit`` runs just before the file is written; if it
    raises, nothing is written. Raises :class:`~contrarius.errors.InputFileError` for an
    unreadable or unwritable file, and what ``change`` raises."""
    from contrarius.io.yamlio import dump_yaml
    from contrarius.store.atomic import update_text

    _refuse_stdio(path)

    def step(text: str | None) -> str | None:
        new = change(_parsed(text, path), text is not None)
        return None if new is None else dump_yaml(new)

    update_text(path, step, before_commit)


def save_campaign_data(path: str, data: dict) -> None:
    """Write the campaign record ``data`` to ``path`` atomically (temp file + rename)."""
    from contrarius.io.yamlio import dump_yaml
    from contrarius.store.atomic import write_text

    _refuse_stdio(path)
    write_text(path, dump_yaml(data))
