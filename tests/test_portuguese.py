"""Portuguese at the table: a pt_BR run changes the words and nothing else.

A scripted game on two boards (Italia with the fish market, a solo variant; Gallia, a board
variant) played once in English and once in pt_BR (``--lang``, ``LANG``) writes the same
snapshots byte for byte and prints the same ``--json``; what the pt_BR run translates (the
reactions of ``play``, the ``where`` trace and table) holds no English msgid of the catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"

#: The turns of the scripted game: every card of the starting hand, with the Tribune taking them back.
TURNS = [["mercator"], ["architect"], ["prefect", "--reactivate"], ["senator"], ["tribune"], ["mercator"], ["architect"],
         ["senator"], ["prefect with praefectus magnus", "--reactivate"], ["tribune"], ["mercator"], ["senator"]]
GAMES = [["--board", "italia", "--seed", "4", "--fish-market"], ["--board", "gallia", "--seed", "5"]]


def play_game(runner, tmp_path: Path, new: list[str], lang: list[str]) -> dict[str, object]:
    """Everything the scripted game wrote and printed: each snapshot, each --json, the reports."""
    tmp_path.mkdir()
    path = tmp_path / "game.yaml"
    got: dict[str, object] = {"snapshots": [], "json": [], "reports": []}
    r = runner.invoke(app, [*lang, "new", *new, "-o", str(path)])
    assert r.exit_code == 0, r.output
    got["snapshots"].append(path.read_bytes())
    for turn in TURNS:
        r = runner.invoke(app, [*lang, "play", turn[0], str(path), "-o", "-", "--json", *turn[1:]])
        assert r.exit_code == 0, r.output
        got["json"].append(r.stdout)
        for face in ("food", "S"):
            w = runner.invoke(app, [*lang, "where", face, str(path), "--json"])
            got["json"].append(w.stdout)
            got["reports"].append(runner.invoke(app, [*lang, "where", face, str(path)]).stdout)
        got["reports"].append(runner.invoke(app, [*lang, "where", str(path)]).stdout)
        r = runner.invoke(app, [*lang, "play", turn[0], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, r.output
        got["snapshots"].append(path.read_bytes())
        got["reports"].append(r.stderr)
    for cmd in (["log", "--json"], ["show", "--json"]):
        got["json"].append(runner.invoke(app, [*lang, cmd[0], str(path), *cmd[1:]]).stdout)
    return got


@pytest.mark.parametrize("new", GAMES, ids=["italia-fish-market", "gallia"])
def test_a_game_in_portuguese_writes_and_prints_the_same_data(runner, tmp_path, new):
    en = play_game(runner, tmp_path / "en", new, [])
    pt = play_game(runner, tmp_path / "pt", new, ["--lang", "pt_BR"])
    assert pt["snapshots"] == en["snapshots"]
    assert pt["json"] == en["json"]
    assert pt["reports"] != en["reports"]
    scan(pt["reports"])


def english_fragments() -> list[str]:
    """The literal words of every English msgid of the catalog: each piece between
    placeholders and markup of three words or more, two of them English words in small
    letters (not a list of variable names), and no command line (an option, a METAVAR)."""
    import gettext

    mo = ROOT / "contrarius" / "locale" / "pt_BR" / "LC_MESSAGES" / "contrarius.mo"
    t = gettext.GNUTranslations(mo.open("rb"))
    out = set()
    for msgid in t._catalog:  # the compiled catalog's own msgids (plural forms: (msgid, index))
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        text = ids[0]
        if not text:
            continue
        for piece in re.split(r"\{[^{}]*\}|\[/?[a-z ]+\]|\(|\)|:|;", text):
            piece = piece.strip(" ,.-=>")
            if "--" in piece or re.search(r"\b[A-Z]{4,}\b", piece):
                continue  # a command line as typed (play --fish N, reveal SNAPSHOT): the same in every language
            if len(piece.split()) >= 3 and len(re.findall(r"\b[a-z]{3,}\b", piece)) >= 2:
                out.add(piece)
    return sorted(out)


def scan(reports) -> None:
    """No English msgid's words in the pt_BR reports (the titles of the English rulebook
    and README quoted in a line are left out)."""
    fragments = english_fragments()
    assert len(fragments) > 80
    found = []
    for report in reports:
        for line in report.splitlines():
            line = re.sub(r'"[^"]*"', "", line)  # a title quoted from an English source (the rulebook, README)
            found += [(f, line) for f in fragments if f in line]
    assert not found, found[:10]


def test_the_locale_variables_choose_portuguese_and_c_english(runner, monkeypatch):
    en = runner.invoke(app, ["where", "food", str(ITALIA)]).stdout
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    pt = runner.invoke(app, ["where", "food", str(ITALIA)]).stdout
    assert pt != en and "Onde Contrarius constrói?" in pt
    scan([pt])
    assert runner.invoke(app, ["--lang", "en", "where", "food", str(ITALIA)]).stdout == en
    monkeypatch.setenv("LC_ALL", "C")
    assert runner.invoke(app, ["where", "food", str(ITALIA)]).stdout == en


def test_the_english_run_installs_no_speaker(runner):
    from contrarius import messages
    from contrarius.words import language

    r = runner.invoke(app, ["play", "mercator", str(ITALIA), "-o", "-", "--die", "wine"])
    assert r.exit_code == 0
    assert messages._speaker[0] is None and language._state["translation"] is None


def test_a_reaction_in_portuguese(runner):
    r = runner.invoke(app, ["--lang", "pt_BR", "play", "mercator", str(ITALIA), "-o", "-", "--die", "wine"])
    assert r.exit_code == 0, r.output
    assert "dado preto (Mercador): vinho = o tipo de mercadoria vinho (lido da mesa)" in r.stderr
    assert "Contrarius constrói em Ancona (Vmbria, vinho) por vinho: " in r.stderr
    assert "move seu colono terrestre Roma -> Roma-Spoletvm -> Ancona-Spoletvm (2 passos)" in r.stderr


#: Mistakes a player makes at the table: each is one ``contrarius:`` line with the same exit code in both languages.
MISTAKES = [
    ["play", "foo", str(ITALIA)], ["play", "mercator", str(ITALIA), "--die", "banana"], ["play", "prefect", str(ITALIA)],
    ["where", "food", "nope.yaml"], ["new", "--board", "atlantis"], ["where", "food", str(ITALIA), "--board", "x"],
    ["play", "mercator", str(ITALIA), "x", "y"], ["frob"], ["undo", str(ITALIA), "--turns", "x"],
    ["play", "mercator", str(ITALIA), "--die"], ["play", "diplomat", str(ITALIA), "-o", "-"],
    ["play", "mercator", str(ITALIA), "-o", "-", "--choose", "2", "--die", "wine"],
    ["play", "tribune", str(ITALIA), "-o", "-", "--die", "black=wine"], ["where", "banana", str(ITALIA)],
    ["play", "senator", str(ITALIA), "--buy", "Weaver"], ["play", "senator", str(ITALIA), "--buy", "9"],
    ["play", "architect", str(ITALIA), "--build", "Ancona"], ["play", "architect", str(ITALIA), "--move", "land:Roma:Ancona-Hadria"],
    ["play", "tribune", str(ITALIA), "--place", "sea:Ancona"], ["play", "colonist", str(ITALIA), "--money"],
]


@pytest.mark.parametrize("args", MISTAKES, ids=lambda a: " ".join(a[:2]))
def test_an_error_line_in_portuguese(runner, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    en = runner.invoke(app, args)
    pt = runner.invoke(app, ["--lang", "pt_BR", *args])
    assert en.exit_code == pt.exit_code != 0
    assert pt.stderr.startswith("contrarius: ") and pt.stderr.count("\n") == 1, pt.stderr
    assert pt.stderr != en.stderr
    scan([pt.stderr])


#: A solo game where the player does something with every card: moves, a house, two cards
#: bought, the cash bonus, the Tribune's colonist, the Colonist's colonist and money.
PLAYER_TURNS = [["architect", "--move", "land:Roma:Roma-Spoletvm", "--build", "Spoletvm", "--move", "sea:Roma:Cosa-Roma"],
                ["senator", "--buy", "1", "--buy", "2"], ["prefect", "--reactivate"], ["tribune", "--place", "land:Roma"],
                ["colonist", "--place", "land:Spoletvm"], ["mercator"], ["prefect with praefectus magnus", "--produce", "Vmbria"],
                ["tribune"], ["colonist", "--money"]]


def play_turns(runner, path: Path, lang: list[str]) -> tuple[list[bytes], list[str]]:
    r = runner.invoke(app, [*lang, "new", "--board", "italia", "--seed", "4", "-o", str(path)])
    assert r.exit_code == 0, r.output
    snapshots, reports = [path.read_bytes()], []
    for turn in PLAYER_TURNS:
        r = runner.invoke(app, [*lang, "play", turn[0], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, r.output
        snapshots.append(path.read_bytes())
        reports.append(r.stderr)
    return snapshots, reports


def test_the_player_s_part_and_the_play_panel_in_portuguese(runner, tmp_path):
    en_snaps, en = play_turns(runner, tmp_path / "en.yaml", [])
    pt_snaps, pt = play_turns(runner, tmp_path / "pt.yaml", ["--lang", "pt_BR"])
    assert pt_snaps == en_snaps
    assert "you build a house in Spoletvm (wine)" in en[0] and "Contrarius VP: 0 -> 0" in en[0]
    said = "\n".join(pt)
    for line in ["seu colono terrestre se move Roma -> Roma-Spoletvm (1 passo)", "você constrói uma casa em Spoletvm (vinho)",
                 "você compra Arquiteto da posição 1 da área de exibição", "PV de Contrarius: 0 -> 0", "─ Arquiteto ─",
                 "você reativa: 0 marcador de bônus volta para o lado das mercadorias e você recebe 0 sestércio",
                 "você pega de volta 4 cartas com o Tribuno e recebe 1 sestércio (1 por carta além da terceira)",
                 "você coloca um colono terrestre em Spoletvm", "você pega dinheiro com o Colono: 5 + "]:
        assert line in said, line
    scan(pt)


def test_the_root_help_page_in_portuguese(runner):
    en = runner.invoke(app, ["--help"])
    pt = runner.invoke(app, ["--lang", "pt_BR", "--help"])
    assert en.exit_code == pt.exit_code == 0
    assert "Usage:" in en.stdout and "╭─ Options" in en.stdout and "╭─ Commands" in en.stdout
    assert "Uso:" in pt.stdout and "╭─ Opções" in pt.stdout and "╭─ Comandos" in pt.stdout
    assert "Joga um turno: sua carta e ação, depois a reação de Contrarius; escreve o novo snapshot." in pt.stdout
    scan([pt.stdout])
    # the English page afterwards is the English page: nothing translated stayed behind
    assert runner.invoke(app, ["--help"]).stdout == en.stdout


COMMANDS = ["boards", "board", "new", "check", "show", "undo", "redo", "where", "play", "roll", "preview", "reveal", "log", "score",
            "session"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_page_in_portuguese(runner, command):
    en = runner.invoke(app, [command, "--help"])
    pt = runner.invoke(app, ["--lang", "pt_BR", command, "--help"])
    assert en.exit_code == pt.exit_code == 0
    assert pt.stdout.lstrip().startswith("Uso: ") and pt.stdout != en.stdout
    scan([pt.stdout])
    assert runner.invoke(app, [command, "--help"]).stdout == en.stdout


#: new's setups whose notes differ: levels, variants, boards that need a start or readings, a table game.
NEW_GAMES = [["--board", "italia", "--seed", "3"], ["--board", "italia", "--seed", "3", "--level", "veteran", "--strong"],
             ["--board", "hispania", "--seed", "3", "--level", "expert"], ["--board", "roma", "--start", "Roma", "--seed", "3"],
             ["--board", "balearica", "--seed", "3"], ["--board", "aegyptus", "--seed", "3"], ["--board", "gallia", "--seed", "3"],
             ["--board", "italia", "--seed", "3", "--salsa"], ["--board", "italia", "--seed", "3", "--fish-market"],
             ["--board", "italia", "--seed", "3", "--table"], ["--board", "italia", "--seed", "3", "--mode", "third-player"],
             ["--board", "germania", "--seed", "3", "--level", "veteran", "--mode", "team"]]


@pytest.mark.parametrize("new", NEW_GAMES, ids=lambda a: " ".join(a[1::2]))
def test_new_show_check_undo_and_redo_in_portuguese(runner, tmp_path, new):
    out = {}
    for lang in ([], ["--lang", "pt_BR"]):
        path = tmp_path / f"{len(lang)}.yaml"
        said = [runner.invoke(app, [*lang, "new", *new, "-o", str(path)]).stderr]
        json_new = runner.invoke(app, [*lang, "new", *new, "--json", "-o", "-"]).stdout  # the snapshot, then the notes
        said.append(runner.invoke(app, [*lang, "show", str(path)]).stdout)
        said.append(runner.invoke(app, [*lang, "check", str(path)]).stdout)
        r = runner.invoke(app, [*lang, "play", "mercator", str(path), "-i", *(["--die", "wine"] if "--table" in new else [])])
        assert r.exit_code == 0, r.output
        said.append(runner.invoke(app, [*lang, "show", str(path)]).stdout)
        said.append(runner.invoke(app, [*lang, "undo", str(path)]).stderr)
        said.append(runner.invoke(app, [*lang, "redo", str(path)]).stderr)
        said.append(runner.invoke(app, [*lang, "new", *new, "-o", str(path), "--force"]).stderr)
        out[bool(lang)] = (said, json_new, path.read_bytes(), runner.invoke(app, [*lang, "show", str(path), "--json"]).stdout)
    (en, en_json, en_snap, en_show), (pt, pt_json, pt_snap, pt_show) = out[False], out[True]
    assert (pt_json, pt_snap, pt_show) == (en_json, en_snap, en_show)
    assert en[0].startswith("New ") and pt[0].startswith("Novo jogo (modo ")
    assert "undid 1 step; it now holds the game after 0 turns" in en[4] and "1 passo desfeito" in pt[4]
    assert all(p != e for p, e in zip(pt, en))
    scan(pt)


PREVIEWS = [["mercator"], ["architect"], ["tribune"], ["senator"], ["prefect", "--produce", "Vmbria"], ["prefect", "--reactivate"],
            ["diplomat", "--copy", "Mercator"]]


@pytest.mark.parametrize("card", PREVIEWS, ids=lambda a: " ".join(a))
def test_a_preview_in_portuguese(runner, card):
    en = runner.invoke(app, ["preview", card[0], str(ITALIA), *card[1:]])
    pt = runner.invoke(app, ["--lang", "pt_BR", "preview", card[0], str(ITALIA), *card[1:]])
    assert en.exit_code == pt.exit_code == 0, pt.output
    assert en.stdout.startswith("Preview: you play ") and pt.stdout.startswith("Prévia: você joga ")
    scan([pt.stdout])
    as_json = [runner.invoke(app, [*lang, "preview", card[0], str(ITALIA), *card[1:], "--json"]).stdout for lang in ([], ["--lang", "pt_BR"])]
    assert as_json[0] == as_json[1]


@pytest.mark.parametrize("example", ["imperium-expert-midgame.yaml", "italia-setup.yaml", "rulebook-where-example.yaml"])
def test_score_s_details_in_portuguese(runner, example):
    path = str(ROOT / "examples" / example)
    en = runner.invoke(app, ["score", path])
    pt = runner.invoke(app, ["--lang", "pt_BR", "score", path])
    assert en.exit_code == pt.exit_code
    assert pt.stdout != en.stdout
    scan([pt.stdout])
    assert runner.invoke(app, ["score", path, "--json"]).stdout == runner.invoke(app, ["--lang", "pt_BR", "score", path, "--json"]).stdout


def test_the_pictures_words_in_portuguese(runner, tmp_path):
    import xml.etree.ElementTree as ET

    midgame = str(ROOT / "examples" / "imperium-expert-midgame.yaml")
    for cmd, said in ((["log", midgame], "A corrida: imperium"), (["score", midgame], "Situação (não a pontuação final): imperium")):
        en = runner.invoke(app, [*cmd, "--svg", "-"]).stdout
        pt = runner.invoke(app, ["--lang", "pt_BR", *cmd, "--svg", "-"]).stdout
        assert pt != en and said in pt
        ET.fromstring(pt)
        assert runner.invoke(app, [*cmd, "--svg", "-"]).stdout == en


#: A short solo session from a pipe (examples/italia-setup.yaml with every die asked), in
#: English and with the same answers in Portuguese: a card refused, the Senator, the
#: Architect, the Tribune, the Prefect (a wrong action, then produce; an empty province).
SESSION_EN = ["banana", "senator", "1", "2", "wine", "architect", "land:Roma:Casinvm-Roma", "", "Casinvm", "", "1",
              "tribune", "", "card", "prefect", "foo", "produce", "", "Campania"]
SESSION_PT = ["banana", "senador", "1", "2", "vinho", "arquiteto", "terrestre:Roma:Casinvm-Roma", "", "Casinvm", "", "1",
              "tribuno", "", "carta", "prefeito", "foo", "produzir", "", "Campania"]


def session_game(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text(ITALIA.read_text(encoding="utf-8").replace("seed: 1\n", "seed: null\ndice: virtual\n"), encoding="utf-8")
    return path


def session_questions(path: Path, answers: list[str]) -> list[str]:
    """Every line the session's questions say for ``answers`` in the language chosen: the
    prompts, the notes before them and the refusals (what a terminal shows)."""
    from contrarius.cli.session.command import asks_dice
    from contrarius.cli.session.flow import turn_flow
    from contrarius.store.snapshot_text import load_snapshot

    said: list[str] = []
    snap = load_snapshot(str(path))
    answers = list(answers)
    while answers:
        flow = turn_flow(snap, table_dice=asks_dice(snap))
        q = next(flow)
        try:
            while True:
                said += [q.prompt(), *q.notes, *([q.error] if q.error else [])]
                q = flow.send(answers.pop(0))
        except StopIteration as stop:
            snap = stop.value.result.snapshot
        except IndexError:
            break
    return said


def test_a_session_in_portuguese(runner, tmp_path):
    from contrarius.words import language

    en, pt = session_game(tmp_path, "en.yaml"), session_game(tmp_path, "pt.yaml")
    r_en = runner.invoke(app, ["session", str(en)], input="\n".join(SESSION_EN) + "\n")
    r_pt = runner.invoke(app, ["--lang", "pt_BR", "session", str(pt)], input="\n".join(SESSION_PT) + "\n")
    assert r_en.exit_code == r_pt.exit_code == 2  # the refused answers
    assert pt.read_bytes() == en.read_bytes()
    assert "contrarius: A província onde se produz: é preciso uma resposta (p. ex. Aemilia)" in r_pt.stderr
    assert "responda produzir ou reativar, não 'foo'" in r_pt.stderr
    help_pt = runner.invoke(app, ["--lang", "pt_BR", "session", str(pt)], input="help\nquit\n")
    assert "Digite a carta que você jogou" in help_pt.stdout
    language.set_language("pt_BR")
    asked = session_questions(session_game(tmp_path, "q.yaml"), SESSION_PT)
    language.set_language()
    assert "Qual carta você jogou?: " in asked and "Produzir ou reativar? [produzir]: " in asked
    assert session_questions(session_game(tmp_path, "q2.yaml"), SESSION_EN) != asked
    scan(["\n".join(asked), r_pt.stderr, help_pt.stdout, help_pt.stderr])


def test_the_session_reads_and_completes_the_portuguese_words_of_its_choices():
    from contrarius.cli.session.command import Front
    from contrarius.cli.session.flow import pick
    from contrarius.words import language

    pair = (("produce", ""), ("reactivate", ""))
    assert [pick(a, pair) for a in ("produzir", "Reativar", "reat", "produce", "x")] == ["produce", "reactivate", "reactivate", "produce", None]
    assert pick("pv", (("vp", ""), ("house", ""))) == "vp" and pick("casa", (("vp", ""), ("house", ""))) == "house"
    assert pick("terrestre:Roma", (("land:Roma", ""), ("sea:Roma", ""))) == "land:Roma"
    front = Front(None, False)
    front.choices = pair
    assert [front.complete("pro", k) for k in range(2)] == ["produce", None]  # English: as before
    language.set_language("pt_BR")
    assert [front.complete("pro", k) for k in range(3)] == ["produce", "produzir", None]
    assert front.complete("reat", 0) == "reativar"


MIDGAME = ROOT / "examples" / "imperium-expert-midgame.yaml"


def every_card_midgame(tmp_path: Path) -> Path:
    """The mid-game Imperium snapshot with the hand not recorded: the summary covers every
    solo card (the Prefect's produce and reactivate, the Diplomat's copies, the Colonist's
    place and money)."""
    import yaml

    data = yaml.safe_load(MIDGAME.read_text(encoding="utf-8"))
    data["players"][0]["hand"] = None
    path = tmp_path / "every-card.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("every_card", [False, True], ids=["hand", "every-card"])
@pytest.mark.parametrize("full", [[], ["--all"]], ids=["short", "all"])
def test_the_summary_preview_in_portuguese(runner, tmp_path, every_card, full):
    path = str(every_card_midgame(tmp_path) if every_card else MIDGAME)
    en = runner.invoke(app, ["preview", path, *full], terminal_width=400)
    pt = runner.invoke(app, ["--lang", "pt_BR", "preview", path, *full], terminal_width=400)
    assert en.exit_code == pt.exit_code == 0, pt.output
    assert "Contrarius's reaction to each card you could play" in en.stdout
    assert "A reação de Contrarius a cada carta que você pode jogar" in pt.stdout and "E[PV]" in pt.stdout
    assert "Tribuno" in pt.stdout and "Tribune" not in pt.stdout
    if every_card:
        for said in ("Prefeito", "reativar", "produzir em Aegyptvs", "copiar Prefeito: reativar", "Colono", "colocar", "dinheiro"):
            assert said in pt.stdout, said
        if full:
            assert "the same E[VP] in all 12 provinces that can produce (first alphabetically)" in en.stdout
            assert "o mesmo E[PV] em todas as 12 províncias que podem produzir" in pt.stdout
    scan([pt.stdout])
    as_json = [runner.invoke(app, [*lang, "preview", path, "--json"]).stdout for lang in ([], ["--lang", "pt_BR"])]
    assert as_json[0] == as_json[1] and '"action": "copy Prefect: reactivate"' in as_json[0] if every_card else as_json[0] == as_json[1]


def test_the_summary_s_notes_are_messages_said_in_english_in_json(tmp_path):
    from contrarius.messages import Message
    from contrarius.rules.preview import summary
    from contrarius.store.snapshot_text import load_snapshot

    sm = summary(load_snapshot(str(every_card_midgame(tmp_path))))
    prefect = next(r for r in sm.rows if r.card == "Prefect" and r.action.startswith("produce"))
    assert isinstance(prefect.note, Message) and prefect.note.template.startswith("the same E[VP] in all {n} provinces")
    assert prefect.to_dict()["note"] == "the same E[VP] in all 12 provinces that can produce (first alphabetically)"
    assert prefect.to_dict()["action"] == "produce Aegyptvs"


#: The board pictures: the empty board, a game (houses, colonists, bonus markers), a ruling (tied moves, cities ruled out).
BOARD_PICTURES = [["board", "aegyptus"], ["board", "italia"], ["show", str(MIDGAME)],
                  ["where", "food", str(ROOT / "examples" / "rulebook-where-example.yaml")]]


@pytest.mark.parametrize("cmd", BOARD_PICTURES, ids=lambda a: a[0] + "-" + Path(a[-1]).stem)
def test_the_board_picture_in_portuguese(runner, cmd):
    import xml.etree.ElementTree as ET

    en = runner.invoke(app, [*cmd, "--svg", "-"])
    pt = runner.invoke(app, ["--lang", "pt_BR", *cmd, "--svg", "-"])
    assert en.exit_code == pt.exit_code == 0, pt.output
    assert pt.stdout != en.stdout
    root = ET.fromstring(pt.stdout)
    words = [t for t in ("".join(e.itertext()) for e in root.iter()) if t]  # every caption, legend line and title
    said = "\n".join(words)
    assert "linha terrestre" in said and "colono marítimo: um círculo" in said
    if cmd[0] == "board":
        assert "tabuleiro " + cmd[1] + " (vazio)" in said
    if cmd[0] == "where":
        assert "Onde Contrarius constrói? comida" in said and "Aleria: cidade de Corsica (letra B), comida" in said
        assert "os movimentos empatam: você escolhe" in said and "Contrarius constrói aqui" in said
    if cmd[0] == "show":
        assert "Marcadores de bônus" in said and "casa de Contrarius em" in said
    scan([said])
    assert runner.invoke(app, [*cmd, "--svg", "-"]).stdout == en.stdout  # English again afterwards


def broken_snapshots(tmp_path: Path) -> list[Path]:
    """Snapshots a player may break by hand: unknown keys and values, unknown cards, cities,
    gods, goods and owners, a variant of another board (one file with many problems); a card
    counted once too often; a newer format; values of the wrong shape; an empty file; a list."""
    import yaml

    base = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))

    def write(name: str, data) -> Path:
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return path

    d = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    d.update(frobnicate=1, level="hard", mode="duo")
    d["cities"].update(Aleria="banana", Atlantis="food")
    d["colonists"] += [{"owner": "nobody", "kind": "land", "at": "Roma"}, {"owner": "player", "kind": "air", "at": "Roma"},
                       {"owner": "player", "kind": "land", "at": "Nowhere"}]
    d["bonus_markers"]["Corsica"] = "maybe"
    d["display"][1] = "Gladiator"
    d["contrarius"]["cards"][0]["gods"] = ["Odin"]
    d["houses"] = {"Genva": ["contrarius", "contrarius"], "Roma": ["player"]}
    d["players"][0]["goods"]["gold"] = 2
    d["stack"]["remaining"] = 3
    d["variants"] = {"gallia": {"first_harbour": "Roma"}}
    many = write("many.yaml", d)
    d = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    d["players"][0]["hand"] += ["Mercator", "Mercator", "Mercator"]
    counted = write("counted.yaml", d)
    d = dict(base, format=99)
    newer = write("newer.yaml", d)
    d = dict(base, display="Mercator", colonists={"a": 1}, ended={"by": "player", "final_turn_pending": "soon"})
    shapes = write("shapes.yaml", d)
    empty = tmp_path / "empty.yaml"
    empty.write_text("\n", encoding="utf-8")
    return [many, counted, newer, shapes, empty, write("list.yaml", [1, 2])]


def test_check_lists_a_broken_snapshot_s_problems_in_portuguese(runner, tmp_path):
    en, pt = [], []
    for path in broken_snapshots(tmp_path):
        e = runner.invoke(app, ["check", str(path)])
        p = runner.invoke(app, ["--lang", "pt_BR", "check", str(path)])
        assert e.exit_code == p.exit_code != 0, p.output
        assert p.stdout + p.stderr != e.stdout + e.stderr and p.stdout.count("\n") == e.stdout.count("\n")
        en.append(e.stdout + e.stderr)
        pt.append(p.stdout + p.stderr)
        as_json = [runner.invoke(app, [*lang, "check", str(path), "--json"]).stdout for lang in ([], ["--lang", "pt_BR"])]
        assert as_json[0] == as_json[1]
        if path.name != "counted.yaml":  # (the cards are counted by check only)
            # the first problem of a command that reads the snapshot, in one line
            line = runner.invoke(app, ["--lang", "pt_BR", "show", str(path)]).stderr
            assert line.startswith("contrarius: ") and line.count("\n") == 1, line
            pt.append(line)
    said = "\n".join(pt)
    assert "unknown key; did you mean 'format'?" in en[0] and "chave desconhecida; você quis dizer 'format'?" in said
    for words in ("nível desconhecido 'hard'", "mercadoria desconhecida 'banana'", "deus desconhecido 'Odin'",
                  "duas casas de contrarius em Genva", "ninguém constrói na capital", "esperado goods ou coins, veio 'maybe'",
                  "6 cartas Mercador (4 na sua mão", "remova as cartas Mercador a mais", "foi escrita por um contrarius mais novo",
                  "problemas encontrados em", "(e mais ", "arquivo vazio, não é um snapshot", "não é um snapshot (uma lista YAML"):
        assert words in said, words
    scan(pt)


def test_a_reading_note_of_check_in_portuguese(runner, tmp_path):
    """A snapshot the reader reads another way says so under check: a table game's stack
    order dealt from the seed is dropped."""
    import yaml

    d = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    d["dice"] = "table"
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(d, sort_keys=False), encoding="utf-8")
    en = runner.invoke(app, ["check", str(path)])
    pt = runner.invoke(app, ["--lang", "pt_BR", "check", str(path)])
    assert en.exit_code == pt.exit_code == 0, pt.output
    assert "a table game: the stack order in the snapshot" in en.stdout
    assert "um jogo de mesa: a ordem da pilha no snapshot" in pt.stdout
    scan([pt.stdout])
    assert (runner.invoke(app, ["check", str(path), "--json"]).stdout
            == runner.invoke(app, ["--lang", "pt_BR", "check", str(path), "--json"]).stdout)


def test_undo_and_redo_refusals_in_portuguese(runner, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(ITALIA.read_text(encoding="utf-8"), encoding="utf-8")
    for cmd in (["undo", str(path)], ["redo", str(path)], ["undo", "-"]):
        en = runner.invoke(app, cmd)
        pt = runner.invoke(app, ["--lang", "pt_BR", *cmd])
        assert en.exit_code == pt.exit_code == 3, pt.output
        assert pt.stderr.startswith("contrarius: ") and pt.stderr.count("\n") == 1 and pt.stderr != en.stderr
        scan([pt.stderr])
    assert "nada para desfazer" in runner.invoke(app, ["--lang", "pt_BR", "undo", str(path)]).stderr
