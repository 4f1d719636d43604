"""The HTML pages: the front page, a game's public page, a player's page, the GM's page and the sandbox, and what
each of them shows (``present``)."""
