"""Discord: the site's Discord application, answered over Discord's HTTP interactions (no gateway, no extra
process: ``POST /discord/interactions`` is a route of the site).

- ``endpoint``: the route; Discord's Ed25519 signature checked (``signature``) before anything is read, the
  interaction read (``payload``), the user's limits counted, the answer sent back, slow work finished later
  through the interaction's webhook (:mod:`outbox.discord`);
- ``dispatch``: which function answers which command, box or autocomplete; ``context``: what each is given
  (the user, the channel's game, the power the user plays) and what it answers;
- the commands, by job: ``seating`` (/link, /join, /unlink, /unbind, /mentions), ``playing`` (/orders,
  /order, /myorders, /bid, /ready), ``talk`` (/status, /press, /messages), ``pictures`` (/map), ``suggest``
  (autocomplete);
- ``definitions``: the commands as Discord takes them (``sengoku discord register``).

Every action goes through the same functions as the web's pages and API (:mod:`web.play`, :mod:`web.table`),
and every line it writes in the GM's log says "Discord".
"""
