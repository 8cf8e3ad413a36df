"""``contrarius check`` counts the personality cards of a solo game against the deck.

Rulebook, "Setup": 27 Solitaria cards; "The 7 turquoise Solitaria personality cards are
your hand cards", Contrarius's 5 scarlet-back cards lie face up, and the display is dealt
from stacks I and II. Which personalities the turquoise hand and the stacks hold is not
public: data/cards.yaml (reading, README "How the rules are read") has the hand Tribune,
Architect, Prefect, Prefect with Praefectus Magnus, Mercator, Diplomat, Senator and the
stacks I (Prefect, Mason, Mercator, Architect, Colonist, Diplomat, Farmer, Smith) and II
(Architect, Mercator, Colonist, Prefect, Consul, Vintner, Weaver).

The table used: ``new --board italia --seed 1`` (examples/italia-setup.yaml): your hand the
7 turquoise cards; the display Mercator, Mason, Prefect, Colonist, Farmer, Architect,
Diplomat; the stack's 7 cards in the order Consul, Architect, Colonist, Vintner, Prefect,
Mercator, Weaver; Contrarius's cards the 5 assumed (Prefect, Architect, Mercator, Colonist,
Senator) and the Smith it took at setup: 7 + 7 + 7 + 6 = 27 cards.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import ContrariusError
from contrarius.rules.game import new_game as new_game_any_mode
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.card_counts import card_count_problems
from contrarius.model.snapshot import UNKNOWN_CARD, Snapshot
from contrarius.store.snapshot_text import dump_snapshot

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"


def _table(tmp_path, edit) -> Path:
    data = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    edit(data)
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return g


def test_the_example_table_holds_the_27_cards_and_passes(runner):
    data = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    assert len(data["players"][0]["hand"]) == 7 and len(data["display"]) == 7
    assert data["stack"]["remaining"] == 7 and len(data["contrarius"]["cards"]) == 6
    r = runner.invoke(app, ["check", str(ITALIA)])
    assert r.exit_code == 0 and ": ok (" in r.stdout


def test_ten_senators_in_the_hand_fail_check(runner, tmp_path):
    # 10 Senators in the hand and 1 played: 11 Senators; the turquoise hand has 1 and the
    # stacks none. And all together 11 yours + 6 Contrarius's + 7 display + 7 stack = 31 > 27.
    def edit(d):
        d["players"][0]["hand"] = ["Senator"] * 10
        d["players"][0]["played"] = ["Senator"]

    g = _table(tmp_path, edit)
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{g}: players[0].hand: 31 personality cards in the game (11 yours, 6 Contrarius's, 7 in the display, "
        "7 in the stack), but Solitaria has 27 (\"Setup\": your 7, Contrarius's 5, stacks I and II); remove the "
        "cards that are not at the table (a card bought leaves the display)",
        f"{g}: players[0].hand: 11 Senator cards (10 in your hand, 1 played), but a solo game has 1 (your "
        "starting hand 1, display stacks 0; reading: README); remove the extra Senator cards",
        f"2 problems found in {g}",
    ]
    r = runner.invoke(app, ["check", str(g), "--json"])
    assert r.exit_code == 1 and '"path": "players[0].hand"' in r.stdout


def test_a_card_bought_twice_is_counted_where_it_lies(runner, tmp_path):
    # the Mason bought from display position 2 is in your played pile, but the display
    # still shows it: Mason 1 played + 1 in the display = 2, the stacks hold 1 (the total,
    # 8 yours + 6 + 7 + 7 = 28 > 27, is reported too)
    def edit(d):
        d["players"][0]["played"] = ["Mason"]

    g = _table(tmp_path, edit)
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 1
    assert (f"{g}: players[0].played: 2 Mason cards (1 played, 1 in the display and stack), but a solo game has 1 "
            "(your starting hand 0, display stacks 1; reading: README)") in r.stdout
    assert "28 personality cards in the game" in r.stdout


def test_the_same_card_bought_and_the_display_refilled_passes(runner, tmp_path):
    # the Mason bought from position 2: the display slides left and the first card of the
    # stack (Consul) fills position 7; the stack holds 6: 8 + 6 + 7 + 6 = 27
    def edit(d):
        d["players"][0]["played"] = ["Mason"]
        d["display"] = ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]
        d["stack"] = {"remaining": 6, "order": ["Architect", "Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]}

    r = runner.invoke(app, ["check", str(_table(tmp_path, edit))])
    assert r.exit_code == 0, r.stdout


def test_contrarius_cards_count_beyond_its_five_starting_cards(runner, tmp_path):
    # Contrarius's 6 cards all Weavers: at most 5 may be its own scarlet cards (they are not
    # public), so at least 1 came from the display; with the Weaver still in the stack order
    # that makes 2 Weavers of a card the stacks hold once. 27 cards in all: no total problem.
    def edit(d):
        d["contrarius"]["cards"] = ["Weaver"] * 6

    g = _table(tmp_path, edit)
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:-1] == [
        f"{g}: contrarius.cards: 2 Weaver cards (1 in the display and stack, 1 of Contrarius's beyond its 5 "
        "starting cards), but a solo game has 1 (your starting hand 0, display stacks 1; reading: README); "
        "remove the extra Weaver cards"]
    # five Weavers may all be its own (a table that corrected them with --contrarius-cards)
    g = _table(tmp_path, lambda d: d["contrarius"].update(cards=["Weaver"] * 5 + ["Smith"]))
    assert runner.invoke(app, ["check", str(g)]).exit_code == 0


def test_team_and_unrecorded_hands_are_not_counted():
    # the team cards are not public; without a recorded hand there is nothing to count
    for opts in (SetupOptions(board="italia", seed=1, mode="team"), SetupOptions(board="italia", seed=1, mode="third-player"),
                 SetupOptions(board="italia", seed=1, record_hand=False)):
        s, _ = new_game_any_mode(opts)
        assert card_count_problems(s) == []


# ----- whole legal games through `check` ------------------------------------------------------------
def _tribune(s: Snapshot) -> PlayerAction:
    """The Tribune; with Salsa you take the second forum card (Contrarius the first)."""
    return PlayerAction("Tribune", forum="2" if s.variants.salsa is not None else None)


def _scripted(s: Snapshot, turn: int) -> PlayerAction:
    """A legal turn from the recorded hand: a rotating choice among the cards held (buying
    the first recorded display card with the Senator and Consul), the Tribune when only
    cards the script does not play (the Diplomat) are left."""
    hand = sorted({c.name for c in s.player().hand})
    playable = [c for c in hand if c not in ("Diplomat", "Tribune")]
    if not playable:
        return _tribune(s)
    card = playable[turn % len(playable)]
    a = PlayerAction(card)
    if card in ("Prefect", "Prefect with Praefectus Magnus"):
        fresh = sorted(prov for prov, side in s.bonus_markers.items() if side == "goods")
        a.action, a.province = ("produce", fresh[0]) if fresh else ("reactivate", None)
    elif card == "Colonist":
        a.action = "money"
    elif card in ("Senator", "Consul"):
        known = [i + 1 for i, c in enumerate(s.display_cards()) if c != UNKNOWN_CARD]
        a.buys = [str(known[0])] if known else []
    return a


@pytest.mark.parametrize("opts", [
    dict(board="italia", seed=1),
    dict(board="imperium", seed=5, level="expert"),
    dict(board="gallia", seed=2, level="veteran", strong=True),
    dict(board="creta", seed=3, salsa=True),
    dict(board="balearica", seed=4, fish_market=True),
], ids=lambda o: "-".join(str(v) for v in o.values()))
def test_a_whole_legal_game_passes_check_at_every_turn(runner, tmp_path, opts):
    s, _ = new_game(SetupOptions(**opts))
    g = tmp_path / "g.yaml"
    bought = 0
    for turn in range(120):
        assert card_count_problems(s) == [], (turn, [p.render() for p in card_count_problems(s)])
        if turn % 10 == 0:  # and through the command line now and then
            g.write_text(dump_snapshot(s), encoding="utf-8")
            r = runner.invoke(app, ["check", str(g)])
            assert r.exit_code == 0, (turn, r.stdout)
        if s.ended is not None and not s.ended.final_turn_pending:
            break
        a = _scripted(s, turn)
        try:
            s = play(s, a).snapshot
            bought += len(a.buys)
        except ContrariusError:  # e.g. a Senator that cannot pay: the script plays on with the Tribune
            s = play(s, _tribune(s)).snapshot
    else:
        pytest.fail("no end after 120 turns")
    g.write_text(dump_snapshot(s), encoding="utf-8")
    assert runner.invoke(app, ["check", str(g)]).exit_code == 0
    assert bought > 0  # the counts moved: cards bought from the display into your hand
