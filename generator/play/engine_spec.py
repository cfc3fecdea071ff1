"""``EngineSpec``: what the generic registry needs to drive one game's engine.

Each game's ``game.py`` declares its ``ENGINE`` and registers it as an entry point of the group
``pnp_generator.engines``; ``registry.ENGINES`` collects them by name (see ``plugins``).

The generic runner needs a state with ``current_player``, ``legal_actions()``,
``apply_action()``, ``is_terminal()``, ``outcome()`` ((winner or None, tie-break or None)),
``scores()`` and ``turn``; ``flags()`` is read when present (``stalled``: the game hit its turn
cap). At a chance node (``current_player`` -1) it applies ``sample_chance()``, the state's own
seeded outcome (an engine with other chance needs gives its own ``play_game`` and ``simulate``).

What the generic code says about a game (its seats' names, how ties are broken) comes from the
spec's ``GameInfo``; the game's own figures (cards taken, penalties...) come from its hooks: per
game (``figures``, kept in each record and row) and per run (``summarise_figures``, entries of
``simulate``'s summary).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from generator.play.agents_base import AGENT_KINDS


@dataclass(frozen=True)
class GameInfo:
    """What the generic code knows about a game: its seats and their names, chance, hidden
    information and how long a game may last."""

    seats: tuple[str, ...] = ("First", "Second")   # seat names in seat order, as reports print them
    tie_breaks: tuple[str, ...] = ()               # the tie-break names ``outcome()`` may give
    chance: bool = False                           # outcomes decided by chance during play (dice)
    chance_name: str = "Chance"                    # what a replay calls a chance step
    hidden_information: bool = False               # a player does not see everything
    max_turns: int | None = None                   # the longest a game may last, when fixed

    def seat_keys(self) -> tuple[str, ...]:
        """The seats as keys of a summary (lower case: ``"first"``)."""
        return tuple(seat.lower() for seat in self.seats)

    def seat_of(self, name: str) -> int:
        """The seat a name (any case) stands for.

        :raises ValueError: for a name that is no seat of the game.
        """
        keys = self.seat_keys()
        if name.lower() not in keys:
            raise ValueError(f"{name!r} is not a seat of this game; its seats: {', '.join(keys)}")
        return keys.index(name.lower())


@dataclass(frozen=True)
class EngineSpec:
    """How the generic registry drives one game's engine."""

    name: str
    options_model: type[BaseModel]                 # validates an edition's ``rules:``
    new_game: Callable[..., Any]                    # (options, deck, glyph_ids, seed) -> State
    make_agent: Callable[[str, int], Any]           # (spec, seed) -> Agent
    describe_setup: Callable[[Any], dict[str, Any]]
    render: Callable[[Any], str]
    expand_deck: Callable[[Any], list[Any]]         # counted entries -> one record per card
    parse_action: Callable[[str], Any]
    agent_kinds: tuple[str, ...] = AGENT_KINDS
    info: GameInfo = GameInfo()
    # the game's own figures of a finished game (name -> a value or one value per seat), kept in its
    # record and its simulation row; and the summary entries of a run made from them
    figures: Callable[[Any], dict[str, Any]] | None = None
    summarise_figures: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None
    # optional: an engine with its own runner gives these; otherwise the generic ones are used
    play_game: Callable[..., Any] | None = None     # (options, deck, glyph_ids, seed, agents)
    simulate: Callable[..., dict[str, Any]] | None = None
    # (options, deck, glyph_ids, games, agents, seed, jobs, progress, swap_seats) -> dict
    format_summary: Callable[[dict[str, Any]], str] | None = None  # simulate's dict -> a short report
    # (without one, the generic report: wins, scores and turns by seat)
    # hidden information: a game without any leaves these None (everyone sees the full log and board)
    notation_for: Callable[[Any, int, int], str] | None = None  # (action, viewer, actor) -> masked notation
    render_for: Callable[[Any, int], str] | None = None         # (state, viewer) -> the board it sees
    position: Callable[..., Any] | None = None      # (options, deck, glyph_ids, data dict) -> State
    # an engine whose records are whole turns made of several decisions: (state, parsed record) applies
    # one as its decisions; its states keep those records as ``history``. None: a record is one action
    apply_record: Callable[[Any, Any], None] | None = None
    # "module:attribute" of the rulebook's ``Appendices`` for this engine (imported only by the rulebook)
    appendices: str | None = None
    # "module:attribute" of its FrameworkBinding (adapters/binding.py), imported only by the adapters
    frameworks: str | None = None
    # "module:attribute" of its compiled kernel's batch player, imported only by the generic runner:
    # (options, deck, glyph_ids, game seeds, agents by seat) -> ``loop.GameRow``s (not swapped), or
    # None when it cannot play those agents here
    kernel: str | None = None
