"""Simulation runner: many games across processes, summarised into one JSON-ready dict.

Each game's seed comes from (master seed, game index) and chunks are gathered in index
order, so the result is the same for any number of jobs.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..processes import pool_context
from .agents_base import seat_agents
from .plugins import get_engine, load_reference
from .seeds import game_seed
from .stats import rate, spread

# one row per game
_FIELDS = ("winner", "tie_break", "score0", "score1", "cards0", "cards1", "over0", "over1",
           "turns", "deck_ran_out", "supply_ran_out", "spent", "stalled", "swapped")


def _play_range(args: tuple) -> list[tuple]:
    game, options, deck, glyph_ids, agents, seed, swap, start, stop = args
    engine = get_engine(game)
    if engine.kernel:
        play_rows = load_reference(engine.kernel)
        played = by_seating(agents, seed, swap, start, stop,
                            lambda pair, seeds: play_rows(options, deck, glyph_ids, seeds, pair))
        if played is not None:
            return [(*row[:len(_FIELDS) - 1], swapped) for swapped, row in played]
    rows = []
    for i in range(start, stop):
        gs = game_seed(seed, i)
        by_seat, swapped = seats(agents, i, swap)
        state = engine.new_game(options, deck, glyph_ids, gs)
        play_out(state, seat_agents(engine, by_seat, gs))
        rows.append(game_row(state, swapped))
    return rows


def play_out(state: Any, players: Sequence[Any], log: list | None = None) -> None:
    """Play ``state`` to its end: each seat's agent decides, and at a chance node
    (``current_player`` -1) the state's own seeded outcome, ``sample_chance()``, is applied.
    ``log`` (if given) receives the players' actions."""
    while not state.is_terminal():
        p = state.current_player
        if p == -1:
            state.apply_action(state.sample_chance())
            continue
        action = players[p].choose(state)
        state.apply_action(action)
        if log is not None:
            log.append(action)


def game_row(state: Any, swapped: bool) -> tuple:
    """One finished game as a row of ``_FIELDS``; what a state does not track counts as 0."""
    winner, tie_break = state.outcome()
    sc = state.scores()
    fl = state.flags() if hasattr(state, "flags") else {}
    taken = getattr(state, "taken", lambda p: ())
    over = getattr(state, "overchanneling", lambda p: 0)
    return (winner, tie_break, sc[0], sc[1], len(taken(0)), len(taken(1)), over(0), over(1),
            state.turn, bool(fl.get("deck_ran_out")), bool(any(fl.get("supply_ran_out", ()))),
            int(sum(fl.get("spent_glyphs", ()))), bool(fl.get("stalled")), swapped)


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


def by_seating(agents: Sequence[Any], seed: int, swap: bool, start: int, stop: int,
               play_batch: Callable[[list[Any], list[int]], list | None]) -> list[tuple[bool, Any]] | None:
    """Games ``start`` to ``stop`` played in batches of one seating each (a compiled kernel's
    ``play_batch(agents by seat, game seeds) -> rows or None``): (swapped, row) in game order, or
    None as soon as a batch is refused."""
    groups: dict[bool, list[int]] = {}
    for i in range(start, stop):
        groups.setdefault(seats(agents, i, swap)[1], []).append(i)
    played: dict[int, tuple[bool, Any]] = {}
    for swapped, games in groups.items():
        rows = play_batch(seats(agents, games[0], swap)[0], [game_seed(seed, i) for i in games])
        if rows is None:
            return None
        played.update((i, (swapped, row)) for i, row in zip(games, rows))
    return [played[i] for i in range(start, stop)]


def run_tasks(play_range: Callable[[tuple], list[tuple]], tasks: list[tuple], jobs: int,
              progress: Callable[[int], None] | None) -> list[tuple]:
    """The rows of every task, in task order, played here or by a pool of ``jobs`` processes.

    Each task ends with its (start, stop) game range; ``progress`` gets each range's size.
    Inside ``cluster.on_cluster`` the tasks go to the Dask cluster instead (same rows, same order).
    """
    from .cluster import current_client, run_on_cluster
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
    col = {f: [r[i] for r in rows] for i, f in enumerate(_FIELDS)}
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
        # see coverage.py; a row counts the turns of a spent glyph for both seats together
        "action_uses": {"both agents": {"spent glyph": sum(col["spent"])}},
    }
