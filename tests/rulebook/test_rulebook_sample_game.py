"""Appendix A is a real game: its printed moves replay in the engine to its printed final score, and
the replay command the designer's report prints plays the same game."""
from __future__ import annotations

import re

from rulebook_helpers import section

from pnp_games.channeling.actions import parse_action
from generator.play.errors import ActionSyntaxError


def printed_game(book: dict) -> dict:
    text = section(book["pages"], "Appendix A: A sample game")
    report = "\n".join(book["report_pages"])
    command = re.search(r"python build\.py replay (\S+) --edition (\S+) --seed (\d+) --agents (\S+)", report)
    actions = []
    for line in text.splitlines():
        candidate = line.strip().removeprefix("Notation: ")
        try:
            parse_action(candidate)
        except ActionSyntaxError:
            continue
        actions.append(candidate)
    score = re.search(r"Final score\s*\n\s*(\d+)\s*\n\s*(\d+)", text)
    return {"game": command.group(1), "edition": command.group(2), "seed": int(command.group(3)),
            "agents": command.group(4).split(","), "actions": actions,
            "score": (int(score.group(1)), int(score.group(2)))}


def test_printed_moves_replay_to_the_printed_score(book_2025):
    from generator.play.registry import get_engine, play_game, replay
    from generator.model import load_edition

    game = printed_game(book_2025)
    edition = load_edition(game["game"], game["edition"])
    engine = get_engine(edition.engine)
    options = engine.options_model.model_validate(edition.rules)
    deck = engine.expand_deck(edition.deck_entries)
    state = replay(options, deck, edition.glyph_ids, game["seed"], game["actions"], game=engine.name)
    assert state.is_terminal()
    assert tuple(state.scores()) == game["score"]
    record = play_game(options, deck, edition.glyph_ids, game["seed"], game["agents"], game=engine.name)
    assert record.actions == game["actions"]  # every move is printed, in order, none twice


def test_printed_replay_command_plays_the_same_game(book_2025, rulebook_env):
    from pnp_testing import run_cli

    game = printed_game(book_2025)
    result = run_cli("replay", game["game"], "--edition", game["edition"], "--seed", str(game["seed"]),
                     "--agents", ",".join(game["agents"]), env=rulebook_env)
    assert result.returncode == 0, result.stderr
    light, dark = game["score"]
    assert f"final scores Light {light}, Dark {dark}" in result.stdout
    for action in game["actions"]:
        assert action in result.stdout
