"""Views that respect hidden information: a player's observation and log reveal nothing of the
opponent's face-down glyphs; the full log stays the truth for replays."""
from __future__ import annotations

import random
import re

from channeling_helpers import deal, edition_data, fixed, plain_deck, play_random_turn

from generator.play.positions import build_position
from generator.play.registry import new_game
from pnp_testing import run_cli

HIDE = re.compile(r"h\[([^\]]*)\]")


def played(seed: int, turns: int = 24):
    data = edition_data("2025")
    s = new_game(data.options, data.inputs, seed, game="channeling")
    rng = random.Random(seed)
    while s.turn < turns and not s.is_terminal():
        play_random_turn(s, rng)
    return s


def test_the_log_a_player_sees_masks_only_the_opponents_face_down_choices():
    s = played(1)
    truth = [str(a) for a in s.history]
    assert sum(1 for t in truth if t.startswith("h[")) >= 4  # both players hid, at setup and later
    for viewer in (0, 1):
        seen = s.observation(viewer).history
        assert len(seen) == len(truth)
        for i, (shown, real) in enumerate(zip(seen, truth)):
            actor = i % 2  # Light hid first, then every action passes the turn
            if actor == viewer or not real.startswith("h["):
                assert shown == real
            else:
                assert HIDE.match(shown).group(1) == "3 hidden"
                assert HIDE.sub("", shown).strip() == HIDE.sub("", real).strip()


def test_an_observation_is_the_same_whatever_the_opponent_hid():
    common = {"druids": {"light": ["b2", "c3"], "dark": ["b3", "c2"]}, "cubes": {"a1": 2},
              "hand": {"light": ["moon", "tide", "root", "eye", "ember"], "dark": ["ember", "stone", "star", "eye", "tide"]},
              "hidden": {"light": ["stone", "star", "hourglass"]}}
    a = build_position("channeling", fixed("2025"), {**common, "hidden": {**common["hidden"], "dark": ["root", "moon", "hourglass"]}},
                       deal(plain_deck(36)))
    b = build_position("channeling", fixed("2025"), {**common, "hand": {**common["hand"], "dark": ["ember", "root", "star", "eye", "moon"]},
                                                     "hidden": {**common["hidden"], "dark": ["stone", "tide", "hourglass"]}},
                       deal(plain_deck(36)))
    # Dark's unplayed glyphs are the same set in both (all eight); only which are face down differs
    assert a.observation(0) == b.observation(0) and a.observation_string(0) == b.observation_string(0)
    assert a.observation(1) != b.observation(1)


def test_replay_as_one_player_hides_the_others_choices():
    result = run_cli("replay", "the-channeling", "--seed", "3", "--agents", "random,random", "--view", "dark")
    assert result.returncode == 0, result.stderr
    light_lines = [line for line in result.stdout.splitlines() if " Light: h[" in line]
    dark_lines = [line for line in result.stdout.splitlines() if " Dark: h[" in line]
    assert light_lines and all("h[3 hidden]" in line for line in light_lines)
    assert dark_lines and not any("hidden]" in line for line in dark_lines)
    full = run_cli("replay", "the-channeling", "--seed", "3", "--agents", "random,random")
    assert "hidden]" not in full.stdout  # the full log stays the truth
