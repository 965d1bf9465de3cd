"""The layers of the code, read from its imports: no cycle between modules, each folder
imports only the folders below it, no module reaches into another's underscore names, and an
import inside a function says why it is there (start-up time, or an optional dependency).

Every import statement counts, the ones inside functions and under ``TYPE_CHECKING`` too: a
cycle hidden in a function is still a cycle.

To check another folder, add it to ``LAYERS`` with the folders it may import; its modules then
join the cycle and underscore checks as well.  A layer may be a folder inside another
(``ai.lab``): its modules are its own, not the outer folder's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "moon42"

# The folders checked, each with the folders its modules may import besides its own:
# rules < ai < app.play < app.tui < app.server < app.cli.  rules/ imports nothing above it;
# ai/ (the bots) only rules/; the lab, which measures the bots, rules/ and ai/; a table
# (app/play/) the bots and the rules; the Textual client those; the servers the client; the
# command line everything.
LAYERS: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "ai": frozenset({"rules"}),
    "ai.lab": frozenset({"rules", "ai"}),
    "app.play": frozenset({"rules", "ai"}),
    "app.tui": frozenset({"rules", "ai", "app.play"}),
    "app.server": frozenset({"rules", "ai", "app.play", "app.tui"}),
    "app.cli": frozenset({"rules", "ai", "ai.lab", "app.play", "app.tui", "app.server"}),
    "app": frozenset({"rules", "ai", "ai.lab", "app.play", "app.tui", "app.server", "app.cli"}),
}
# What a comment over an import inside a function must say.
REASONS = ("start-up", "optional")
# Underscore names of the standard library and of libraries that are read on purpose, each
# for want of a public way: (module file, attribute) -> why.
LIBRARY_INTERNALS = {
    ("zygote.py", "_exit"): "os._exit: a forked child leaves without the parent's clean-up",
    ("zygote.py", "_run_exitfuncs"): "a forked game runs its own atexit handlers, then _exit",
    ("web_warm.py", "_build_environment"):
        "textual-serve builds its apps' environment only there; the zygote needs the same",
    ("frames.py", "_get_renders"):
        "Textual 8.2.8's compositor picks a partial frame's widgets there; frames.py mends it",
}
# Every folder an import may name, checked or not (moon42.assets is read as data, not imported).
FOLDERS = ("rules", "ai", "app")

Graph = dict[str, set[str]]


def module_files(root: Path, folders: Iterable[str]) -> dict[str, Path]:
    """``moon42.<folder>.<module>`` -> its file, for every module of ``folders`` under root."""
    found = {}
    for folder in folders:
        for path in sorted((root / folder.replace(".", "/")).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([PACKAGE, *parts])] = path
    return found


def imported_names(module: str, path: Path, tree: ast.AST) -> Iterator[str]:
    """The dotted names every import statement of the module asks for, relative ones made
    absolute; ``from a import b`` gives ``a.b`` (a module, or else an attribute of ``a``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            yield from (f"{source}.{alias.name}" for alias in node.names)


def import_graph(root: Path, folders: Iterable[str]) -> Graph:
    """Each module of ``folders`` -> the modules of the package it imports (itself left out)."""
    files = module_files(root, FOLDERS)
    graph: Graph = {}
    for module, path in module_files(root, folders).items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = set()
        for name in imported_names(module, path, tree):
            while name not in files and "." in name:  # an attribute: the module holding it
                name = name.rpartition(".")[0]
            if name in files and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The groups of modules that import one another in a circle (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph.get(module, ()):
            if target not in graph:
                continue  # a module outside the folders checked
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def folder_graph(root: Path, graph: Graph) -> Graph:
    """The same imports between folders (packages): a module directly in a folder counts as
    that folder, and a folder's ``__init__`` as the folder itself."""
    files = module_files(root, FOLDERS)
    packages = {module for module, path in files.items() if path.name == "__init__.py"}

    def folder(module: str) -> str:
        return module if module in packages else module.rpartition(".")[0]

    folders: Graph = {}
    for module, targets in graph.items():
        mine = folders.setdefault(folder(module), set())
        mine.update(folder(t) for t in targets if folder(t) != folder(module))
    return folders


def layer_of(module: str, layers: Iterable[str]) -> str:
    """The innermost layer holding ``moon42.<layer>.<module>`` ("ai.lab" before "ai")."""
    inside = module.split(".", 1)[1]
    return max((layer for layer in layers if inside == layer or inside.startswith(layer + ".")),
               key=len, default=inside.split(".")[0])


def layer_breaches(graph: Graph, layers: dict[str, frozenset[str]]) -> list[str]:
    """Each import of a folder its layer may not import, as "importer -> imported"."""
    breaches = []
    for module, targets in sorted(graph.items()):
        layer = layer_of(module, layers)
        allowed = layers[layer] | {layer}
        breaches += [f"{module} -> {t}" for t in sorted(targets)
                     if layer_of(t, layers) not in allowed]
    return breaches


def underscore_reaches(path: Path, tree: ast.AST) -> list[str]:
    """Where a module uses another's underscore name: imports one, or reads one off anything
    but ``self``, ``cls`` or ``super()``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"{path.name}:{node.lineno} imports {alias.name}" for alias in node.names
                      if _private(alias.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name)
                    and owner.func.id == "super"):
                continue
            if (path.name, node.attr) in LIBRARY_INTERNALS:
                continue
            found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    return found


def unexplained_late_imports(path: Path, source: str) -> list[str]:
    """The imports inside functions with no comment saying why, on their line or over the
    imports they are grouped with (the reasons are ``REASONS``)."""
    lines = source.splitlines()
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom) and not _explained(lines, node):
                found.append(f"{path.name}:{node.lineno}")
    return sorted(set(found))


def _explained(lines: list[str], node: ast.stmt) -> bool:
    said = lines[node.lineno - 1 : node.end_lineno]
    above = node.lineno - 2
    while above >= 0 and lines[above].strip().startswith(("from ", "import ", ")")):
        above -= 1  # the imports grouped with this one
    while above >= 0 and lines[above].strip().startswith("#"):
        said.append(lines[above])
        above -= 1
    return any(reason in line for line in said for reason in REASONS if "#" in line)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


# ----- the code as it is ---------------------------------------------------------------------


def test_the_graph_holds_every_module_and_its_imports() -> None:
    graph = import_graph(ROOT, LAYERS)
    assert set(graph) == set(module_files(ROOT, LAYERS))
    assert "moon42.app.tui.flow" in graph["moon42.app.tui.app"]  # through a function's import
    assert "moon42.ai.lab.arena" in graph["moon42.app.cli.arena"]
    assert "moon42.rules.options" in graph["moon42.rules.game"]
    assert "moon42.rules.views" in graph["moon42.rules.game"]
    assert "moon42.rules" in graph["moon42.ai.basic"] or any(
        t.startswith("moon42.rules.") for t in graph["moon42.ai.basic"])


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert cycles(import_graph(ROOT, LAYERS)) == []


def test_no_folders_import_each_other_in_a_circle() -> None:
    """A folder and a folder inside it count as two: ``app/tui/`` may import its
    ``screens/``, and then nothing in ``screens/`` imports ``app/tui/``'s own modules."""
    assert cycles(folder_graph(ROOT, import_graph(ROOT, LAYERS))) == []


def test_only_the_client_and_the_servers_import_textual() -> None:
    """The rules, the bots and a table run without a terminal: Textual is the TUI's (and the
    web door's, which serves it)."""
    users = []
    for module, path in module_files(ROOT, LAYERS).items():
        if layer_of(module, LAYERS) in ("app.tui", "app.server"):
            continue
        names = imported_names(module, path, ast.parse(path.read_text(encoding="utf-8")))
        users += [module for name in names if name.split(".")[0] in ("textual", "textual_serve")]
    assert users == []


def test_each_folder_imports_only_the_folders_below_it() -> None:
    assert layer_breaches(import_graph(ROOT, LAYERS), LAYERS) == []


@pytest.mark.parametrize("folder", sorted(LAYERS))
def test_no_module_reaches_into_anothers_underscore_names(folder: str) -> None:
    reaches = []
    for path in module_files(ROOT, [folder]).values():
        reaches += underscore_reaches(path, ast.parse(path.read_text(encoding="utf-8")))
    assert reaches == []


def test_every_import_inside_a_function_says_why() -> None:
    late = []
    for path in module_files(ROOT, LAYERS).values():
        late += unexplained_late_imports(path, path.read_text(encoding="utf-8"))
    assert late == []


# ----- the checks themselves, on a made-up tree ---------------------------------------------


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_circle_through_a_function_or_type_checking_import_is_found(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "rules/__init__.py": "",
        "rules/a.py": "from .b import thing\n",
        "rules/b.py": "def late():\n    from moon42.rules import a\n",
        "rules/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from .d import D\n",
        "rules/d.py": "from . import c\n",
        "rules/e.py": "import moon42.rules.a\n",
        "ai/__init__.py": "",
        "ai/bot.py": "from moon42.rules.a import thing\n",
    })
    graph = import_graph(tmp_path, LAYERS)
    assert graph["moon42.rules.b"] == {"moon42.rules.a"}
    assert graph["moon42.rules.e"] == {"moon42.rules.a"}
    assert cycles(graph) == [["moon42.rules.a", "moon42.rules.b"],
                             ["moon42.rules.c", "moon42.rules.d"]]
    assert layer_breaches(graph, LAYERS) == []


def test_the_bots_may_not_import_the_lab_nor_the_lab_the_app(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "rules/__init__.py": "",
        "ai/__init__.py": "",
        "ai/expert.py": "from .lab.arena import play_deal\n",
        "ai/lab/__init__.py": "",
        "ai/lab/arena.py": "from ..expert import ExpertBot\nfrom moon42.app import words\n",
        "app/__init__.py": "",
        "app/words.py": "",
        "app/cli.py": "from moon42.ai.lab.arena import play_deal\n",
    })
    graph = import_graph(tmp_path, LAYERS)
    assert layer_of("moon42.ai.lab.arena", LAYERS) == "ai.lab"
    assert layer_breaches(graph, LAYERS) == [
        "moon42.ai.expert -> moon42.ai.lab.arena", "moon42.ai.lab.arena -> moon42.app.words"]


def test_an_import_in_a_function_needs_its_reason(tmp_path: Path) -> None:
    source = ("def a():\n"
              "    # Imported here for start-up time: Textual is slow to load.\n"
              "    from textual.app import App\n"
              "    from textual.screen import (\n"
              "        Screen,\n"
              "    )\n"
              "def b():\n"
              "    from .table import put  # for start-up time, as above\n"
              "def c():\n"
              "    # A helper.\n"
              "    from .words import say\n"
              "def d():\n"
              "    x = 1\n"
              "    import json\n")
    assert unexplained_late_imports(tmp_path / "m.py", source) == ["m.py:11", "m.py:14"]


def test_folders_in_a_circle_are_found(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "app/__init__.py": "",
        "app/tui/__init__.py": "",
        "app/tui/app.py": "from .screens.lobby import Lobby\n",
        "app/tui/words.py": "",
        "app/tui/screens/__init__.py": "",
        "app/tui/screens/lobby.py": "from ..words import say\n",
        "app/tui/screens/table.py": "from ..widgets.hand import Hand\n",
        "app/tui/widgets/__init__.py": "",
        "app/tui/widgets/hand.py": "",
    })
    graph = import_graph(tmp_path, LAYERS)
    assert cycles(graph) == []  # no module is in a circle
    assert cycles(folder_graph(tmp_path, graph)) == [["moon42.app.tui", "moon42.app.tui.screens"]]


def test_an_import_of_a_higher_folder_is_a_breach(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "rules/__init__.py": "",
        "rules/game.py": "def hint():\n    from moon42.ai import bot\n",
        "ai/__init__.py": "",
        "ai/bot.py": "from moon42.app.words import say\n",
        "app/__init__.py": "",
        "app/words.py": "",
    })
    graph = import_graph(tmp_path, LAYERS)
    assert layer_breaches(graph, LAYERS) == [
        "moon42.ai.bot -> moon42.app.words", "moon42.rules.game -> moon42.ai.bot"]


def test_reaching_into_underscore_names_is_found(tmp_path: Path) -> None:
    source = ("from .game import _hidden\n"
              "class View(Base):\n"
              "    def f(self, game):\n"
              "        self._mine = super()._theirs()\n"
              "        return game._hands, game.__class__\n")
    path = tmp_path / "views.py"
    assert underscore_reaches(path, ast.parse(source)) == [
        "views.py:1 imports _hidden", "views.py:5 reads ._hands"]
