"""The sample game that teaches: a deterministic search over seeds for a game showing the hard rules.

rulebook.yaml's ``sample:`` lists the events the sample game should show (each engine's book
module says which events it can recognise in a told turn) and how many seeds to try. Seeds are
tried in order from the profile's ``sample_seed``; the first game that shows every event, has no
misleading turn among the turns that teach (``no_effect``: a turn with an action that changed
nothing, such as an attack where nobody stood, among the first turns told in full or the turns
showing a wanted event, where a wasted action reads as a rules mistake; ``alike``: a choice the same
as another player's made unseen, such as both players setting up alike, which reads as a rule; a
game whose book module cannot tell has none) and ends close (``CLOSE``: its result was in doubt
until late, by the scores after each turn, replayed from its record; a rout teaches a reader little
about how a game is won) wins and ends the search, else the one that shows the most events, then
has the fewest such turns, then is the closest (``overshoot``), then has the fewest ``repeat``
turns (a turn the appendix folds, see below) among the first turns it tells, then is the shortest (the earliest among equals). The
search stops at the first close game rather than ranking every seed by its margin: each seed
tried is a game played by the profile's agents, and a later game is no shorter for being closer.
A wasted action in the short log of the rest of the game is left to the key to explain: weighing it
there would trade a few words for a far longer game. Repeats do not stop the search, because a
game may open with turns every game shares (pieces set up one at a time); the appendix folds
repeated turns into one line (``told_parts``: a stretch where each player makes the same turn
again and again is one line for the whole stretch) rather than telling them again, and a wanted
event is shown on a turn that is not folded when the game has one. ``max_turns`` caps a sample
game's length (a reader cannot follow a game of hundreds of turns): a game is stopped as soon as it
passes it and passed over, so the search never plays a long stall to its end; only when no seed's game
ends within it are the seeds played to their ends and ranked as without one. The whole search is one unit of engine work, started ahead on a
worker with the build's other engine work, and its result is cached like any other simulation, so
the search runs once per rules, deck, agents, settings and the code that reads the events.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict  # pydantic on Python 3.11 takes this one

from generator.runs.cache import code_fingerprint
from generator.runs.sample_log import log_rows
from generator.runs.work import EngineInputs, Work, keep_sample, resolve

# (engine inputs, record of a played game) -> for each turn of it, in order: (turn number, events it shows)
EventReader = Callable[[EngineInputs, dict[str, Any]], list[tuple[int, set[str]]]]
REPEAT = "repeat"   # the event a reader gives a turn the appendix folds (``folded_turns``)
NO_EFFECT = "no_effect"   # the event a reader gives a turn with an action that changed nothing
# the event a reader gives a choice the same as the one another player made before it without seeing
# it (both players setting up alike): told, it reads as a rule that they must
ALIKE = "alike"
MISLEADING = {NO_EFFECT, ALIKE}   # a turn a reader would take for a rule or a rules mistake
# a close game, its result in doubt until late, read from the scores after each turn: its winner
# took the lead for good (led every other player after each turn to the end) only in the last CLOSE
# share of its turns or in its last round (a turn each), or the loser ended within CLOSE of the
# winner's score. The first tells a tense game from a rout in a game scored in a few points, where a
# final margin cannot (2 to 0 may have been level the turn before, and 2 to 1 held for most of the
# game); the second keeps a game scored in many points close when the loser stayed within reach
CLOSE = 0.15


class SampleSearch(BaseModel):
    """rulebook.yaml ``sample:``: what the sample game must show, and how hard to look for it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seeds: int = Field(20, ge=1, le=1000)      # seeds tried, from the profile's sample_seed on
    shows: dict[str, str] = {}                 # event name -> the rule it teaches, in the players' words
    # the most turns a sample game may take (none: any length): a longer game is stopped as soon as
    # it passes them and passed over, unless no seed tried gives a game that ends within them
    max_turns: int | None = Field(None, ge=1)


class _SearchResult(TypedDict):
    seed: int
    tried: int
    found: dict[str, int]
    records: dict[str, dict[str, Any]]


SEARCH_RESULT = TypeAdapter(_SearchResult)  # a kept result of another shape is a miss, not a KeyError


def search_work(inputs: EngineInputs, agents: tuple[str, str], first_seed: int, search: SampleSearch,
                read_events: EventReader, told: int = 0) -> Work:
    """The search as one unit of engine work: seeds are played one after another where the unit runs
    (a worker of the build), each game read for its events as soon as it ends. ``read_events`` is a
    module-level function, so any worker can be handed it. ``told``: the turns told in full, where a
    repeated turn counts against a game (0: every turn)."""
    wanted = list(search.shows)
    return Work("sample-search", {**inputs.key(), "agents": list(agents), "first": first_seed,
                                  "seeds": search.seeds, "shows": wanted, "told": told,
                                  "max_turns": search.max_turns, "reader": reader_fingerprint(read_events)},
                inputs.engine,
                [(inputs, tuple(agents), first_seed, search.seeds, tuple(wanted), read_events, told, search.max_turns)],
                _search_seeds, _first, [1], SEARCH_RESULT)


def reader_fingerprint(read_events: EventReader) -> str:
    """A hash of the code that reads a game's events: the modules of the reader's package (a game's
    rulebook appendix, which the engine's own fingerprint leaves out; the reader's module alone when
    it is in no package). The code that ranks the games is in ``runs``, which the engine's
    fingerprint covers. A reader that sees a game differently is never answered by a search it did
    not make."""
    return code_fingerprint(read_events)


def _search_seeds(unit: tuple) -> dict[str, Any]:
    """The first seed whose game shows every wanted event, has no misleading turn among those that
    teach and ends close, else the one showing the most (then the fewest such turns, the closest, the
    fewest repeats, the shortest, the earliest); every game played to its end is kept, by seed, for
    the cache of sample games. With ``max_turns``, only the games that end within that many turns
    are ranked, each other game stopped as soon as it passes them; when no seed's game ends within
    them, the seeds are played again to their ends and ranked as without a limit."""
    inputs, agents, first_seed, seeds, wanted, read_events, told, max_turns = unit
    result = _rank_seeds(inputs, agents, range(first_seed, first_seed + seeds), wanted, read_events, told, max_turns)
    if result is None:
        result = _rank_seeds(inputs, agents, range(first_seed, first_seed + seeds), wanted, read_events, told, None)
    assert result is not None   # played without a limit, every game ends
    return result


def _rank_seeds(inputs: EngineInputs, agents: tuple[str, str], seeds: range, wanted: tuple[str, ...],
                read_events: EventReader, told: int, max_turns: int | None) -> dict[str, Any] | None:
    """``_search_seeds`` over ``seeds`` for games that end within ``max_turns`` turns (None: any);
    None when no game does."""
    from generator.play.registry import play_within, score_track
    best: dict[str, Any] | None = None
    records: dict[str, Any] = {}
    tried = 0
    for tried, seed in enumerate(seeds, start=1):
        game = play_within(inputs.options, inputs.inputs, seed, list(agents), max_turns, game=inputs.engine)
        if game is None:
            continue   # past the limit: stopped there, and neither ranked nor kept
        record = game.to_dict()
        records[str(seed)] = record
        events = read_events(inputs, json.loads(json.dumps(record)))
        found = first_turns(events, list(wanted))
        repeats = sum(1 for turn, shown in events if REPEAT in shown and (not told or turn <= told))
        misleading = sum(1 for turn, shown in events
                         if shown & MISLEADING and (not told or turn <= told or shown & set(wanted)))
        over = overshoot(score_track(inputs.options, inputs.inputs, seed, record["actions"], game=inputs.engine),
                         record["winner"])
        rank = (len(found), -misleading, -over, -repeats, -len(events))   # then the shorter game: its log is shorter
        if best is None or rank > best["rank"]:
            best = {"seed": seed, "found": found, "repeats": repeats, "rank": rank}
        if len(found) == len(wanted) and not misleading and not over:
            break
    if best is None:
        return None
    return {"seed": best["seed"], "tried": tried, "found": best["found"], "records": records}


def overshoot(track: list[tuple[int, ...]], winner: int | None) -> float:
    """How far a game is from close (``CLOSE``), as a share, by ``track`` (the scores after each
    turn): the lesser of how far past the last ``CLOSE`` share of its turns (or its last round) the
    winner took the lead for good, and how far past ``CLOSE`` of the winner's score its final lead
    goes; 0 for a close game or a draw."""
    if winner is None or not track:
        return 0
    turns, final = len(track), track[-1]
    late = max(0, led_to_end(track, winner) - max(len(final), CLOSE * turns)) / turns
    top = final[winner]
    lead = top - max((score for seat, score in enumerate(final) if seat != winner), default=top)
    return min(late, max(0, lead - CLOSE * abs(top)) / max(1, abs(top)))


def led_to_end(track: list[tuple[int, ...]], winner: int | None) -> int:
    """How many of the last turns of ``track`` (the scores after each turn) end with ``winner``
    ahead of every other player (0 for a draw)."""
    if winner is None:
        return 0
    turns = 0
    for scores in reversed(track):
        if any(score >= scores[winner] for seat, score in enumerate(scores) if seat != winner):
            break
        turns += 1
    return turns


def _first(parts: list) -> Any:
    return parts[0]


def choose_seed(inputs: EngineInputs, agents: tuple[str, str], first_seed: int, search: SampleSearch,
                read_events: EventReader, told: int = 0) -> dict[str, Any]:
    """The seed of the sample game and the turn that first shows each wanted event.

    Returns ``{"seed", "tried", "highlights": [{"turn", "event", "rule"}], "missing": [event]}``; the
    games the search played go into the cache of sample games (``play.sample_game``).
    """
    wanted = list(search.shows)
    if not wanted:
        return {"seed": first_seed, "tried": 0, "highlights": [], "missing": []}
    result = resolve(search_work(inputs, agents, first_seed, search, read_events, told))
    for seed, record in result["records"].items():
        keep_sample(inputs, int(seed), agents, record)
    found = result["found"]
    highlights = sorted(({"turn": turn, "event": event, "rule": search.shows[event]} for event, turn in found.items()),
                        key=lambda h: (h["turn"], wanted.index(h["event"])))
    return {"seed": result["seed"], "tried": result["tried"], "highlights": highlights,
            "missing": [e for e in wanted if e not in found]}


def first_turns(turn_events: list[tuple[int, set[str]]], wanted: list[str]) -> dict[str, int]:
    """For each wanted event, the first turn that shows it and is not folded (``REPEAT``), else the
    first folded one: a highlighted turn is told in full, never inside a line of repeats."""
    found: dict[str, int] = {}
    for folded in (False, True):
        for turn, events in turn_events:
            for event in wanted:
                if event in events and event not in found and (folded or REPEAT not in events):
                    found[event] = turn
    return found


def highlights_by_turn(highlights: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Turn number -> the rules (in the players' words) that turn is highlighted for."""
    out: dict[int, list[str]] = {}
    for h in highlights:
        out.setdefault(h["turn"], []).append(h["rule"])
    return out


def mark_repeats(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turns, each one whose ``notation`` is the same as that player's turn before given
    ``same_as``: that turn's number (the appendix tells it in one line, without a drawing)."""
    last: dict[Any, dict[str, Any]] = {}
    out = []
    for t in turns:
        before = last.get(t.get("player"))
        t = {**t, "same_as": before.get("same_as", before["turn"])} if before and before.get("notation") == t.get("notation") else t
        last[t.get("player")] = t
        out.append(t)
    return out


def repeated_runs(turns: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The stretches (first and last index) of two or more turns in a row where every player makes
    one same turn (``notation``) again and again: each turn of it repeats its player's turn before
    or is repeated by its player's next turn, and no player changes their turn inside it (the
    opening turns where both players stand pieces up one at a time). A turn that shows a rule
    (``shows``) is never inside one: it is told in full."""
    linked = [False] * len(turns)
    before: dict[Any, int] = {}
    for i, t in enumerate(turns):
        j = before.get(t.get("player"))
        if j is not None and turns[j].get("notation") == t.get("notation"):
            linked[i] = linked[j] = True
        before[t.get("player")] = i
    runs: list[tuple[int, int]] = []
    start, made = None, {}
    for i, t in enumerate(turns):
        player, notation = t.get("player"), t.get("notation")
        foldable = linked[i] and not t.get("shows")
        if start is not None and foldable and made.get(player, notation) == notation:
            made[player] = notation
            continue
        if start is not None:
            runs.append((start, i - 1))
        start, made = (i, {player: notation}) if foldable else (None, {})
    if start is not None:
        runs.append((start, len(turns) - 1))
    return [(a, b) for a, b in runs if _each_again(turns[a:b + 1])]


def _each_again(stretch: list[dict[str, Any]]) -> bool:
    """Every player of ``stretch`` makes their turn in it at least twice."""
    players = [t.get("player") for t in stretch]
    return all(players.count(p) >= 2 for p in players)


def folded_turns(turns: list[dict[str, Any]]) -> set[Any]:
    """The turns (by ``turn``) the appendix does not tell in full: those inside a stretch of
    ``repeated_runs`` and every other turn the same as its player's turn before."""
    inside = {t["turn"] for a, b in repeated_runs(turns) for t in turns[a:b + 1]}
    return inside | {t["turn"] for t in mark_repeats(turns) if "same_as" in t}


def _run(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """A stretch of repeated turns as one line: its first and last turn, and each player's turn
    (``turn``, the first of them) with how many times it was made; ``alike`` when every player
    made the same turn."""
    each: dict[Any, dict[str, Any]] = {}
    for t in turns:
        each.setdefault(t.get("player"), {"player": t.get("player"), "turn": t, "times": 0})["times"] += 1
    return {"turns": turns, "first": turns[0]["turn"], "end": turns[-1]["turn"], "each": list(each.values()),
            "alike": len({t.get("notation") for t in turns}) == 1}


def first_blocks(first: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first turns as the appendix sets them: ``{"full": [...]}``, turns in a row told in full
    (each with its drawing); ``{"run": ...}``, a stretch of repeated turns told in one line
    (``_run``); ``{"same": [...]}``, turns in a row each the same as its player's turn before,
    told a line each (``same_as``)."""
    runs = {a: b for a, b in repeated_runs(first)}
    blocks: list[dict[str, Any]] = []
    i = 0
    while i < len(first):
        if i in runs:
            blocks.append({"run": _run(first[i:runs[i] + 1])})
            i = runs[i] + 1
            continue
        kind = "same" if "same_as" in first[i] else "full"
        if blocks and kind in blocks[-1]:
            blocks[-1][kind].append(first[i])
        else:
            blocks.append({kind: [first[i]]})
        i += 1
    return blocks


def told_parts(turns: list[dict[str, Any]], told_first: int) -> dict[str, Any]:
    """The turns of a sample game as the appendix lays them out: ``turns``, the first ones (a turn
    the same as that player's turn before carries ``same_as``), and ``blocks``, the same turns as
    the appendix sets them (``first_blocks``); ``full``, those of them told in full; ``later``, the
    rest in order, as runs of notation rows (``{"log": [...]}``) broken by the highlighted turns
    told in full (``{"turn": ...}``), each run with ``rows``, its turns as the rows of the log's
    table (``log_rows``); ``log``, every turn not told in full."""
    turns = mark_repeats(turns)
    first = [t for t in turns if t["turn"] <= told_first]
    blocks = first_blocks(first)
    later: list[dict[str, Any]] = []
    for t in turns[len(first):]:
        if t.get("shows"):
            later.append({"turn": t})
        elif later and "log" in later[-1]:
            later[-1]["log"].append(t)
        else:
            later.append({"log": [t]})
    for part in later:
        if "log" in part:
            part["rows"] = log_rows(part["log"])
    return {"turns": first, "blocks": blocks, "full": [t for block in blocks for t in block.get("full", [])],
            "later": later, "log": [t for t in turns[len(first):] if not t.get("shows")],
            "highlighted": [t for t in turns if t.get("shows")]}
