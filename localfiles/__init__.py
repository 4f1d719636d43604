"""Files on this machine that the shells (the command line, the web site, the mail intake) read and keep.

* :mod:`localfiles.reading` reads a user's file safely: a regular file of a
  sane size, or a clear refusal, never a hang on a device or a named pipe.

It imports none of the project's packages (import-linter checks it), so every
shell may use it and the engine never does.
"""
