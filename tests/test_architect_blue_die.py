"""The Architect's blue die when it cannot matter ("Solo Personality Cards", Architect;
"Supplementary rules to the reactions of Contrarius", Take a card), on the real Italia board
of examples/italia-setup.yaml.

The rule: "Roll the blue Architect die to determine which of the 5 first personality cards
in the display area Contrarius takes ... If there are not enough cards in the display
area, Contrarius takes the first card instead of the die result"; "If the die result shows
a card position that has no card available anymore, Contrarius takes the card in first
position. If there are no cards available at all (very rare), Contrarius builds a house
with the white Senator/Consul die." So with one card left every face 1-5 takes that card,
and with none every face leads to the white die's house: the blue die is not rolled, not
asked for in ``session`` and not demanded by ``play`` (README "How the rules are read",
**Architect's blue die**). With two cards it still decides.
"""

from __future__ import annotations

import shutil

import pytest

from contrarius.cli import app
from contrarius.errors import RuleError
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.store.snapshot_text import load_snapshot
from test_session import drive

ONE_LEFT = "display: [Weaver, null, null, null, null, null, null]\nstack:\n  remaining: 0\n  order: []\n"


def _one_card_left(tmp_path, examples_dir):
    """examples/italia-setup.yaml as a table game (``dice: table``) whose display holds
    only the Weaver, the stack empty."""
    text = (examples_dir / "italia-setup.yaml").read_text(encoding="utf-8")
    start = text.index("display:")
    end = text.index("contrarius:", start)
    text = text[:start] + ONE_LEFT + text[end:]
    text = text.replace("seed: 1\n", "seed: 1\ndice: table\n")
    path = tmp_path / "one.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_one_card_left_is_taken_without_the_blue_die(runner, tmp_path, examples_dir):
    """Display: the Weaver alone, the stack empty. Any face 1-5 takes the Weaver (faces 2-5
    show no card: "the first card"), so no die is asked: play with no --die takes the
    Weaver, says the die is not rolled and why; the Weaver was the last card of the display
    and the stack, so Contrarius ends the game and takes the Concordia card ("Solo End of
    Game": "Whoever takes the last personality card from the display area ... initiates the
    end of the game")."""
    path = _one_card_left(tmp_path, examples_dir)
    out = tmp_path / "next.yaml"
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    assert "the blue die (Architect) is not rolled: only one card is left in the display (Weaver)" in r.stderr + r.stdout
    s = load_snapshot(str(out))
    assert s.contrarius.cards[-1].name == "Weaver" and s.display_cards() == []
    assert s.log[-1]["dice"] == []
    assert s.ended is not None and s.concordia == "contrarius"


def test_a_blue_die_given_anyway_is_refused_with_the_reason(runner, tmp_path, examples_dir):
    """The same table: ``--die 3`` is unused input (exit 2, nothing written, README's exit
    codes), and the message says why no blue die is rolled."""
    path = _one_card_left(tmp_path, examples_dir)
    out = tmp_path / "next.yaml"
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(out), "--die", "3"])
    assert r.exit_code == 2
    assert "3 left over (the blue die (Architect) is not rolled: only one card is left" in r.stderr
    assert not out.exists()


def test_the_session_does_not_ask_the_blue_die_for_one_card(tmp_path, examples_dir):
    """The session asks the Architect's moves and houses, and then no die: the turn is the
    Weaver taken, ``play architect`` without --die."""
    snap = load_snapshot(str(_one_card_left(tmp_path, examples_dir)))
    asked, turn = drive(snap, ["architect", "", ""], table_dice=True)
    assert [q.key for q in asked] == ["card", "move", "build"]
    assert turn is not None and turn.options == {}
    assert turn.result.snapshot.contrarius.cards[-1].name == "Weaver"


def test_no_card_at_all_builds_with_the_white_die_alone(examples_dir):
    """No card in the display nor the stack: "Contrarius builds a house with the white
    Senator/Consul die" whatever the blue die shows, so only the white die is read. White
    wine from Roma with 2 colonists: Ancona (tests/test_reactions.py's module text: Genva,
    Ancona and Messana are in reach, empty and in new provinces; Ancona first)."""
    s = load_snapshot(str(examples_dir / "italia-setup.yaml"))
    s.display = [None] * 7
    s.stack_remaining, s.stack_order = 0, []
    r = play(s, PlayerAction("Architect", dice=[("senator", "wine")]))
    assert [x.die for x in r.rolls] == ["senator"]
    assert r.snapshot.houses_of("contrarius") == ["Ancona"]
    with pytest.raises(RuleError, match="not the architect die .the blue die .Architect. is not rolled: no card is left"):
        play(s, PlayerAction("Architect", dice=[("architect", "4"), ("senator", "wine")]))


def test_two_cards_left_the_blue_die_still_decides(runner, tmp_path, examples_dir):
    """Display Weaver, Consul: a 2 takes the Consul, a 5 (no card there) the Weaver; so
    the die matters and a table game asks for it (exit 4, README's exit codes: a die still
    to roll)."""
    path = _one_card_left(tmp_path, examples_dir)
    path.write_text(path.read_text(encoding="utf-8").replace("[Weaver, null,", "[Weaver, Consul,"), encoding="utf-8")
    out = tmp_path / "n.yaml"
    r = runner.invoke(app, ["play", "architect", str(path), "-o", str(out)])
    assert r.exit_code == 4 and "blue" in r.stderr and not out.exists()
    for face, taken in (("2", "Consul"), ("5", "Weaver")):
        shutil.copy(path, out)
        r = runner.invoke(app, ["play", "architect", str(out), "-i", "--die", face])
        assert r.exit_code == 0, r.stderr
        assert load_snapshot(str(out)).contrarius.cards[-1].name == taken
