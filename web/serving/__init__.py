"""Running the site for real: one process under waitress or several under gunicorn, the deadline job's own process,
settings, the demo game, static files, errors as clear answers, and logs without secrets."""
