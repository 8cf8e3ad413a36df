"""The rulebook's "Campaign": next starting VP, end of the campaign, the record file, and
``contrarius new --campaign`` / ``contrarius score --campaign``. Numbers by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from contrarius.rules.campaign import (CAMPAIGN_START_VP, Campaign, CampaignGame, campaign_start, game_from_score,
                                 load_campaign, next_start_vp, save_campaign)
from contrarius.errors import EXIT_INPUT, EXIT_RULE, EXIT_USAGE, ContrariusError, InputFileError, RuleError
from contrarius.rules.scoring import PlayerInput, score
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import CONTRARIUS, Ended, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot

from test_scoring import ITALIA_TOKENS, counted, counted_args


# ----- the rule ------------------------------------------------------------------------------
def test_next_start_vp():
    assert next_start_vp(20, 10, True) == 18    # the rulebook's example: 20 - 10 // 5
    assert next_start_vp(20, 14, True) == 18    # 14 / 5 = 2.8, rounded down: 20 - 2
    assert next_start_vp(20, 4, True) == 20     # 4 // 5 = 0
    assert next_start_vp(20, 0, True) == 20     # a tie won with the Concordia card
    assert next_start_vp(18, -7, False) == 18   # a loss keeps the starting VP
    assert next_start_vp(18, 0, False) == 18    # a tie lost to the Concordia card


def test_three_games_end_the_campaign():
    c = Campaign()
    assert (c.start_vp, c.next_start_vp, c.over) == (20, 20, False)
    c = c.add(CampaignGame(20, 95, 85, "player", "italia", 1))      # won by 10: 20 - 10 // 5 = 18
    assert (c.next_start_vp, c.over) == (18, False)
    c = c.add(CampaignGame(18, 70, 80, CONTRARIUS, "italia", 2))    # lost: stays 18
    assert (c.next_start_vp, c.over) == (18, False)
    c = c.add(CampaignGame(18, 150, 57, "player", "italia", 3))     # won by 93: 18 - 93 // 5 = 18 - 18 = 0
    assert (c.next_start_vp, c.over) == (0, True)
    assert c.standing() == {"games_played": 3, "next_game": None, "next_start_vp": 0, "over": True,
                            "next_level": "veteran"}
    with pytest.raises(RuleError, match="over"):
        c.add(CampaignGame(0, 50, 40, "player"))


def test_below_zero_is_over_too():
    c = Campaign(start_vp=3).add(CampaignGame(3, 60, 40, "player"))   # 3 - 20 // 5 = -1
    assert c.next_start_vp == -1 and c.over


def test_add_checks_start_and_duplicates():
    c = Campaign().add(CampaignGame(20, 95, 85, "player", "italia", 1))
    with pytest.raises(RuleError, match="starts at 18"):
        c.add(CampaignGame(20, 90, 80, "player", "italia", 2))
    with pytest.raises(RuleError, match="already recorded as game 1"):
        c.add(CampaignGame(18, 95, 85, "player", "italia", 1))


def test_record_round_trip(tmp_path):
    c = Campaign().add(CampaignGame(20, 95, 85, "player", "italia", 1)).add(CampaignGame(18, 70, 80, CONTRARIUS, "imperium", 2))
    path = str(tmp_path / "camp.yaml")
    save_campaign(path, c)
    data = yaml.safe_load(Path(path).read_text())
    assert data["games"][0] == {"game": 1, "board": "italia", "seed": 1, "start_vp": 20, "player": 95,
                                "contrarius": 85, "margin": 10, "winner": "player", "next_start_vp": 18}
    assert load_campaign(path) == (c, True)
    assert load_campaign(str(tmp_path / "none.yaml"), missing_ok=True) == (Campaign(), False)


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["games"][1].update(start_vp=20), "games[1].start_vp"),          # game 2 follows 18
    (lambda d: d["games"][0].update(next_start_vp=17), "games[0].next_start_vp"),  # 20 - 10 // 5 = 18
    (lambda d: d["games"][0].update(margin=9), "games[0].margin"),               # 95 - 85 = 10
    (lambda d: d["games"][0].update(winner=CONTRARIUS), "games[0].winner"),     # 95 to 85 is no loss
    (lambda d: d["games"][0].update(winner="nobody"), "games[0].winner"),
    (lambda d: d["games"][0].update(player="many"), "games[0].player"),
    (lambda d: d["games"][0].update(colour="red"), "games[0].colour"),
    (lambda d: d.update(start="20"), "start"),
    (lambda d: d.update(games={"a": 1}), "games"),
])
def test_bad_record_names_the_key(edit, where, tmp_path):
    c = Campaign().add(CampaignGame(20, 95, 85, "player", "italia", 1)).add(CampaignGame(18, 70, 80, CONTRARIUS, "italia", 2))
    data = c.to_dict()
    edit(data)
    with pytest.raises(InputFileError) as err:
        Campaign.from_dict(data, "camp.yaml")
    assert str(err.value).startswith(f"camp.yaml: {where}: ")
    assert "\n" not in str(err.value)


def test_game_after_the_end_is_refused():
    data = Campaign(start_vp=3).add(CampaignGame(3, 60, 40, "player")).to_dict()
    data["games"].append({"game": 2, "start_vp": 1, "player": 1, "contrarius": 0, "winner": "player"})
    with pytest.raises(InputFileError, match="games\\[1\\]: the campaign was over"):
        Campaign.from_dict(data, "camp.yaml")


# ----- games ---------------------------------------------------------------------------------
def finished(start_vp: int, player_vp: int, contrarius_vp: int, seed: int) -> Snapshot:
    """A finished standard solo Italia game, set up with ``start_vp``; nothing built.

    Contrarius: its starting cards (one Colonist: Mars) and 2 colonists in Roma, the
    Concordia card: total = VP + 1 x 4 + 7. The player: the starting hand (Senator: Vesta;
    Tribune: Mars), 2 colonists in Roma, and at the table (:func:`at_end`, :data:`AT_END_ARGS`)
    the starting goods and 6 sestertii (6 + 3 + 2 x 4 + 5 + 6 + 7 = 35 -> 3):
    total = VP + 3 + 4.
    """
    s, _ = new_game(SetupOptions(board="italia", tokens=ITALIA_TOKENS, seed=seed, start_vp=start_vp))
    s.player().vp = player_vp
    s.contrarius.vp = contrarius_vp
    s.concordia = CONTRARIUS
    s.ended = Ended(CONTRARIUS)
    return read_snapshot(s.to_dict(), "<test>")


# What the player of finished() counted at the table at the end (Vesta): the starting goods
# (1 brick, 2 food, 1 tool, 1 wine, 1 cloth) and 6 sestertii, never spent.
AT_END_GOODS = {"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}
AT_END_SESTERTII = 6


def at_end() -> dict:
    """:data:`AT_END_GOODS` and :data:`AT_END_SESTERTII` as :func:`score` takes them."""
    return {"player": counted(AT_END_GOODS, AT_END_SESTERTII)}


#: the same on the command line
AT_END_ARGS = counted_args(AT_END_GOODS, AT_END_SESTERTII)


def test_game_from_score():
    final = score(finished(20, 88, 74, 1), at_end())
    # player 88 + 7 = 95; Contrarius 74 + 4 + 7 = 85
    game = game_from_score(final, 20, seed=1)
    assert (game.player, game.contrarius, game.winner, game.margin, game.next_start_vp) == (95, 85, "player", 10, 18)


def test_game_from_score_needs_a_finished_standard_solo_game():
    s = finished(20, 88, 74, 1)
    s.ended = None
    with pytest.raises(RuleError, match="not ended"):
        game_from_score(score(s, at_end()), 20)
    assert game_from_score(score(s, at_end()), 20, require_end=False).margin == 10
    s.ended = Ended(CONTRARIUS)
    s.level = "veteran"
    with pytest.raises(RuleError, match="standard"):
        game_from_score(score(s, at_end()), 20)


def test_game_from_score_needs_the_goods_and_sestertii_counted_at_the_table():
    # the snapshot holds the starting goods and 6 sestertii, a running tally: not the end of the game
    s = finished(20, 88, 74, 1)
    final = score(s)
    assert final.ended and final.winner is None
    with pytest.raises(ContrariusError, match=r"winner is not known \(player: goods and sestertii \(Vesta\)\)") as err:
        game_from_score(final, 20)
    assert not isinstance(err.value, RuleError)
    # a total counted at the table does instead: 95 to 85
    assert game_from_score(score(s, {"player": PlayerInput(total=95)}), 20).margin == 10


def test_campaign_start(tmp_path):
    path = str(tmp_path / "camp.yaml")
    vp, note = campaign_start(path, level="standard", mode="solo")
    assert vp == CAMPAIGN_START_VP == 20 and "new" in note
    save_campaign(path, Campaign().add(CampaignGame(20, 95, 85, "player")))
    assert campaign_start(path, level="standard", mode="solo")[0] == 18
    with pytest.raises(RuleError):
        campaign_start(path, level="veteran", mode="solo")
    with pytest.raises(RuleError):
        campaign_start(path, level="standard", mode="team")


# ----- the commands, a whole campaign ----------------------------------------------------------
def end_game(path: Path, player_vp: int, contrarius_vp: int) -> None:
    """Finish the game at ``path`` as in :func:`finished` (the table's VP set by hand)."""
    s = load_snapshot(str(path))
    s.player().vp = player_vp
    s.contrarius.vp = contrarius_vp
    s.concordia = CONTRARIUS
    s.ended = Ended(CONTRARIUS)
    path.write_text(dump_snapshot(s), encoding="utf-8")


def new(runner, tmp_path, camp: str, n: int):
    from contrarius.cli import app

    out = tmp_path / f"g{n}.yaml"
    tokens = ",".join(f"{c}={g}" for c, g in ITALIA_TOKENS.items())
    res = runner.invoke(app, ["new", "--board", "italia", "--tokens", tokens, "--seed", str(n), "--campaign", camp, "-o", str(out)])
    return res, out


def test_cli_campaign_of_three_games(runner, tmp_path):
    from contrarius.cli import app

    camp = str(tmp_path / "camp.yaml")
    # game 1: a new campaign at 20 VP; won by 10 (player 88 + 7 = 95; Contrarius 74 + 4 + 7 = 85)
    res, g1 = new(runner, tmp_path, camp, 1)
    assert res.exit_code == 0, res.stderr
    assert "game 1 at 20 VP" in res.stderr
    assert load_snapshot(str(g1)).player().vp == 20
    end_game(g1, 88, 74)
    # without the goods and sestertii counted at the table the winner is not known: nothing recorded
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp])
    assert res.exit_code == EXIT_USAGE and "winner is not known" in res.stderr and "goods and sestertii (Vesta)" in res.stderr
    assert res.stdout == "" and not Path(camp).exists()
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, *AT_END_ARGS])
    assert res.exit_code == 0, res.stderr
    assert "recorded as game 1" in res.stdout and "next game starts at 18 VP" in res.stdout
    assert Path(camp).exists()
    # recording the same game twice is refused, also with other totals given (here other
    # goods and sestertii): the game is known by its board, seed and turns played
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, *AT_END_ARGS])
    assert res.exit_code == EXIT_RULE and "already recorded" in res.stderr
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--sestertii", "40", "--goods", "cloth=5"])
    assert res.exit_code == EXIT_RULE and "already recorded" in res.stderr
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--no-record", *AT_END_ARGS])
    assert "already recorded" in res.stdout + res.stderr

    # game 2 at 18 VP; lost by 10 (player 63 + 7 = 70; Contrarius 69 + 4 + 7 = 80)
    res, g2 = new(runner, tmp_path, camp, 2)
    assert res.exit_code == 0 and "game 2 at 18 VP" in res.stderr
    assert load_snapshot(str(g2)).player().vp == 18
    end_game(g2, 63, 69)
    res = runner.invoke(app, ["score", str(g2), "--campaign", camp, "--json", *AT_END_ARGS])
    data = json.loads(res.stdout)
    assert data["campaign"]["recorded"] and data["campaign"]["game"]["next_start_vp"] == 18
    assert data["campaign"]["standing"] == {"games_played": 2, "next_game": 3, "next_start_vp": 18, "over": False,
                                            "next_level": "standard"}

    # game 3 at 18 VP; won by 93 (player 143 + 7 = 150; Contrarius 46 + 4 + 7 = 57): 18 - 18 = 0
    res, g3 = new(runner, tmp_path, camp, 3)
    assert load_snapshot(str(g3)).player().vp == 18
    end_game(g3, 143, 46)
    res = runner.invoke(app, ["score", str(g3), "--campaign", camp, "--no-record", *AT_END_ARGS])
    assert res.exit_code == 0 and "would be game 3" in res.stdout
    assert len(yaml.safe_load(Path(camp).read_text())["games"]) == 2  # --no-record wrote nothing
    res = runner.invoke(app, ["score", str(g3), "--campaign", camp, *AT_END_ARGS])
    assert res.exit_code == 0, res.stderr
    assert "The campaign is over" in res.stdout and "veteran" in res.stdout
    games = yaml.safe_load(Path(camp).read_text())["games"]
    assert [(g["start_vp"], g["margin"], g["next_start_vp"]) for g in games] == [(20, 10, 18), (18, -10, 18), (18, 93, 0)]

    # no fourth game
    res, _ = new(runner, tmp_path, camp, 4)
    assert res.exit_code == EXIT_RULE and "ready for veteran" in res.stderr
    assert res.stdout == "" and "Traceback" not in res.stderr


def test_cli_campaign_errors(runner, tmp_path):
    from contrarius.cli import app

    g = tmp_path / "g.yaml"
    g.write_text(dump_snapshot(finished(20, 88, 74, 1)), encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("start_vp: 20\ngames:\n- {game: 1, start_vp: 20, player: 95, contrarius: 85, winner: player, next_start_vp: 17}\n")
    notyaml = tmp_path / "notyaml.yaml"
    notyaml.write_text("games: [1, 2\n")
    alist = tmp_path / "list.yaml"
    alist.write_text("- 1\n- 2\n")
    running = tmp_path / "running.yaml"
    s = finished(20, 88, 74, 1)
    s.ended = None
    running.write_text(dump_snapshot(s), encoding="utf-8")
    cases = [
        (["score", str(g), "--campaign", str(bad)], EXIT_INPUT, "games[0].next_start_vp: expected 18"),
        (["score", str(g), "--campaign", str(notyaml)], EXIT_INPUT, "not valid YAML"),
        (["score", str(g), "--campaign", str(alist)], EXIT_INPUT, "not a campaign record"),
        (["score", str(g), "--campaign", str(tmp_path)], EXIT_INPUT, "folder"),
        (["score", str(running), "--campaign", str(tmp_path / "c.yaml")], EXIT_RULE, "not ended"),
        (["new", "--campaign", str(bad)], EXIT_INPUT, "next_start_vp"),
        (["new", "--campaign", str(tmp_path / "c.yaml"), "--start-vp", "30"], EXIT_USAGE, "not both"),
        (["new", "--campaign", str(tmp_path / "c.yaml"), "--level", "expert"], EXIT_RULE, "standard level"),
    ]
    for args, code, text in cases:
        res = runner.invoke(app, args)
        assert res.exit_code == code, (args, res.stderr)
        assert res.stdout == ""
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("contrarius: ") and text in lines[0], (args, res.stderr)
    assert not (tmp_path / "c.yaml").exists()
    # the bad file is left as it was
    assert "next_start_vp: 17" in bad.read_text()


def test_cli_replace_corrects_a_mistyped_total(runner, tmp_path):
    # Game 1 at 20 VP, Contrarius 74 + 4 + 7 = 85 (as above). The player
    # mistypes 140 for 104: advance 55, next start 20 - 55 // 5 = 9. Corrected: advance
    # 104 - 85 = 19, next start 20 - 19 // 5 = 17 ("Campaign": a fifth of the advance, rounded down).
    from contrarius.cli import app

    camp = str(tmp_path / "camp.yaml")
    res, g1 = new(runner, tmp_path, camp, 1)
    end_game(g1, 88, 74)
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--player-total", "140"])
    assert res.exit_code == 0, res.stderr
    assert "next game starts at 9 VP" in res.stdout
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--player-total", "104"])
    assert res.exit_code == EXIT_RULE and "--replace" in res.stderr
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--player-total", "104", "--replace"])
    assert res.exit_code == 0, res.stderr
    assert "corrected as game 1" in res.stdout
    assert "your total: 140 -> 104; advance: 55 -> 19; next starting VP: 9 -> 17" in res.stdout
    games = yaml.safe_load(Path(camp).read_text())["games"]
    assert [(g["player"], g["contrarius"], g["margin"], g["next_start_vp"]) for g in games] == [(104, 85, 19, 17)]
    # game 2 is played at 17 VP; a correction of game 1 that changed that start is refused now
    res, g2 = new(runner, tmp_path, camp, 2)
    assert res.exit_code == 0 and "game 2 at 17 VP" in res.stderr
    end_game(g2, 63, 69)
    assert runner.invoke(app, ["score", str(g2), "--campaign", camp, *AT_END_ARGS]).exit_code == 0
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--player-total", "140", "--replace"])
    assert res.exit_code == EXIT_RULE and "1 later game was played at 17" in res.stderr
    # a correction that keeps the next start (104 -> 105: advance 20, 20 - 4 = 16: changes it; 103: 18 // 5 = 3, keeps 17)
    res = runner.invoke(app, ["score", str(g1), "--campaign", camp, "--player-total", "103", "--replace"])
    assert res.exit_code == 0, res.stderr
    assert "your total: 104 -> 103; advance: 19 -> 18" in res.stdout
    # nothing to replace for a game never recorded
    res, g3 = new(runner, tmp_path, camp, 3)
    res = runner.invoke(app, ["score", str(g3), "--campaign", camp, "--player-total", "50", "--replace"])
    assert res.exit_code == EXIT_RULE and "nothing to replace" in res.stderr
