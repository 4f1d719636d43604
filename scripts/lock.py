"""Refresh the lock (requirements/*.txt) from pyproject.toml: `./run lock` runs this with uv on the PATH.

Three files, each every package of its tree pinned to one version with the hashes of its files:
  requirements/test.txt   the site, the test tools and the build backend (what ./run test installs)
  requirements/site.txt   the site and the build backend alone (what ./run start installs)
  requirements/bench.txt  the test set and MILA's engine for bench/ (./run setup bench)
site.txt and bench.txt are solved with test.txt as constraints, so a package pinned in two files has
one version in both.
The lock is universal (any platform) with one version a package (`--fork-strategy fewest`), for
Python 3.11 and later. Each file starts with its input, one `# input:` line per requirement of
pyproject.toml, which tests/test_lock.py compares with pyproject.toml.

Arguments go to both `uv pip compile` runs: `./run lock --upgrade` takes the newest release of
everything, `./run lock --upgrade-package flask` of one; without them, pins already in the files
are kept wherever the new input allows.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "requirements"
FLAGS = ["--universal", "--fork-strategy", "fewest", "--python-version", "3.11", "--generate-hashes", "--quiet"]


def _project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def inputs(extras: list[str]) -> list[str]:
    """The requirements a lock is made from: the project's, the extras', and its build backend's."""
    project = _project()
    wanted = list(project["project"]["dependencies"])
    for extra in extras:
        wanted += project["project"]["optional-dependencies"][extra]
    return sorted(set(wanted + project["build-system"]["requires"]), key=str.lower)


def compile_lock(name: str, extras: list[str], constraints: list[Path], passed: list[str]) -> None:
    out = FOLDER / f"{name}.txt"
    # pyproject.toml with its extras, and the build backend on standard input (uv reads no build-system table)
    command = ["uv", "pip", "compile", "pyproject.toml", *(f"--extra={e}" for e in extras), "-", *FLAGS]
    command += [arg for c in constraints for arg in ("-c", str(c.relative_to(ROOT)))]
    command += ["-o", str(out.relative_to(ROOT)), "--no-header", *passed]
    backend = "".join(f"{requirement}\n" for requirement in _project()["build-system"]["requires"])
    subprocess.run(command, input=backend, text=True, check=True, cwd=ROOT)
    header = [
        f"# The {name} lock: refreshed from pyproject.toml by ./run lock (scripts/lock.py); never edited by hand.",
        "# Installed by ./run with pip install --require-hashes; tests/test_lock.py checks it against pyproject.toml.",
        *(f"# input: {requirement}" for requirement in inputs(extras)),
    ]
    text = out.read_text(encoding="utf-8")
    out.write_text("\n".join(header) + "\n" + text, encoding="utf-8")
    print(f"{out.relative_to(ROOT)}: {sum(1 for line in text.splitlines() if '==' in line)} packages pinned")


def main(passed: list[str]) -> None:
    FOLDER.mkdir(exist_ok=True)
    compile_lock("test", ["test"], [], passed)
    compile_lock("site", [], [FOLDER / "test.txt"], passed)
    compile_lock("bench", ["test", "bench"], [FOLDER / "test.txt"], passed)


if __name__ == "__main__":
    main(sys.argv[1:])
