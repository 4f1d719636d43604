"""The adjudicator: rules, resolution and the game cycle.

Pure: no I/O, no web or CLI framework. The click shell lives in
:mod:`cli`, which nothing else in the engine imports.
"""
