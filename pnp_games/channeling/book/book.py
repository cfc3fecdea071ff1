"""The Channeling in its rulebook: the narrated sample game on the grid, the turn diagram and the
balance rows, figures and charts of each edition."""
from __future__ import annotations

from typing import Any

from generator.rulebook.hooks import (ALIKE, Appendices, Book, EngineInputs, Figure, SmallBoards, Work, charts,
                                     choose_seed, command_line, highlights_by_turn, in_words, resolve, sample_game,
                                     told_parts)

from pnp_games.channeling.book.balance import figures, row, uses
from pnp_games.channeling.book.board import (BoardDiagram, BoardParts, board_view, board_width, small_board,
                                              small_legend, value_shapes, value_swatches, widest_word)
from pnp_games.channeling.book.narrate import explain_once, game_stories, replay_states, story, turn_view
from pnp_games.channeling.book.places import Places


def _board(book: Book, parts: BoardParts, view, share: float, named: bool = False) -> Figure:
    """A board ``share`` of the text width wide; ``named`` (the setup board): printing every card's
    name, and wide enough for the longest word of a name at the figures' smallest size."""
    floor = book.styles.sheet.figures.min_text
    word = widest_word(view, book.styles.bold_font, floor) if named else 0.0

    def figure(width: float) -> list:
        wide = board_width(width * share, width, floor, view.size, word)
        widened = wide > board_width(width * share, width, floor, view.size)
        diagram = BoardDiagram(view, book.faces, parts, book.styles, wide, legend=False, named=named, widened=widened)
        return [diagram, diagram.key()]   # the key apart: beside a short text it goes under the text
    return figure


def _glyph_names(book: Book) -> dict[str, str]:
    return {g.id: g.name for g in book.edition.game.glyphs.values()}


EVENTS = ("overchanneling", "cancellation", "several_cards", "end_trigger", "last_turn", "spent_glyph", "path_past_druid",
          "path_over_empty", "repeat")


def turn_events(told: dict[str, Any], last: bool) -> set[str]:
    """The rules a told turn shows (the names rulebook.yaml's ``sample.shows`` may ask for)."""
    events = set()
    if any(k["kept"] for k in told["taken"]):
        events.add("overchanneling")
    if any(c["cancelled"] for c in told["cards"]):
        events.add("cancellation")
    if len(told["taken"]) >= 2:
        events.add("several_cards")
    if told["end_triggered"]:
        events.add("end_trigger")
    if told["spent"]:
        events.add("spent_glyph")
    if any(c["card"] is None for c in told["cards"]):
        events.add("path_over_empty")
    if told.get("druids_passed"):
        events.add("path_past_druid")
    if last:
        events.add("last_turn")
    return events


def label_facts(told: dict[str, Any]) -> dict[str, str]:
    """What a ``sample.shows`` label may say of the turn it marks: ``{cards}``, the cards it took
    (in words)."""
    return {"cards": in_words(len(told["taken"]))}


def read_events(inputs: EngineInputs, record: dict[str, Any]) -> list[tuple[int, set[str]]]:
    """For each turn of a played game, the events it shows (glyphs go by id: no event needs a name);
    before them, each player's face-down choice before the first turn (turn 0), ``alike`` when it
    is the one a player before them made: told, both setting the same glyphs down reads as a rule."""
    stories = [t for t, _ in game_stories(inputs, record, {})]
    out: list[tuple[int, set[str]]] = []
    before: list[str] = []
    for t in stories:
        if t["setup"]:
            out.append((0, {ALIKE} if t["notation"] in before else set()))
            before.append(t["notation"])
    told = [t for t in stories if not t["setup"]]
    last: dict[str, str] = {}
    for i, t in enumerate(told):
        events = turn_events(t, i == len(told) - 1)
        if last.get(t["player"]) == t["notation"]:
            events.add("repeat")  # the same turn as that player's turn before
        last[t["player"]] = t["notation"]
        out.append((t["turn"], events))
    return out


def sample(book: Book, inputs: EngineInputs) -> dict[str, Any]:
    """The seeded game of the sample appendix: setup, narrated turns with boards, the log, the scoring."""
    edition, settings = book.edition, book.settings
    parts = book.parts(BoardParts)
    agents = settings.sample_agents
    book.tell(f"sample game: {edition.id}, seeds from {settings.sample_seed}, {','.join(agents)}")
    choice = choose_seed(inputs, agents, settings.sample_seed, book.sample_search, read_events, book.turns_told)
    record = sample_game(inputs, choice["seed"], agents)
    stories = game_stories(inputs, record, _glyph_names(book))
    choice = book.labelled(choice, {t["turn"]: label_facts(t) for t, _ in stories if not t["setup"]})
    first = replay_states(inputs, record)[0][0] if record["actions"] else None
    widths = book.styles.sheet.figures
    if first is not None and parts:
        book.figures["setup"] = _board(book, parts, board_view(first), widths.board_width, named=True)
    shows = highlights_by_turn(choice["highlights"])
    setup, turns = [], []
    for told, after in stories:
        if told["setup"]:
            setup.append(told)
            continue
        told = {**told, "shows": shows.get(told["turn"], [])}
        if parts and (told["turn"] <= book.turns_in_full or told["shows"]):
            book.figures[f"turn/{told['turn']}"] = _board(book, parts, turn_view(after, told),
                                                          widths.turn_board_width)
        turns.append(told)
    told = told_parts(turns, book.turns_in_full)
    explain_once(told["turns"] + [part["turn"] for part in told["later"] if "turn" in part])
    after = {t["turn"]: a for t, a in stories if not t["setup"]}
    small = _small_boards(book, parts, told, turns, after) if parts and book.small_boards else []
    players = {}
    for p, name in enumerate(("light", "dark")):
        players[name] = {"score": record["scores"][p], "splendor": record["splendor"][p],
                         "overchanneling": record["overchanneling"][p], "cards": record["cards"][p]}
    winner = record["winner"]
    return {
        **told, "small": small, "setup": setup, "search": choice, "notation": notation_examples(turns, told["log"]),
        "seed": record["seed"], "agents": list(agents), "edition": edition.id,
        "replay": command_line("replay", edition.game.id, "--edition", edition.id, "--seed", record["seed"],
                               "--agents", ",".join(agents)),
        "players": players, "winner": None if winner is None else ("Light", "Dark")[winner],
        "tie_break": record["tie_break"], "turns_played": record["turns"],
        "stalled": bool(record["flags"].get("stalled")), "actions": len(record["actions"]),
    }


def notation_examples(turns: list[dict[str, Any]], log: list[dict[str, Any]]) -> dict[str, Any]:
    """For each part of the short notation this game's record uses, its first turn that shows it
    (None for a part it never uses): ``move`` (glyph, druid's move, Leyline), ``takes``, ``hides``
    (glyphs set face down as a turn opens a fresh hand), ``spent`` (no move) and ``score`` (the
    log's score column: its first row where a score is not nil)."""
    def first(turns: list[dict[str, Any]], test) -> dict[str, Any] | None:
        return next((t for t in turns if test(t)), None)
    return {"move": first(turns, lambda t: t["move"]), "takes": first(turns, lambda t: t["takes"]),
            "hides": first(turns, lambda t: t["hidden"]), "spent": first(turns, lambda t: t["spent"]),
            "score": first(log, lambda t: any(t["score"].values())) or (log[0] if log else None)}


def _small_boards(book: Book, parts: BoardParts, told: dict[str, Any], turns: list[dict[str, Any]],
                  after: dict[int, Any]) -> list[int]:
    """``small/<turn>``: for each run of log rows, small boards of the turns where the score moved,
    named by the run's first turn; returns those first turns."""
    score = {t["turn"]: (t["score"]["light"], t["score"]["dark"]) for t in turns}
    drawn = []
    shapes = value_shapes(book.faces, parts)
    swatches = value_swatches(parts, book.styles, shapes)
    for part in told["later"]:
        rows = part.get("log", [])
        moved = [t for t in rows if score[t["turn"]] != score.get(t["turn"] - 1, (0, 0))]
        if moved:
            views = [board_view(after[t["turn"]]) for t in moved]
            boards = [(f"Turn {t['turn']}, {t['player']}: {t['score']['light']}\u2013{t['score']['dark']}",
                       small_board(view, parts, book.styles, shapes)) for t, view in zip(moved, views)]
            keys = [str(t["turn"]) for t in moved]   # each board's log row, by its first cell

            def figure(width: float, shown: list = boards, keys: list = keys,
                       legend: list = small_legend(parts, views)) -> list:
                return [SmallBoards(book.styles, width, shown, legend, cell=112.0, aspect=0.9, rows=keys,
                                    swatches=swatches)]
            book.figures[f"small/{rows[0]['turn']}"] = figure
            drawn.append(rows[0]["turn"])
    return drawn


def step(book: Book, inputs: EngineInputs) -> dict[str, Any]:
    """``step``: one turn worth drawing for the turn section (a long Leyline with a cancellation)."""
    parts = book.parts(BoardParts)
    found = step_example(inputs, book.settings.sample_seed)
    if not found or not parts:
        return {"step": None}
    told, after = game_stories(inputs, {"seed": found["seed"], "actions": found["actions"]},
                               _glyph_names(book))[-1]
    book.figures["turn-step"] = _board(book, parts, turn_view(after, told), book.styles.sheet.figures.turn_board_width)
    return {"step": told}


def step_example(inputs: EngineInputs, seed: int, min_path: int = 4, tries: int = 60) -> dict[str, Any] | None:
    """A seeded greedy game and the index of a turn worth drawing: a Leyline of at least ``min_path``
    cards (so every kind of placement shows), at least one cancellation, and no card taken."""
    return resolve(step_work(inputs, seed, min_path, tries))


def step_work(inputs: EngineInputs, seed: int, min_path: int = 4, tries: int = 60) -> Work:
    return Work("step", {**inputs.key(), "seed": seed, "min_path": min_path, "tries": tries}, inputs.engine,
                [(inputs, seed, min_path, tries)], _search_step, lambda parts: parts[0], [1])


def _search_step(unit: tuple) -> dict[str, Any] | None:
    from generator.play.registry import game_seed, play_game
    inputs, seed, min_path, tries = unit
    for attempt in range(tries):
        game = game_seed(seed, attempt)
        record = play_game(inputs.options, inputs.inputs, game, ["greedy", "greedy"], game=inputs.engine).to_dict()
        for index, (before, action, _after) in enumerate(replay_states(inputs, record)):
            if action.is_setup or action.is_spent or len(action.path) < min_path or action.refill:
                continue
            p = before.current_player
            if any(before.cubes_at(sq)[1 - p] for sq in action.path):
                return {"seed": game, "actions": record["actions"][:index + 1]}
    return None


def _ints(counts: dict) -> dict[int, int]:
    return {int(k): int(v) for k, v in counts.items()}  # JSON turned the keys into text


def _histogram(series: list, label: str, height: float, styles: Any) -> Figure:
    """A histogram of ``series`` as a figure, drawn at the width the page gives."""
    return lambda w: [charts.histogram(series, label, w, height, styles)]


def draw_charts(book: Book, runs: list[dict[str, Any]]) -> None:
    styles, height = book.styles, book.styles.sheet.figures.chart_height
    for run in runs:
        hist = run["histograms"]
        book.figures[f"chart/scores/{run['id']}"] = _histogram(
            [("Light", "light", _ints(hist["light"])), ("Dark", "dark", _ints(hist["dark"]))], "final score", height,
            styles)
        book.figures[f"chart/turns/{run['id']}"] = _histogram(
            [("Turns", "path", _ints(hist["turns"]))], "turns played (both players counted)", height * 0.8, styles)
    book.figures["chart/win-rates"] = lambda w: [charts.win_rates(
        [(r["title"], r["light"]["rate"], r["light"]["low"], r["light"]["high"]) for r in runs], w, styles, "light")]


def example(book: Book, inputs: EngineInputs, data: dict[str, Any], move: str) -> dict[str, Any]:
    """A worked example: the position ``data`` describes, ``move`` played, told and drawn. A position
    still waiting for face-down glyphs has them set first (the glyphs after the one played, in hand
    order), so one example serves editions with and without hidden glyphs.

    :raises ValueError: for a position or a move the rules do not allow.
    """
    from generator.play.positions import PositionError, build_position
    from generator.play.registry import get_engine
    engine = get_engine(inputs.engine)
    try:
        before = build_position(inputs.engine, inputs.options, data, inputs.inputs)
    except PositionError as exc:
        raise ValueError(f"position: {exc}") from None
    _refuse_early_empty_places(before)
    try:
        action = engine.parse_action(move)
        mover = before.current_player
        while before.in_setup:  # both players set glyphs face down first, never the one to be played
            spare = [g for g in before.hand(before.current_player) if g != action.glyph]
            before.play_turn(engine.parse_action(f"h[{','.join(sorted(spare[:inputs.options.hidden_glyphs]))}]"))
        if before.current_player != mover:
            raise ValueError("the player to move changed while glyphs were set face down")
        if before.must_hide(mover) and not action.hide:
            spare = [g for g in before.hand(mover) if g != action.glyph][:inputs.options.hidden_glyphs]
            action = engine.parse_action(f"h[{','.join(sorted(spare))}] {move}")
        after = before.clone()
        after.play_turn(action)
    except Exception as exc:  # the engine's syntax and legality errors
        raise ValueError(f"{move}: {exc}") from None
    told = story(before, action, after, before.turn + 1, _glyph_names(book))
    events = turn_events(told, after.is_terminal())
    parts = book.parts(BoardParts)
    figure = _board(book, parts, turn_view(after, told), book.styles.sheet.figures.turn_board_width) if parts \
        else (lambda w: [])
    return {"told": told, "events": events, "figure": figure, "before": Places(before)}


def _refuse_early_empty_places(state: Any) -> None:
    """A place stays empty only once the deck is out: an example showing one beside a deck that
    still holds cards shows a table no game reaches."""
    if not state.deck_size:
        return
    size = int(len(state.glyph_lines) / 2)  # one line per row and per column
    empty = [f"{chr(97 + c)}{r + 1}" for r in range(size) for c in range(size)
             if state.card_at(f"{chr(97 + c)}{r + 1}") is None]
    if empty:
        raise ValueError(f"position: grid.{empty[0]}: an empty place while the deck still holds "
                         f"{state.deck_size} cards (a place stays empty only once the deck is out; "
                         f"give the leftover cards to a player with taken: {{dark: rest}})")


APPENDICES = Appendices(row=row, figures=figures, charts=draw_charts, sample=sample, extras=step, events=EVENTS,
                        read_events=read_events, ahead=lambda settings, inputs: [step_work(inputs, settings.sample_seed)],
                        example=example, uses=uses)
