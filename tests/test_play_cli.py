"""``contrarius play`` on the command line: options, dice, outputs, exit codes.

The table is ``examples/italia-setup.yaml`` (Italia; its tokens: wine cities Genva, Ravenna,
Ancona, Messana; display Mercator, Mason, Prefect, Colonist, Farmer, Architect, Diplomat;
stack Consul, Architect, Colonist, Vintner, Prefect, Mercator, Weaver). Expected results are
worked out by hand:

- black/white wine from the start (land + sea colonist in Roma, 2 steps): Ancona, Genva and
  Messana are reachable in 2 steps, Ravenna needs 3; all empty and in new provinces ->
  Ancona (alphabetical). The land colonist goes Roma -> Roma-Spoletvm -> Ancona-Spoletvm.
- blue 3: display position 3 = Prefect; the display slides left and Consul (top of the
  stack) fills position 7.

Exit codes (contrarius/errors.py): 0 ok, 2 usage (unknown option, card or die face), 3 input,
4 rule (illegal action, face-down copy, a die missing, game over).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.store.history import history

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "italia-setup.yaml"
ALL_CARDS = ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat", "Senator",
             "Consul", "Colonist", "Mason", "Farmer", "Smith", "Vintner", "Weaver"]


@pytest.fixture
def game(tmp_path) -> Path:
    p = tmp_path / "g.yaml"
    p.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return p


def table(tmp_path, name: str = "t.yaml", **changes) -> Path:
    """The example table with top-level keys changed, written to ``tmp_path/name``."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["hand"] = list(ALL_CARDS)  # any card may be played
    data.update(changes)
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


def run(runner, *args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def load(text: str) -> dict:
    return yaml.safe_load(text)


def colonists(data: dict, owner: str = "contrarius") -> list[tuple[str, str]]:
    return [(c["kind"], c["at"]) for c in data["colonists"] if c["owner"] == owner]


# ----- outputs -----------------------------------------------------------------------------------
def test_snapshot_on_stdout_report_on_stderr(runner, game):
    before = game.read_text()
    r = run(runner, "play", "mercator", "--die", "wine", game)
    assert r.exit_code == 0, r.stderr
    new = load(r.stdout)
    assert new["houses"] == {"Ancona": ["contrarius"]}
    assert colonists(new) == [("land", "Ancona-Spoletvm"), ("sea", "Roma")]
    assert new["bonus_markers"]["Vmbria"] == "coins"
    assert "Ancona" in r.stderr and "Contrarius VP: 0 -> 0" in r.stderr
    assert "format:" not in r.stderr
    assert game.read_text() == before  # the input is never touched without -i


def test_output_file_leaves_stdout_empty(runner, game, tmp_path):
    out = tmp_path / "next.yaml"
    r = run(runner, "play", "mercator", "--die", "wine", game, "-o", out)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""
    assert load(out.read_text())["houses"] == {"Ancona": ["contrarius"]}
    assert "Ancona" in r.stderr


def test_in_place_keeps_the_previous_file(runner, game):
    before = game.read_text()
    r = run(runner, "play", "architect", "--die", "3", game, "-i")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""
    assert history(str(game)) == ([before, game.read_text()], 1)
    new = load(game.read_text())
    assert new["display"] == ["Mercator", "Mason", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]
    assert new["contrarius"]["cards"][-1]["name"] == "Prefect"
    assert new["stack"] == {"remaining": 6, "order": ["Architect", "Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]}
    # a second turn in place: the log grows, the history holds the first turn's result too
    first = game.read_text()
    r = run(runner, "play", "prefect", "--produce", "Apvlia", game, "-i")
    assert r.exit_code == 0, r.stderr
    assert history(str(game)) == ([before, first, game.read_text()], 2)
    log = load(game.read_text())["log"]
    assert [(e["turn"], e["card"]) for e in log] == [(1, "Architect"), (2, "Prefect")]
    assert log[1]["vp"] == [0, 1]  # empty Apvlia: at least 1


def test_in_place_needs_a_file(runner, game):
    r = run(runner, "play", "mercator", "--die", "wine", "-", "-i", input=game.read_text())
    assert r.exit_code == 2 and "stdin" in r.stderr and r.stdout == ""


def test_stdin_in_stdout_out(runner, game):
    r = run(runner, "play", "mercator", "--die", "wine", "-", input=game.read_text())
    assert r.exit_code == 0, r.stderr
    assert load(r.stdout)["houses"] == {"Ancona": ["contrarius"]}


def test_json_report_goes_to_stderr_when_stdout_holds_the_snapshot(runner, game):
    r = run(runner, "play", "mercator", "--die", "wine", game, "--json")
    assert r.exit_code == 0, r.stderr
    assert load(r.stdout)["houses"] == {"Ancona": ["contrarius"]}
    rep = json.loads(r.stderr)
    assert rep["card"] == "Mercator" and rep["reacted_to"] == "Mercator"
    assert rep["dice"] == [{"die": "mercator", "colour": "black", "face": "wine", "source": "table"}]
    assert rep["vp"] == {"before": 0, "after": 0}
    assert rep["rulings"][0]["city"] == "Ancona" and rep["rulings"][0]["province"] == "Vmbria"
    kinds = [e["kind"] for e in rep["reaction"]]
    # each event keeps its own kind: the move's colonist kind ("land") is not the event's
    assert kinds == ["die", "build", "move", "produce"]
    assert rep["reaction"][0]["die"] == "mercator" and rep["reaction"][0]["face"] == "wine"
    assert rep["reaction"][1]["city"] == "Ancona"
    move = rep["reaction"][2]
    assert move["move_kind"] == "land" and move["from"] == "Roma" and move["to"] == "Ancona-Spoletvm"
    assert move["path"] == ["Roma-Spoletvm", "Ancona-Spoletvm"] and move["steps"] == 2
    assert rep["ended"] is False and rep["game_over"] is False and rep["concordia"] is None


def test_json_report_on_stdout_with_output_file(runner, tmp_path):
    out = tmp_path / "o.yaml"
    r = run(runner, "play", "colonist", "--money", table(tmp_path), "--json", "-o", out)
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["vp"] == {"before": 0, "after": 2} and rep["dice"] == []
    assert r.stderr == ""
    assert load(out.read_text())["contrarius"]["vp"] == 2


# ----- card actions ------------------------------------------------------------------------------
def test_colonist_places_by_default_and_rolls_red(runner, tmp_path):
    r = run(runner, "play", "colonist", "--die", "red=land", table(tmp_path))
    assert r.exit_code == 0, r.stderr
    assert colonists(load(r.stdout)) == [("land", "Roma"), ("sea", "Roma"), ("land", "Roma")]


def test_tribune_with_a_placed_colonist(runner, game):
    # was refused ("the Tribune has no choice of action; remove --place") although --place
    # is documented for the Tribune and the base rules let it place one colonist in Roma.
    # S = Smith = tool -> Cosa (land Cosa-Roma, option 1 of 2), then red sea.
    r = run(runner, "play", "tribune", "--place", "sea:Roma", "--die", "red=sea", game)
    assert r.exit_code == 0, r.stderr
    new = load(r.stdout)
    assert colonists(new, "player") == [("land", "Roma"), ("sea", "Roma"), ("sea", "Roma")]
    assert colonists(new) == [("land", "Cosa-Roma"), ("sea", "Roma"), ("sea", "Roma")]
    assert new["houses"] == {"Cosa": ["contrarius"]}


def test_prefect_options(runner, game):
    r = run(runner, "play", "prefect", "--produce", "Vmbria", "--reactivate", game)
    assert r.exit_code == 2 and "either produces or reactivates" in r.stderr
    r = run(runner, "play", "mercator", "--produce", "Vmbria", "--die", "wine", game)
    assert r.exit_code == 2 and r.stdout == ""
    r = run(runner, "play", "prefect", "--produce", "Umbria", game)  # common spelling accepted
    assert r.exit_code == 0, r.stderr
    assert load(r.stdout)["bonus_markers"]["Vmbria"] == "coins"


def test_prefect_in_a_province_that_already_produced_exits_4(runner, tmp_path):
    t = table(tmp_path, bonus_markers={"Vmbria": "coins"})
    r = run(runner, "play", "prefect", "--produce", "Vmbria", t)
    assert r.exit_code == 4 and "coins" in r.stderr and r.stdout == ""


def test_diplomat_copy_and_face_down_refusal(runner, game):
    r = run(runner, "play", "diplomat", "--copy", "prefect", "--reactivate", game, "-i")
    assert r.exit_code == 0, r.stderr
    assert "reacts to Prefect" in r.stderr
    data = load(game.read_text())
    assert data["contrarius"]["vp"] == 2
    assert data["contrarius"]["cards"][0]["face"] == "down"
    # take the Diplomat back by hand and try again: the Prefect lies face down
    data["players"][0]["hand"].append("Diplomat")
    data["players"][0]["played"] = []
    game.write_text(yaml.safe_dump(data, sort_keys=False))
    r = run(runner, "play", "diplomat", "--copy", "prefect", "--reactivate", game, "-o", game.with_name("x.yaml"))
    assert r.exit_code == 4
    assert r.stderr.startswith("contrarius: ") and "face down" in r.stderr
    assert not game.with_name("x.yaml").exists()


def test_player_build_and_buy_on_the_command_line(runner, tmp_path):
    # these crashed with an internal error (exit 70): Event(..., city=c) / Event(..., card=name)
    t = table(tmp_path)
    r = run(runner, "play", "architect", "--move", "land:Roma:Casinvm-Roma", "--move", "sea:Roma:Neapolis-Roma",
            "--build", "Casinvm", "--build", "Neapolis", "--die", "1", t)
    assert r.exit_code == 0, r.stderr
    new = load(r.stdout)
    assert new["houses"] == {"Casinvm": ["player"], "Neapolis": ["player"]}
    assert colonists(new, "player") == [("land", "Casinvm-Roma"), ("sea", "Neapolis-Roma")]
    r = run(runner, "play", "senator", "--buy", "2", "--buy", "Farmer", "--die", "wine", t)
    assert r.exit_code == 0, r.stderr
    new = load(r.stdout)
    # Mason bought (position 2), then Farmer (position 4 after the slide); refills Consul, Architect
    assert new["display"] == ["Mercator", "Prefect", "Colonist", "Architect", "Diplomat", "Consul", "Architect"]
    assert new["players"][0]["hand"][-2:] == ["Mason", "Farmer"]
    assert new["houses"] == {"Ancona": ["contrarius"]}


def test_move_syntax_and_illegal_moves(runner, game):
    r = run(runner, "play", "architect", "--move", "land-Roma-Cosa", "--die", "1", game)
    assert r.exit_code == 2 and "KIND:FROM:TO" in r.stderr
    r = run(runner, "play", "architect", "--move", "land:Roma:Florentia-Ravenna", "--die", "1", game)
    assert r.exit_code == 4 and "3 steps" in r.stderr


def test_refill_and_reveal_options(runner, tmp_path):
    t = table(tmp_path, display=["Mercator", "?", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"],
              stack={"remaining": 7})
    r = run(runner, "play", "architect", "--die", "2", t)
    assert r.exit_code == 4 and "--reveal 2=NAME" in r.stderr
    r = run(runner, "play", "architect", "--die", "2", "--reveal", "2=Weaver", "--refill", "Vintner", t)
    assert r.exit_code == 0, r.stderr
    new = load(r.stdout)
    assert new["display"] == ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Vintner"]
    assert new["contrarius"]["cards"][-1]["name"] == "Weaver" and new["stack"] == {"remaining": 6}
    r = run(runner, "play", "architect", "--die", "2", "--reveal", "9=Weaver", t)
    assert r.exit_code == 2 and "display position 9 does not exist; positions are 1-7" in r.stderr


def test_choose_among_tied_moves(runner, game):
    # white S = Smith = tool: Cosa, by the land line Cosa-Roma (option 1) or the sea line
    # Cosa-Roma (option 2)
    r = run(runner, "play", "senator", "--die", "S", "--choose", "2", game)
    assert r.exit_code == 0, r.stderr
    assert colonists(load(r.stdout)) == [("land", "Roma"), ("sea", "Cosa-Roma")]
    assert "option 2 of 2" in r.stderr


# ----- dice ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("args,words", [
    (["architect", "--die", "7"], "1-5"),
    (["architect", "--die", "blue=wine"], "1-5"),
    (["colonist", "--die", "red=wine"], "land, sea or card"),
    (["mercator", "--die", "whine"], "wine"),
    (["mercator", "--die", "purple=wine"], "unknown die"),
])
def test_wrong_die_faces_exit_2_and_write_nothing(runner, tmp_path, args, words):
    r = run(runner, "play", *args, table(tmp_path))
    assert r.exit_code == 2
    assert words in r.stderr and r.stdout == ""


def test_die_for_the_wrong_reaction_exits_4_left_over_exits_2(runner, game):
    r = run(runner, "play", "architect", "--die", "red=card", game)
    assert r.exit_code == 4 and "blue architect die" in r.stderr
    r = run(runner, "play", "mercator", "--die", "wine", "--die", "wine", game)
    assert r.exit_code == 2 and "left over" in r.stderr


def test_missing_die_exits_4_and_writes_nothing(runner, tmp_path):
    # Contrarius cannot build (one land colonist on Panormvs-Syracvsae, houses in the three
    # cities it reaches): the Mercator needs the red die as well.
    cols = [{"owner": "contrarius", "kind": "land", "at": "Panormvs-Syracvsae"},
            {"owner": "player", "kind": "land", "at": "Roma"}, {"owner": "player", "kind": "sea", "at": "Roma"}]
    t = table(tmp_path, colonists=cols, houses={"Messana": ["contrarius"], "Panormvs": ["contrarius"], "Syracvsae": ["contrarius"]})
    before = t.read_text()
    out = tmp_path / "out.yaml"
    r = run(runner, "play", "mercator", "--die", "cloth", t, "-o", out)
    assert r.exit_code == 4
    assert "red" in r.stderr and "--die red=FACE" in r.stderr
    assert not out.exists()
    r = run(runner, "play", "mercator", "--die", "cloth", t, "-i")
    assert r.exit_code == 4 and t.read_text() == before and not t.with_name("t.yaml.prev").exists()
    r = run(runner, "play", "mercator", "--die", "cloth", "--die", "red=sea", t)
    assert r.exit_code == 0, r.stderr
    assert colonists(load(r.stdout)) == [("land", "Panormvs-Syracvsae"), ("sea", "Roma")]


def test_rolled_dice_are_repeatable_and_count(runner, tmp_path):
    # a black die of six wine faces: the roll is wine whatever the seed
    t = table(tmp_path, dice_faces={"mercator": ["wine"] * 6}, rolls=2)
    a = run(runner, "play", "mercator", t)
    b = run(runner, "play", "mercator", t)
    assert a.exit_code == b.exit_code == 0
    assert a.stdout == b.stdout
    new = load(a.stdout)
    assert new["rolls"] == 3 and new["houses"] == {"Ancona": ["contrarius"]}
    assert new["log"][-1]["dice"] == [{"die": "mercator", "face": "wine", "source": "rolled"}]
    assert "rolled" in a.stderr


def test_game_over_exits_4(runner, tmp_path):
    t = table(tmp_path, ended={"by": "player", "final_turn_pending": False}, concordia="player")
    r = run(runner, "play", "mason", t)
    assert r.exit_code == 4 and "game is over" in r.stderr and r.stdout == ""


def test_card_not_in_hand_exits_4(runner, game):
    assert run(runner, "play", "architect", "--die", "1", game, "-i").exit_code == 0
    r = run(runner, "play", "architect", "--die", "1", game)
    assert r.exit_code == 4 and "not in the hand" in r.stderr


def test_unknown_card_exits_2(runner, game):
    r = run(runner, "play", "senatorr", game)
    assert r.exit_code == 2 and "Senator" in r.stderr


# ----- usage errors before rule work--- --------------------------------------------------
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


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


# ----- a missing option the card needs is a usage error (2), not a rule error (4) -----------
def test_missing_forum_and_missing_produce_are_both_exit_2(runner, tmp_path):
    salsa = tmp_path / "salsa.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "11", "--salsa", "--forum-card", "Annaeus Arcadius",
                            "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius", "-o", str(salsa)]))
    before = salsa.read_bytes()
    r = runner.invoke(app, ["play", "tribune", str(salsa), "-i", "--die", "red=land"])
    assert r.exit_code == 2 and "add --forum NAME" in r.stderr
    r = runner.invoke(app, ["play", "prefect", str(salsa), "-i"])
    assert r.exit_code == 2 and "--produce" in r.stderr
    assert salsa.read_bytes() == before


def test_play_and_preview_take_every_turn_option():
    """``preview`` answers "what would happen if I played this" for every turn ``play``
    takes: both commands take every option of contrarius/cli/turn_input.py TURN_OPTIONS
    (the forum, fish and veto options were once missing from preview)."""
    from typer.main import get_command

    from contrarius.cli.turn_input import TURN_OPTIONS

    root = get_command(app)
    for name in ("play", "preview"):
        params = {p.name for p in root.commands[name].params}
        missing = [o for o in TURN_OPTIONS if o not in params]
        assert missing == [], f"{name} lacks {missing}"


def test_choose_where_no_moves_tie_is_refused_as_unused_and_writes_nothing(runner, tmp_path, examples_dir):
    """examples/italia-setup.yaml (2 colonists of Contrarius in Roma, 2 steps). Mercator,
    black die cloth: the cloth cities are Aqvileia, Mvtina and Spoletvm; only Spoletvm is in
    reach (Roma-Spoletvm, 1 land step; no sea line runs there), one shortest move: no tie, so
    ``--choose 2`` has nothing to choose: unused input, exit 2 (README's exit codes, like an
    unused ``--refill``), nothing written, and the message says no moves tie. A Prefect
    builds nothing: the same. Mercator, black die S (Smith: tool): Cosa, reached by the land
    and the sea colonist over Cosa-Roma (1 step each): one tie, so a second ``--choose`` is
    left over, and the message names the one tied build."""
    game = tmp_path / "g.yaml"
    game.write_bytes((examples_dir / "italia-setup.yaml").read_bytes())
    out = tmp_path / "n.yaml"
    r = runner.invoke(app, ["play", "mercator", str(game), "-o", str(out), "--die", "black=cloth", "--choose", "2"])
    assert r.exit_code == 2 and not out.exists() and r.stdout == ""
    assert ("--choose 2: not used: no colonist moves tie this turn (Contrarius built in Spoletvm (one shortest move)), "
            "so there is nothing to choose; remove it") in r.stderr
    r = runner.invoke(app, ["play", "prefect", str(game), "-o", str(out), "--reactivate", "--choose", "1"])
    assert r.exit_code == 2 and not out.exists()
    assert "no colonist moves tie this turn (Contrarius built no house)" in r.stderr
    r = runner.invoke(app, ["play", "mercator", str(game), "-o", str(out), "--die", "black=S", "--choose", "2", "--choose", "1"])
    assert r.exit_code == 2 and not out.exists()
    assert "--choose 1: not used: only 1 build of this turn had tied colonist moves (Cosa), one --choose each" in r.stderr
