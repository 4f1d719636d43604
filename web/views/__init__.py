"""The blueprints: home (create a game), public, player, gm (pages) and api, api_player, api_gm (JSON)."""
