"""The shared MCTS core (generator.play.mcts) on a toy game, apart from any real rules:
players take 1 or 2 stones from a pile and whoever takes the last stone wins."""
from __future__ import annotations

import pytest

from generator.play.mcts import TreeSearch


class Pile:
    def __init__(self, stones: int, player: int = 0):
        self.stones, self.current_player = stones, player

    def clone(self) -> "Pile":
        return Pile(self.stones, self.current_player)

    def is_terminal(self) -> bool:
        return self.stones == 0

    def returns(self) -> list[float]:
        winner = 1 - self.current_player  # the player who took the last stone
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def apply_action(self, take: int) -> None:
        self.stones -= take
        self.current_player = 1 - self.current_player


class PileSearch(TreeSearch):
    def __init__(self, iterations: int, seed: int):
        super().__init__(iterations, seed, c=0.7, rollout_steps=20, temperature=1.0, weights=None)

    def determinise(self, state: Pile, player: int) -> Pile:
        return state.clone()

    def candidates(self, state: Pile) -> list[int]:
        return [t for t in (1, 2) if t <= state.stones]

    def rollout_action(self, state: Pile) -> int:
        return self.rng.choice(self.candidates(state))

    def evaluate(self, state: Pile) -> float:
        raise AssertionError("the rollouts always finish this game")


@pytest.mark.parametrize("stones,winning_take", [(4, 1), (5, 2), (7, 1), (8, 2)])
@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("seed", range(3))
def test_the_search_finds_the_winning_take_for_either_player(stones, winning_take, player, seed):
    assert PileSearch(400, seed).choose(Pile(stones, player)) == winning_take


def test_a_single_candidate_is_played_without_searching():
    search = PileSearch(400, 0)
    search.iterations = 0  # no iteration may be needed to see the only move
    assert search.choose(Pile(1)) == 1


def test_the_search_is_repeatable_for_a_seed():
    def visits(seed: int) -> dict[int, int]:
        root = PileSearch(50, seed).search(Pile(9), [1, 2])
        return {a: child.n for a, child in root.children.items()}
    assert visits(5) == visits(5) and sum(visits(5).values()) == 50
