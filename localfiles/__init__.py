"""What the shells keep in the user's own files: the board cache (:mod:`localfiles.boardcache`).

The engine (maps, orders, adjudicator, render, post) never imports this
package: it does no I/O of its own, and a shell hands it what it kept.
"""
