"""A recorded hand with an unrecorded played pile (``played: null``), on the rulebook's
Italia example. Base rules, the Tribune: "take all played cards back into your hand" and
receive "one sestertius for each card beyond the third, counting the Tribune itself": with
the played pile unknown, neither the cards nor the sestertii can be known."""

from __future__ import annotations

import shutil
from pathlib import Path

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot

DATA = Path(__file__).parent / "data" / "table"


def test_check_flags_a_recorded_hand_without_its_played_pile(runner, tmp_path):
    """played-not-recorded.yaml: hand Tribune, Prefect with Praefectus Magnus, Diplomat,
    Senator recorded, ``played: null``: a problem named by its key, exit 1."""
    path = tmp_path / "g.yaml"
    shutil.copy(DATA / "played-not-recorded.yaml", path)
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 1
    assert "players[0].played: the hand is recorded but the played pile is not (null)" in r.stdout


def test_the_tribune_says_what_it_cannot_know_and_the_next_card_is_played(runner, tmp_path):
    """The Tribune from that hand: the cards that come back are not known, so the report
    says so (no "take back 1 card ... 0 sestertii" as fact), the hand and the sestertii
    tally are no longer kept (null), and the next Architect (a card the table holds) is
    played without a refusal: blue die 3 takes display position 3."""
    path = tmp_path / "g.yaml"
    shutil.copy(DATA / "played-not-recorded.yaml", path)
    r = runner.invoke(app, ["play", "tribune", str(path), "--die", "red=land", "-o", str(tmp_path / "n.yaml")])
    assert r.exit_code == 0, r.output
    assert "cannot say which cards come back or how many sestertii you receive" in r.output
    assert "take back 1 card" not in r.output
    after = load_snapshot(str(tmp_path / "n.yaml"))
    p = after.players[0]
    assert p.hand is None and p.played is None and p.sestertii is None
    r = runner.invoke(app, ["play", "architect", str(tmp_path / "n.yaml"), "--die", "3", "-o", str(tmp_path / "m.yaml")])
    assert r.exit_code == 0, r.output
    assert "display position 3" in r.output
