"""The fish market on a real Italia board ("Solo Variants": "Whenever you pay with fish at
the fish market, give those fish to Contrarius"; README "How the rules are read", Fish
market: a production's bonus is one fish): the player's fish are tallied like goods."""

from __future__ import annotations

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot


def test_fish_are_tallied_paid_and_warned_and_show_names_the_tiles(runner, tmp_path):
    """italia, seed 11, fish market. The Prefect produces in Corsica: its fish tile gives
    the bonus, 1 fish (0 -> 1). The Mercator with --fish 3: the 3 fish go to Contrarius
    (0 -> 3), but the tally held 1: a warning, and the tally stays at 0 (not below).
    ``show`` heads the provinces' column "fish tile" (fish / turned over), not "bonus
    marker: goods", and gives the player's fish."""
    path = tmp_path / "f.yaml"
    assert runner.invoke(app, ["new", "--board", "italia", "--seed", "11", "--fish-market", "-o", str(path)]).exit_code == 0
    r = runner.invoke(app, ["play", "prefect", str(path), "-i", "--produce", "Corsica"])
    assert r.exit_code == 0, r.output
    assert "your fish 0 -> 1" in r.output
    assert load_snapshot(str(path)).variants.fish_market.player == 1
    r = runner.invoke(app, ["play", "mercator", str(path), "-i", "--fish", "3", "--die", "black=cloth"])
    assert r.exit_code == 0, r.output
    assert "fish 0 -> 3" in r.output and "you paid 3 fish but the tally shows 1 received" in r.output
    fm = load_snapshot(str(path)).variants.fish_market
    assert (fm.contrarius, fm.player) == (3, 0)
    r = runner.invoke(app, ["show", str(path)])
    assert "fish tile" in r.stdout and "bonus marker" not in r.stdout
    corsica = next(line for line in r.stdout.splitlines() if line.startswith("│ Corsica"))
    assert corsica.split("│")[2].strip() == "turned over"
    assert "your fish (received from production, less what you paid): 0" in r.stdout
