"""The site under load: ``sengoku serve --workers N`` as a real process tree on a loopback port.

Started the way an operator starts it (``sengoku db upgrade``, then the
production command), read back through ``/readyz``, and stopped with SIGTERM
(gunicorn's graceful stop), or SIGKILL if it will not stop.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["FloorServer", "Server", "free_port"]

_SENGOKU = ["-c", "import sys, cli; sys.argv[0] = 'sengoku'; cli.main()"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One ``sengoku serve`` process tree; a context manager that stops it on the way out."""

    def __init__(self, database: str, *, workers: int, threads: int, deadline_check: float) -> None:
        self.database, self.workers, self.threads, self.deadline_check = database, workers, threads, deadline_check
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.access_log = Path(tempfile.mkdtemp(prefix="sengoku-access-")) / "access.log"
        self._log = tempfile.TemporaryFile(prefix="sengoku-load-")
        self._kept = ""
        self.process: subprocess.Popen[bytes] | None = None

    def env(self) -> dict[str, str]:
        # one client address makes every game and every save: the per-client rate limits would refuse it
        return {
            **os.environ,
            "DATABASE_URL": self.database,
            "SENGOKU_SECRET_KEY": "load-test",
            "SENGOKU_RATE_LIMITS": "off",
        }

    def upgrade(self) -> None:
        """``sengoku db upgrade``: what an operator runs before the first start."""
        done = subprocess.run(
            [sys.executable, *_SENGOKU, "db", "upgrade"], env=self.env(), capture_output=True, text=True, timeout=120
        )
        if done.returncode != 0:
            raise RuntimeError(f"sengoku db upgrade failed: {done.stdout}{done.stderr}")

    def command(self) -> list[str]:
        return [
            sys.executable,
            *_SENGOKU,
            "serve",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--threads",
            str(self.threads),
            "--deadline-check",
            str(self.deadline_check),
            "--access-log",
            str(self.access_log),
        ]

    def __enter__(self) -> Server:
        self.process = subprocess.Popen(self.command(), env=self.env(), stdout=self._log, stderr=subprocess.STDOUT)
        try:
            self._wait_ready(timeout=120)
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def _wait_ready(self, timeout: float) -> None:
        """Until ``/readyz`` says so in every worker (a few tries, each answered by whichever worker is free)."""
        end = time.monotonic() + timeout
        ready = 0
        while ready < 3 * self.workers:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log()}")
            if time.monotonic() > end:
                raise RuntimeError(f"the server was not ready in {timeout} s: {self.log()}")
            try:
                with urllib.request.urlopen(f"{self.base}/readyz", timeout=5) as answer:
                    ready += answer.status == 200
            except (OSError, urllib.error.URLError):
                time.sleep(0.2)

    def worker_pids(self) -> list[int]:
        """The gunicorn workers: the children of the master process (Linux /proc), but the deadline scheduler."""
        return sorted(pid for pid in self._children() if b"web.serving.scheduler" not in _command_line(pid))

    def scheduler_pid(self) -> int | None:
        return next((pid for pid in self._children() if b"web.serving.scheduler" in _command_line(pid)), None)

    def _children(self) -> list[int]:
        assert self.process is not None
        master = self.process.pid
        return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]

    def kill_worker(self, client_ports: set[int]) -> tuple[int, int] | None:
        """kill -9 a worker that holds a connection from one of ``client_ports`` (the master starts another).

        Returns its pid and how many of those connections it held, or None
        (and kills nothing) when no worker holds one now.
        """
        held = self._connections_held(client_ports)
        if not held:
            return None
        pid, count = max(held.items(), key=lambda item: item[1])
        os.kill(pid, signal.SIGKILL)
        return pid, count

    def _connections_held(self, client_ports: set[int]) -> dict[int, int]:
        """Worker pid -> how many open connections it holds from ``client_ports`` (Linux /proc)."""
        by_inode = _accepted(self.port)
        held: dict[int, int] = {}
        for pid in self.worker_pids():
            count = sum(1 for inode in _socket_inodes(pid) if by_inode.get(inode) in client_ports)
            if count:
                held[pid] = count
        return held

    def wait_for_workers(self, timeout: float = 60) -> list[int]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pids = self.worker_pids()
            if len(pids) == self.workers:
                return pids
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not bring back {self.workers} workers: {self.log()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                for pid in self._children():  # the workers and the deadline scheduler: none outlives the database
                    os.kill(pid, signal.SIGKILL)
                self.process.kill()
                self.process.wait(timeout=10)
        if not self._log.closed:
            self._kept = self.log()
            self._log.close()
        shutil.rmtree(self.access_log.parent, ignore_errors=True)

    def handled(self) -> dict[tuple[int, str], tuple[int, float]]:
        """(client port, path) -> (status, milliseconds inside a worker) of each save answered (the access log).

        Inside: from the request read to the answer written (gunicorn's
        ``%(D)s``); the rest of what the client saw is waiting for a worker.
        """
        lines = (_save_line(line) for line in self.access_log.read_text().splitlines())
        return {(port, path): (status, ms) for port, path, status, ms in filter(None, lines)}

    def requests(self) -> int:
        """How many requests the workers have answered so far (the access log's lines)."""
        try:
            with self.access_log.open("rb") as lines:
                return sum(1 for _ in lines)
        except FileNotFoundError:
            return 0

    def log(self) -> str:
        """The end of the server's output (gunicorn's and the site's log lines)."""
        if self._log.closed:
            return self._kept
        self._log.seek(0)
        return self._log.read().decode(errors="replace")[-4000:]


class FloorServer(Server):
    """The framework's floor (bench/floor.py): the same gunicorn settings and access log, no database."""

    def __init__(self, *, workers: int, threads: int) -> None:
        super().__init__("", workers=workers, threads=threads, deadline_check=0)

    def upgrade(self) -> None:
        """Nothing to upgrade: the floor has no database."""

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "bench.floor",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--threads",
            str(self.threads),
            "--access-log",
            str(self.access_log),
        ]


def _save_line(line: str) -> tuple[int, str, int, float] | None:
    """A save's line of the access log (web.serving.gunicorn.ACCESS_FORMAT): client port, path, status, milliseconds."""
    client, _, rest = line.partition(" ")
    request, _, answer = rest.partition('"')[2].partition('" ')
    method, _, target = request.partition(" ")
    path = target.split(" ")[0]
    fields = answer.split()
    port = client.rpartition(":")[2]
    if method != "PUT" or not path.endswith("/orders") or len(fields) != 3 or not port.isdigit():
        return None
    return int(port), path, int(fields[0]), int(fields[2]) / 1000


def _accepted(port: int) -> dict[int, int]:
    """Socket inode -> client port, for the open TCP connections accepted on ``port``.

    Asked of the kernel with ``ss`` (filtered there: a few milliseconds), not
    read from /proc/net/tcp, which lists every connection in TIME_WAIT too
    (thousands under this load, tens of milliseconds to read: by then the
    request looked for has its answer). /proc is the fallback without ``ss``.
    """
    try:
        listed = subprocess.run(
            ["ss", "-tnHe", "state", "established", f"( sport = :{port} )"], capture_output=True, text=True, timeout=5
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return _accepted_from_proc(port)
    found: dict[int, int] = {}
    for line in listed.splitlines():
        fields = line.split()
        inode = next((f[4:] for f in fields if f.startswith("ino:")), None)
        if len(fields) >= 4 and inode is not None and inode.isdigit():
            found[int(inode)] = int(fields[3].rpartition(":")[2])
    return found


def _accepted_from_proc(port: int) -> dict[int, int]:
    local = f":{port:04X} "
    found: dict[int, int] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            for line in lines:
                if local not in line:
                    continue
                fields = line.split()
                if fields[1].endswith(local.strip()) and fields[3] == "01":  # ESTABLISHED
                    found[int(fields[9])] = int(fields[2].rsplit(":", 1)[1], 16)
    return found


def _socket_inodes(pid: int) -> set[int]:
    """The inodes of the sockets a process has open."""
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in os.scandir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(fd.path)
                if target.startswith("socket:["):
                    inodes.add(int(target[8:-1]))
    return inodes


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""
