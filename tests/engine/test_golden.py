"""Golden playthroughs: fixed games whose every action and result must not change silently.

Regenerate ``golden_playthroughs.json`` only for an intended change of rules, setup or agents.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from channeling_helpers import DECKS, deal, edition_data
from generator.play.registry import play_game, replay

GOLDEN = json.loads((Path(__file__).parent / "golden_playthroughs.json").read_text())


@pytest.mark.parametrize("edition", sorted(GOLDEN))
def test_golden_playthrough(edition):
    g = GOLDEN[edition]
    options = edition_data(edition).options
    rec = play_game(options, deal(DECKS[edition]()), g["seed"], g["agents"])
    assert rec.actions == g["actions"]
    assert list(rec.scores) == g["scores"] and rec.winner == g["winner"]
    assert rec.tie_break == g["tie_break"] and rec.turns == g["turns"]
    state = replay(options, deal(DECKS[edition]()), g["seed"], g["actions"])
    assert list(state.scores()) == g["scores"]


def record() -> dict:
    """The golden playthroughs played again by the engine (each edition's seed and agents kept)."""
    out = {}
    for edition, g in GOLDEN.items():
        rec = play_game(edition_data(edition).options, deal(DECKS[edition]()), g["seed"], g["agents"])
        out[edition] = {**g, "actions": rec.actions, "scores": list(rec.scores), "winner": rec.winner,
                        "tie_break": rec.tie_break, "turns": rec.turns}
    return out


if __name__ == "__main__":  # PYTHONPATH=.:tests/engine python tests/engine/test_golden.py
    path = Path(__file__).parent / "golden_playthroughs.json"
    path.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {path}")
