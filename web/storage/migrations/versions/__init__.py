"""One migration a file, numbered in order (0001, 0002...); Alembic skips this file."""
