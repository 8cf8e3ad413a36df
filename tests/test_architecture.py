"""The package's layers: one direction of knowledge, no import cycle; each layer a folder.

The import graph is read from the source with :mod:`ast`, so an import inside a function
counts as much as one at the top of a module. The layers, bottom to top (README
"Development" draws the same):

    contrarius/errors.py, records.py, messages.py   what can go wrong (exceptions, exit codes); the record base; a sentence as data
    io/           text files and stdin, strict YAML, deterministic dumping
    material/     the printed material: boards, personality cards, dice faces
    model/        the game state: snapshot, the solo variants' state, the validating reader
    store/        snapshot text, atomic files and locks, the undo history
    rules/        the rules (build, a turn, personalities/ below modes/, variants/, setup, scoring, preview, campaign)
    words/, pictures/   what the player types read into names; the SVG pictures
    tab/          what a TAB offers, and the fast TAB path that answers before typer loads
    cli/          the command line (and __main__)

A module imports only from its own layer or the layers below; inside a layer no cycle.
Inside ``rules/`` the same holds for its sublayers (:data:`RULES_ORDER`), bottom to top: the
table's facts (the build rule, setup, scoring, the end of the game), the variants, the turn
mechanism (Contrarius's part), the personality cards, the player's part, the modes, and what
the commands call (game, preview, campaign, race).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "contrarius"

#: Bottom to top: each layer is a folder of the package (a module at the top counts as the
#: base layer). A new folder must be placed here (the test says so when it is not).
LAYERS: list[tuple[str, set[str]]] = [
    ("base", {"contrarius", "contrarius.errors", "contrarius.records", "contrarius.messages"}),
    ("io", {"contrarius.io"}),
    ("material", {"contrarius.material"}),
    ("model", {"contrarius.model"}),
    ("store", {"contrarius.store"}),
    ("rules", {"contrarius.rules"}),
    ("words and pictures", {"contrarius.words", "contrarius.pictures"}),
    ("tab", {"contrarius.tab"}),
    ("cli", {"contrarius.__main__", "contrarius.cli"}),
]

#: Inside rules/, bottom to top: each entry a module or folder of contrarius.rules (a module
#: of rules/ that is in none is refused: a new module or folder must join this list, and
#: README's Development section). A module imports only from its own sublayer or below.
RULES_ORDER: list[tuple[str, set[str]]] = [
    ("the table's facts", {"contrarius.rules", "build", "setup", "scoring", "end_of_game"}),
    ("variants", {"variants"}),
    ("the turn mechanism", {"turn", "contrarius_part"}),
    ("personality cards", {"personalities"}),
    ("the player's part", {"player_part"}),
    ("modes", {"modes"}),
    ("what the commands call", {"game", "preview", "campaign", "race"}),
]

#: Inside model/ and store/, bottom to top: one module each, imported only by the modules
#: after it (the snapshot model knows nothing of its validating reader; the atomic files
#: nothing of the undo history). A new module of these folders must join its list.
MODULE_ORDER: dict[str, list[str]] = {
    "contrarius.model": ["plain", "variants", "snapshot", "reader", "card_counts"],
    "contrarius.store": ["snapshot_text", "atomic", "history", "campaign_file"],
}

#: Team play and the third-player variant: solo play never reaches them.
TWO_PLAYER = {"contrarius.rules.modes.twoplayer", "contrarius.rules.modes.team", "contrarius.rules.modes.third_player"}
SOLO = {"contrarius.rules.contrarius_part", "contrarius.rules.player_part", "contrarius.rules.modes.solo", "contrarius.rules.setup",
        "contrarius.rules.build"}
#: Inside rules/: each card's statement (personalities/) sits below the modes that read it.
PERSONALITIES = "contrarius.rules.personalities"


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package: dotted name -> file."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def import_graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the package's modules it imports anywhere in its source (also inside
    functions); ``from . import x`` counts as importing the module ``x``."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
            for target in targets:
                # ``import contrarius.cli.common`` also imports the packages above it
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def layer_of(module: str) -> int:
    """The index of ``module``'s layer in :data:`LAYERS` (a subpackage counts as its package)."""
    for i, (_, members) in enumerate(LAYERS):
        if any(module == m or (m != "contrarius" and module.startswith(m + ".")) for m in members):
            return i
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_architecture.py "
                         "(and to README's Development section)")


def rules_sublayer_of(module: str) -> int:
    """The index of the rules module ``module`` in :data:`RULES_ORDER` (a module of a folder
    counts as its folder)."""
    for i, (_, members) in enumerate(RULES_ORDER):
        for m in members:
            full = m if m == "contrarius.rules" else f"contrarius.rules.{m}"
            if module == full or (m != "contrarius.rules" and module.startswith(full + ".")):
                return i
    raise AssertionError(f"{module} is in no sublayer of rules/: add it to RULES_ORDER in tests/test_architecture.py "
                         "(and to README's Development section)")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as ``[a, b, ..., a]``, or None (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


GRAPH = import_graph(modules())


def test_the_graph_is_read_from_the_source():
    # imports at the top and inside functions are both seen: cli/play_cmd imports the
    # rules inside its command function; game imports each mode inside a function
    assert "contrarius.rules.game" in GRAPH["contrarius.cli.commands.play"]
    assert {"contrarius.rules.modes.solo", "contrarius.rules.modes.team", "contrarius.rules.modes.third_player"} <= GRAPH["contrarius.rules.game"]
    assert "contrarius.io.yamlio" in GRAPH["contrarius.material.board"]  # a function-level import in board.py


def test_every_module_has_its_layer():
    # the layer test below is not vacuous: the layers are the ones drawn above
    assert layer_of("contrarius.errors") < layer_of("contrarius.io.yamlio") < layer_of("contrarius.material.board")
    assert layer_of("contrarius.material.board") < layer_of("contrarius.model.snapshot") < layer_of("contrarius.store.history")
    assert layer_of("contrarius.store.history") < layer_of("contrarius.rules.modes.solo") < layer_of("contrarius.cli.commands.play")
    for module in GRAPH:
        layer_of(module)


def test_no_import_cycle():
    assert find_cycle(GRAPH) is None, " -> ".join(find_cycle(GRAPH) or [])


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function(tmp_path):
    # the check itself can fail: a package whose cycle hides in a function-level import
    pkg = tmp_path / "contrarius"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("x = 1\n\ndef f():\n    from . import a\n    return a\n")
    graph = import_graph(modules(pkg))
    assert "contrarius.a" in graph["contrarius.b"]
    assert find_cycle(graph) in (["contrarius.a", "contrarius.b", "contrarius.a"],
                                 ["contrarius.b", "contrarius.a", "contrarius.b"])


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_each_module_imports_only_its_own_layer_or_below(module):
    mine = layer_of(module)
    above = sorted(t for t in GRAPH[module] if layer_of(t) > mine)
    assert not above, (f"{module} (layer {LAYERS[mine][0]}) imports {', '.join(above)} from a layer above it "
                       f"({', '.join(LAYERS[layer_of(t)][0] for t in above)})")


def test_solo_play_never_imports_team_code():
    for module in SOLO | {m for m in GRAPH if m.startswith(PERSONALITIES)}:
        assert not reachable(GRAPH, module) & TWO_PLAYER, module


def test_the_personalities_sit_below_the_modes():
    # the modes, the player's own action and preview read the cards' statements; a card's
    # module never reaches a mode, the dispatcher, preview or the player's own action
    cards = {m for m in GRAPH if m == PERSONALITIES or m.startswith(PERSONALITIES + ".")}
    assert "contrarius.rules.personalities.tribune" in cards and len(cards) == 16
    above = ("contrarius.rules.modes", "contrarius.rules.game", "contrarius.rules.preview", "contrarius.rules.player_part")
    for module in sorted(cards):
        assert not {m for m in reachable(GRAPH, module) if m.startswith(above)}, module
    for reader in ("contrarius.rules.modes.solo", "contrarius.rules.modes.twoplayer", "contrarius.rules.player_part",
                   "contrarius.rules.preview"):
        assert PERSONALITIES in GRAPH[reader], reader


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if layer_of(m) < layer_of("contrarius.cli")))
def test_below_the_command_line_nothing_knows_the_terminal(module):
    # "Rules never print and know nothing of the terminal": no typer, rich or click below
    # the command line, and no print()
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and not n.level}
    assert not names & {"typer", "rich", "click"}, module
    prints = [n.lineno for n in ast.walk(tree)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"]
    assert not prints, f"{module} prints (lines {prints})"


RULES = sorted(m for m in GRAPH if m == "contrarius.rules" or m.startswith("contrarius.rules."))


def test_the_rules_sublayers_are_not_vacuous():
    assert rules_sublayer_of("contrarius.rules.build") < rules_sublayer_of("contrarius.rules.variants.solo_variants")
    assert rules_sublayer_of("contrarius.rules.variants.solo_variants") < rules_sublayer_of("contrarius.rules.modes.solo")
    assert rules_sublayer_of("contrarius.rules.modes.team") < rules_sublayer_of("contrarius.rules.game")
    with pytest.raises(AssertionError, match="add it to RULES_ORDER"):
        rules_sublayer_of("contrarius.rules.somewhere_new")


@pytest.mark.parametrize("module", RULES)
def test_each_rules_module_imports_only_its_own_sublayer_or_below(module):
    mine = rules_sublayer_of(module)
    above = sorted(t for t in GRAPH[module] if t in RULES and rules_sublayer_of(t) > mine)
    assert not above, (f"{module} ({RULES_ORDER[mine][0]}) imports {', '.join(above)} from a sublayer of rules/ above it "
                       f"({', '.join(RULES_ORDER[rules_sublayer_of(t)][0] for t in above)})")


@pytest.mark.parametrize("folder", sorted(MODULE_ORDER))
def test_inside_model_and_store_each_module_imports_only_those_before_it(folder):
    order = [f"{folder}.{m}" for m in MODULE_ORDER[folder]]
    mine = sorted(m for m in GRAPH if m.startswith(folder + "."))
    assert sorted(order) == mine, f"the modules of {folder} are {mine}: list each in MODULE_ORDER (and README's Development section)"
    for i, module in enumerate(order):
        later = sorted(t for t in GRAPH[module] if t in order[i + 1:])
        assert not later, f"{module} imports {', '.join(later)}, which sits above it in MODULE_ORDER"
    assert "contrarius.model.reader" not in reachable(GRAPH, "contrarius.model.snapshot")
