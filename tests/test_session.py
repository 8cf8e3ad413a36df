"""``contrarius session``: the guided turn loop.

One code path: every test that plays turns in a session plays the same turns with
``contrarius play ... -i`` on a copy of the same file and compares the two files byte for
byte (the snapshot holds the whole turn log, the dice and the roll counter).

The whole game (``tests/data/session-italia-solo.txt``) is on ``examples/italia-setup.yaml``
with ``seed: null`` (dice read from the table). Its end, worked out by hand from the
rulebook ("Solo End of Game"): 14 display cards (7 shown, 7 in the stack) leave the display
by the player's buys (Senator 2+2+2, Consul 1+1 = 8) and Contrarius's takes (Architect die
twice, the Tribune's red die "card" twice, the Diplomat's copied Architect once = 5) and
one more by Architect (blue die 1): 8 + 6 = 14, the last taken by Contrarius with the
Diplomat's copied Architect (one card left: no blue die, README "Architect's blue die"), so Contrarius takes the Concordia card and the player plays
one final card without a reaction (turn 15); then the game is over.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.cli.session.flow import Question, parse_command, pick, turn_flow
from contrarius.store.snapshot_text import load_snapshot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"
ANSWERS = Path(__file__).resolve().parent / "data" / "session-italia-solo.txt"

#: The same game as ANSWERS, as ``contrarius play`` commands (options after the card).
PLAY_TURNS = [
    ["senator", "--buy", "1", "--buy", "2", "--die", "wine"],
    ["architect", "--move", "land:Roma:Casinvm-Roma", "--build", "Casinvm", "--die", "1"],
    ["tribune", "--die", "card"],
    ["senator", "--buy", "1", "--buy", "4", "--die", "food", "--choose", "2"],
    ["mercator", "--die", "cloth"],
    ["architect", "--die", "2"],
    ["prefect", "--produce", "Campania"],
    ["consul", "--buy", "1", "--die", "brick"],
    ["tribune", "--die", "card"],
    ["pm", "--reactivate"],
    ["senator", "--buy", "1", "--buy", "2", "--die", "S"],
    ["architect", "--move", "land:Casinvm-Roma:Casinvm-Neapolis", "--build", "Neapolis", "--die", "1"],
    ["consul", "--buy", "1", "--die", "tool"],
    ["diplomat", "--copy", "Architect"],  # one card left: no blue die (tests/test_architect_blue_die.py)
    ["mercator"],
]


def table_game(tmp_path: Path, name: str = "game.yaml") -> Path:
    """examples/italia-setup.yaml with ``seed: null`` and ``dice: virtual``: nothing to roll
    from, so every die is asked, while the stack keeps its recorded order (a table game,
    ``dice: table``, keeps none: tests/test_table_game_cards.py)."""
    p = tmp_path / name
    p.write_text(EXAMPLE.read_text(encoding="utf-8").replace("seed: 1\n", "seed: null\ndice: virtual\n"), encoding="utf-8")
    return p


def copy_of(path: Path, name: str) -> Path:
    out = path.with_name(name)
    out.write_bytes(path.read_bytes())
    return out


def session(runner, path: Path, answers: str):
    return runner.invoke(app, ["session", str(path)], input=answers)


def play_all(runner, path: Path, turns: list[list[str]]) -> None:
    for turn in turns:
        r = runner.invoke(app, ["play", turn[0], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, (turn, r.stderr)


def drive(snap, answers: list[str], *, table_dice: bool):
    """Run one turn's flow on ``snap`` with ``answers``; return (questions asked, turn)."""
    flow = turn_flow(snap, table_dice=table_dice)
    asked: list[Question] = [next(flow)]
    try:
        for a in answers:
            asked.append(flow.send(a))
    except StopIteration as stop:
        return asked, stop.value
    return asked, None


# ----- the whole game --------------------------------------------------------------------------------
def test_scripted_whole_solo_game_equals_play_commands(runner, tmp_path):
    by_session = table_game(tmp_path, "session.yaml")
    by_play = copy_of(by_session, "play.yaml")
    r = session(runner, by_session, ANSWERS.read_text(encoding="utf-8"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused
    play_all(runner, by_play, PLAY_TURNS)
    assert by_session.read_bytes() == by_play.read_bytes()
    snap = load_snapshot(str(by_session))
    assert len(snap.log) == 15
    assert snap.ended is not None and snap.ended.by == "contrarius" and not snap.ended.final_turn_pending
    assert snap.concordia == "contrarius"
    # the game ends and is scored: the final scoring follows the last turn
    out = r.stdout
    assert "The game is over." in out
    assert out.index("The game is over.") < out.rindex("Concordia")
    # from a pipe: no prompts on stdout; the reports and the commands' output are there
    assert "Which card" not in out and "[Enter" not in out
    assert "Where does Contrarius build?" in out  # 'where wine' between turns
    assert re.search(r"italia - solo - standard: \d+ turns", out)  # 'log': contrarius log's table
    assert re.search(r"│\s*1\s*│\s*Senator\s*│", out)


def test_virtual_dice_are_rolled_and_said(runner, tmp_path):
    """A game with a seed: the session rolls as 'play' without --die does; the report
    says 'rolled'. The Mercator's S (seed 1, roll 0) builds in Cosa with 2 tied colonist
    moves (land and sea colonist both one step from Cosa-Roma), so one question (Enter: 1)."""
    by_session = tmp_path / "v.yaml"
    by_session.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    by_play = copy_of(by_session, "v-play.yaml")
    r = session(runner, by_session, "mercator\n\nprefect\n\nCampania\n")
    assert r.exit_code == 0, r.stderr
    assert "(rolled)" in r.stdout
    play_all(runner, by_play, [["mercator"], ["prefect", "--produce", "Campania"]])
    assert by_session.read_bytes() == by_play.read_bytes()


# ----- the questions --------------------------------------------------------------------------------
def test_only_the_questions_the_card_needs():
    snap = load_snapshot(str(EXAMPLE))
    # Prefect: produce or reactivate, then the province; no die (1 VP per house, at least 1)
    asked, turn = drive(snap, ["prefect", "", "Campania"], table_dice=True)
    assert [q.key for q in asked] == ["card", "action", "produce"]
    assert asked[1].default == "produce"
    assert turn.options == {"produce": "Campania"}
    # a specialist: no question after the card (3 VP, no die)
    asked, turn = drive(snap.copy(), ["mercator"], table_dice=False)
    assert [q.key for q in asked] == ["card", "choose"]  # S -> Smith -> Cosa, two tied moves
    # Architect in a table game: moves, houses, then the blue die with its meaning
    asked, turn = drive(snap, ["architect", "", "", "3"], table_dice=True)
    assert [q.key for q in asked] == ["card", "move", "build", "die"]
    die_q = asked[-1]
    assert die_q.text.startswith("blue die (Architect)")
    assert ("3", "takes Prefect") in die_q.choices  # display position 3 holds the Prefect
    assert turn.options == {"die": ["blue=3"]}
    # Tribune: no colonist bought (Enter), the S house needs no die, then the red die: what
    # each face places or takes ("Supplementary rules": Contrarius has 2 land and 2 sea
    # colonists in supply, new ones go to Roma; position 1 holds the Mercator); the S house
    # (Smith: tool, Cosa) is reached by the land and the sea colonist alike: a tie, asked last
    asked, turn = drive(snap, ["tribune", "", "card", ""], table_dice=True)
    assert [q.key for q in asked] == ["card", "place", "die", "choose"]
    assert turn.options == {"die": ["red=card"]}
    assert asked[2].choices == (("land", "a land colonist in Roma"), ("sea", "a sea colonist in Roma"),
                                 ("card", "takes Mercator"))
    # Mercator: the black die, each goods face with the city the ruling picks now
    asked, turn = drive(snap, ["mercator", "wine"], table_dice=True)
    assert ("wine", "builds in Ancona (Vmbria, wine)") in asked[-1].choices  # as README's first Mercator


def test_wrong_answer_asked_again_with_the_command_line_message(runner, tmp_path):
    game = table_game(tmp_path)
    cli = runner.invoke(app, ["play", "prefect", str(game), "--produce", "Lombardia"])
    assert cli.exit_code == 2
    r = session(runner, game, "prefect\nproduce\nLombardia\nCampania\n")
    assert r.stderr.splitlines()[0] == cli.stderr.strip()
    assert r.exit_code == 2  # a script with a refused answer says so in its exit code
    assert len(load_snapshot(str(game)).log) == 1  # the second answer was taken


def test_an_empty_line_after_a_refused_card_says_the_refusal_once(runner, tmp_path):
    """Weaver is not in the hand: refused once; the empty lines after it ask for the card
    again without saying the refusal again (the refused card is not sent again)."""
    game = table_game(tmp_path)
    r = session(runner, game, "weaver\n\n\nquit\n")
    refusals = [line for line in r.stderr.splitlines() if "Weaver is not in the hand" in line]
    assert len(refusals) == 1, r.stderr
    assert r.exit_code == 2  # one refused answer
    assert len(load_snapshot(str(game)).log) == 0


def test_unique_prefixes_and_commands():
    choices = (("Prefect", ""), ("Prefect with Praefectus Magnus", ""), ("Senator", ""))
    assert pick("sen", choices) == "Senator"
    assert pick("prefect", choices) == "Prefect"  # a whole name wins over longer ones
    # as play reads names (parsing.resolve_prefix): 'pre' begins both Prefects, and the
    # shorter begins the longer, so it is the Prefect; 'pr' before Praetor too names none
    assert pick("pre", choices) == "Prefect"
    assert pick("pr", choices + (("Praetor", ""),)) is None
    assert pick("prefect_with", choices) == "Prefect with Praefectus Magnus"
    assert parse_command("where wine") == ("where", ["wine"])
    assert parse_command("undo 2") == ("undo", ["2"])
    assert parse_command("senator") is None


def test_card_prefixes_as_play_reads_them(runner, tmp_path):
    """The card question reads names as 'play' does (contrarius.words.names): a shared prefix
    is asked again with play's message; 'pref' is the Prefect (the shortest name)."""
    snap = load_snapshot(str(EXAMPLE))
    asked, _ = drive(snap, ["m"], table_dice=True)
    cli = runner.invoke(app, ["play", "m", str(EXAMPLE)])
    assert cli.exit_code == 2 and asked[-1].error == cli.stderr.strip().removeprefix("contrarius: ")
    asked, _ = drive(snap, ["pref", "reactivate"], table_dice=True)
    assert [q.key for q in asked] == ["card", "action"]


# ----- end of input, Ctrl-C, undo -------------------------------------------------------------------
def test_end_of_input_mid_turn_leaves_the_last_whole_turn(runner, tmp_path):
    game = table_game(tmp_path)
    r = session(runner, game, "prefect\n\nCampania\narchitect\nland:Roma:Casinvm-Roma\n")
    assert r.exit_code == 2  # a script that ends mid-turn lost that turn: README's exit code 2
    assert "that turn was not written" in r.stderr
    snap = load_snapshot(str(game))  # valid
    assert [e["card"] for e in snap.log] == ["Prefect"]


def test_ctrl_c_mid_turn_abandons_that_turn(tmp_path):
    game = table_game(tmp_path)
    before = game.read_bytes()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen([sys.executable, "-m", "contrarius", "session", str(game)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    proc.stdin.write("architect\nland:Roma:Casinvm-Roma\n")
    proc.stdin.flush()
    time.sleep(3)  # started, and waiting for the next answer of the Architect turn
    proc.send_signal(signal.SIGINT)
    time.sleep(0.5)
    assert game.read_bytes() == before  # nothing written mid-turn
    out, err = proc.communicate("prefect\nreactivate\n", timeout=60)
    assert proc.returncode == 0, err
    assert "turn abandoned" in err
    snap = load_snapshot(str(game))
    assert [e["card"] for e in snap.log] == ["Prefect"]  # the Architect turn was dropped whole


def test_undo_and_redo_between_turns(runner, tmp_path):
    """undo [N] / redo [N] walk the snapshot's history (contrarius.store.history.undo/redo, as the
    undo and redo commands do); the questions start again on the file as it then is."""
    game = table_game(tmp_path)
    start = game.read_bytes()
    r = session(runner, game, "prefect\n\nCampania\npm\nreactivate\nundo 2\n")
    assert r.exit_code == 0, r.stderr
    assert "undid 2 steps; it now holds the game after 0 turns" in r.stdout
    assert load_snapshot(str(game)).log == [] and game.read_bytes() == start
    r = session(runner, game, "redo\nmercator\nfood\n")
    assert r.exit_code == 0, r.stderr
    assert [e["card"] for e in load_snapshot(str(game)).log] == ["Prefect", "Mercator"]  # redo, then a new turn
    r = session(runner, game, "redo\nundo x\n")
    assert r.exit_code == 2
    assert "nothing to redo" in r.stderr and "undo x: write undo or undo N" in r.stderr


def test_commands_between_turns(runner, tmp_path):
    game = table_game(tmp_path)
    r = session(runner, game, "help\nshow\nwhere\npreview\nlog\nquit\nprefect\n")
    assert r.exit_code == 0, r.stderr
    assert "undo" in r.stdout and "Display" in r.stdout and "No turn played yet." in r.stdout
    assert load_snapshot(str(game)).log == []  # quit before the card


def test_game_over_scores_and_plays_no_card(runner, tmp_path):
    game = table_game(tmp_path)
    assert session(runner, game, ANSWERS.read_text(encoding="utf-8")).exit_code == 0
    done = game.read_bytes()
    r = session(runner, game, "mercator\nscore\n")
    assert "no card can be played" in r.stderr
    assert r.stdout.count("Concordia") >= 2  # scored when the session starts and on 'score'
    assert game.read_bytes() == done


# ----- team and third-player ---------------------------------------------------------------------
def _new(runner, tmp_path, mode: str, seed: int) -> Path:
    p = tmp_path / f"{mode}.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--mode", mode, "--seed", str(seed), "-o", str(p)])
    assert r.exit_code == 0, r.stderr
    return p


def test_team_session_equals_play(runner, tmp_path):
    """Team play: each card is carried out by both partners; the display of a fresh team
    game is unknown (?), so Contrarius taking a card asks which it is (--reveal), and the
    card drawn after it (Enter: not recorded)."""
    by_session = _new(runner, tmp_path, "team", 3)
    by_play = copy_of(by_session, "team-play.yaml")
    r = session(runner, by_session, "prefect\nproduce\nCampania\nproduce\nApvlia\n"
                                    "architect\n\n\n\n\nMason\n\nmercator\n\n")
    assert r.exit_code == 0, r.stderr
    assert "next turn: player2" in r.stdout
    play_all(runner, by_play, [["prefect", "--produce", "Campania", "--partner-produce", "Apvlia"],
                               ["architect", "--reveal", "5=Mason"],
                               ["mercator"]])
    assert by_session.read_bytes() == by_play.read_bytes()


def test_third_player_session_with_veto_equals_play(runner, tmp_path):
    """Third player: Contrarius reacts to player2's cards only; after its die, a player
    may use their veto card (Enter: none)."""
    by_session = _new(runner, tmp_path, "third-player", 5)
    by_play = copy_of(by_session, "third-play.yaml")
    r = session(runner, by_session, "mercator\nmercator\nplayer1\nprefect\nreactivate\n")
    assert r.exit_code == 0, r.stderr
    play_all(runner, by_play, [["mercator"], ["mercator", "--veto", "player1"], ["prefect", "--reactivate"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    data = yaml.safe_load(by_session.read_text(encoding="utf-8"))
    assert data["players"][0]["veto"] is False


def test_session_refuses_stdin_and_missing_file(runner, tmp_path):
    r = runner.invoke(app, ["session", "-"])
    assert r.exit_code == 2 and "session needs a snapshot file" in r.stderr
    r = runner.invoke(app, ["session", str(tmp_path / "none.yaml")])
    assert r.exit_code == 3


@pytest.mark.parametrize("answer", ["quit", "", "prefect\nquit"])
def test_quit_or_nothing_writes_nothing(runner, tmp_path, answer):
    game = table_game(tmp_path)
    before = game.read_bytes()
    assert session(runner, game, answer + "\n").exit_code == 0
    assert game.read_bytes() == before
    assert not game.with_name(game.name + ".history").exists()


def test_team_legatus_and_double_card_equal_play(runner, tmp_path):
    """Legatus: the partner's card is asked first and carried out first ("Cooperative
    Personality Cards"); a double card: the personality chosen, then the partner's part of
    the other one (here the Architect: no move, no house)."""
    by_session = _new(runner, tmp_path, "team", 3)
    by_play = copy_of(by_session, "team-play.yaml")
    r = session(runner, by_session, "legatus\nmercator\n\nPrefect/Architect\nPrefect\nproduce\nCampania\n\n\n")
    assert r.exit_code == 0, r.stderr
    play_all(runner, by_play, [["legatus", "--partner-card", "mercator"],
                               ["Prefect/Architect", "--personality", "Prefect", "--produce", "Campania"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    log = load_snapshot(str(by_session)).log
    assert [e["card"] for e in log] == ["Legatus", "Prefect/Architect"]


def test_cards_drawn_and_taken_unknown_are_asked(runner, tmp_path):
    """A display whose stack order is not recorded: each card drawn is asked (Enter leaves
    it ?, and the later draws of the turn too); Contrarius taking a card shown as ? asks
    its name ("--reveal"). By hand: the Senator buys position 1 (Mercator); the display
    slides left and the drawn card (named Weaver) fills position 7; the white die wine
    builds in Ancona. Next turn the Architect's blue die 5 takes position 5: after the
    slide that is Architect (Mason, Prefect, Colonist, Farmer, Architect, Diplomat, Weaver)
    - known, so no question; the card drawn after it is left ?."""
    data = yaml.safe_load(table_game(tmp_path).read_text(encoding="utf-8"))
    data["stack"]["order"] = None
    by_session = tmp_path / "unknown.yaml"
    by_session.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    by_play = copy_of(by_session, "unknown-play.yaml")
    r = session(runner, by_session, "senator\n1\n\nwine\nWeaver\narchitect\n\n\n5\n\n")
    assert r.exit_code == 0, r.stderr
    play_all(runner, by_play, [["senator", "--buy", "1", "--die", "wine", "--refill", "Weaver"],
                               ["architect", "--die", "5"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    display = yaml.safe_load(by_session.read_text(encoding="utf-8"))["display"]
    assert display == ["Mason", "Prefect", "Colonist", "Farmer", "Diplomat", "Weaver", "?"]


def test_a_file_changed_meanwhile_is_not_overwritten(runner, tmp_path, monkeypatch):
    """Another command writes the snapshot while a turn is being asked: the session's turn
    is refused (the store's concurrent-change check) and the other write is kept."""
    from contrarius.cli.session import flow as session_flow

    game = table_game(tmp_path)
    other = copy_of(game, "other.yaml")
    assert runner.invoke(app, ["play", "mercator", str(other), "-i", "--die", "wine"]).exit_code == 0
    real = session_flow.turn_flow

    def meddling(snap, **kw):
        game.write_bytes(other.read_bytes())  # 'play -i' elsewhere, after the session read the file
        return real(snap, **kw)

    monkeypatch.setattr("contrarius.cli.session.command.turn_flow", meddling)
    r = session(runner, game, "prefect\nreactivate\n")
    assert "the turn was not written" in r.stderr
    assert game.read_bytes() == other.read_bytes()


# ----- after trust and variants landed (fixsession) ----------------------------------------------
def test_game_kind_comes_from_the_dice_key(runner, tmp_path):
    """'dice: table' never rolls, whatever the seed: the example with its seed 1 kept but
    dice: table asks for the black die of the Mercator (as 'play' refuses it without
    --die); the turn equals 'play mercator --die wine' (wine: Ancona, README's first Mercator)."""
    from contrarius.cli.session.command import asks_dice

    by_session = tmp_path / "t.yaml"
    by_session.write_text(EXAMPLE.read_text(encoding="utf-8").replace("seed: 1\n", "seed: 1\ndice: table\n"), encoding="utf-8")
    assert load_snapshot(str(by_session)).seed == 1 and asks_dice(load_snapshot(str(by_session)))
    by_play = copy_of(by_session, "t-play.yaml")
    assert runner.invoke(app, ["play", "mercator", str(by_play), "-i"]).exit_code != 0  # a table game never rolls
    r = session(runner, by_session, "mercator\nwine\n")
    assert r.exit_code == 0, r.stderr
    assert "(read from the table)" in r.stdout and "(rolled)" not in r.stdout
    play_all(runner, by_play, [["mercator", "--die", "wine"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    # dice: virtual with a seed rolls
    virtual = tmp_path / "v.yaml"
    virtual.write_text(EXAMPLE.read_text(encoding="utf-8").replace("seed: 1\n", "seed: 1\ndice: virtual\n"), encoding="utf-8")
    assert not asks_dice(load_snapshot(str(virtual)))


def test_log_between_turns_is_contrarius_log(runner, tmp_path):
    """The session's 'log' prints what 'contrarius log' prints (one function, render_log)."""
    game = table_game(tmp_path)
    assert session(runner, game, "prefect\n\nCampania\nmercator\nwine\n").exit_code == 0
    log = runner.invoke(app, ["log", str(game)])
    assert log.exit_code == 0
    r = session(runner, game, "log\nquit\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == log.stdout
    assert "Ancona" in r.stdout  # the Mercator's build, in the 'Contrarius did' column
    fresh = table_game(tmp_path, "fresh.yaml")
    assert session(runner, fresh, "log\n").stdout == runner.invoke(app, ["log", str(fresh)]).stdout == "No turn played yet.\n"


def _variant_game(runner, tmp_path, *flags: str) -> Path:
    tmp_path.mkdir(exist_ok=True)
    p = tmp_path / "variant.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "11", *flags, "-o", str(p)])
    assert r.exit_code == 0, r.stderr
    return p


def test_salsa_tribune_asks_the_forum_card_and_equals_play(runner, tmp_path):
    """Salsa ("Solo Variants", Concordia Salsa): a player takes a forum card each time they
    play the Tribune and Contrarius takes the first one. Asked after the colonist bought
    (the order of the Tribune's action), only in a Salsa game; 'jul' is read as play reads
    --forum (the printed name Julius, row position 2). By hand: the row Mamilius, Julius,
    Donatus Pompeius, Lucius Flavius: you take Julius, Contrarius takes Mamilius (green)."""
    by_session = _variant_game(runner, tmp_path, "--salsa", "--forum-card", "Annaeus Arcadius",
                               "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius")
    by_play = copy_of(by_session, "salsa-play.yaml")
    snap = load_snapshot(str(by_session))
    # the row was laid at the table, so the forum stack's order is not recorded: the two
    # cards drawn to refill the row are asked (Enter leaves them ?, as play without
    # --forum-refill does)
    asked, turn = drive(snap, ["tribune", "", "jul", "", ""], table_dice=False)
    assert [q.key for q in asked] == ["card", "place", "forum", "forum_refill", "choose"]
    assert turn.options == {"forum": "Julius"}
    r = session(runner, by_session, "tribune\n\njul\n\n\n")
    assert r.exit_code == 0, r.stderr
    assert "Contrarius takes the first forum card, Mamilius (green)" in r.stdout
    play_all(runner, by_play, [["tribune", "--forum", "Julius"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    # not asked in a game without Salsa, nor for another card in a Salsa game
    asked, _ = drive(load_snapshot(str(EXAMPLE)), ["tribune", "", "card", ""], table_dice=True)
    assert "forum" not in [q.key for q in asked]
    asked, _ = drive(snap, ["prefect", "", "Campania"], table_dice=False)
    assert "forum" not in [q.key for q in asked]


def test_salsa_asks_the_unrecorded_forum_cards_play_needs_and_equals_play(runner, tmp_path):
    """Salsa at a table: the forum row laid as ?, Julius, ?, Lucius Flavius (two cards not
    recorded) and the forum stack's order unknown (a table game). By hand ("Solo Variants",
    Concordia Salsa, "Whenever you take a forum card, Contrarius takes the first forum
    card", with README's reading of the take): you take Julius (position 2); the row closes
    up to ?, ?, Lucius Flavius and Contrarius takes the first card, row position 1 before
    your take, which the snapshot does not name: play needs --forum-reveal 1=NAME, so the
    session asks it (Mamilius). The row, ?, Lucius Flavius, is refilled to 4 from the
    stack: 2 cards drawn, each asked as play's --forum-refill (Victoria, Titus Valerius).
    Refused as play refuses them: an unknown name, and Lucius Flavius as the refill (it
    lies in the row already: "would be twice in the game")."""
    by_session = _variant_game(runner, tmp_path, "--table", "--salsa", "--forum-card", "Annaeus Arcadius",
                               "--forum-row", "?,Julius,?,Lucius Flavius")
    by_play = copy_of(by_session, "salsa-table-play.yaml")
    enter_copy = copy_of(by_session, "salsa-enter.yaml")
    enter_play = copy_of(by_session, "salsa-enter-play.yaml")
    snap = load_snapshot(str(by_session))
    answers = ["tribune", "", "Julius", "xyz", "mamil", "Lucius Flavius", "Victoria", "titus valerius", "land", ""]
    asked, turn = drive(snap, answers, table_dice=True)
    assert [q.key for q in asked] == ["card", "place", "forum", "forum_reveal", "forum_reveal", "forum_refill",
                                      "forum_refill", "forum_refill", "die", "choose"]
    assert "row position 1" in asked[3].text and asked[4].error.startswith("unknown forum card 'xyz'")
    assert "would be twice in the game" in asked[6].error
    assert turn.options == {"forum": "Julius", "forum_reveal": ["1=Mamilius"],
                            "forum_refill": ["Victoria", "Titus Valerius"], "die": ["red=land"]}
    r = session(runner, by_session, "\n".join(answers) + "\n")
    assert r.exit_code == 2  # answers were refused (from a pipe)
    assert "the forum row closes up and is refilled: Victoria, Titus Valerius" in r.stdout
    play_all(runner, by_play, [["tribune", "--forum", "Julius", "--forum-reveal", "1=Mamilius", "--forum-refill", "Victoria",
                                "--forum-refill", "Titus Valerius", "--die", "red=land"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    salsa = load_snapshot(str(by_play)).variants.salsa
    assert salsa.contrarius == ["Annaeus Arcadius", "Mamilius"] and salsa.row == ["?", "Lucius Flavius", "Victoria", "Titus Valerius"]
    # Enter at the first card drawn leaves it and the next ?, as play without --forum-refill
    asked, turn = drive(snap, ["tribune", "", "Julius", "Mamilius", "", "land", ""], table_dice=True)
    assert [q.key for q in asked] == ["card", "place", "forum", "forum_reveal", "forum_refill", "die", "choose"]
    assert turn.options == {"forum": "Julius", "forum_reveal": ["1=Mamilius"], "die": ["red=land"]}
    r = session(runner, enter_copy, "tribune\n\nJulius\nMamilius\n\nland\n\n")
    assert r.exit_code == 0, r.stderr
    play_all(runner, enter_play, [["tribune", "--forum", "Julius", "--forum-reveal", "1=Mamilius", "--die", "red=land"]])
    assert enter_copy.read_bytes() == enter_play.read_bytes()
    assert load_snapshot(str(enter_play)).variants.salsa.row == ["?", "Lucius Flavius", "?", "?"]
    # a virtual game whose forum stack order is recorded: nothing more is asked
    seeded = _variant_game(runner, tmp_path / "seeded", "--salsa")
    asked, _ = drive(load_snapshot(str(seeded)), ["tribune", "", "1"], table_dice=False)
    assert [q.key for q in asked][:3] == ["card", "place", "forum"]
    assert not {"forum_reveal", "forum_refill"} & {q.key for q in asked}


def test_fish_market_asks_the_fish_paid_and_equals_play(runner, tmp_path):
    """The fish market ("Solo Variants"): fish paid at the market go to Contrarius, on any
    turn: asked after the card's own questions, only in a fish-market game (Enter: 0)."""
    by_session = _variant_game(runner, tmp_path, "--fish-market")
    by_play = copy_of(by_session, "fish-play.yaml")
    snap = load_snapshot(str(by_session))
    asked, turn = drive(snap, ["prefect", "", "Campania", "x", "2"], table_dice=False)
    assert [q.key for q in asked] == ["card", "action", "produce", "fish", "fish"]
    assert asked[-1].error.startswith("'x': the number of fish")  # no flag the session user never typed
    assert turn.options == {"produce": "Campania", "fish": 2}
    r = session(runner, by_session, "mercator\n2\nprefect\nreactivate\n\n")
    assert r.exit_code == 0, r.stderr
    assert "you paid 2 fish at the fish market: they go to Contrarius (fish 0 -> 2" in r.stdout
    play_all(runner, by_play, [["mercator", "--fish", "2"], ["prefect", "--reactivate"]])
    assert by_session.read_bytes() == by_play.read_bytes()
    asked, _ = drive(load_snapshot(str(EXAMPLE)), ["prefect", "", "Campania"], table_dice=True)
    assert "fish" not in [q.key for q in asked]


@pytest.mark.parametrize("answers", ["xyz\nquit\n", "xyz\n"])
def test_a_refused_card_is_no_turn(runner, tmp_path, answers):
    """A refused card answer starts no turn: quit or the end of the input then says nothing
    about a turn not written (none had started)."""
    game = table_game(tmp_path)
    before = game.read_bytes()
    r = session(runner, game, answers)
    assert r.stderr.splitlines() == ["contrarius: unknown card 'xyz'; known: Architect, Colonist, Consul, Diplomat, Farmer, "
                                     "Mason, Mercator, Prefect, Prefect with Praefectus Magnus, Senator, Smith, Tribune, Vintner, Weaver"]
    assert r.exit_code == 2  # the refused answer
    assert game.read_bytes() == before


def test_help_shows_brackets_and_redo_n(runner, tmp_path):
    r = session(runner, table_game(tmp_path), "help\n")
    assert "Enter takes the default shown in [brackets]; Ctrl-C abandons" in r.stdout
    assert "redo [N]" in r.stdout and "undo [N]" in r.stdout and "where [FACE]" in r.stdout


@pytest.mark.parametrize("card", ["xyz", "mecrator", "m"])
def test_unknown_card_message_is_plays(runner, tmp_path, card):
    """One code path: the card answer is refused with exactly play's message."""
    game = table_game(tmp_path)
    cli = runner.invoke(app, ["play", card, str(game)])
    r = session(runner, game, f"{card}\n")
    assert cli.exit_code == 2 and r.stderr == cli.stderr


def _completions(front, text: str) -> list[str]:
    out, i = [], 0
    while (hit := front.complete(text, i)) is not None:
        out.append(hit)
        i += 1
    return out


def test_tab_completes_the_move_shorthand_and_moves_from_the_new_position(runner, tmp_path):
    """At the move question Tab completes the city after '>' (the cities the colonist can
    end next to within the steps left) and, after a first move, offers moves from where
    the colonist now stands. By hand on Italia (base rules, the Architect: 2 colonists on
    the board, so 2 steps): the land colonist in Roma reaches Roma-Casinvm (1 step; ends
    Casinvm) and Cosa-Roma (1 step; Cosa) - the C cities after 'land:Roma>C'. After
    land:Roma>Casinvm (1 step) 1 step is left: from Casinvm-Roma one step reaches
    Casinvm-Hadria, -Lvceria, -Neapolis, -Spoletvm, Cosa-Roma and Roma-Spoletvm. The
    second shorthand is read from the new position, in the session as in play."""
    from contrarius.cli.session.command import Front

    snap = load_snapshot(str(EXAMPLE))
    flow = turn_flow(snap, table_dice=True)
    next(flow)
    q = flow.send("architect")
    front = Front(None, False)
    front.choices, front.more = q.choices, q.complete
    assert _completions(front, "land:Roma>C") == ["land:Roma>Casinvm", "land:Roma>Cosa"]
    assert _completions(front, "land:Roma>Ne") == ["land:Roma>Neapolis"]  # 2 steps: Casinvm-Neapolis
    assert "land:Roma:Casinvm-Roma" in _completions(front, "land:Roma:")
    q = flow.send("land:Roma>Casinvm")
    assert q.key == "move" and q.error is None and "1 left" in q.text
    front.choices, front.more = q.choices, q.complete
    assert _completions(front, "land:") == ["land:Casinvm-Roma:Casinvm-Hadria", "land:Casinvm-Roma:Casinvm-Lvceria",
                                           "land:Casinvm-Roma:Casinvm-Neapolis", "land:Casinvm-Roma:Casinvm-Spoletvm",
                                           "land:Casinvm-Roma:Cosa-Roma", "land:Casinvm-Roma:Roma-Spoletvm"]
    assert _completions(front, "land:Casinvm-Roma>N") == ["land:Casinvm-Roma>Neapolis"]
    # 'Roma' now names the colonist on Casinvm-Roma (a city next to its line, as parse_move reads it)
    assert _completions(front, "land:Roma>") == [c.replace("Casinvm-Roma>", "Roma>") for c in _completions(front, "land:Casinvm-Roma>")]
    assert "land:Casinvm-Roma>Casinvm" not in _completions(front, "land:Casinvm-Roma>")  # already next to it
    # the turn: both shorthands (the 2 steps used: no third move is asked), then a house in
    # Neapolis; equal to play with the same moves
    by_session = table_game(tmp_path, "moves.yaml")
    by_play = copy_of(by_session, "moves-play.yaml")
    r = session(runner, by_session, "architect\nland:Roma>Casinvm\nland:Casinvm-Roma>Neapolis\nNeapolis\n\n1\n")
    assert r.exit_code == 0, r.stderr
    assert "your land colonist moves Casinvm-Roma -> Casinvm-Neapolis (1 step)" in r.stdout
    play_all(runner, by_play, [["architect", "--move", "land:Roma>Casinvm", "--move", "land:Casinvm-Roma>Neapolis",
                                "--build", "Neapolis", "--die", "1"]])
    assert by_session.read_bytes() == by_play.read_bytes()


def test_a_card_not_in_the_hand_is_refused_at_the_card_question(runner, tmp_path):
    """A recorded hand: the card answer is refused at once with play's message (turn.card_in_hand),
    also for a Diplomat, whose other checks wait for the card it copies. By hand: the example's
    hand holds one Diplomat; once played it lies on the discard pile, not in the hand."""
    game = tmp_path / "hand.yaml"
    game.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    play_all(runner, game, [["diplomat", "--copy", "Architect"]])
    cli = runner.invoke(app, ["play", "diplomat", str(game), "--copy", "Mercator"])
    assert cli.exit_code != 0 and "Diplomat is not in the hand of player" in cli.stderr
    asked, _ = drive(load_snapshot(str(game)), ["diplomat"], table_dice=False)
    assert [q.key for q in asked] == ["card", "card"] and asked[-1].error == cli.stderr.strip().removeprefix("contrarius: ")
    r = session(runner, game, "diplomat\nquit\n")
    assert r.stderr == cli.stderr and r.exit_code == 2


def test_an_answer_reads_the_file_but_parses_it_only_when_it_changed(runner, tmp_path, monkeypatch):
    """A question is answered at once: after show/where/log the session checks that
    the file still holds the text it was read from, and parses it again only when it does
    not; a file changed during an answer (another command's 'play -i') is still noticed: the
    next card is played on the file as it then is, as before."""
    from contrarius.store import snapshot_text as store
    from contrarius.cli.commands import where as where_cmd

    game = table_game(tmp_path)
    parsed: list[str] = []
    real_load = store.load_snapshot_text

    def counting(text, source):
        parsed.append(source)
        return real_load(text, source)

    monkeypatch.setattr(store, "load_snapshot_text", counting)
    r = session(runner, game, "where\nwhere\nlog\nquit\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.count("Where does Contrarius build?") == 2
    assert len(parsed) == 2  # the check of the file before any question, the turn's read; no answer parses

    # 'play -i mercator' elsewhere while the session answers 'where': the session's
    # Prefect is then played on that game (turn 2), as 'play -i' would
    other = copy_of(game, "other.yaml")
    assert runner.invoke(app, ["play", "mercator", str(other), "-i", "--die", "wine"]).exit_code == 0
    real_where = where_cmd.show_where

    def meddling(snap, face, **kw):
        game.write_bytes(other.read_bytes())
        return real_where(snap, face, **kw)

    monkeypatch.setattr(where_cmd, "show_where", meddling)
    r = session(runner, game, "where\nprefect\nreactivate\n")
    assert r.exit_code == 0, r.stderr
    assert [e["card"] for e in load_snapshot(str(game)).log] == ["Mercator", "Prefect"]
    assert runner.invoke(app, ["play", "prefect", str(other), "-i", "--reactivate"]).exit_code == 0
    assert game.read_bytes() == other.read_bytes()


def test_the_commands_by_their_portuguese_words(runner, tmp_path):
    """``mostrar``, ``ajuda``, ``sair`` (flow.COMMAND_WORDS) are the session's show, help and
    quit, in either language; ``sair`` during a turn abandons it as ``quit`` does."""
    from contrarius.cli.session.flow import parse_command

    assert parse_command("Mostrar") == ("show", []) and parse_command("onde vinho") == ("where", ["vinho"])
    assert parse_command("previa") == parse_command("prévia") == ("preview", [])
    assert parse_command("sa") is None  # a whole word only: a card's beginning is never a command
    game = table_game(tmp_path)
    before = game.read_bytes()
    r = runner.invoke(app, ["--lang", "pt_BR", "session", str(game)], input="ajuda\nmostrar\nprefeito\nsair\n")
    assert r.exit_code == 0, r.stderr
    assert "  quit / sair " in r.stdout and "quit durante um turno" in r.stderr
    assert game.read_bytes() == before
    r = session(runner, game, "help\nsair\n")
    assert r.exit_code == 0 and "  quit     end the session" in r.stdout
