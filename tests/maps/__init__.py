"""Tests of the map files, the board and name lookup."""
