"""Battle for the Grove's framework binding (``BINDING``; see ``engine/adapters/binding.py``).

Served by the generic adapters as ``pyspiel.load_game("battle_for_the_grove", {"turn_cap": 100})``
and ``pettingzoo_env.env("grove", turn_cap=100)``. Ids come from ``ids`` (the engine's notation as
strings), observations from ``features``; the dice are chance outcomes with the engine's own
distributions. Everything is public, so an information state is the action log.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.adapters.binding import PERFECT, EngineStateView, options_from, rule_parameters
from generator.play.errors import ActionSyntaxError
from pnp_games.grove.actions import parse_action
from pnp_games.grove.features import feature_size, features, text
from pnp_games.grove.ids import GroveIds, ids_for
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.state import CHANCE, State


class GroveGame:
    """The bound game for one set of rule options."""

    num_players = 2
    min_utility, max_utility, utility_sum = -1.0, 1.0, 0.0

    def __init__(self, options: GroveOptions):
        self.options = options
        self.ids: GroveIds = ids_for(options)
        self.num_distinct_actions = self.ids.num_distinct_actions
        self.max_chance_outcomes = self.ids.max_chance_outcomes
        # each turn is at most two actions and two rolls; the first-player roll repeats on ties
        self.max_game_length = 4 * options.turn_cap + 100
        self.observation_size = feature_size(options.circles)

    def action_to_string(self, action_id: int, chance: bool) -> str:
        return str(self.ids.action(action_id, chance))

    def string_to_action(self, text: str, chance: bool) -> int:
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            raise ValueError(str(exc)) from None
        if action.is_chance != chance:
            raise ValueError(f"{text!r} is {'a chance outcome' if action.is_chance else 'a player action'}")
        try:
            return self.ids.id_of(action)
        except KeyError:
            raise ValueError(f"{text!r} has no id under these rule options") from None

    def new_initial_state(self) -> "GroveBoundState":
        return GroveBoundState(self, State(self.options))


class GroveBoundState(EngineStateView):
    """The engine's ``State`` (``self.state``) seen through integer ids."""

    def __init__(self, game: GroveGame, state: State):
        self.game, self.state = game, state

    def current_player(self) -> int:
        return self.state.current_player      # the engine uses OpenSpiel's CHANCE and TERMINAL

    def legal_actions(self) -> list[int]:
        if self.state.current_player < 0:
            return []
        return sorted(self.game.ids.id_of(a) for a in self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((self.game.ids.id_of(a), p) for a, p in self.state.chance_outcomes())

    def apply(self, action_id: int) -> None:
        chance = self.state.current_player == CHANCE
        self.state.apply_action(self.game.ids.action(action_id, chance))

    def sample_chance(self, rng) -> int:
        return self.game.ids.id_of(self.state.sample_chance(rng))

    def clone(self) -> "GroveBoundState":
        return GroveBoundState(self.game, self.state.clone())

    def observation_tensor(self, player: int) -> list[float]:
        return features(self.state, player)

    def observation_string(self, player: int) -> str:
        return text(self.state, player)

    def information_state_string(self, player: int) -> str:
        return " ".join(map(str, self.state.history))

    def __str__(self) -> str:
        return str(self.state)


class GroveBinding:
    short_name = "battle_for_the_grove"
    long_name = "Battle for the Grove"
    player_names = ("light", "dark")
    information = PERFECT
    parameters = rule_parameters(GroveOptions)

    def configure(self, params: Mapping[str, Any] | None = None) -> GroveGame:
        return GroveGame(options_from(GroveOptions, params))


BINDING = GroveBinding()
