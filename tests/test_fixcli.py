"""Fixes from the `fixcli` round: typo suggestions through city aliases, usage errors
before any rule runs, Hispania/Byzantium without salt. Expected values are worked out by
hand in the comments."""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.board import load_board
from contrarius.cli import app

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "italia-setup.yaml"


# ----- 2. suggestions match aliases, offer printed names --------------------------------
def test_typo_of_an_alias_suggests_the_printed_name_with_the_alias(runner, tmp_path):
    # gallia: Lvtetia's alias is Paris (boards/gallia.yaml aliases); "Parsi" is two letters
    # swapped from "Paris" but far from every printed name: the suggestion names Lvtetia
    # (printed, issue 16) and says which alias matched.
    g = tmp_path / "ga.yaml"
    assert runner.invoke(app, ["new", "--board", "gallia", "--seed", "3", "-o", str(g)]).exit_code == 0
    r = runner.invoke(app, ["play", "arch", str(g), "-i", "--move", "land:Lvtetia>Parsi", "--build", "Paris", "--die", "2"])
    assert r.exit_code == 2
    assert "did you mean Lvtetia (Paris)" in r.stderr
    assert "Alesia" not in r.stderr.split("did you mean")[1].split(",")[0]


def test_suggestion_never_offers_an_alias_alone():
    b = load_board("gallia")
    try:
        b.place("Parsi")
    except Exception as exc:  # noqa: BLE001 - the message is what is tested
        offered = str(exc).split("did you mean ")[1].rstrip("?").split(", ")
    for name in offered:
        assert name.split(" (")[0] in b.places  # every offer starts with a printed name


# ----- 3. usage errors before rule work --------------------------------------------------
def test_in_place_on_stdin_is_a_usage_error_before_the_card_is_checked(runner, tmp_path):
    # examples/italia-setup.yaml, after one Mercator: the Mercator is no longer in the hand,
    # so the rules would refuse it (exit 4); -i on stdin is a usage error (exit 2) first.
    g = tmp_path / "g.yaml"
    g.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert runner.invoke(app, ["play", "merc", str(g), "-i", "--die", "wine"]).exit_code == 0
    r = runner.invoke(app, ["play", "merc", "-", "-i", "--die", "wine"], input=g.read_text(encoding="utf-8"))
    assert r.exit_code == 2, r.stderr
    assert "needs a snapshot file" in r.stderr
    assert "not in the hand" not in r.stderr
    # the same for reveal and for -o with -i
    r = runner.invoke(app, ["reveal", "-", "7=Consul", "-i"], input=g.read_text(encoding="utf-8"))
    assert r.exit_code == 2 and "needs a snapshot file" in r.stderr
    r = runner.invoke(app, ["play", "merc", str(g), "-i", "-o", str(tmp_path / "x.yaml"), "--die", "wine"])
    assert r.exit_code == 2 and "not both" in r.stderr
