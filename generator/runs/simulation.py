"""Simulation runner: many games across processes, summarised into one JSON-ready dict.

Each game's seed comes from (master seed, game index) and chunks are gathered in index
order, so the result is the same for any number of jobs.
"""
from __future__ import annotations

from collections import Counter
from itertools import compress
from operator import and_, eq, gt
from typing import Any, Callable, Sequence

from generator.core.processes import pool_context
from generator.play.agents_base import seat_agents
from generator.play.engine_spec import EngineSpec, KernelTable
from generator.play.loop import game_row, play
from generator.play.plugins import get_engine, load_reference
from generator.play.records import GameTable
from generator.play.registry import engine_for
from generator.play.seeds import game_seed
from generator.runs.stats import rate, spread


def _play_range(args: tuple) -> GameTable:
    game, options, inputs, agents, seed, swap, start, stop = args
    engine = get_engine(game)
    if engine.kernel:
        play_table: KernelTable = load_reference(engine.kernel)
        table = by_seating(agents, swap, start, stop, lambda pair, games: play_table(options, inputs, seed, games, pair))
        if table is not None:
            return table
    rows = []
    for i in range(start, stop):
        gs = game_seed(seed, i)
        by_seat, swapped = seats(agents, i, swap)
        rows.append(game_row(engine, play(engine, options, inputs, gs, by_seat), swapped))
    return GameTable.from_rows(rows, engine.figure_columns)


def chunks(games: int, jobs: int, per_job: int = 16, most: int = 2000) -> list[tuple[int, int]]:
    """Game index ranges [start, stop): about ``per_job`` per job, at most ``most`` games each."""
    size = max(1, min(most, games // max(1, jobs * per_job) or 1))
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def check_run(games: int, jobs: int) -> None:
    """:raises ValueError: for a non-positive game count or fewer than one job."""
    if games <= 0:
        raise ValueError(f"games must be positive, got {games}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")


def seats(agents: Sequence[Any], index: int, swap: bool) -> tuple[list[Any], bool]:
    """The agents by seat for game ``index`` and whether they changed seats (every other game
    when ``swap``)."""
    swapped = bool(swap and index % 2)
    return ([agents[1], agents[0]] if swapped else list(agents)), swapped


def by_seating(agents: Sequence[Any], swap: bool, start: int, stop: int,
               play_batch: Callable[[list[Any], range], GameTable | None]) -> GameTable | None:
    """Games ``start`` to ``stop`` played in batches of one seating each (a compiled kernel's
    ``play_batch(agents by seat, game indices) -> their table, not swapped, or None``): their table in
    game order, or None as soon as a batch is refused."""
    parts = []
    for first in (start, start + 1) if swap else (start,):
        games = range(first, stop, 2 if swap else 1)
        if not games:
            continue
        pair, swapped = seats(agents, first, swap)
        table = play_batch(pair, games)
        if table is None:
            return None
        table.swapped = [swapped] * len(games)
        parts.append((range(first - start, stop - start, games.step), table))
    return GameTable.placed(parts, stop - start)


def run_tasks(play_range: Callable[[tuple], Any], tasks: list[tuple], jobs: int,
              progress: Callable[[int], None] | None) -> list[Any]:
    """The result of every task (``play_range(task)``), in task order, played here or by a pool of
    ``jobs`` processes.

    Each task ends with its (start, stop) game range; ``progress`` gets each range's size.
    Inside ``cluster.on_cluster`` the tasks go to the Dask cluster instead (same results, same order).
    """
    from generator.runs.cluster import current_client, run_on_cluster
    client = current_client()
    if client is not None:
        return run_on_cluster(client, play_range, tasks, progress)
    results: list[Any] = []
    if jobs == 1 or len(tasks) == 1:
        for t in tasks:
            results.append(play_range(t))
            if progress:
                progress(t[-1] - t[-2])
        return results
    with pool_context().Pool(min(jobs, len(tasks))) as pool:
        for t, result in zip(tasks, pool.imap(play_range, tasks)):
            results.append(result)
            if progress:
                progress(t[-1] - t[-2])
    return results


def run(game: str, options: Any, inputs: Any, games: int, agents: list[str], seed: int, jobs: int,
        progress: Callable[[int], None] | None, swap_seats: bool) -> dict[str, Any]:
    check_run(games, jobs)
    seat_agents(get_engine(game), agents, 0)  # reject bad specs before starting
    tasks = [(game, options, inputs, agents, seed, swap_seats, a, b) for a, b in chunks(games, jobs)]
    table = GameTable.joined(run_tasks(_play_range, tasks, jobs, progress))
    return summarise(table, engine=get_engine(game), options=options, agents=agents, seed=seed,
                     swap_seats=swap_seats)


def summarise(table: GameTable, *, engine: EngineSpec, options: Any, agents: Sequence[str],
              seed: int, swap_seats: bool) -> dict[str, Any]:
    """The figures of a run (its games' table) as a JSON-serialisable dict, by the seat names of the
    game's ``GameInfo`` (lower case), with the game's own entries (``summarise_figures``) before
    ``stalled``."""
    n = len(table)
    seats = engine.info.seat_keys()
    wins = [table.winner.count(p) for p in range(len(seats))]
    draws = table.winner.count(None)
    agent_wins = [0] * len(agents)  # agent 0 sits in the first seat unless swapped
    for (winner, swapped), count in Counter(zip(table.winner, table.swapped)).items():
        if winner is not None:
            agent_wins[winner ^ int(swapped)] += count
    level = [True] * n  # every seat's score the same
    for other in table.scores[1:]:
        level = list(map(and_, level, map(eq, table.scores[0], other)))
    ties = list(compress(range(n), map(gt, level, table.stalled)))  # level and not stalled
    broken = {**{name: 0 for name in engine.info.tie_breaks}, "unbroken": 0}
    for i in ties:
        name = table.tie_break[i] or "unbroken"
        broken[name] = broken.get(name, 0) + 1
    scores = {seat: spread(table.scores[p]) for p, seat in enumerate(seats)}
    if len(seats) == 2:
        scores[f"margin_{seats[0]}_minus_{seats[1]}"] = spread([a - b for a, b in zip(*table.scores)])
    dump = options.model_dump(mode="json") if hasattr(options, "model_dump") else dict(options)
    own = engine.summarise_figures(table, list(agents)) if engine.summarise_figures else {}
    return {
        "game": engine.name,
        "games": n,
        "seed": seed,
        "agents": list(agents),
        "swap_seats": swap_seats,
        "options": dump,
        "wins": {**dict(zip(seats, wins)), "draw": draws},
        "win_rate_by_seat": {**{seat: rate(w, n) for seat, w in zip(seats, wins)}, "draw": rate(draws, n)},
        "win_rate_by_agent": {f"{i}:{a}": rate(agent_wins[i], n) for i, a in enumerate(agents)},
        "scores": scores,
        "turns": spread(table.turns),
        "ties": {**rate(len(ties), n), "broken_by": broken},
        **own,
        "stalled": rate(sum(1 for stalled in table.stalled if stalled), n),
    }


def simulate(options: Any, inputs: Any, games: int, agents: Sequence[str], seed: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, *, swap_seats: bool = False,
             game: str | None = None) -> dict[str, Any]:
    """Play ``games`` games and summarise them (see ``summarise``).

    Game ``i`` uses seed ``game_seed(seed, i)``; with ``swap_seats`` the agents change seats
    every other game. Results do not depend on ``jobs``. ``progress`` receives the number of
    games finished since its last call.
    """
    engine = engine_for(options, game)
    return run(engine.name, options, inputs, games, list(agents), seed, jobs, progress, swap_seats)


def _pct(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f})"


def format_summary(res: dict[str, Any], seats: Sequence[str]) -> str:
    """A short report of a summary by ``seats`` (the game's seat names): wins, scores, turns, ties."""
    keys = [seat.lower() for seat in seats]
    agents = " vs ".join(f"{a} ({seat})" for a, seat in zip(res["agents"], seats))
    swapped = ", seats swapped every other game" if res["swap_seats"] else ""
    edition = f" ({res['edition']})" if res.get("edition") else ""
    lines = [f"{res['games']} games of {res.get('title', res['game'])}{edition}, agents {agents}{swapped}"]
    width = max(len(s) for s in [*seats, "draws"]) + 5
    lines += [f"{seat + ' wins':{width}} {_pct(res['win_rate_by_seat'][key])}" for seat, key in zip(seats, keys)]
    lines.append(f"{'draws':{width}} {_pct(res['win_rate_by_seat']['draw'])}")
    if res["swap_seats"]:
        lines += [f"agent {name} wins {_pct(entry)}" for name, entry in res["win_rate_by_agent"].items()]
    lines.append("scores: " + ", ".join(f"{seat} {res['scores'][key]['mean']:.1f} ± {res['scores'][key]['stdev']:.1f}"
                                        for seat, key in zip(seats, keys)))
    turns = res["turns"]
    lines.append(f"turns per game: {turns['mean']:.1f} ± {turns['stdev']:.1f} "
                 f"(min {turns['min']:.0f}, max {turns['max']:.0f})")
    lines.append(f"ties: {100 * res['ties']['rate']:.1f}%; stalled: {100 * res['stalled']['rate']:.1f}%")
    return "\n".join(lines)
