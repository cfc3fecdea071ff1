"""Speed work must not change a single game: every game below, played again, gives the record
stored in ``recorded_games.json`` (a digest of each whole record, plus the first game's log).

The records were made by the engines before their hot paths were optimised: first from main at
b315d18, then again from main at 3a394f9 (issue 13 changed Grove's Banish default), each time
with the unoptimised code, and the optimised engines reproduce them. The Channeling's MCTS games
were re-recorded when its engine moved to factored decisions (issue 13: the search now covers every
decision); its random and greedy games came out identical. The Grove's digests were re-recorded once
when its games moved from a runner of its own to the run loop every engine shares, whose records
have the shared ``GameRecord`` shape: every one of these 124 games was compared with the old
runner's, field by field (actions and rolls, winner, turns, stall, first player, circles held,
cubes on each circle, tallies), and none differed; the first games' logs below are unchanged. When the
banisher came to choose which druids a Banish sends home (the default ``banish_order``), the old
default's records moved to the ``standing-first`` variant unchanged, the other variants were pinned
to ``standing_first`` (their records unchanged) and the default's were recorded anew. Re-record them
(``PYTHONPATH=. python tests/engine/test_recorded_games.py``) only in a change that alters the
rules or the agents on purpose, and say so in that change.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from channeling_helpers import DECKS, deal, edition_data  # noqa: E402

from pnp_games.grove.options import GroveOptions  # noqa: E402
from generator.play.registry import game_seed, play_game  # noqa: E402

RECORDED = Path(__file__).parent / "recorded_games.json"

# (name, engine, options, deck maker, agents, games): options varied where the code branches
GROVE_VARIANTS = {
    "default": {},
    "standing-first": {"banish_order": "standing_first"},
    "lying-first-free-banish": {"banish_order": "lying_first", "banish_needs_standing_druid": False},
    "back-to-grove-light-first": {"move_to_grove": True, "first_player": "light", "cubes_per_player": 9,
                                  "banish_order": "standing_first"},
    "four-circles-one-action": {"banish_order": "standing_first", "circles": 4, "circles_to_win": 3, "control_at": 4, "actions_per_turn": 1,
                                "dice": 2, "die_sides": 8, "banish_on": 7, "turn_cap": 80},
}


def _runs():
    for variant, changes in GROVE_VARIANTS.items():
        for agents, games in ((("greedy", "greedy"), 12), (("random", "random"), 12),
                              (("greedy", "random"), 6), (("mcts:40", "greedy"), 1)):
            yield f"grove/{variant}/{'-'.join(agents)}", "grove", GroveOptions(**changes), None, agents, games
    for edition, deck in DECKS.items():
        for agents, games in ((("greedy", "greedy"), 12), (("random", "random"), 12),
                              (("random", "greedy"), 6), (("mcts:40", "greedy"), 1)):
            yield (f"channeling/{edition}/{'-'.join(agents)}", "channeling", edition_data(edition).options,
                   deal(deck()), agents, games)


def _digest(record) -> str:
    text = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _play(engine, options, inputs, agents, games, master=7):
    return [play_game(options, inputs, game_seed(master, i), list(agents), game=engine) for i in range(games)]


def record() -> dict:
    out = {}
    for name, engine, options, inputs, agents, games in _runs():
        records = _play(engine, options, inputs, agents, games)
        out[name] = {"digests": [_digest(r) for r in records], "first_actions": records[0].actions}
    return out


RUNS = {run[0]: run[1:] for run in _runs()}


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(RECORDED.read_text())


@pytest.mark.parametrize("name", sorted(RUNS))
def test_games_match_the_recorded_ones(name, recorded):
    engine, options, inputs, agents, games = RUNS[name]
    records = _play(engine, options, inputs, agents, games)
    assert records[0].actions == recorded[name]["first_actions"]
    assert [_digest(r) for r in records] == recorded[name]["digests"]


if __name__ == "__main__":
    RECORDED.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {RECORDED}")
