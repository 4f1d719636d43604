"""The database's migrations (Alembic): ``env.py``, the script template and ``versions/``, one file a change.

Run by :mod:`web.storage.migrate` (``sengoku db upgrade``); README.md says how to add one.
"""
