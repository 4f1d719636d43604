"""What vulture (``./run test``, ``[tool.vulture]`` in pyproject.toml) would call dead, and who uses it.

Each name below is used, but not by a call or a read vulture can see: a
framework calls it, a serializer reads it, or a class attribute sets a
library's behaviour. A name is added here only with its user; anything else
vulture finds is dead and goes. Not imported by anything: vulture reads it.
"""

# ruff: noqa: B018, F821

# Fields of the JSON bodies and documents: msgspec and pydantic write them, the API's clients read them.
model_config  # pydantic's settings of a model (game/setup.py, maps/schema.py, web/schemas/, web/discord, web/play)
schema_version  # game/state.py: the game file's version, written in every file
success  # post/document.py: OrderLine, the post in JSON
centre_counts  # post/document.py: Post
ownership_updated  # post/document.py: Post
can_send, conversations, why_not, press_id  # web/schemas/table.py
centre_names, channel_post_results, conceded_to, draw_vote, gm_token, last_report, open_phase  # web/schemas/bodies
power_tokens  # web/schemas/bodies.py
game_mail_per_hour, gm_link, mail_per_hour  # web/schemas/site.py
max_orders, max_per_order, site_names  # web/schemas/choices.py
quoted_orders  # web/schemas/orders.py
false_borders  # render/geometry.py: the drawing's report of borders the picture shows and the map lacks

# Members of an enum, each a code a caller may be given.
COMPONENT  # web/discord/payload.py: Discord's interaction type 3
USAGE  # cli/errors.py: exit code 2, click's own
exit_code  # cli/errors.py, cli/discord.py: click reads an exception's exit_code

# Called by a framework or a library, by name.
__getattr__  # orders/, post/, render/ __init__: a module's lazy attributes (PEP 562)
_json  # post/formats.py: a format's renderer, named in FORMATS as "post.formats:_json"
discord_card  # web/pages/gm_discord.py: a Jinja global (app_template_global)
_.format_commands  # cli/__init__.py: click's Group
_.get_command  # cli/__init__.py: click's Group
_.list_commands  # cli/__init__.py: click's Group
_.handle_data  # inbox/html.py: html.parser.HTMLParser
_.handle_endtag  # inbox/html.py: html.parser.HTMLParser
_.handle_startendtag  # inbox/html.py: html.parser.HTMLParser
_.load_config  # web/serving/gunicorn.py: gunicorn's BaseApplication
_.writable  # cli/cleanout.py: io's stream protocol
_.obj  # cli/channel.py: click's context object

# Attributes a library reads.
_._value_  # adjudicator/worded.py: enum's member value
_.channel_class, _.will_close, parser_class  # web/serving/waitress_site.py: waitress
_.data_ready, _.nr_conns  # web/serving/gunicorn_worker.py: gunicorn's gthread worker
_.isolation_level  # web/storage/db.py: sqlite3's connection
_.sengoku_connection  # web/storage/db.py: flask.g, read back by g.pop
_.session_interface  # web/access/guards.py: Flask
_.max_age  # web/pages/home.py: a Flask response's cache control

# Used outside the product.
_.reaches  # maps/board.py: bench/random_phases.py
_.one_connection  # web/storage/db.py: tests/web/test_store.py (the web's storage, not the engine's lane)
