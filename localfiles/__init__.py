"""Files on this machine that the shells (the command line, the web site, the mail intake) read and keep.

* :mod:`localfiles.reading` reads a user's file safely: a regular file of a
  sane size, or a clear refusal, never a hang on a device or a named pipe;
* :mod:`localfiles.boardcache` keeps each built board on disk: the CLI and
  the web site hand it to the engine's loader (``keep_boards_on_disk()``).

The engine (maps, orders, adjudicator, game, render, post) never imports this
package: it writes no file of its own (maps reads the map files: see
:mod:`maps`), and a shell hands it what it kept.
"""
