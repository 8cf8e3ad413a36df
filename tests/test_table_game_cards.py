"""A table game knows only what the table shows (README "Table or virtual dice" and "How
the rules are read"): a solo game made with ``new --table`` and no ``--display`` deals the
display from the seed for you to lay, but keeps no stack order: every card drawn from the
real stack is unknown (``?``) until given, ``--refill`` names it, ``reveal`` records it. A
virtual game keeps its seeded stack. Base rules: "Afterwards cards slide left into empty
positions and the display refills"."""

from __future__ import annotations

import shutil
from pathlib import Path

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot

DATA = Path(__file__).parent / "data" / "table"


def test_new_table_keeps_no_stack_order_and_the_setup_refill_is_unknown(runner, tmp_path):
    """hellas, seed 505, --table: the display is dealt Diplomat, Mason, ... from the seed;
    Contrarius takes the first Mason, Farmer or Smith as its sixth card (position 2, Mason),
    the display slides left and the card drawn into position 7 comes from the real stack:
    not known, so ``?``; 7 cards stay in the stack, no order. With ``--refill Weaver`` that
    card is Weaver."""
    out = tmp_path / "g.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--table", "-o", str(out)])
    assert r.exit_code == 0, r.output
    s = load_snapshot(str(out))
    assert s.stack_order is None and s.stack_remaining == 7
    assert s.display_cards() == ["Diplomat", "Smith", "Prefect", "Mercator", "Architect", "Farmer", "?"]
    assert [c.name for c in s.contrarius.cards][-1] == "Mason"
    r = runner.invoke(app, ["show", str(out)])
    assert "unknown (?): display position 7" in r.stdout
    named = tmp_path / "n.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--table", "--refill", "Weaver", "-o", str(named)])
    assert r.exit_code == 0, r.output
    assert load_snapshot(str(named)).display_cards()[-1] == "Weaver"


def test_the_card_drawn_at_the_table_is_taken_as_given(runner, tmp_path):
    """hellas-table-seed505.yaml: a table game written with the seeded stack order
    (Architect on top). The Architect's blue die shows 1: Contrarius takes Diplomat from
    position 1; the display slides left and the card really drawn into position 7 is a
    Weaver: ``--refill Weaver`` is taken (the seeded order is not the table's and is
    dropped, a note says so). Without ``--refill`` position 7 is ``?``, and ``reveal
    7=Weaver`` records it."""
    game = tmp_path / "game.yaml"
    shutil.copy(DATA / "hellas-table-seed505.yaml", game)
    r = runner.invoke(app, ["play", "architect", str(game), "-o", str(tmp_path / "a.yaml"), "--die", "1", "--refill", "Weaver"])
    assert r.exit_code == 0, r.output
    assert "Contrarius takes Diplomat from display position 1" in r.output
    assert "Weaver is drawn into position 7" in r.output
    assert "the stack order in the snapshot (dealt from the seed) is not your table's" in r.output
    a = load_snapshot(str(tmp_path / "a.yaml"))
    assert a.display_cards() == ["Smith", "Prefect", "Mercator", "Architect", "Farmer", "Colonist", "Weaver"]
    assert a.stack_order is None and a.stack_remaining == 6
    r = runner.invoke(app, ["play", "architect", str(game), "-o", str(tmp_path / "b.yaml"), "--die", "1"])
    assert r.exit_code == 0, r.output
    assert "an unrecorded card (?) is drawn into position 7" in r.output
    r = runner.invoke(app, ["reveal", str(tmp_path / "b.yaml"), "7=Weaver", "-o", str(tmp_path / "c.yaml")])
    assert r.exit_code == 0, r.output
    assert load_snapshot(str(tmp_path / "c.yaml")).display_cards()[-1] == "Weaver"


def test_a_virtual_game_keeps_its_seeded_stack_and_says_why_refill_is_unused(runner, tmp_path):
    """A virtual game (no --table) draws from its seeded stack: the card drawn is the
    stack's top card, and a ``--refill`` is refused with the true reason."""
    out = tmp_path / "v.yaml"
    assert runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "-o", str(out)]).exit_code == 0
    s = load_snapshot(str(out))
    top = s.stack_order[0]
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "w.yaml"), "--die", "1", "--refill", "Weaver"])
    assert r.exit_code == 2
    assert "this virtual game draws from its seeded stack (1 card drawn this turn)" in r.stderr
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "w.yaml"), "--die", "1"])
    assert r.exit_code == 0 and f"{top} is drawn into position 7" in r.output
