"""The sample game that teaches: a deterministic search over seeds for a game showing the hard rules.

rulebook.yaml's ``sample:`` lists the events the sample game should show (each engine's book
module says which events it can recognise in a told turn) and how many seeds to try. Seeds are
tried in order from the profile's ``sample_seed``; the first game that shows every event wins,
else the one that shows the most (the earliest among equals). The result is cached like any
other simulation, so the search runs once per rules, deck, agents and settings.
"""
from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from .cache import cached
from .play import EngineInputs, sample_game

# (record of a played game) -> for each turn of it, in order: (turn number, events it shows)
EventReader = Callable[[dict[str, Any]], list[tuple[int, set[str]]]]


class SampleSearch(BaseModel):
    """rulebook.yaml ``sample:``: what the sample game must show, and how hard to look for it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seeds: int = Field(20, ge=1, le=1000)      # seeds tried, from the profile's sample_seed on
    shows: dict[str, str] = {}                 # event name -> the rule it teaches, in the players' words


def choose_seed(inputs: EngineInputs, agents: tuple[str, str], first_seed: int, search: SampleSearch,
                read_events: EventReader) -> dict[str, Any]:
    """The seed of the sample game and the turn that first shows each wanted event.

    Returns ``{"seed", "tried", "highlights": [{"turn", "event", "rule"}], "missing": [event]}``.
    """
    wanted = list(search.shows)

    def search_seeds() -> dict[str, Any]:
        best: dict[str, Any] | None = None
        for tried, seed in enumerate(range(first_seed, first_seed + search.seeds), start=1):
            found = first_turns(read_events(sample_game(inputs, seed, agents)), wanted)
            if best is None or len(found) > len(best["found"]):
                best = {"seed": seed, "found": found}
            if len(found) == len(wanted):
                break
        assert best is not None
        return {"seed": best["seed"], "tried": tried, "found": best["found"]}

    if not wanted:
        return {"seed": first_seed, "tried": 0, "highlights": [], "missing": []}
    result = cached("sample-search", {**inputs.key(), "agents": list(agents), "first": first_seed,
                                      "seeds": search.seeds, "shows": wanted}, search_seeds)
    found = result["found"]
    highlights = sorted(({"turn": turn, "event": event, "rule": search.shows[event]} for event, turn in found.items()),
                        key=lambda h: (h["turn"], wanted.index(h["event"])))
    return {"seed": result["seed"], "tried": result["tried"], "highlights": highlights,
            "missing": [e for e in wanted if e not in found]}


def first_turns(turn_events: list[tuple[int, set[str]]], wanted: list[str]) -> dict[str, int]:
    """For each wanted event, the first turn that shows it."""
    found: dict[str, int] = {}
    for turn, events in turn_events:
        for event in wanted:
            if event in events and event not in found:
                found[event] = turn
    return found


def highlights_by_turn(highlights: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Turn number -> the rules (in the players' words) that turn is highlighted for."""
    out: dict[int, list[str]] = {}
    for h in highlights:
        out.setdefault(h["turn"], []).append(h["rule"])
    return out


def told_parts(turns: list[dict[str, Any]], told_first: int) -> dict[str, Any]:
    """The turns of a sample game as the appendix lays them out: ``turns``, the first ones told in
    full; ``later``, the rest in order, as runs of notation rows (``{"log": [...]}``) broken by the
    highlighted turns told in full (``{"turn": ...}``); ``log``, every turn not told in full."""
    first = [t for t in turns if t["turn"] <= told_first]
    later: list[dict[str, Any]] = []
    for t in turns[len(first):]:
        if t.get("shows"):
            later.append({"turn": t})
        elif later and "log" in later[-1]:
            later[-1]["log"].append(t)
        else:
            later.append({"log": [t]})
    return {"turns": first, "later": later, "log": [t for t in turns[len(first):] if not t.get("shows")],
            "highlighted": [t for t in turns if t.get("shows")]}
