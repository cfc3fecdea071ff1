"""The one run loop every engine is played with: agents decide by seat, the state gives its own
seeded chance outcomes; a finished game becomes a record (one game played) or a row (a game of a
simulation): its result and the game's own figures."""
from __future__ import annotations

from typing import Any, Sequence

from generator.play.agents_base import Agent, seat_agents
from generator.play.engine_spec import EngineSpec, GameState
from generator.play.records import GameRecord, GameRow

__all__ = ["GameRow", "game_row", "play", "play_game", "play_out", "play_within"]


def play_out(state: Any, players: Sequence[Agent], log: list[Any] | None = None,
             max_turns: int | None = None) -> None:
    """Play ``state`` to its end: each seat's agent decides, and at a chance node
    (``current_player`` -1) the state's own seeded outcome, ``sample_chance()``, is applied.
    ``log`` (if given) receives every action applied, chance outcomes included, so that applying
    it again rebuilds the game. ``max_turns``: stop, unfinished, as soon as the game has gone past
    that many turns (a caller that only wants games up to that long need not play the rest)."""
    while not state.is_terminal() and (max_turns is None or state.turn <= max_turns):
        p = state.current_player
        action = state.sample_chance() if p == -1 else players[p].choose(state)
        state.apply_action(action)
        if log is not None:
            log.append(action)


def play(engine: EngineSpec, options: Any, inputs: Any, seed: int, agents: Sequence[Any],
         log: list[Any] | None = None) -> Any:
    """The finished state of one game of ``engine``: set up from (options, inputs, seed), agents by
    seat (a spec becomes the engine's agent seeded from the game's seed, an agent object is used as
    it is)."""
    state = engine.new_game(options, inputs, seed)
    play_out(state, seat_agents(engine, agents, seed), log)
    return state


def game_row(engine: EngineSpec, state: GameState, swapped: bool) -> GameRow:
    """A finished game of ``engine`` as one row."""
    winner, tie_break = state.outcome()
    flags = state.flags() if hasattr(state, "flags") else {}
    figures = engine.figures(state) if engine.figures else {}
    return GameRow(winner, tie_break, tuple(state.scores()), state.turn, bool(flags.get("stalled")), swapped,
                   figures, flags)


def play_game(engine: EngineSpec, options: Any, inputs: Any, seed: int, agents: Sequence[Any]) -> GameRecord:
    """One game of ``engine`` played as ``play`` plays it, as its record: the setup as
    ``describe_setup`` tells the start, the players' actions in notation (or the whole-turn records an
    engine that applies them keeps as its ``history``), the result and the game's own figures."""
    record = play_within(engine, options, inputs, seed, agents, None)
    assert record is not None   # a game played without a limit is played to its end
    return record


def play_within(engine: EngineSpec, options: Any, inputs: Any, seed: int, agents: Sequence[Any],
                max_turns: int | None) -> GameRecord | None:
    """``play_game``'s record of a game that ends within ``max_turns`` turns (any game: None); None
    for one that goes past them, stopped as soon as it does (``play_out``)."""
    state = engine.new_game(options, inputs, seed)
    setup = engine.describe_setup(state)
    log: list[Any] = []
    play_out(state, seat_agents(engine, agents, seed), log, max_turns)
    if not state.is_terminal():
        return None
    actions = [str(a) for a in (state.history if engine.apply_record else log)]
    row = game_row(engine, state, False)
    return GameRecord(
        game=engine.name, seed=seed,
        agents=tuple(a if isinstance(a, str) else getattr(a, "name", type(a).__name__) for a in agents),
        setup=setup, actions=actions, scores=row.scores, winner=row.winner, tie_break=row.tie_break,
        turns=state.turn, flags=row.flags if hasattr(state, "flags") else {"stalled": row.stalled},
        figures=row.figures)
