"""The move shorthand ``KIND:WHERE>CITY`` checks the step budget before asking which move
(base rules, the Architect: "as many movement steps as they have colonists on the
board"), on the real Italia board of examples/italia-setup.yaml."""

from __future__ import annotations

import shutil
from pathlib import Path

from contrarius.cli import app


def test_a_city_beyond_the_steps_is_refused_before_asking_which_move(runner, tmp_path, examples_dir):
    """The player has 2 colonists on the board (land and sea in Roma): 2 steps. Ravenna's
    land lines run to Ancona, Aqvileia, Florentia, Mvtina and Verona. One step from Roma
    reaches Casinvm-Roma, Cosa-Roma, Roma-Spoletvm; two steps the lines from Casinvm
    (Hadria, Lvceria, Neapolis, Spoletvm), Cosa (Florentia) and Spoletvm (Ancona, Casinvm,
    Florentia, Hadria): none ends in Ravenna. Ancona-Ravenna and Florentia-Ravenna are 3
    steps and tie, but neither fits 2 steps: no "which move?", the budget is named."""
    path = tmp_path / "g.yaml"
    shutil.copy(examples_dir / "italia-setup.yaml", path)
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(tmp_path / "n.yaml"), "--move", "land:Roma>Ravenna",
                            "--die", "1"])
    assert r.exit_code == 2
    assert "which move" not in r.stderr
    assert "Ravenna is 3 steps away, but you have 2 colonists on the board, so 2 steps" in r.stderr


def test_a_later_shorthand_has_only_the_steps_left(runner, tmp_path, examples_dir):
    """The same table: 2 steps. The first move ``sea:Roma>Olbia`` takes 1 (Olbia-Roma is a
    sea line at Roma). Florentia is 2 steps from Roma by land (Roma-Cosa, Cosa-Florentia or
    Roma-Spoletvm, Florentia-Spoletvm: a tie), but 1 step is left: the second shorthand is
    refused with what is left, never a "which move?" between moves that do not fit. Alone,
    the same shorthand asks which of the two 2-step moves."""
    path = tmp_path / "g.yaml"
    shutil.copy(examples_dir / "italia-setup.yaml", path)
    out = tmp_path / "n.yaml"
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(out), "--move", "sea:Roma>Olbia",
                            "--move", "land:Roma>Florentia", "--die", "1"])
    assert r.exit_code == 2 and not out.exists()
    assert "which move" not in r.stderr
    assert "Florentia is 2 steps away, but you have 1 step left of 2 (earlier moves took 1)" in r.stderr
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(out), "--move", "land:Roma>Florentia", "--die", "1"])
    assert r.exit_code == 2
    assert "which move? land:Roma:Cosa-Florentia or land:Roma:Florentia-Spoletvm (each 2 steps)" in r.stderr


def test_the_session_numbers_the_players_tied_moves(runner, tmp_path, examples_dir):
    """In ``session`` the same shorthand ``land:Roma>Florentia`` is not refused: the two
    tied moves are shown numbered (as play's report numbers Contrarius's, "option 1 of 2")
    and answered by number; a number out of range is refused. Answer 2 keeps the exact move
    land:Roma:Florentia-Spoletvm (both steps used: no further move is asked), then the house
    in Florentia, then the blue die: the same turn as ``play architect --move
    land:Roma:Florentia-Spoletvm --build Florentia --die 1``. Florentia (tool) costs 1 brick,
    1 tool and 2 sestertii (base rules: a tool city's 2 per house, 1 house): the start
    goods hold them."""
    from contrarius.store.snapshot_text import load_snapshot
    from test_session import copy_of, drive, play_all, session, table_game

    snap = load_snapshot(str(examples_dir / "italia-setup.yaml"))
    asked, turn = drive(snap, ["architect", "land:Roma>Florentia", "3", "2", "Florentia", "", "1"], table_dice=True)
    tie = asked[2]
    assert tie.key == "move" and tie.text == "Which of the 2 tied moves for land:Roma>Florentia? 1 to 2"
    assert tie.notes == ("1. land:Roma:Cosa-Florentia (2 steps)", "2. land:Roma:Florentia-Spoletvm (2 steps)")
    assert asked[3].error == "'3': 2 moves tie; answer 1 to 2 (or type one of them)"
    assert [q.key for q in asked[4:]] == ["build", "build", "die"]
    assert turn.options == {"move": ["land:Roma:Florentia-Spoletvm"], "build": ["Florentia"], "die": ["blue=1"]}
    by_session = table_game(tmp_path, "s.yaml")  # every die asked
    by_play = copy_of(by_session, "p.yaml")
    r = session(runner, by_session, "architect\nland:Roma>Florentia\n2\nFlorentia\n\n1\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused
    play_all(runner, by_play, [["architect", "--move", "land:Roma:Florentia-Spoletvm", "--build", "Florentia", "--die", "1"]])
    assert by_session.read_bytes() == by_play.read_bytes()


def test_the_session_does_not_ask_between_tied_moves_that_end_alike(runner, tmp_path):
    """tests/data/table/aegyptus-berenice-tie.yaml (tests/test_aegyptus_traders.py works it
    out): Contrarius's two 3-step moves to Berenice tie, and either ends with its sea
    colonist on Berenice-Incense as the Incense trader (option 1 by its build move, option 2
    by its 2 surplus steps): the same game. So the session asks the black die and then no
    "you choose" question: its answers would all lead to the same state. The turn equals
    ``play mercator --die tool``."""
    from test_session import copy_of, play_all, session

    data = Path(__file__).parent / "data" / "table" / "aegyptus-berenice-tie.yaml"
    by_session = tmp_path / "s.yaml"
    shutil.copy(data, by_session)
    by_play = copy_of(by_session, "p.yaml")
    r = session(runner, by_session, "mercator\ntool\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused: "tool" was the last question
    play_all(runner, by_play, [["mercator", "--die", "tool"]])
    assert by_session.read_bytes() == by_play.read_bytes()
