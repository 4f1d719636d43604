"""The rules: pure functions of a position and its orders.

Legality, the resolver and the DATC 5.B decisions (:mod:`adjudicator.decisions`,
:mod:`adjudicator.strengths`, walked by :mod:`adjudicator.battle`),
movement, retreats, adjustments and the Sengoku DP auction. A phase goes in, a
new position and one typed verdict per order come out. No I/O, no game
bookkeeping (deadlines, submissions, history: that is :mod:`game`), no web or
CLI framework; import-linter checks that it never imports the game.
"""
