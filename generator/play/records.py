"""What a played game leaves: its record (setup, actions in notation, result, flags and the game's own
figures) and, in a simulation, its row; a simulation's games together are a table of columns."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Sequence


@dataclass
class GameRecord:
    """Everything needed to replay and summarise one game (JSON-serialisable via to_dict)."""

    game: str
    seed: int
    agents: tuple[str, ...]               # by seat
    setup: dict[str, Any]                 # what the engine's ``describe_setup`` tells of the start
    actions: list[str]                    # notation, in order (setup hides included)
    scores: tuple[int, ...]               # by seat
    winner: int | None                    # a seat, None for a draw
    tie_break: str | None                 # one of the game's ``GameInfo.tie_breaks``, or None
    turns: int
    flags: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)  # the engine's own (``EngineSpec.figures``)

    def __getattr__(self, name: str) -> Any:
        """A figure of the game read as an attribute (``record.cards``)."""
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(name)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data, the game's figures among the other results."""
        figures = {k: list(v) if isinstance(v, tuple) else v for k, v in self.figures.items()}
        return copy.deepcopy({
            "game": self.game, "seed": self.seed, "agents": list(self.agents), "setup": self.setup,
            "actions": list(self.actions), "scores": list(self.scores), **figures, "winner": self.winner,
            "tie_break": self.tie_break, "turns": self.turns, "flags": self.flags})


class GameRow(NamedTuple):
    """One finished game, as a simulation keeps it: the generic result and the game's own figures."""

    winner: int | None
    tie_break: str | None
    scores: tuple[int, ...]        # by seat
    turns: int
    stalled: bool                  # stopped at the turn cap
    swapped: bool                  # the agents sat the other way round
    figures: dict[str, Any]        # the engine's ``figures(state)``
    flags: dict[str, Any]          # the state's ``flags()``


@dataclass
class GameTable:
    """Finished games as columns, one entry per game in game order: what a simulation sums up of its
    games (the results of each ``GameRow``) without a Python object per game, as a compiled kernel
    gives them. ``figures`` holds the engine's own columns by name (whole numbers, flags...): the
    values its ``figure_columns`` hook reads from each row, and its ``summarise_figures`` sums."""

    winner: list[int | None]
    tie_break: list[str | None]
    scores: list[list[int]]        # one column per seat
    turns: list[int]
    stalled: list[bool]
    swapped: list[bool]
    figures: dict[str, list[Any]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.turns)

    def _columns(self) -> list[list[Any]]:
        return [self.winner, self.tie_break, *self.scores, self.turns, self.stalled, self.swapped,
                *self.figures.values()]

    def _with(self, columns: list[list[Any]]) -> GameTable:
        seats = len(self.scores)
        turns, stalled, swapped = columns[2 + seats:5 + seats]
        return GameTable(columns[0], columns[1], columns[2:2 + seats], turns, stalled, swapped,
                         dict(zip(self.figures, columns[5 + seats:])))

    @classmethod
    def from_rows(cls, rows: Sequence[GameRow],
                  figure_columns: Callable[[GameRow], dict[str, Any]] | None = None) -> GameTable:
        """The table of ``rows``; ``figure_columns(row)`` gives a row's own figures by column name."""
        own = [figure_columns(r) for r in rows] if figure_columns else []
        return cls([r.winner for r in rows], [r.tie_break for r in rows],
                   [list(seat) for seat in zip(*(r.scores for r in rows))], [r.turns for r in rows],
                   [r.stalled for r in rows], [r.swapped for r in rows],
                   {name: [o[name] for o in own] for name in (own[0] if own else ())})

    @staticmethod
    def joined(tables: Sequence[GameTable]) -> GameTable:
        """One table of ``tables`` (at least one, with the same columns), one after the other."""
        columns = [list(c) for c in tables[0]._columns()]
        for table in tables[1:]:
            for column, more in zip(columns, table._columns()):
                column.extend(more)
        return tables[0]._with(columns)

    @staticmethod
    def placed(parts: Sequence[tuple[range, GameTable]], size: int) -> GameTable:
        """One table of ``size`` games from ``parts``: each (the positions its games take, as a range;
        its table), the positions of all parts covering 0 to ``size`` - 1 once."""
        columns: list[list[Any]] = [[None] * size for _ in parts[0][1]._columns()]
        for at, table in parts:
            for column, values in zip(columns, table._columns()):
                column[at.start:at.stop:at.step] = values
        return parts[0][1]._with(columns)
