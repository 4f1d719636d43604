"""Where the machine's CPU went during a run: the site's workers, PostgreSQL, the load client, and everything else.

On a shared machine a latency figure means little without this: the same
code gives a p99 of 15 ms or 500 ms depending on what else runs. Read from
Linux's /proc (jiffies), for a process tree (a master and its workers, a
postmaster and its backends).
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CpuSample", "Usage", "cpu_seconds", "postmaster_of", "sample", "usage"]

_HZ = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class CpuSample:
    busy: float
    total: float
    server: float
    database: float
    client: float
    scheduler: float = 0.0


@dataclass(frozen=True)
class Usage:
    """Shares of the whole machine (all cores) over the run, in percent."""

    cores: int
    busy: float
    server: float
    database: float
    client: float
    scheduler: float = 0.0
    """The deadline job's process, a part of ``server``: the adjudications."""

    @property
    def others(self) -> float:
        return max(0.0, self.busy - self.server - self.database - self.client)

    def describe(self) -> str:
        return (
            f"CPU over the run ({self.cores} cores = 100%): busy {self.busy:.0f}%: sengoku workers {self.server:.0f}% "
            f"(the deadline job's process {self.scheduler:.0f}%), "
            f"PostgreSQL {self.database:.0f}%, load client {self.client:.0f}%, other processes {self.others:.0f}%"
        )


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        children = [pid for pid, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def _seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = _stat(pid)
        if fields is not None:  # its own time and its reaped children's (a worker killed, then reaped)
            total += sum(int(value) for value in fields[11:15])
    return total / _HZ


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time these processes have used (and their children they reaped), in seconds."""
    return _seconds(pids)


def postmaster_of(port: int) -> int | None:
    """The PostgreSQL server listening on ``port`` (its command line names the port)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if words and words[0].endswith(b"postgres") and str(port).encode() in b" ".join(words):
            return int(entry.name)
    return None


def sample(server: int, database: int | None, scheduler: int | None = None) -> CpuSample:
    line = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    values = [int(v) for v in line]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    own = resource.getrusage(resource.RUSAGE_SELF)
    return CpuSample(
        busy=(sum(values) - idle) / _HZ,
        total=sum(values) / _HZ,
        server=_seconds(_tree(server)),
        database=_seconds(_tree(database)) if database is not None else 0.0,
        client=own.ru_utime + own.ru_stime,
        scheduler=_seconds([scheduler]) if scheduler is not None else 0.0,
    )


def usage(before: CpuSample, after: CpuSample) -> Usage:
    total = after.total - before.total or 1.0

    def share(start: float, end: float) -> float:
        return 100 * (end - start) / total

    return Usage(
        cores=os.cpu_count() or 1,
        busy=share(before.busy, after.busy),
        server=share(before.server, after.server),
        database=share(before.database, after.database),
        client=share(before.client, after.client),
        scheduler=share(before.scheduler, after.scheduler),
    )
