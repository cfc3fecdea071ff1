"""The Channeling's framework binding (``BINDING``; see ``engine/adapters/binding.py``).

Served by the generic adapters as ``pyspiel.load_game("the_channeling", {"hidden_glyphs": 3})``
and ``pettingzoo_env.env("channeling")``. Its parameters are the rule options plus ``seed`` (the
deal: the shuffle that lays out the grid and labels the lines). The deck is the 2025 edition's
shape: 36 cards, Vigor 4 to 7, Splendor 3 to 8; the glyphs are named ``g1``, ``g2``, ... A game's
ids are its decisions (decisions.py); the refill draws are chance outcomes, every card left in the
deck equally likely. The opponent's face-down choices are hidden: the game is of imperfect
information, and a player's information state shows the opponent's hide as ``hide (3 hidden)``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.adapters.binding import IMPERFECT, EngineStateView, options_from, rule_parameters
from generator.play.errors import ActionSyntaxError
from pnp_games.channeling.cards import Card
from pnp_games.channeling.decisions import HIDE, DecisionIds
from pnp_games.channeling.features import feature_size, features, text
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.players import CHANCE
from pnp_games.channeling.setup import new_game
from pnp_games.channeling.state import State

DECK = tuple(Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36))


class ChannelingGame:
    """The bound game for one set of rule options and one deal."""

    num_players = 2
    min_utility, max_utility, utility_sum = -1.0, 1.0, 0.0

    def __init__(self, options: ChannelingOptions, seed: int):
        self.options, self.seed = options, seed
        self.glyphs = [f"g{i + 1}" for i in range(options.hand_size)]
        state = self.new_initial_state().state
        self.ids: DecisionIds = state.decision_ids
        self.num_distinct_actions = self.ids.num_distinct_actions
        self.max_chance_outcomes = self.ids.max_chance_outcomes
        n = options.grid_size
        # a turn: hide, glyph, druid, destination, at most 2n-2 path steps, a refill and a draw per card taken
        self.max_game_length = 2 + options.turn_cap * (4 + 2 * n + 2 * (2 * n - 1))
        self.observation_size = feature_size(n * n, options.hand_size)

    def action_to_string(self, action_id: int, chance: bool) -> str:
        return self.ids.to_string(action_id, chance)

    def string_to_action(self, text: str, chance: bool) -> int:
        try:
            action, is_chance = self.ids.parse(text)
        except ActionSyntaxError as exc:
            raise ValueError(str(exc)) from None
        if is_chance != chance:
            raise ValueError(f"{text!r} is {'a chance outcome' if is_chance else 'a decision'}")
        return action

    def new_initial_state(self) -> "ChannelingBoundState":
        return ChannelingBoundState(self, new_game(self.options, DECK, self.glyphs, self.seed))


class ChannelingBoundState(EngineStateView):
    """The engine's ``State`` (``self.state``) with the log each player has seen."""

    def __init__(self, game: ChannelingGame, state: State, log: tuple = ()):
        self.game, self.state, self.log = game, state, list(log)

    def current_player(self) -> int:
        return self.state.current_player      # the engine uses OpenSpiel's CHANCE and TERMINAL

    def legal_actions(self) -> list[int]:
        return [] if self.state.current_player < 0 else self.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.state.chance_outcomes()

    def apply(self, action_id: int) -> None:
        actor = self.state.current_player
        try:
            self.state.apply_action(int(action_id))
        except Exception as exc:  # IllegalActionError is a ValueError; name the id either way
            raise ValueError(f"illegal action {action_id}: {exc}") from None
        self.log.append((actor, int(action_id)))

    def sample_chance(self, rng) -> int:
        return self.state.sample_chance(rng)

    def clone(self) -> "ChannelingBoundState":
        return ChannelingBoundState(self.game, self.state.clone(), tuple(self.log))

    def observation_tensor(self, player: int) -> list[float]:
        return features(self.state, player)

    def observation_string(self, player: int) -> str:
        return text(self.state, player)

    def information_state_string(self, player: int) -> str:
        """Every decision and draw so far as ``player`` saw it: the opponent's hides masked."""
        ids = self.game.ids
        hides = range(ids.base[HIDE], ids.end[HIDE])
        seen = []
        for actor, action in self.log:
            if actor == CHANCE:
                seen.append(ids.to_string(action, chance=True))
            elif actor != player and action in hides:
                seen.append(f"hide ({self.game.options.hidden_glyphs} hidden)")
            else:
                seen.append(ids.to_string(action))
        return f"p{player}: " + " ".join(seen)

    def __str__(self) -> str:
        return str(self.state)


class ChannelingBinding:
    short_name = "the_channeling"
    long_name = "The Channeling"
    player_names = ("light", "dark")
    information = IMPERFECT
    parameters = {**rule_parameters(ChannelingOptions), "seed": 0}

    def configure(self, params: Mapping[str, Any] | None = None) -> ChannelingGame:
        rules = dict(params or {})
        seed = rules.pop("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed: expected a whole number, found {seed!r}")
        return ChannelingGame(options_from(ChannelingOptions, rules), seed)


BINDING = ChannelingBinding()
