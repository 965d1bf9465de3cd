"""Every library the program imports is declared in pyproject.toml: one that arrives only
because another package needs it (aiohttp through textual-serve, rich through textual) can
leave with that package's next release.

A library imported at run time is one of ``[project].dependencies``, or, when it serves one
optional feature, belongs to an optional group and is imported inside a function (so the rest
of the program runs without it).  Each library's version bound is written in one place: no
optional group repeats a run-time dependency.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("rules", "ai", "app")
PACKAGE = "moon42"
PYPROJECT = ROOT / "pyproject.toml"


def distribution(requirement: str) -> str:
    """The normalised name of the distribution a requirement string names."""
    name = re.match(r"[A-Za-z0-9._-]+", requirement.strip())
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group()).lower()


def imports(tree: ast.AST) -> Iterator[tuple[str, bool]]:
    """(top-level module, imported inside a function) for every absolute import of a tree."""

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name.split(".")[0], in_function
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                yield child.module.split(".")[0], in_function
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from walk(child, inner)

    yield from walk(tree, False)


def third_party_imports() -> dict[str, tuple[set[str], bool]]:
    """Each third-party module the program imports -> (files that import it, only inside
    functions)."""
    found: dict[str, tuple[set[str], bool]] = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for module, in_function in imports(tree):
                if module in sys.stdlib_module_names or module in (PACKAGE, "__future__"):
                    continue
                files, only_in_functions = found.get(module, (set(), True))
                files.add(str(path.relative_to(ROOT)))
                found[module] = (files, only_in_functions and in_function)
    return found


def declared() -> tuple[set[str], dict[str, set[str]]]:
    """The run-time dependencies, and each optional group's, by distribution name."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    runtime = {distribution(r) for r in project["dependencies"]}
    optional = {
        group: {distribution(r) for r in requirements}
        for group, requirements in project.get("optional-dependencies", {}).items()
    }
    return runtime, optional


def test_every_imported_library_is_declared() -> None:
    runtime, optional = declared()
    features = set().union(*(names for group, names in optional.items() if group != "test"))
    providers = importlib.metadata.packages_distributions()
    undeclared = []
    for module, (files, only_in_functions) in sorted(third_party_imports().items()):
        names = {distribution(name) for name in providers.get(module, [module])}
        if names & runtime:
            continue
        if names & features and only_in_functions:
            continue
        undeclared.append(f"{module} ({', '.join(sorted(files))})")
    assert not undeclared, f"imported but not declared in [project].dependencies: {undeclared}"


def test_the_libraries_the_servers_and_screens_use_are_found() -> None:
    # The check above would pass vacuously if it found nothing: it must see the libraries
    # the servers and the screens import.
    assert {"aiohttp", "asyncssh", "rich", "textual", "textual_serve"} <= set(
        third_party_imports()
    )


def test_no_optional_group_repeats_a_runtime_dependency() -> None:
    runtime, optional = declared()
    repeated = {group: sorted(names & runtime) for group, names in optional.items()}
    assert not any(repeated.values()), f"bounds written twice: {repeated}"


def test_every_package_of_the_code_is_installed() -> None:
    """A folder of code left out of ``[tool.setuptools] packages`` is missing from an
    installed game (a checkout's editable install would not show it)."""
    listed = set(tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]
                 ["packages"])
    found = {".".join([PACKAGE, *init.parent.relative_to(ROOT).parts])
             for folder in (*FOLDERS, "assets") for init in (ROOT / folder).rglob("__init__.py")
             if "__pycache__" not in init.parts}
    assert found - listed == set()
