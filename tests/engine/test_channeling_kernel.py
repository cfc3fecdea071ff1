"""The compiled Channeling kernel against its Python twin: the same seeds give the same games, every
decision and every card drawn in the same order and the same row (winner, tie-break, scores,
cards, Overchanneling, turns, flags), and a run's games the same table of results (the seeds
derived in C), across the editions and the rule options where the code branches and every agent
pair the kernel plays. The default run plays a few hundred games; the ``long`` run 10,000 per
option set. Skipped when the kernel is not built (or ``PNP_KERNEL=0``)."""
from __future__ import annotations

import pytest

from channeling_helpers import DECKS, GLYPHS, deal, edition_data, plain_deck
from generator.play.agents_base import seat_agents
from pnp_games.channeling import Card, ChannelingOptions, kernel
from pnp_games.channeling.setup import new_game
from generator.play.plugins import get_engine
from generator.play.records import GameTable
from generator.play.seeds import game_seed
from generator.play.loop import game_row
from pnp_games.channeling.summary import figure_columns

GLYPHS_12 = GLYPHS + ["leaf", "wave", "spark", "fang"]


def _options(edition: str, **changes) -> ChannelingOptions:
    return ChannelingOptions.model_validate({**edition_data(edition).options.model_dump(), **changes})


# name -> (options, deck, glyph ids): every edition, then changes where the code branches
VARIANTS = {
    **{f"edition-{e}": (lambda e=e: (edition_data(e).options, DECKS[e](), GLYPHS)) for e in DECKS},
    "fixed-lines-dark-diagonal-in-line": lambda: (
        _options("2025", line_assignment="fixed", druid_start="dark_main_diagonal", move_origin="in_line"),
        DECKS["2025"](), GLYPHS),
    "nothing-hidden-splendor-basis": lambda: (
        _options("thirty", hidden_glyphs=0, cubes_returned_basis="splendor", tie_breakers=("second_player",)),
        DECKS["thirty"](), GLYPHS),
    "short-supply-exact-paths": lambda: (
        _options("2025", cubes_per_player=9, placement_between=2, end_trigger_cards=5, tie_breakers=()),
        DECKS["2025"](), GLYPHS),
    "small-deck-runs-out-turn-cap": lambda: (
        _options("2025", hidden_glyphs=1, turn_cap=30, placement_moved=5, placement_stationary=4),
        plain_deck(20, vigor=3, splendor=4), GLYPHS),
    "six-by-six": lambda: (
        ChannelingOptions(grid_size=6, hand_size=12, hidden_glyphs=5, end_trigger_cards=9),
        [Card(f"X{i}", 3 + i % 5, 2 + i % 7) for i in range(60)], GLYPHS_12),
}
PAIRS = [("random", "random"), ("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]
ENGINE = get_engine("channeling")


def _python_game(options, deck, glyphs, seed: int, agents) -> tuple[list[int], object]:
    """The Python engine's game: decision ids and cards drawn (as -1 - card), and its row."""
    state = new_game(options, deck, glyphs, seed)
    players = seat_agents(ENGINE, list(agents), seed)
    log = []
    while not state.is_terminal():
        p = state.current_player
        if p < 0:
            card = state.sample_chance()
            log.append(-1 - card)
            state.apply_action(card)
        else:
            action = players[p].choose(state)
            log.append(action)
            state.apply_action(action)
    return log, game_row(ENGINE, state, False)


def _compare(variant: str, agents, seeds) -> None:
    options, deck, glyphs = VARIANTS[variant]()
    rows = kernel.play_rows(options, deck, glyphs, seeds, agents, log=True)
    assert rows is not None
    expected_rows = []
    for seed, (row, events) in zip(seeds, rows):
        log, expected = _python_game(options, deck, glyphs, seed, agents)
        assert events == log, f"seed {seed}: first difference at step " \
            f"{next(i for i, (a, b) in enumerate(zip(events + [None], log + [None])) if a != b)}"
        assert row == expected
        expected_rows.append(expected)
    # the same games as a table: the kernel derives the seeds from the run's and keeps the results in C
    table = kernel.game_for(options, deck, glyphs).play_table(seeds, *(kernel.kernel_agent(a) for a in agents))
    assert kernel.as_table(table) == GameTable.from_rows(expected_rows, figure_columns)


@pytest.fixture(autouse=True)
def _kernel_built():
    if kernel.game_for(edition_data("2025").options, DECKS["2025"](), GLYPHS) is None:
        pytest.skip("the compiled Channeling kernel is not built here (or PNP_KERNEL=0)")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("agents", PAIRS, ids="-".join)
def test_the_kernel_plays_the_python_engines_games(variant, agents):
    _compare(variant, agents, [game_seed(31, i) for i in range(8)])


@pytest.mark.long
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_kernel_plays_the_python_engines_games_10000_seeds(variant):
    for k, agents in enumerate(PAIRS):
        _compare(variant, agents, [game_seed(2000 + k, i) for i in range(2500)])


def test_a_games_seeds_are_the_registrys():
    from generator.play.seeds import derive_seed
    for seed in (0, 1, -7, 2**62 + 3, game_seed(31, 4)):
        assert kernel.game_seeds(seed) == (seed, derive_seed("agent", seed, 0), derive_seed("agent", seed, 1))


def test_agents_the_kernel_does_not_play_are_left_to_python():
    options = edition_data("2025").options
    assert kernel.play_rows(options, DECKS["2025"](), GLYPHS, [1], ("mcts:20", "greedy")) is None
    assert kernel.kernel_agent(" RANDOM") == kernel.AGENTS["random"] and kernel.kernel_agent(None) is None


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", [4, -3, 2**63 - 1, -2**63, 2**64 + 5])
def test_a_runs_games_are_the_python_engines_with_the_seeds_derived_in_the_kernel(variant, seed):
    options, deck, glyphs = VARIANTS[variant]()
    games = range(5, 14)
    table = kernel.play_table(options, deck, glyphs, seed, games, ("greedy", "random"))
    rows = [game_row(ENGINE, new_game_played(options, deck, glyphs, game_seed(seed, i)), False) for i in games]
    assert table == GameTable.from_rows(rows, figure_columns)


def new_game_played(options, deck, glyphs, seed):
    from generator.play.loop import play_out
    state = new_game(options, deck, glyphs, seed)
    play_out(state, seat_agents(ENGINE, ["greedy", "random"], seed))
    return state


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_plays_in_the_kernel_and_sums_up_the_same(monkeypatch, jobs):
    from generator.runs.simulation import simulate
    options, deck, calls = edition_data("2025").options, DECKS["2025"](), []
    play_table = kernel.play_table
    monkeypatch.setattr(kernel, "play_table", lambda *a, **k: calls.append(a) or play_table(*a, **k))
    compiled = simulate(options, deal(deck), 41, ["greedy", "random"], seed=4, swap_seats=True, jobs=jobs)
    assert calls or jobs > 1  # the kernel played them (here; a pool's workers do not report back)
    monkeypatch.setenv("PNP_KERNEL", "0")
    assert simulate(options, deal(deck), 41, ["greedy", "random"], seed=4, swap_seats=True, jobs=jobs) == compiled
