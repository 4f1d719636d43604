"""The lock (requirements/*.txt) is pyproject.toml's, whole, and what this environment runs.

`./run lock` writes the lock from pyproject.toml (scripts/lock.py); `./run` installs it with pip's
``--require-hashes``. A dependency added, removed or re-ranged in pyproject.toml without refreshing
the lock fails here, with the command that fixes it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
REFRESH = "refresh the lock: ./run lock"

# Each lock and the extras it is made from (scripts/lock.py); the build backend is in every one.
LOCKS = {"site": [], "test": ["test"], "bench": ["test", "bench"]}


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: Marker | None
    hashes: int


def requirements(extras: list[str]) -> list[str]:
    wanted = list(PROJECT["project"]["dependencies"])
    for extra in extras:
        wanted += PROJECT["project"]["optional-dependencies"][extra]
    return wanted + PROJECT["build-system"]["requires"]


def read_lock(name: str) -> tuple[list[str], list[Pin]]:
    """The lock's recorded input and its pins (a pin's line and its ``--hash`` lines are one entry)."""
    text = (ROOT / "requirements" / f"{name}.txt").read_text(encoding="utf-8")
    recorded = re.findall(r"^# input: (.+)$", text, flags=re.M)
    pins = []
    for entry in re.split(r"\n(?=[A-Za-z0-9])", re.sub(r"^#.*\n", "", text, flags=re.M)):
        head = entry.split("\\")[0].strip()
        if not head or head.startswith("#"):
            continue
        requirement = Requirement(head)
        (spec,) = requirement.specifier
        assert spec.operator == "==", f"{name}.txt: {head} is not pinned to one version"
        pins.append(Pin(canonicalize_name(requirement.name), spec.version, requirement.marker, entry.count("--hash=")))
    return recorded, pins


@pytest.mark.parametrize("lock", LOCKS)
def test_the_lock_records_pyprojects_requirements_as_its_input(lock: str) -> None:
    recorded, _ = read_lock(lock)
    assert sorted(recorded) == sorted(set(requirements(LOCKS[lock]))), f"pyproject.toml changed: {REFRESH}"


@pytest.mark.parametrize("lock", LOCKS)
def test_every_requirement_is_met_by_exactly_one_pin(lock: str) -> None:
    _, pins = read_lock(lock)
    for line in requirements(LOCKS[lock]):
        wanted = Requirement(line)
        matching = [pin for pin in pins if pin.name == canonicalize_name(wanted.name)]
        assert len(matching) == 1, f"{lock}.txt pins {wanted.name} {len(matching)} times: {REFRESH}"
        assert wanted.specifier.contains(matching[0].version, prereleases=True), (
            f"{lock}.txt pins {wanted.name}=={matching[0].version}, outside {line!r}: {REFRESH}"
        )


@pytest.mark.parametrize("lock", LOCKS)
def test_every_pin_is_one_version_with_its_hashes(lock: str) -> None:
    _, pins = read_lock(lock)
    names = [pin.name for pin in pins]
    assert len(pins) > 10 and len(names) == len(set(names)), f"{lock}.txt pins a package twice"
    assert all(pin.hashes for pin in pins), f"{lock}.txt has pins without hashes: {REFRESH}"


@pytest.mark.parametrize("lock", ["site", "bench"])
def test_a_package_in_two_locks_has_one_version(lock: str) -> None:
    """A .venv set up for the tests starts the site (./run): site.txt's pins are test.txt's."""
    tested = {pin.name: pin.version for pin in read_lock("test")[1]}
    _, pins = read_lock(lock)
    assert {pin.name: pin.version for pin in pins if pin.name in tested} == {
        pin.name: tested[pin.name] for pin in pins if pin.name in tested
    }
    if lock == "site":
        assert {pin.name for pin in pins} <= set(tested)


def test_this_environment_runs_the_locked_versions() -> None:
    """./run installed exactly the lock: every locked package for this platform, at its pinned version."""
    _, pins = read_lock("test")
    here = [pin for pin in pins if pin.marker is None or pin.marker.evaluate()]
    installed = {pin.name: metadata.version(pin.name) for pin in here}
    assert installed == {pin.name: pin.version for pin in here}, "this .venv is not the lock's: ./run setup"


def test_the_reader_sees_markers_and_hashes() -> None:
    """The parser above reads what uv writes (a marker, several hashes), so the checks check something."""
    _, pins = read_lock("test")
    colorama = next(pin for pin in pins if pin.name == "colorama")
    assert colorama.marker is not None and not colorama.marker.evaluate({"sys_platform": "linux"})
    assert max(pin.hashes for pin in pins) > 10
