"""Every shipped board equals its reference file.

The reference files (``shared/reference/maps/*.yaml``, beside the clone in CI, read-only)
come from two blind transcriptions of each printed board that agree on every city, letter,
province and line. They are not part of the repository: when the folder is missing the
comparison is skipped with the reason; the shipped data is still checked on its own in
test_boards.py (counts) and below (what the board files say about starts and nodes).

Set CONTRARIUS_REFERENCE_MAPS to compare against another copy of the folder.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
import yaml

from contrarius.material.board import board_names, boards_dir, load_board

ROOT = Path(__file__).resolve().parent.parent


def _reference_dir() -> Path | None:
    """The reference maps folder: $CONTRARIUS_REFERENCE_MAPS, else ../shared/reference/maps
    beside the clone (CI), else the shared folder two levels up (a worktree)."""
    env = os.environ.get("CONTRARIUS_REFERENCE_MAPS")
    candidates = [Path(env)] if env else [ROOT.parent / "shared" / "reference" / "maps",
                                          ROOT.parent.parent / "shared" / "reference" / "maps"]
    return next((c for c in candidates if (c / "imperium.yaml").is_file()), None)


REF = _reference_dir()
needs_reference = pytest.mark.skipif(
    REF is None, reason="the reference maps (../shared/reference/maps beside the clone) are not here: "
                        "set CONTRARIUS_REFERENCE_MAPS to compare the shipped boards with them")


def _ref(name: str) -> dict:
    return yaml.safe_load((REF / f"{name}.yaml").read_text(encoding="utf-8"))  # type: ignore[operator]


def _printed(board, kind: str) -> Counter:
    """The printed lines of ``kind`` as a multiset of sorted city pairs: the Nile (read as
    lines) and the lines to the Aegyptus discs (listed apart in the reference) left out."""
    discs = {n for n, node in board.nodes.items() if node.type == "disc"}
    return Counter(ln.ends for ln in board.lines
                   if ln.kind == kind and not ln.route and not (set(ln.ends) & discs))


@needs_reference
def test_the_reference_folder_holds_every_shipped_board_and_no_other():
    assert sorted(p.stem for p in REF.glob("*.yaml")) == board_names()  # type: ignore[union-attr]


@needs_reference
@pytest.mark.parametrize("name", board_names())
def test_shipped_board_equals_its_reference_file(name):
    ref = _ref(name)
    b = load_board(name)
    assert b.capital == ref["capital"]
    # cities, their letters and provinces
    assert {c: (v.letter, v.province) for c, v in b.cities.items()} == \
        {c: (v["letter"], v["province"]) for c, v in ref["cities"].items()}
    assert {p: set(cs) for p, cs in b.provinces.items()} == {p: set(cs) for p, cs in ref["provinces"].items()}
    # every line, twice-printed ones twice (Ionium: Messana-Neapolis)
    for kind in ("land", "sea"):
        assert _printed(b, kind) == Counter(tuple(sorted(pair)) for pair in ref[kind] or []), kind
    assert b.tokens == ref["tokens"]
    # the places that are not cities
    assert sorted(n for n, node in b.nodes.items() if node.type == "arch") == sorted(ref.get("other_arches") or [])
    assert {n: node.province for n, node in b.nodes.items() if node.type == "castle"} == \
        {n: v["province"] for n, v in (ref.get("castles") or {}).items()}
    # where each kind of colonist starts (no start key: both in the capital)
    start = ref.get("start") or {"land": ref["capital"], "sea": ref["capital"]}
    for kind in ("land", "sea"):
        want = start[kind]
        want = () if want is None else tuple(want) if isinstance(want, list) else (want,)
        if want or b.asks_start or b.capital is None:  # Balearica: no land start
            assert b.starts[kind] == want, kind
        else:  # Gallia's sea colonists: off the lines, in the holding place (a reading)
            (held,) = b.starts[kind]
            assert b.node_type(held) == "holding"
    # printed positions (Roma: none given)
    pos = (ref.get("layout") or {}).get("pos") or {}
    assert {p: xy for p, xy in b.layout.items() if p in pos} == {p: tuple(xy) for p, xy in pos.items()}
    assert set(b.layout) - set(pos) <= {n for n, node in b.nodes.items() if node.type == "holding"}


@needs_reference
@pytest.mark.parametrize("name", board_names())
def test_reference_aliases_are_accepted(name):
    ref = _ref(name)
    b = load_board(name)
    for printed, alts in (ref.get("aliases") or {}).items():
        for alt in alts:
            if printed in b.provinces and printed not in b.places:
                assert b.province(alt) == printed
            else:
                assert b.place(alt) == printed


# ----- the shipped data on its own (no reference folder needed) -------------------------
@pytest.mark.parametrize("name", board_names())
def test_board_file_start_key_matches_the_board(name):
    raw = yaml.safe_load((boards_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
    b = load_board(name)
    start = raw.get("start")
    if start is None:  # the seven base-era files: both kinds start in the capital
        assert b.starts == {"land": (b.capital,), "sea": (b.capital,)}
    for kind in ("land", "sea"):
        for place in b.starts[kind]:
            assert b.node_type(place) in ("capital", "arch", "galley", "holding")


def test_every_new_board_names_its_sources_and_confidence():
    for name in board_names():
        b = load_board(name)
        assert b.sources, name
        assert b.confidence, name
