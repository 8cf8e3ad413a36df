"""Table games never roll: ``dice: table|virtual`` in the snapshot.

The game: ``examples/italia-setup.yaml`` made an expert game with Contrarius at 18 VP and
its track houses at 20, 30, 40, 50 ("Difficulty level", Expert: when the VP marker reaches
or passes a track house, that house is built, black die). You play a Farmer: Contrarius
scores 3 VP ("Solo Personality Cards": Mason, Farmer, Smith, Vintner, Weaver: 3 VP), 18 ->
21, passing the house at 20, which needs the black die. No die was expected by the player.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.errors import EXIT_INPUT, EXIT_RULE
from contrarius.model.snapshot import default_dice
from contrarius.store.snapshot_text import load_snapshot
from contrarius.cli.session.flow import die_question
from contrarius.errors import NeedDieError
from contrarius.rules.game import play
from contrarius.rules.contrarius_part import PlayerAction
from contrarius.store.snapshot_text import dump_snapshot
from test_reactions import _blocked, snap  # the hand-built "cannot build" table

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"


def _expert_at_18(tmp_path, dice: str | None) -> Path:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["level"] = "expert"
    data["contrarius"]["vp"] = 18
    data["contrarius"]["track"] = [20, 30, 40, 50]
    data["players"][0]["hand"] = ["Farmer", "Tribune", "Architect"]
    data["players"][0]["played"] = []
    if dice is not None:
        data["dice"] = dice
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return g


def test_a_table_game_never_rolls(runner, tmp_path):
    g = _expert_at_18(tmp_path, "table")
    before = g.read_bytes()
    r = runner.invoke(app, ["play", "farmer", str(g), "-i"])
    assert r.exit_code == EXIT_RULE, r.stderr
    err = r.stderr
    assert "this reaction rolls the black mercator die (track house 20)" in err
    assert "which decides the goods type (or S) of the city where Contrarius builds" in err
    assert "--die black=FACE" in err and "table game" in err
    assert g.read_bytes() == before  # file unchanged
    # with the die read from the table, the turn is played and the die recorded as read
    r = runner.invoke(app, ["play", "farmer", str(g), "-i", "--die", "black=wine"])
    assert r.exit_code == 0, r.stderr
    s = load_snapshot(str(g))
    assert s.contrarius.vp == 21 and 20 not in s.contrarius.track
    assert s.log[-1]["dice"] == [{"die": "mercator", "face": "wine", "source": "table"}]
    assert s.rolls == 0


def test_a_virtual_game_keeps_rolling(runner, tmp_path):
    g = _expert_at_18(tmp_path, "virtual")
    r = runner.invoke(app, ["play", "farmer", str(g), "-i"])
    assert r.exit_code == 0, r.stderr
    s = load_snapshot(str(g))
    assert s.contrarius.vp == 21 and 20 not in s.contrarius.track
    assert s.log[-1]["dice"][0]["source"] == "rolled" and s.rolls == 1


def test_new_table_games(runner, tmp_path):
    cases = [([], "virtual"), (["--table"], "table"), (["--display", "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Diplomat"], "table")]
    for i, (extra, want) in enumerate(cases):
        out = tmp_path / f"n{i}.yaml"
        r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *extra, "-o", str(out)])
        assert r.exit_code == 0, r.stderr
        assert load_snapshot(str(out)).dice == want
        assert yaml.safe_load(out.read_text(encoding="utf-8"))["dice"] == want
        assert f"a {want} game" in r.stderr
        shown = runner.invoke(app, ["show", str(out)]).stdout.splitlines()[0]
        assert f"{want} game" in shown
        assert f"{want} dice" in runner.invoke(app, ["check", str(out)]).stdout


def test_tokens_imply_a_table_game(runner, tmp_path):
    out = tmp_path / "t.yaml"
    tokens = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["cities"]
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--tokens",
                            ",".join(f"{c}={g}" for c, g in tokens.items()), "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    assert load_snapshot(str(out)).dice == "table"


def test_old_snapshots_without_the_key():
    # README "The snapshot format": no seed -> table; dice in the log all read from the table -> table;
    # a die rolled by contrarius, or none yet -> virtual
    assert default_dice(None, []) == "table"
    assert default_dice(1, []) == "virtual"
    assert default_dice(1, [{"dice": [{"die": "mercator", "face": "wine", "source": "table"}]}]) == "table"
    assert default_dice(1, [{"dice": [{"source": "table"}]}, {"dice": [{"source": "rolled"}]}]) == "virtual"
    assert load_snapshot(str(EXAMPLE)).dice == "virtual"  # written before the key: seed 1, no turn


def test_check_validates_the_key(runner, tmp_path):
    g = _expert_at_18(tmp_path, "dice-tower")
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 1
    assert "dice" in r.stdout and "unknown dice source 'dice-tower'" in r.stdout
    r = runner.invoke(app, ["play", "farmer", str(g)])
    assert r.exit_code == EXIT_INPUT


# ----- the red die when Contrarius cannot build--- ----------------------------------------------
def test_cannot_build_red_die_message_follows_the_reading(runner, tmp_path):
    """tests/test_reactions.py's _blocked table (Italia): Contrarius's only colonist (1 step)
    reaches Panormvs, Syracvsae and Messana, and has a house in all three, so the Mercator
    cannot build for any goods type: it places a colonist instead, the red die deciding
    which ("Supplementary rules", Building houses). README's reading: a card face names no
    colonist and is rolled again. The message asking for the die says so (before: "or the
    card in display position 1"), also after a card face was read."""
    full = tmp_path / "full.yaml"
    full.write_text(dump_snapshot(snap(_blocked())), encoding="utf-8")
    for dice in (["--die", "black=wine"], ["--die", "black=wine", "--die", "red=card"]):
        r = runner.invoke(app, ["play", "merc", str(full), *dice, "-o", str(tmp_path / "out.yaml")])
        assert r.exit_code == 4, r.stderr
        assert "which colonist Contrarius places instead, land or sea (a card face names none and is rolled again - reading)" in r.stderr
        assert "display position 1" not in r.stderr
    assert not (tmp_path / "out.yaml").exists()
    # the Tribune's own red die still decides a colonist or the card in position 1
    r = runner.invoke(app, ["play", "tribune", str(tmp_path / "full.yaml"), "--die", "red=land", "-o", str(tmp_path / "o2.yaml")])
    assert r.exit_code == 4 and "red tribune die (Tribune)" in r.stderr and "or the card in display position 1" in r.stderr
    # the session's die question: the card face is no card taken but a re-roll
    s = load_snapshot(str(full))
    try:
        play(s, PlayerAction("Mercator", dice=[(None, "wine")]))
    except NeedDieError as exc:
        q = die_question(exc.state or s, exc.die, exc.why, exclude=exc.exclude)
    else:  # pragma: no cover - the red die is needed
        raise AssertionError("the red die was not asked for")
    assert dict(q.choices)["card"] == "names no colonist: rolled again (reading)"
    assert dict(q.choices)["sea"] == "a sea colonist in Roma"
