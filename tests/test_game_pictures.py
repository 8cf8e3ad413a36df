"""The game pictures: ``log --svg`` (the race turn by turn), ``score --svg`` (each side's
score split by god) and ``score --campaign --svg`` (the campaign's games).

Every picture is parsed with ``xml.etree`` and its data (the ``data-`` values of its rows,
lines, bars and houses) compared with what ``log --json`` and ``score --json`` print for
the same game: values, not pixels. The games are real, played to their end by the rules
(the scripted turns of ``tests/test_board_games.py``) on Italia, Gallia at the expert
level, Creta, Balearica with the fish market, and a team game on Italia; the campaign is three such games recorded one
after the other. Also: a hostile name in a snapshot or a campaign is text in the picture,
never markup; no picture holds a script.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import EXIT_INPUT, EXIT_USAGE, NeedRevealError
from contrarius.rules.game import new_game, play
from contrarius.rules.setup import EXPERT_TRACK, SetupOptions
from contrarius.rules.contrarius_part import PlayerAction
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot
from test_board_games import _turn

S = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Cards a test names for a team game's display cards the snapshot shows as ``?``.
REVEALED = ["Mason", "Farmer", "Smith", "Vintner", "Weaver", "Consul", "Praetor", "Legatus"] * 5


def finish(s):
    """Play ``s`` to its end with the scripted turns (team play: the Architect instead of
    the Senator, whose buys would need the partner's part)."""
    for turn in range(150):
        if s.ended is not None and not s.ended.final_turn_pending:
            return s
        a = _turn(s, turn)
        if s.mode != "solo" and a.card == "Senator":
            a = PlayerAction("Architect")
        names = iter(REVEALED)
        while True:
            try:
                s = play(s, a).snapshot
                break
            except NeedRevealError as exc:  # a display card drawn but not recorded: name one
                a.reveal = {**(a.reveal or {}), exc.position: next(names)}
    pytest.fail("no end after 150 turns")


GAMES = {
    "italia": dict(board="italia", seed=7),
    "gallia-expert": dict(board="gallia", seed=1, level="expert"),
    "creta": dict(board="creta", seed=2),
    "italia-team": dict(board="italia", seed=3, mode="team"),
    "balearica-fish": dict(board="balearica", seed=4, fish_market=True),
}
_played: dict[str, tuple[str, str]] = {}


def game(name: str, tmp_path: Path) -> tuple[Path, object]:
    """Game ``name`` of :data:`GAMES` played to its end, written to ``tmp_path``; the
    snapshot at the start and at the end."""
    if name not in _played:
        start, _ = new_game(SetupOptions(record_hand=False, **GAMES[name]))
        _played[name] = (dump_snapshot(start), dump_snapshot(finish(start)))
    path = tmp_path / f"{name}.yaml"
    path.write_text(_played[name][1], encoding="utf-8")
    (tmp_path / f"{name}-start.yaml").write_text(_played[name][0], encoding="utf-8")
    return path, load_snapshot(str(tmp_path / f"{name}-start.yaml"))


def run(runner, *args, code: int = 0):
    res = runner.invoke(app, [str(a) for a in args])
    assert res.exit_code == code, (args, res.stdout, res.stderr)
    return res


def safe_picture(text: str) -> ET.Element:
    """Parse an SVG picture and check what every picture must be: a ``<title>`` and a
    ``<desc>``, a 400 px viewBox, no script, no event handler, no link, nothing foreign."""
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')
    root = ET.fromstring(text)
    assert root.tag == f"{S}svg"
    assert root.get("viewBox").startswith("0 0 400 ")
    assert root[0].tag == f"{S}title" and root[0].text.startswith("contrarius: ")
    assert root[1].tag == f"{S}desc" and len(root[1].text) > 20
    for e in root.iter():
        assert e.tag.startswith(S), e.tag
        assert e.tag not in (f"{S}script", f"{S}foreignObject", f"{S}a", f"{S}image", f"{S}use")
        for key in e.attrib:
            assert not key.lower().startswith("on") and "href" not in key, (e.tag, key)
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter() if cls in (g.get("class") or "").split()]


def words(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter() if t.tag in (f"{S}text", f"{S}title", f"{S}desc"))


def num(value: str | None):
    return None if value is None else int(value)


# ----- log --svg: the race ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["italia", "gallia-expert", "italia-team"])
def test_race_picture_shows_the_log_turn_by_turn(runner, tmp_path, name):
    path, start = game(name, tmp_path)
    data = json.loads(run(runner, "log", path, "--json").stdout)
    root = safe_picture(run(runner, "log", path, "--svg", "-").stdout)
    rows = groups(root, "turn")
    assert len(rows) == len(data["turns"]) > 20
    for row, t in zip(rows, data["turns"]):
        assert (num(row.get("data-turn")), row.get("data-player"), row.get("data-card")) == (t["turn"], t["player"], t["card"])
        assert (num(row.get("data-vp-before")), num(row.get("data-vp-after")), num(row.get("data-scored"))) == \
               (t["vp_before"], t["vp_after"], t["scored"])
        assert row.get("data-built") == "|".join(t["built"]) and row.get("data-took") == "|".join(t["took"])
        assert bool(groups(row, "built")) == bool(t["built"]) and bool(groups(row, "took")) == bool(t["took"])
    # Contrarius's line runs through its VP after each turn; a dot for each turn it scored
    line = groups(root, "vp-line")[0]
    assert line.get("data-vp").split() == [str(t["vp_after"]) for t in data["turns"]]
    assert [num(c.get("data-turn")) for c in root.iter(f"{S}circle") if c.get("data-scored")] == \
           [t["turn"] for t in data["turns"] if t["scored"]]
    # each player's VP track: the starting VP ("Difficulty level": 20 standard, team play too; 0 expert)
    assert {p.get("data-owner"): num(p.get("data-vp")) for p in groups(root, "player-line")} == \
           {p["id"]: p["vp"] for p in data["players"]} == {p.id: 0 if start.level == "expert" else 20 for p in start.players}
    # the record's builds are every house Contrarius has now and had not at the start
    final = load_snapshot(str(path))
    assert sum(len(t["built"]) for t in data["turns"]) == len(final.houses_of("contrarius")) - len(start.houses_of("contrarius"))
    assert sum(len(t["took"]) for t in data["turns"]) == len(final.contrarius.cards) - len(start.contrarius.cards)
    # the end: who ended it and in which turn (the turn whose report says "the game ends")
    end = groups(root, "end")[0]
    assert (end.get("data-by"), num(end.get("data-turn"))) == (data["ended"]["by"], data["ended"]["turn"]) == \
           (final.ended.by, next(t["turn"] for t in data["turns"] if t["ends"]))
    assert data["ended"]["reason"] in words(root)


def test_race_picture_draws_the_expert_track(runner, tmp_path):
    path, start = game("gallia-expert", tmp_path)
    data = json.loads(run(runner, "log", path, "--json").stdout)
    root = safe_picture(run(runner, "log", path, "--svg", "-").stdout)
    assert start.contrarius.track == EXPERT_TRACK == data["contrarius"]["track_houses"]
    houses = {num(h.get("data-position")): h for h in groups(root, "track-house")}
    assert sorted(houses) == EXPERT_TRACK
    left = set(data["contrarius"]["track_left"])
    assert left == set(load_snapshot(str(path)).contrarius.track)
    built = {tr["position"]: (t["turn"], tr["how"], t["vp_before"], t["vp_after"]) for t in data["turns"] for tr in t["track"]}
    assert set(built) | left == set(EXPERT_TRACK) and not set(built) & left
    for pos, h in houses.items():
        if pos in left:
            assert h.get("data-state") == "left" and h.get("data-turn") is None
        else:
            turn, how, before, after = built[pos]
            assert (h.get("data-state"), num(h.get("data-turn"))) == (how, turn)
            if how == "reached":  # "Expert": the house is built when the VP marker reaches it
                assert before < pos <= after
    reached = [p for p, b in built.items() if b[1] == "reached"]
    assert reached and sorted(num(h.get("data-position")) for h in groups(root, "track-built")) == sorted(reached)


def test_race_picture_of_a_game_without_turns_and_of_the_readme_example(runner, tmp_path):
    g = tmp_path / "new.yaml"
    run(runner, "new", "--board", "italia", "--seed", "1", "-o", g)
    root = safe_picture(run(runner, "log", g, "--svg", "-").stdout)
    assert not groups(root, "turn") and "No turn played yet." in words(root)
    root = safe_picture(run(runner, "log", EXAMPLES / "imperium-expert-midgame.yaml", "--svg", "-").stdout)
    # the example's header: 16 turns; Contrarius reaches 10 VP in turn 12 and builds the track house from 10
    assert len(groups(root, "turn")) == 16
    assert [(num(h.get("data-position")), h.get("data-state"), num(h.get("data-turn"))) for h in groups(root, "track-house")] == \
           [(10, "reached", 12), (20, "left", None), (30, "left", None), (40, "left", None), (50, "left", None)]
    assert "The game is still running" in words(root) and not groups(root, "end")


def test_readme_race_picture_is_current():
    """README shows examples/imperium-expert-midgame-race.svg: it is what the program draws today."""
    from contrarius.cli.commands.record import log_data
    from contrarius.pictures.drawing import svg_text
    from contrarius.pictures.race_svg import picture

    snap = load_snapshot(str(EXAMPLES / "imperium-expert-midgame.yaml"))
    assert (EXAMPLES / "imperium-expert-midgame-race.svg").read_text(encoding="utf-8") == svg_text(picture(log_data(snap))), \
        "regenerate: contrarius log examples/imperium-expert-midgame.yaml --svg examples/imperium-expert-midgame-race.svg"


def test_log_svg_to_a_file_keeps_the_report(runner, tmp_path):
    path, _ = game("italia", tmp_path)
    out = tmp_path / "race.svg"
    res = run(runner, "log", path, "--svg", out)
    assert "Mercator" in res.stdout and "->" in res.stdout  # the table, as without --svg
    safe_picture(out.read_text(encoding="utf-8"))
    assert "--svg - and --json" in run(runner, "log", path, "--svg", "-", "--json", code=EXIT_USAGE).stderr
    assert "the snapshot itself" in run(runner, "log", path, "--svg", path, code=EXIT_USAGE).stderr


# ----- score --svg ------------------------------------------------------------------------------
def check_score(root: ET.Element, data: dict) -> None:
    """The score picture ``root`` against ``score --json``'s ``data``: each side's parts
    (VP track, each god, the variants, the Concordia card) and total, the winner."""
    sides = groups(root, "side")
    assert [s.get("data-owner") for s in sides] == [s["owner"] for s in data["sides"]]
    for g, side in zip(sides, data["sides"]):
        assert num(g.get("data-total")) == side["total"] and num(g.get("data-known")) == side["known_points"]
        parts = {p.get("data-part"): num(p.get("data-points")) for p in groups(g, "part")}
        want = {"track": side["vp_track"], "concordia": side["concordia_card"]}
        want |= {x["god"]: x["points"] for x in side["gods"]}
        want |= {f"variant:{v['what']}": v["points"] for v in side.get("variants", [])}
        given = parts.pop("given", 0)
        assert parts == {k: v for k, v in want.items() if v}
        assert sum(parts.values()) == side["known_points"]
        if side["given_total"] is not None:  # the total counted at the table: the rest beyond the parts known
            assert side["known_points"] + given == side["given_total"] or given == 0
        listed = {t.get("data-part"): t.get("data-points") for t in groups(g, "part-words")}
        assert listed.pop("given", "0") == str(given)
        assert listed == {k: None if v is None else str(v) for k, v in want.items() if v != 0}
        assert bool(groups(g, "unknown")) == (side["total"] is None)
    result = groups(root, "result")[0]
    assert (result.get("data-winner"), result.get("data-tie"), result.get("data-decided-by")) == \
           (data["winner"], str(data["tie"]).lower(), data["decided_by"])


@pytest.mark.parametrize("name,args", [
    ("italia", ["--player-total", "90"]),
    ("gallia-expert", ["--goods", "none", "--sestertii", "3"]),
    ("creta", []),
    ("balearica-fish", ["--player-total", "100"]),
    ("italia-team", ["--player-total", "player1=80", "--player-total", "player2=70"]),
])
def test_score_picture_shows_each_side_split_by_god(runner, tmp_path, name, args):
    path, _ = game(name, tmp_path)
    data = json.loads(run(runner, "score", path, *args, "--json").stdout)
    root = safe_picture(run(runner, "score", path, *args, "--svg", "-").stdout)
    check_score(root, data)
    assert ("Final scoring" in words(root)) and data["ended"]
    if data["winner"] is not None:
        assert f"by {abs(data['margin'])} VP" in words(root)
    if name == "balearica-fish":  # "Solo Variants", the fish market: Contrarius's fish are a part of its bar
        fish = [v["points"] for v in data["sides"][0]["variants"] if v["what"] == "fish"]
        assert fish and fish[0] > 0
        assert [num(p.get("data-points")) for p in groups(root, "part") if p.get("data-part") == "variant:fish"][:1] == fish
    if data["mode"] == "team":
        assert data["team_total"] == 75 and num(groups(root, "team-total")[0].get("data-total")) == 75


def test_score_picture_names_the_tie_rule(runner, tmp_path):
    # the player's total given equal to Contrarius's: "a tie ... the Concordia card" decides it
    path, _ = game("italia", tmp_path)
    contrarius = json.loads(run(runner, "score", path, "--player-total", "1", "--json").stdout)["sides"][0]["total"]
    data = json.loads(run(runner, "score", path, "--player-total", str(contrarius), "--json").stdout)
    assert data["tie"] and data["decided_by"] == "Concordia card" and data["winner"] == data["concordia"] == "player"
    root = safe_picture(run(runner, "score", path, "--player-total", str(contrarius), "--svg", "-").stdout)
    check_score(root, data)
    assert "Winner: you, a tie broken by the Concordia card" in words(root)


def test_score_picture_of_a_standing(runner, tmp_path):
    root = safe_picture(run(runner, "score", EXAMPLES / "imperium-expert-midgame.yaml", "--svg", "-").stdout)
    data = json.loads(run(runner, "score", EXAMPLES / "imperium-expert-midgame.yaml", "--json").stdout)
    check_score(root, data)
    assert not data["ended"] and "Standing (not the final score)" in words(root)


# ----- score --campaign --svg ----------------------------------------------------------------
def test_campaign_picture_shows_the_games_and_starting_vp(runner, tmp_path):
    camp = tmp_path / "camp.yaml"
    totals = {"italia": 150, "creta": 80, "gallia": 170}
    for n, (board, total) in enumerate(totals.items(), 1):
        g = tmp_path / f"c{n}.yaml"
        run(runner, "new", "--board", board, "--seed", n, "--no-hand", "--campaign", camp, "-o", g)
        g.write_text(dump_snapshot(finish(load_snapshot(str(g)))), encoding="utf-8")
        pic = tmp_path / f"camp{n}.svg"
        res = run(runner, "score", g, "--campaign", camp, "--player-total", total, "--json", "--svg", pic)
        data = json.loads(res.stdout)["campaign"]
        root = safe_picture(pic.read_text(encoding="utf-8"))
        assert data["games"] == yaml.safe_load(camp.read_text(encoding="utf-8"))["games"]
        drawn = groups(root, "game")
        assert len(drawn) == n == len(data["games"])
        for gg, want in zip(drawn, data["games"]):
            assert {k: gg.get(f"data-{k.replace('_', '-')}") for k in ("game", "board", "start_vp", "player", "contrarius",
                                                                         "margin", "winner", "next_start_vp")} == \
                   {k: str(want[k]) for k in ("game", "board", "start_vp", "player", "contrarius", "margin", "winner", "next_start_vp")}
            assert gg.get("data-recorded") == "true"
        starts = [(num(p.get("data-game")), num(p.get("data-start-vp"))) for p in groups(root, "start")]
        assert starts == [(g["game"], g["start_vp"]) for g in data["games"]] + [(n + 1, data["standing"]["next_start_vp"])]
        nxt = groups(root, "next")[0]
        assert num(nxt.get("data-next-start-vp")) == data["standing"]["next_start_vp"]
    # "Campaign": a win lowers the next start by a fifth of the advance, a loss keeps it
    games = yaml.safe_load(camp.read_text(encoding="utf-8"))["games"]
    for a, b in zip(games, games[1:]):
        assert b["start_vp"] == (a["start_vp"] - a["margin"] // 5 if a["winner"] == "player" else a["start_vp"])
    assert games[0]["start_vp"] == 20

    # --no-record: the game that would be recorded is drawn, marked as not recorded; the file is unchanged
    before = camp.read_text(encoding="utf-8")
    g = tmp_path / "c4.yaml"
    run(runner, "new", "--board", "italia", "--seed", 9, "--no-hand", "--campaign", camp, "-o", g)
    g.write_text(dump_snapshot(finish(load_snapshot(str(g)))), encoding="utf-8")
    root = safe_picture(run(runner, "score", g, "--campaign", camp, "--player-total", 100, "--no-record", "--svg", "-").stdout)
    assert [x.get("data-recorded") for x in groups(root, "game")] == ["true"] * 3 + ["false"]
    assert "not recorded: --no-record given" in words(root) and camp.read_text(encoding="utf-8") == before


def test_campaign_svg_refused_records_nothing(runner, tmp_path):
    camp = tmp_path / "camp.yaml"
    g = tmp_path / "c1.yaml"
    run(runner, "new", "--board", "italia", "--seed", 1, "--no-hand", "--campaign", camp, "-o", g)
    g.write_text(dump_snapshot(finish(load_snapshot(str(g)))), encoding="utf-8")
    other = tmp_path / "other.yaml"
    other.write_text(g.read_text(encoding="utf-8"), encoding="utf-8")
    res = run(runner, "score", g, "--campaign", camp, "--player-total", 100, "--svg", other, code=EXIT_INPUT)
    assert "holds a game" in res.stderr and not camp.exists() and res.stdout == ""
    res = run(runner, "score", g, "--campaign", camp, "--player-total", 100, "--svg", camp, code=EXIT_USAGE)
    assert "the campaign file itself" in res.stderr and not camp.exists()


# ----- nothing from a snapshot or a campaign is markup ----------------------------------------
HOSTILE = '<script>alert("x")</script>" onload="alert(1)'


def test_hostile_names_are_text_in_every_picture(runner, tmp_path):
    path, _ = game("italia", tmp_path)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["log"][0]["card"] = HOSTILE
    raw["log"][1]["reaction"] = [f"Contrarius builds in {HOSTILE} (x, y) for brick: first", f"Contrarius takes {HOSTILE} "
                                 "from display position 2 (face up)"]
    raw["log"][-1]["player_did"] = [f"{HOSTILE}: the game ends, you take the Concordia card"]
    bad = tmp_path / "hostile.yaml"
    bad.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    text = run(runner, "log", bad, "--svg", "-").stdout
    root = safe_picture(text)
    assert "<script" not in text and HOSTILE in words(root)
    rows = groups(root, "turn")
    assert rows[0].get("data-card") == HOSTILE and rows[1].get("data-built") == HOSTILE == rows[1].get("data-took")

    camp = tmp_path / "camp.yaml"
    camp.write_text(yaml.safe_dump({"format": 1, "start_vp": 20, "games": [
        {"game": 1, "board": HOSTILE, "seed": 1, "start_vp": 20, "player": 90, "contrarius": 80, "margin": 10,
         "winner": "player", "next_start_vp": 18}]}), encoding="utf-8")
    g = tmp_path / "c2.yaml"
    run(runner, "new", "--board", "italia", "--seed", 2, "--no-hand", "--campaign", camp, "-o", g)
    g.write_text(dump_snapshot(finish(load_snapshot(str(g)))), encoding="utf-8")
    weird = tmp_path / '<b onload="x">.yaml'
    weird.write_text(camp.read_text(encoding="utf-8"), encoding="utf-8")
    text = run(runner, "score", g, "--campaign", weird, "--player-total", 100, "--no-record", "--svg", "-").stdout
    root = safe_picture(text)
    assert "<script" not in text and "<b " not in text
    assert groups(root, "game")[0].get("data-board") == HOSTILE and '<b onload="x">.yaml' in words(root)
