"""Aegyptus traders on real aegyptus boards ("Solo Variants", Concordia Aegyptus: "Surplus
movement steps are used to reach the bonus spots"), with the reading of README "How the
rules are read": a sea colonist of Contrarius that ends any move (its build move or its
surplus steps) on a free line joined to a bonus spot with no trader of it becomes that
spot's trader at once; a trader never moves again and still counts toward the movement
steps ("its movement still counts")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from contrarius.cli import app
from contrarius.rules.build import building_colonists, contrarius_steps, where
from contrarius.store.snapshot_text import load_snapshot

DATA = Path(__file__).parent / "data" / "table"


def _copy(tmp_path: Path, name: str) -> Path:
    dest = tmp_path / name
    shutil.copy(DATA / name, dest)
    return dest


@pytest.mark.parametrize("choose", [1, 2])
def test_the_tied_build_moves_both_make_the_incense_trader(runner, tmp_path, choose):
    """aegyptus-berenice-tie.yaml: turn 15, veteran, a Mercator, the black die shows tool.

    Contrarius's colonists: land on Jervsalem-Petra, sea on Gold-Meroe (its Gold trader,
    recorded), land, land in Memphis, sea in Aila: 5 on the board = 5 movement steps (the
    trader counts). Tool cities: Alexandria, Jervsalem, Oxyrhynchvs hold its houses (step 1),
    so Berenice is the only one. Berenice's sea lines are Berenice-Incense and Berenice-Myos
    Hormos; from Aila: Aila-Levke Kome, Incense-Levke Kome, Berenice-Incense (3) or Aila-Levke
    Kome, Levke Kome-Myos Hormos, Berenice-Myos Hormos (3): a tie, the player chooses.
    Option 1 ends on Berenice-Incense, a free line to Incense where it has no trader: it
    becomes the Incense trader at once; 2 surplus steps reach no disc without its trader.
    Option 2 ends on Berenice-Myos Hormos; its 5 - 3 = 2 surplus steps move it one line on
    to Berenice-Incense: the Incense trader. Either way traders [Gold, Incense] (14 VP),
    and the board holds 5 colonists = 5 steps afterwards."""
    path = _copy(tmp_path, "aegyptus-berenice-tie.yaml")
    before = load_snapshot(path)
    assert contrarius_steps(before) == 5
    r = runner.invoke(app, ["play", "mercator", str(path), "-i", "--die", "tool", "--choose", str(choose)])
    assert r.exit_code == 0, r.output
    assert "becomes a trader at Incense" in r.output
    after = load_snapshot(path)
    assert after.variants.aegyptus.traders == ["Gold", "Incense"]
    assert after.houses["Berenice"] == ["contrarius"]
    assert contrarius_steps(after) == 5 and len(building_colonists(after)) == 3
    w = runner.invoke(app, ["where", "cloth", str(path)])
    assert w.stdout.splitlines()[0].endswith("5 colonists on the board = 5 movement steps")


def test_a_build_move_onto_a_disc_line_makes_a_trader_that_still_counts(runner, tmp_path):
    """aegyptus-build-onto-disc-line.yaml: Contrarius has a sea colonist on Myos
    Hormos-Rhaithov and a land colonist in Memphis (2 steps); the player's sea colonist
    stands on Berenice-Myos Hormos. Black die tool: Berenice (Red Sea, step 1a) is reached
    Myos Hormos-Rhaithov -> Berenice-Myos Hormos (passed: occupied) -> Berenice-Incense,
    2 steps, ending on a free line to the Incense disc: the Incense trader at once.
    Next, brick: still 2 steps (the trader counts), but only the land colonist in Memphis
    moves. Memphis -> Memphis-Oxyrhynchvs -> Lyopolis-Oxyrhynchvs reaches Lyopolis (2 steps,
    up the Nile: step 1a wins over Aila and Oasis Parva), so it builds in Lyopolis."""
    path = _copy(tmp_path, "aegyptus-build-onto-disc-line.yaml")
    r = runner.invoke(app, ["play", "mercator", str(path), "-i", "--die", "black=tool"])
    assert r.exit_code == 0, r.output
    after = load_snapshot(path)
    assert after.houses["Berenice"] == ["contrarius"]
    assert after.variants.aegyptus.traders == ["Incense"]
    assert "ended its move on Berenice-Incense" in r.output
    ruling = where(after, "brick")
    assert ruling.steps == 2 and ruling.city == "Lyopolis"
    assert [m.describe() for m in ruling.moves] == ["land colonist Memphis -> Memphis-Oxyrhynchvs -> Lyopolis-Oxyrhynchvs (2 steps)"]
    w = runner.invoke(app, ["where", "brick", str(path)])
    assert "2 colonists on the board = 2 movement steps" in w.stdout
    assert "it never moves again and still counts toward the movement steps" in r.output
    assert "board: Contrarius's Aegyptus trader on Berenice-Incense counts toward the steps but never moves" in w.stdout


def test_check_names_a_trader_written_as_a_mapping(runner, tmp_path):
    """variants.aegyptus.traders holds the spots' names; a mapping there is a snapshot
    problem named by its key (exit 1, never an internal error)."""
    path = _copy(tmp_path, "aegyptus-traders-mapping.yaml")
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 1, r.output
    assert "variants.aegyptus.traders[0]: expected the name of a bonus spot" in r.output
