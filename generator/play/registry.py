"""Entry point for the CLI and the rulebook: games by name, agents by spec, one game played or replayed.

``ENGINES`` maps a game engine name to its ``EngineSpec``, read from the entry points of the
group ``pnp_generator.engines`` (see ``plugins``) and imported on first use; everything below
works for any registered engine, so a publisher's package adds an engine without touching this
one. Rule values live in the games' data
(``rules:`` of each edition file); ``options_for`` turns them into an engine's options.
"""
from __future__ import annotations

from typing import Any, Iterator, Sequence

from pydantic import BaseModel

from generator.play import loop
from generator.play.agents_base import SEARCH_KINDS, seat_agents
from generator.play.engine_spec import EngineSpec
from generator.play.plugins import ENGINES, get_engine
from generator.play.records import GameRecord
from generator.play.seeds import derive_seed, game_seed

__all__ = ["ENGINES", "derive_seed", "game_seed", "get_engine", "options_for", "inputs_for", "new_game",
           "make_agent", "play_game", "play_within", "replay", "score_track"]


def options_for(edition: Any) -> BaseModel:
    """The engine options of an edition (a ``generator.model.Edition``): its ``rules:`` block
    validated by the options model of its game's engine, once in a loading session (the check
    ``validate`` makes and the options the rulebook's games are played with).

    :raises GameDataError: for a game without a registered engine, an unknown option or a bad
        value, naming the file and line that hold it and the key path (``rules.<option>``).
    """
    from generator.core.session import once
    return once(("engine options", edition.game.folder, edition.id), lambda: _options_for(edition))


def _options_for(edition: Any) -> BaseModel:
    from pydantic import ValidationError

    from generator.core.errors import GameDataError
    from generator.model.source import load_yaml
    from generator.model.validation import describe
    if edition.engine not in ENGINES:
        game_file = edition.game.folder / "game.yaml"
        found = repr(edition.engine) if edition.engine else "no engine"
        raise GameDataError(game_file, load_yaml(game_file).line_of(("engine",)), "engine",
                            f"a registered rules engine, one of {sorted(ENGINES)}", found)
    try:
        return ENGINES[edition.engine].options_model.model_validate(edition.rules)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]["loc"]
        raise describe(exc, _rules_source(edition, first[0] if first else None),
                       ("rules",)) from None


def _rules_source(edition: Any, key: Any) -> Any:
    """The edition file whose ``rules:`` gives ``key``: the edition's own, or the edition it
    extends (and so on) when the key is inherited."""
    from generator.model.source import load_yaml
    source, seen = edition.source, set()
    while key is not None and key not in (source.data.get("rules") or {}):
        base = source.data.get("extends")
        if not isinstance(base, str) or base in seen:
            return edition.source
        seen.add(base)
        source = load_yaml(edition.game.folder / "editions" / f"{base}.yaml")
    return source


def engine_for(options: Any, game: str | None = None) -> EngineSpec:
    if game is not None:
        return get_engine(game)
    for spec in ENGINES.usable():
        if isinstance(options, spec.options_model):
            return spec
    raise ValueError(f"cannot tell which engine options of type {type(options).__name__} "
                     f"belong to; pass game=")


def agent_names(game: str | None = None) -> list[str]:
    """Agent specs accepted by ``make_agent`` (of one engine, or of all of them)."""
    kinds: list[str] = []
    for spec in ([get_engine(game)] if game else ENGINES.usable()):
        for k in spec.agent_kinds:
            if k not in kinds:
                kinds.append(k)
    return [k for k in kinds] + [f"{k}:N" for k in SEARCH_KINDS if k in kinds]


def inputs_for(engine: EngineSpec, edition: Any) -> Any:
    """The engine's inputs from an edition (its own ``inputs`` hook), None for an engine that reads
    nothing but its rules.

    :raises ValueError: for an edition the engine cannot play.
    """
    return engine.inputs(edition) if engine.inputs is not None else None


def new_game(options: Any, inputs: Any, seed: int, *, game: str | None = None) -> Any:
    """A fresh state of the engine that ``options`` belong to."""
    return engine_for(options, game).new_game(options, inputs, seed)


def make_agent(spec: str, seed: int, *, game: str) -> Any:
    """An agent from a spec ("random", "greedy", "mcts", "mcts:400").

    :raises ValueError: for an unknown spec.
    """
    return get_engine(game).make_agent(spec, seed)


def play_game(options: Any, inputs: Any, seed: int, agents: Sequence[Any], *,
              game: str | None = None) -> GameRecord:
    """Play one game through the run loop (``loop.play_game``); agents are specs or agent objects, by seat."""
    return loop.play_game(engine_for(options, game), options, inputs, seed, agents)


def play_within(options: Any, inputs: Any, seed: int, agents: Sequence[Any], max_turns: int | None, *,
                game: str | None = None) -> GameRecord | None:
    """``play_game`` for a game that ends within ``max_turns`` turns; None for one that goes past
    them, stopped there (``loop.play_within``)."""
    return loop.play_within(engine_for(options, game), options, inputs, seed, agents, max_turns)


def replay(options: Any, inputs: Any, seed: int, actions: Sequence[str], *, game: str | None = None) -> Any:
    """The state after replaying ``actions`` (notation) from the setup given by ``seed``."""
    state = None
    for state in _replaying(options, inputs, seed, actions, game):
        pass
    return state


def score_track(options: Any, inputs: Any, seed: int, actions: Sequence[str], *,
                game: str | None = None) -> list[tuple[int, ...]]:
    """The scores (by seat) after each turn of a recorded game, in order: ``actions`` (notation)
    replayed from the setup given by ``seed``, one entry each time the turn count moves on."""
    track: list[tuple[int, ...]] = []
    turn = None
    for state in _replaying(options, inputs, seed, actions, game):
        if turn is not None and state.turn != turn:
            track.append(tuple(state.scores()))
        turn = state.turn
    return track


def _replaying(options: Any, inputs: Any, seed: int, actions: Sequence[str], game: str | None) -> Iterator[Any]:
    """The state set up by ``seed``, then again after each of ``actions`` (notation) is applied (one
    state, changed in place)."""
    engine = engine_for(options, game)
    state = engine.new_game(options, inputs, seed)
    apply = engine.apply_record or type(state).apply_action
    yield state
    for text in actions:
        apply(state, engine.parse_action(text))
        yield state
