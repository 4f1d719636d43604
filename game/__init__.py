"""The game: a game's state and its cycle of phases around the rules.

The game file's state and history (:mod:`game.state`, :mod:`game.records`),
each power's submission and resends, the address book, the phase cycle and
what each power must order (:mod:`game.duty`). It calls :mod:`adjudicator`
for every decision and adds the bookkeeping: who sent what, when, and what
came of it. Pure like the rules (the shells read and write the files).
"""
