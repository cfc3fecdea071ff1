"""``EngineSpec``: what the generic registry needs to drive one game's engine.

Each game's ``game.py`` declares its ``ENGINE`` and registers it as an entry point of the group
``pnp_generator.engines``; ``registry.ENGINES`` collects them by name (see ``plugins``).

A game is fixed by its rule options, its inputs and its seed. The inputs are whatever else the
engine reads from an edition (a deck, the glyphs...): the engine's own ``inputs`` hook builds them
from the edition, and the generic code only hands them back to the engine's ``new_game``. An engine
that needs nothing besides its options gives no hook, and its ``new_game`` gets None.

One run loop (``loop.play_out``) plays every engine: a state with ``current_player``,
``legal_actions()``, ``apply_action()``, ``is_terminal()``, ``outcome()`` ((winner or None,
tie-break or None)), ``scores()`` and ``turn`` (``GameState``); ``flags()`` is read when present
(``stalled``: the game hit its turn cap). At a chance node (``current_player`` -1) it applies
``sample_chance()``, the state's own outcome, seeded by the game's seed in ``new_game``.

What the generic code says about a game (its seats' names, how ties are broken) comes from the
spec's ``GameInfo``; the game's own figures (cards taken, penalties...) come from its hooks: per
game (``figures``, kept in each record and row) and per run (``summarise_figures``, entries of
``simulate``'s summary, summed from the run's ``GameTable``: the columns ``figure_columns`` reads
from each row, or a compiled kernel gives).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from pydantic import BaseModel

from generator.play.agents_base import AGENT_KINDS, Agent
from generator.play.records import GameRow, GameTable

if TYPE_CHECKING:
    from generator.model.game import Edition


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


class GameState(Protocol):
    """What the run loop and the registry read of a game's state."""

    @property
    def current_player(self) -> int: ...          # a seat, -1 at a chance node

    @property
    def turn(self) -> int: ...                    # turns completed so far

    def legal_actions(self) -> Sequence[Any]: ...

    def apply_action(self, action: Any, /) -> None: ...

    def is_terminal(self) -> bool: ...

    def outcome(self) -> tuple[int | None, str | None]: ...  # (winner or None, tie-break or None)

    def scores(self) -> Sequence[int]: ...        # by seat


class GameInputs(Protocol):
    """An engine's inputs from an edition (its deck, its glyphs...), as its ``inputs`` hook builds them."""

    def key(self) -> Any:
        """What of the inputs changes a game, JSON-ready (a card's name or art changes none): the
        kept results of the rulebook's games are found by it."""
        ...


class InputsFrom(Protocol):
    """(edition) -> the engine's inputs. :raises ValueError: for an edition it cannot play (one line)."""

    def __call__(self, edition: Edition, /) -> GameInputs: ...


class NewGame(Protocol):
    """(options, inputs or None, seed) -> a fresh state; the seed fixes every chance outcome of the game."""

    def __call__(self, options: Any, inputs: Any, seed: int, /) -> Any: ...


class MakeAgent(Protocol):
    """(spec, seed) -> an agent (``"random"``, ``"greedy"``, ``"mcts:400"``...). :raises ValueError: for a bad spec."""

    def __call__(self, spec: str, seed: int, /) -> Agent: ...


class DescribeSetup(Protocol):
    """(a fresh state) -> what a record tells of the start, JSON-ready."""

    def __call__(self, state: Any, /) -> dict[str, Any]: ...


class Render(Protocol):
    """(state) -> the board as text."""

    def __call__(self, state: Any, /) -> str: ...


class ParseAction(Protocol):
    """(notation) -> an action ``apply_action`` (or ``apply_record``) takes. :raises ValueError: for bad text."""

    def __call__(self, text: str, /) -> Any: ...


class Figures(Protocol):
    """(a finished state) -> the game's own figures (name -> a value or one value per seat), JSON-ready."""

    def __call__(self, state: Any, /) -> dict[str, Any]: ...


class FigureColumns(Protocol):
    """(a simulation's ``GameRow``) -> the row's own figures as single values by column name: the
    columns of a run's ``GameTable`` that ``summarise_figures`` reads."""

    def __call__(self, row: GameRow, /) -> dict[str, Any]: ...


class SummariseFigures(Protocol):
    """(a run's ``GameTable``, the agent specs) -> the game's own entries of ``simulate``'s summary."""

    def __call__(self, table: GameTable, agents: Sequence[str], /) -> dict[str, Any]: ...


class FormatSummary(Protocol):
    """(``simulate``'s summary) -> a short report."""

    def __call__(self, summary: dict[str, Any], /) -> str: ...


class NotationFor(Protocol):
    """(action, viewer, actor) -> the action's notation as ``viewer`` may see it."""

    def __call__(self, action: Any, viewer: int, actor: int, /) -> str: ...


class RenderFor(Protocol):
    """(state, viewer) -> the board ``viewer`` sees."""

    def __call__(self, state: Any, viewer: int, /) -> str: ...


class Position(Protocol):
    """(options, inputs or None, a mapping) -> the state it describes. :raises ValueError: naming the key."""

    def __call__(self, options: Any, inputs: Any, data: dict[str, Any], /) -> Any: ...


class ApplyRecord(Protocol):
    """(state, a parsed whole-turn record) -> None: the record applied as its decisions."""

    def __call__(self, state: Any, record: Any, /) -> None: ...


class KernelTable(Protocol):
    """(options, inputs or None, the run's seed, game indices, agent specs by seat) -> the ``GameTable``
    of those games of the run (game ``i`` seeded ``seeds.game_seed(seed, i)``, not swapped), the very
    results the run loop gives, or None when the compiled kernel cannot play these agents here."""

    def __call__(self, options: Any, inputs: Any, seed: int, games: range, agents: Sequence[Any], /) \
            -> GameTable | None: ...


@dataclass(frozen=True)
class EngineSpec:
    """How the generic registry drives one game's engine."""

    name: str
    options_model: type[BaseModel]                 # validates an edition's ``rules:``
    new_game: NewGame
    make_agent: MakeAgent
    describe_setup: DescribeSetup
    render: Render
    parse_action: ParseAction
    inputs: InputsFrom | None = None               # None: the engine reads nothing but the rules
    agent_kinds: tuple[str, ...] = AGENT_KINDS
    info: GameInfo = GameInfo()
    # the game's own figures of a finished game, kept in its record and its simulation row; and the
    # summary entries of a run made from them
    figures: Figures | None = None
    figure_columns: FigureColumns | None = None
    summarise_figures: SummariseFigures | None = None
    format_summary: FormatSummary | None = None    # without one, the generic report (wins, scores, turns by seat)
    # hidden information: a game without any leaves these None (everyone sees the full log and board)
    notation_for: NotationFor | None = None
    render_for: RenderFor | None = None
    position: Position | None = None
    # an engine whose records are whole turns made of several decisions applies one as its decisions;
    # its states keep those records as ``history``. None: a record is one action
    apply_record: ApplyRecord | None = None
    # "module:attribute" of the rulebook's ``Appendices`` for this engine (imported only by the rulebook)
    appendices: str | None = None
    # "module:attribute" of its FrameworkBinding (adapters/binding.py), imported only by the adapters
    frameworks: str | None = None
    # "module:attribute" of its compiled kernel's batch player (a ``KernelTable``), imported only by the
    # simulation runner
    kernel: str | None = None
