"""Gallia's harbour readings on the real gallia board (README "How the rules are read",
Gallia): the sea colonist waiting in the Mediterranean counts toward the movement steps
(the rulebook, "Where does Contrarius build?": "the number of possible movement steps is as
usual the number of colonists") though it cannot move, and "its first harbor city" ("Solo
Variants", Concordia Gallia) is the first harbour city Contrarius built in."""

from __future__ import annotations

import shutil
from pathlib import Path

from contrarius.cli import app
from contrarius.rules.game import new_game
from contrarius.rules.setup import SetupOptions
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot

DATA = Path(__file__).parent / "data" / "table"


def test_where_counts_the_waiting_sea_colonist_and_says_so(runner, tmp_path):
    """A fresh gallia game: Contrarius's land colonist in Lvtetia and its sea colonist in
    the Mediterranean: 2 colonists on the board = 2 movement steps; the trace says the
    waiting one counts but cannot move."""
    s, _ = new_game(SetupOptions(board="gallia", seed=2))
    path = tmp_path / "g.yaml"
    path.write_text(dump_snapshot(s), encoding="utf-8")
    r = runner.invoke(app, ["where", "tool", str(path)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].endswith("2 colonists on the board = 2 movement steps")
    assert "it counts toward the steps but cannot move" in r.stdout


def test_the_new_sea_colonist_goes_to_the_first_harbour_city_built_in(runner, tmp_path):
    """gallia-salsa-turn5.yaml (gallia + Salsa, table dice): Contrarius built Avaricvm
    (turn 2) and Jvliobona (turn 4, its first harbour house; its waiting sea colonist was
    placed there). The Tribune: Contrarius prefers a salt city (Salsa) and builds in
    Bononia, a second harbour city. The red die shows sea: the new sea colonist goes to
    "its first harbor city", the first it built in: Jvliobona, not Bononia (which is only
    first in alphabetical order). The snapshot now records Jvliobona as
    variants.gallia.first_harbour."""
    path = tmp_path / "game.yaml"
    shutil.copy(DATA / "gallia-salsa-turn5.yaml", path)
    r = runner.invoke(app, ["play", "tribune", str(path), "-o", str(tmp_path / "next.yaml"), "--place", "land:Lvtetia",
                            "--forum", "gaius marcellus", "--forum-refill", "Publius", "--forum-refill",
                            "Faustus Marcellus", "--die", "red=sea"])
    assert r.exit_code == 0, r.output
    assert "Contrarius builds in Bononia" in r.output
    assert "places a sea colonist in Jvliobona (Jvliobona is its first harbour city, the first it built in" in r.output
    after = load_snapshot(tmp_path / "next.yaml")
    assert after.variants.gallia.first_harbour == "Jvliobona"
    sea = [c.where for c in after.colonists if c.owner == "contrarius" and c.kind == "sea"]
    assert sea == ["Jvliobona", "Jvliobona"]


def test_several_harbour_houses_without_the_order_ask_for_it(runner, tmp_path):
    """With houses in Bononia and Jvliobona and no variants.gallia.first_harbour, which
    harbour city came first is not known: a new sea colonist cannot be placed; the command
    names the key to write (exit 2, as Aegyptus's unrecorded first Red Sea house) and
    writes nothing."""
    path = tmp_path / "game.yaml"
    shutil.copy(DATA / "gallia-salsa-turn5.yaml", path)
    text = path.read_text().replace("Jvliobona: [contrarius],", "Bononia: [contrarius], Jvliobona: [contrarius],")
    path.write_text(text)
    r = runner.invoke(app, ["play", "tribune", str(path), "-o", str(tmp_path / "n.yaml"), "--place", "land:Lvtetia",
                            "--forum", "gaius marcellus", "--forum-refill", "Publius", "--forum-refill",
                            "Faustus Marcellus", "--die", "red=sea"])
    assert r.exit_code == 2, r.output
    assert "variants.gallia.first_harbour" in r.stderr
    assert not (tmp_path / "n.yaml").exists()
