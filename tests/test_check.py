"""``check``: a snapshot that passes it plays; bad log entries are reported by their path,
never a crash of ``log`` (README "Exit codes": 1 for ``check``, 3 for an invalid snapshot
elsewhere); with the other one-line refusals of a bad value or option."""

from __future__ import annotations

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import EXIT_INPUT

from test_bad_input import digest, new_game, one_line_error


def _played_game(runner, tmp_path):
    """An Italia game with one real turn in its log (the Mercator, die read from the table)."""
    g = new_game(runner, tmp_path)
    r = runner.invoke(app, ["play", "mercator", str(g), "-i", "--die", "wine"])
    assert r.exit_code == 0, r.stderr
    return g


@pytest.mark.parametrize("change, path", [
    (lambda e: e.update(card=5), "log[0].card"),
    (lambda e: e.update(card=True), "log[0].card"),
    (lambda e: e.update(card=[]), "log[0].card"),
    (lambda e: e.update(turn="x"), "log[0].turn"),
    (lambda e: e.update(reaction=1.5), "log[0].reaction"),
    (lambda e: e.update(reaction=10 ** 30), "log[0].reaction"),
    (lambda e: e.update(reaction=[{"a": 1}]), "log[0].reaction[0]"),
    (lambda e: e.update(vp=[1]), "log[0].vp"),
    (lambda e: e.update(dice=[{"die": "mercator", "face": [1]}]), "log[0].dice[0].face"),
    (lambda e: e["action"].update(moves=5), "log[0].action.moves"),
    (lambda e: e.update(spin=1), "log[0].spin"),
])
def test_bad_log_entries_fail_check_and_never_crash_log(runner, tmp_path, change, path):
    g = _played_game(runner, tmp_path)
    assert runner.invoke(app, ["check", str(g)]).exit_code == 0
    assert runner.invoke(app, ["log", str(g)]).exit_code == 0
    data = yaml.safe_load(g.read_text(encoding="utf-8"))
    change(data["log"][0])
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    before = digest(g)
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 1 and f"{path}:" in r.stdout + r.stderr, (r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    # log and play refuse the snapshot with the invalid-snapshot code, one line, no traceback
    assert f"{path}:" in one_line_error(runner.invoke(app, ["log", str(g)]), EXIT_INPUT)
    one_line_error(runner.invoke(app, ["play", "senator", str(g), "-i", "--buy", "1", "--die", "S"]), EXIT_INPUT)
    assert digest(g) == before


def test_a_die_left_over_is_a_usage_error_exit_2(runner, tmp_path):
    # README exit codes: 2 = options that do not fit the card; the Mercator's reaction rolls
    # one black die, so a second --die wine is input the turn did not use
    g = new_game(runner, tmp_path)
    before = digest(g)
    line = one_line_error(runner.invoke(app, ["play", "mercator", str(g), "-i", "--die", "wine", "--die", "wine"]), 2)
    assert "wine left over; remove it" in line
    assert digest(g) == before


@pytest.mark.parametrize("value, kind", [
    ("0x10", "a hex number"), ("010", "an octal number"), ("0b11", "a binary number"),
    ("1:30", "a base-60 number"), ("1_000", "an underscored number"),
])
def test_non_decimal_numbers_are_named_by_their_base(runner, tmp_path, value, kind):
    g = new_game(runner, tmp_path)
    g.write_text(g.read_text(encoding="utf-8").replace("rolls: 0", f"rolls: {value}", 1), encoding="utf-8")
    line = one_line_error(runner.invoke(app, ["check", str(g)]), EXIT_INPUT)
    assert "rolls (line" in line and f"YAML would read {kind})" in line


def test_reveal_position_out_of_range_says_the_range(runner, tmp_path):
    g = new_game(runner, tmp_path)
    line = one_line_error(runner.invoke(app, ["reveal", str(g), "99=Consul", "-o", str(tmp_path / "o.yaml")]), 2)
    assert "display position 99 does not exist; positions are 1-7" in line
    line = one_line_error(runner.invoke(app, ["reveal", str(g), "x=Consul", "-o", str(tmp_path / "o.yaml")]), 2)
    assert "write POSITION=CARD" in line
    assert not (tmp_path / "o.yaml").exists()


def test_svg_to_a_full_device_says_nothing_was_written(runner, tmp_path):
    g = new_game(runner, tmp_path)
    line = one_line_error(runner.invoke(app, ["where", "S", str(g), "--svg", "/dev/full"]), EXIT_INPUT)
    assert "--svg: /dev/full" in line and "the picture was not written" in line



@pytest.mark.parametrize("entry", ["itself", "deep"])
def test_a_log_entry_that_refers_to_itself_or_nests_too_deeply_is_refused(runner, tmp_path, entry):
    """Data built in Python can hold what no file can (a file's nesting is bounded by
    yamlio.MAX_DEPTH and it has no aliases): a turn record that contains itself, or one
    nested hundreds of levels deep, is one problem at its path, never a crash."""
    from contrarius.errors import SnapshotError
    from contrarius.model.reader import read_snapshot

    g = _played_game(runner, tmp_path)
    data = yaml.safe_load(g.read_text(encoding="utf-8"))
    bad = data["log"][0]
    if entry == "itself":
        bad["action"]["moves"] = [bad]
    else:
        nest: list = []
        bad["action"]["moves"] = nest
        for _ in range(500):
            nest.append([])
            nest = nest[0]
    with pytest.raises(SnapshotError) as exc:
        read_snapshot(data, "game.yaml")
    assert "log[0]" in str(exc.value) and "refers to itself or is nested too deeply" in str(exc.value)
    data["log"][0]["action"]["moves"] = [[[[["Roma"]]]]]  # deep, but within the bound: checked as usual
    with pytest.raises(SnapshotError) as exc:
        read_snapshot(data, "game.yaml")
    assert "refers to itself" not in str(exc.value)


@pytest.mark.parametrize("board, key, kind, house", [
    ("gallia", "first_harbour", "harbour", "harbour house"),
    ("aegyptus", "first_red_sea", "Red Sea", "house there"),
])
def test_a_first_city_that_is_not_of_its_kind_is_named_with_the_fix(board, key, kind, house):
    """Solo Variants: Gallia's sea colonist waits for Contrarius's first harbour city, Aegyptus's
    Red Sea colonist for its first Red Sea city; the snapshot records which city that was
    (``variants.gallia.first_harbour``, ``variants.aegyptus.first_red_sea``). A name that is
    no such city of the board is one problem naming the key and listing the board's cities of
    that kind (read from the board, as the reader does)."""
    from contrarius.errors import SnapshotError
    from contrarius.material.board import load_board
    from contrarius.model.reader import read_snapshot
    from contrarius.model.variants import board_places
    from contrarius.rules.game import new_game as rules_new_game
    from contrarius.rules.setup import SetupOptions

    s, _ = rules_new_game(SetupOptions(board=board, seed=1))
    data = s.to_dict()
    data["variants"][board][key] = "Nowhere"
    with pytest.raises(SnapshotError) as exc:
        read_snapshot(data, "g.yaml")
    (problem,) = [p for p in exc.value.problems if p.path == f"variants.{board}.{key}"]
    places = board_places(load_board(board), "harbour" if board == "gallia" else "red_sea")
    assert places and problem.message == f"'Nowhere' is no {kind} city"
    assert problem.fix == f"write the {kind} city of Contrarius's first {house}: one of {', '.join(sorted(places, key=str.casefold))}"
