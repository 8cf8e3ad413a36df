"""The move shorthand ``KIND:WHERE>CITY`` checks the step budget before asking which move
(base rules, the Architect: "as many movement steps as they have colonists on the
board"), on the real Italia board of examples/italia-setup.yaml."""

from __future__ import annotations

import shutil

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
