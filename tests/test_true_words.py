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
