"""``new``, ``check`` and ``show`` from the command line, pipes, and the error boundary."""

from __future__ import annotations

import json

import pytest
import yaml

from contrarius.cli import app
from contrarius.model.reader import read_snapshot

ITALIA_STANDARD = ["new", "--board", "italia", "--level", "standard", "--seed", "1"]
# extra goods beneath the 7 display positions (reference/cards.md "Display")
DISPLAY_COSTS = ["", "1 any", "1 any", "1 cloth", "1 cloth", "1 any + 1 cloth", "2 cloth"]


def _new(runner, *args: str) -> str:
    r = runner.invoke(app, [*ITALIA_STANDARD, *args])
    assert r.exit_code == 0, r.stderr
    return r.stdout


def _broken_text(runner) -> str:
    """An Italia snapshot with four problems: an unknown key, a house in the capital,
    negative VP for Contrarius, a display of 6 positions."""
    data = yaml.safe_load(_new(runner))
    data["colour"] = "red"
    data["houses"] = {"Roma": ["contrarius"]}
    data["contrarius"]["vp"] = -5
    data["display"] = data["display"][:6]
    return yaml.safe_dump(data, sort_keys=False)


# ----- new -------------------------------------------------------------------------------------------
def test_new_writes_the_snapshot_to_stdout_and_the_report_to_stderr(runner):
    r = runner.invoke(app, ITALIA_STANDARD)
    assert r.exit_code == 0
    data = yaml.safe_load(r.stdout)
    assert (data["format"], data["board"], data["mode"], data["level"], data["seed"]) == (1, "italia", "solo", "standard", 1)
    assert "New standard solo game on italia (seed 1)" in r.stderr
    assert "format:" not in r.stderr


def test_new_is_repeatable_from_its_seed(runner):
    assert _new(runner) == _new(runner)


def test_new_to_a_file(runner, tmp_path):
    out = tmp_path / "g.yaml"
    r = runner.invoke(app, [*ITALIA_STANDARD, "-o", str(out)])
    assert r.exit_code == 0
    assert r.stdout == ""
    assert f"written to {out}" in r.stderr
    assert out.read_text(encoding="utf-8") == _new(runner)
    assert not list(tmp_path.glob(".*tmp"))  # the atomic write left no temp file


def test_new_json_notes(runner):
    r = runner.invoke(app, [*ITALIA_STANDARD, "--json"])
    assert r.exit_code == 0
    yaml.safe_load(r.stdout)  # stdout stays the snapshot
    notes = json.loads(r.stderr)
    assert notes["seed"] == 1
    assert any("sixth card" in n for n in notes["notes"])


# ----- pipes and show ----------------------------------------------------------------------------------
def test_new_piped_into_show(runner):
    # contrarius new --board italia --level standard --seed 1 | contrarius show -
    r = runner.invoke(app, ["show", "-"], input=_new(runner))
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    assert "italia - solo - standard - turn 1" in r.stdout
    assert "Display (7 in the stack, 14 cards left)" in r.stdout


def test_show_json_of_a_new_game(runner):
    snap = read_snapshot(yaml.safe_load(_new(runner)))
    r = runner.invoke(app, ["show", "-", "--json"], input=_new(runner))
    assert r.exit_code == 0
    assert r.stderr == ""
    d = json.loads(r.stdout)
    assert (d["board"], d["mode"], d["level"], d["turns"]) == ("italia", "solo", "standard", 0)
    # Contrarius: 0 VP, no track, 5 starting cards + the Mason/Farmer/Smith from the display
    assert d["contrarius"]["vp"] == 0 and d["contrarius"]["track"] == []
    assert len(d["contrarius"]["cards"]) == 6
    assert d["contrarius"]["cards"][5]["name"] in ("Mason", "Farmer", "Smith")
    assert all(c["face"] == "up" for c in d["contrarius"]["cards"])
    sides = {s["owner"]: s for s in d["sides"]}
    assert sorted(sides) == ["contrarius", "player"]
    # standard: Contrarius 1 land + 1 sea colonist in Roma, 15 houses in supply
    assert sides["contrarius"] == {"owner": "contrarius", "vp": 0, "houses": [], "houses_in_supply": 15,
                                   "colonists": ["land colonist in Roma", "sea colonist in Roma"],
                                   "colonists_in_supply": {"land": 2, "sea": 2}}
    assert sides["player"]["vp"] == 20
    assert sides["player"]["colonists"] == ["land colonist in Roma", "sea colonist in Roma"]
    # the display: 7 positions with the extra goods printed beneath each
    assert [p["position"] for p in d["display"]] == [1, 2, 3, 4, 5, 6, 7]
    assert [p["extra_cost"] for p in d["display"]] == DISPLAY_COSTS
    assert [p["card"] for p in d["display"]] == snap.display
    # 15 cards in stacks I and II, one went to Contrarius: 7 in the display, 7 in the stack
    assert d["stack_remaining"] == 7 and d["cards_left"] == 14
    # 11 provinces, all bonus markers on their goods side, every city with its token
    assert len(d["provinces"]) == 11
    assert all(p["bonus_marker"] == "goods" for p in d["provinces"])
    ligvria = next(p for p in d["provinces"] if p["province"] == "Ligvria")
    assert [c["city"] for c in ligvria["cities"]] == ["Genva", "Nicaea"]
    assert ligvria["cities"][0]["goods"] == snap.cities["Genva"]
    assert d["concordia"] is None and d["ended"] is None


def test_show_json_of_the_midgame_example(runner, examples_dir):
    path = examples_dir / "imperium-expert-midgame.yaml"
    snap = read_snapshot(yaml.safe_load(path.read_text(encoding="utf-8")))
    r = runner.invoke(app, ["show", str(path), "--json"])
    assert r.exit_code == 0
    d = json.loads(r.stdout)
    assert d["level"] == "expert" and d["turns"] == len(snap.log)
    c = next(s for s in d["sides"] if s["owner"] == "contrarius")
    built = len(snap.houses_of("contrarius"))
    assert c["houses"] == snap.houses_of("contrarius")
    # houses left = 15 - built - the ones still on the VP track
    assert c["houses_in_supply"] == 15 - built - len(d["contrarius"]["track"])
    assert any(" on " in col for col in c["colonists"])  # colonists standing on lines
    assert [x["face"] for x in d["contrarius"]["cards"]].count("down") >= 1


def test_show_text_of_the_midgame_example(runner, examples_dir):
    r = runner.invoke(app, ["show", str(examples_dir / "imperium-expert-midgame.yaml")])
    assert r.exit_code == 0
    assert r.stdout.startswith("imperium - solo - expert - turn ")
    assert "track [20, 30, 40, 50]" in r.stdout
    assert "face down" in r.stdout


# ----- check -----------------------------------------------------------------------------------------------
def test_check_ok(runner, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(_new(runner), encoding="utf-8")
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 0
    assert r.stdout.strip() == f"{path}: ok (italia, solo, standard, virtual dice, 0 turns played)"
    assert r.stderr == ""
    r = runner.invoke(app, ["check", "-", "--json"], input=_new(runner))
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"ok": True, "problems": []}


def test_check_midgame_example(runner, examples_dir):
    path = examples_dir / "imperium-expert-midgame.yaml"
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.stdout
    assert r.stdout.strip().endswith("ok (imperium, solo, expert, virtual dice, 16 turns played)")


def test_check_lists_every_problem_and_exits_1(runner, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(_broken_text(runner), encoding="utf-8")
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 1
    assert r.stderr == ""
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 5
    assert lines[0].startswith(f"{path}: colour: unknown key")
    assert lines[1].startswith(f"{path}: houses.Roma: a house in the capital Roma")
    assert lines[2].startswith(f"{path}: display: expected a list of 7 positions")
    assert lines[3].startswith(f"{path}: contrarius.vp: expected 0 or more, got -5")
    assert lines[4] == f"4 problems found in {path}"


def test_check_json_lists_every_problem(runner):
    r = runner.invoke(app, ["check", "-", "--json"], input=_broken_text(runner))
    assert r.exit_code == 1
    d = json.loads(r.stdout)
    assert d["ok"] is False
    assert [p["path"] for p in d["problems"]] == ["colour", "houses.Roma", "display", "contrarius.vp"]
    assert all(p["message"] and p["fix"] for p in d["problems"])


@pytest.mark.parametrize("content,words", [
    ("format: [1\n", "not valid YAML at line"),
    ("", "empty file"),
    ("- a\n- b\n", "not a snapshot"),
])
def test_check_unreadable_input_exits_3(runner, tmp_path, content, words):
    path = tmp_path / "x.yaml"
    path.write_text(content, encoding="utf-8")
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 3
    assert r.stdout == ""
    assert words in r.stderr
    assert r.stderr.startswith(f"contrarius: {path}: ")


def test_check_missing_file_exits_3(runner, tmp_path):
    r = runner.invoke(app, ["check", str(tmp_path / "nope.yaml")])
    assert r.exit_code == 3
    assert "no such file" in r.stderr


# ----- other commands refuse a bad snapshot: one line, exit 3, no traceback ----------------------------------
@pytest.mark.parametrize("argv", [
    ["show", "{path}"],
    ["show", "{path}", "--json"],
    ["where", "{path}"],
    ["play", "mercator", "{path}", "--die", "wine"],
])
def test_commands_refuse_a_bad_snapshot(runner, tmp_path, argv):
    path = tmp_path / "bad.yaml"
    text = _broken_text(runner)
    path.write_text(text, encoding="utf-8")
    r = runner.invoke(app, [a.format(path=path) for a in argv])
    assert r.exit_code == 3
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"contrarius: {path}: colour: unknown key")
    assert lines[0].endswith("(and 3 more problems: run 'contrarius check')")
    assert "Traceback" not in r.stderr
    assert path.read_text(encoding="utf-8") == text  # the input is untouched


def test_bad_snapshot_on_stdin_is_named_stdin(runner):
    r = runner.invoke(app, ["show", "-"], input=_broken_text(runner))
    assert r.exit_code == 3
    assert r.stderr.startswith("contrarius: <stdin>: colour: unknown key")


# ----- found while making the midgame example (play: player builds, buys, goods) ----------------------
def test_player_build_with_the_architect(runner):
    r = runner.invoke(app, ["play", "architect", "-", "--move", "land:Roma:Cosa-Roma", "--build", "Cosa", "--die", "1"],
                      input=_new(runner))
    assert r.exit_code == 0, r.stderr
    s = read_snapshot(yaml.safe_load(r.stdout))
    assert s.houses_of("player") == ["Cosa"]


def test_player_buys_with_the_senator(runner):
    # display (seed 1): Mercator, Mason, Prefect, Colonist, Farmer, Architect, Diplomat;
    # stack from the top: Consul, ... Buying the Mason slides the rest left, Consul refills.
    r = runner.invoke(app, ["play", "senator", "-", "--buy", "Mason", "--die", "wine"], input=_new(runner))
    assert r.exit_code == 0, r.stderr
    s = read_snapshot(yaml.safe_load(r.stdout))
    assert s.display == ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]


def test_prefect_bonus_into_a_full_storehouse_keeps_the_snapshot_valid(runner):
    # players.goods is a running tally of goods received (spending is not
    # seen), no storehouse count: it goes past 12 without a warning and the snapshot stays
    # valid. Ligvria's bonus marker: its best token (Genva wine > Nicaea food) -> 1 wine.
    data = yaml.safe_load(_new(runner))
    data["players"][0]["goods"] = {"brick": 2, "food": 4, "tool": 2, "wine": 2, "cloth": 2}
    r = runner.invoke(app, ["play", "prefect", "-", "--produce", "Ligvria"], input=yaml.safe_dump(data, sort_keys=False))
    assert r.exit_code == 0, r.stderr
    s = read_snapshot(yaml.safe_load(r.stdout))
    assert sum(s.player().goods.values()) == 13 and s.player().goods["wine"] == 3
    assert "storehouse" not in r.stderr


def test_new_does_not_overwrite_a_game_without_force(runner, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("a game in progress\n", encoding="utf-8")
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "-o", str(path)])
    assert r.exit_code == 3 and "already exists" in r.stderr and "--force" in r.stderr  # a file problem (README: 3)
    assert path.read_text(encoding="utf-8") == "a game in progress\n"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "-o", str(path), "--force"])
    assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["board"] == "italia"


@pytest.mark.parametrize("args,message", [
    # "Beginners ... can also start to play the standard game with 40 victory points"
    (["--level", "expert", "--beginner"], "--beginner is the 40-VP start of the standard game"),
    # the veteran options place Contrarius's veteran setup only
    (["--veteran-second", "Cosa"], "--veteran-second places Contrarius's veteran setup"),
    (["--level", "expert", "--veteran-colonist", "sea"], "--veteran-colonist places Contrarius's veteran setup"),
])
def test_new_refuses_options_of_another_level(runner, args, message):
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args])
    assert r.exit_code == 2 and r.stdout == ""
    assert message in r.stderr


def test_new_says_the_starting_vp(runner):
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--beginner"])
    assert r.exit_code == 0 and "you start with 40 VP" in r.stderr
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--level", "veteran", "--strong"])
    assert r.exit_code == 0 and "New strong veteran solo game" in r.stderr and "you start with 10 VP" in r.stderr


def test_play_help_shows_solo_options_first_then_team_and_third_player_options(runner):
    # solo options first, then team and third-player options (declared in their
    # own rich help panels, contrarius.cli.options; tests/test_help.py checks the panels)
    text = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "120"}).stdout
    at = {word: text.index(word) for word in ("--produce", "--die", "--json", "--personality", "--partner-build", "--veto")}
    assert at["--produce"] < at["--die"] < at["--json"] < at["--personality"] < at["--partner-build"] < at["--veto"]


def test_play_and_preview_share_their_option_declarations():
    # the same Annotated object, not a copy: one help text, one completion, one flag
    import inspect

    from contrarius.cli import app as the_app

    def params(name):
        cmd = next(c for c in the_app.registered_commands if c.name == name)
        return inspect.signature(cmd.callback).parameters

    play, preview = params("play"), params("preview")
    shared = [n for n in preview if n not in ("card", "snapshot", "as_json", "show_all")]  # --all: preview only
    assert "produce" in shared and "die" in shared and "player" in shared
    for name in shared:
        assert play[name].annotation is preview[name].annotation, name
