"""The rulebook's "Solo Variants" (Concordia Salsa, the fish market) on real boards.

Every expected value is worked out by hand from the rulebook's sentences and the board
files; the reasoning is written beside it. The rulebook, "Solo Variants":

- Concordia Salsa, "Salt-cities: As a reaction to the Tribune Contrarius prefers building a
  house in a salt city instead of building for its best specialist. The same is true, when
  you have rolled an "S" with the Senator/Consul die."
- "Forum cards: Contrarius starts the game with one randomly drawn blue forum card. Whenever
  you take a forum card, Contrarius takes the first forum card. [...] In final scoring it
  scores 3 victory points per blue forum card and 2 per green forum card. For Victoria
  Contrarius scores 5 points."
- Fish market: "Whenever you pay with fish at the fish market, give those fish to
  Contrarius [...] it scores 1 victory point per fish during final scoring. If Contrarius
  lets a province produce as a reaction to your Mercator, it also takes the bonus good fish."

Italia (boards/italia.yaml), two colonists of Contrarius in Roma reach with 2 steps:
  land 1 step: Casinvm, Cosa, Spoletvm; land 2: Hadria, Lvceria, Neapolis, Florentia, Ancona
  sea 1 step: Cosa, Neapolis, Olbia, Panormvs; sea 2: Aleria, Genva, Messana
(the same table as tests/test_reactions.py). Provinces used: Cosa Etrvria, Messana Sicilia,
Aleria Corsica, Neapolis Campania, Lvceria Apvlia, Spoletvm Vmbria.

Salsa on Italia swaps one token per letter for salt: A a food, B a tool, C a wine token.
SALSA_ITALIA below takes the Italia tokens of tests/test_reactions.py and makes Comvm (A,
food), Cosa (B, tool) and Messana (C, wine) the salt cities.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from contrarius.material.cards import Card
from contrarius.cli import app
from contrarius.errors import ContrariusError, RuleError, SnapshotError
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.rules.scoring import PlayerInput, score
from contrarius.rules.game import new_game
from contrarius.rules.setup import SetupOptions
from contrarius.model.snapshot import Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import load_snapshot
from test_reactions import ITALIA  # the Italia tokens worked through in tests/test_reactions.py

ROOT = Path(__file__).resolve().parent.parent

SALSA_ITALIA = {**ITALIA, "Comvm": "salt", "Cosa": "salt", "Messana": "salt"}
ROW = ["Mamilius", "Julius", "Donatus Pompeius", "Lucius Flavius"]


def salsa_game(**extra) -> Snapshot:
    """A standard Salsa game on Italia with the tokens above, Contrarius's sixth card a Mason
    (its best specialist: brick), its blue forum card Annaeus Arcadius and the row ROW."""
    opts = SetupOptions(board="italia", seed=11, tokens=SALSA_ITALIA, salsa=True, forum_card="Annaeus Arcadius",
                        forum_row=list(ROW), **extra)
    s, _ = new_game(opts)
    s.contrarius.cards = [c for c in s.contrarius.cards if not c.is_specialist] + [Card.of("Mason")]
    return read_snapshot(s.to_dict())


def plain_game(**extra) -> Snapshot:
    s, _ = new_game(SetupOptions(board="italia", seed=11, tokens=ITALIA, **extra))
    s.contrarius.cards = [c for c in s.contrarius.cards if not c.is_specialist] + [Card.of("Mason")]
    return read_snapshot(s.to_dict())




def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r

# ----- Salsa: setup and snapshot ---------------------------------------------------------------
def test_salsa_swaps_one_token_per_letter_for_salt_on_italia():
    # "on every other board one token per letter in use is swapped for that letter's salt token:
    # A a food, B a tool, C a wine" - Italia's A tokens 2 brick 2 food 1 tool 1 wine 1 cloth
    # become 2 brick 1 food 1 tool 1 wine 1 cloth 1 salt, and so on
    from contrarius.material.board import load_board
    from contrarius.model.variants import salt_token_mix

    mix = salt_token_mix(load_board("italia"))
    assert mix["A"] == {"brick": 2, "food": 1, "tool": 1, "wine": 1, "cloth": 1, "salt": 1}
    assert mix["B"] == {"brick": 2, "food": 2, "tool": 1, "wine": 1, "cloth": 1, "salt": 1}
    assert mix["C"] == {"brick": 3, "food": 2, "tool": 2, "wine": 1, "cloth": 1, "salt": 1}
    # Hispania has an extra city per letter holding the salt token: its tokens stay
    hisp = load_board("hispania")
    assert salt_token_mix(hisp) == hisp.tokens


def test_salsa_tokens_as_laid_are_checked_against_the_salt_mix():
    with pytest.raises(ContrariusError, match="A tokens hold 1"):
        new_game(SetupOptions(board="italia", seed=1, tokens={**SALSA_ITALIA, "Comvm": "food"}, salsa=True))
    # without Salsa a salt token on Italia is refused as before
    with pytest.raises(ContrariusError):
        new_game(SetupOptions(board="italia", seed=1, tokens=SALSA_ITALIA))


def test_salsa_setup_records_forum_state_and_round_trips():
    s = salsa_game()
    v = s.variants
    assert v.names == ["salsa"]
    assert v.salsa.contrarius == ["Annaeus Arcadius"] and v.salsa.row == ROW
    # 27 forum cards: 1 with Contrarius, 1 kept by you, 4 in the row -> 21 in the stack
    assert v.salsa.stack_remaining == 21 and v.salsa.stack_order is None
    again = read_snapshot(s.to_dict())
    assert again.to_dict() == s.to_dict()


def test_seeded_forum_deal_draws_a_blue_card_for_contrarius():
    s, notes = new_game(SetupOptions(board="italia", seed=4, salsa=True))
    from contrarius.model.variants import forum_cards

    own = s.variants.salsa.contrarius
    assert len(own) == 1 and forum_cards()[own[0]] == "blue"
    assert len(s.variants.salsa.row) == 4 and s.variants.salsa.stack_remaining == 21 == len(s.variants.salsa.stack_order)
    assert any("from the seed" in n for n in notes)


def test_forum_options_refused_without_salsa_and_green_start_card():
    with pytest.raises(ContrariusError, match="add --salsa"):
        new_game(SetupOptions(board="italia", seed=1, forum_card="Titus Valerius"))
    with pytest.raises(ContrariusError, match="green forum card"):
        new_game(SetupOptions(board="italia", seed=1, salsa=True, forum_card="Victoria"))
    with pytest.raises(ContrariusError, match="solo play"):
        new_game(SetupOptions(board="italia", seed=1, salsa=True, mode="team"))


def test_check_finds_forum_problems():
    data = salsa_game().to_dict()
    data["variants"]["salsa"]["row"] = ["Julius", "Julius", "?", "Victoria"]
    data["variants"]["sals"] = {}
    with pytest.raises(SnapshotError) as exc:
        read_snapshot(data)
    paths = {p.path for p in exc.value.problems}
    assert "variants.salsa" in paths and "variants.sals" in paths


def test_old_snapshot_without_variants_loads_unchanged(examples_dir):
    for path in sorted(examples_dir.glob("*.yaml")):
        s = load_snapshot(str(path))
        assert not s.variants and "variants" not in s.to_dict()


# ----- Salsa: the salt-city preference -------------------------------------------------------
def test_tribune_prefers_a_reachable_salt_city():
    # Salt cities: Comvm (far north), Cosa (land or sea, 1 step), Messana (sea, 2 steps).
    # Point 1: Cosa and Messana are reachable; point 2: both empty; point 3: Etrvria and
    # Sicilia both new to Contrarius; point 4: Cosa before Messana. So Cosa, not the brick
    # city of its best specialist (the Mason), which would be Aleria (Aleria, Lvceria,
    # Neapolis reachable, all empty and new: alphabetical).
    s = salsa_game()
    r = play(s, PlayerAction("Tribune", forum="Julius", dice=[("tribune", "land")]))
    assert r.snapshot.houses["Cosa"] == ["contrarius"]
    assert r.rulings[0].trials[0].goods == "salt" and r.rulings[0].trials[0].chosen.city == "Cosa"
    texts = [e.text for e in r.events]
    assert any("salt city first (Salsa, the Tribune)" in t for t in texts)
    assert any(t.startswith("Salsa: Contrarius prefers a salt city") for t in texts)
    # without Salsa the same Tribune builds for the Mason: Aleria
    p = play(plain_game(), PlayerAction("Tribune", dice=[("tribune", "land")]))
    assert "Aleria" in p.snapshot.houses and "Cosa" not in p.snapshot.houses


def test_no_reachable_salt_city_keeps_the_best_specialist_rule():
    # Contrarius already has houses in Cosa and Messana (point 1 rules them out) and Comvm is
    # out of reach: the reading applies the unchanged rule - Mason: brick - Aleria (Aleria,
    # Lvceria, Neapolis are empty, and Corsica, Apvlia, Campania are new to it).
    s = salsa_game()
    s.houses["Cosa"] = ["contrarius"]
    s.houses["Messana"] = ["contrarius"]
    r = play(s, PlayerAction("Tribune", forum="Julius", dice=[("tribune", "land")]))
    ruling = r.rulings[0]
    assert ruling.trials[0].goods == "salt" and ruling.trials[0].chosen is None
    assert {e.city: e.step for e in ruling.trials[0].excluded} == {"Comvm": "1", "Cosa": "1", "Messana": "1"}
    assert ruling.city == "Aleria" and ruling.goods == "brick"
    assert any("no salt city it can build in" in e.text for e in r.events)


def test_white_s_prefers_salt_black_s_does_not():
    # "The same is true, when you have rolled an "S" with the Senator/Consul die": the
    # Senator's white S builds in Cosa; the Mercator's black S is the unchanged rule
    # (Mason: brick: Aleria).
    s = salsa_game()
    white = play(s, PlayerAction("Senator", dice=[("senator", "S")]))
    assert white.snapshot.houses.get("Cosa") == ["contrarius"]
    black = play(s, PlayerAction("Mercator", dice=[("mercator", "S")]))
    assert "Cosa" not in black.snapshot.houses and black.snapshot.houses.get("Aleria") == ["contrarius"]
    assert all(t.goods != "salt" for t in black.rulings[0].trials)


def test_where_trace_shows_the_salt_step(runner, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(_dump(salsa_game()), encoding="utf-8")
    res = runner.invoke(app, ["where", "S", str(path)])
    assert res.exit_code == 0, res.output
    assert "- salt (Salsa: salt city first):" in res.stdout
    assert "chosen: Cosa" in res.stdout
    black = runner.invoke(app, ["where", "S", str(path), "--black"])
    assert "salt" not in black.stdout.split("\n")[0] and "Aleria" in black.stdout


# ----- Salsa: forum cards ------------------------------------------------------------------------
def test_forum_take_contrarius_takes_the_first_and_the_row_refills():
    # Row Mamilius, Julius, Donatus Pompeius, Lucius Flavius. You take Julius: the row closes
    # up to Mamilius, Donatus Pompeius, Lucius Flavius; Contrarius takes the first, Mamilius;
    # the row (Donatus Pompeius, Lucius Flavius) refills to 4 from the stack: here named as
    # drawn at the table (Victoria, Titus Valerius); 21 - 2 = 19 stay in the stack.
    s = salsa_game()
    r = play(s, PlayerAction("Tribune", forum="Julius", forum_refill=["Victoria", "Titus Valerius"],
                             dice=[("tribune", "land")]))
    sa = r.snapshot.variants.salsa
    assert sa.contrarius == ["Annaeus Arcadius", "Mamilius"]
    assert sa.row == ["Donatus Pompeius", "Lucius Flavius", "Victoria", "Titus Valerius"]
    assert sa.stack_remaining == 19
    assert r.snapshot.log[-1]["action"]["forum"] == "Julius"


def test_forum_take_of_the_first_card_gives_contrarius_the_second():
    # you take Mamilius (position 1): Julius is now first and goes to Contrarius; with no
    # refill named the two drawn cards are not recorded (?)
    r = play(salsa_game(), PlayerAction("Tribune", forum="1", dice=[("tribune", "land")]))
    sa = r.snapshot.variants.salsa
    assert sa.contrarius[-1] == "Julius" and sa.row == ["Donatus Pompeius", "Lucius Flavius", "?", "?"]


def test_forum_first_card_unknown_must_be_named():
    s = salsa_game()
    s.variants.salsa.row = ["?", "Julius", "?", "Victoria"]
    with pytest.raises(ContrariusError, match="--forum-reveal"):
        play(s, PlayerAction("Tribune", forum="Julius", dice=[("tribune", "land")]))
    r = play(s, PlayerAction("Tribune", forum="Julius", forum_reveal={1: "Marcus"}, dice=[("tribune", "land")]))
    assert r.snapshot.variants.salsa.contrarius[-1] == "Marcus"
    # two ? in the row and the card taken not named in it: which one must be said
    with pytest.raises(ContrariusError, match="POSITION=Quintus"):
        play(s, PlayerAction("Tribune", forum="Quintus", dice=[("tribune", "land")]))


def test_tribune_in_salsa_needs_the_forum_card_and_forum_needs_salsa():
    # the option the card needs is missing: a usage error (exit 2, README "Exit codes"), as for
    # a Prefect without --produce; not a rule error (4)
    with pytest.raises(ContrariusError, match="--forum") as missing:
        play(salsa_game(), PlayerAction("Tribune", dice=[("tribune", "land")]))
    assert not isinstance(missing.value, RuleError) and missing.value.exit_code == 2
    with pytest.raises(ContrariusError, match="does not use Salsa"):
        play(plain_game(), PlayerAction("Tribune", forum="Julius", dice=[("tribune", "land")]))
    with pytest.raises(ContrariusError, match="no Tribune"):
        play(salsa_game(), PlayerAction("Mercator", forum="Julius", dice=[("mercator", "cloth")]))


# ----- Salsa: scoring ----------------------------------------------------------------------------
def test_forum_cards_and_salt_cities_score():
    # Contrarius: Annaeus Arcadius (blue) 3 + Mamilius (green) 2 + Victoria 5 = 10.
    # Its house in the salt city Cosa counts for Jupiter (not brick) and Saturnus (Etrvria),
    # not for Mercurius, and for Minerva as its best specialist's goods: Mason, brick, 3 VP.
    s = salsa_game()
    s.variants.salsa.contrarius = ["Annaeus Arcadius", "Mamilius", "Victoria"]
    s.houses = {"Cosa": ["contrarius", "player"], "Messana": ["player"]}
    f = score(s)
    c = f.side("contrarius")
    assert [(e.what, e.points) for e in c.extras] == [("forum cards", 10)]
    assert "Victoria 5 VP instead" in c.extras[0].reading
    assert c.god("Jupiter").counted == ("Cosa",) and c.god("Saturnus").counted == ("Etrvria",)
    assert c.god("Mercurius").counted == ()
    mason = c.god("Minerva").minerva
    assert [(m.card, m.cities, m.points) for m in mason] == [("Mason", ("Cosa",), 3)]
    # The player with a Weaver (5 per cloth city) and a Farmer (3 per food city): each salt
    # city counts for the type worth most to them, cloth: Weaver 2 cities x 5 = 10.
    cards = (Card.of("Weaver"), Card.of("Farmer"))
    me = score(s, {"player": PlayerInput(cards=cards)}).side("player")
    by = {m.card: m for m in me.god("Minerva").minerva}
    assert by["Weaver"].cities == ("Cosa", "Messana") and by["Weaver"].points == 10 and by["Farmer"].points == 0
    # as chosen at the table: Messana for food -> Weaver 5 + Farmer 3
    me = score(s, {"player": PlayerInput(cards=cards, salt={"Messana": "food"})}).side("player")
    by = {m.card: m for m in me.god("Minerva").minerva}
    assert (by["Weaver"].points, by["Farmer"].points) == (5, 3)


def test_without_salsa_nothing_new_is_scored():
    f = score(plain_game())
    assert f.side("contrarius").extras == () and "variants" not in f.side("contrarius").to_dict()


# ----- the fish market ---------------------------------------------------------------------------
def test_fish_from_the_market_and_from_mercator_production():
    # --fish 2: the fish you paid go to Contrarius (0 -> 2). The Mercator's black cloth: the
    # only reachable cloth city is Spoletvm (land, 1 step; Aqvileia and Mvtina need more);
    # Vmbria's bonus marker shows goods, so Vmbria produces and Contrarius takes its bonus
    # fish: 3.
    s = plain_game(fish_market=True)
    r = play(s, PlayerAction("Mercator", fish=2, dice=[("mercator", "cloth")]))
    assert r.snapshot.houses["Spoletvm"] == ["contrarius"]
    assert r.snapshot.variants.fish_market.contrarius == 3
    texts = [e.text for e in r.events]
    assert any("you paid 2 fish" in t for t in texts) and any("bonus fish of Vmbria" in t for t in texts)
    assert r.snapshot.log[-1]["action"]["fish"] == 2


def test_no_fish_when_the_province_had_produced():
    # Vmbria's marker already shows coins: no production ("If the province has already
    # produced - instead all bonus markers are reactivated ... only when there are at least
    # 3"), so no bonus fish either
    s = plain_game(fish_market=True)
    s.bonus_markers["Vmbria"] = "coins"
    r = play(s, PlayerAction("Mercator", dice=[("mercator", "cloth")]))
    assert r.snapshot.variants.fish_market.contrarius == 0


def test_prefect_bonus_is_fish_not_goods_and_fish_score():
    s = plain_game(fish_market=True)
    before = dict(s.players[0].goods)
    r = play(s, PlayerAction("Prefect", action="produce", province="Vmbria", fish=1))
    assert r.snapshot.players[0].goods == before  # the bonus is a fish, not Vmbria's cloth
    assert r.snapshot.variants.fish_market.contrarius == 1
    c = score(r.snapshot).side("contrarius")
    assert [(e.what, e.points) for e in c.extras] == [("fish", 1)]


def test_fish_needs_the_fish_market():
    with pytest.raises(ContrariusError, match="fish market"):
        play(plain_game(), PlayerAction("Mercator", fish=1, dice=[("mercator", "cloth")]))


# ----- whole games -------------------------------------------------------------------------------
def _dump(s: Snapshot) -> str:
    from contrarius.io.yamlio import dump_yaml

    return dump_yaml(s.to_dict())


def _whole_game(s: Snapshot, seed: int) -> Snapshot:
    """Play turns chosen from ``seed`` until the game is over; every snapshot must load."""
    rng = random.Random(seed)
    for _ in range(200):
        if s.ended is not None and not s.ended.final_turn_pending:
            return s
        p = s.players[0]
        card = rng.choice(sorted({c.name for c in p.hand if c.name not in ("Diplomat",)}))
        kw = {}
        if card in ("Prefect", "Prefect with Praefectus Magnus"):
            goods = [pv for pv, side in s.bonus_markers.items() if side == "goods"]
            kw = {"action": "produce", "province": rng.choice(goods)} if goods else {"action": "reactivate"}
        if card == "Tribune" and s.variants.salsa is not None and s.variants.salsa.row:
            kw["forum"] = str(rng.randint(1, len(s.variants.salsa.row)))
        if card == "Colonist":
            kw["action"] = "money"
        if card == "Senator" and s.display_cards():
            kw["buys"] = ["1"]
        if s.variants.fish_market is not None:
            kw["fish"] = rng.randint(0, 1)
        s = play(s, PlayerAction(card, **kw)).snapshot
        s = read_snapshot(s.to_dict())
    raise AssertionError("the game did not end in 200 turns")


@pytest.mark.parametrize("board", ["italia", "hispania"])
def test_whole_salsa_and_fish_game_runs_to_the_end_and_scores(board, runner, tmp_path):
    s, _ = new_game(SetupOptions(board=board, seed=21, salsa=True, fish_market=True))
    end = _whole_game(s, 5)
    f = score(end, {"player": PlayerInput(goods={}, sestertii=0)})
    c = f.side("contrarius")
    sa = end.variants.salsa
    # every forum card Contrarius holds is scored, 3 blue / 2 green / Victoria 5
    from contrarius.model.variants import forum_vp

    assert c.extras[0].points == sum(forum_vp(n) for n in sa.contrarius) and len(sa.contrarius) >= 1
    assert c.extras[1].points == end.variants.fish_market.contrarius
    assert f.ended and c.total == c.track + c.god_points + c.concordia + c.extras[0].points + c.extras[1].points
    # the CLI reads, checks, shows and scores it
    path = tmp_path / "end.yaml"
    path.write_text(_dump(end), encoding="utf-8")
    assert "variants: salsa, fish_market" in runner.invoke(app, ["check", str(path)]).stdout
    shown = runner.invoke(app, ["show", str(path)]).stdout
    assert "Solo variants" in shown and "fish market: Contrarius holds" in shown
    js = json.loads(runner.invoke(app, ["score", str(path), "--json", "--goods", "none", "--sestertii", "0"]).stdout)
    assert [v["what"] for v in js["sides"][0]["variants"]] == ["forum cards", "fish"]


# ----- Concordia Gallia ---------------------------------------------------------------------------
# Gallia (boards/gallia.yaml): capital Lvtetia; Contrarius's land colonist starts there, its sea
# colonist waits in the Mediterranean (off the lines, no step: the board's reading), so it has 1
# step. Land lines from Lvtetia: Alesia, Avaricvm, Civ. Remorvm, Condate, Jvliobona; harbour
# cities (anchor): Bononia, Jvliobona, Gesocribate, Portvs Namnetvs, Bvrdigala, Flaviobriga.
# Seed 2 lays tool on Alesia (Gallia Lvgdvnensis), Avaricvm (Aqvitania) and Jvliobona (Gallia
# Lvgdvnensis, a harbour).
def preferred_out(ruling) -> set[str]:
    """The cities the board variant's step (1a, before point 2) ruled out in the first trial."""
    return {e.city for e in ruling.trials[0].excluded if e.step == "1a"}


def gallia_game() -> Snapshot:
    s, _ = new_game(SetupOptions(board="gallia", seed=2))
    assert [s.cities[c] for c in ("Alesia", "Avaricvm", "Jvliobona")] == ["tool"] * 3
    return s


def test_gallia_harbour_comes_before_the_empty_city_step():
    # the player's house in Jvliobona would rule it out at point 2 (an empty city is
    # reachable), but the harbour step comes first
    from contrarius.rules.build import where

    s = gallia_game()
    s.houses["Jvliobona"] = ["player"]
    assert where(s, "tool").city == "Jvliobona"


def test_gallia_after_the_first_harbour_the_plain_rule(runner, tmp_path):
    # Mercator, black tool: Jvliobona (harbour first). Then Contrarius owns a harbour house:
    # no more priority; its waiting sea colonist enters Jvliobona (the board's reading)
    s = gallia_game()
    r = play(s, PlayerAction("Mercator", dice=[("mercator", "tool")]))
    after = r.snapshot
    assert after.houses["Jvliobona"] == ["contrarius"]
    assert ("sea", "Jvliobona") in [(c.kind, c.where) for c in after.colonists if c.owner == "contrarius"]
    from contrarius.rules.build import variant_priority

    assert variant_priority(after) is None
    # the where trace shows the step and the reading
    path = tmp_path / "g.yaml"
    path.write_text(_dump(s), encoding="utf-8")
    out = runner.invoke(app, ["where", "tool", str(path)]).stdout
    assert "reading: Gallia reading" in out and "the variant's preference, before step 2" in out


# ----- Concordia Aegyptus ---------------------------------------------------------------------------
# Aegyptus (boards/aegyptus.yaml): capital Memphis, both colonists of Contrarius start there (2
# steps). Land lines from Memphis: Alexandria, Klysma, Oasis Parva, Oxyrhynchvs, Tamiathis; the
# Nile (one sea line per stretch, the board's reading): Memphis-Oxyrhynchvs-Lyopolis-... -Meroe.
# Red Sea cities: Klysma, Rhaithov, Aila, Levke Kome, Myos Hormos, Berenice. Seed 25 lays brick
# on Alexandria, Gaza, Klysma, Oxyrhynchvs, Myos Hormos and Napata; reachable in 2 steps:
# Alexandria (1), Gaza (2), Klysma (1), Oxyrhynchvs (1); all empty, all in new provinces.
def aegyptus_game() -> Snapshot:
    s, _ = new_game(SetupOptions(board="aegyptus", seed=25))
    assert {c for c, g in s.cities.items() if g == "brick"} == {"Alexandria", "Gaza", "Klysma", "Oxyrhynchvs", "Myos Hormos", "Napata"}
    return s


@pytest.mark.parametrize("board, goods, chosen, out, plain", [
    # Gallia: "Contrarius prioritizes building a house in its first harbor city, even before
    # checking point 2": tool: Alesia, Avaricvm, Jvliobona are reachable in 1 step, all empty
    # and in provinces new to Contrarius, so the plain rule takes Alesia (alphabetical);
    # Gallia takes the harbour Jvliobona before point 2.
    ("gallia", "tool", "Jvliobona", {"Alesia", "Avaricvm"}, "Alesia"),
    # Aegyptus: plain rule Alexandria (alphabetical among Alexandria, Gaza, Klysma,
    # Oxyrhynchvs). The Red Sea city Klysma and the Nile city Oxyrhynchvs (upstream of
    # Memphis) come before point 2; of the two, Klysma (alphabetical, point 4).
    ("aegyptus", "brick", "Klysma", {"Alexandria", "Gaza"}, "Alexandria"),
])
def test_board_variant_step_changes_the_choice(board, goods, chosen, out, plain):
    from contrarius.rules.build import where

    s = {"gallia": gallia_game, "aegyptus": aegyptus_game}[board]()
    assert s.variants.names == [board]
    r = where(s, goods)
    assert (r.city, preferred_out(r)) == (chosen, out)
    assert any(x.startswith(f"{board.capitalize()} reading") for x in r.readings)
    setattr(s.variants, board, False if board == "gallia" else None)
    assert where(s, goods).city == plain


def test_aegyptus_follows_the_nile_upstream():
    # with a house at the Red Sea (Klysma) only the Nile upstream is preferred: Oxyrhynchvs
    # beats Alexandria and Gaza; with a house in Oxyrhynchvs too, Lyopolis is next upstream
    from contrarius.rules.build import variant_priority, where

    s = aegyptus_game()
    s.houses["Klysma"] = ["contrarius"]
    assert where(s, "brick").city == "Oxyrhynchvs"
    s.houses["Oxyrhynchvs"] = ["contrarius"]
    assert "Oxyrhynchvs" not in variant_priority(s).cities and "Lyopolis" in variant_priority(s).cities


def test_aegyptus_sea_colonist_to_the_red_sea_at_the_first_occasion():
    # "places a sea colonist there at the first occasion": with its house in Klysma, the red
    # die's sea colonist goes to Klysma, not Memphis; the next one to Memphis again
    s = aegyptus_game()
    s.houses["Klysma"] = ["contrarius"]
    s.players[0].hand, s.players[0].played = None, None  # the Colonist bought earlier; hand not recorded
    r = play(s, PlayerAction("Colonist", dice=[("tribune", "sea")]))
    cols = [(c.kind, c.where) for c in r.snapshot.colonists if c.owner == "contrarius"]
    assert ("sea", "Klysma") in cols and r.snapshot.variants.aegyptus.red_sea_colonist == "placed"
    r2 = play(r.snapshot, PlayerAction("Colonist", dice=[("tribune", "sea")]))
    assert [(c.kind, c.where) for c in r2.snapshot.colonists if c.owner == "contrarius"][-1] == ("sea", "Memphis")


def test_aegyptus_surplus_steps_reach_the_incense_spot_and_score():
    # Contrarius: land and sea colonist in Memphis, a sea colonist in Klysma: 3 steps. A build
    # of 1 step leaves 2, which do not reach a disc line. A build that moves nothing leaves 3:
    # the Klysma colonist goes Klysma-Rhaithov, Levke Kome-Rhaithov, Incense-Levke Kome (3;
    # Incense-Myos Hormos ties, alphabetical after). It becomes a trader: 7 VP at the end; it
    # never moves again (2 colonists may move for a build) but still counts: 3 steps.
    from contrarius.rules.build import Move, building_colonists, contrarius_steps
    from contrarius.model.snapshot import Colonist
    from contrarius.rules.variants.solo_variants import surplus_steps

    s = aegyptus_game()
    s.houses["Klysma"] = ["contrarius"]
    s.colonists.append(Colonist("contrarius", "sea", "Klysma", None))
    short = s.copy()
    land = next(i for i, c in enumerate(short.colonists) if c.owner == "contrarius" and c.kind == "land")
    one = Move(land, "Memphis", "land", (short.board.lines_at("Memphis", "land")[0],))
    assert "reach no free line" in surplus_steps(short, one)[0].text  # 2 steps do not reach
    notes = surplus_steps(s, None)
    assert notes[0].data["path"] == ["Klysma-Rhaithov", "Levke Kome-Rhaithov", "Incense-Levke Kome"]
    assert s.variants.aegyptus.traders == ["Incense"] and contrarius_steps(s) == 3
    assert len(building_colonists(s)) == 2
    again = read_snapshot(s.to_dict())
    c = score(again).side("contrarius")
    assert [(e.what, e.points) for e in c.extras] == [("traders", 7)]


@pytest.mark.parametrize("board", ["gallia", "aegyptus"])
def test_whole_board_variant_game_runs_to_the_end_and_scores(board):
    s, _ = new_game(SetupOptions(board=board, seed=8))
    end = _whole_game(s, 3)
    f = score(end, {"player": PlayerInput(goods={}, sestertii=0)})
    assert f.ended and f.side("contrarius").total is not None
    assert end.variants.names == [board]


def test_aegyptus_sea_colonist_goes_to_the_first_red_sea_house_not_a_later_one():
    # "Concordia Aegyptus": "Contrarius prioritizes building a house in its first harbor city
    # at the Red Sea ... and places a sea colonist there at the first occasion".
    # Seed 25 (see aegyptus_game): the black die's brick builds in Klysma (Red Sea, step 1a;
    # Oxyrhynchvs ties at 1a, Klysma first alphabetically): its FIRST Red Sea house.
    # The Tribune then builds for its best specialist, the Farmer (its sixth card) -> food:
    # reachable with 2 steps (land colonist on Klysma-Memphis, sea colonist in Memphis): Aila
    # (1 step), Tamiathis (1), Jervsalem (2), all empty in new provinces; no Red Sea
    # preference any more (it has a Red Sea house) and none of them is up the Nile, so point
    # 4 takes Aila, a second Red Sea city. The red die's sea colonist is the "first
    # occasion": it goes to Klysma, the first Red Sea house, not Aila (which comes first
    # alphabetically, the old fault).
    s = aegyptus_game()
    r1 = play(s, PlayerAction("Mercator", dice=[("mercator", "brick")]))
    assert r1.snapshot.variants.aegyptus.first_red_sea == "Klysma"
    r2 = play(r1.snapshot, PlayerAction("Tribune", dice=[("tribune", "sea")]))
    s2 = r2.snapshot
    assert sorted(s2.houses_of("contrarius")) == ["Aila", "Klysma"]
    new = [(c.kind, c.where) for c in s2.colonists if c.owner == "contrarius"][-1]
    assert new == ("sea", "Klysma")
    assert s2.variants.aegyptus.red_sea_colonist == "placed" and s2.variants.aegyptus.first_red_sea == "Klysma"
    assert any(e.text == "Contrarius places a sea colonist in Klysma" for e in r2.events)
    # the record survives the snapshot file
    assert read_snapshot(s2.to_dict()).variants.aegyptus.first_red_sea == "Klysma"


def test_aegyptus_first_red_sea_house_from_an_older_snapshot():
    # a snapshot without variants.aegyptus.first_red_sea: one Red Sea house of Contrarius is
    # its first; with two (Aila, Klysma) the order is not known: refused, naming the key
    s = aegyptus_game()
    s.houses["Klysma"] = ["contrarius"]
    d = s.to_dict()
    d["variants"]["aegyptus"].pop("first_red_sea", None)
    assert read_snapshot(d).variants.aegyptus.first_red_sea == "Klysma"
    d["houses"]["Aila"] = ["contrarius"]
    two = read_snapshot(d)
    assert two.variants.aegyptus.first_red_sea is None
    two.players[0].hand, two.players[0].played = None, None
    with pytest.raises(ContrariusError, match="variants.aegyptus.first_red_sea"):
        play(two, PlayerAction("Colonist", dice=[("tribune", "sea")]))
    d["variants"]["aegyptus"]["first_red_sea"] = "Aila"
    assert read_snapshot(d).variants.aegyptus.first_red_sea == "Aila"
    d["variants"]["aegyptus"]["first_red_sea"] = "Petra"  # no Red Sea city
    with pytest.raises(SnapshotError, match="first_red_sea"):
        read_snapshot(d)
    d["variants"]["aegyptus"]["first_red_sea"] = "Rhaithov"  # no house of Contrarius there
    with pytest.raises(SnapshotError, match="no house in Rhaithov"):
        read_snapshot(d)


def _new_italia(runner, path, *args: str) -> None:
    """``new --board italia --seed 1`` with ``args``, written to ``path``."""
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- an option of a solo variant the game does not use is refused in every mode -----------------
VARIANT_OPTIONS = [["--fish", "7"], ["--forum", "Julius"], ["--forum-refill", "Victoria"], ["--forum-reveal", "1=Julius"]]


@pytest.mark.parametrize("mode", ["solo", "team", "third-player"])
@pytest.mark.parametrize("option", VARIANT_OPTIONS, ids=lambda o: o[0])
def test_a_solo_variant_option_the_game_does_not_use_is_refused_in_every_mode(tmp_path, runner, mode, option):
    # Italia, no --salsa / --fish-market: "Solo Variants" are not in play, so --fish (fish
    # paid at the fish market) and the forum options have nothing to record. A solo game
    # refused --fish with exit 2; team and third-player games ignored it with exit 0 and
    # wrote the same snapshot as without it.
    game = tmp_path / "g.yaml"
    _new_italia(runner, game, "--mode", mode)
    before = game.read_bytes()
    out = tmp_path / "out.yaml"
    r = runner.invoke(app, ["play", "mercator", str(game), *option, "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert "this game does not use" in r.stderr and option[0] in r.stderr
    assert not out.exists() and game.read_bytes() == before




# ----- the Aegyptus reading says only what still acts--------- --------------------------------
def test_aegyptus_reading_drops_the_red_sea_part_once_contrarius_has_a_house_there(tmp_path, runner):
    # "Solo Variants", Concordia Aegyptus: Contrarius prioritizes "its first harbor city at the
    # Red Sea" and "following the Nile upstream". Aegyptus seed 3, no houses: a wine build goes
    # to Klysma (Red Sea) under the whole reading. With a house of Contrarius in Klysma the
    # Red Sea part no longer acts: every later build said "while Contrarius has no house at
    # the Red Sea" all the same; now only the Nile part is said.
    game = tmp_path / "ae.yaml"
    r = runner.invoke(app, ["new", "--board", "aegyptus", "--seed", "3", "-o", str(game)])
    assert r.exit_code == 0, r.output
    before = runner.invoke(app, ["where", "wine", str(game)])
    assert "while Contrarius has no house at the Red Sea" in before.stdout
    assert "=> Contrarius builds in Klysma" in before.stdout
    built = tmp_path / "built.yaml"
    built.write_text(game.read_text(encoding="utf-8").replace("houses: {}", "houses: {Klysma: [contrarius]}"), encoding="utf-8")
    after = runner.invoke(app, ["where", "wine", str(built)])
    assert after.exit_code == 0, after.output
    assert "has no house at the Red Sea" not in after.stdout
    assert "a reachable Nile city upstream of Contrarius's houses on the Nile" in after.stdout


# ----- README: one account of Gallia--- ----------------------------------------------------------
def test_readme_gallia_sections_agree_and_the_variant_is_solo_only(runner, tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "are not applied here" not in text
    board_part = text[text.index("- **Gallia**: the starting sea colonists"):text.index("- **Aegyptus**: the Nile")]
    assert "A solo game on this board also plays the Gallia solo" in board_part
    # what the text says: solo games on gallia get the variant, team games do not
    for mode, has in (("solo", True), ("team", False)):
        path = tmp_path / f"{mode}.yaml"
        _ok(runner.invoke(app, ["new", "--board", "gallia", "--mode", mode, "--seed", "2", "-o", str(path)]))
        assert bool(load_snapshot(str(path)).variants.gallia) is has
