"""Balance figures of The Channeling from simulated games: win rates with 95% intervals, score and
length distributions, tie and stall rates."""
from __future__ import annotations

from collections import Counter
from typing import Any

from generator.rulebook.hooks import counts, share, spread

# one row per game, in this order
ROW = ("winner", "tie_break", "score0", "score1", "turns", "cards0", "cards1", "stalled", "deck_ran_out",
       "supply_ran_out", "spent", "spent0", "spent1")


def row(record: Any) -> list:
    """The balance row of one played game (a ``GameRecord``)."""
    flags = record.flags
    return [record.winner, record.tie_break, record.scores[0], record.scores[1], record.turns, record.cards[0],
            record.cards[1], bool(flags.get("stalled")), bool(flags.get("deck_ran_out")),
            bool(any(flags.get("supply_ran_out") or ())), int(sum(flags.get("spent_glyphs") or ())),
            *(int(n) for n in (flags.get("spent_glyphs") or (0, 0)))]


def uses(row: list) -> list[dict[str, int]]:
    """What a game's row tells of the rules each seat used: the one rarely used, a glyph spent
    without effect because no druid could move."""
    return [{"a spent glyph": row[ROW.index(f"spent{p}")]} for p in (0, 1)]


def figures(rows: list[list]) -> dict[str, Any]:
    """The figures of one run (rows as ``row`` gives them), JSON-ready."""
    n = len(rows)
    col = {name: [r[i] for r in rows] for i, name in enumerate(ROW)}
    wins = Counter(col["winner"])
    ties = [r for r in rows if r[2] == r[3] and not r[7]]
    broken = Counter((r[1] or "unbroken") for r in ties)
    return {
        "games": n,
        "light": share(wins.get(0, 0), n),
        "dark": share(wins.get(1, 0), n),
        "draw": share(wins.get(None, 0), n),
        "ties": {**share(len(ties), n), "fewer_cards": broken.get("fewer_cards", 0),
                 "second_player": broken.get("second_player", 0), "unbroken": broken.get("unbroken", 0)},
        "stalled": share(sum(col["stalled"]), n),
        "deck_ran_out": share(sum(col["deck_ran_out"]), n),
        "supply_ran_out": share(sum(col["supply_ran_out"]), n),
        "no_legal_move": share(sum(1 for s in col["spent"] if s), n),
        "scores": {"light": spread(col["score0"]), "dark": spread(col["score1"]),
                   "margin": spread([a - b for a, b in zip(col["score0"], col["score1"])]),
                   "margin_abs": spread([abs(r[2] - r[3]) for r in rows if not r[7]])},
        "turns": spread(col["turns"]),
        # games stopped at the turn limit are not play: the length players can expect leaves them out
        "turns_finished": spread([r[4] for r in rows if not r[7]]),
        "cards": {"light": spread(col["cards0"]), "dark": spread(col["cards1"])},
        "histograms": {"light": counts(col["score0"]), "dark": counts(col["score1"]),
                       "turns": counts(col["turns"])},
    }
