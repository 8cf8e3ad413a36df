"""Portuguese at the table, two players: team play and Contrarius as a third player.

Scripted games of both modes (the Italia table of ``tests/test_team.py``) played once in
English and once in pt_BR write the same snapshots byte for byte and print the same
``--json``; the pt_BR reports of ``play`` (and ``where``) hold no English msgid of the catalog:
the Diplomat's copy, a double card's choice, the Legatus, the Proconsul, a purchase and the
display refilled after it, a Prefect's production with its bonus and houses, the Praefectus
Magnus passed on, the starting player's card, the veto's re-roll, the end of the game and the
final cards.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from test_portuguese import scan
from test_team import DEALT, FOURTEEN, TOKENS_ARG

TABLE = ["-b", "italia", "--seed", "1", "--tokens", TOKENS_ARG, "--display", ",".join(DEALT)]

#: A team game: player1 and player2 alternate; each turn is the options of ``play``.
TEAM_TURNS = [
    # the Diplomat copies Contrarius's Prefect (turned face down); player1 reactivates, player2 produces
    ["diplomat", "--copy", "prefect", "--reactivate", "--partner-produce", "Campania"],
    # a double card: player2 chooses the Mercator, player1 takes the Prefect
    ["mercator/prefect", "--personality", "mercator", "--die", "wine", "--partner-produce", "Vmbria"],
    # the Legatus: player2 plays the Architect first, moves and builds
    ["legatus", "--partner-card", "architect", "--partner-move", "land:Roma:Roma-Spoletvm", "--partner-build", "Spoletvm",
     "--die", "2"],
    # the Proconsul: player2 buys, player1 plays an Architect for themselves; the display refills after both
    ["proconsul", "--buy", "1", "--die", "food", "--partner-card", "architect", "--partner-move", "land:Roma:Roma-Casinvm",
     "--partner-build", "Casinvm", "--refill", "Weaver"],
    # both buy; the refill is not named (?)
    ["senator", "--buy", "1", "--partner-buy", "2", "--die", "wine"],
    # player2 reactivates, player1 produces where their house stands (Casinvm, Campania)
    ["prefect", "--reactivate", "--partner-produce", "Campania"],
    ["colonist", "--money", "--partner-money"],
    ["tribune", "--die", "land"],
]

#: Contrarius builds its 15th house (the black die: cloth -> Spoletvm); the team's final card.
TEAM_END = [["mercator", "--die", "cloth"],
            ["architect", "--move", "land:Roma:Roma-Casinvm", "--build", "Casinvm", "--partner-move", "sea:Roma:Olbia-Roma",
             "--partner-build", "Olbia"]]

#: player1 builds their 15th house; the partner still builds, Contrarius reacts.
TEAM_PLAYER_END = [["architect", "--move", "land:Roma:Roma-Spoletvm", "--build", "Spoletvm", "--die", "1",
                    "--partner-move", "land:Roma:Roma-Cosa", "--partner-build", "Cosa"]]

#: A third-player game: Contrarius reacts to player2's cards only.
THIRD_TURNS = [
    ["mercator"],  # the starting player: no reaction
    ["mercator", "--die", "wine", "--veto", "player1=cloth"],  # the veto re-rolls the black die
    ["senator", "--buy", "1"],  # the display refills after the purchase: a card not named (?)
    ["diplomat", "--copy", "senator", "--buy", "1", "--die", "food", "--reveal", "7=Weaver"],  # copies player1's Senator
    ["prefect", "--produce", "Campania"],
    ["prefect", "--produce", "Corsica"],  # player2 holds the Praefectus Magnus: 2 bonus goods, passed on
]

#: Contrarius builds its 15th house on player2's Mercator; both players play a final card.
THIRD_END = [["mercator"], ["mercator", "--die", "cloth"], ["architect"], ["senator"]]


def fourteen_houses(owner: str):
    def edit(path: Path) -> None:
        data = yaml.safe_load(path.read_text())
        data["houses"] = {c: [owner] for c in FOURTEEN}
        path.write_text(yaml.safe_dump(data, sort_keys=False))
    return edit


def play_two(runner, tmp_path: Path, mode: str, turns: list, lang: list[str], new: list[str] = TABLE,
             where: bool = True) -> dict[str, list]:
    """Everything a game of ``mode`` wrote and printed: each snapshot, each --json, the reports."""
    tmp_path.mkdir(parents=True)
    path = tmp_path / "game.yaml"
    got: dict[str, list] = {"snapshots": [], "json": [], "reports": []}
    r = runner.invoke(app, [*lang, "new", "-m", mode, *new, "-o", str(path)])
    assert r.exit_code == 0, r.output
    got["snapshots"].append(path.read_bytes())
    got["reports"].append(r.stderr)
    for turn in turns:
        if callable(turn):
            turn(path)
            continue
        r = runner.invoke(app, [*lang, "play", turn[0], str(path), "-o", "-", "--json", *turn[1:]])
        assert r.exit_code == 0, r.output
        got["json"].append(r.stdout)
        r = runner.invoke(app, [*lang, "play", turn[0], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, r.output
        got["snapshots"].append(path.read_bytes())
        got["reports"].append(r.stderr)
        if where:
            got["reports"].append(runner.invoke(app, [*lang, "where", "food", str(path)]).stdout)
    for cmd in (["log", "--json"], ["show", "--json"]):
        got["json"].append(runner.invoke(app, [*lang, cmd[0], str(path), *cmd[1:]]).stdout)
    got["reports"].append(runner.invoke(app, [*lang, "show", str(path)]).stdout)
    got["history"] = [p.read_bytes() for p in sorted(tmp_path.iterdir()) if p.name != "game.yaml"]
    return got


def same_data_other_words(runner, tmp_path: Path, mode: str, turns: list, **kw) -> tuple[str, str]:
    en = play_two(runner, tmp_path / "en", mode, turns, [], **kw)
    pt = play_two(runner, tmp_path / "pt", mode, turns, ["--lang", "pt_BR"], **kw)
    assert pt["snapshots"] == en["snapshots"]
    assert pt["json"] == en["json"]
    assert pt["history"] == en["history"]
    assert pt["reports"] != en["reports"]
    scan(pt["reports"])
    return "\n".join(en["reports"]), "\n".join(pt["reports"])


def test_a_team_game_in_portuguese_writes_and_prints_the_same_data(runner, tmp_path):
    en, pt = same_data_other_words(runner, tmp_path, "team", TEAM_TURNS)
    for line in ["player1 copies Contrarius's face-up Prefect with the Diplomat; player2 copies it too",
                 "the copied Prefect is turned face down",
                 "player2 chooses the Mercator of the Mercator/Prefect; player1 takes the Prefect",
                 "player1 plays the Legatus: player2 plays Architect and carries it out first; Contrarius reacts to player2's action",
                 "player2's land colonist moves Roma -> Roma-Spoletvm (1 step)", "player2 builds a house in Spoletvm (cloth)",
                 "player1 plays Architect for themselves alone (no reaction of Contrarius)",
                 "player2 buys Mercator from display position 1",
                 "after both players: the display slides left and is refilled: Weaver into position 7",
                 "player1 produces in Campania: bonus 1 food; houses: player1 1 food"]:
        assert line in en, line
    for line in ["player1 copia a carta virada para cima Prefeito de Contrarius com o Diplomata; player2 também a copia",
                 "a carta copiada Prefeito é virada para baixo",
                 "player2 escolhe o Mercador de Mercador/Prefeito; player1 fica com o Prefeito",
                 "player1 joga o Legado: player2 joga Arquiteto e o executa primeiro; Contrarius reage à ação de player2",
                 "o colono terrestre de player2 se move Roma -> Roma-Spoletvm (1 passo)",
                 "player2 constrói uma casa em Spoletvm (pano)",
                 "player1 joga Arquiteto só para si (sem reação de Contrarius)",
                 "player2 compra Mercador da posição 1 da área de exibição",
                 "depois dos dois jogadores: a área de exibição desliza para a esquerda e é reposta: Tecelão na posição 7",
                 "player1 produz em Campania: bônus 1 comida; casas: player1 1 comida"]:
        assert line in pt, line


def test_the_end_of_a_team_game_in_portuguese(runner, tmp_path):
    en, pt = same_data_other_words(runner, tmp_path / "contrarius", "team", [fourteen_houses("contrarius"), *TEAM_END])
    assert ("Contrarius built its 15th house: the game ends, Contrarius takes the Concordia card (7 VP); the team plays one "
            "final card (both partners carry it out), without a reaction") in en
    assert "player2's final card after the end of the game: no reaction of Contrarius" in en
    assert "a última carta de player2 depois do fim do jogo: sem reação de Contrarius" in pt
    en, pt = same_data_other_words(runner, tmp_path / "player", "team", [fourteen_houses("player1"), *TEAM_PLAYER_END])
    assert "player1: player1 built their 15th house: the game ends, player1 takes the Concordia card (7 VP)" in en


def test_a_third_player_game_in_portuguese_writes_and_prints_the_same_data(runner, tmp_path):
    en, pt = same_data_other_words(runner, tmp_path, "third-player", THIRD_TURNS)
    for line in ["player1 is the starting player: Contrarius does not react to their cards",
                 "player1 uses their veto card: the black mercator die result wine is re-rolled -> cloth",
                 "after the purchase: the display slides left and is refilled: an unrecorded card (?) into position 7: name it "
                 "with --reveal 7=CARD on your next command",
                 "player2 copies player1's Senator with the Diplomat (regular Concordia: no card of Contrarius is turned face down)",
                 "player2 produces in Corsica: bonus 2 food (the Praefectus Magnus: player2 passes it to player1); houses: none"]:
        assert line in en, line
    for line in ["player1 é o jogador inicial: Contrarius não reage às cartas dele",
                 "player1 usa sua carta de veto: o resultado vinho do dado preto (Mercador) é rolado de novo -> pano",
                 "player2 copia Senador de player1 com o Diplomata",
                 "(o Praefectus Magnus: player2 o passa para player1)"]:
        assert line in pt, line


def test_the_end_of_a_third_player_game_in_portuguese(runner, tmp_path):
    en, pt = same_data_other_words(runner, tmp_path, "third-player", [fourteen_houses("contrarius"), *THIRD_END])
    assert ("Contrarius built its 15th house: the game ends, Contrarius takes the Concordia card (7 VP); player1 and player2 "
            "each play one final card, without a reaction of Contrarius") in en
    assert "player1's final card after the end of the game: no reaction of Contrarius" in en
