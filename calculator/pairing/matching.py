"""Maximum matchings in a general graph (Edmonds' blossom algorithm), kept up to date while
vertices are taken out: what tells the Swiss pairing whether a choice still lets every other pair
be paired.

Vertices are the numbers ``0 .. n - 1``; ``edges[v]`` lists ``v``'s neighbours. This is the
textbook search for an augmenting path from one exposed vertex (a breadth-first search that
shrinks odd cycles, "blossoms", to their base), as in Edmonds, "Paths, trees, and flowers"
(1965). A failed search from a vertex proves that no maximum matching covers it, so augmenting
from every exposed vertex in turn gives a maximum matching, and a perfect one whenever one
exists.

This module's state is mutable; the pairing that uses it is not (it copies nothing out of it
but pair ids).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

UNMATCHED = -1


class Matching:
    """A matching of the graph ``edges`` restricted to the vertices not yet taken out."""

    def __init__(self, edges: Sequence[Sequence[int]]) -> None:
        self.edges = edges
        self.size = len(edges)
        self.mate = [UNMATCHED] * self.size
        self.alive = [True] * self.size

    def match(self, u: int, v: int) -> None:
        self.mate[u] = v
        self.mate[v] = u

    def exposed(self) -> list[int]:
        return [v for v in range(self.size) if self.alive[v] and self.mate[v] == UNMATCHED]

    def augment_all(self) -> list[int]:
        """Makes the matching maximum; returns the vertices it leaves exposed."""
        left = []
        for root in self.exposed():
            if self.mate[root] == UNMATCHED and not self._augment_from(root):
                left.append(root)
        return left

    def remove(self, vertices: Iterable[int]) -> bool:
        """Takes ``vertices`` out if the rest still has a perfect matching (the matching must be
        perfect now); otherwise changes nothing and returns ``False``."""
        vertices = list(vertices)
        saved = self.mate.copy()
        partners = [self.mate[v] for v in vertices]
        for v in vertices:
            self.alive[v] = False
            self.mate[v] = UNMATCHED
        exposed = [p for p in partners if p != UNMATCHED and self.alive[p]]
        for p in exposed:
            self.mate[p] = UNMATCHED
        for p in exposed:
            if self.mate[p] == UNMATCHED and not self._augment_from(p):
                for v in vertices:
                    self.alive[v] = True
                self.mate = saved
                return False
        return True

    def _augment_from(self, root: int) -> bool:
        """Searches an augmenting path from the exposed ``root``; flips it if found."""
        end, parent = self._search(root)
        if end == UNMATCHED:
            return False
        while end != UNMATCHED:
            previous = parent[end]
            following = self.mate[previous]
            self.match(end, previous)
            end = following
        return True

    def _search(self, root: int) -> tuple[int, list[int]]:
        """An exposed vertex reachable from ``root`` by an augmenting path, and the search's
        parent links to follow it back; ``UNMATCHED`` when there is none."""
        mate, alive = self.mate, self.alive
        parent = [UNMATCHED] * self.size
        base = list(range(self.size))
        in_tree = [False] * self.size
        in_tree[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in self.edges[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != UNMATCHED and parent[mate[to]] != UNMATCHED):
                    self._shrink(v, to, base, parent, in_tree, queue)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if mate[to] == UNMATCHED:
                        return to, parent
                    in_tree[mate[to]] = True
                    queue.append(mate[to])
        return UNMATCHED, parent

    def _shrink(self, v, to, base, parent, in_tree, queue) -> None:
        """Contracts the blossom closed by the edge ``v``–``to`` to its base."""
        top = self._common_base(v, to, base, parent)
        blossom = [False] * self.size
        self._mark_path(v, top, to, base, parent, blossom)
        self._mark_path(to, top, v, base, parent, blossom)
        for i in range(self.size):
            if blossom[base[i]]:
                base[i] = top
                if not in_tree[i]:
                    in_tree[i] = True
                    queue.append(i)

    def _common_base(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        """The base of the blossom: where the tree paths from ``a`` and ``b`` to the root meet."""
        mate = self.mate
        seen = [False] * self.size
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == UNMATCHED:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def _mark_path(self, v, top, child, base, parent, blossom) -> None:
        """Marks the blossom's vertices from ``v`` down to its base ``top``, linking them so that
        a path can later go round the blossom either way."""
        mate = self.mate
        while base[v] != top:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]
