"""A whole table game played through ``contrarius session`` from a pipe (README "A guided
session" and "Table or virtual dice"): a game made with ``new --table`` and no
``--display`` keeps no stack order, so every card drawn from the real stack is asked and
taken as typed, and the game's ``log`` records what the table saw. The same for a team
table game (below), whose display cards are all unknown: also the cards drawn after both
partners' purchases are asked.

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


#: A team table game on Italia (``new --board italia --seed 3 --mode team --table``), three
#: turns typed into the session from a pipe, as the table saw them (README "Team play": the
#: team cards are not public, so the display starts as 7 unknown cards ?).
TEAM_ANSWERS = "\n".join([
    # turn 1, player1: Architect, neither partner moves or builds; blue die 3: Contrarius
    # takes display position 3, which the table shows to be a Consul; the card drawn into
    # position 7 is a Weaver
    "architect", "", "", "", "", "3", "Consul", "Weaver",
    # turn 2, player2: Tribune, no colonist bought by either partner; the S house (its best
    # specialist, the sixth card: Mason, brick) needs no die; red die card: position 1, a
    # Mason; the card drawn is a Vintner
    "tribune", "", "", "card", "Mason", "Vintner",
    # turn 3, player1: Senator buys positions 1 and 2 (a Farmer and a Prefect), player2 buys
    # none; white die wine; Contrarius's two tied moves to Aleria: the first (Enter); the two
    # cards drawn after both purchases: Colonist, Smith
    "senator", "1", "2", "", "Farmer", "Prefect", "wine", "", "Colonist", "Smith",
    "log",
]) + "\n"

TEAM_PLAY = [
    ["architect", "--die", "blue=3", "--reveal", "3=Consul", "--refill", "Weaver"],
    ["tribune", "--die", "red=card", "--reveal", "1=Mason", "--refill", "Vintner"],
    ["senator", "--buy", "1", "--buy", "2", "--reveal", "1=Farmer", "--reveal", "2=Prefect", "--die", "white=wine",
     "--refill", "Colonist", "--refill", "Smith"],
]


def test_a_whole_team_table_game_takes_every_drawn_card_as_typed(runner, tmp_path):
    """The team table game above, worked by hand ("Cooperative Personality Cards"; base
    rules: "Afterwards cards slide left into empty positions and the display refills"):

    - setup: 7 unknown display cards; Contrarius's sixth card (assumed Mason) leaves position
      1 and the card drawn is unknown: display 7 x ?, 13 cards in the stack, no order.
    - turn 1: Contrarius takes the Consul from position 3; the rest slide left and the Weaver
      is drawn into position 7: ? ? ? ? ? ? Weaver, 12 left.
    - turn 2: it takes the Mason from position 1; the Vintner is drawn: ? ? ? ? ? Weaver
      Vintner, 11 left.
    - turn 3: player1 buys positions 1 and 2 (Farmer, Prefect); after both partners the
      display slides left and refills once: ? ? ? Weaver Vintner Colonist Smith, 9 left.

    Every card drawn is asked and taken as typed (nothing refused), the game equals the same
    turns played with ``contrarius play`` byte for byte, and its log records each drawn card
    on its turn, as the table saw it."""
    table = tmp_path / "team.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "3", "--mode", "team", "--table", "-o", str(table)])
    assert r.exit_code == 0, r.output
    s = load_snapshot(str(table))
    assert s.display_cards() == ["?"] * 7 and s.stack_order is None and s.stack_remaining == 13
    by_play = tmp_path / "team-play.yaml"
    by_play.write_bytes(table.read_bytes())
    r = runner.invoke(app, ["session", str(table)], input=TEAM_ANSWERS)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused
    play_all(runner, by_play, TEAM_PLAY)
    assert table.read_bytes() == by_play.read_bytes()
    t = load_snapshot(str(table))
    assert t.display_cards() == ["?", "?", "?", "Weaver", "Vintner", "Colonist", "Smith"]
    assert t.stack_remaining == 9 and t.stack_order is None
    assert [c.name for c in t.contrarius.cards][-2:] == ["Consul", "Mason"]
    typed = {e["turn"]: e["action"].get("refill") for e in t.log}
    assert typed == {1: ["Weaver"], 2: ["Vintner"], 3: ["Colonist", "Smith"]}
    log = runner.invoke(app, ["log", str(table)])
    assert "refill Colonist, Smith" in log.stdout and "refill Weaver" in log.stdout


def test_a_third_player_table_game_asks_the_card_drawn_after_a_purchase(runner, tmp_path):
    """``new --board hellas --seed 505 --mode third-player --table``: the display is dealt
    from the seed (Diplomat, Smith, Prefect, Mercator, Architect, Farmer, and ? drawn after
    Contrarius's sixth card), no stack order, 13 cards left (tests/test_table_game_cards.py).
    player1 reactivates with a Prefect (no reaction: "The playing of a card by this player
    does not lead to a reaction"); player2's Senator buys position 1, the Diplomat; the
    white die shows wine; no veto; Contrarius's tied moves to Kythera: the first; the card
    drawn after the purchase is asked and typed (Weaver): Smith, Prefect, Mercator,
    Architect, Farmer, ?, Weaver, 12 left; the same as ``play`` with ``--refill Weaver``."""
    table = tmp_path / "third.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--mode", "third-player", "--table", "-o", str(table)])
    assert r.exit_code == 0, r.output
    by_play = tmp_path / "third-play.yaml"
    by_play.write_bytes(table.read_bytes())
    r = runner.invoke(app, ["session", str(table)], input="prefect\nreactivate\nsenator\n1\n\nwine\n\n\nWeaver\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no answer refused
    play_all(runner, by_play, [["prefect", "--reactivate"], ["senator", "--buy", "1", "--die", "white=wine", "--refill", "Weaver"]])
    assert table.read_bytes() == by_play.read_bytes()
    t = load_snapshot(str(table))
    assert t.display_cards() == ["Smith", "Prefect", "Mercator", "Architect", "Farmer", "?", "Weaver"]
    assert t.stack_remaining == 12 and t.stack_order is None
    assert t.log[-1]["action"]["refill"] == ["Weaver"]
