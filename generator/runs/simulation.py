"""Simulation runner: many games across processes, summarised into one JSON-ready dict.

Each game's seed comes from (master seed, game index) and chunks are gathered in index
order, so the result is the same for any number of jobs.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from generator.core.processes import pool_context
from generator.play.agents_base import seat_agents
from generator.play.loop import FIELDS, game_row, play_out
from generator.play.plugins import get_engine
from generator.play.registry import engine_for
from generator.play.seeds import game_seed
from generator.runs.stats import rate, spread



def _play_range(args: tuple) -> list[tuple]:
    game, options, deck, glyph_ids, agents, seed, swap, start, stop = args
    engine = get_engine(game)
    rows = []
    for i in range(start, stop):
        gs = game_seed(seed, i)
        by_seat, swapped = seats(agents, i, swap)
        state = engine.new_game(options, deck, glyph_ids, gs)
        play_out(state, seat_agents(engine, by_seat, gs))
        rows.append(game_row(state, swapped))
    return rows


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


def run_tasks(play_range: Callable[[tuple], list[tuple]], tasks: list[tuple], jobs: int,
              progress: Callable[[int], None] | None) -> list[tuple]:
    """The rows of every task, in task order, played here or by a pool of ``jobs`` processes.

    Each task ends with its (start, stop) game range; ``progress`` gets each range's size.
    Inside ``cluster.on_cluster`` the tasks go to the Dask cluster instead (same rows, same order).
    """
    from generator.runs.cluster import current_client, run_on_cluster
    client = current_client()
    if client is not None:
        return run_on_cluster(client, play_range, tasks, progress)
    rows: list[tuple] = []
    if jobs == 1 or len(tasks) == 1:
        for t in tasks:
            rows.extend(play_range(t))
            if progress:
                progress(t[-1] - t[-2])
        return rows
    with pool_context().Pool(min(jobs, len(tasks))) as pool:
        for t, chunk in zip(tasks, pool.imap(play_range, tasks)):
            rows.extend(chunk)
            if progress:
                progress(t[-1] - t[-2])
    return rows


def run(game: str, options: Any, deck: list, glyph_ids: list[str], games: int,
        agents: list[str], seed: int, jobs: int,
        progress: Callable[[int], None] | None, swap_seats: bool) -> dict[str, Any]:
    check_run(games, jobs)
    seat_agents(get_engine(game), agents, 0)  # reject bad specs before starting
    tasks = [(game, options, deck, glyph_ids, agents, seed, swap_seats, a, b)
             for a, b in chunks(games, jobs)]
    rows = run_tasks(_play_range, tasks, jobs, progress)
    return summarise(rows, game=game, options=options, agents=agents, seed=seed,
                     swap_seats=swap_seats)


def summarise(rows: Sequence[tuple], *, game: str, options: Any, agents: Sequence[str],
              seed: int, swap_seats: bool) -> dict[str, Any]:
    """The figures of a run as a JSON-serialisable dict."""
    n = len(rows)
    col = {f: [r[i] for r in rows] for i, f in enumerate(FIELDS)}
    wins = [col["winner"].count(0), col["winner"].count(1), col["winner"].count(None)]
    # by agent: agent 0 sits at Light unless swapped
    agent_wins = [0, 0]
    for w, sw in zip(col["winner"], col["swapped"]):
        if w is not None:
            agent_wins[w ^ int(sw)] += 1
    ties = [r for r in rows if r[2] == r[3] and not r[12]]
    broken = {"fewer_cards": 0, "second_player": 0, "unbroken": 0}
    for r in ties:
        broken[r[1] or "unbroken"] += 1
    cards_total = [a + b for a, b in zip(col["cards0"], col["cards1"])]
    over_total = [a + b for a, b in zip(col["over0"], col["over1"])]
    dump = options.model_dump(mode="json") if hasattr(options, "model_dump") else dict(options)
    return {
        "game": game,
        "games": n,
        "seed": seed,
        "agents": list(agents),
        "swap_seats": swap_seats,
        "options": dump,
        "wins": {"light": wins[0], "dark": wins[1], "draw": wins[2]},
        "win_rate_by_seat": {"light": rate(wins[0], n), "dark": rate(wins[1], n),
                             "draw": rate(wins[2], n)},
        "win_rate_by_agent": {f"{i}:{a}": rate(agent_wins[i], n) for i, a in enumerate(agents)},
        "scores": {"light": spread(col["score0"]), "dark": spread(col["score1"]),
                   "margin_light_minus_dark": spread([a - b for a, b in
                                                      zip(col["score0"], col["score1"])])},
        "turns": spread(col["turns"]),
        "ties": {**rate(len(ties), n), "broken_by": broken},
        "cards_taken_per_game": {"total": spread(cards_total), "light": spread(col["cards0"]),
                                 "dark": spread(col["cards1"])},
        "overchanneling_per_game": {"total": spread(over_total), "light": spread(col["over0"]),
                                    "dark": spread(col["over1"])},
        "deck_ran_out": rate(sum(col["deck_ran_out"]), n),
        "supply_ran_out": rate(sum(col["supply_ran_out"]), n),
        "no_legal_move": {**rate(sum(1 for s in col["spent"] if s), n),
                          "turns_total": sum(col["spent"])},
        "stalled": rate(sum(col["stalled"]), n),
    }


def simulate(options: Any, deck: Sequence[Any], glyph_ids: Sequence[str], games: int,
             agents: Sequence[str], seed: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, *, swap_seats: bool = False,
             game: str | None = None) -> dict[str, Any]:
    """Play ``games`` games and summarise them (see ``summarise``).

    Game ``i`` uses seed ``game_seed(seed, i)``; with ``swap_seats`` the agents change seats
    every other game. Results do not depend on ``jobs``. ``progress`` receives the number of
    games finished since its last call.
    """
    engine = engine_for(options, game)
    if engine.simulate is not None:
        return engine.simulate(options, deck, glyph_ids, games, agents, seed, jobs, progress,
                               swap_seats)
    return run(engine.name, options, list(deck), list(glyph_ids), games, list(agents), seed,
               jobs, progress, swap_seats)


def _pct(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f})"


def format_summary(res: dict[str, Any]) -> str:
    """A short human-readable report of a simulation result dict."""
    s = res["scores"]
    t = res["ties"]
    lines = [
        f"{res['games']} games of {res.get('title', res['game'])}"
        f"{' (' + str(res['edition']) + ')' if res.get('edition') else ''}, agents {res['agents'][0]} (Light) vs "
        f"{res['agents'][1]} (Dark){', seats swapped every other game' if res['swap_seats'] else ''}",
        f"Light wins {_pct(res['win_rate_by_seat']['light'])}",
        f"Dark wins  {_pct(res['win_rate_by_seat']['dark'])}",
        f"draws      {_pct(res['win_rate_by_seat']['draw'])}",
    ]
    if res["swap_seats"]:
        for name, entry in res["win_rate_by_agent"].items():
            lines.append(f"agent {name} wins {_pct(entry)}")
    lines += [
        f"scores: Light {s['light']['mean']:.1f} ± {s['light']['stdev']:.1f}, "
        f"Dark {s['dark']['mean']:.1f} ± {s['dark']['stdev']:.1f}",
        f"turns per game: {res['turns']['mean']:.1f} ± {res['turns']['stdev']:.1f} "
        f"(min {res['turns']['min']:.0f}, max {res['turns']['max']:.0f})",
        f"ties: {100 * t['rate']:.1f}% (broken by fewer cards {t['broken_by']['fewer_cards']}, "
        f"by second player {t['broken_by']['second_player']}, "
        f"unbroken {t['broken_by']['unbroken']})",
        f"cards taken per game: {res['cards_taken_per_game']['total']['mean']:.1f}; "
        f"Overchanneling cubes per game: {res['overchanneling_per_game']['total']['mean']:.2f}",
        f"deck ran out: {100 * res['deck_ran_out']['rate']:.1f}%; cube supply ran out: "
        f"{100 * res['supply_ran_out']['rate']:.1f}%; no legal move: "
        f"{100 * res['no_legal_move']['rate']:.1f}%; stalled: {100 * res['stalled']['rate']:.1f}%",
    ]
    return "\n".join(lines)
