"""Battle for the Grove's own figures: per game (who rolled first, the cubes on each circle, what each
player did), kept in each record and simulation row; per run (the summary entries and the report
``simulate`` prints); and a recorded game told turn by turn.

Every game is played by the run loop every engine shares (``generator.play.loop``): the agents'
seeds and the dice stream come from the game's seed, and every roll is in the action log, so
``state.replay`` rebuilds any game from its log alone.
"""
from __future__ import annotations

from typing import Any, Sequence

from generator.play.records import GameRecord, GameRow, GameTable
from generator.runs.stats import rate, spread, sums_by_agent
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.state import PLAYER_NAMES, TALLIES, State

# the action kinds a player chooses, by the tally that counts them (end, after a bonus, is not counted)
ACTION_TALLIES = {"stands": "stand", "moves": "move", "channels": "channel", "stuns": "stun",
                  "banishes": "banish", "passes": "pass"}


def figures(state: State) -> dict[str, Any]:
    """A finished game's figures: who rolled first, (Light, Dark) cubes by circle, each player's tallies."""
    return {"first_player": state.first_player,
            "cubes_on_circles": {c: state.cubes(c) for c in state.places()[1:]},
            "tallies": (state.tally(0), state.tally(1))}


def figure_columns(row: GameRow) -> dict[str, Any]:
    """A game's figures as the columns ``summarise_figures`` reads: who rolled first and each player's
    tallies (``{tally}_0`` Light's, ``{tally}_1`` Dark's), from its ``GameRow`` (the compiled kernel
    gives the same columns itself)."""
    tallies = row.figures["tallies"]
    return {"first_player": row.figures["first_player"],
            **{f"{key}_{p}": tallies[p][key] for p in (0, 1) for key in TALLIES}}


def summarise_figures(table: GameTable, agents: Sequence[str]) -> dict[str, Any]:
    """The summary entries of a run: wins by turn order (95% Wilson intervals), who moved first, the
    length of decided games, what happened per game and how often each agent took each action (a
    ``GameTable`` of the columns of ``figure_columns`` in)."""
    n = len(table)
    col = table.figures
    first = col["first_player"]
    decided = [i for i, winner in enumerate(table.winner) if winner is not None]
    first_wins = sum(1 for i in decided if table.winner[i] == first[i])
    uses: list[dict[str, int]] = [{}, {}]
    for tally, kind in ACTION_TALLIES.items():
        uses[0][kind], uses[1][kind] = sums_by_agent(col[f"{tally}_0"], col[f"{tally}_1"], table.swapped)
    return {
        "win_rate_by_turn_order": {"first": rate(first_wins, n), "second": rate(len(decided) - first_wins, n)},
        "light_moved_first": rate(first.count(0), n),
        "turns_of_decided_games": spread([table.turns[i] for i in decided]),
        "per_game_totals": {key: spread([a + b for a, b in zip(col[f"{key}_0"], col[f"{key}_1"])])
                            for key in TALLIES},
        "action_uses": {f"{i}:{a}": uses[i] for i, a in enumerate(agents)},  # see generator/runs/coverage.py
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
        f"Light wins {_pct(res['win_rate_by_seat']['light'])}",
        f"Dark wins  {_pct(res['win_rate_by_seat']['dark'])}",
        f"stalled    {_pct(res['stalled'])}",
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


def turn_log(record: GameRecord, options: GroveOptions | None = None) -> list[str]:
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
    result = "stalled" if record.winner is None else f"{PLAYER_NAMES[record.winner]} wins"
    lines.append(f"{result} after {record.turns} turns")
    return lines
