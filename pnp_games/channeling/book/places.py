"""The position before a worked example's move, as the example's intro reads it: what lies on a place
and how two places lie to each other, each read from the engine's state and its grid geometry, so a
sentence such as "a druid on b2, diagonally next to a1" is true by construction."""
from __future__ import annotations

from typing import Any

from pnp_games.channeling.book.board import PLAYERS
from pnp_games.channeling.geometry import geometry


class Places:
    """``before`` in an example's intro: ``before.cubes("a1")`` ("1 cube"), ``before.card("a1").vigor``,
    ``before.held("light")`` (cards taken so far), ``before.relation("b2", "a1")`` ("diagonally next to")."""

    def __init__(self, state: Any):
        self._state = state
        self._grid = geometry(state.options.grid_size)

    def _cell(self, square: str) -> int:
        if square not in self._grid.index:
            raise ValueError(f"no place {square!r} on a grid of {self._grid.size} by {self._grid.size}")
        return self._grid.index[square]

    def cubes(self, square: str) -> str:
        """The cubes on a place, counted with their word: "1 cube", "4 cubes" (of whichever color)."""
        light, dark = self._state.cubes_at(self._grid.names[self._cell(square)])
        count = light or dark
        return f"{count} {'cube' if count == 1 else 'cubes'}"

    def card(self, square: str) -> Any:
        """The card on a place (its name and values), None for an empty place."""
        return self._state.card_at(self._grid.names[self._cell(square)])

    def held(self, player: str) -> int:
        """How many cards ``player`` ("light" or "dark") has taken."""
        return len(self._state.taken(PLAYERS.index(player.lower())))

    def relation(self, square: str, other: str) -> str:
        """How ``square`` lies to ``other``, in the Leyline's steps (up, down, left, right): "next to"
        (one step), "diagonally next to", "in the same row as", "in the same column as", or "N steps
        from"."""
        a, b = self._cell(square), self._cell(other)
        n = self._grid.size
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        if a == b:
            raise ValueError(f"{square} and {other} are the same place")
        if b in self._grid.neighbours[a]:
            return "next to"
        if abs(ra - rb) == 1 and abs(ca - cb) == 1:
            return "diagonally next to"
        if ra == rb:
            return "in the same row as"
        if ca == cb:
            return "in the same column as"
        return f"{self._grid.dist[a][b]} steps from"
