"""Play, replay and simulate Battle for the Grove: seeded agents, seeded dice, summary figures.

A game is fixed by (options, seed, agents): the agents' seeds and the dice stream are derived from
the game's seed, and every roll is recorded in the action log, so ``replay_log`` rebuilds any game
from its log alone. Game ``i`` of a simulation uses ``game_seed(seed, i)``, so results do not depend
on the number of processes.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

from generator.play.rng import SplitMix64
from generator.play.seeds import derive_seed, game_seed
from generator.runs.simulation import by_seating, check_run, chunks, run_tasks, seats
from generator.runs.stats import rate, spread
from pnp_games.grove.actions import format_action
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.state import CHANCE, PLAYER_NAMES, TALLIES, State, replay


@dataclass
class GroveRecord:
    """One played game: the log (rolls included), the result and what happened along the way."""

    game: str
    seed: int
    agents: tuple[str, str]            # by colour: (Light, Dark)
    first_player: int | None
    actions: list[str]
    winner: int | None                  # 0 Light, 1 Dark, None stalled
    turns: int
    stalled: bool
    controlled: tuple[int, int]         # circles held at the end
    cubes_on_circles: dict[str, tuple[int, int]]
    tallies: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))

    @property
    def scores(self) -> tuple[int, int]:
        """The final score of each player: the circles they hold at the end."""
        return self.controlled

    @property
    def tie_break(self) -> None:
        return None  # a game is won outright or stalls

    @property
    def flags(self) -> dict[str, Any]:
        return {"stalled": self.stalled}

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["agents"], d["controlled"] = list(self.agents), list(self.controlled)
        d["cubes_on_circles"] = {k: list(v) for k, v in self.cubes_on_circles.items()}
        d["tallies"] = list(self.tallies)
        return d


def _seeds(seed: int) -> tuple[int, int, int]:
    return derive_seed("dice", seed), derive_seed("agent", seed, 0), derive_seed("agent", seed, 1)


def _agents(specs: Sequence[Any], seed: int, seeds: tuple[int, int, int] | None = None) -> list[Any]:
    from pnp_games.grove.agent_specs import make_agent
    if len(specs) != 2:
        raise ValueError(f"expected two agents (Light, Dark), got {len(specs)}")
    _, a, b = seeds or _seeds(seed)
    return [make_agent(s, k) if isinstance(s, str) else s for s, k in zip(specs, (a, b))]


def play_game(options: GroveOptions, seed: int, agents: Sequence[Any]) -> GroveRecord:
    """Play one game; ``agents`` are specs ("greedy", "mcts:300") or agent objects, Light first."""
    seeds = _seeds(seed)
    players = _agents(agents, seed, seeds)
    dice = SplitMix64(seeds[0])
    state = State(options)
    while True:
        p = state.current_player
        if p >= 0:
            state.apply_action(players[p].choose(state))
        elif p == CHANCE:
            state.apply_action(state.sample_chance(dice))
        else:
            return _record(state, seed, agents)


def _record(state: State, seed: int, agents: Sequence[Any]) -> GroveRecord:
    names = tuple(a if isinstance(a, str) else getattr(a, "name", type(a).__name__) for a in agents)
    circles = state.places()[1:]
    return GroveRecord("grove", seed, names, state.first_player, list(map(format_action, state.history)),
                       state.winner(), state.turn, state.is_stalled(),
                       (state.controlled(0), state.controlled(1)), {c: state.cubes(c) for c in circles},
                       (state.tally(0), state.tally(1)))


def replay_log(actions: Sequence[str], options: GroveOptions | None = None) -> State:
    """The final state of a logged game (see ``state.replay``)."""
    return replay(actions, options)


def turn_log(record: GroveRecord, options: GroveOptions | None = None) -> list[str]:
    """A readable turn-by-turn account of a recorded game, rolls shown with their action."""
    state = State(options)
    lines: list[str] = []
    for text in record.actions:
        who, number = state.current_player, state.turn + 1
        state.push(text)
        if text.startswith("first"):
            light, dark = text.split()[1].split("-")
            lines.append(f"first-player roll: light {light}, dark {dark}"
                         + ("" if state.first_player is None else f"; {PLAYER_NAMES[state.first_player]} starts"))
        elif text.startswith("roll"):
            lines[-1] += f" [{text[5:]}]"
        else:
            lines.append(f"turn {number}: {PLAYER_NAMES[who]} {text}")
    result = "stalled" if record.stalled else f"{PLAYER_NAMES[record.winner]} wins"
    lines.append(f"{result} after {record.turns} turns")
    return lines


# the action kinds a player chooses, by the tally that counts them (end, after a bonus, is not counted)
ACTION_TALLIES = {"stands": "stand", "moves": "move", "channels": "channel", "stuns": "stun",
                  "banishes": "banish", "passes": "pass"}
_ROW = ("winner", "first", "turns", "stalled", "swapped", "tallies")  # tallies: per seat, in TALLIES order


def _play_range(args: tuple) -> list[tuple]:
    options, agents, seed, swap, start, stop = args
    rows = _kernel_range(options, agents, seed, swap, start, stop)
    if rows is not None:
        return rows
    rows = []
    for i in range(start, stop):
        gs = game_seed(seed, i)
        by_seat, swapped = seats(agents, i, swap)
        r = play_game(options, gs, by_seat)
        rows.append((r.winner, r.first_player, r.turns, r.stalled, swapped,
                     tuple(tuple(t[k] for k in TALLIES) for t in r.tallies)))
    return rows


def _kernel_range(options: GroveOptions, agents: Sequence[str], seed: int, swap: bool, start: int,
                  stop: int) -> list[tuple] | None:
    """The rows of games ``start`` to ``stop`` played by the compiled kernel (the same games the
    Python engine plays), or None when it is not built or does not play these agents."""
    from . import kernel
    played = by_seating(agents, seed, swap, start, stop,
                        lambda pair, seeds: kernel.play_rows(options, [_seeds(s) for s in seeds], pair))
    if played is None:
        return None
    return [(w, f, turns, stalled, swapped, tallies) for swapped, (w, f, turns, stalled, tallies, _) in played]


def simulate(options: GroveOptions, games: int, agents: Sequence[str], seed: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, *, swap_seats: bool = False) -> dict[str, Any]:
    """Play ``games`` games and summarise them (see ``summarise``).

    :raises ValueError: for a non-positive game or job count or a bad agent spec.
    """
    check_run(games, jobs)
    _agents(agents, 0)  # reject bad specs before starting
    tasks = [(options, list(agents), seed, swap_seats, a, b) for a, b in chunks(games, jobs, per_job=8, most=500)]
    rows = run_tasks(_play_range, tasks, jobs, progress)
    return summarise(rows, options=options, agents=agents, seed=seed, swap_seats=swap_seats)


def summarise(rows: Sequence[tuple], *, options: GroveOptions, agents: Sequence[str], seed: int,
              swap_seats: bool) -> dict[str, Any]:
    """Win rates by colour, by turn order and by agent (95% Wilson intervals), game length, tallies."""
    n = len(rows)
    winners = [r[0] for r in rows]
    decided = [r for r in rows if r[0] is not None]
    first_wins = sum(1 for r in decided if r[0] == r[1])
    agent_wins = [0, 0]
    for r in decided:
        agent_wins[r[0] ^ int(r[4])] += 1
    per_game = {key: spread([r[5][0][i] + r[5][1][i] for r in rows]) for i, key in enumerate(TALLIES)}
    uses = [dict.fromkeys(ACTION_TALLIES.values(), 0), dict.fromkeys(ACTION_TALLIES.values(), 0)]
    for tally, kind in ACTION_TALLIES.items():
        i = TALLIES.index(tally)
        for r in rows:
            swapped = int(r[4])
            uses[swapped][kind] += r[5][0][i]
            uses[1 - swapped][kind] += r[5][1][i]
    return {
        "game": "grove", "games": n, "seed": seed, "agents": list(agents), "swap_seats": swap_seats,
        "options": options.model_dump(mode="json"),
        "wins": {"light": winners.count(0), "dark": winners.count(1), "stalled": winners.count(None)},
        "win_rate_by_colour": {"light": rate(winners.count(0), n), "dark": rate(winners.count(1), n),
                               "stalled": rate(winners.count(None), n)},
        "win_rate_by_turn_order": {"first": rate(first_wins, n), "second": rate(len(decided) - first_wins, n)},
        "light_moved_first": rate(sum(1 for r in rows if r[1] == 0), n),
        "win_rate_by_agent": {f"{i}:{a}": rate(agent_wins[i], n) for i, a in enumerate(agents)},
        "turns": spread([r[2] for r in rows]),
        "turns_of_decided_games": spread([r[2] for r in decided]),
        "per_game_totals": per_game,
        "action_uses": {f"{i}:{a}": uses[i] for i, a in enumerate(agents)},  # see engine/coverage.py
    }


def _pct(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f})"


def format_summary(res: dict[str, Any]) -> str:
    """A short human-readable report of a ``simulate`` result."""
    t = res["per_game_totals"]
    lines = [
        f"{res['games']} games of Battle for the Grove, agents {res['agents'][0]} (Light) vs {res['agents'][1]} (Dark)"
        + (", seats swapped every other game" if res["swap_seats"] else ""),
        f"Light wins {_pct(res['win_rate_by_colour']['light'])}",
        f"Dark wins  {_pct(res['win_rate_by_colour']['dark'])}",
        f"stalled    {_pct(res['win_rate_by_colour']['stalled'])}",
        f"first player wins {_pct(res['win_rate_by_turn_order']['first'])}; "
        f"second player wins {_pct(res['win_rate_by_turn_order']['second'])}",
    ]
    if res["swap_seats"]:
        lines += [f"agent {name} wins {_pct(entry)}" for name, entry in res["win_rate_by_agent"].items()]
    lines += [
        f"turns per game: {res['turns']['mean']:.1f} ± {res['turns']['stdev']:.1f} "
        f"(median {res['turns']['median']:.0f}, max {res['turns']['max']:.0f})",
        f"per game: {t['channels']['mean']:.1f} channels, {t['stuns']['mean']:.1f} stuns, "
        f"{t['banishes']['mean']:.1f} banishes, {t['control_lost']['mean']:.2f} circles lost, "
        f"{t['passes']['mean']:.2f} passes",
    ]
    return "\n".join(lines)
