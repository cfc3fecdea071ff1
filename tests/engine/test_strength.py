"""Measuring an agent's edge over greedy from both seats, and choosing the strongest agent a CPU
budget affords."""
from __future__ import annotations

import pytest

from generator.runs import strength
from pnp_games.grove.options import GroveOptions

OPTIONS = GroveOptions(turn_cap=80)


def test_the_edge_counts_both_seats_and_adds_up():
    found = strength.edge_over_greedy(OPTIONS, None, "random", 12, seed=3, game="grove")
    assert found["games"] == 24 and found["agent"] == "random"
    wins, greedy, other = found["wins"]["count"], found["greedy_wins"]["count"], found["other"]["count"]
    assert wins == found["by_seat"][0]["count"] + found["by_seat"][1]["count"]
    assert wins + greedy + other == 24
    assert found["edge"] == pytest.approx((wins - greedy) / 24)
    assert found["edge"] < 0  # random loses to greedy
    lo, hi = found["wins"]["ci95"]
    assert lo <= found["wins"]["rate"] <= hi


def test_the_strongest_affordable_agent_is_the_last_rung_within_the_budget(monkeypatch):
    costs = {"greedy": 0.01, "mcts:25": 0.2, "mcts:50": 0.4, "mcts:100": 0.9}
    monkeypatch.setattr(strength, "cpu_seconds_per_game", lambda o, i, agent, **k: costs[agent])
    assert strength.strongest_affordable(OPTIONS, None, 0.5, tuple(costs)) == ("mcts:50", 0.4)
    assert strength.strongest_affordable(OPTIONS, None, 0.001, tuple(costs)) == ("greedy", 0.01)
    assert strength.strongest_affordable(OPTIONS, None, 5, tuple(costs)) == ("mcts:100", 0.9)


def test_a_game_is_timed_in_cpu_seconds():
    assert strength.cpu_seconds_per_game(OPTIONS, None, "greedy", game="grove") > 0


def test_the_strong_agent_and_its_edge_are_one_call_away(monkeypatch):
    assert strength.STRONG_AGENT == "strong" and all(a.startswith("strong:") for a in strength.LADDER[1:])
    monkeypatch.setattr(strength, "STRONG_AGENT", "strong:20")  # quick without the kernel too
    found = strength.strong_edge(OPTIONS, None, 8, seed=2, game="grove")
    assert found["agent"] == "strong:20" and found["games"] == 16
    assert found["edge"] > 0  # the search wins more often than greedy
