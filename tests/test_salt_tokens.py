"""Salt tokens without Salsa: Hispania and Byzantium deal the no-salt tokens, a salt token
in a game without Salsa is refused (by ``new`` and by ``check``), and a snapshot without a
``variants`` key is read as a game without Salsa. Expected values are worked out by hand in
the comments."""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from test_scoring import HISPANIA_TOKENS

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "italia-setup.yaml"


# README "How the rules are read", Hispania, Byzantium: "Byzantium and Hispania have one extra
# city per letter: with salt, each letter's token set includes one salt token. Without salt
# there, the extra city takes A tool, B wine, C cloth, D brick."
# boards/hispania.yaml tokens: A brick 2 food 2 tool 1 wine 1 cloth 1 salt 1; B brick 2 food 2
# tool 2 wine 1 cloth 1 salt 1; D one of each and salt 1. Without salt: A tool 2, B wine 2,
# D brick 2. The layout below is tests/test_scoring.py's HISPANIA_TOKENS with the three salt
# cities (Salamantica A, Carthago B, Genva D) given their no-salt tokens:
# A: Salamantica tool, Pompaelo brick, Tolosa food, Massilia cloth, Narbo Martivs wine,
#    Toletvm tool, Tarraco brick, Nova Carthago food -> brick 2 food 2 tool 2 wine 1 cloth 1.
HISPANIA_SALT = HISPANIA_TOKENS
HISPANIA_NO_SALT = {**HISPANIA_SALT, "Salamantica": "tool", "Carthago": "wine", "Genva": "brick"}


def _tokens(d: dict[str, str]) -> str:
    return ",".join(f"{c}={g}" for c, g in d.items())


def _new(runner, tmp_path, *args) -> tuple:
    g = tmp_path / "h.yaml"
    r = runner.invoke(app, ["new", "-o", str(g), "--force", *args])
    return r, g


def test_hispania_without_salsa_takes_the_no_salt_tokens(runner, tmp_path):
    r, g = _new(runner, tmp_path, "--board", "hispania", "--seed", "1", "--tokens", _tokens(HISPANIA_NO_SALT))
    assert r.exit_code == 0, r.stderr
    assert "no-salt token (A tool, B wine, D brick)" in r.stderr
    cities = yaml.safe_load(g.read_text())["cities"]
    assert cities["Salamantica"] == "tool" and cities["Carthago"] == "wine" and cities["Genva"] == "brick"
    assert runner.invoke(app, ["check", str(g)]).exit_code == 0


def test_salt_tokens_without_salsa_are_refused_with_the_fix(runner, tmp_path):
    r, g = _new(runner, tmp_path, "--board", "hispania", "--seed", "1", "--tokens", _tokens(HISPANIA_SALT))
    assert r.exit_code == 2
    assert "Salamantica=salt" in r.stderr and "A no-salt token (tool)" in r.stderr and "--salsa" in r.stderr
    assert not g.exists()
    # with --salsa the salt tokens are the ones laid
    r, g = _new(runner, tmp_path, "--board", "hispania", "--seed", "1", "--salsa", "--tokens", _tokens(HISPANIA_SALT))
    assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(g.read_text())["cities"]["Genva"] == "salt"


def test_shuffled_byzantium_lays_salt_only_with_salsa(runner, tmp_path):
    # byzantium: A, B, C with one salt token each (boards/byzantium.yaml)
    for seed in (1, 2):
        r, g = _new(runner, tmp_path, "--board", "byzantium", "--seed", str(seed))
        assert r.exit_code == 0, r.stderr
        assert "salt" not in yaml.safe_load(g.read_text())["cities"].values()
        r, g = _new(runner, tmp_path, "--board", "byzantium", "--seed", str(seed), "--salsa")
        assert r.exit_code == 0, r.stderr
        assert list(yaml.safe_load(g.read_text())["cities"].values()).count("salt") == 3


def test_an_old_snapshot_with_salt_and_no_variants_key_is_read_as_the_no_salt_tokens(runner, tmp_path):
    # a snapshot as an older contrarius wrote it: Hispania, no Salsa, the salt tokens laid
    r, g = _new(runner, tmp_path, "--board", "hispania", "--seed", "1", "--tokens", _tokens(HISPANIA_NO_SALT))
    data = yaml.safe_load(g.read_text())
    assert "variants" not in data
    data["cities"].update(Salamantica="salt", Carthago="salt", Genva="salt")
    g.write_text(yaml.safe_dump(data, sort_keys=False))
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 0, r.stdout
    assert "Salamantica shows a salt token" in r.stdout and "no-salt token, tool" in r.stdout
    r = runner.invoke(app, ["play", "senator", str(g), "-i", "--die", "wine"])
    assert r.exit_code == 0, r.stderr
    assert "read as the A no-salt token, tool" in r.stderr
    assert yaml.safe_load(g.read_text())["cities"]["Salamantica"] == "tool"  # written back as read


def test_a_salt_token_in_a_non_salsa_game_is_refused_by_check(runner, tmp_path):
    # one salt city only (not the old layout of one per letter): refused, with the fix
    r, g = _new(runner, tmp_path, "--board", "hispania", "--seed", "1", "--tokens", _tokens(HISPANIA_NO_SALT))
    data = yaml.safe_load(g.read_text())
    data["cities"]["Salamantica"] = "salt"
    g.write_text(yaml.safe_dump(data, sort_keys=False))
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code != 0
    assert "cities.Salamantica" in r.stdout and "a salt token in a game without Salsa" in r.stdout
    assert "write Salamantica: tool" in r.stdout
