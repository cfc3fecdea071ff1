"""The designer's report's answers to balance questions, each from cached engine work
(``runs.report_work``) the build starts ahead:

- who played the balance games and how strong that player is: each balance agent's edge over a
  baseline (greedy), from each seat, with 95% intervals;
- which action kinds of the rules an agent used less than once a game (``runs.coverage``), from the
  edition's own balance and stall runs, through the engine appendix's ``uses`` hook;
- levers: each rule option changed alone (every option whose wordings in rules/options.yaml answer
  a question in more than one way, and each ``levers:`` entry of rulebook.yaml), with its effect on
  the first seat's win rate and on the game's length against the rules as printed, played with the
  same seeds;
- decisions: each of the game's ``rule_checks`` this edition's rules fail (options that must agree
  but do not), every reading played side by side;
- the headline: the figures a designer reads first (length, the actions a game is made of, the
  first seat's share, what the figures leave untested, the strongest lever whose interval leaves out
  zero, or that no lever moved the result measurably).

Nothing here names a game: options, values, seats and action kinds come from the engine and the
game's data; the game's words from its rules/ folder.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError

from generator.model.game import Edition
from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.rulebook.commands import command_line
from generator.rulebook.config import RulebookConfig
from generator.rulebook.settings import RulebookSettings
from generator.rulebook.wordings import WORDINGS, Wordings, value_key
from generator.runs.coverage import by_agent, unused_actions, unused_by_every_agent
from generator.runs.report_work import edge, edge_works, summary_work, sweep
from generator.runs.stats import mean_difference
from generator.runs.work import EngineInputs, Work, balance_rows, balance_work


@dataclass(frozen=True)
class Cell:
    """One variant of the rules: what changed (option -> value) and the engine inputs it plays."""

    label: dict[str, Any]
    inputs: EngineInputs


def with_options(inputs: EngineInputs, change: dict[str, Any]) -> EngineInputs:
    """``inputs`` with some rule options changed, checked by the engine's options model.

    :raises ValueError: naming the option and the value the engine refuses.
    """
    current = inputs.options.model_dump()
    values = {k: _typed(v, current[k]) for k, v in change.items()}
    try:
        options = type(inputs.options).model_validate({**current, **values})
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ValueError(f"{', '.join(f'{k}={v!r}' for k, v in change.items())}: {first['msg']}") from None
    return EngineInputs(inputs.engine, options, inputs.inputs)


def _typed(value: Any, like: Any) -> Any:
    """A value as the wordings file writes it ('a, b' for a list) in the shape of the current value."""
    if isinstance(like, (list, tuple)) and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value


# ------------------------------------------------------------------ what is played


def _wordings(folder: Path) -> Wordings:
    path = folder / WORDINGS
    if not path.is_file():
        return Wordings()
    source = load_yaml(path)
    return validate(Wordings, source.data, source)


def lever_cells(folder: Path, config: RulebookConfig, inputs: EngineInputs) -> list[Cell]:
    """The rules as printed, then each lever at each value but the printed one.

    :raises GameDataError: naming rulebook.yaml's ``levers`` entry for an option or value the
        engine refuses.
    """
    known = type(inputs.options).model_fields
    levers: dict[str, list[Any]] = {}
    for q in _wordings(folder).questions:
        if q.option in known and len(q.answers) > 1:
            levers.setdefault(q.option, []).extend(q.answers)
    source = load_yaml(folder / "rulebook.yaml") if config.levers else None
    for i, lever in enumerate(config.levers):
        if lever.option not in known:
            raise source.error(("levers", i, "option"), f"a rule option of the engine, one of {sorted(known)}",
                               repr(lever.option))
        levers.setdefault(lever.option, []).extend(v for v in lever.values if v not in levers[lever.option])
    cells = [Cell({}, inputs)]
    for option, values in levers.items():
        printed = value_key(getattr(inputs.options, option))
        for value in values:
            if value_key(value) == printed:
                continue
            try:
                cells.append(Cell({option: value_key(value)}, with_options(inputs, {option: value})))
            except ValueError as exc:
                if source is None:
                    raise
                index = next(i for i, lever in enumerate(config.levers) if lever.option == option)
                raise source.error(("levers", index, "values"), "values the engine accepts", str(exc)) from None
    return cells


def disagreements(edition: Edition, inputs: EngineInputs) -> list[dict[str, Any]]:
    """Each rule check of the game and the edition whose options this edition sets to different values,
    with one cell per reading: every option of the check set to the value one of them has."""
    out = []
    known = type(inputs.options).model_fields
    for check in [*edition.game.spec.rule_checks, *edition.spec.rule_checks]:
        keys = [k for k in check.agree if k in known]
        if len(keys) < 2:
            continue
        values = {k: getattr(inputs.options, k) for k in keys}
        if len({value_key(v) for v in values.values()}) < 2:
            continue
        readings, seen = [], set()
        for key, value in values.items():
            if value_key(value) in seen:
                continue
            seen.add(value_key(value))
            readings.append({"key": key, "value": value_key(value),
                             "cell": Cell({k: value_key(value) for k in keys},
                                          with_options(inputs, dict.fromkeys(keys, value)))})
        out.append({"options": keys, "set_to": {k: value_key(v) for k, v in values.items()},
                    "because": check.because, "readings": readings})
    return out


def _deciders(settings: RulebookSettings) -> list[tuple[tuple[str, str], int]]:
    """Who plays each reading of a disagreement, and how many games: the balance agents (with
    ``decision_games``), then the sweep agents (with ``sweep_games``), each pairing once."""
    out: list[tuple[tuple[str, str], int]] = []
    for agents, games in ((settings.balance_agents, settings.decision_games),
                          (settings.sweep_agents, settings.sweep_games)):
        if games and all(tuple(agents) != a for a, _ in out):
            out.append((tuple(agents), games))
    return out


def _edge_agents(settings: RulebookSettings) -> list[str]:
    return [a for a in dict.fromkeys(settings.balance_agents) if a != settings.edge_baseline] \
        if settings.edge_games else []


def works(settings: RulebookSettings, edition: Edition, inputs: EngineInputs, folder: Path,
          config: RulebookConfig) -> list[Work]:
    """The engine work of this edition's report beyond the balance and stall runs, to start ahead."""
    out: list[Work] = []
    seed = settings.balance_seed
    for agent in _edge_agents(settings):
        out += edge_works(inputs, agent, settings.edge_baseline, settings.edge_games, seed)
    if settings.sweep_games:
        out += [summary_work(c.inputs, settings.sweep_games, seed, settings.sweep_agents)
                for c in lever_cells(folder, config, inputs)]
    for found in disagreements(edition, inputs):
        for reading in found["readings"]:
            out += [summary_work(reading["cell"].inputs, games, seed, agents) for agents, games in _deciders(settings)]
    return out


# ------------------------------------------------------------------ what the report states


def strength(settings: RulebookSettings, edition: Edition, inputs: EngineInputs) -> list[dict[str, Any]]:
    """Each balance agent's edge over the baseline, with the command that plays its games again."""
    out = []
    for agent in _edge_agents(settings):
        found = edge(inputs, agent, settings.edge_baseline, settings.edge_games, settings.balance_seed,
                     settings.jobs)
        command = command_line("simulate", edition.game.id, "--edition", edition.id, "--games", settings.edge_games,
                               "--seed", settings.balance_seed, "--agents")
        out.append({**found, "commands": [f"{command} {agent},{settings.edge_baseline}",
                                          f"{command} {settings.edge_baseline},{agent}"]})
    return out


def coverage(settings: RulebookSettings, inputs: EngineInputs, uses: Callable[[list], list[dict[str, int]]],
             stalls: list[dict[str, Any]]) -> dict[str, Any]:
    """Per agent, how often it used each action kind in a seat (one player's side of one game) of this
    edition's balance and stall runs; the kinds an agent used less than ``coverage_at_least`` times a
    seat, and those no agent did."""
    pairs = [tuple(settings.balance_agents)] + [tuple(s["agents"]) for s in stalls
                                                  if tuple(s["agents"]) != tuple(settings.balance_agents)]
    runs = []
    for agents in dict.fromkeys(pairs):
        games = settings.balance_games if agents == pairs[0] else settings.stall_games
        rows = balance_rows(inputs, games, settings.balance_seed, agents, settings.jobs)
        by_seat: list[dict[str, int]] = [{} for _ in agents]
        for row in rows:
            for p, seat in enumerate(uses(row)):
                for kind, count in seat.items():
                    by_seat[p][kind] = by_seat[p].get(kind, 0) + count
        runs.append((agents, len(rows), by_seat))
    summary = by_agent(runs)
    at_least = settings.coverage_at_least
    flagged = unused_actions(summary, at_least)
    kinds = list(dict.fromkeys(k for u in summary["action_uses"].values() for k in u))
    # by_agent counts an agent's games seat by seat (a game it plays against itself twice): its seats
    agents = [{"agent": a, "seats": summary["agent_games"][a],
               "uses": {k: summary["action_uses"][a].get(k, 0) / max(1, summary["agent_games"][a]) for k in kinds}}
              for a in summary["action_uses"]]
    untested = unused_by_every_agent(summary, at_least)
    first = runs[0] if runs else None
    per_game = {k: sum(seat.get(k, 0) for seat in first[2]) / max(1, first[1]) for k in kinds} if first else {}
    return {"kinds": kinds, "agents": agents, "at_least": at_least,
            "games": sum(games for _, games, _ in runs), "seats": sum(len(a) * games for a, games, _ in runs),
            "flags": [{"agent": f.agent, "kind": f.kind, "never": f.never, "per_seat": f.per_game,
                       "uses": f.uses, "seats": f.games} for f in flagged],
            "untested": untested, "balance_per_game": per_game}


def levers(settings: RulebookSettings, edition: Edition, inputs: EngineInputs, folder: Path,
           config: RulebookConfig, seats: tuple[str, ...]) -> dict[str, Any] | None:
    """The lever sweep of this edition: each cell's figures against the rules as printed."""
    if not settings.sweep_games:
        return None
    cells = lever_cells(folder, config, inputs)
    found = sweep([(c.label, c.inputs) for c in cells], settings.sweep_games, settings.balance_seed,
                  settings.sweep_agents, seats, settings.jobs)
    first = seats[0]
    rows = []
    for entry in found:
        (option, value), = entry["cell"].items() if entry["cell"] else ((None, None),)
        printed = value_key(getattr(inputs.options, option)) if option else None
        rows.append({**entry, "option": option, "value": value, "printed": printed,
                     "first": entry[first], "change": entry[f"{first}_vs_first"]})
    commands = [command_line("sweep", edition.game.id, "--edition", edition.id, "--vary",
                             f"'{o}=[{_yaml_values([value_key(getattr(inputs.options, o))] + [r['value'] for r in rows if r['option'] == o])}]'",
                             "--games", settings.sweep_games, "--agents", ",".join(settings.sweep_agents),
                             "--seed", settings.balance_seed) for o in dict.fromkeys(r["option"] for r in rows[1:])]
    return {"games": settings.sweep_games, "agents": list(settings.sweep_agents), "seed": settings.balance_seed,
            "base": rows[0], "rows": rows[1:], "commands": commands, **lever_verdict(rows[1:]),
            "longest": _largest_length_change(rows[0], rows[1:])}


def measurable(change: dict[str, Any]) -> bool:
    """Whether a change's 95% interval leaves out zero: the lever moved the result beyond the noise."""
    low, high = change["ci95"]
    return low > 0 or high < 0


def lever_verdict(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Which lever the report names: ``strongest``, the largest change among those whose interval
    leaves out zero (None when no lever moved the result measurably), and ``largest``, the largest
    change of all, which is within the noise when it is not the strongest."""
    def size(row: dict[str, Any]) -> float:
        return abs(row["change"]["difference"])
    return {"strongest": max((r for r in rows if measurable(r["change"])), key=size, default=None),
            "largest": max(rows, key=size, default=None)}


def _largest_length_change(base: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The lever that changes the mean game length most (in turns), with the change against the
    rules as printed: ``{"row", "difference", "ci95", "relative"}``; None without levers."""
    def length(row: dict[str, Any]) -> dict[str, float]:
        return {"mean": row["turns"], "stdev": row.get("turns_stdev", 0.0)}

    changes = [(row, mean_difference(length(row), row["games"], length(base), base["games"])) for row in rows]
    found = max(changes, key=lambda rc: abs(rc[1]["difference"]), default=None)
    return {"row": found[0], **found[1]} if found else None


def _yaml_values(values: list[str]) -> str:
    return ", ".join(f"[{v}]" if "," in v else v for v in values)


def decisions(settings: RulebookSettings, edition: Edition, inputs: EngineInputs, folder: Path,
              seats: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each disagreement of the rules with every reading played by the balance agents (and the sweep's
    agents, when the report sweeps), and the player book's wording of each reading."""
    wordings = {q.option: {value_key(k): v.strip() for k, v in q.answers.items()}
                for q in _wordings(folder).questions}
    out = []
    for found in disagreements(edition, inputs):
        played = []
        for agents, games in _deciders(settings):
            cells = sweep([(r["cell"].label, r["cell"].inputs) for r in found["readings"]], games,
                          settings.balance_seed, agents, seats, settings.jobs)
            played.append({"agents": list(agents), "games": games, "cells": cells})
        readings = [{"key": r["key"], "value": r["value"],
                     "says": [wordings[k][r["value"]] for k in found["options"] if r["value"] in wordings.get(k, {})]}
                    for r in found["readings"]]
        out.append({**{k: v for k, v in found.items() if k != "readings"}, "readings": readings, "played": played})
    return out


def headline(balance: dict[str, Any] | None, cover: dict[str, Any] | None, strong: list[dict[str, Any]],
             lever_sweep: dict[str, Any] | None, seats: tuple[str, ...]) -> dict[str, Any] | None:
    """The figures the report opens with, from the balance run of this edition and the rest."""
    this = (balance or {}).get("this")
    if not this:
        return None
    stalled = this.get("stalled")
    # games stopped at the turn limit have no length: the length is that of the games that ended
    apart = bool(stalled and stalled.get("count") and this.get("turns_ended"))
    turns = this["turns_ended"] if apart else this["turns"]
    actions = sorted(((k, v) for k, v in (cover or {}).get("balance_per_game", {}).items()),
                     key=lambda kv: -kv[1])
    first = this.get(seats[0])
    return {"turns": turns, "per_seat": turns["mean"] / len(seats), "stalled": stalled, "ended_only": apart,
            "first": first, "actions": [{"kind": k, "per_game": v} for k, v in actions],
            "strength": strong[0] if strong else None, "untested": (cover or {}).get("untested", []),
            "lever": (lever_sweep or {}).get("strongest"), "largest_lever": (lever_sweep or {}).get("largest")}


def lever_chart(styles: Any, found: dict[str, Any], seat: str) -> Callable[[float], list]:
    """The first seat's share of wins in each cell of the sweep, as printed first: dots with their
    95% intervals against an even game."""
    from generator.rulebook import charts
    rows = [("as printed", found["base"]["first"])] + [(f"{r['option']} = {r['value']}", r["first"])
                                                       for r in found["rows"]]
    data = [(label, e["rate"], e["ci95"][0], e["ci95"][1]) for label, e in rows]
    return lambda w: [charts.win_rates(data, w, styles, "path")]


def report_context(book: Any, appendices: Any, inputs: EngineInputs, folder: Path, config: RulebookConfig,
                   balance: dict[str, Any] | None, stalls: list[dict[str, Any]],
                   seats: tuple[str, ...]) -> dict[str, Any]:
    """Everything above for the report's text (``strength``, ``coverage``, ``levers``, ``decisions``,
    ``headline``, ``balance_command``); the lever chart goes into ``book.figures`` as ``chart/levers``."""
    settings, edition = book.settings, book.edition
    strong = strength(settings, edition, inputs)
    cover = coverage(settings, inputs, appendices.uses, stalls) if appendices.uses else None
    lever_sweep = levers(settings, edition, inputs, folder, config, seats)
    if lever_sweep and lever_sweep["rows"]:
        book.figures["chart/levers"] = lever_chart(book.styles, lever_sweep, seats[0])
    return {"strength": strong, "coverage": cover, "levers": lever_sweep,
            "decisions": decisions(settings, edition, inputs, folder, seats),
            "headline": headline(balance, cover, strong, lever_sweep, seats),
            "balance_command": balance_command(edition, balance)}


def balance_command(edition: Edition, balance: dict[str, Any] | None) -> str | None:
    """The command that plays this edition's balance games again, their figures into balance.json."""
    if not balance:
        return None
    return command_line("simulate", edition.game.id, "--edition", edition.id, "--games", balance["games"],
                        "--agents", ",".join(balance["agents"]), "--seed", balance["seed"], "--json", "balance.json")
