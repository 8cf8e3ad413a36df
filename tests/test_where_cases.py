"""Golden rulings of "Where does Contrarius build?", one case per file in tests/cases/where/.

Each case is a position (a snapshot file of the checkout, or a board with its city tokens
and the houses and colonists that differ from the setup), the die face or goods asked, the
ruling worked out by hand (the city, its colonist moves, and optionally what rules each
other city out) and ``why:``, the hand-worked reasoning step by step through the rulebook's
"Where does Contrarius build?". The keys are described in tests/cases/where/README.md.
Nothing in a case was pasted from the program's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from contrarius.model.snapshot import Colonist, Snapshot
from contrarius.rules.build import where
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.store.snapshot_text import load_snapshot

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "cases" / "where").glob("*.yaml"))
KEYS = {"snapshot", "board", "seed", "tokens", "houses", "colonists", "asked", "expect", "why"}
EXPECT = {"city", "province", "goods", "steps", "trials", "moves", "excluded", "reasons", "deciding", "candidates"}


def position(case: dict) -> Snapshot:
    """The case's position: its snapshot file, or a fresh solo game on its board (seed 11
    unless given) with its tokens; then its houses (city -> owners) and colonists
    (``[owner, kind, city or line A-B]``, replacing every colonist) set."""
    if "snapshot" in case:
        snap = load_snapshot(str(ROOT / case["snapshot"]))
    else:
        snap, _ = new_game(SetupOptions(board=case["board"], seed=case.get("seed", 11), tokens=case.get("tokens")))
    for city, owners in (case.get("houses") or {}).items():
        snap.houses[snap.board.city(city)] = list(owners)
    if "colonists" in case:
        snap.colonists = [Colonist(owner, kind, None, snap.board.parse_line(at, kind)) if "-" in at
                          else Colonist(owner, kind, snap.board.place(at), None)
                          for owner, kind, at in case["colonists"]]
    return snap


def test_the_cases_are_there_and_well_formed():
    assert len(CASES) >= 12
    for path in CASES:
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(case) <= KEYS and {"asked", "expect", "why"} <= set(case), path.name
        assert ("snapshot" in case) != ("board" in case), path.name
        assert set(case["expect"]) <= EXPECT and "city" in case["expect"] and "moves" in case["expect"], path.name
        assert "Where does Contrarius build?" in case["why"], path.name


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_ruling_is_the_one_worked_by_hand(path):
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    expect = case["expect"]
    r = where(position(case), case["asked"])
    assert r.city == expect["city"]
    assert [[m.colonist, m.kind, m.end.label if m.end else None] for m in r.moves] == expect["moves"]
    for key in ("province", "goods", "steps", "deciding"):
        if key in expect:
            assert getattr(r, key) == expect[key], key
    if "trials" in expect:
        assert [t.goods for t in r.trials] == expect["trials"]
    if "excluded" in expect:  # city -> the rule step that rules it out, in each trial (one mapping: the first)
        per_trial = expect["excluded"] if isinstance(expect["excluded"], list) else [expect["excluded"]]
        for trial, cities in enumerate(per_trial):
            assert {e.city: e.step for e in r.trials[trial].excluded} == {c: str(s) for c, s in cities.items()}, trial
    if "reasons" in expect:
        given: dict[str, str] = {}
        for t in r.trials:  # the first reason given for each city
            for e in t.excluded:
                given.setdefault(e.city, e.reason)
        assert {c: given.get(c) for c in expect["reasons"]} == expect["reasons"]
    if "candidates" in expect:  # city -> steps to it, in the first trial
        assert {c.city: c.distance for c in r.trials[0].candidates} == expect["candidates"]
