"""Which parts of the rules a simulation left untested: every action kind the rules offer that an
agent used less than once a game on average (never, or rarely), from a ``simulate`` summary.

An engine's summary lists the action kinds its rules offer and how often each agent used them:
``"action_uses": {"0:greedy": {"stand": 812, "banish": 3, ...}, "1:random": {...}}`` (the
agent label as in ``win_rate_by_agent``; a count of 0 for a kind offered and never used), with
``"games"``. ``unused_actions(summary)`` flags each (agent, kind) below once a game, so a report
can say "no agent played a spent glyph in 2,000 games: the figures do not test this rule".
``by_agent`` builds such a summary from several runs whose uses are known by seat (each agent's own
number of games under ``"agent_games"``, which ``unused_actions`` reads before ``"games"``).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple, Sequence


class UnusedAction(NamedTuple):
    agent: str
    kind: str
    uses: int
    games: int

    @property
    def per_game(self) -> float:
        return self.uses / self.games if self.games else 0.0

    @property
    def never(self) -> bool:
        return self.uses == 0

    def __str__(self) -> str:
        if self.never:
            return f"{self.agent} never used {self.kind} in {self.games:,} games: the figures do not test this rule"
        return (f"{self.agent} used {self.kind} {self.per_game:.2f} times a game ({self.uses:,} in "
                f"{self.games:,} games): the figures barely test this rule")


def unused_actions(summary: Mapping[str, Any], at_least: float = 1.0) -> list[UnusedAction]:
    """Every (agent, action kind) used less than ``at_least`` times a game on average, agents in
    the summary's order, kinds in each agent's order; [] when the summary lists no uses."""
    out = []
    for agent, uses in (summary.get("action_uses") or {}).items():
        games = int((summary.get("agent_games") or {}).get(agent, summary.get("games", 0)))
        for kind, count in uses.items():
            if count < at_least * games:
                out.append(UnusedAction(agent, kind, int(count), games))
    return out


def unused_by_every_agent(summary: Mapping[str, Any], at_least: float = 1.0) -> list[str]:
    """The action kinds that no agent used ``at_least`` times a game (the kinds the whole run
    leaves barely tested), in the order first listed."""
    flagged = unused_actions(summary, at_least)
    agents = list((summary.get("action_uses") or {}))
    kinds: list[str] = []
    for item in flagged:
        if item.kind not in kinds and all(any(f.agent == a and f.kind == item.kind for f in flagged) for a in agents):
            kinds.append(item.kind)
    return kinds


def by_agent(runs: Iterable[tuple[Sequence[str], int, Sequence[Mapping[str, int]]]]) -> dict[str, Any]:
    """Runs given as (agents by seat, games, action uses by seat) summed up by agent: a summary for
    ``unused_actions`` whose ``agent_games`` counts, for each agent, the games it played a seat in
    (a game an agent plays against itself counts once for each seat)."""
    games: dict[str, int] = {}
    uses: dict[str, dict[str, int]] = {}
    for agents, played, by_seat in runs:
        for agent, seat_uses in zip(agents, by_seat):
            games[agent] = games.get(agent, 0) + played
            mine = uses.setdefault(agent, {})
            for kind, count in seat_uses.items():
                mine[kind] = mine.get(kind, 0) + int(count)
    return {"games": max(games.values(), default=0), "agent_games": games, "action_uses": uses}
