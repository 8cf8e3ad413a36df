"""The message catalogs (``contrarius/locale``): the template is what the source holds, the
pt_BR catalog translates every entry with the same placeholders and markup, the compiled
``.mo`` is the ``.po``, and the material has its pt_BR names.

``scripts/catalogs.py`` writes them (Babel, the test extra); these tests say when it must run.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "contrarius"
LOCALE = PACKAGE / "locale"
PO = LOCALE / "pt_BR" / "LC_MESSAGES" / "contrarius.po"
MO = PO.with_suffix(".mo")

babel = pytest.importorskip("babel")


def _script():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


catalogs = _script()


def read_po():
    return catalogs.read(PO, "pt_BR")


def entries():
    """(msgid forms, msgstr forms) of every entry of the pt_BR catalog but the header."""
    out = []
    for m in read_po():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        out.append((ids, strs))
    return out


def test_the_committed_catalogs_are_what_the_script_writes():
    # the .pot is a fresh extraction of the source; the .po updated from it and the .mo compiled from it
    stale = [str(p.relative_to(ROOT)) for p, data in catalogs.outputs().items() if not p.exists() or p.read_bytes() != data]
    assert not stale, f"run python scripts/catalogs.py: {stale} out of date"


def test_every_msgid_of_the_source_is_in_the_template():
    """Every literal msgid given to _, N_, ngettext or NP_ anywhere in the package (also one
    nested in another's arguments, which Babel's extractor skips) is in the template."""
    pot = {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalogs.read(catalogs.POT)}
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_", "ngettext", "NP_") \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                if node.args[0].value not in pot:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[0].value!r}")
    assert not missing, "msgids Babel did not extract (a keyword call nested in another's arguments?):\n" + "\n".join(missing)


def test_the_portuguese_catalog_translates_every_entry():
    cat = read_po()
    assert len(entries()) == len(catalogs.read(catalogs.POT)) > 100
    untranslated = [ids[0] for ids, strs in entries() if not all(strs)]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert not untranslated, untranslated
    assert not fuzzy, fuzzy
    assert not cat.obsolete, list(cat.obsolete)


def test_the_plural_forms_are_gnu_gettexts_for_brazilian_portuguese():
    cat = read_po()
    assert cat.plural_forms == "nplurals=2; plural=(n > 1);"
    assert all(len(strs) == 2 for ids, strs in entries() if len(ids) == 2)
    t = gettext.GNUTranslations(MO.open("rb"))
    one, many = "{kind} colonist {route} ({n} step)", "{kind} colonist {route} ({n} steps)"
    assert [t.ngettext(one, many, n).endswith("passo)") for n in (0, 1, 2)] == [True, True, False]


PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"\[/?[a-z][a-z ]*\]")


def placeholders(text: str) -> list[str]:
    """The ``{placeholders}`` of ``text``, each once (a translation may say one twice)."""
    return sorted(set(PLACEHOLDER.findall(text)))


def markup(text: str) -> list[str]:
    """rich's markup in ``text``: every closing tag and each opening tag that is closed
    (``[bold]...[/bold]``); a bracketed word that closes nothing (typer's ``[required]``) is text."""
    tags = TAG.findall(text)
    return sorted(t for t in tags if t.startswith("[/") or f"[/{t[1:]}" in tags)


@pytest.mark.parametrize("words", [placeholders, markup], ids=["placeholders", "markup"])
def test_every_translation_keeps_the_placeholders_and_markup_of_its_msgid(words):
    wrong = [(ids[0], s) for ids, strs in entries() for s in strs if words(s) != words(ids[-1])]
    assert not wrong, wrong


def test_the_mo_is_the_po():
    assert MO.read_bytes() == catalogs.render_mo(read_po())
    t = gettext.GNUTranslations(MO.open("rb"))
    for ids, strs in entries():
        if len(ids) == 1:
            assert t.gettext(ids[0]) == strs[0]
        else:
            assert (t.ngettext(ids[0], ids[1], 1), t.ngettext(ids[0], ids[1], 2)) == strs


def test_every_name_of_the_material_has_a_portuguese_name():
    """Each name has a pt_BR name of its own, but the team cards the glossary prints as in
    English ("Legatus / Praetor / Proconsul | as printed"), whose Portuguese names are read."""
    from contrarius.material.board import GOODS, TOKEN_GOODS
    from contrarius.material.lexicon import CARD_NAMES, CARDS_AS_PRINTED
    from contrarius.material.cards import catalog
    from contrarius.material.dice import DIE_COLOURS
    from contrarius.words.i18n import term_name

    things = [("card", c) for c in catalog()] + [("goods", g) for g in {*GOODS, *TOKEN_GOODS}] \
        + [("kind", k) for k in ("land", "sea")] + [("face", f) for f in (*GOODS, "land", "sea", "card")] \
        + [("colour", c) for c in DIE_COLOURS.values()] + [("die", d) for d in DIE_COLOURS]
    missing = [(kind, v) for kind, v in things if term_name(kind, v, "pt_BR") == v]
    assert missing == [("card", c) for c in CARDS_AS_PRINTED], missing
    glossary = ROOT.parent / "shared" / "reference" / "glossary-pt_BR.md"
    if glossary.exists():  # the project's glossary beside the checkout
        assert "| Legatus / Praetor / Proconsul | as printed | Legado, Pretor, Procônsul |" in glossary.read_text(encoding="utf-8")
    assert all(CARD_NAMES[c] for c in CARDS_AS_PRINTED)  # their Portuguese names are still read
    assert term_name("goods", "wine", "pt_BR") == "vinho" and term_name("card", "Weaver", "pt_BR") == "Tecelão"
    assert term_name("card", "Weaver", "en") == "Weaver"


def test_the_wheel_ships_the_catalogs():
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "contrarius" in conf["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    assert "babel" in " ".join(conf["project"]["optional-dependencies"]["test"]).casefold()
    assert "babel" not in " ".join(conf["project"]["dependencies"]).casefold()
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert not any(p in ignored for p in ("*.mo", "*.po", "locale/", "*.pot", "*.table"))
    assert PO.exists() and MO.exists() and (LOCALE / "contrarius.pot").exists() and MO.with_name(MO.name + ".table").exists()
