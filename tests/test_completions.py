"""Shell completion: the committed scripts match the program, and a TAB offers values.

The values are tested twice: the callbacks of ``contrarius/tab/values.py`` called
directly, and the whole completion protocol as the shells drive it (bash:
``COMP_WORDS``/``COMP_CWORD``; zsh and fish: ``_TYPER_COMPLETE_ARGS``), through CliRunner
with ``_CONTRARIUS_COMPLETE=complete_SHELL``.
"""

from __future__ import annotations

import importlib.util
import io
import shlex
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from contrarius.material.board import board_names
from contrarius.cli import app
from contrarius.tab import values as comp

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"
ITALIA_ARG = shlex.quote(str(ITALIA))
# The 11 provinces of the Italia board (boards/italia.yaml), alphabetical.
ITALIA_PROVINCES = ["Aemilia", "Apvlia", "Campania", "Corsica", "Etrvria", "Ligvria", "Lvcania",
                    "Sicilia", "Transpadana", "Venetia", "Vmbria"]
GOODS_FACES = ["cloth", "wine", "tool", "food", "brick", "S"]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_completions", ROOT / "scripts" / "gen_completions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----- the committed scripts -------------------------------------------------------------
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_committed_script_matches_the_program(shell):
    gen = _generator()
    path = gen.path_for(shell)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run python scripts/gen_completions.py"
    committed = path.read_text(encoding="utf-8")
    assert committed == gen.render(shell), (
        f"{path.relative_to(ROOT)} is out of date with the program: run python scripts/gen_completions.py")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_scripts_start_without_a_blank_line_and_call_the_program_back(shell):
    text = (ROOT / "completions" / f"contrarius.{shell}").read_text(encoding="utf-8")
    assert text.strip() and not text.startswith("\n")
    assert f"_CONTRARIUS_COMPLETE=complete_{shell}" in text
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_zsh_script_starts_with_compdef():
    first = (ROOT / "completions" / "contrarius.zsh").read_text(encoding="utf-8").splitlines()[0]
    assert first == "#compdef contrarius"


def test_generator_check_mode_passes_on_the_committed_scripts():
    assert _generator().main(["--check"]) == 0


# ----- the callbacks, called directly -----------------------------------------------------
def values(items):
    return [v for v, _ in items]


def ctx_with(**params):
    """A stand-in for typer.Context: what the callbacks read is ``params``."""
    return SimpleNamespace(params=params, info_name=None, command=None, parent=None)


def test_board_names():
    assert values(comp.complete_board_name("")) == board_names()
    assert "imperium" in values(comp.complete_board_name("")) and "italia" in values(comp.complete_board_name(""))
    assert values(comp.complete_board_name("it")) == ["italia"]
    assert values(comp.complete_board_name("IT")) == ["ITalia"]  # typed prefix kept; boards are read case-insensitively
    assert comp.complete_board_name("atlantis") == []


def test_card_names(tmp_path):
    cards = values(comp.complete_card(None, ""))
    for name in ("Mercator", "Prefect", "Architect", "Diplomat", "Senator", "Consul", "Colonist", "Tribune", "Weaver"):
        assert name in cards
    assert "Prefect_with_Praefectus_Magnus" in cards and "pm" in cards
    # solo cards unless the game is a team game (the CARD comes before
    # the SNAPSHOT, so mostly unknown) or only a team card fits
    assert values(comp.complete_card(None, "Merc")) == ["Mercator"]
    assert values(comp.complete_card(None, "merc")) == ["mercator"]
    assert values(comp.complete_card(None, "Leg")) == ["Legatus"]
    assert values(comp.complete_card(None, "mercator/")) == ["mercator/prefect"]
    assert "prefect_with_praefectus_magnus" in values(comp.complete_card(None, "pre"))
    team = tmp_path / "team.yaml"
    team.write_text("mode: team\nboard: italia\n", encoding="utf-8")
    assert values(comp.complete_card(ctx_with(snapshot=str(team)), "Merc")) == ["Mercator", "Mercator/Prefect"]
    assert values(comp.complete_card(ctx_with(snapshot=str(team)), "merc")) == ["mercator", "mercator/prefect"]
    solo = tmp_path / "solo.yaml"
    solo.write_text("mode: solo\nboard: italia\n", encoding="utf-8")
    assert values(comp.complete_card(ctx_with(snapshot=str(solo)), "Leg")) == []


def test_card_names_are_read_back_by_the_program():
    from contrarius.material.cards import card_name

    for value in values(comp.complete_card(None, "")) + values(comp.complete_card(None, "pre")):
        card_name(value)  # raises for a name the program would not accept


def test_card_lists_complete_the_item_after_the_last_comma():
    assert values(comp.complete_stack_cards("Mercator,Ma")) == ["Mercator,Mason"]
    assert "Mercator,Mason,Weaver" in values(comp.complete_stack_cards("Mercator,Mason,"))
    # the display stacks hold no Tribune or Senator
    assert "Tribune" not in values(comp.complete_stack_cards(""))
    assert values(comp.complete_cards_list("Prefect,Sen")) == ["Prefect,Senator"]


def test_levels_modes_kinds():
    assert values(comp.complete_level("")) == ["standard", "veteran", "expert"]
    assert values(comp.complete_level("v")) == ["veteran"]
    assert values(comp.complete_mode("")) == ["solo", "team", "third-player"]
    assert values(comp.complete_mode("t")) == ["team", "third-player"]
    assert values(comp.complete_kind("")) == ["land", "sea"]


def test_die_faces_and_dice():
    assert values(comp.complete_goods_face("")) == GOODS_FACES
    assert values(comp.complete_goods_face("w")) == ["wine"]
    assert values(comp.complete_goods_face("s")) == ["s"]  # parse_face reads s as S
    faces = values(comp.complete_die_face(""))
    assert faces == GOODS_FACES + ["land", "sea", "card", "1", "2", "3", "4", "5"]
    assert values(comp.complete_die_face("c")) == ["cloth", "card"]
    assert values(comp.complete_die("")) == ["architect", "blue", "tribune", "red", "colonist",
                                            "mercator", "black", "senator", "consul", "white"]
    assert values(comp.complete_die("b")) == ["blue", "black"]


def test_provinces_of_the_snapshot_board():
    ctx = ctx_with(snapshot=str(ITALIA))
    assert values(comp.complete_province(ctx, "")) == ITALIA_PROVINCES
    assert values(comp.complete_province(ctx, "Lig")) == ["Ligvria"]
    assert values(comp.complete_province(ctx, "Et")) == ["Etrvria"]
    assert values(comp.complete_province(ctx, "ligu")) == ["liguria"]  # U read as V, as the program does
    assert dict(comp.complete_province(ctx, "Lig"))["Ligvria"] == "Genva, Nicaea"


def test_cities_of_the_snapshot_board():
    ctx = ctx_with(snapshot=str(ITALIA))
    cities = values(comp.complete_city(ctx, ""))
    assert len(cities) == 25 and "Roma" not in cities  # the capital holds no houses
    assert cities == sorted(cities, key=str.casefold)
    assert comp.complete_city(ctx, "Gen") == [("Genva", "Ligvria, wine")]
    assert values(comp.complete_city(ctx, "genu")) == ["genua"]  # a common spelling the program accepts
    places = values(comp.complete_place(ctx, "sea:R"))
    assert places == ["sea:Roma", "sea:Ravenna"]


def test_snapshot_cards_display_and_players():
    ctx = ctx_with(snapshot=str(ITALIA))
    # Contrarius's face-up cards in examples/italia-setup.yaml
    assert values(comp.complete_copy(ctx, "")) == ["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Smith"]
    buy = values(comp.complete_buy(ctx, ""))
    assert buy[:7] == ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"]
    assert buy[7:] == ["1", "2", "3", "4", "5", "6", "7"]
    assert values(comp.complete_player(ctx, "")) == ["player"]


def test_cities_of_the_board_chosen_for_a_new_game():
    assert values(comp.complete_new_city(ctx_with(board="italia"), "Gen")) == ["Genva"]
    assert "Genva" not in values(comp.complete_new_city(ctx_with(board=None), ""))  # default imperium
    assert comp.complete_new_city(ctx_with(board="atlantis"), "") == []


@pytest.mark.parametrize("make", [
    lambda tmp: None,
    lambda tmp: "-",
    lambda tmp: str(tmp / "missing.yaml"),
    lambda tmp: str(tmp),  # a directory
    lambda tmp: _write(tmp / "bad.yaml", "board: [unclosed\n"),
    lambda tmp: _write(tmp / "list.yaml", "- a\n- b\n"),
    lambda tmp: _write(tmp / "noboard.yaml", "format: 1\n"),
    lambda tmp: _write(tmp / "atlantis.yaml", "board: atlantis\n"),
    lambda tmp: _write(tmp / "binary.yaml", b"\xff\xfe\x00board"),
])
def test_board_callbacks_never_fail(tmp_path, monkeypatch, make):
    monkeypatch.setattr(sys, "stdin", _NoStdin())
    ctx = ctx_with(snapshot=make(tmp_path))
    assert comp.complete_province(ctx, "") == []
    assert comp.complete_city(ctx, "") == []
    assert comp.complete_player(ctx, "") == []
    assert values(comp.complete_place(ctx, "")) == ["land:", "sea:"]
    assert "Mercator" in values(comp.complete_copy(ctx, ""))  # no snapshot: every card
    assert "Mercator" in values(comp.complete_buy(ctx, ""))


def test_a_context_without_params_gives_no_board_values():
    assert comp.complete_province(None, "") == []
    assert comp.complete_province(SimpleNamespace(), "") == []


class _NoStdin(io.StringIO):
    def read(self, *a):  # pragma: no cover - failing here is the test failing
        raise AssertionError("completion must never read stdin")

    readline = read


def _write(path: Path, data) -> str:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


# ----- the completion protocol, as the shells drive it ----------------------------------
def bash(line: str) -> list[str]:
    """What ``complete_bash`` answers for ``line`` with the cursor at its end."""
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    result = CliRunner().invoke(app, [], prog_name="contrarius", env={
        "_CONTRARIUS_COMPLETE": "complete_bash",
        "COMP_WORDS": line,  # bash joins COMP_WORDS with spaces: a trailing space is the empty word
        "COMP_CWORD": str(len(words) - 1),
    })
    assert result.exit_code == 0, result.output
    return [v for v in result.stdout.split("\n") if v]


def zsh(line: str) -> str:
    result = CliRunner().invoke(app, [], prog_name="contrarius", env={
        "_CONTRARIUS_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line})
    assert result.exit_code == 0, result.output
    return result.stdout


def fish(line: str) -> list[str]:
    result = CliRunner().invoke(app, [], prog_name="contrarius", env={
        "_CONTRARIUS_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
        "_TYPER_COMPLETE_ARGS": line})
    assert result.exit_code == 0, result.output
    return [v for v in result.stdout.split("\n") if v]


def test_protocol_commands():
    assert bash("contrarius bo") == ["boards", "board"]


def test_protocol_board_names():
    assert bash("contrarius board ") == board_names()
    assert bash("contrarius board it") == ["italia"]
    assert bash("contrarius new --board i") == [n for n in board_names() if n.startswith("i")]
    assert bash("contrarius new --board italia --veteran-city Ge") == ["Genva"]
    assert "italia" in zsh("contrarius board it")
    assert fish("contrarius board it") == ["italia"]


def test_protocol_card_names():
    # the snapshot is not typed yet: solo cards; a team card when only it fits
    assert bash("contrarius play Merc") == ["Mercator"]
    assert bash("contrarius play merc") == ["mercator"]
    assert bash("contrarius play Mercator/") == ["Mercator/Prefect"]
    assert bash(f"contrarius play diplomat {ITALIA_ARG} --copy ") == ["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Smith"]
    assert bash(f"contrarius play senator {ITALIA_ARG} --buy Ma") == ["Mason"]
    assert bash(f"contrarius play senator {ITALIA_ARG} --buy Weaver --refill Vin") == ["Vintner"]
    assert bash("contrarius new --display Mercator,Ma") == ["Mercator,Mason"]
    assert bash("contrarius new --contrarius-cards Prefect,Sen") == ["Prefect,Senator"]
    assert '"Mercator"' in zsh("contrarius play Merc")


def test_protocol_levels_and_modes():
    assert bash("contrarius new --level ") == ["standard", "veteran", "expert"]
    assert bash("contrarius new -l e") == ["expert"]
    assert bash("contrarius new --mode t") == ["team", "third-player"]


def test_protocol_die_faces():
    assert bash("contrarius roll ") == ["architect", "blue", "tribune", "red", "colonist",
                                        "mercator", "black", "senator", "consul", "white"]
    assert bash("contrarius roll bl") == ["blue", "black"]
    assert bash("contrarius where ") == GOODS_FACES
    assert bash("contrarius where w") == ["wine"]
    assert bash(f"contrarius where {ITALIA_ARG} --die ") == GOODS_FACES
    assert bash(f"contrarius play mercator {ITALIA_ARG} --die w") == ["wine"]
    assert bash(f"contrarius play tribune {ITALIA_ARG} --die s") == ["s", "sea"]
    assert fish("contrarius where c") == ["cloth\tgoods type"]


def test_protocol_provinces_from_the_snapshot():
    assert bash(f"contrarius play prefect {ITALIA_ARG} --produce ") == ITALIA_PROVINCES
    assert bash(f"contrarius play prefect {ITALIA_ARG} --produce Lig") == ["Ligvria"]
    assert bash(f"contrarius play prefect {ITALIA_ARG} --produce Et") == ["Etrvria"]
    # root options before the command, other options in between
    assert bash(f"contrarius --debug play prefect {ITALIA_ARG} --json --produce Et") == ["Etrvria"]
    assert bash(f"contrarius play prefect {ITALIA_ARG} -o out.yaml --produce Et") == ["Etrvria"]
    out = zsh(f"contrarius play prefect {ITALIA_ARG} --produce ")
    assert out.startswith("_arguments")
    for p in ITALIA_PROVINCES:
        assert f'"{p}"' in out
    assert fish(f"contrarius play prefect {ITALIA_ARG} --produce Et") == ["Etrvria\tFlorentia, Cosa"]


def test_protocol_cities_from_the_snapshot():
    assert bash(f"contrarius play architect {ITALIA_ARG} --build Ge") == ["Genva"]
    assert bash(f"contrarius play architect {ITALIA_ARG} --build Genva --build Ni") == ["Nicaea"]
    assert bash(f"contrarius play colonist {ITALIA_ARG} --place sea:R") == ["sea:Roma", "sea:Ravenna"]


def test_protocol_snapshot_argument_with_a_default():
    """An optional SNAPSHOT defaulting to ``-`` (stdin): the parser leaves the default in
    ``ctx.params`` when an option awaits its value; the file typed is used all the same."""
    import typer

    mini = typer.Typer()

    @mini.command("tally")
    def tally(snapshot: str = typer.Argument("-"),
              province: str = typer.Option("", "--province", autocompletion=comp.complete_province)) -> None:
        pass  # pragma: no cover

    @mini.command("other")
    def other() -> None:
        pass  # pragma: no cover

    def run(line):
        result = CliRunner().invoke(mini, [], prog_name="contrarius", env={
            "_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": line,
            "COMP_CWORD": str(len(line.split(" ")) - 1)})
        return [v for v in result.stdout.split("\n") if v]

    assert run(f"contrarius tally {ITALIA_ARG} --province Et") == ["Etrvria"]
    assert run("contrarius tally --province Et") == []  # stdin: nothing read, nothing offered


def test_protocol_without_a_readable_snapshot_offers_nothing(tmp_path):
    assert bash("contrarius play prefect - --produce ") == []
    assert bash(f"contrarius play prefect {shlex.quote(str(tmp_path / 'none.yaml'))} --produce ") == []
    assert bash("contrarius play prefect --produce ") == []
    # zsh falls back to file names when there is nothing to offer
    assert zsh("contrarius play prefect - --produce ").strip() == "_files"


# ----- values after ':' and '=' (bash splits words at COMP_WORDBREAKS) ---------------------------
def _game(tmp_path, *args):
    """A new Italia game (seed 1) in tmp_path/g.yaml; its display: Mercator, Mason, Prefect,
    Colonist, Farmer, Architect, Diplomat."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "g.yaml"
    r = CliRunner().invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output
    return path


def bash_by_line(line: str, point: int | None = None) -> list[str]:
    """What ``complete_bash`` answers for ``line`` as the committed bash script asks:
    ``COMP_LINE``/``COMP_POINT``/``COMP_WORDBREAKS`` beside ``COMP_WORDS`` split at the
    word breaks as bash splits them (``land:Co`` -> ``land``, ``:``, ``Co``)."""
    import re

    words = [w for w in re.split(r"(\s+|[:=])", line) if w and not w.isspace()]
    if line.endswith((" ", ":", "=")) and not line.endswith((":", "=")):
        words.append("")
    result = CliRunner().invoke(app, [], prog_name="contrarius", env={
        "_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": "\n".join(words), "COMP_CWORD": str(len(words) - 1),
        "COMP_LINE": line, "COMP_POINT": str(len(line) if point is None else point),
        "COMP_WORDBREAKS": "\"'><=;|&(:"})
    assert result.exit_code == 0, result.output
    return [v for v in result.stdout.split("\n") if v]


def test_bash_completes_after_colon_and_equals(tmp_path):
    # readline replaces only the text after the last ':' or '=' of the word: the answers
    # are that part (bash-completion's __ltrim_colon_completions idea)
    g = shlex.quote(str(_game(tmp_path)))
    assert bash_by_line(f"contrarius play colonist {g} --place land:Ge") == ["Genva"]
    assert bash_by_line(f"contrarius play colonist {g} --place sea:R") == ["Roma", "Ravenna"]
    assert "Roma" in bash_by_line(f"contrarius play colonist {g} --place land:")
    assert bash_by_line(f"contrarius play colonist {g} --place=sea:R") == ["Roma", "Ravenna"]
    sea = bash_by_line(f"contrarius play colonist {g} --place s")  # before the colon: whole KIND:CITY
    assert "sea:Roma" in sea and all(v.startswith("sea:") for v in sea)
    # --die DIE=FACE: the faces of that die (white: goods or S; red: land/sea/card; blue: 1-5)
    assert bash_by_line(f"contrarius play mercator {g} --die white=") == GOODS_FACES
    assert bash_by_line(f"contrarius play mercator {g} --die white=cl") == ["cloth"]
    assert bash_by_line(f"contrarius play tribune {g} --die red=") == ["land", "sea", "card"]
    assert bash_by_line(f"contrarius play architect {g} --die blue=") == ["1", "2", "3", "4", "5"]
    # the cursor inside the line: what lies after it is no part of the word
    line = f"contrarius play colonist {g} --place land:Ge --json"
    assert bash_by_line(line, line.index(" --json")) == ["Genva"]


def test_reveal_positions_and_cards(tmp_path):
    game = _game(tmp_path)
    text = game.read_text(encoding="utf-8").replace(
        "display: [Mercator, Mason,", "display: [Mercator, '?',")
    game.write_text(text, encoding="utf-8")
    g = shlex.quote(str(game))
    # position 2 shows ?: offered as 2=; after 2= the cards of the display stacks
    assert bash_by_line(f"contrarius reveal {g} ") == ["2="]
    assert bash_by_line(f"contrarius reveal {shlex.quote(str(_game(tmp_path / 'x')))} ") == [f"{i}=" for i in range(1, 8)]
    assert bash_by_line(f"contrarius reveal {g} 2=Cons") == ["Consul"]
    assert bash_by_line(f"contrarius play mercator {g} --reveal 2=Ma") == ["Mason"]
    assert values(comp.complete_reveal(ctx_with(snapshot=str(game)), "2=Wea")) == ["2=Weaver"]
    assert values(comp.complete_die_face("black=s")) == ["black=s"]
    assert comp.complete_die_face("purple=") == []


def _type_in_real_bash(cwd, lines, script, timeout=90):
    """Type each of ``lines`` and a TAB into an interactive bash (a pseudo-terminal) that
    sourced ``script``; return the command lines as bash then held them (``TYPED: ...``)."""
    import os
    import pty
    import select
    import shutil
    import time

    env = {"PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(cwd),
           "TERM": "dumb", "INPUTRC": "/dev/null", "PS1": "$ ", "LANG": "C.UTF-8"}
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(cwd)
        os.execve(shutil.which("bash"), ["bash", "--norc", "--noprofile", "-i"], env)
    # after the TAB: Ctrl-A, then "echo TYPED: " before the line, so bash prints it
    typed = f"source {shlex.quote(str(script))}\n" + "".join(f"{line}\t\x01echo TYPED: \n" for line in lines) + "exit\n"
    os.write(fd, typed.encode())
    out, end = b"", time.time() + timeout
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    os.waitpid(pid, 0)
    return [x.split("TYPED: ", 1)[1].strip() for x in out.decode(errors="replace").splitlines() if x.startswith("TYPED: ")]


@pytest.mark.skipif(sys.platform == "win32" or not __import__("shutil").which("bash"), reason="needs bash and a pty")
def test_real_bash_completes_after_colon_and_equals(tmp_path):
    # in a real bash, --place land:Ge<TAB> completes the city after the colon, and --die
    # white=<TAB> and reveal g.yaml 7=<TAB> complete values, not file names. Italia: Genva is the one city starting Ge.
    if not (Path(sys.executable).parent / "contrarius").exists():
        pytest.skip("the contrarius script is not installed beside this python")
    game = _game(tmp_path)
    game.write_text(game.read_text(encoding="utf-8").replace("display: [Mercator, Mason,", "display: [Mercator, '?',"),
                    encoding="utf-8")
    got = _type_in_real_bash(tmp_path, ["contrarius play colonist g.yaml --place land:Ge",
                                        "contrarius play mercator g.yaml --die white=cl",
                                        "contrarius reveal g.yaml 2=Cons"], ROOT / "completions" / "contrarius.bash")
    assert got == ["contrarius play colonist g.yaml --place land:Genva",
                   "contrarius play mercator g.yaml --die white=cloth",
                   "contrarius reveal g.yaml 2=Consul"]


# ----- a TAB never blocks on a FIFO or reads a device ------------------------------------------------
@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs")
def test_completion_never_reads_a_fifo(tmp_path):
    import os
    import subprocess

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert comp.snapshot_data(ctx_with(snapshot=str(fifo))) is None
    assert comp.snapshot_data(ctx_with(snapshot="/dev/zero")) is None
    big = tmp_path / "big.yaml"
    big.write_text("board: italia\n" + "#" * (comp.SNAPSHOT_MAX_BYTES + 1), encoding="utf-8")
    assert comp.snapshot_data(ctx_with(snapshot=str(big))) is None
    # the whole program, as the bash script calls it: it answers (nothing) instead of waiting
    line = f"contrarius play prefect {fifo} --produce Et"
    env = {**os.environ, "_CONTRARIUS_COMPLETE": "complete_bash", "COMP_LINE": line, "COMP_POINT": str(len(line)),
           "COMP_WORDS": line, "COMP_CWORD": "5"}
    done = subprocess.run([str(Path(sys.executable).parent / "contrarius")], env=env, capture_output=True, timeout=30)
    assert done.returncode == 0 and done.stdout.strip() == b""


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_every_shell_completes_after_a_command_name_in_a_real_process(shell, tmp_path):
    """A real ``contrarius`` process builds only the command it completes: typer's
    zsh and fish classes must still be there (they once answered "Shell zsh not supported.",
    exit 1). The Italia provinces after ``--produce``, the levels after ``new --level``."""
    import os
    import subprocess

    line = f"contrarius play prefect {ITALIA} --produce "
    env = {"bash": {"COMP_WORDS": line, "COMP_CWORD": str(len(line.split()))},
           "zsh": {"_TYPER_COMPLETE_ARGS": line},
           "fish": {"_TYPER_COMPLETE_ARGS": line, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}}[shell]
    script = Path(sys.executable).parent / "contrarius"  # its name gives the variable: _CONTRARIUS_COMPLETE
    proc = subprocess.run([str(script)], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "_CONTRARIUS_COMPLETE": f"complete_{shell}", **env})
    assert proc.returncode == 0 and "not supported" not in proc.stdout + proc.stderr, (proc.returncode, proc.stdout, proc.stderr)
    # Italia's provinces (boards/italia.yaml), as the CliRunner tests above get them
    for province in ("Aemilia", "Apvlia", "Campania"):
        assert province in proc.stdout, proc.stdout
