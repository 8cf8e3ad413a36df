"""Whole solo games through the command line, from ``contrarius new`` to the end.

The first test plays one complete game on Italia: ``new`` with the tokens and the display
as dealt, then 26 turns with every die read from the table (``--die``), ending when
Contrarius takes the last card, the player's final card without reaction, and ``play``
refused afterwards. Every expected value was worked out by hand, turn by turn, from the
rulebook and ``boards/italia.yaml``; the reasoning is written at each turn.

Italia tokens (TOKENS below), by goods:
  cloth: Aqvileia, Mvtina, Spoletvm            wine: Genva, Ravenna, Ancona, Messana
  tool: Segvsio, Florentia, Cosa, Panormvs, Syracvsae
  food: Comvm, Nicaea, Olbia, Hadria, Casinvm, Potentia
  brick: Bavzanvm, Verona, Aleria, Neapolis, Lvceria, Brvndisivm, Croton
Provinces: Venetia (Bavzanvm, Aqvileia, Verona), Transpadana (Comvm, Segvsio), Ligvria
(Genva, Nicaea), Aemilia (Mvtina, Ravenna), Etrvria (Florentia, Cosa), Corsica (Aleria,
Olbia), Vmbria (Ancona, Spoletvm, Hadria), Campania (Casinvm, Neapolis), Apvlia (Lvceria,
Brvndisivm), Lvcania (Potentia, Croton), Sicilia (Messana, Panormvs, Syracvsae).

Colonist indices (snapshot order), which decide the order of tied move options:
0 Contrarius land, 1 Contrarius sea, 2 player land, 3 player sea (setup); 4 player sea
(turn 5), 5 Contrarius land (turn 8), 6 Contrarius sea (turn 17), 7 player land (turn 22),
8 player sea (turn 25).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot

TOKENS = {
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "food", "Segvsio": "tool",
    "Genva": "wine", "Nicaea": "food", "Mvtina": "cloth", "Ravenna": "wine", "Florentia": "tool",
    "Cosa": "tool", "Aleria": "brick", "Olbia": "food", "Casinvm": "food", "Neapolis": "brick",
    "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food", "Lvceria": "brick", "Brvndisivm": "brick",
    "Potentia": "food", "Croton": "brick", "Messana": "wine", "Panormvs": "tool", "Syracvsae": "tool",
}
TOKEN_ARG = ",".join(f"{c}={g}" for c, g in TOKENS.items())
# Stack I dealt: the display shows seven of its eight cards, Smith is still on top of the
# stack; stack II (Architect, Mercator, Colonist, Prefect, Consul, Vintner, Weaver) lies below
# in the order the refills name them: Vintner, Weaver, Consul, Colonist, Prefect, Architect,
# Mercator.
DEALT = "Colonist,Mason,Prefect,Architect,Farmer,Mercator,Diplomat"


class Table:
    """A game file played with ``contrarius play ... -i``."""

    def __init__(self, runner, path: Path):
        self.runner, self.path = runner, path

    def play(self, *args: str, code: int = 0):
        r = self.runner.invoke(app, ["play", *args, str(self.path), "-i"])
        assert r.exit_code == code, r.stderr
        if code == 0:
            assert r.stdout == ""
        return r

    @property
    def s(self):
        return load_snapshot(str(self.path))


def c_houses(s) -> list[str]:
    return s.houses_of("contrarius")


def c_cols(s) -> list[tuple[str, str]]:
    return [(c.kind, c.where) for c in s.colonists if c.owner == "contrarius"]


def p_cols(s) -> list[tuple[str, str]]:
    return [(c.kind, c.where) for c in s.colonists if c.owner == "player"]


def c_cards(s) -> list[str]:
    return [c.name + ("" if c.face_up else " (down)") for c in s.contrarius.cards]


def shown(s) -> list[str]:
    return s.display_cards()


def hand(s) -> list[str]:
    return sorted(c.name for c in s.player().hand)


def coins(s) -> set[str]:
    return {p for p, v in s.bonus_markers.items() if v == "coins"}


def test_whole_italia_game_from_new_to_game_over(runner, tmp_path):
    path = tmp_path / "game.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "5", "--tokens", TOKEN_ARG,
                            "--display", DEALT, "--refill", "Smith", "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    g = Table(runner, path)
    s = g.s
    # Setup: Contrarius takes the first Mason/Farmer/Smith from the left (Mason, position 2)
    # as its sixth card; the display slides left and Smith (top of the stack) fills position 7.
    assert c_cards(s) == ["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Mason"]
    assert shown(s) == ["Colonist", "Prefect", "Architect", "Farmer", "Mercator", "Diplomat", "Smith"]
    assert s.stack_remaining == 7 and s.cards_left == 14  # 15 stack cards, Mason taken
    assert c_cols(s) == [("land", "Roma"), ("sea", "Roma")] and p_cols(s) == [("land", "Roma"), ("sea", "Roma")]
    assert s.contrarius.vp == 0 and s.player().vp == 20
    assert hand(s) == sorted(["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat", "Senator"])

    # ---- turn 1: Mercator, black wine. From Roma (2 steps) Ancona, Genva, Messana are in
    # reach (Ravenna needs 3), all empty and new -> Ancona; land Roma -> Ancona-Spoletvm.
    # Vmbria produces (no player house) and shows coins.
    g.play("mercator", "--die", "wine")
    s = g.s
    assert c_houses(s) == ["Ancona"] and c_cols(s) == [("land", "Ancona-Spoletvm"), ("sea", "Roma")]
    assert coins(s) == {"Vmbria"} and s.contrarius.vp == 0

    # ---- turn 2: Architect. The player moves land Roma -> Casinvm-Roma and sea Roma ->
    # Neapolis-Roma (1 + 1 steps, 2 colonists) and builds Casinvm and Neapolis. Blue 2:
    # position 2 = Prefect goes to Contrarius; the display slides, Vintner refills.
    g.play("architect", "--move", "land:Roma:Casinvm-Roma", "--move", "sea:Roma:Neapolis-Roma",
           "--build", "Casinvm", "--build", "Neapolis", "--die", "2", "--refill", "Vintner")
    s = g.s
    assert s.houses_of("player") == ["Casinvm", "Neapolis"]
    assert p_cols(s) == [("land", "Casinvm-Roma"), ("sea", "Neapolis-Roma")]
    assert c_cards(s)[-1] == "Prefect"
    assert shown(s) == ["Colonist", "Architect", "Farmer", "Mercator", "Diplomat", "Smith", "Vintner"]
    assert s.cards_left == 13

    # ---- turn 3: Senator buying Colonist (position 1), then Farmer (position 2 after the
    # slide); refills Weaver, Consul. White S: Contrarius's best specialist is Mason -> brick.
    # Land colonist on Ancona-Spoletvm, sea in Roma, 2 steps. Brick in reach: Verona (Ancona-
    # Ravenna, Ravenna-Verona), Lvceria (Ancona-Hadria, Hadria-Lvceria), Neapolis (player's
    # house), Aleria (sea Cosa-Roma + Aleria-Cosa or Olbia-Roma + Aleria-Olbia). Bavzanvm,
    # Brvndisivm, Croton need 3+. Empty: Aleria, Lvceria, Verona; all new -> Aleria.
    # Tied sea lines Aleria-Cosa (1) / Aleria-Olbia (2): --choose 2.
    g.play("senator", "--buy", "Colonist", "--buy", "Farmer", "--refill", "Weaver", "--refill", "Consul",
           "--die", "S", "--choose", "2")
    s = g.s
    assert shown(s) == ["Architect", "Mercator", "Diplomat", "Smith", "Vintner", "Weaver", "Consul"]
    assert s.cards_left == 11
    assert "Colonist" in hand(s) and "Farmer" in hand(s) and "Senator" not in hand(s)
    assert c_houses(s) == ["Aleria", "Ancona"]
    assert c_cols(s) == [("land", "Ancona-Spoletvm"), ("sea", "Aleria-Olbia")]

    # ---- turn 4: Prefect in Campania: 2 houses (both the player's) -> 2 VP. The player
    # takes the bonus food and 1 food (Casinvm) + 1 brick (Neapolis).
    g.play("prefect", "--produce", "Campania")
    s = g.s
    assert s.contrarius.vp == 2 and coins(s) == {"Vmbria", "Campania"}
    assert s.player().goods == {"brick": 2, "food": 4, "tool": 1, "wine": 1, "cloth": 1}

    # ---- turn 5: Colonist, the player places a sea colonist in Neapolis (own house). Red
    # card: Contrarius takes position 1 (Architect); Colonist refills.
    g.play("colonist", "--place", "sea:Neapolis", "--die", "red=card", "--refill", "Colonist")
    s = g.s
    assert p_cols(s) == [("land", "Casinvm-Roma"), ("sea", "Neapolis-Roma"), ("sea", "Neapolis")]
    assert c_cards(s)[-1] == "Architect" and len(c_cols(s)) == 2
    assert shown(s) == ["Mercator", "Diplomat", "Smith", "Vintner", "Weaver", "Consul", "Colonist"]
    assert s.cards_left == 10 and s.contrarius.vp == 2

    # ---- turn 6: Diplomat copying Contrarius's Mercator, black cloth. Cloth: Spoletvm
    # (0 steps, but Vmbria is not new), Aqvileia (Ancona-Ravenna, Aqvileia-Ravenna: 2),
    # Mvtina (Spoletvm-Florentia, Florentia-Mvtina: 2); all empty; new: Aqvileia, Mvtina ->
    # Aqvileia. Only move: land to Aqvileia-Ravenna. Venetia produces (no player house),
    # coins. The copied Mercator is turned face down.
    g.play("diplomat", "--copy", "mercator", "--die", "cloth")
    s = g.s
    assert c_houses(s) == ["Aleria", "Ancona", "Aqvileia"]
    assert c_cols(s) == [("land", "Aqvileia-Ravenna"), ("sea", "Aleria-Olbia")]
    assert coins(s) == {"Vmbria", "Campania", "Venetia"}
    assert c_cards(s)[2] == "Mercator (down)"

    # ---- turn 7: Prefect with Praefectus Magnus, reactivate: 2 VP; 3 coins -> 3 sestertii.
    g.play("pm", "--reactivate")
    s = g.s
    assert s.contrarius.vp == 4 and coins(s) == set() and s.player().sestertii == 9

    # ---- turn 8: Tribune: every played card back to hand. S = Mason = brick. Land on
    # Aqvileia-Ravenna: Bavzanvm (Aqvileia-Bavzanvm) and Verona (Aqvileia-Verona) 1 step,
    # empty, both Venetia (not new); Neapolis (sea 2, Olbia-Panormvs + Neapolis-Panormvs)
    # has a house -> Bavzanvm (alphabetical), land to Aqvileia-Bavzanvm. Red land: a land
    # colonist into Roma.
    g.play("tribune", "--die", "red=land")
    s = g.s
    assert hand(s) == sorted(["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator",
                              "Diplomat", "Senator", "Colonist", "Farmer"])
    assert s.player().played == []
    assert c_houses(s) == ["Aleria", "Ancona", "Aqvileia", "Bavzanvm"]
    assert c_cols(s) == [("land", "Aqvileia-Bavzanvm"), ("sea", "Aleria-Olbia"), ("land", "Roma")]

    # ---- turn 9: Farmer: 3 VP. The player's Farmer produces 1 food (Casinvm, their only
    # food city: Neapolis is brick) (the report says what you received).
    r = g.play("farmer")
    assert g.s.contrarius.vp == 7
    assert "you produce with the Farmer: 1 food (Casinvm)" in r.stderr
    assert g.s.player().goods["food"] == 5

    # ---- turn 10: Senator buying Mercator (1) and Smith (2 after the slide); refills
    # Prefect, Architect. White food, 3 colonists = 3 steps. Food: Comvm (Aqvileia-Verona,
    # Comvm-Verona: 2, Transpadana new), Nicaea (sea Aleria-Nicaea: 1, Ligvria new), Olbia
    # (0 steps, Corsica not new), Hadria (Vmbria not new), Casinvm (player's house),
    # Potentia (land Roma: Casinvm-Roma passed, Casinvm-Lvceria, Lvceria-Potentia: 3, new).
    # Empty + new: Comvm, Nicaea, Potentia -> Comvm; land Aqvileia-Bavzanvm -> Comvm-Verona.
    g.play("senator", "--buy", "1", "--buy", "Smith", "--refill", "Prefect", "--refill", "Architect", "--die", "food")
    s = g.s
    assert shown(s) == ["Diplomat", "Vintner", "Weaver", "Consul", "Colonist", "Prefect", "Architect"]
    assert s.stack_remaining == 1 and s.cards_left == 8
    assert c_houses(s) == ["Aleria", "Ancona", "Aqvileia", "Bavzanvm", "Comvm"]
    assert c_cols(s) == [("land", "Comvm-Verona"), ("sea", "Aleria-Olbia"), ("land", "Roma")]

    # ---- turn 11: Architect, 3 player colonists: sea Neapolis -> Messana-Neapolis, land
    # Casinvm-Roma -> Casinvm-Lvceria (2 steps); builds Messana and Lvceria. Blue 5:
    # position 5 = Colonist; the last stack card (Mercator) refills.
    g.play("architect", "--move", "sea:Neapolis:Messana-Neapolis", "--move", "land:Casinvm-Roma:Casinvm-Lvceria",
           "--build", "Messana", "--build", "Lvceria", "--die", "5", "--refill", "Mercator")
    s = g.s
    assert s.houses_of("player") == ["Casinvm", "Lvceria", "Messana", "Neapolis"]
    assert p_cols(s) == [("land", "Casinvm-Lvceria"), ("sea", "Neapolis-Roma"), ("sea", "Messana-Neapolis")]
    assert c_cards(s)[-1] == "Colonist"
    assert shown(s) == ["Diplomat", "Vintner", "Weaver", "Consul", "Prefect", "Architect", "Mercator"]
    assert s.stack_remaining == 0 and s.cards_left == 7

    # ---- turn 12: Smith: 3 VP.
    g.play("smith")
    assert g.s.contrarius.vp == 10

    # ---- turn 13: Diplomat copying Contrarius's Architect, blue 1: Diplomat. The stack is
    # empty: no refill, position 7 stays empty. The first face-up Architect is turned down.
    g.play("diplomat", "--copy", "architect", "--die", "blue=1")
    s = g.s
    assert shown(s) == ["Vintner", "Weaver", "Consul", "Prefect", "Architect", "Mercator"] and s.display[6] is None
    assert c_cards(s) == ["Prefect", "Architect (down)", "Mercator (down)", "Colonist", "Senator", "Mason", "Prefect",
                          "Architect", "Colonist", "Diplomat"]

    # ---- turn 14: Colonist, money: 2 VP.
    g.play("colonist", "--money")
    assert g.s.contrarius.vp == 12

    # ---- turn 15: Mercator, black tool, 3 steps. Tool: Segvsio (Comvm-Segvsio: 1, but
    # Transpadana is not new), Cosa (sea Aleria-Cosa: 1, land Roma Cosa-Roma: 1), Florentia
    # (2), Panormvs (sea Olbia-Panormvs: 1), Syracvsae (sea 3); all empty; new: Cosa,
    # Florentia, Panormvs, Syracvsae -> Cosa. Tied 1-step moves: colonist 1 (sea) to
    # Aleria-Cosa, colonist 5 (land) to Cosa-Roma; option 1 by default = the sea colonist.
    # Etrvria produces (no player house), coins.
    g.play("mercator", "--die", "tool")
    s = g.s
    assert c_houses(s)[-1] == "Cosa" and len(c_houses(s)) == 6
    assert c_cols(s) == [("land", "Comvm-Verona"), ("sea", "Aleria-Cosa"), ("land", "Roma")]
    assert coins(s) == {"Etrvria"}

    # ---- turn 16: Prefect in Etrvria is refused (its marker shows coins), nothing written;
    # in Sicilia: 1 house (the player's Messana) -> 1 VP; bonus wine + Messana wine.
    g.play("prefect", "--produce", "Etrvria", code=4)
    assert len(g.s.log) == 15
    g.play("prefect", "--produce", "Sicilia")
    s = g.s
    assert s.contrarius.vp == 13 and coins(s) == {"Etrvria", "Sicilia"} and s.player().goods["wine"] == 3

    # ---- turn 17: Tribune. S = Mason = brick, 3 steps. Verona (0 steps, Venetia not new),
    # Brvndisivm (land Roma: Casinvm-Roma, Casinvm-Lvceria [the player's colonist, passed],
    # Brvndisivm-Lvceria: 3, Apvlia new), Neapolis/Lvceria (player houses), Croton (4+).
    # -> Brvndisivm, the land colonist in Roma moves 3 steps. Red sea: a sea colonist in Roma.
    g.play("tribune", "--die", "sea")
    s = g.s
    assert "Brvndisivm" in c_houses(s) and len(c_houses(s)) == 7
    assert c_cols(s) == [("land", "Comvm-Verona"), ("sea", "Aleria-Cosa"), ("land", "Brvndisivm-Lvceria"), ("sea", "Roma")]
    assert s.player().played == []

    # ---- turn 18: Architect (no moves), blue 3: Consul.
    g.play("architect", "--die", "3")
    s = g.s
    assert c_cards(s)[-1] == "Consul" and shown(s) == ["Vintner", "Weaver", "Prefect", "Architect", "Mercator"]

    # ---- turn 19: Senator buying positions 1 and 2 of the display as it lies (Vintner,
    # Weaver; the display slides and refills after the purchase). White cloth, 4 steps:
    # Mvtina (Comvm-Mvtina or Mvtina-Verona: 1, Aemilia new), Spoletvm (Vmbria not new),
    # Aqvileia (own) -> Mvtina; two tied lines of colonist 0: Comvm-Mvtina (1), Mvtina-
    # Verona (2): --choose 2.
    g.play("senator", "--buy", "1", "--buy", "2", "--die", "cloth", "--choose", "2")
    s = g.s
    assert shown(s) == ["Prefect", "Architect", "Mercator"] and s.cards_left == 3
    assert "Vintner" in hand(s) and "Weaver" in hand(s)
    assert "Mvtina" in c_houses(s) and c_cols(s)[0] == ("land", "Mvtina-Verona")

    # ---- turn 20: Weaver: 3 VP.
    g.play("weaver")
    assert g.s.contrarius.vp == 16

    # ---- turn 21: Mercator, black wine. Ravenna (1 step, Aemilia not new now), Genva
    # (sea Aleria-Genva or Cosa-Genva: 1, Ligvria new), Messana (player), Ancona (own) ->
    # Genva; option 1 = Aleria-Genva. Ligvria produces (no player house), coins.
    g.play("mercator", "--die", "wine")
    s = g.s
    assert "Genva" in c_houses(s) and c_cols(s)[1] == ("sea", "Aleria-Genva")
    assert coins(s) == {"Etrvria", "Sicilia", "Ligvria"}

    # ---- turn 22: Diplomat copying a Colonist (place): the player places a land colonist
    # in Roma. Red card: Prefect (position 1). The first face-up Colonist is turned down.
    g.play("diplomat", "--copy", "colonist", "--place", "land:Roma", "--die", "red=card")
    s = g.s
    assert shown(s) == ["Architect", "Mercator"] and c_cards(s)[-1] == "Prefect"
    assert c_cards(s)[3] == "Colonist (down)" and c_cards(s)[8] == "Colonist"
    assert p_cols(s)[-1] == ("land", "Roma")

    # ---- turn 23: Mercator, black tool. Segvsio (Transpadana) and Florentia (Etrvria) not
    # new; Panormvs (sea Roma -> Panormvs-Roma: 1) and Syracvsae (3) in Sicilia, new ->
    # Panormvs. Sicilia already shows coins and 3 markers show coins (Etrvria, Sicilia,
    # Ligvria): all markers are reactivated, nothing produces.
    g.play("mercator", "--die", "tool")
    s = g.s
    assert "Panormvs" in c_houses(s) and c_cols(s)[3] == ("sea", "Panormvs-Roma")
    assert coins(s) == set()
    assert s.player().goods["tool"] == 1 and s.player().goods["wine"] == 3  # no production

    # ---- turn 24: Prefect with Praefectus Magnus in Vmbria: 1 house (Ancona) -> at least 2.
    # The player's recorded goods (a running tally of goods received, never reduced:
    # spending is not recorded) hold 2 brick, 4 food, 1 tool, 3 wine, 1 cloth; both bonus
    # cloth are tallied (13 goods), with no storehouse warning, and the
    # snapshot still loads (before an earlier fix 13 goods made it invalid: exit 3). The
    # Farmer of turn 9 produced 1 food for the player's one food house, Casinvm (base rules:
    # a specialist produces one unit from every house of its goods type):
    # food 5. The Smith (turn 12) and the Weaver (turn 20) found no tool or cloth house.
    r = g.play("pm", "--produce", "Vmbria")
    s = g.s
    assert s.contrarius.vp == 18
    assert s.player().goods == {"brick": 2, "food": 5, "tool": 1, "wine": 3, "cloth": 3}
    assert "storehouse" not in r.stderr

    # ---- turn 25: Colonist, place a sea colonist in Roma; red card: Architect.
    g.play("colonist", "--place", "sea:Roma", "--die", "card")
    s = g.s
    assert shown(s) == ["Mercator"] and c_cards(s)[-1] == "Architect" and len(p_cols(s)) == 5
    assert s.ended is None

    # ---- turn 26: Tribune. S = Mason = brick, 4 steps: Verona (0 steps, not new), Croton
    # (land Brvndisivm-Lvceria -> Brvndisivm-Potentia -> Croton-Potentia: 2; sea Panormvs-
    # Roma -> Messana-Panormvs -> Croton-Messana: 2; Lvcania new) -> Croton; tied options:
    # colonist 5 (land, Croton-Potentia) and colonist 6 (sea, Croton-Messana): --choose 2.
    # Red card: the last card (Mercator) -> Contrarius ends the game and takes Concordia.
    g.play("tribune", "--die", "red=card", "--choose", "2")
    s = g.s
    assert c_houses(s) == sorted(["Ancona", "Aleria", "Aqvileia", "Bavzanvm", "Comvm", "Cosa", "Brvndisivm", "Mvtina",
                                  "Genva", "Panormvs", "Croton"])
    assert c_cols(s) == [("land", "Mvtina-Verona"), ("sea", "Aleria-Genva"), ("land", "Brvndisivm-Lvceria"),
                         ("sea", "Croton-Messana")]
    assert s.cards_left == 0 and c_cards(s)[-1] == "Mercator"
    assert s.concordia == "contrarius" and s.ended.by == "contrarius" and s.ended.final_turn_pending
    assert len(hand(s)) == 13 and s.player().played == []  # 7 + 6 bought, all back

    # ---- final card: Vintner, its action without reaction; then the game is over.
    r = g.play("vintner")
    s = g.s
    assert s.contrarius.vp == 18 and s.log[-1]["reaction"] == [] and s.log[-1]["dice"] == []
    assert s.ended is not None and not s.ended.final_turn_pending
    assert "game is over" in r.stderr
    assert len(s.log) == 27
    assert [e["vp"][1] for e in s.log] == [0, 0, 0, 2, 2, 2, 4, 4, 7, 7, 7, 10, 10, 12, 12, 13, 13, 13, 13, 16, 16,
                                           16, 16, 18, 18, 18, 18]
    r = g.play("prefect", "--reactivate", code=4)
    assert "game is over" in r.stderr
    # the whole game is a fixed record: 15 stack cards taken, 8 by the player, 6 by Contrarius + its Mason
    assert len(s.contrarius.cards) == 5 + 1 + 8


# ----- short games from real setups, ended by houses --------------------------------------------
FOURTEEN = ["Bavzanvm", "Aqvileia", "Verona", "Comvm", "Segvsio", "Nicaea", "Mvtina", "Ravenna", "Florentia",
            "Cosa", "Aleria", "Olbia", "Lvceria", "Brvndisivm"]


def _new(runner, path: Path, *extra: str) -> None:
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "9", "--tokens", TOKEN_ARG, "--display", DEALT,
                            "--refill", "Smith", "-o", str(path), *extra])
    assert r.exit_code == 0, r.stderr


def _edit(path: Path, **changes) -> None:
    data = yaml.safe_load(path.read_text())
    data.update(changes)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def test_contrarius_fifteenth_house_then_final_card_then_over(runner, tmp_path):
    # From 'new', then the table edited to Contrarius with 14 houses (provinces Venetia,
    # Transpadana, Ligvria, Aemilia, Etrvria, Corsica, Apvlia). A real turn: Mercator, black
    # wine: Genva (Ligvria, not new), Ravenna (own), Ancona (Vmbria, new), Messana (Sicilia,
    # new) -> Ancona, the 15th house: the game ends, Contrarius takes Concordia.
    path = tmp_path / "g.yaml"
    _new(runner, path)
    _edit(path, houses={c: ["contrarius"] for c in FOURTEEN})
    g = Table(runner, path)
    r = g.play("mercator", "--die", "wine")
    s = g.s
    assert len(c_houses(s)) == 15 and "Ancona" in c_houses(s)
    assert s.concordia == "contrarius" and s.ended.final_turn_pending
    assert "play your final card" in r.stderr
    # the final card: Senator buying position 1 (Colonist, Vintner refills); no reaction
    # (no white die), Contrarius keeps Concordia. The refill is the player's, not a reaction
    # (it is logged as the player's action, not under "reaction").
    g.play("senator", "--buy", "1", "--refill", "Vintner")
    s = g.s
    assert len(c_houses(s)) == 15 and s.log[-1]["reaction"] == []
    assert any("Vintner" in x for x in s.log[-1]["player_did"])
    assert "Colonist" in hand(s) and s.concordia == "contrarius"
    assert not s.ended.final_turn_pending
    g.play("prefect", "--reactivate", code=4)


def test_player_fifteenth_house_ends_after_the_reaction(runner, tmp_path):
    # The player has 14 houses and a land colonist in Roma; Architect: move Roma ->
    # Roma-Spoletvm (1 step) and build Spoletvm, the 15th house: the player ends the game and
    # takes Concordia; Contrarius still reacts (blue 2: Prefect, position 2 of Colonist,
    # Prefect, ...), then the game is over at once.
    path = tmp_path / "g.yaml"
    _new(runner, path)
    _edit(path, houses={c: ["player"] for c in FOURTEEN})
    g = Table(runner, path)
    r = g.play("architect", "--move", "land:Roma:Roma-Spoletvm", "--build", "Spoletvm", "--die", "2", "--refill", "Weaver")
    s = g.s
    assert len(s.houses_of("player")) == 15
    assert s.concordia == "player" and s.ended.by == "player" and not s.ended.final_turn_pending
    assert c_cards(s)[-1] == "Prefect"
    assert "game is over" in r.stderr
    r = g.play("mercator", "--die", "wine", code=4)
    assert "game is over" in r.stderr


def test_expert_game_from_new_builds_track_houses(runner, tmp_path):
    # 'new --level expert --track 3,6' (custom positions): houses on VP 3 and 6, supply 13.
    # Farmer: VP 0 -> 3 reaches the house on 3 (black wine -> Ancona). Smith: 3 -> 6 reaches
    # the house on 6 (black cloth -> Aqvileia: see tests/test_reactions.py, the same table).
    path = tmp_path / "g.yaml"
    _new(runner, path, "--level", "expert", "--track", "3,6")
    g = Table(runner, path)
    s = g.s
    assert s.contrarius.track == [3, 6] and s.player().vp == 0 and s.houses_in_supply("contrarius") == 13
    # the table edited to a later moment: you bought the Farmer and the Smith from the
    # display earlier ("Setup": stacks I and II hold one of each), so the display shows a
    # Vintner and a Weaver in their places (a consistent table: `check` counts the copies)
    data = yaml.safe_load(path.read_text())
    assert data["display"] == ["Colonist", "Prefect", "Architect", "Farmer", "Mercator", "Diplomat", "Smith"]
    _edit(path, players=[{**data["players"][0], "hand": ["Farmer", "Smith", "Tribune"]}],
          display=["Colonist", "Prefect", "Architect", "Vintner", "Mercator", "Diplomat", "Weaver"])
    g.play("farmer", "--die", "black=wine")
    s = g.s
    assert s.contrarius.vp == 3 and s.contrarius.track == [6] and c_houses(s) == ["Ancona"]
    g.play("smith", "--die", "black=cloth")
    s = g.s
    assert s.contrarius.vp == 6 and s.contrarius.track == [] and c_houses(s) == ["Ancona", "Aqvileia"]
    assert s.houses_in_supply("contrarius") == 13
