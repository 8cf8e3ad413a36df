"""Choosing the language (contrarius.words.language): ``--lang``, then ``CONTRARIUS_LANG``,
then the locale as GNU gettext reads it (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``LANGUAGE``
unless the locale is C or POSIX). A pt_BR run speaks Portuguese, and the English run opens no
catalog at all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from contrarius.cli import app
from contrarius.errors import ContrariusError
from contrarius.words.language import choose_language, language_of

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"


@pytest.mark.parametrize("value, lang", [
    ("en", "en"), ("pt_BR", "pt_BR"), ("pt", "pt_BR"), ("pt-BR", "pt_BR"), ("pt_BR.UTF-8", "pt_BR"),
    ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("en_US.UTF-8", "en"), ("fr_FR.UTF-8", None), ("", None),
])
def test_language_names(value, lang):
    assert language_of(value) == lang


@pytest.mark.parametrize("option, env, lang", [
    (None, {}, "en"),  # no locale at all: the C locale
    (None, {"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ("en", {"LANG": "pt_BR.UTF-8"}, "en"),  # --lang over LANG
    ("pt_BR", {"LC_ALL": "C"}, "pt_BR"),  # --lang over the locale
    (None, {"LC_ALL": "C", "LANG": "pt_BR.UTF-8"}, "en"),  # LC_ALL before LANG; C is English
    (None, {"LC_ALL": "C", "LANGUAGE": "pt_BR"}, "en"),  # GNU gettext: LANGUAGE is ignored in the C locale
    (None, {"LANG": "en_US.UTF-8", "LANGUAGE": "fr:pt_BR"}, "pt_BR"),  # LANGUAGE's first language spoken
    (None, {"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "en_US.UTF-8"}, "pt_BR"),  # LC_MESSAGES before LANG
    (None, {"LANG": "fr_FR.UTF-8"}, "en"),  # a language contrarius does not speak
    (None, {"CONTRARIUS_LANG": "pt", "LC_ALL": "C"}, "pt_BR"),  # CONTRARIUS_LANG before the locale
    ("en", {"CONTRARIUS_LANG": "pt"}, "en"),  # --lang before CONTRARIUS_LANG
])
def test_the_order_of_the_choice(option, env, lang):
    assert choose_language(option, env) == lang


@pytest.mark.parametrize("option, env, named", [("fr", {}, "--lang 'fr'"), (None, {"CONTRARIUS_LANG": "de"}, "CONTRARIUS_LANG 'de'")])
def test_an_unknown_language_is_refused_naming_the_values(option, env, named):
    with pytest.raises(ContrariusError, match=f"{named}: contrarius speaks en or pt_BR"):
        choose_language(option, env)


def test_the_cli_refuses_an_unknown_lang_with_exit_2(runner):
    r = runner.invoke(app, ["--lang", "klingon", "where", "food", str(ITALIA)])
    assert r.exit_code == 2
    assert r.stderr == "contrarius: --lang 'klingon': contrarius speaks en or pt_BR (also pt, pt-BR, pt_BR.UTF-8)\n"
    assert r.stdout == ""


@pytest.mark.parametrize("args, env", [(["--lang", "pt_BR"], {}), (["--lang=pt-BR"], {}), ([], {"LANG": "pt_BR.UTF-8"}),
                                       ([], {"CONTRARIUS_LANG": "pt"})])
def test_every_way_of_choosing_pt_br_speaks_portuguese(runner, args, env, monkeypatch):
    english = runner.invoke(app, ["where", "food", str(ITALIA)])
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    pt = runner.invoke(app, [*args, "where", "food", str(ITALIA)])
    assert pt.exit_code == english.exit_code == 0, pt.stderr
    assert english.stdout.startswith("Where does Contrarius build? goods type: food;")
    assert pt.stdout.startswith("Onde Contrarius constrói? tipo de mercadoria: comida;")
    assert len(pt.stdout.splitlines()) == len(english.stdout.splitlines())


PROBE = """
import gettext, sys
opened = []
real = gettext.translation
def counted(*a, **k):
    opened.append(a[0] if a else k.get("domain"))
    return real(*a, **k)
gettext.translation = counted
real_find = gettext.find
gettext.find = lambda *a, **k: (opened.append("find"), real_find(*a, **k))[1]
from contrarius.words import catalog_table
real_load = catalog_table.load
catalog_table.load = lambda mo: (opened.append("table"), real_load(mo))[1]
sys.argv = ["contrarius", *sys.argv[1:]]
import contrarius.cli
import contrarius.cli.process
contrarius.cli.process.exit_now = lambda code, *_: sys.exit(code)
try:
    contrarius.cli.main()
except SystemExit:
    pass
from contrarius.words import language
language.gettext("x")
sys.stderr.write("\\nOPENED=" + ",".join(map(str, opened)) + "\\n")
"""


def opened(*args, env=None) -> list[str]:
    """The catalogs a process running ``contrarius ARGS`` looked for (gettext.translation, gettext.find)."""
    import os

    base = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "CONTRARIUS_LANG")}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env={**base, **(env or {})})
    line = [x for x in proc.stderr.splitlines() if x.startswith("OPENED=")]
    assert line, proc.stderr
    return list(filter(None, line[-1][len("OPENED="):].split(",")))


def test_the_english_path_opens_no_catalog():
    assert opened("where", "food", str(ITALIA)) == []
    assert opened("--lang", "en", "where", "food", str(ITALIA), env={"LANG": "pt_BR.UTF-8"}) == []
    assert opened("where", "food", str(ITALIA), env={"LC_ALL": "C", "LANGUAGE": "pt_BR"}) == []


def test_the_portuguese_path_looks_for_its_catalog():
    # its table (contrarius/words/catalog_table.py), which holds the whole catalog: gettext
    # is not asked to find the .mo
    assert opened("--lang", "pt_BR", "where", "food", str(ITALIA)) == ["table"]
