"""The Channeling's own figures: per game (cards taken, Splendor, Overchanneling cubes), kept in each
record and simulation row, and per run (the summary entries and the report ``simulate`` prints)."""
from __future__ import annotations

from typing import Any, Sequence

from generator.runs.stats import rate, spread, sums_by_agent

SEATS = ("light", "dark")


def figures(state: Any) -> dict[str, tuple[int, int]]:
    """A finished game's figures by seat (Light, Dark)."""
    scores = state.scores()
    over = (state.overchanneling(0), state.overchanneling(1))
    return {"cards": (len(state.taken(0)), len(state.taken(1))),
            "splendor": (scores[0] + over[0], scores[1] + over[1]), "overchanneling": over}


def figure_columns(row: Any) -> dict[str, Any]:
    """A game's figures and flags as the columns ``summarise_figures`` reads (seat 0 Light, 1 Dark), from
    its ``GameRow`` (the compiled kernel gives the same columns itself)."""
    cards, over = row.figures["cards"], row.figures["overchanneling"]
    spent, short = row.flags.get("spent_glyphs", (0, 0)), row.flags.get("supply_ran_out", (False, False))
    return {"cards_0": cards[0], "cards_1": cards[1], "overchanneling_0": over[0], "overchanneling_1": over[1],
            "spent_glyphs_0": spent[0], "spent_glyphs_1": spent[1], "supply_ran_out_0": short[0],
            "supply_ran_out_1": short[1], "deck_ran_out": row.flags.get("deck_ran_out", False)}


def summarise_figures(table: Any, agents: Sequence[str] = ()) -> dict[str, Any]:
    """The summary entries of a run: cards taken and Overchanneling cubes per game, how often the deck
    or a cube supply ran out, and games where a player had no legal move (a ``GameTable`` of the
    columns of ``figure_columns`` in)."""
    n = len(table)
    col = table.figures
    cards, over = (col["cards_0"], col["cards_1"]), (col["overchanneling_0"], col["overchanneling_1"])
    spent_by_seat = (col["spent_glyphs_0"], col["spent_glyphs_1"])
    spent = [a + b for a, b in zip(*spent_by_seat)]
    # the rule a simulation most easily leaves untested (see generator/runs/coverage.py), by agent
    # (agent 0 sits at Light unless the seats are swapped)
    spent_by_agent = sums_by_agent(*spent_by_seat, table.swapped)
    return {
        "cards_taken_per_game": {"total": spread([a + b for a, b in zip(*cards)]),
                                 **{seat: spread(cards[p]) for p, seat in enumerate(SEATS)}},
        "overchanneling_per_game": {"total": spread([a + b for a, b in zip(*over)]),
                                    **{seat: spread(over[p]) for p, seat in enumerate(SEATS)}},
        "deck_ran_out": rate(sum(1 for ran_out in col["deck_ran_out"] if ran_out), n),
        "supply_ran_out": rate(sum(1 for a, b in zip(col["supply_ran_out_0"], col["supply_ran_out_1"]) if a or b), n),
        "no_legal_move": {**rate(sum(1 for s in spent if s), n), "turns_total": sum(spent)},
        "action_uses": {f"agent {i}": {"spent glyph": spent_by_agent[i]} for i in (0, 1)},
    }


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
