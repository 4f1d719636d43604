"""Small helpers the shells share: the command line, the web site and the mail intake.

* :mod:`shellkit.files` reads a user's file safely: a regular file of a sane
  size, or a clear refusal, never a hang on a device or a named pipe;
* :mod:`shellkit.png` turns the map's SVG (from :mod:`render`, which stays
  pure) into a PNG for a forum post.

It imports none of the project's packages (import-linter checks it), so
every shell may use it and the engine never does.
"""
