"""Balearica's new land colonist of Contrarius (README "How the rules are read",
Balearica): the board prints no land start, so it goes to a city with Contrarius's house,
the first in alphabetical order that has a land line (a colonist elsewhere could never
move, "Where does Contrarius build?" step 1 moves colonists along lines); without one, the
"Supplementary rules" place a sea colonist instead."""

from __future__ import annotations

from contrarius.cli import app
from contrarius.material.cards import Card
from contrarius.rules.game import new_game
from contrarius.rules.setup import SetupOptions
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot


def _game(tmp_path, houses):
    s, _ = new_game(SetupOptions(board="balearica", seed=3, table=True))
    s.houses = {c: ["contrarius"] for c in houses}
    s.players[0].hand = [Card.of("Colonist")] + s.players[0].hand
    path = tmp_path / "b.yaml"
    path.write_text(dump_snapshot(s), encoding="utf-8")
    return path


def test_the_land_colonist_skips_frvmentaria_which_has_no_land_line(runner, tmp_path):
    """Houses in Frvmentaria (sea lines only: Cvbvs, Ebvssvs, Sanctvs Agninvs) and Sanctvs
    Agninvs (land lines to Fenalicivm, Rapidvs, Servariopolis). The Colonist, red die land:
    Frvmentaria comes first alphabetically but has no land line, so Sanctvs Agninvs."""
    path = _game(tmp_path, ["Frvmentaria", "Sanctvs Agninvs"])
    r = runner.invoke(app, ["play", "colonist", str(path), "-i", "--die", "red=land"])
    assert r.exit_code == 0, r.output
    assert "Contrarius places a land colonist in Sanctvs Agninvs" in r.output
    new = load_snapshot(str(path)).colonists[-1]
    assert (new.owner, new.kind, new.where) == ("contrarius", "land", "Sanctvs Agninvs")


def test_without_a_city_with_a_land_line_a_sea_colonist_goes_instead(runner, tmp_path):
    """Only Frvmentaria: no city of its own with a land line, so the sea colonist goes, to
    Galley west (the default galley named at setup), and the report says why."""
    path = _game(tmp_path, ["Frvmentaria"])
    r = runner.invoke(app, ["play", "colonist", str(path), "-i", "--die", "red=land"])
    assert r.exit_code == 0, r.output
    assert "no city with Contrarius's house has a land line (reading): a sea colonist instead" in r.output
    new = load_snapshot(str(path)).colonists[-1]
    assert (new.owner, new.kind, new.where) == ("contrarius", "sea", "Galley west")
