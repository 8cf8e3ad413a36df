"""The catalog's table (``contrarius/words/catalog_table.py``, a fenced speed module): the
pt_BR catalog made from it says every message as ``gettext`` reading the ``.mo`` says it,
and any table that is not its ``.mo``'s is not used.

If ``test_gettext_s_lookups_read_the_catalog_dict`` fails, the standard library's
``gettext`` changed under the module: ``GNUTranslations`` no longer keeps its entries in
``_catalog``, or its lookups no longer read it. Make ``catalog_table.load`` return None
(``gettext`` then reads the ``.mo`` itself, a little slower) or adapt it to the new gettext.
"""

from __future__ import annotations

import gettext
import io
import shutil
from pathlib import Path

from contrarius.words import catalog_table, language

ROOT = Path(__file__).resolve().parent.parent
MO = ROOT / "contrarius" / "locale" / "pt_BR" / "LC_MESSAGES" / "contrarius.mo"


def parsed() -> gettext.GNUTranslations:
    """The catalog as gettext reads the .mo (no table)."""
    with MO.open("rb") as f:
        return gettext.GNUTranslations(f)


def test_gettext_s_lookups_read_the_catalog_dict():
    t = gettext.GNUTranslations(io.BytesIO(MO.read_bytes()))
    assert isinstance(getattr(t, "_catalog", None), dict), "gettext.GNUTranslations has no _catalog dict: see this file's docstring"
    t._catalog["a msgid no catalog holds"] = "read from _catalog"
    t._catalog[("one {n}", 0)], t._catalog[("one {n}", 1)] = "singular", "plural"
    assert t.gettext("a msgid no catalog holds") == "read from _catalog"
    assert (t.ngettext("one {n}", "many {n}", 1), t.ngettext("one {n}", "many {n}", 2)) == ("singular", "plural")


def test_the_table_says_every_message_as_the_mo_does():
    table = catalog_table.load(MO)
    assert table is not None, "no table beside the .mo: run python scripts/catalogs.py"
    mo = parsed()
    assert table._catalog == mo._catalog and len(mo._catalog) > 1000
    assert table.info() == mo.info() and table.charset() == mo.charset() == "utf-8"
    for key in mo._catalog:
        if isinstance(key, tuple):  # a plural entry: (msgid, form)
            for n in range(4):
                assert table.ngettext(key[0], key[0] + "s", n) == mo.ngettext(key[0], key[0] + "s", n)
        else:
            assert table.gettext(key) == mo.gettext(key)
    # pt_BR's plural forms: 0 and 1 singular
    assert [table.plural(n) for n in range(4)] == [0, 0, 1, 1]


def test_the_program_reads_the_table(monkeypatch):
    calls = []
    real = catalog_table.load
    monkeypatch.setattr(catalog_table, "load", lambda mo: calls.append(mo) or real(mo))
    language.set_language("pt_BR")
    try:
        t = language.translation()
        assert calls == [MO] and t._catalog == parsed()._catalog
    finally:
        language.set_language("en")


def test_a_table_that_is_not_its_mo_s_is_not_used(tmp_path, monkeypatch):
    folder = tmp_path / "pt_BR" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    mo, table = folder / MO.name, catalog_table.table_path(folder / MO.name)
    shutil.copyfile(MO, mo)
    good = catalog_table.table_path(MO).read_bytes()
    assert catalog_table.load(mo) is None  # no table
    for damaged in (good[: len(good) // 2], b"", b"not marshal", good.replace(catalog_table.FORMAT.encode(), b"x" * len(catalog_table.FORMAT))):
        table.write_bytes(damaged)
        assert catalog_table.load(mo) is None
    for at in range(0, len(good), max(1, len(good) // 300)):  # any byte changed: the CRC-32 sees it
        flipped = bytearray(good)
        flipped[at] ^= 0x2C
        table.write_bytes(bytes(flipped))
        assert catalog_table.load(mo) is None, at
    table.write_bytes(good)
    assert catalog_table.load(mo)._catalog == parsed()._catalog
    with mo.open("ab") as f:  # the .mo changed (recompiled without its table)
        f.write(b"\0")
    assert catalog_table.load(mo) is None
    # then gettext reads the .mo itself: the same words
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    shutil.copyfile(MO, mo)
    table.write_bytes(b"")
    language.set_language("pt_BR")
    try:
        assert language.translation()._catalog == parsed()._catalog
    finally:
        language.set_language("en")
