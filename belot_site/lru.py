"""A small in-process store for values that are costly to make: bounded by what they cost."""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


class BoundedStore:
    """Values by key, at most ``limit`` of ``cost(key, value)`` in all; the least recently used
    go first. A value that costs more than ``largest`` is not kept, so that one value cannot push
    out all the others. Safe to share between a worker's threads.
    """

    def __init__(self, limit: int, cost: Callable[[Hashable, object], int], largest: int):
        self.limit, self.cost, self.largest = limit, cost, largest
        self.used = 0
        self.values: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            value = self.values.get(key)
            if value is not None:
                self.values.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        cost = self.cost(key, value)
        if cost > self.largest:
            return
        with self.lock:
            old = self.values.pop(key, None)
            if old is not None:
                self.used -= self.cost(key, old)
            self.values[key] = value
            self.used += cost
            while self.used > self.limit:
                gone_key, gone = self.values.popitem(last=False)
                self.used -= self.cost(gone_key, gone)
