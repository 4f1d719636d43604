"""Every package the code imports is one pyproject.toml declares: nothing works by another's dependency.

A module imported only because some declared package happens to pull it in
(numpy through shapely, werkzeug through flask) breaks the day that package
drops it. The project's packages may import what ``dependencies`` declares;
the tests, benchmarks, tools and scripts what the ``test`` and ``bench``
extras add.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
OURS = set(PROJECT["tool"]["importlinter"]["root_packages"])
LOCAL = {"tests", "bench", "tools", "scripts"}  # the repository's own folders, imported by their path
DISTRIBUTIONS = packages_distributions()


def declared(*extras: str) -> set[str]:
    lines = PROJECT["project"]["dependencies"] + [
        line for extra in extras for line in PROJECT["project"]["optional-dependencies"][extra]
    ]
    return {canonicalize_name(Requirement(line).name) for line in lines}


def imported(folder: str) -> Iterator[tuple[str, str]]:
    """Each third-party top-level module a folder's code imports, with the first file that does."""
    seen = set()
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for top in {name.partition(".")[0] for name in names} - seen:
                if top not in sys.stdlib_module_names and top not in OURS | LOCAL | {"__future__"}:
                    seen.add(top)
                    yield top, str(path.relative_to(ROOT))


def _distributions(module: str) -> list[str]:
    """The packages that install ``module``; one not installed here (bench's MILA engine, outside the test set)
    is taken to be the package of its own name."""
    return DISTRIBUTIONS.get(module) or [module]


FOLDERS = {**{package: declared() for package in OURS}, **dict.fromkeys(["tests", "tools"], declared("test"))}
FOLDERS |= dict.fromkeys(["bench", "scripts"], declared("test", "bench"))


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_import_is_a_declared_dependency(folder: str) -> None:
    undeclared = [
        f"{where} imports {module} ({', '.join(DISTRIBUTIONS.get(module, ['not installed here']))})"
        for module, where in imported(folder)
        if not {canonicalize_name(d) for d in _distributions(module)} & FOLDERS[folder]
    ]
    assert not undeclared, "declare them in pyproject.toml, then ./run lock:\n" + "\n".join(undeclared)


def test_the_walk_finds_imports() -> None:
    assert {"numpy", "shapely"} <= {module for module, _ in imported("render")}
