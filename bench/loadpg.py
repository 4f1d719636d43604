"""A throwaway PostgreSQL for the load bench, with the durable settings of a real server (fsync on).

The test suite's cluster (scripts/test-services.sh) turns fsync and
synchronous commits off for speed; a figure for the site should not, so the
bench starts its own unless it is given a ``--database``.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.loadserver import free_port

__all__ = ["emptied", "throwaway_postgres"]


def _bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
    if not found:
        raise RuntimeError("no PostgreSQL here: apt-get install postgresql, or give --database URL")
    return Path(found[-1])


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A new cluster on a free loopback port, deleted afterwards; yields its URL."""
    folder = Path(tempfile.mkdtemp(prefix="sengoku-bench-pg."))
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
    port = free_port()
    pg = _bin()
    data = folder / "data"
    subprocess.run(
        _as_postgres([str(pg / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    start = [str(pg / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w", "-o", options, "start"]
    subprocess.run(_as_postgres(start), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        stop = [str(pg / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]
        subprocess.run(_as_postgres(stop), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def emptied(url: str) -> str:
    """Drop every table of the database at ``url`` (the bench makes its own games); returns the URL."""
    from sqlalchemy import MetaData

    from web.storage.db import Database

    db = Database(url)
    try:
        tables = MetaData()
        tables.reflect(db.engine)
        tables.drop_all(db.engine)
    finally:
        db.dispose()
    return db.url
