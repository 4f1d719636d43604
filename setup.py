"""Optional: the movement engine compiled to C with mypyc, for about twice the speed.

Nothing changes unless asked for. A normal ``pip install .`` (or ``-e .``)
installs the pure-Python package, which is what the tests run. To compile
the hot modules (they stay ordinary, fully typed Python source; mypyc turns
them into C extensions), on a machine with a C compiler (Debian:
``apt-get install gcc python3-dev``), install the package as usual for its
dependencies, then compile it in place of the pure one (mypyc checks the
types, so it needs the stubs the test tools use)::

    pip install . mypy "setuptools>=77" types-PyYAML types-networkx
    SENGOKU_COMPILE=1 pip install --no-build-isolation --no-deps --force-reinstall .

Not with ``-e``: compiled modules would sit beside the sources and shadow
every later edit. ``bench/README.md`` gives the measured gain.
"""

from __future__ import annotations

import os

from setuptools import setup

# The movement engine's hot path: pure functions and slotted classes over lists of ints.
COMPILED = [
    "adjudicator/battle.py",
    "adjudicator/battlefield.py",
    "adjudicator/decisions.py",
    "adjudicator/strengths.py",
    "adjudicator/legality.py",
    "adjudicator/movement.py",
    "adjudicator/pieces.py",
    "adjudicator/resolver.py",
    "adjudicator/routes.py",
]  # not maps/tables.py: built once per board and pickled, which mypyc's frozen dataclasses refuse

if os.environ.get("SENGOKU_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
