"""Text files and stdin, the bottom of the reading: ``-`` means stdin, a file is read whole
(UTF-8) up to a cap, and a device, a folder or a missing file is a one-line
:class:`InputFileError` naming the file.

Knows nothing of YAML (:mod:`contrarius.io.yamlio` reads it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from contrarius.messages import N_
from contrarius.errors import InputFileError

if TYPE_CHECKING:
    from pathlib import Path

STDIO = "-"


def source_label(path: str) -> str:
    """The name used in messages: the path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == STDIO else str(path)


#: The largest file contrarius reads, in bytes (a snapshot, its history, a campaign record,
#: ``--tokens``): a real game's snapshot is a few kB and its history a few hundred; beyond
#: this a file is refused (exit 3) instead of read on and on (``/dev/zero``).
MAX_FILE_BYTES = 16 * 1024 * 1024


def _too_big(label: str) -> InputFileError:
    return InputFileError(N_("{label}: larger than {value} MB, far more than any game holds; not read; give the right file", label=label, value=MAX_FILE_BYTES // (1024 * 1024)))


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
            raise InputFileError(N_("{label}: is a device, not a file; nothing was read; give the path of a file", label=label))
        return _read_capped(fh, label).decode("utf-8")


def read_text(path: str, label: str | None = None) -> str:
    """Read a whole file (``-``: stdin), at most :data:`MAX_FILE_BYTES` bytes, a regular
    file or a pipe (:func:`read_file_text`). Raises :class:`InputFileError` with the reason;
    ``label`` names the file in messages (default: the path)."""
    if path == STDIO:
        if sys.stdin is None or (hasattr(sys.stdin, "isatty") and sys.stdin.isatty()):
            raise InputFileError(N_("<stdin>: no snapshot piped in; pipe one (… | contrarius show -) or give a file path"))
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
                raise InputFileError(N_("<stdin>: not a text file (not UTF-8); pipe a YAML snapshot")) from None
        return raw
    label = str(path) if label is None else label
    try:
        return read_file_text(path, label)
    except FileNotFoundError:
        raise InputFileError(N_("{label}: no such file; check the path, or create a game with 'contrarius new -o {label}'", label=label)) from None
    except IsADirectoryError:
        raise InputFileError(N_("{label}: is a folder, not a snapshot file; give the path of a .yaml file", label=label)) from None
    except PermissionError:
        raise InputFileError(N_("{label}: permission denied; check the file's permissions", label=label)) from None
    except UnicodeDecodeError:
        raise InputFileError(N_("{label}: not a text file (not UTF-8); give a YAML snapshot", label=label)) from None
    except OSError as exc:
        raise InputFileError(N_("{label}: cannot read ({strerror}); check the path", label=label, strerror=exc.strerror)) from None
