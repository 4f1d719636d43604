"""The deadline job's own process, started by ``sengoku serve --workers N`` beside the workers.

Adjudicating takes the CPU for a few milliseconds a game; in a worker that
is time its requests wait for (bench/LOAD.md: the saves' tail with the job
in the workers and here). The process runs
:func:`web.table.deadlines.run_loop` on its own connection pool and stops when the
server that started it stops, or dies (its parent changes). If it dies
alone, the workers' own seldom passes (the safety net) go on adjudicating.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

__all__ = ["main", "start"]

_CONFIG = "SENGOKU_SCHEDULER_CONFIG"


def start(app_config: dict[str, Any], seconds: float) -> subprocess.Popen[bytes]:
    """The scheduler process, started now (a fresh interpreter: nothing of the caller's is shared)."""
    config = json.dumps({**app_config, "DEADLINE_CHECK_SECONDS": seconds})
    command = [sys.executable, "-c", "from web.serving.scheduler import main; main()"]
    return subprocess.Popen(command, env={**os.environ, _CONFIG: config})


def main() -> None:
    from web import create_app
    from web.table import deadlines, mailer

    config = json.loads(os.environ[_CONFIG])
    seconds = float(config["DEADLINE_CHECK_SECONDS"])
    parent = os.getppid()
    app = create_app({**config, "DEADLINE_CHECK_SECONDS": 0, "MIGRATE_ON_START": False})
    stop = threading.Event()

    def watch_parent() -> None:
        while not stop.is_set():
            if os.getppid() != parent:  # the server is gone: so is the job here
                stop.set()
            time.sleep(1)

    threading.Thread(target=watch_parent, name="sengoku-parent", daemon=True).start()
    try:
        deadlines.run_loop(app.extensions["sengoku_db"], seconds, mailer.smtp_settings(app.config), stop)
    except KeyboardInterrupt:
        pass
