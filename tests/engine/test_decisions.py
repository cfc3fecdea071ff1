"""The Channeling's decisions: fixed ids that round-trip, small branching, chance draws from the
seeded deck, and agents that follow a turn someone else began."""
from __future__ import annotations

import random
from math import comb

import pytest

from channeling_helpers import DECKS, EDITIONS, GLYPHS, edition_data
from pnp_games.channeling import new_game
from pnp_games.channeling.agents import GreedyAgent, RandomAgent
from pnp_games.channeling.decisions import DRAW, HIDE, PLAY
from generator.play.errors import ActionSyntaxError, IllegalActionError
from generator.play.registry import game_seed

MAX_BRANCHING = 64


def fresh(edition: str, seed: int = 0):
    return new_game(edition_data(edition).options, DECKS[edition](), GLYPHS, seed)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_id_has_a_text_that_reads_back(edition):
    state = fresh(edition)
    ids = state.decision_ids
    o = edition_data(edition).options
    hides = comb(o.hand_size, o.hidden_glyphs) if o.hidden_glyphs else 0
    assert state.num_distinct_actions() == hides + o.hand_size + 4 * o.grid_size ** 2
    assert state.max_chance_outcomes() == len(DECKS[edition]())
    texts = [ids.to_string(i) for i in range(state.num_distinct_actions())]
    assert len(set(texts)) == len(texts)
    assert [ids.parse(t) for t in texts] == [(i, False) for i in range(len(texts))]
    for card in range(state.max_chance_outcomes()):
        assert ids.parse(ids.to_string(card, chance=True)) == (card, True)
    for bad in ("play nosuch", "to z9", "hide ember,ember,moon", "draw 999", "jump b2", ""):
        with pytest.raises(ActionSyntaxError):
            ids.parse(bad)
    with pytest.raises(ValueError):
        ids.to_string(state.num_distinct_actions())


def _branching(edition: str, games: int, agent) -> tuple[int, int]:
    """(largest number of legal decisions met at any player decision, decisions seen)."""
    widest = seen = 0
    for i in range(games):
        seed = game_seed(11, i)
        state = fresh(edition, seed)
        players = [agent(seed), agent(seed + 1)]
        while not state.is_terminal():
            p = state.current_player
            if p < 0:
                state.apply_action(state.sample_chance())
                continue
            widest = max(widest, len(state.legal_actions()))
            seen += 1
            state.apply_action(players[p].choose(state))
    return widest, seen


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_decision_offers_more_than_64_choices(edition):
    widest, seen = _branching(edition, 300, RandomAgent)
    assert seen > 300 * 20 and widest <= MAX_BRANCHING
    assert _branching(edition, 30, GreedyAgent)[0] <= MAX_BRANCHING


def test_the_face_down_choice_is_one_decision_of_56():
    state = fresh("2025")
    assert state.phase == HIDE and len(state.legal_actions()) == 56
    state.apply_action(state.string_to_action("hide eye,moon,tide"))
    assert state.current_player == 1 and state.history[-1].hide == ("eye", "moon", "tide")
    state.apply_action(state.legal_actions()[0])
    assert state.phase == PLAY and len(state.legal_actions()) == 5


def test_refill_draws_are_chance_nodes_from_the_top_of_the_deck():
    for seed in range(40):
        state, agent = fresh("thirty", seed), GreedyAgent(seed)
        while state.current_player >= 0:
            state.apply_action(agent.choose(state))
        if state.phase == DRAW:
            break
    assert state.current_player == -1
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == state.legal_actions() == sorted(state._deck)
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    top = state.sample_chance()
    assert top == state._deck[-1] and state.sample_chance(random.Random(1)) in state._deck
    with pytest.raises(IllegalActionError):
        state.apply_action(len(DECKS["thirty"]()))      # no such card
    other = state.clone()
    other.apply_action(outcomes[0][0] if outcomes[0][0] != top else outcomes[1][0])
    state.apply_action(top)
    assert other.deck_size == state.deck_size


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("agent", [RandomAgent, GreedyAgent])
def test_agents_finish_turns_begun_by_another_chooser(edition, agent):
    for seed in range(4):
        state, rng = fresh(edition, seed), random.Random(seed)
        players = [agent(seed), agent(seed + 1)]
        while not state.is_terminal():
            p = state.current_player
            if p < 0:
                state.apply_action(state.sample_chance())
            elif rng.random() < 0.3:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                choice = players[p].choose(state)
                assert choice in state.legal_actions()
                state.apply_action(choice)


def test_a_decision_out_of_turn_is_refused_and_changes_nothing():
    state = fresh("thirty")
    before = str(state)
    for text in ("from b2", "to c3", "via c2", "refill c3"):
        with pytest.raises(IllegalActionError):
            state.apply_action(state.string_to_action(text))
    with pytest.raises(IllegalActionError):
        state.apply_action(-1)
    assert str(state) == before and state.decisions == []
