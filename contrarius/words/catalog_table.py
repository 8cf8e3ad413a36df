"""Speed, fenced: a language's catalog read from its lookup table, made ready in advance.

What it saves: ``gettext.GNUTranslations`` decodes every entry of a ``.mo`` when it opens
it: about 17 million instructions (1.5 to 2 ms here) for the pt_BR catalog, nearly all that a
pt_BR run costs more than an English one (``benchmarks/README.md``, the counted rows).
``scripts/catalogs.py`` writes beside each ``contrarius.mo`` its table,
``contrarius.mo.table``: ``marshal`` (format 2, the same bytes on every run) of
``(FORMAT, size of the .mo, CRC-32 of the data, the data)``, the data being the marshalled
``(the .mo's header entry alone as a .mo, the decoded table, the English plural of each
plural entry)`` and the table exactly the dict ``gettext`` builds from the ``.mo``. :func:`load` reads it back
at a small part of that cost.

Private names it touches: ``gettext.GNUTranslations._catalog``, the dict the lookups
(``gettext``, ``ngettext``) read (:func:`entries` hands it to ``log``'s words,
:mod:`contrarius.words.recorded`, which reads the msgids back). :func:`load` makes a ``GNUTranslations`` with the public
constructor from the header-only ``.mo`` (charset and plural forms parsed by ``gettext``
itself), then fills its ``_catalog`` with the table. ``tests/test_catalog_table.py`` fails
loudly when the standard library changes under it (no ``_catalog``, or lookups that do not
read it) and when a table is not its ``.mo``'s.

Anything unexpected (no table, another format, a table of another ``.mo`` size, a damaged
file) gives None, and the caller opens the ``.mo`` with ``gettext`` as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The table's format (the first item of the marshalled tuple).
FORMAT = "contrarius-catalog-table-3"
#: marshal's format: version 2 writes no references, so the bytes depend only on the data.
MARSHAL_VERSION = 2


def table_path(mo: Path) -> Path:
    """Where the table of the catalog ``mo`` lies: beside it, ``contrarius.mo.table``."""
    return mo.with_name(mo.name + ".table")


def table_bytes(mo: bytes, header_mo: bytes, plurals: dict[str, str]) -> bytes:
    """The table of the compiled catalog ``mo`` (bytes of a ``.mo``), with ``header_mo``
    (a ``.mo`` holding only ``mo``'s header entry) and ``plurals`` (each plural entry's
    English singular -> its English plural, which a ``.mo`` lookup never needs and
    ``gettext`` does not keep): what :func:`load` reads. The data is marshalled once more
    with its CRC-32, so that any byte changed in it is seen."""
    import gettext
    import io
    import marshal
    import zlib

    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)
    data = marshal.dumps((header_mo, catalog, dict(plurals)), MARSHAL_VERSION)
    return marshal.dumps((FORMAT, len(mo), zlib.crc32(data), data), MARSHAL_VERSION)


def load(mo: Path) -> Any:
    """The ``gettext.GNUTranslations`` of the catalog ``mo`` made from its table, or None
    when the table is missing, of another format, of another ``.mo`` (its size differs) or
    damaged (its CRC-32 differs, or what it holds is not a catalog of texts).
    Its attribute ``english_plurals`` holds the table's ``plurals`` (:func:`table_bytes`)."""
    import gettext
    import io
    import marshal
    import os
    import zlib

    try:
        with open(table_path(mo), "rb") as f:
            fmt, size, crc, data = marshal.loads(f.read())
        if fmt != FORMAT or size != os.stat(mo).st_size or not isinstance(data, bytes) or zlib.crc32(data) != crc:
            return None
        header_mo, catalog, plurals = marshal.loads(data)
        if not (isinstance(catalog, dict) and isinstance(plurals, dict)
                and all(isinstance(v, str) for v in catalog.values()) and all(isinstance(v, str) for v in plurals.values())):
            return None
        translations = gettext.GNUTranslations(io.BytesIO(header_mo))
        translations._catalog.update(catalog)
        translations.english_plurals = plurals
    except Exception:  # noqa: BLE001 - any damage to the table: gettext reads the .mo itself
        return None
    return translations


def entries(translations: Any) -> tuple[dict, dict] | None:
    """The entries of ``translations``: its catalog (msgid, or ``(msgid, form)`` for a
    plural entry -> translation: ``GNUTranslations._catalog``) and the English plurals
    (:func:`table_bytes`; none when gettext read the ``.mo`` itself, which keeps no English
    plural); None for translations with no catalog (English)."""
    plurals = getattr(translations, "english_plurals", {})
    catalog = getattr(translations, "_catalog", None)
    return (catalog, plurals) if isinstance(plurals, dict) and isinstance(catalog, dict) else None


__all__ = ["FORMAT", "entries", "load", "table_bytes", "table_path"]
