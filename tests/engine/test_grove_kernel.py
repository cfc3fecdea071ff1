"""The compiled Grove kernel against its Python twin: the same seeds give the same games, every
decision and roll in the same order and the same result and tallies, and a run's games the same
table of results (the seeds derived in C), across the rule options where the code branches and
every agent pair the kernel plays. The default run plays a few
hundred games; the ``long`` run 10,000 per option set. Skipped when the kernel is not built (or
``PNP_KERNEL=0``): the Python engine then plays everything and nothing is compared."""
from __future__ import annotations

import pytest

from pnp_games.grove import kernel
from pnp_games.grove.actions import FIRST, ROLL, SEND, parse_action, place_index
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.kernel import game_seeds
from pnp_games.grove.state import TALLIES
from pnp_games.grove.tables import OP_OF_KIND
from generator.play.records import GameTable
from generator.play.registry import play_game
from generator.play.seeds import game_seed
from pnp_games.grove.summary import figure_columns
from generator.runs.simulation import simulate

VARIANTS = {
    "default": {},
    "standing-first": {"banish_order": "standing_first"},
    "lying-first-free-banish": {"banish_order": "lying_first", "banish_needs_standing_druid": False},
    "strict-banish": {"banish_needs_standing_druid": True},
    "back-to-grove-light-first": {"move_to_grove": True, "first_player": "light", "cubes_per_player": 9},
    "four-circles-one-action": {"circles": 4, "circles_to_win": 3, "control_at": 4, "actions_per_turn": 1,
                                "dice": 2, "die_sides": 8, "banish_on": 7, "turn_cap": 80},
    "no-bonus-short-supply": {"stand_bonus_at_grove": False, "cubes_per_player": 5, "control_at": 3},
    "six-circles-many-druids": {"circles": 6, "circles_to_win": 4, "druids_per_player": 12, "control_at": 5,
                                "turn_cap": 150},
    "dice-beyond-the-table": {"dice": 5, "die_sides": 10, "banish_on": 9, "control_at": 9, "turn_cap": 120},
}
PAIRS = [("random", "random"), ("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]


def _code(action, options: GroveOptions) -> int:
    """A Python action in the kernel's log code (see ``GroveKernel.play_games``)."""
    if action.kind == ROLL:
        code = 0
        for face in reversed(action.dice):
            code = code * (options.die_sides + 1) + face
        return -1 - code
    if action.kind == FIRST:
        return -(100_000_000 + action.dice[0] * 1000 + action.dice[1])
    if action.kind == SEND:
        return OP_OF_KIND[SEND] * 64 + (action.home[0] + 1) * 8 + action.home[1] + 1
    at = place_index(action.at) if action.at else -1
    to = place_index(action.to) if action.to else -1
    return OP_OF_KIND[action.kind] * 64 + (at + 1) * 8 + to + 1


def _compare(changes: dict, agents: tuple[str, str], seeds: list[int]) -> int:
    """The number of Banish choices (``send``) the games compared made."""
    options = GroveOptions(**changes)
    rows = kernel.play_rows(options, [game_seeds(s) for s in seeds], agents, log=True)
    assert rows is not None
    sends = 0
    for seed, (winner, first, turns, stalled, tallies, log, cubes) in zip(seeds, rows):
        python = play_game(options, None, seed, list(agents), game="grove")
        expected = [_code(parse_action(text), options) for text in python.actions]
        sends += sum(text.startswith("send") for text in python.actions)
        assert log == expected, f"seed {seed}: first difference at step " \
            f"{next(i for i, (a, b) in enumerate(zip(log + [None], expected + [None])) if a != b)}"
        assert (winner, first, turns, stalled) == (python.winner, python.first_player, python.turns,
                                                   python.flags["stalled"])
        assert tallies == tuple(tuple(t[k] for k in TALLIES) for t in python.tallies)
        assert [light or -dark for light, dark in python.cubes_on_circles.values()] == list(cubes)
    expected = [_python_row(options, seed, agents) for seed in seeds]
    assert kernel.game_rows(options, None, seeds, agents) == expected
    # the same games as a table: the kernel derives the dice's and agents' seeds and keeps the results in C
    table = kernel.game_for(options).play_table(seeds, *(kernel.kernel_agent(a) for a in agents))
    assert kernel.as_table(table) == GameTable.from_rows(expected, figure_columns)
    return sends


def _python_row(options: GroveOptions, seed: int, agents: tuple[str, str]):
    """The run loop's row of the Python engine's game."""
    from generator.play.loop import game_row, play
    from generator.play.registry import get_engine
    engine = get_engine("grove")
    return game_row(engine, play(engine, options, None, seed, agents), False)


@pytest.fixture(autouse=True)
def _kernel_built():
    if kernel.game_for(GroveOptions()) is None:
        pytest.skip("the compiled Grove kernel is not built here (or PNP_KERNEL=0)")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("agents", PAIRS, ids="-".join)
def test_the_kernel_plays_the_python_engines_games(variant, agents):
    _compare(VARIANTS[variant], agents, [game_seed(21, i) for i in range(8)])


@pytest.mark.parametrize("agents", [("random", "random")], ids="-".join)
def test_the_twins_agree_on_the_banishers_choices(agents):
    """Games where the banisher chooses which druids go home, and does so often enough to count
    (greedy players almost never meet the choice: see the positions below)."""
    assert _compare(VARIANTS["default"], agents, [game_seed(5, i) for i in range(12)]) >= 10


@pytest.mark.long
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_kernel_plays_the_python_engines_games_10000_seeds(variant):
    for k, agents in enumerate(PAIRS):
        _compare(VARIANTS[variant], agents, [game_seed(1000 + k, i) for i in range(2500)])


def test_agents_the_kernel_does_not_play_are_left_to_python():
    assert kernel.play_rows(GroveOptions(), [game_seeds(1)], ("mcts:20", "greedy")) is None
    assert kernel.game_rows(GroveOptions(), None, [1], ("mcts:20", "greedy")) is None
    assert kernel.kernel_agent("Greedy ") == kernel.AGENTS["greedy"] and kernel.kernel_agent(object()) is None


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", [3, -3, 2**63 - 1, -2**63, 2**64 + 5])
def test_a_runs_games_are_the_python_engines_with_the_seeds_derived_in_the_kernel(variant, seed):
    options, games = GroveOptions(**VARIANTS[variant]), range(5, 12)
    table = kernel.game_table(options, None, seed, games, ("greedy", "random"))
    rows = [_python_row(options, game_seed(seed, i), ("greedy", "random")) for i in games]
    assert table == GameTable.from_rows(rows, figure_columns)


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_plays_in_the_kernel_and_sums_up_the_same(monkeypatch, jobs):
    options, calls = GroveOptions(turn_cap=200), []
    game_table = kernel.game_table
    monkeypatch.setattr(kernel, "game_table", lambda *a, **k: calls.append(a) or game_table(*a, **k))
    compiled = simulate(options, None, 31, ["greedy", "random"], seed=3, swap_seats=True, game="grove", jobs=jobs)
    assert calls or jobs > 1  # the kernel played them (here; a pool's workers do not report back)
    monkeypatch.setenv("PNP_KERNEL", "0")
    assert simulate(options, None, 31, ["greedy", "random"], seed=3, swap_seats=True, game="grove", jobs=jobs) == compiled


def _choice_positions():
    """Positions where Light's Banish at A has hit and Light chooses which of Dark's druids go home:
    Dark's standing and lying druids at A in every mix, with cubes on the circles that change the
    druids' worth (a circle held counts its standing druids less)."""
    from pnp_games.grove.positions import position
    for standing in range(1, 5):
        for lying in range(1, 6 - standing):
            for cubes in ({}, {"A": -7}, {"A": 5, "B": -7}, {"A": -8, "C": -7}):
                druids = {"G": "lll" + "d" * (6 - standing - lying), "A": "LLL" + "D" * standing + "d" * lying}
                for sixes in range(1, min(3, standing + lying - 1) + 1):
                    state = position(druids, cubes)
                    state.push("banish A")
                    state.push("roll " + "-".join(["1"] * (3 - sixes) + ["6"] * sixes))
                    if state.sending:
                        yield state


@pytest.mark.parametrize("agent", ["greedy", "random"])
def test_the_kernels_agents_choose_what_the_python_agents_choose_where_the_banisher_chooses(agent):
    from generator.play.rng import SplitMix64
    from pnp_games.grove.agents import GreedyAgent
    from generator.play.agents_base import RandomAgent
    checked = set()
    for k, state in enumerate(_choice_positions()):
        python = (GreedyAgent if agent == "greedy" else RandomAgent)(seed=k)
        chosen = python.choose(state)
        rng = SplitMix64(k)
        index = kernel.search_choice(state, 0, rng, agent)
        assert state.legal_actions()[index] == chosen and rng.state == python.rng.state, str(state)
        checked.add(str(chosen))
    assert len(checked) >= 3  # several different choices were made


def test_the_kernels_search_chooses_a_legal_send_where_the_banisher_chooses():
    from generator.play.rng import SplitMix64
    states = list(_choice_positions())
    assert len(states) > 20
    for state in states[:8]:
        index = kernel.search_choice(state, 60, SplitMix64(3))
        assert str(state.legal_actions()[index]).startswith("send ")
