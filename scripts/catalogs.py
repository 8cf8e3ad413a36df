"""Extract, update and compile the message catalogs of ``contrarius/locale`` (Babel's API;
Babel is in the test extra only, the program reads the ``.mo`` with :mod:`gettext`).

    python scripts/catalogs.py          # extract the .pot, update every .po, compile its .mo
    python scripts/catalogs.py --check  # exit 1 when a committed catalog is out of date

- ``contrarius/locale/contrarius.pot``: every msgid of the package's source, the string
  arguments of ``_``, ``N_`` (one form), ``ngettext`` and ``NP_`` (singular, plural):
  :data:`contrarius.words.i18n.KEYWORDS`, and the texts of the root help page
  (:func:`help_msgids`); file names without line numbers, so the template changes only
  when a message does.
- ``contrarius/locale/<lang>/LC_MESSAGES/contrarius.po``: updated from the template (a new
  msgid is added untranslated, one whose msgid changed is marked fuzzy, a removed one
  becomes obsolete: ``tests/test_catalogs.py`` refuses all three until translated); the
  plural forms of pt_BR are GNU gettext's ``nplurals=2; plural=(n > 1);``.
- ``contrarius.mo`` beside it, compiled from the ``.po``, and ``contrarius.mo.table``,
  its lookup table made ready (:mod:`contrarius.words.catalog_table`: the program reads it
  instead of decoding the ``.mo`` on every run).
"""

from __future__ import annotations

import io
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "contrarius"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "contrarius.pot"
LANGS = {"pt_BR": (2, "(n > 1)")}
#: Fixed dates: a catalog's bytes change only when its messages do.
DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "contrarius.po"


def extract():
    """The template: a Babel catalog of every msgid in the package's source."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    sys.path.insert(0, str(ROOT))
    from contrarius.words.i18n import KEYWORDS

    cat = Catalog(project="contrarius", version="0.1.0", creation_date=DATE, revision_date=DATE,
                  charset="utf-8", fuzzy=False)
    for filename, _lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        cat.add(message, None, [(f"contrarius/{filename}", None)], auto_comments=comments, context=context)
    for filename, message in help_msgids():
        old = cat.get(message)
        if old is None:
            cat.add(message, None, [(filename, None)], auto_comments=["help text"])
        elif (filename, None) not in old.locations:
            old.locations.append((filename, None))
    return cat


def help_msgids() -> list[tuple[str, str]]:
    """The help texts of the help pages, which typer keeps in strings no keyword marks
    (:func:`contrarius.cli.helptext._spoken` translates them as a page renders): in
    ``contrarius/cli``, every constant ``help=`` and ``rich_help_panel=`` of an option, an
    argument or the root, every constant ``*_HELP`` and ``*_PANEL``, and each paragraph of
    every command's docstring as its page shows it (reflowed; the first one is also the list
    of commands' line); of a help text made at run time (``SVG_HELP + " The empty board."``)
    each sentence of its constant parts. ``(file, msgid)``."""
    import ast

    from contrarius.cli.helptext import reflow, sentences

    out: list[tuple[str, str]] = []
    for path in sorted((PACKAGE / "cli").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg in ("help", "rich_help_panel") and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                out.append((where, node.value.value))
            elif isinstance(node, ast.keyword) and node.arg == "help" and isinstance(node.value, ast.BinOp):
                # SVG_HELP + " The empty board.": the page says it sentence by sentence
                parts = [n.value for n in ast.walk(node.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
                out += [(where, sentence) for part in parts for sentence in sentences(part)]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id.endswith(("_HELP", "_PANEL")) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                out.append((where, node.value.value))
            elif isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "command" for d in node.decorator_list):
                doc = ast.get_docstring(node, clean=True)
                if doc:
                    out += [(where, paragraph) for paragraph in reflow(doc).split("\n\n")]
    return out


def render_po(cat, **kwargs) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, cat, width=100, include_lineno=False, sort_output=False, **kwargs)
    return out.getvalue()


def render_mo(cat) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, cat)
    return out.getvalue()


def read(path: Path, locale: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale)


def updated(lang: str, template):
    """The ``.po`` of ``lang`` updated from ``template`` (a new one when there is none)."""
    from babel.messages.catalog import Catalog

    path = po_path(lang)
    if path.exists():
        cat = read(path, lang)
    else:
        cat = Catalog(locale=lang, project="contrarius", version="0.1.0", creation_date=DATE, revision_date=DATE,
                      fuzzy=False)
    cat.update(template, update_header_comment=False)
    cat.creation_date = cat.revision_date = DATE
    cat.fuzzy = False
    cat.language_team = f"{lang} <LL@li.org>"
    cat.last_translator = "contrarius"
    cat._num_plurals, cat._plural_expr = LANGS[lang]
    return cat


def outputs() -> dict[Path, bytes]:
    """Every catalog file as it should be, from the source and the translations."""
    template = extract()  # (puts the checkout first on sys.path)
    from contrarius.words.catalog_table import table_bytes, table_path

    out = {POT: render_po(template, omit_header=False)}
    for lang in LANGS:
        cat = updated(lang, template)
        out[po_path(lang)] = render_po(cat, ignore_obsolete=False)
        compiled = updated(lang, template)
        mo = render_mo(compiled)
        out[po_path(lang).with_suffix(".mo")] = mo
        plurals = {m.id[0]: m.id[1] for m in compiled if m.id and isinstance(m.id, tuple)}
        out[table_path(po_path(lang).with_suffix(".mo"))] = table_bytes(mo, render_mo(header_only(compiled)), plurals)
    return out


def header_only(cat):
    """``cat`` with its header and no message: a ``.mo`` of it carries the charset and the
    plural forms (:mod:`contrarius.words.catalog_table`)."""
    import copy

    head = copy.deepcopy(cat)
    for message in list(head):
        if message.id:
            del head[message.id]
    return head


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, data in outputs().items():
        if path.exists() and path.read_bytes() == data:
            continue
        if check:
            stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"{path.relative_to(ROOT)} is out of date: run python scripts/catalogs.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
