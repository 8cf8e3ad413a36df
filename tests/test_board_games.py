"""Every command on every board: ``new`` at every level and mode, then a whole
scripted game through the command line that ends and scores, with ``where``, ``preview``,
``show``, ``board`` and completion along the way.

The script is the same on every board: the player cycles Senator (buying display position
1), Colonist (placing a colonist where new colonists of that kind go on the board, else
taking the money), Prefect (producing in the first province whose bonus marker shows
goods), Mercator and Architect (no move, no house), with every die rolled from the seed.
Contrarius reacts as the rules say; the game ends when the display is empty or a side has
built its 15th house. What is checked: every command exits 0, the game reaches its end,
``play`` is then refused (exit 4), and ``score`` names both totals.
"""

from __future__ import annotations

import shlex
import pytest
from typer.testing import CliRunner

from contrarius.material.board import board_names, load_board
from contrarius.cli import app
from contrarius.rules.game import new_game, play
from contrarius.rules.contrarius_part import PlayerAction
from contrarius.rules.setup import SetupOptions
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot

runner = CliRunner(env={"COLUMNS": "200"})
START = {"roma": ["--start", "Forum Romanum"]}  # Roma prints no start: the player names one


def run(*args: str, code: int = 0):
    r = runner.invoke(app, [str(a) for a in args])
    assert r.exit_code == code, f"{args}: {r.stderr or r.stdout}"
    return r


@pytest.mark.parametrize("name", board_names())
def test_new_at_every_level_and_mode(name, tmp_path):
    start = START.get(name, [None, None])[1]
    for kw in ({}, {"level": "veteran"}, {"level": "veteran", "strong": True}, {"level": "expert"},
               {"level": "expert", "strong": True}, {"mode": "team"}, {"mode": "third-player"},
               {"mode": "team", "level": "veteran"}):
        s, _ = new_game(SetupOptions(board=name, seed=3, start=start, **kw))
        assert read_snapshot(s.to_dict()) == s  # what new writes, check reads back
    out = tmp_path / "n.yaml"  # and once through the command line
    run("new", "-b", name, "--seed", "3", "-m", "third-player", "-l", "veteran", *START.get(name, []), "-o", out)
    run("check", out)


def _turn(s, turn: int) -> PlayerAction:
    """The scripted card and options for ``turn`` in state ``s``."""
    p = s.player()
    step = turn % 5
    if step == 0:
        return PlayerAction("Senator", buys=["1"]) if s.display_cards() else PlayerAction("Mercator")
    if step == 1:
        for kind in ("sea", "land"):
            if s.colonists_in_supply(p.id, kind) > 0 and s.homes(kind):
                return PlayerAction("Colonist", action="place", places=[(kind, s.homes(kind)[0])])
        return PlayerAction("Colonist", action="money")
    if step == 2:
        fresh = [prov for prov, side in s.bonus_markers.items() if side == "goods"]
        return PlayerAction("Prefect", action="produce", province=fresh[0]) if fresh else PlayerAction("Prefect", action="reactivate")
    return PlayerAction("Mercator") if step == 3 else PlayerAction("Architect")


def _argv(a: PlayerAction) -> list[str]:
    """The same turn as ``play`` options."""
    argv = [a.card.casefold()]
    argv += [x for b in a.buys for x in ("--buy", b)]
    argv += [x for k, c in a.places for x in ("--place", f"{k}:{c}")]
    if a.action == "money":
        argv.append("--money")
    if a.action == "reactivate":
        argv.append("--reactivate")
    if a.province:
        argv += ["--produce", a.province]
    return argv


@pytest.mark.parametrize("name", board_names())
def test_a_whole_scripted_game_runs_and_scores(name, tmp_path):
    game = tmp_path / "g.yaml"
    run("new", "-b", name, "--seed", "7", "--no-hand", *START.get(name, []), "-o", game)
    run("board", name)
    run("where", game)
    for turn in range(2):  # the first turns through the command line (Senator, Colonist)
        run("play", *_argv(_turn(load_snapshot(str(game)), turn)), game, "-i")
    run("preview", "architect", game)
    s = load_snapshot(str(game))
    for turn in range(3, 90):  # the rest through the rules API, to keep the suite fast
        if s.ended is not None and not s.ended.final_turn_pending:
            break
        s = play(s, _turn(s, turn)).snapshot
    else:
        pytest.fail(f"{name}: no end after 90 turns")
    assert s.ended is not None
    assert s.houses_of("contrarius"), "Contrarius built nothing in a whole game"
    game.write_text(dump_snapshot(s), encoding="utf-8")
    run("play", "mercator", game, "-i", code=4)  # the game is over
    r = run("score", game)
    assert "contrarius" in r.stdout.casefold() and "player" in r.stdout.casefold()
    run("show", game)


def _complete(line: str) -> list[str]:
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    r = CliRunner().invoke(app, [], prog_name="contrarius", env={
        "_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)})
    assert r.exit_code == 0, r.output
    return [v for v in r.stdout.split("\n") if v]


@pytest.mark.parametrize("name", board_names())
def test_completion_offers_the_boards_places(name, tmp_path):
    game = tmp_path / "g.yaml"
    run("new", "-b", name, "--seed", "2", *START.get(name, []), "-o", game)
    b = load_board(name)
    assert _complete(f"contrarius play architect {game} --build ") == sorted(b.cities, key=str.casefold)
    s = load_snapshot(str(game))
    # --place KIND:CITY offers where new colonists of each kind go on this board
    places = _complete(f"contrarius play colonist {game} --place ")
    for kind in ("land", "sea"):
        for home in s.homes(kind):
            assert f"{kind}:{home}" in places
    assert set(_complete(f"contrarius play prefect {game} --produce ")) == set(b.provinces)
