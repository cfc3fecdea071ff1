"""Flags for the action kinds a simulation leaves (nearly) untested."""
from __future__ import annotations

from generator.runs.coverage import unused_actions, unused_by_every_agent
from pnp_games.grove.options import GroveOptions
from generator.runs.simulation import simulate


def test_kinds_used_less_than_once_a_game_are_flagged_per_agent():
    summary = {"games": 200, "action_uses": {
        "0:alpha": {"jump": 900, "swap": 0, "bid": 150},
        "1:beta": {"jump": 0, "swap": 0, "bid": 200}}}
    flagged = unused_actions(summary)
    assert [(f.agent, f.kind, f.uses) for f in flagged] == [
        ("0:alpha", "swap", 0), ("0:alpha", "bid", 150), ("1:beta", "jump", 0), ("1:beta", "swap", 0)]
    assert flagged[0].never and "never used swap in 200 games" in str(flagged[0])
    assert not flagged[1].never and "0.75 times a game" in str(flagged[1])
    assert unused_by_every_agent(summary) == ["swap"]  # jump: alpha used it; bid: beta once a game
    assert unused_actions({"games": 5}) == [] and unused_by_every_agent({"games": 5, "action_uses": {}}) == []


def test_a_grove_simulation_lists_every_action_kind_per_agent():
    options = GroveOptions(turn_cap=120)
    summary = simulate(options, None, 12, ["greedy", "random"], seed=5, swap_seats=True, game="grove")
    uses = summary["action_uses"]
    assert list(uses) == ["0:greedy", "1:random"]
    assert set(uses["0:greedy"]) == {"stand", "move", "channel", "stun", "banish", "pass"}
    totals = summary["per_game_totals"]
    for tally, kind in (("stands", "stand"), ("channels", "channel"), ("banishes", "banish")):
        assert uses["0:greedy"][kind] + uses["1:random"][kind] == round(totals[tally]["mean"] * 12)
    flagged = {(f.agent, f.kind) for f in unused_actions(summary)}
    assert ("0:greedy", "channel") not in flagged  # greedy channels many times a game
