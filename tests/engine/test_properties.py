"""Property tests: invariants after every action over random seeds, agents and editions."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from channeling_helpers import DECKS, EDITIONS, GLYPHS, edition_data, fixed
from channeling_invariants import play_checked
from pnp_games.channeling import ChannelingOptions, new_game, parse_action
from pnp_games.channeling.agents import GreedyAgent, RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**63 - 1), edition=hs.sampled_from(EDITIONS),
       light=hs.sampled_from(sorted(AGENTS)), dark=hs.sampled_from(sorted(AGENTS)))
def test_invariants_hold_after_every_action(seed, edition, light, dark):
    deck = DECKS[edition]()
    state = new_game(edition_data(edition).options, deck, GLYPHS, seed)
    agents = [AGENTS[light](seed), AGENTS[dark](seed + 1)]
    end = play_checked(state, agents, len(deck), GLYPHS)
    assert end.is_terminal()


option_changes = hs.fixed_dictionaries({}, optional={
    "hidden_glyphs": hs.integers(0, 5),
    "cubes_per_player": hs.integers(0, 60),
    "end_trigger_cards": hs.integers(1, 12),
    "placement_moved": hs.integers(0, 5),
    "placement_stationary": hs.integers(0, 4),
    "placement_between": hs.integers(0, 3),
    "cubes_returned_basis": hs.sampled_from(["vigor", "splendor"]),
    "line_assignment": hs.sampled_from(["shuffled", "fixed"]),
    "druid_start": hs.sampled_from(["light_main_diagonal", "dark_main_diagonal"]),
    "move_origin": hs.sampled_from(["anywhere", "in_line"]),
    "turn_cap": hs.integers(1, 120),
    "tie_breakers": hs.sampled_from([(), ("fewer_cards",), ("second_player",),
                                     ("second_player", "fewer_cards")]),
})


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**32), changes=option_changes, deck_len=hs.integers(0, 40),
       agent=hs.sampled_from(sorted(AGENTS)))
def test_invariants_hold_under_any_options(seed, changes, deck_len, agent):
    options = ChannelingOptions.model_validate(changes)
    r = random.Random(seed)
    deck = DECKS["2025"]()[:deck_len] if deck_len <= 36 else DECKS["2025"]() + DECKS["forest"]()
    r.shuffle(deck)
    state = new_game(options, deck, GLYPHS, seed)
    play_checked(state, [AGENTS[agent](seed), RandomAgent(seed + 7)], len(deck), GLYPHS)


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 2**32), edition=hs.sampled_from(EDITIONS))
def test_decisions_are_legal_and_round_trip_and_turns_replay(seed, edition):
    deck = DECKS[edition]()
    options = fixed(edition) if seed % 2 else edition_data(edition).options
    state = new_game(options, deck, GLYPHS, seed)
    replayed = new_game(options, deck, GLYPHS, seed)
    agent = RandomAgent(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal) and legal == sorted(legal)
        chance = state.current_player < 0
        a = state.sample_chance() if chance else agent.choose(state)
        assert a in legal and state.string_to_action(state.action_to_string(a)) == a
        done = len(state.history)
        state.apply_action(a)
        if len(state.history) > done:   # a whole turn: its record replays to the same position
            turn = state.history[-1]
            assert parse_action(str(turn)) == turn
            replayed.play_turn(parse_action(str(turn)))
            assert str(replayed) == str(state) and replayed.history == state.history


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 2**32), edition=hs.sampled_from(EDITIONS))
def test_same_seed_same_game(seed, edition):
    deck = DECKS[edition]()
    games = []
    for _ in range(2):
        state = new_game(edition_data(edition).options, deck, GLYPHS, seed)
        agents = [GreedyAgent(seed), RandomAgent(seed)]
        while not state.is_terminal():
            p = state.current_player
            state.apply_action(state.sample_chance() if p < 0 else agents[p].choose(state))
        games.append([str(a) for a in state.history])
    assert games[0] == games[1]
