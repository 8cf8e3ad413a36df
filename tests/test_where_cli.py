"""Tests of ``contrarius where``: the human trace, the ``--json`` trace, the table over every
face, ``--die``, stdin ``-`` and the errors.

Expected rulings are worked out by hand (see the comments here, in tests/test_build.py
and at the top of each example file); nothing is pasted from the program's output.
The human report goes to stdout (a read-only command); errors go to stderr only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.material.cards import Card
from contrarius.cli import app
from contrarius.model.snapshot import Colonist
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULEBOOK = str(EXAMPLES / "rulebook-where-example.yaml")
BLOCKED = str(EXAMPLES / "where-italia-blocked-line.yaml")
IMPERIUM = str(EXAMPLES / "where-imperium-start.yaml")

# wide enough that rich never wraps a trace line or a table cell
runner = CliRunner(env={"COLUMNS": "250"})


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def ok(*args: str, input: str | None = None) -> str:
    res = run(*args, input=input)
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    return res.stdout


def write(tmp_path: Path, snap, name: str = "s.yaml") -> str:
    path = tmp_path / name
    path.write_text(dump_snapshot(snap), encoding="utf-8")
    return str(path)


# ----- the rulebook example: human trace ----------------------------------------------------
def test_human_trace_of_the_rulebook_example():
    # Hand ruling (see tests/test_build.py): food, 2 colonists = 2 steps; Potentia 3 steps and
    # Bavzanvm 5 steps out of reach, Casinvm has a house (step 2), Spoletvm's Vmbria already
    # holds Contrarius's Ancona (step 3), Genva after Aleria (step 4); two tied sea moves.
    out = ok("where", "food", RULEBOOK)
    lines = out.splitlines()
    assert lines[0] == "Where does Contrarius build? goods type: food; 2 colonists on the board = 2 movement steps"
    assert "- food (type asked):" in lines
    assert "    reachable: Aleria (Corsica), 2 steps, empty, new province" in lines
    assert "    reachable: Casinvm (Campania), 1 step, has houses (player), new province" in lines
    assert "    reachable: Spoletvm (Vmbria), 1 step, empty, province already Contrarius's" in lines
    assert ("    ruled out: Potentia - step 1 (reach, no house of its own): out of reach: "
            "3 steps to a free line next to it, Contrarius has 2") in lines
    assert any(ln.startswith("    ruled out: Casinvm - step 2 (empty city first)") for ln in lines)
    assert any(ln.startswith("    ruled out: Spoletvm - step 3 (new province first): Contrarius already has a house in Vmbria")
               for ln in lines)
    assert "    ruled out: Genva - step 4 (alphabetical order): comes after Aleria in alphabetical order" in lines
    assert "=> Contrarius builds in Aleria (Corsica): first in alphabetical order among the empty cities in new provinces" in lines
    assert "   colonist: 2 moves tie; you choose (play --choose N, default 1):" in lines
    assert "     1. sea colonist Roma -> Cosa-Roma -> Aleria-Cosa (2 steps)" in lines
    assert "     2. sea colonist Roma -> Olbia-Roma -> Aleria-Olbia (2 steps)" in lines
    # the ruled-out cities come in rule order: step 1, then 2, 3, 4
    order = [ln.split(" - ")[0].split(": ")[1] for ln in lines if ln.startswith("    ruled out:")]
    assert order == ["Bavzanvm", "Potentia", "Casinvm", "Spoletvm", "Genva"]


def test_json_trace_of_the_rulebook_example():
    data = json.loads(ok("where", "food", RULEBOOK, "--json"))
    assert (data["asked"], data["goods"], data["specialist"], data["steps"]) == ("food", "food", None, 2)
    assert (data["city"], data["province"]) == ("Aleria", "Corsica")
    assert data["moves"] == [
        {"colonist": 1, "kind": "sea", "from": "Roma", "path": ["Cosa-Roma", "Aleria-Cosa"], "steps": 2, "to": "Aleria-Cosa"},
        {"colonist": 1, "kind": "sea", "from": "Roma", "path": ["Olbia-Roma", "Aleria-Olbia"], "steps": 2, "to": "Aleria-Olbia"},
    ]
    [trial] = data["trials"]
    assert trial["goods"] == "food" and trial["chosen"] == "Aleria"
    assert [(c["city"], c["distance"], c["empty"], c["new_province"]) for c in trial["candidates"]] == [
        ("Aleria", 2, True, True), ("Casinvm", 1, False, True), ("Genva", 2, True, True), ("Spoletvm", 1, True, False)]
    assert [(e["city"], e["step"]) for e in trial["excluded"]] == [
        ("Bavzanvm", "1"), ("Potentia", "1"), ("Casinvm", "2"), ("Spoletvm", "3"), ("Genva", "4")]
    assert trial["excluded"][1]["reason"] == "out of reach: 3 steps to a free line next to it, Contrarius has 2"


# ----- forms of the command ---------------------------------------------------------------------
def test_die_option_and_case_are_the_same_as_the_face_argument():
    plain = ok("where", "food", RULEBOOK, "--json")
    assert ok("where", "--die", "food", RULEBOOK, "--json") == plain
    assert ok("where", RULEBOOK, "--die", "FOOD", "--json") == plain
    assert ok("where", "Food", RULEBOOK, "--json") == plain


def test_stdin():
    text = Path(RULEBOOK).read_text(encoding="utf-8")
    assert json.loads(ok("where", "food", "-", "--json", input=text))["city"] == "Aleria"
    assert json.loads(ok("where", "--die", "food", "-", "--json", input=text))["city"] == "Aleria"
    table = json.loads(ok("where", "-", "--json", input=text))
    assert [r["city"] for r in table] == ["Messana", "Messana", "Cosa", "Aleria", "Lvceria", "Cosa"]


def test_table_over_every_face_rulebook_example():
    # By hand (tests/test_build.py): cloth -> nothing in reach -> wine -> Messana (step 3 over
    # Hadria); wine -> Messana; tool -> Cosa (land or sea Cosa-Roma); food -> Aleria; brick ->
    # Lvceria (before Neapolis and Olbia); S -> Smith (its sixth card) -> tool -> Cosa.
    data = json.loads(ok("where", RULEBOOK, "--json"))
    assert [r["asked"] for r in data] == ["cloth", "wine", "tool", "food", "brick", "S"]
    assert [r["city"] for r in data] == ["Messana", "Messana", "Cosa", "Aleria", "Lvceria", "Cosa"]
    assert data[0]["goods"] == "cloth" and [t["goods"] for t in data[0]["trials"]] == ["cloth", "wine"]
    assert (data[5]["specialist"], data[5]["goods"]) == ("Smith", "tool")
    assert [len(r["moves"]) for r in data] == [2, 2, 2, 2, 1, 2]
    out = ok("where", RULEBOOK)
    rows = {ln.split("│")[1].strip(): ln for ln in out.splitlines() if ln.count("│") >= 4}
    assert set(rows) == {"cloth", "wine", "tool", "food", "brick", "S (Smith: tool)"}
    assert "Messana" in rows["cloth"] and "next lower type wine" in rows["cloth"]
    assert "Aleria" in rows["food"] and "(+1 tied)" in rows["food"]
    assert "Lvceria" in rows["brick"] and "land colonist Roma -> Casinvm-Roma -> Casinvm-Lvceria (2 steps)" in rows["brick"]
    assert "Cosa" in rows["S (Smith: tool)"]


def test_imperium_example_table():
    # Hand ruling at the top of examples/where-imperium-start.yaml (lines at Roma: land Aqvileia,
    # Novaria, Syracvsae; sea Carthago, Massilia, Syracvsae; 2 steps).
    data = json.loads(ok("where", IMPERIUM, "--json"))
    assert [(r["asked"], r["city"]) for r in data] == [
        ("cloth", "Leptis Magna"), ("wine", "Aqvileia"), ("tool", "Syracvsae"),
        ("food", "Dyrrhachivm"), ("brick", "Athenae"), ("S", "Athenae")]
    assert data[5]["specialist"] == "Mason"
    tool = data[2]
    assert [(m["kind"], m["to"]) for m in tool["moves"]] == [("land", "Roma-Syracvsae"), ("sea", "Roma-Syracvsae")]
    assert {e["city"]: e["step"] for e in tool["trials"][0]["excluded"]}["Valentia"] == "2"
    assert {e["city"]: e["step"] for e in tool["trials"][0]["excluded"]}["Colonia A."] == "3"
    assert [m["path"] for m in data[4]["moves"]] == [["Roma-Syracvsae", "Athenae-Syracvsae"]]
    assert data[4]["deciding"] == "the only city of this type it can reach"


def test_imperium_human_tie_between_land_and_sea():
    out = ok("where", "tool", IMPERIUM)
    assert "=> Contrarius builds in Syracvsae (Italia): the only empty city in a province new to Contrarius" in out
    assert "     1. land colonist Roma -> Roma-Syracvsae (1 step)" in out
    assert "     2. sea colonist Roma -> Roma-Syracvsae (1 step)" in out
    assert "ruled out: Valentia - step 2 (empty city first): already has a house while an empty city is reachable" in out
    assert "ruled out: Colonia A. - step 3 (new province first): Contrarius already has a house in Germania" in out


def test_blocked_line_example():
    # examples/where-italia-blocked-line.yaml: Aleria's free lines are 3 steps away -> Casinvm.
    out = ok("where", "food", BLOCKED)
    assert "ruled out: Aleria - step 1 (reach, no house of its own): out of reach: 3 steps to a free line next to it, Contrarius has 2" in out
    assert "=> Contrarius builds in Casinvm (Campania): first in alphabetical order among the empty cities in new provinces" in out
    assert "   colonist: land colonist Roma -> Casinvm-Roma (1 step)" in out
    assert "moves tie" not in out


# ----- other rulings through the CLI ---------------------------------------------------------------
def _italia(tmp_path: Path, colonists, houses=None, cards=None) -> str:
    snap = load_snapshot(RULEBOOK)
    snap.houses = {k: list(v) for k, v in (houses or {}).items()}
    snap.colonists = [Colonist(o, k, None, snap.board.parse_line(at, k)) if "-" in at else Colonist(o, k, at, None)
                      for o, k, at in colonists]
    if cards is not None:
        snap.contrarius.cards = cards
    return write(tmp_path, snap)


def test_fallback_wrap_in_the_human_trace(tmp_path):
    # A single land colonist in Roma (1 step): no brick, cloth or wine city in reach; tool: Cosa
    # (see test_land_colonist_uses_only_land_lines_and_fallback_wraps_brick_to_cloth).
    path = _italia(tmp_path, [("contrarius", "land", "Roma"), ("player", "land", "Roma")])
    out = ok("where", "brick", path)
    lines = out.splitlines()
    assert lines[0] == "Where does Contrarius build? goods type: brick; 1 colonist on the board = 1 movement step"
    heads = [ln for ln in lines if ln.startswith("- ")]
    assert heads == ["- brick (type asked):", "- cloth (next lower type):", "- wine (next lower type):", "- tool (next lower type):"]
    assert "    no brick city can be reached" in lines
    assert "    ruled out: Olbia - step 1 (reach, no house of its own): out of reach: no land line leads to it" in lines
    assert "=> Contrarius builds in Cosa (Etrvria): the only city of this type it can reach (no brick, cloth or wine city available, next lower type tool)" in lines
    assert "   colonist: land colonist Roma -> Cosa-Roma (1 step)" in lines


def test_nothing_reachable_human_and_json(tmp_path):
    # One sea colonist in Roma reaches Cosa, Neapolis, Olbia, Panormvs, where Contrarius already
    # has houses: nothing of any type; the supplementary rule applies.
    path = _italia(tmp_path, [("contrarius", "sea", "Roma")],
                   houses={c: ["contrarius"] for c in ("Cosa", "Neapolis", "Olbia", "Panormvs")})
    out = ok("where", "wine", path)
    assert "=>" not in out
    assert out.splitlines()[-1] == ("Contrarius cannot build: no city of any type is within reach. "
                                    "Supplementary rule: it places a colonist instead (red die).")
    assert "ruled out: Cosa - step 1 (reach, no house of its own): Contrarius already has a house there" in out
    data = json.loads(ok("where", "wine", path, "--json"))
    assert data["city"] is None and data["province"] is None and data["moves"] == []
    assert [t["goods"] for t in data["trials"]] == ["wine", "tool", "food", "brick", "cloth"]
    assert all(t["chosen"] is None and t["candidates"] == [] for t in data["trials"])
    table = json.loads(ok("where", path, "--json"))
    assert [r["city"] for r in table] == [None] * 6
    assert "cannot build: a colonist instead" in ok("where", path)


def test_colonist_already_adjacent_human(tmp_path):
    # Sea colonist on the sea line Cosa-Roma: Cosa (tool) needs no move (0 steps).
    path = _italia(tmp_path, [("contrarius", "land", "Roma"), ("contrarius", "sea", "Cosa-Roma")])
    out = ok("where", "tool", path)
    assert "    reachable: Cosa (Etrvria), 0 steps, empty, new province" in out
    assert "   colonist: sea colonist on Cosa-Roma stays (already next to the city)" in out
    data = json.loads(ok("where", "tool", path, "--json"))
    assert data["moves"] == [{"colonist": 1, "kind": "sea", "from": "Cosa-Roma", "path": [], "steps": 0, "to": "Cosa-Roma"}]


def test_s_face_human_header(tmp_path):
    # Vintner (face down) beats Smith and Mason: S -> wine -> Messana (step 3 over Hadria).
    path = _italia(tmp_path, [("contrarius", "land", "Roma"), ("contrarius", "sea", "Roma")],
                   houses={"Ancona": ["contrarius"]},
                   cards=[Card.of("Mason"), Card.of("Vintner", face_up=False), Card.of("Smith")])
    out = ok("where", "S", path)
    assert out.splitlines()[0].startswith("Where does Contrarius build? goods type: S -> best specialist Vintner -> wine;")
    assert "=> Contrarius builds in Messana (Sicilia)" in out
    assert json.loads(ok("where", "--die", "s", path, "--json"))["specialist"] == "Vintner"


def test_render_ruling_without_header():
    # render_ruling is the trace printer; without the header it starts at the first trial.
    from rich.console import Console

    from contrarius.rules.build import where
    from contrarius.cli.commands.where import render_ruling

    con = Console(record=True, width=250, highlight=False)
    render_ruling(where(load_snapshot(RULEBOOK), "food"), con, header=False)
    text = con.export_text()
    assert text.splitlines()[0] == "- food (type asked):"
    assert "Where does Contrarius build?" not in text
    assert "=> Contrarius builds in Aleria (Corsica)" in text


# ----- errors: stderr only, documented exit codes ---------------------------------------------------
@pytest.mark.parametrize("args, code, message", [
    # without a path the snapshot is read from stdin, as for score; nothing piped in:
    (["where", "food"], 3, "<stdin>: empty file, not a snapshot"),
    (["where"], 3, "<stdin>: empty file, not a snapshot"),
    (["where", "food", RULEBOOK, "--die", "wine"], 2, "give the face once"),
    (["where", "gold", RULEBOOK], 2, "shows brick, food, tool, wine, cloth or S, not 'gold'"),
    (["where", "--die", "7", RULEBOOK], 2, "not '7'"),
    (["where", "food", "no-such-file.yaml"], 3, "no-such-file.yaml: no such file"),
])
def test_errors(args, code, message):
    res = run(*args)
    assert res.exit_code == code
    assert res.stdout == ""
    assert res.stderr.startswith("contrarius: ") and message in res.stderr
    assert "Traceback" not in res.stderr


def test_s_without_specialist_is_a_rule_error(tmp_path):
    path = _italia(tmp_path, [("contrarius", "land", "Roma")], cards=[Card.of("Prefect")])
    res = run("where", "S", path)
    assert res.exit_code == 4
    assert res.stdout == ""
    assert "owns none" in res.stderr
