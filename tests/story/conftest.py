"""The command line's fixture (``cli``), for the README's game."""

from tests.cli.conftest import cli

__all__ = ["cli"]
