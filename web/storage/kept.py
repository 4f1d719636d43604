"""An LRU that a worker's threads share: the web site's one way of keeping what it worked out.

The threading rule, stated once: the cache (:class:`cachetools.LRUCache`, not
thread-safe on its own) is read and written under a lock, and the value is
made outside it. Two threads that ask for the same missing value at once
both make it and either copy is right, since every value kept here depends on
its key alone and is never changed (pictures, decoded game states). Making
it outside the lock keeps one slow value (a 100 ms picture) from holding up
every other thread's lookups.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache

__all__ = ["SharedLRU"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SharedLRU(Generic[K, V]):
    """The last ``size`` values asked for, by key."""

    def __init__(self, size: int) -> None:
        self._items: LRUCache[K, V] = LRUCache(maxsize=size)
        self._lock = threading.Lock()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``make()`` (called outside the lock) kept from now on."""
        with self._lock:
            value = self._items.get(key)
        if value is None:
            value = make()
            with self._lock:
                self._items[key] = value
        return value

    def peek(self, key: K) -> V | None:
        """The value kept for ``key``, or None (nothing is made)."""
        with self._lock:
            return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (made elsewhere: another thread, another process)."""
        with self._lock:
            self._items[key] = value

    def forget(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
