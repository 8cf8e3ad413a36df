"""Reports say what you received, and the goods tally is no storehouse count.

Table: ``examples/italia-setup.yaml`` (Italia, solo; you hold 6 sestertii and 1 brick, 2
food, 1 tool, 1 wine, 1 cloth; one land and one sea colonist in Roma, 4 in your storehouse).
The base rules:
- Colonist, money: "five sestertii plus one per colonist you have on the board".
- Prefect, cash bonus: "one sestertius for every visible coin on the bonus markers".
- Tribune: "one sestertius for each card beyond the third, counting the Tribune itself".
- Specialists: "produce one unit from every one of your houses of that goods type".
- Storehouse: "twelve spaces, and four of them start occupied by colonists".
"""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"


def _game(tmp_path, **change) -> Path:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for fn in change.values():
        fn(data)
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return g


def test_colonist_money(runner, tmp_path):
    # 2 colonists on the board: 5 + 2 = 7 sestertii; the tally 6 -> 13; the same when a
    # Diplomat copies Contrarius's Colonist (you carry out the copied card)
    def hand(d):
        d["players"][0]["hand"] = ["Colonist", "Diplomat"]
        d["players"][0]["played"] = []
    g = _game(tmp_path, hand=hand)
    r = runner.invoke(app, ["play", "colonist", str(g), "-i", "--money"])
    assert r.exit_code == 0, r.stderr
    assert "you take money with the Colonist: 5 + 2 colonists on the board = 7 sestertii" in r.stderr
    assert load_snapshot(str(g)).player().sestertii == 13
    r = runner.invoke(app, ["play", "diplomat", str(g), "-i", "--copy", "Colonist", "--money"])
    assert r.exit_code == 0, r.stderr
    assert "= 7 sestertii" in r.stderr and load_snapshot(str(g)).player().sestertii == 20


def test_reactivation_sestertii(runner, tmp_path):
    # two markers show coins: 2 sestertii
    def coins(d):
        d["bonus_markers"]["Vmbria"] = "coins"
        d["bonus_markers"]["Campania"] = "coins"
    g = _game(tmp_path, coins=coins)
    r = runner.invoke(app, ["play", "prefect", str(g), "-i", "--reactivate"])
    assert r.exit_code == 0, r.stderr
    assert "you reactivate: 2 bonus markers turn back to goods and you receive 2 sestertii" in r.stderr
    assert load_snapshot(str(g)).player().sestertii == 8


def test_tribune_sestertii(runner, tmp_path):
    # played: Mercator, Architect, Prefect; with the Tribune 4 cards come back: 4 - 3 = 1 sestertius
    def played(d):
        d["players"][0]["hand"] = ["Tribune", "Prefect with Praefectus Magnus", "Diplomat", "Senator"]
        d["players"][0]["played"] = ["Mercator", "Architect", "Prefect"]
    g = _game(tmp_path, played=played)
    r = runner.invoke(app, ["play", "tribune", str(g), "-i", "--die", "red=land"])
    assert r.exit_code == 0, r.stderr
    assert "you take back 4 cards with the Tribune and receive 1 sestertius (1 per card beyond the third)" in r.stderr
    assert load_snapshot(str(g)).player().sestertii == 7


def test_specialist_production(runner, tmp_path):
    # your houses in Casinvm (food) and Neapolis (brick): the Farmer produces 1 food, the Mason 1 brick
    def houses(d):
        d["houses"] = {"Casinvm": ["player"], "Neapolis": ["player"]}
        d["players"][0]["hand"] = ["Farmer", "Weaver"]
        d["players"][0]["played"] = []
    g = _game(tmp_path, houses=houses)
    assert load_snapshot(str(g)).cities["Casinvm"] == "food" and load_snapshot(str(g)).cities["Neapolis"] == "brick"
    r = runner.invoke(app, ["play", "farmer", str(g), "-i"])
    assert r.exit_code == 0, r.stderr
    assert "you produce with the Farmer: 1 food (Casinvm)" in r.stderr
    assert load_snapshot(str(g)).player().goods["food"] == 3
    r = runner.invoke(app, ["play", "weaver", str(g), "-i"])
    assert "you produce with the Weaver: nothing (no house of yours in a cloth city)" in r.stderr


def test_a_tally_past_twelve_loads_and_warns_nothing(runner, tmp_path):
    def full(d):
        d["players"][0]["goods"] = {"brick": 3, "food": 4, "tool": 2, "wine": 2, "cloth": 2}
    g = _game(tmp_path, full=full)
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 0, r.stdout
    r = runner.invoke(app, ["play", "prefect", str(g), "-i", "--produce", "Campania"])
    assert r.exit_code == 0 and "storehouse" not in r.stderr


def test_goods_counted_at_the_table_must_fit_the_storehouse(runner, tmp_path):
    # 4 colonists in the storehouse: 12 - 4 = 8 goods at most
    g = _game(tmp_path)
    r = runner.invoke(app, ["score", str(g), "--goods", "brick=9", "--sestertii", "3"])
    assert r.exit_code == 2
    assert "do not fit the storehouse: 12 spaces, 4 taken by colonists not on the board, so at most 8 goods" in r.stderr
    r = runner.invoke(app, ["score", str(g), "--goods", "brick=8", "--sestertii", "3"])
    assert r.exit_code == 0, r.stderr
