"""Agents: specs, strength on small samples, and MCTS never reading hidden information."""
from __future__ import annotations

import random

import pytest

from channeling_helpers import DECKS, GLYPHS, deal, edition_data
from generator.play import agents_base
from pnp_games.channeling import new_game, parse_action
from pnp_games.channeling.agents import GreedyAgent, RandomAgent
from pnp_games.channeling.mcts import MCTSAgent
from pnp_games.grove import agents as grove_agents
from pnp_games.grove import mcts as grove_mcts
from generator.play.registry import make_agent
from generator.runs.simulation import simulate


GROVE_KINDS = {"random": agents_base.RandomAgent, "greedy": grove_agents.GreedyAgent,
               "mcts": grove_mcts.MCTSAgent}


@pytest.mark.parametrize("game,kinds,default_iterations", [
    ("channeling", {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent}, 100),
    ("grove", GROVE_KINDS, 300)])
@pytest.mark.parametrize("spec,kind,iters", [("random", "random", None), ("greedy", "greedy", None),
                                              ("mcts", "mcts", None), ("mcts:37", "mcts", 37),
                                              (" MCTS:5 ", "mcts", 5)])
def test_make_agent(game, kinds, default_iterations, spec, kind, iters):
    agent = make_agent(spec, 1, game=game)
    assert type(agent) is kinds[kind]
    if kind == "mcts":
        assert agent.iterations == (iters or default_iterations)


@pytest.mark.parametrize("game,example", [("channeling", "mcts:400"), ("grove", "mcts:300")])
@pytest.mark.parametrize("spec,message", [
    ("", "unknown agent ''"), ("rand", "unknown agent 'rand'"), ("greedy:3", "unknown agent"),
    ("mcts:0", "mcts iterations must be a positive integer"), ("mcts:x", "positive integer"),
    ("mcts:-4", "positive integer"), ("mcts:\u00b2", "positive integer")])
def test_make_agent_rejects_unknown_specs_the_same_way_in_every_engine(game, example, spec, message):
    with pytest.raises(ValueError) as caught:
        make_agent(spec, 1, game=game)
    text = str(caught.value)
    assert message in text and example in text
    if message.startswith("unknown"):
        assert "choose from random, greedy, mcts, mcts:N (N = iterations" in text


@pytest.mark.parametrize("edition", ["2025", "thirty", "forest"])
def test_greedy_beats_random(edition):
    res = simulate(edition_data(edition).options, deal(DECKS[edition]()), 60,
                   ["greedy", "random"], seed=3, swap_seats=True)
    assert res["win_rate_by_agent"]["0:greedy"]["rate"] >= 0.9


def test_mcts_plays_legal_games():
    res = simulate(edition_data("2025").options, deal(DECKS["2025"]()), 4, ["mcts:15", "greedy"],
                   seed=5, swap_seats=True)
    assert res["games"] == 4 and res["stalled"]["count"] == 0


def _two_worlds():
    """Two states that differ only in what Light cannot see: Dark's face-down glyphs and the
    order of the deck."""
    deck = DECKS["2025"]()
    a = new_game(edition_data("2025").options, deck, GLYPHS, 11)
    a.play_turn(parse_action("h[ember,moon,tide]"))
    b = a.clone()
    a.play_turn(parse_action("h[eye,root,star]"))
    b.play_turn(parse_action("h[hourglass,stone,tide]"))
    random.Random(2).shuffle(b._deck)
    assert a.hidden(1) != b.hidden(1) and a._deck != b._deck
    return a, b


def test_mcts_does_not_peek_at_hidden_glyphs_or_deck():
    a, b = _two_worlds()
    assert a.observation(0) == b.observation(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_string(1) != b.observation_string(1)
    for seed in range(3):
        assert MCTSAgent(iterations=40, seed=seed).choose(a) == \
            MCTSAgent(iterations=40, seed=seed).choose(b)


def test_determinize_reads_only_the_players_view():
    a, b = _two_worlds()
    da = a.determinize(0, random.Random(9))
    db = b.determinize(0, random.Random(9))
    assert da._deck == db._deck and da.hidden(1) == db.hidden(1)
    assert da.hidden(0) == a.hidden(0)               # own glyphs kept
    assert da.history == []                          # no record of the opponent's choice
