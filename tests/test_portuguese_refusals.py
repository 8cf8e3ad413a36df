"""Portuguese at the table: the refusals a player reads, and the campaign's report.

Under ``--lang pt_BR`` an unknown card or die is refused naming the choices by their
Portuguese names (in Portuguese alphabetical order), a move shorthand that does not fit is
refused in Portuguese, a file that is not plain YAML is refused in Portuguese, and
``score --campaign`` says where the campaign stands in Portuguese; ``--json`` stays English.
"""

from __future__ import annotations

import json
from pathlib import Path

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"
PT = ["--lang", "pt_BR"]


def error(r) -> str:
    assert r.exit_code != 0
    return r.stderr.strip()


def test_an_unknown_card_lists_every_card_by_its_portuguese_name_in_order(runner):
    en = error(runner.invoke(app, ["play", "bogus", str(ITALIA), "-o", "-"]))
    pt = error(runner.invoke(app, [*PT, "play", "bogus", str(ITALIA), "-o", "-"]))
    # the 14 cards of solo play, sorted as printed in English, then in Portuguese (Cônsul after Colono)
    assert en.endswith("known: Architect, Colonist, Consul, Diplomat, Farmer, Mason, Mercator, Prefect, "
                       "Prefect with Praefectus Magnus, Senator, Smith, Tribune, Vintner, Weaver")
    assert pt.endswith("nomes conhecidos: Arquiteto, Colono, Cônsul, Diplomata, Fazendeiro, Ferreiro, Mercador, Pedreiro, "
                       "Prefeito, Prefeito com Praefectus Magnus, Senador, Tecelão, Tribuno, Vinicultor")
    close = error(runner.invoke(app, [*PT, "play", "mercatr", str(ITALIA), "-o", "-"]))
    assert close.endswith("você quis dizer Mercador, Senador?")


def test_an_unknown_die_is_named_by_its_card_and_colour_in_the_player_s_language(runner):
    en = error(runner.invoke(app, ["roll", "purple"]))
    pt = error(runner.invoke(app, [*PT, "roll", "purple"]))
    # 'purple' is closest to the Portuguese 'preto' (black): the black die is offered, by its English names in English
    assert en == ("contrarius: unknown die 'purple'; did you mean mercator/black? "
                  "(dice: architect/blue, tribune/red, mercator/black, senator/white)")
    assert "preto" not in en
    assert pt == ("contrarius: dado desconhecido 'purple'; você quis dizer Mercador/preto? "
                  "(dados: Arquiteto/azul, Tribuno/vermelho, Mercador/preto, Senador/branco)")


def test_a_move_shorthand_that_does_not_fit_is_refused_in_portuguese(runner):
    # Italia example: your two colonists stand in Roma, so the Architect has 2 steps; the
    # nearest land line next to Genva is the third from Roma (Roma-Cosa, Cosa-Florentia,
    # Florentia-Genva: `contrarius board italia`), out of reach
    far = error(runner.invoke(app, [*PT, "play", "architect", str(ITALIA), "-o", "-", "--move", "land:Roma>Genva"]))
    assert far == ("contrarius: --move land:Roma>Genva: Genva está a 3 passos, mas você tem 2 colonos no "
                   "tabuleiro, portanto 2 passos")
    en = error(runner.invoke(app, ["play", "architect", str(ITALIA), "-o", "-", "--move", "land:Roma>Genva"]))
    assert en == "contrarius: --move land:Roma>Genva: Genva is 3 steps away, but you have 2 colonists on the board, so 2 steps"
    none = error(runner.invoke(app, [*PT, "play", "architect", str(ITALIA), "-o", "-", "--move", "land:Cosa>Genva"]))
    assert none.startswith("contrarius: --move land:Cosa>Genva: você não tem colono terrestre em Cosa; os seus estão em Roma")


def test_a_file_that_is_not_plain_yaml_is_refused_in_portuguese(runner, tmp_path):
    octal = tmp_path / "octal.yaml"
    octal.write_text("a: 010\n")
    twice = tmp_path / "twice.yaml"
    twice.write_text("a: 1\na: 2\n")
    assert error(runner.invoke(app, [*PT, "check", str(octal)])) == (
        f"contrarius: {octal}: a (linha 1): '010' não está escrito como um número decimal simples (YAML leria um "
        "número octal); escreva-o em algarismos decimais sem zeros à esquerda, por exemplo 10")
    assert error(runner.invoke(app, ["check", str(octal)])) == (
        f"contrarius: {octal}: a (line 1): '010' is not written as a plain decimal number (YAML would read an octal "
        "number); write it in decimal digits without leading zeros, e.g. 10")
    assert error(runner.invoke(app, [*PT, "check", str(twice)])) == (
        f"contrarius: {twice}: YAML inválido na linha 2, coluna 1: a chave 'a' foi dada duas vezes; corrija a sintaxe YAML ali")


def test_the_campaign_report_in_portuguese_and_its_json_in_english(runner, tmp_path):
    camp, game = tmp_path / "camp.yaml", tmp_path / "game.yaml"
    r = runner.invoke(app, [*PT, "new", "--campaign", str(camp), "--seed", "3", "-o", str(game)])
    assert r.exit_code == 0, r.output
    assert f"campanha {camp} (nova; 'contrarius score GAME --campaign {camp}' a cria): jogo 1 com 20 PV" in r.stderr
    # the game has just begun: nobody has won, so the campaign would not record it
    args = ["score", str(game), "--campaign", str(camp), "--no-record"]
    pt = runner.invoke(app, [*PT, *args]).stdout
    assert f"Campanha {camp} (nova): 0 jogo jogado" in pt  # pt_BR plural forms: 0 is singular
    assert "  - não registrado: o vencedor não é conhecido (jogador: mercadorias e sestércios (Vesta))" in pt
    assert f"Próximo: jogo 1 com 20 PV (contrarius new --campaign {camp} ...)" in pt
    en = runner.invoke(app, args).stdout
    assert f"Campaign {camp} (new): 0 games played" in en and "  - not recorded: the winner is not known (player: " in en
    js_pt = runner.invoke(app, [*PT, *args, "--json"]).stdout
    assert js_pt == runner.invoke(app, [*args, "--json"]).stdout
    assert json.loads(js_pt)["campaign"]["reason"].startswith("the winner is not known (player: goods and sestertii")


def test_the_team_cards_are_said_as_printed_and_read_by_their_portuguese_names_too():
    """Glossary: "Legatus / Praetor / Proconsul | as printed | also accept Legado, Pretor,
    Procônsul": a pt_BR report names them as the help pages and the catalog do."""
    from contrarius.words.names import card_from_text
    from contrarius.words.terms import term_name

    for printed, typed in (("Legatus", "legado"), ("Praetor", "Pretor"), ("Proconsul", "procônsul")):
        assert term_name("card", printed, "pt_BR") == printed
        assert card_from_text(typed, mode="team") == printed
    assert term_name("card", "Prefect/Architect", "pt_BR") == "Prefeito/Arquiteto"


def test_the_store_s_refusals_in_portuguese(runner, tmp_path):
    """-o onto another game and onto a folder: refused (exit 3) in Portuguese, nothing written."""
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert runner.invoke(app, ["new", "--seed", "1", "-o", str(a)]).exit_code == 0
    assert runner.invoke(app, ["new", "--seed", "2", "--board", "italia", "-o", str(b)]).exit_code == 0
    before = b.read_bytes()
    r = runner.invoke(app, [*PT, "play", "mercator", str(a), "--die", "wine", "-o", str(b)])
    assert r.exit_code == 3 and b.read_bytes() == before
    assert error(r) == (f"contrarius: {b} já existe e contém outro jogo (tabuleiro italia, solo, padrão, semente 2); "
                        "nada foi escrito; dê outro caminho em -o, ou --force para substituí-lo")
    en = error(runner.invoke(app, ["play", "mercator", str(a), "--die", "wine", "-o", str(b)]))
    assert en == (f"contrarius: {b} already exists and holds another game (board italia, solo, standard, seed 2); "
                  "nothing was written; give another -o path, or --force to replace it")
    r = runner.invoke(app, [*PT, "play", "mercator", str(a), "--die", "wine", "-o", str(tmp_path)])
    assert r.exit_code == 3
    assert error(r) == (f"contrarius: {tmp_path}: é uma pasta; escreva o snapshot num caminho de arquivo, "
                        f"por exemplo -o {tmp_path / 'game.yaml'}")


def test_the_root_options_alone_print_the_help_in_the_language_chosen(runner):
    """``contrarius --lang pt_BR`` with no command: as ``contrarius`` alone (the help on
    stderr, exit 2), in Portuguese; a language contrarius does not speak is refused."""
    alone = runner.invoke(app, [])
    assert alone.exit_code == 2 and "Usage: contrarius" in alone.stderr
    assert runner.invoke(app, ["--lang", "en"]).stderr == alone.stderr
    assert runner.invoke(app, ["--debug"]).exit_code == 2
    pt = runner.invoke(app, ["--lang", "pt_BR"])
    assert pt.exit_code == 2 and "Uso: contrarius" in pt.stderr and "Missing command" not in pt.stderr
    bad = runner.invoke(app, ["--lang", "xx"])
    assert bad.exit_code == 2
    assert bad.stderr.strip() == "contrarius: --lang 'xx': contrarius speaks en or pt_BR (also pt, pt-BR, pt_BR.UTF-8)"


def test_a_contrarius_lang_it_does_not_speak_is_one_line_or_english_help(runner, monkeypatch):
    """``CONTRARIUS_LANG=pt_PT``: a command is refused with one line (exit 2); the help
    pages and usage errors, said before any command runs, are English (no traceback)."""
    monkeypatch.setenv("CONTRARIUS_LANG", "pt_PT")
    r = runner.invoke(app, ["check", str(ITALIA)])
    assert r.exit_code == 2 and r.stderr.strip() == (
        "contrarius: CONTRARIUS_LANG 'pt_PT': contrarius speaks en or pt_BR (also pt, pt-BR, pt_BR.UTF-8)")
    for args, code in ((["--help"], 0), ([], 2), (["--bogus"], 2), (["nosuchcmd"], 2)):
        r = runner.invoke(app, args)
        assert r.exit_code == code, (args, r.output)
        assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit)), (args, r.exception)
        assert "Usage: contrarius" in r.output or "contrarius: No such" in r.stderr
    monkeypatch.delenv("CONTRARIUS_LANG")  # before conftest's english fixture chooses the language again


def test_a_report_that_cannot_be_printed_is_said_in_portuguese(tmp_path):
    """stdout full (``/dev/full``): exit 3, one Portuguese line, nothing written."""
    import subprocess
    import sys

    snap = tmp_path / "g.yaml"
    snap.write_bytes(ITALIA.read_bytes())
    with open("/dev/full", "w") as full:
        show = subprocess.run([sys.executable, "-m", "contrarius", "--lang", "pt_BR", "show", str(snap)], stdout=full,
                              stderr=subprocess.PIPE, text=True)
        svg = subprocess.run([sys.executable, "-m", "contrarius", "--lang", "pt_BR", "show", str(snap), "--svg", str(tmp_path / "p.svg")],
                             stdout=full, stderr=subprocess.PIPE, text=True)
    assert show.returncode == 3
    assert show.stderr == "contrarius: não é possível escrever na saída padrão (No space left on device); nada foi escrito\n"
    assert svg.returncode == 3 and not (tmp_path / "p.svg").exists()
    assert svg.stderr == ("contrarius: não é possível imprimir o relatório (No space left on device); a imagem não foi escrita "
                          "(nem nada mais)\n")
