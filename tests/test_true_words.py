"""Reports that say only what is true (the project's third-worst bug is a report that says
something untrue), on real boards."""

from __future__ import annotations

from contrarius.cli import app
from contrarius.model.snapshot import Colonist
from contrarius.rules.build import where
from contrarius.rules.game import new_game
from contrarius.rules.setup import SetupOptions
from contrarius.store.snapshot_text import dump_snapshot


def test_the_fallback_names_every_type_tried():
    """Italia, seed 1: Contrarius's only colonist is a land colonist in Roma: 1 step. Roma's
    land neighbours: Casinvm (food), Cosa (tool), Spoletvm (cloth, where Contrarius has a
    house). "Where does Contrarius build?", brick: no brick city in reach; the next lower
    type wraps to cloth: Spoletvm holds its house (step 1); wine: none in reach; tool: Cosa.
    The words name every type tried: brick, cloth and wine."""
    s, _ = new_game(SetupOptions(board="italia", seed=1))
    s.colonists = [c for c in s.colonists if c.owner != "contrarius"] + [Colonist("contrarius", "land", "Roma", None)]
    s.houses["Spoletvm"] = ["contrarius"]
    r = where(s, "brick")
    assert [t.goods for t in r.trials] == ["brick", "cloth", "wine", "tool"]
    assert r.city == "Cosa"
    assert r.deciding == "the only city of this type it can reach (no brick, cloth or wine city available, next lower type tool)"


def test_aegyptus_show_says_the_red_sea_colonist_waits_for_a_red_sea_house(runner, tmp_path):
    """A fresh aegyptus game: Contrarius has no house at the Red Sea, so "its first harbor
    city at the Red Sea" does not exist yet: show says the colonist is due once it has one,
    not plainly "due"."""
    s, _ = new_game(SetupOptions(board="aegyptus", seed=25))
    path = tmp_path / "a.yaml"
    path.write_text(dump_snapshot(s), encoding="utf-8")
    r = runner.invoke(app, ["show", str(path)])
    assert "first Red Sea harbour city: due once it has a house at the Red Sea (none yet)" in r.stdout


def test_one_colonist_one_step_in_the_words():
    """Italia, seed 1, the player's only colonist on the board a land colonist in Roma (the
    sea colonist back in supply): 1 step (base rules, the Architect: "movement steps equal to
    the number of colonists you have on the board"). Roma -> Roma-Spoletvm -> Ancona-Spoletvm
    takes 2: refused, in the singular ("1 colonist on the board, so 1 step"), and the session
    asks for "1 step in all"."""
    import pytest

    from contrarius.errors import RuleError
    from contrarius.rules.game import PlayerAction, play
    from test_session import drive

    s, _ = new_game(SetupOptions(board="italia", seed=1))
    s.colonists = [c for c in s.colonists if not (c.owner == "player" and c.kind == "sea")]
    with pytest.raises(RuleError, match="your moves use 2 steps but you have 1 colonist on the board, so 1 step$"):
        play(s, PlayerAction("Architect", moves=[("land", "Roma", "Ancona-Spoletvm")], dice=[(None, "1")]))
    asked, _ = drive(s, ["architect"], table_dice=True)
    assert asked[-1].text == "A colonist move, KIND:FROM:TO or KIND:WHERE>CITY (1 step in all)"


# ----- refusals whose fix is the one that helps -------------------------------------------------
def _italia(tmp_path):
    from pathlib import Path

    g = tmp_path / "g.yaml"
    g.write_text((Path(__file__).resolve().parent.parent / "examples" / "italia-setup.yaml").read_text(encoding="utf-8"),
                 encoding="utf-8")
    return g


def test_a_card_never_held_is_not_sent_to_the_tribune(runner, tmp_path):
    """Base rules: a card is played from the hand, and the Tribune takes the played cards
    back. examples/italia-setup.yaml: the hand is Tribune, Architect, Prefect, Prefect with
    Praefectus Magnus, Mercator, Diplomat, Senator; nothing played. A Colonist is in neither
    pile, so "play the Tribune to take cards back" would be untrue: the refusal says the
    player has none recorded. After an Architect is played, a second Architect is in the
    played pile: then the Tribune is the fix. Nothing is written either time (exit 4)."""
    g = _italia(tmp_path)
    before = g.read_bytes()
    r = runner.invoke(app, ["play", "colonist", str(g), "--money", "-o", str(tmp_path / "o.yaml")])
    assert r.exit_code == 4
    assert "Colonist is not in the hand of player (" in r.stderr and "nor in the played pile" in r.stderr
    assert "Tribune to take cards back" not in r.stderr
    assert g.read_bytes() == before and not (tmp_path / "o.yaml").exists()
    ok = runner.invoke(app, ["play", "architect", str(g), "--die", "1", "-o", str(tmp_path / "a.yaml")])
    assert ok.exit_code == 0, ok.stderr
    again = runner.invoke(app, ["play", "architect", str(tmp_path / "a.yaml"), "--die", "1", "-o", str(tmp_path / "b.yaml")])
    assert again.exit_code == 4 and "play the Tribune to take cards back" in again.stderr


def test_a_move_that_ends_where_it_starts_is_refused(runner, tmp_path):
    """Base rules, the Architect: each movement step moves a colonist to the next line. On
    examples/italia-setup.yaml the land colonist in Roma moves Roma -> Cosa-Roma (1 step);
    a second "move" from Cosa-Roma to Cosa-Roma takes 0 steps and moves nothing: refused
    (exit 4, nothing written) instead of reported as "moves ... (0 steps)"."""
    g = _italia(tmp_path)
    r = runner.invoke(app, ["play", "architect", str(g), "--move", "land:Roma:Roma-Cosa", "--move", "land:Roma-Cosa:Roma-Cosa",
                            "--die", "1", "-o", str(tmp_path / "o.yaml")])
    assert r.exit_code == 4
    assert r.stderr.strip() == ("contrarius: your land colonist already stands on Cosa-Roma: a move that ends where it "
                                "starts is no move; leave it out")
    assert not (tmp_path / "o.yaml").exists()


def test_reveal_repeats_what_was_typed(runner, tmp_path):
    """``reveal POS=CARD`` names a ``?`` display card; examples/italia-setup.yaml shows
    Diplomat in position 7, so ``reveal 7=Weaver`` is refused. The refusal repeats what was
    typed (``7=Weaver``), not play's option ``--reveal 7=Weaver``, which the reveal command
    does not take; play's refusal names its option."""
    g = _italia(tmp_path)
    r = runner.invoke(app, ["reveal", str(g), "7=Weaver", "-i"])
    assert r.exit_code == 2
    assert r.stderr.strip() == "contrarius: 7=Weaver: display position 7 shows Diplomat, not ? (an unrecorded card)"
    p = runner.invoke(app, ["play", "mercator", str(g), "--die", "wine", "--reveal", "7=Weaver", "-o", str(tmp_path / "o.yaml")])
    assert p.exit_code == 2 and "--reveal 7=Weaver: display position 7 shows Diplomat" in p.stderr


def test_a_device_that_cannot_take_the_snapshot_says_nothing_was_written(runner, tmp_path):
    """``-o /dev/full``: the report is printed before the write (README "Exit codes": the
    report first, then the file), the write then fails (no space): exit 3, and the line says
    that nothing was written and that the report above did not take effect."""
    import os

    if not os.path.exists("/dev/full"):
        import pytest

        pytest.skip("no /dev/full on this system")
    g = _italia(tmp_path)
    r = runner.invoke(app, ["play", "mercator", str(g), "--die", "wine", "-o", "/dev/full"])
    assert r.exit_code == 3
    assert r.stderr.strip().splitlines()[-1].endswith(
        "nothing was written (the report above did not take effect); choose another path with -o")


def test_undo_where_no_file_can_be_created_says_how_to_fix_it(runner, tmp_path, monkeypatch):
    """``undo`` writes in place and takes no ``-o``: when its folder takes no new file (the
    probe file cannot be created), the fix it gives is to make the folder writable, not
    "choose another path with -o". The folder is made unwritable by the probe's mkstemp
    failing (a test run as root cannot use file modes)."""
    import tempfile

    g = _italia(tmp_path)
    ok = runner.invoke(app, ["play", "mercator", str(g), "--die", "wine", "-i"])
    assert ok.exit_code == 0, ok.stderr
    before = g.read_bytes()

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    r = runner.invoke(app, ["undo", str(g)])
    assert r.exit_code == 3
    assert r.stderr.strip().endswith("cannot write there (Permission denied); nothing was written; make its folder writable")
    assert g.read_bytes() == before
