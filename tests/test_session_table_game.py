"""A whole table game played through ``contrarius session`` from a pipe (README "A guided
session" and "Table or virtual dice"): a game made with ``new --table`` and no
``--display`` keeps no stack order, so every card drawn from the real stack is asked and
taken as typed, and the game's ``log`` records what the table saw.

The table here is the Italia game of tests/data/session-italia-solo.txt: ``new --board
italia --seed 1`` deals the same tokens and display with or without ``--table``. The
virtual game draws its refills from the seeded stack (Consul, Architect, Colonist, Vintner,
Prefect, Mercator, Weaver, after the setup's Diplomat); at the table the player types the
same cards as they come: the Diplomat with ``reveal 7=Diplomat`` before the first turn,
then, as asked, Consul and Architect (turn 1, the Senator buys two), Colonist (turn 2,
Contrarius takes a card with the Architect), Vintner (turn 3, the Tribune's card die),
Prefect and Mercator (turn 4), Weaver (turn 6): the stack is then empty. Every ruling
depends only on the table, so the table game must end exactly as the virtual one played
with ``contrarius play``: same houses, colonists, display, cards, VP and the same report
for each turn."""

from __future__ import annotations

import re

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot
from test_session import ANSWERS, PLAY_TURNS, play_all

#: the cards drawn into the display at the end of each turn, as the table shows them
DRAWN = {1: ["Consul", "Architect"], 2: ["Colonist"], 3: ["Vintner"], 4: ["Prefect", "Mercator"], 6: ["Weaver"]}


def _answers(drawn: dict[int, list[str]]) -> str:
    """The session script with the drawn cards typed where the session asks for them: after
    the turn's other answers, before the next turn (or the commands between turns)."""
    lines = ANSWERS.read_text(encoding="utf-8").splitlines()
    out: list[str] = ["reveal 7=Diplomat"]
    turn = 0
    for line in lines:
        m = re.match(r"# turn (\d+)", line)
        between = line in ("where wine", "log") or line.startswith("# a look")
        if (m or between) and turn in drawn:
            out += drawn.pop(turn)
        if m:
            turn = int(m.group(1))
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_whole_table_game_takes_every_drawn_card_as_typed(runner, tmp_path):
    table = tmp_path / "table.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--table", "-o", str(table)])
    assert r.exit_code == 0, r.output
    assert load_snapshot(str(table)).display_cards()[-1] == "?"
    drawn = {k: list(v) for k, v in DRAWN.items()}
    r = runner.invoke(app, ["session", str(table)], input=_answers(drawn))
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused
    assert not drawn  # every drawn card was typed
    virtual = tmp_path / "virtual.yaml"
    assert runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "-o", str(virtual)]).exit_code == 0
    play_all(runner, virtual, PLAY_TURNS)
    t, v = load_snapshot(str(table)), load_snapshot(str(virtual))
    assert t.dice == "table" and t.stack_order is None and t.stack_remaining == 0
    assert (t.houses, t.colonists, t.display, t.contrarius, t.ended, t.concordia) == \
           (v.houses, v.colonists, v.display, v.contrarius, v.ended, v.concordia)
    assert [(e["card"], e["reaction"], e["vp"]) for e in t.log] == [(e["card"], e["reaction"], e["vp"]) for e in v.log]
    # the log records what the table saw: each card typed, turn by turn
    typed = {e["turn"]: e["action"].get("refill") for e in t.log if e["action"].get("refill")}
    assert typed == DRAWN
    log = runner.invoke(app, ["log", str(table)])
    assert "refill Consul, Architect" in log.stdout
