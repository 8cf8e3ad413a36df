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


def test_a_third_player_table_game_keeps_no_stack_order(runner, tmp_path):
    """"Contrarius as a third player": the display is stack I on stack II on stack III.
    hellas, seed 505, ``--mode third-player --table``: the display is dealt from the seed as
    in solo play (Diplomat, Smith, Prefect, Mercator, Architect, Farmer after Contrarius
    takes the Mason, its sixth card), and the card drawn for position 7 comes from the real
    stack: ``?``, no order kept (stacks I and II hold 15 cards, stack III 6: 21; 7 dealt
    and 1 drawn leave 13). With
    ``--refill Weaver`` position 7 is Weaver. player2's Architect, blue die 1: Contrarius
    takes the Diplomat, the display slides left and the card drawn is ``?``, or the one
    ``--refill`` names; the virtual game (no ``--table``) draws its seeded top card."""
    out = tmp_path / "g.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--mode", "third-player", "--table", "-o", str(out)])
    assert r.exit_code == 0, r.output
    s = load_snapshot(str(out))
    assert s.stack_order is None and s.stack_remaining == 13
    assert s.display_cards() == ["Diplomat", "Smith", "Prefect", "Mercator", "Architect", "Farmer", "?"]
    named = tmp_path / "n.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--mode", "third-player", "--table",
                            "--refill", "Weaver", "-o", str(named)])
    assert r.exit_code == 0, r.output
    assert load_snapshot(str(named)).display_cards()[-1] == "Weaver"
    # player1's card causes no reaction; then player2's Architect
    assert runner.invoke(app, ["play", "prefect", str(out), "-i", "--reactivate"]).exit_code == 0
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "a.yaml"), "--die", "1"])
    assert r.exit_code == 0, r.output
    assert "Contrarius takes Diplomat from display position 1" in r.output
    assert "an unrecorded card (?) is drawn into position 7" in r.output
    a = load_snapshot(str(tmp_path / "a.yaml"))
    assert a.display_cards() == ["Smith", "Prefect", "Mercator", "Architect", "Farmer", "?", "?"] and a.stack_order is None
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "b.yaml"), "--die", "1", "--refill", "Consul"])
    assert r.exit_code == 0, r.output
    assert load_snapshot(str(tmp_path / "b.yaml")).display_cards()[-1] == "Consul"


def test_an_old_third_player_table_snapshot_drops_its_seeded_order(runner, tmp_path):
    """A third-player snapshot marked ``dice: table`` that still holds a stack order dealt
    from the seed (as ``new --table`` wrote it before): the order is not the table's, so it
    is dropped (a note says so) and the card drawn is ``?`` until named, as in solo play."""
    out = tmp_path / "v.yaml"
    assert runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--mode", "third-player", "-o", str(out)]).exit_code == 0
    assert load_snapshot(str(out)).stack_order[0] == "Architect"
    out.write_text(out.read_text(encoding="utf-8").replace("\ndice: virtual\n", "\ndice: table\n"), encoding="utf-8")
    r = runner.invoke(app, ["play", "prefect", str(out), "-i", "--reactivate"])
    assert r.exit_code == 0, r.output
    assert "the stack order in the snapshot (dealt from the seed) is not your table's" in r.output
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "a.yaml"), "--die", "1"])
    assert r.exit_code == 0, r.output
    assert "an unrecorded card (?) is drawn into position 7" in r.output
    assert load_snapshot(str(tmp_path / "a.yaml")).stack_order is None


def test_a_team_table_game_knows_no_card_of_the_stack(runner, tmp_path):
    """Team play ("Cooperative Setup": stacks I, II and III of the team cards, not public):
    ``new --mode team --table`` without ``--display`` records the 7 display cards as ``?``
    and no stack order. player1's Architect, blue die 3: the card taken is asked
    (``--reveal 3=Consul``); the display slides left and the card drawn into position 7 is
    ``?``, or the one ``--refill`` names (Weaver); 12 cards stay in the stack."""
    out = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "505", "--mode", "team", "--table", "-o", str(out)])
    assert r.exit_code == 0, r.output
    s = load_snapshot(str(out))
    assert s.display_cards() == ["?"] * 7 and s.stack_order is None and s.stack_remaining == 13
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "a.yaml"), "--die", "3"])
    assert r.exit_code == 4 and "--reveal 3=NAME" in r.stderr
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "a.yaml"), "--die", "3", "--reveal", "3=Consul"])
    assert r.exit_code == 0, r.output
    assert "an unrecorded card (?) is drawn into position 7" in r.output
    a = load_snapshot(str(tmp_path / "a.yaml"))
    assert a.display_cards() == ["?"] * 7 and a.stack_order is None and a.stack_remaining == 12
    r = runner.invoke(app, ["play", "architect", str(out), "-o", str(tmp_path / "b.yaml"), "--die", "3", "--reveal", "3=Consul",
                            "--refill", "Weaver"])
    assert r.exit_code == 0, r.output
    b = load_snapshot(str(tmp_path / "b.yaml"))
    assert b.display_cards()[-1] == "Weaver" and b.contrarius.cards[-1].name == "Consul"
