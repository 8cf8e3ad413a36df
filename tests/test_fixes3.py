"""Regression tests for the fixes3 findings (breaker and new-user sessions), on real boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.cli import app


def _new(runner: CliRunner, path: Path, *args: str) -> None:
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- breaker 9: an option of a solo variant the game does not use is refused in every mode -----
VARIANT_OPTIONS = [["--fish", "7"], ["--forum", "Julius"], ["--forum-refill", "Victoria"], ["--forum-reveal", "1=Julius"]]


@pytest.mark.parametrize("mode", ["solo", "team", "third-player"])
@pytest.mark.parametrize("option", VARIANT_OPTIONS, ids=lambda o: o[0])
def test_a_solo_variant_option_the_game_does_not_use_is_refused_in_every_mode(tmp_path, runner, mode, option):
    # Italia, no --salsa / --fish-market: "Solo Variants" are not in play, so --fish (fish
    # paid at the fish market) and the forum options have nothing to record. A solo game
    # refused --fish with exit 2; team and third-player games ignored it with exit 0 and
    # wrote the same snapshot as without it.
    game = tmp_path / "g.yaml"
    _new(runner, game, "--mode", mode)
    before = game.read_bytes()
    out = tmp_path / "out.yaml"
    r = runner.invoke(app, ["play", "mercator", str(game), *option, "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert "this game does not use" in r.stderr and option[0] in r.stderr
    assert not out.exists() and game.read_bytes() == before


# ----- breaker 13: a key given twice is refused; values shown as written in YAML -----------------
@pytest.mark.parametrize("args, said", [
    (["score", "{g}", "--goods", "brick=1,brick=5", "--sestertii", "1"], "--goods: brick is given twice (1 and 5)"),
    (["score", "{g}", "--goods", "grain=1", "--goods", "food=2", "--sestertii", "1"], "--goods: food is given twice"),
    (["score", "{g}", "--player-points", "vesta=4,Vesta=5"], "--player-points: Vesta is given twice"),
    (["play", "mercator", "{g}", "--reveal", "3=Weaver,3=Consul", "-o", "{o}"], "--reveal: display position 3 is given twice"),
])
def test_a_key_given_twice_is_refused_not_summed(tmp_path, runner, args, said):
    # `score --goods brick=1,brick=5` summed to 6 bricks (Vesta counted 6 goods); a key
    # given twice is contradictory input: exit 2, nothing written.
    game, out = tmp_path / "g.yaml", tmp_path / "out.yaml"
    _new(runner, game)
    r = runner.invoke(app, [a.format(g=game, o=out) for a in args])
    assert r.exit_code == 2, r.output
    assert said in r.stderr and not out.exists()


def test_goods_given_once_each_still_add_up(tmp_path, runner):
    # different goods, in one option or repeated (grain is read as food), are kept as given
    from contrarius.cli.commands.score import parse_goods

    assert parse_goods(["brick=1,food=2"]) == {"brick": 1, "food": 2}
    assert parse_goods(["brick=1", "grain=2"]) == {"brick": 1, "food": 2}


@pytest.mark.parametrize("key, value, shown", [
    ("seed", "2001-01-01", "got 2001-01-01;"),
    ("seed", "true", "got true;"),
    ("seed", "[1, 2]", "got [1, 2];"),
    ("display", "{a: 1}", "got {a: 1};"),
])
def test_snapshot_type_messages_show_the_value_as_written(tmp_path, runner, key, value, shown):
    # the validator said "got datetime.date(2001, 1, 1)": a Python repr the user never wrote
    game = tmp_path / "g.yaml"
    _new(runner, game)
    text = "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line
                     for line in game.read_text(encoding="utf-8").splitlines())
    game.write_text(text + "\n", encoding="utf-8")
    r = runner.invoke(app, ["check", str(game)])
    assert r.exit_code != 0
    assert shown in r.output and "datetime" not in r.output and "None" not in r.output and "True" not in r.output


# ----- new user 7c: the Aegyptus reading says only what still acts --------------------------------
def test_aegyptus_reading_drops_the_red_sea_part_once_contrarius_has_a_house_there(tmp_path, runner):
    # "Solo Variants", Concordia Aegyptus: Contrarius prioritizes "its first harbor city at the
    # Red Sea" and "following the Nile upstream". Aegyptus seed 3, no houses: a wine build goes
    # to Klysma (Red Sea) under the whole reading. With a house of Contrarius in Klysma the
    # Red Sea part no longer acts: every later build said "while Contrarius has no house at
    # the Red Sea" all the same; now only the Nile part is said.
    game = tmp_path / "ae.yaml"
    r = runner.invoke(app, ["new", "--board", "aegyptus", "--seed", "3", "-o", str(game)])
    assert r.exit_code == 0, r.output
    before = runner.invoke(app, ["where", "wine", str(game)])
    assert "while Contrarius has no house at the Red Sea" in before.stdout
    assert "=> Contrarius builds in Klysma" in before.stdout
    built = tmp_path / "built.yaml"
    built.write_text(game.read_text(encoding="utf-8").replace("houses: {}", "houses: {Klysma: [contrarius]}"), encoding="utf-8")
    after = runner.invoke(app, ["where", "wine", str(built)])
    assert after.exit_code == 0, after.output
    assert "has no house at the Red Sea" not in after.stdout
    assert "a reachable Nile city upstream of Contrarius's houses on the Nile" in after.stdout


# ----- new user 6a: a Senator's two buys slide the display once ------------------------------------
def test_two_buys_with_unrecorded_stack_cards_name_their_final_positions(tmp_path, runner):
    # Italia seed 1, a table game (--display as dealt: the stack is not recorded, so the cards
    # drawn are ?). The Senator buys positions 2 and 5 (base rules: "up to two cards";
    # "Afterwards cards slide left into empty positions and the display refills"): 5 cards
    # slide left, the two drawn lie in positions 6 and 7 - each printed once, with the
    # --reveal position it really has (before, the first was said to lie in position 7).
    game = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--display",
                            "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Diplomat", "-o", str(game)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "o.yaml"
    r = runner.invoke(app, ["play", "senator", str(game), "--buy", "2", "--buy", "5", "--die", "white=wine", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.stderr.replace("│", " ").split())
    assert text.count("slides left") == 1
    assert "--reveal 6=CARD" in text and "--reveal 7=CARD" in text
    import yaml

    display = yaml.safe_load(out.read_text(encoding="utf-8"))["display"]
    # dealt display after setup (Contrarius took Mason as its sixth card; the refill is ?):
    # Mercator, Prefect, Colonist, Farmer, Architect, Diplomat, ?; positions 2 (Prefect) and
    # 5 (Architect) bought: Mercator, Colonist, Farmer, Diplomat, ? slide left, two ? drawn
    assert display == ["Mercator", "Colonist", "Farmer", "Diplomat", "?", "?", "?"]


# ----- new user 6b: preview of the final card after Contrarius ended the game ----------------------
@pytest.mark.parametrize("full", [[], ["--all"]])
def test_preview_of_the_final_card_says_there_is_no_reaction(tmp_path, runner, full):
    # "End of the game": after Contrarius ends it you play one final card, and Contrarius
    # does not react to it. The summary printed a table of +0 for every card of the hand.
    game = tmp_path / "g.yaml"
    _new(runner, game)
    game.write_text(game.read_text(encoding="utf-8").replace(
        "ended: null", "ended: {by: contrarius, final_turn_pending: true}"), encoding="utf-8")
    r = runner.invoke(app, ["preview", *full, str(game)])
    assert r.exit_code == 0, r.output
    assert "no reaction, whatever you play" in r.stdout
    assert "E[VP]" not in r.stdout and "+0" not in r.stdout
    # a game still running keeps its table
    _new(runner, tmp_path / "run.yaml")
    assert "E[VP]" in runner.invoke(app, ["preview", *full, str(tmp_path / "run.yaml")]).stdout
