"""``log`` in Portuguese: each recorded line (a snapshot keeps them in English) said again
in the language chosen is the very line the turn's report said in it
(:func:`contrarius.words.recorded.say_recorded`), for every line of scripted games in solo
play with a solo variant, on a board variant, in team play and in the third-player variant;
English ``log`` shows the record as it is."""

from __future__ import annotations

import pytest

from contrarius.cli import app

from test_portuguese import GAMES, TURNS
from test_portuguese_two_players import TABLE, TEAM_TURNS, THIRD_TURNS


@pytest.fixture
def said(monkeypatch):
    """Every turn result :func:`contrarius.rules.game.play` returns while the test runs."""
    from contrarius.rules import game

    results = []
    real = game.play
    monkeypatch.setattr(game, "play", lambda *a, **k: results.append(real(*a, **k)) or results[-1])
    return results


def played(runner, tmp_path, new: list[str], turns: list) -> None:
    path = tmp_path / "game.yaml"
    assert runner.invoke(app, ["--lang", "pt_BR", "new", *new, "-o", str(path)]).exit_code == 0
    for turn in turns:
        if callable(turn):
            turn(path)
            continue
        r = runner.invoke(app, ["--lang", "pt_BR", "play", turn[0], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, r.output
    return path


def check_lines(runner, said, path) -> int:
    """Each recorded line said again in pt_BR equals the report's line; the log prints them."""
    from contrarius.words import language
    from contrarius.words.recorded import say_recorded

    language.set_language("pt_BR")
    try:
        lines = [(e.english, e.text) for r in said for e in [*r.player_events, *r.events]]
        wrong = [(en, say_recorded(en), pt) for en, pt in lines if say_recorded(en) != pt]
    finally:
        language.set_language("en")
    assert len(lines) > 15 and not wrong, "\n".join(" | ".join(w) for w in wrong[:3])
    log = runner.invoke(app, ["--lang", "pt_BR", "log", str(path)], env={"COLUMNS": "400"}).stdout
    english = runner.invoke(app, ["log", str(path)], env={"COLUMNS": "400"}).stdout
    assert "constrói em" in log and "builds in" not in log and "builds in" in english
    return len(lines)


@pytest.mark.parametrize("new", GAMES, ids=["italia-fish-market", "gallia"])
def test_the_log_of_a_solo_game_says_every_line_as_the_reports_did(runner, tmp_path, said, new):
    check_lines(runner, said, played(runner, tmp_path, new, TURNS))


@pytest.mark.parametrize("mode, turns", [("team", TEAM_TURNS), ("third-player", THIRD_TURNS)])
def test_the_log_of_a_two_player_game_says_every_line_as_the_reports_did(runner, tmp_path, said, mode, turns):
    check_lines(runner, said, played(runner, tmp_path, ["-m", mode, *TABLE], turns))


def test_a_line_no_msgid_holds_is_shown_as_recorded():
    from contrarius.words import language
    from contrarius.words.recorded import say_recorded

    language.set_language("pt_BR")
    try:
        assert say_recorded("written by hand in the snapshot") == "written by hand in the snapshot"
        assert say_recorded("Contrarius takes Weaver from display position 3 (face up)") == \
            "Contrarius pega Tecelão da posição 3 da área de exibição (virada para cima)"
    finally:
        language.set_language("en")
    assert say_recorded("Contrarius takes Weaver from display position 3 (face up)") == \
        "Contrarius takes Weaver from display position 3 (face up)"


def test_a_hand_written_line_is_shown_quickly_and_without_control_characters(runner, tmp_path):
    """A record edited by hand: a line full of ``, `` is shown as written at once (no
    regular expression left to backtrack), an ESC is shown escaped, never sent."""
    import time

    import yaml

    from contrarius.words import language
    from contrarius.words.recorded import say_recorded

    language.set_language("pt_BR")
    try:
        start = time.perf_counter()
        for k in (100, 400, 2000):
            line = "a: ok (" + ", " * k + "x turns played)"
            assert say_recorded(line) == line
        assert time.perf_counter() - start < 5  # seconds; was minutes (not a timing test: a bound on the kind of work)
    finally:
        language.set_language("en")
    path = tmp_path / "g.yaml"
    assert runner.invoke(app, ["new", "--board", "italia", "--seed", "4", "-o", str(path)]).exit_code == 0
    assert runner.invoke(app, ["play", "mercator", str(path), "-i", "--die", "wine"]).exit_code == 0
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["log"][0]["reaction"].append("\x1b[31mred\x1b[0m by hand")
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    for lang in ([], ["--lang", "pt_BR"]):
        out = runner.invoke(app, [*lang, "log", str(path)], env={"COLUMNS": "300"}).stdout
        assert "\x1b" not in out and "\\x1b[31mred\\x1b[0m by hand" in out
