"""The rulebook of Battle for the Grove: numbers from the data, a sample game that replays in the
engine as printed, balance figures that agree with ``simulate``, and a narrator checked by the engine."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulebook_helpers import ROOT, pdf_text, section, unbreak
from pnp_testing import run_cli

GAME, EDITION = "battle-for-the-grove", "2024"


def build(out: Path, env: dict) -> Path:
    result = run_cli("rulebook", GAME, "--out", str(out), "--profile", "rulebook-letter", "--profile",
                     "designer-report", env=env)
    assert result.returncode == 0, result.stderr
    pdfs = sorted(p for p in out.glob(f"{GAME}-{EDITION}-rulebook-*.pdf") if "-imposed-" not in p.name)
    assert pdfs, result.stdout
    return pdfs[0]


@pytest.fixture(scope="session")
def grove_book(tmp_path_factory, rulebook_env) -> dict:
    out = tmp_path_factory.mktemp("grove-book")
    pdf = build(out, rulebook_env)
    report = out / f"{GAME}-{EDITION}-designer-report.pdf"
    return {"pdf": pdf, "pages": pdf_text(pdf), "report_pages": pdf_text(report)}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _label_pattern(rule: str) -> str:
    """A ``sample.shows`` label as a pattern: its ``{fields}``, filled from its turn, a few words."""
    return re.sub(r"\\\{\w+\\\}", r"[\\w ]+?", re.escape(rule))


def test_the_rules_numbers_are_the_editions(grove_book):
    from generator.play.registry import options_for
    from generator.model import load_edition

    o = options_for(load_edition(GAME, EDITION))
    text = _flat("\n".join(grove_book["pages"]))
    assert f"at least {o.control_at} of your cubes" in text
    assert f"takes the {o.cubes_per_player} Energy cubes" in text
    assert f"control {o.circles_to_win} circles as your turn begins" in text
    # the glossary's Control gives the numbers too, never "enough"
    words = _book_words(grove_book)
    hold = words[words.index("Control. You control a circle"):][:160]
    assert f"at least {o.control_at} of your cubes" in hold and f"Controlling {o.circles_to_win} circles" in hold, hold
    assert "enough" not in hold, hold
    for chapter in ("Setting up", "A turn", "Clarifications", "Appendix: A sample game"):
        assert chapter in text


def _printed_game(book: dict) -> dict:
    """The sample game as printed for players (the turns in short), and the replay command from the
    designer's report."""
    text = section(book["pages"], "Appendix: A sample game", "Glossary")
    command = re.search(r"pnpkit replay (\S+) --edition (\S+) --seed (\d+) --agents (\S+)",
                        "\n".join(book["report_pages"]))
    flat = " ".join(text.split())
    won = re.search(r"(Light|Dark) starts a turn controlling (\d+)\s+circles and wins", flat)
    return {"game": command.group(1), "edition": command.group(2), "seed": int(command.group(3)),
            "agents": command.group(4).split(","), "text": flat[flat.index("Who goes first"):],
            "winner": won.group(1) if won else None}


def test_the_printed_sample_game_is_the_engines_game(grove_book):
    """Every turning point (a circle won or lost, druids knocked down or sent home) is printed, in the
    engine's order and in its words, with the cubes on the circles after it; the first turn too; the
    winner is the engine's. A turning point inside a run the log gives as one row (the same trade
    made again) is told by that row."""
    from generator.play.registry import options_for, play_game
    from pnp_games.grove.book.story import game_turns
    from generator.model import load_edition

    game = _printed_game(grove_book)
    assert game["game"] == GAME
    options = options_for(load_edition(GAME, game["edition"]))
    record = play_game(options, None, game["seed"], game["agents"], game="grove")
    _, turns = game_turns(options, record.actions)
    text, at = game["text"], 0
    runs = [(r["first"], r["end"]) for r in _log_rows(grove_book["pages"]) if r["end"] > r["first"]]
    printed = [t for t, _ in turns if (t["turning"] and not any(a <= t["turn"] <= b for a, b in runs))
               or t["turn"] == 1]
    assert len(printed) > 3
    for t in printed:
        found = text.find(t["words"], at)
        assert found >= 0, (t["turn"], t["words"], text[at:at + 300])
        at = found + len(t["words"])
    rows = [t for t in printed if t["turning"]]
    assert sum(1 for t in rows if t["score_words"].replace("\u00a0", " ") in text) >= len(rows) // 2  # the log rows carry the cubes
    assert game["winner"] == ("Light", "Dark")[record.winner]


def test_a_change_to_the_rules_data_changes_the_book(tmp_path, rulebook_env):
    components = tmp_path / "components"
    shutil.copytree(ROOT / "components", components)
    edition = components / GAME / "editions" / f"{EDITION}.yaml"
    edition.write_text(edition.read_text().replace("  control_at: 7", "  control_at: 9")
                       .replace("  cubes_per_player: 19", "  cubes_per_player: 23"))
    text = _flat(unbreak("\n".join(pdf_text(build(tmp_path / "out", {**rulebook_env,
                                                                    "PNP_COMPONENTS": str(components)})))))
    assert "at least 9 of your cubes" in text and "at least 7 of your cubes" not in text
    assert "Control. You control a circle while at least 9 of your cubes lie on it" in text   # the glossary too
    assert "takes the 23 Energy cubes" in text and "23 cubes in each supply" in text


def test_balance_figures_agree_with_simulate(quick):
    from generator.runs.simulation import simulate
    from generator.model import load_edition
    from pnp_games.grove.book.book import figures
    from generator.runs.work import balance_rows, engine_inputs

    inputs = engine_inputs(load_edition(GAME, EDITION))
    ours = figures(balance_rows(inputs, 30, 5, ("greedy", "random")))
    theirs = simulate(inputs.options, None, 30, ["greedy", "random"], seed=5, game="grove")
    assert (ours["light"]["count"], ours["dark"]["count"], ours["stalled"]["count"]) == (
        theirs["wins"]["light"], theirs["wins"]["dark"], theirs["wins"]["draw"])
    assert ours["turns"]["mean"] == theirs["turns"]["mean"]
    assert ours["first"]["rate"] == theirs["win_rate_by_turn_order"]["first"]["rate"]
    assert ours["per_game"]["channels"]["mean"] == theirs["per_game_totals"]["channels"]["mean"]
    assert sum(ours["histograms"]["turns"].values()) == 30


def test_the_narrator_agrees_with_the_engine_over_whole_games():
    from pnp_games.grove import GroveOptions
    from generator.play.registry import play_game
    from pnp_games.grove.book.story import game_turns

    options = GroveOptions()
    kinds: set[str] = set()
    for seed in range(6):
        record = play_game(options, None, seed, ["random", "greedy"], game="grove")
        rolls, turns = game_turns(options, record.actions)  # raises if a told effect is not the engine's
        steps = [s for t, _ in turns for s in t["steps"]]
        kinds |= {s["kind"] for s in steps}
        placed = sum(s.get("placed", 0) for s in steps)
        assert placed == record.tallies[0]["cubes_placed"] + record.tallies[1]["cubes_placed"]
        sent = sum(s.get("banished", 0) for s in steps)
        assert sent == record.tallies[0]["druids_banished"] + record.tallies[1]["druids_banished"]
        assert [a for t, _ in turns for a in t["notation"].split("; ")] == record.actions[len(rolls):]
        assert turns[-1][0]["winner"] == (None if record.winner is None else ("Light", "Dark")[record.winner])
        assert len(turns) == record.turns
    assert kinds >= {"stand", "move", "channel", "stun", "banish"}


def test_the_narrator_refuses_a_story_the_engine_would_not_tell(monkeypatch):
    from pnp_games.grove import GroveOptions
    from generator.play.registry import play_game
    from pnp_games.grove.book import story as grove_story

    options = GroveOptions()
    record = play_game(options, None, 3, ["greedy", "greedy"], game="grove")
    real = grove_story._roll

    def off_by_one(before, pending, dice, after, sent=None):  # a narrator that miscounts the dice
        return real(before, pending, tuple(min(d + 1, options.die_sides) for d in dice), after, sent)
    monkeypatch.setattr(grove_story, "_roll", off_by_one)
    with pytest.raises(RuntimeError, match="disagrees with the engine"):
        grove_story.game_turns(options, record.actions)


def test_the_diagrams_draw_every_druid(quick, tmp_path, monkeypatch):
    """The setup drawing shows all 12 druids lying (a lying figure with the count, six of each colour)
    and no standing one."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp_games.grove import GroveOptions, State
    from generator.model import load_edition
    from generator.model import layouts_for
    from generator.rulebook.faces import PieceFaces
    from pnp_games.grove.book import diagram as grove_diagram
    from pnp_games.grove.book.diagram import GroveDiagram, GroveParts, grove_view
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    edition = load_edition(GAME, EDITION)
    layouts = layouts_for(edition)
    faces = PieceFaces(edition, layouts)
    drawn: list[tuple[str, str]] = []
    real = faces.draw

    def record(canv, template, values, *args, **kwargs):
        drawn.append((template.id, values.get("colour", "")))
        return real(canv, template, values, *args, **kwargs)
    faces.draw = record
    figures: list[tuple[str, bool]] = []
    real_icon = grove_diagram.druid_icon

    def record_icon(canv, styles, cx, cy, tall, role, lying):
        figures.append((role, lying))
        return real_icon(canv, styles, cx, cy, tall, role, lying)
    monkeypatch.setattr(grove_diagram, "druid_icon", record_icon)
    parts = GroveParts.model_validate({"circles": {"component": "magic-circles", "field": "circle"},
                                       "druids": {"component": "druids", "field": "colour"},
                                       "cubes": {"component": "energy-cubes", "field": "colour"}})
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    options = GroveOptions()
    state = State(options)
    diagram = GroveDiagram(grove_view(state), faces, parts, styles, 300, options.druids_per_player, legend=False)
    pdf = tmp_path / "setup.pdf"
    canv = Canvas(str(pdf))
    diagram.drawOn(canv, 0, 0)
    canv.save()
    assert sorted(figures) == [("dark", True), ("light", True)]   # each colour's lying figure once, with its count
    assert [t.split("~")[0] for t, _ in drawn].count("grove-circle") == options.circles
    text = pdf_text(pdf)[0]
    assert text.count("\u00d76") == 2 and "\u00d71" not in text, text


def test_a_drawings_key_draws_the_druids_it_shows_and_lists_only_its_marks():
    """The setup's key: no cube boxes (no circle holds a cube), a drawn lying druid of each colour and
    no standing one; once a druid stands and cubes lie on a circle, their items join it."""
    import dataclasses
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    from pnp_games.grove import GroveOptions, State
    from pnp_games.grove.book.diagram import druid_swatches, grove_view, legend_items

    setup = grove_view(State(GroveOptions()))
    items = legend_items(setup)
    assert not [i for i in items if i[0].startswith("count")], items
    pieces = [i for i in items if i[0] == "piece"]
    assert pieces == [("piece", "lying:light+dark", "\u00d7n druids lying")]
    layouts = layouts_for(load_edition(GAME, EDITION))
    swatches = druid_swatches(build_styles(layouts, load_style_sheet(layouts, "styles")))
    assert all(colour in swatches for _, colour, _ in pieces)   # each drawn, not told in words
    first = setup.circles[0]
    later = dataclasses.replace(setup, cubes={**setup.cubes, first: (0, 3)},
                                druids={**setup.druids, first: [(0, 0), (2, 0)]})
    items = legend_items(later)
    words = [w for _, _, w in items]
    assert "Dark's cubes" in words and "Light's cubes" not in words
    assert ("piece", "standing:dark", "\u00d7n druids standing") in items


def test_a_table_nobody_controls_is_drawn_as_narrow_as_its_circles_and_a_controlled_one_keeps_its_label_inside(tmp_path):
    """A drawing asked for less width than its "controlled by" labels need takes that width when it
    shows no such label (the first turns of a sample game, three to a row), and grows to hold the
    label, inside the drawing, when it shows one."""
    import dataclasses
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    from generator.rulebook.faces import PieceFaces
    from pnp_games.grove.book.diagram import GroveDiagram
    edition, layouts, parts, styles, options, free = _table_drawing_kit()
    width = 4.0 * 6.5 * styles.sheet.figures.min_text   # four circles' diameters at the least scale
    bare = GroveDiagram(free, PieceFaces(edition, layouts), parts, styles, width, options.druids_per_player, legend=False)
    assert bare.width == pytest.approx(width)
    first = free.circles[-1]   # an outer circle, low beside the Grove
    held = dataclasses.replace(free, holder={**free.holder, first: 1})
    drawn = GroveDiagram(held, PieceFaces(edition, layouts), parts, styles, width, options.druids_per_player, legend=False)
    assert drawn.width > width
    pdf = tmp_path / "held.pdf"
    canv = Canvas(str(pdf), pagesize=(drawn.width, drawn.height))
    drawn.drawOn(canv, 0, 0)
    canv.save()
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
    label = [w for w in words if w["text"] == "controlled"]
    assert label and all(0 <= w["x0"] for w in label), words
    by = [w for w in words if w["text"] == "Dark" and abs(w["top"] - label[0]["top"]) < 1]
    assert by and by[0]["x1"] <= drawn.width, words


def test_an_outer_circles_druids_stay_inside_a_narrow_drawing(tmp_path):
    """A circle at the drawing's side with druids standing and lying there: its row of counts (two
    faces, two counts) is wider than the room beside the circle in a drawing as narrow as its
    circles; it moves inward, every mark inside the drawing, not past its edge into the margin."""
    import dataclasses
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    from generator.rulebook.faces import PieceFaces
    from pnp_games.grove.book.diagram import GroveDiagram
    edition, layouts, parts, styles, options, free = _table_drawing_kit()
    crowded = dataclasses.replace(free, druids={place: [(3, 3), (0, 0)] if place in free.circles else [(0, 0), (0, 0)]
                                                for place in free.druids})
    width = 3.0 * 6.5 * styles.sheet.figures.min_text   # less than its circles need: as narrow as it draws
    drawn = GroveDiagram(crowded, PieceFaces(edition, layouts), parts, styles, width, options.druids_per_player,
                         legend=False)
    pdf = tmp_path / "crowded.pdf"
    margin = 20.0
    canv = Canvas(str(pdf), pagesize=(drawn.width + 2 * margin, drawn.height))
    drawn.drawOn(canv, margin, 0)
    canv.save()
    with pdfplumber.open(pdf) as doc:
        chars = doc.pages[0].chars
    counts = [c for c in chars if c["text"] == "\u00d7"]
    assert len(counts) == 2 * len(free.circles), [c["text"] for c in chars]
    left, right = min(c["x0"] for c in chars) - margin, max(c["x1"] for c in chars) - margin
    assert left >= -0.01 and right <= drawn.width + 0.01, (left, right, drawn.width)


def test_sample_game_shows_stun_banish_stand_and_victory(grove_book, quick):
    """The events rulebook.yaml asks for happen in the printed game, on the turns the appendix names."""
    import yaml
    from generator.play.registry import play_game
    from generator.model import load_edition
    from pnp_games.grove.book.book import read_events
    from generator.runs.work import engine_inputs

    wanted = yaml.safe_load((ROOT / "components" / GAME / "rules" / "rulebook.yaml").read_text())["sample"]["shows"]
    assert {"stun", "banish", "stand_at_grove", "victory"} <= set(wanted)
    game = _printed_game(grove_book)
    inputs = engine_inputs(load_edition(GAME, EDITION))
    record = play_game(inputs.options, None, game["seed"], game["agents"], game="grove").to_dict()
    events = dict(read_events(inputs, record))
    appendix = _flat(section(grove_book["pages"], "Appendix: A sample game", "Glossary"))
    report = _flat("\n".join(grove_book["report_pages"]))
    named_events = set()
    for event, rule in wanted.items():
        named = re.search(rf"turn (\d+): (?:(?!turn \d+:).)*?{_label_pattern(rule)}", appendix)
        if named:
            assert event in events[int(named.group(1))], (event, named.group(1))
            named_events.add(event)
        else:  # the quick test agents (greedy) may never do it; the report must say so
            assert re.search(rf"No game among the \d+ seeds tried shows [^.]*\b{event}\b", report), event
    assert {"stand_at_grove", "victory"} <= named_events


@pytest.mark.long
def test_sample_game_with_the_books_agents_shows_every_asked_event(tmp_path, monkeypatch):
    """With the profile's own agents (mcts), the search finds a game showing all of them."""
    import yaml
    from generator.model import load_edition
    from pnp_games.grove.book.book import read_events
    from generator.runs.work import engine_inputs
    from generator.runs.sample_search import SampleSearch, choose_seed

    config = yaml.safe_load((ROOT / "components" / GAME / "rules" / "rulebook.yaml").read_text())["sample"]
    inputs = engine_inputs(load_edition(GAME, EDITION))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    choice = choose_seed(inputs, ("mcts", "mcts"), 1, SampleSearch(**config), read_events)
    assert choice["missing"] == [] and {h["event"] for h in choice["highlights"]} == set(config["shows"])


def test_the_default_sample_tells_a_stun_and_a_banish_as_the_engine_played_them(player_books, monkeypatch):
    """The book a user gets (the booklet plays the profile's own sample agents): its sample game
    names a turn for a Stun that knocks druids down and one for a Banish that sends druids home,
    and tells each in full; the engine's record of that game, read again (the narrator checks every
    step against the engine's state), shows the same event on the same turn."""
    import yaml
    from generator.model import load_edition
    from generator.play.registry import play_game
    from generator.runs.sample_search import SampleSearch, choose_seed
    from generator.runs.work import engine_inputs
    from pnp_games.grove.book.book import label_facts, read_events
    from pnp_games.grove.book.story import game_turns

    pdf = player_books[(GAME, EDITION, "rulebook-a5-booklet")]
    config = yaml.safe_load((ROOT / "components" / GAME / "rules" / "rulebook.yaml").read_text())
    profile = yaml.safe_load((ROOT / "generator" / "looks" / "profiles" / "rulebook-a5-booklet.yaml").read_text())
    settings = profile["options"]
    inputs = engine_inputs(load_edition(GAME, EDITION))
    monkeypatch.setenv("PNP_CACHE_DIR", str(pdf.parent.parent / "cache"))   # the books' search, kept
    agents = tuple(settings["sample_agents"])
    choice = choose_seed(inputs, agents, settings["sample_seed"], SampleSearch(**config["sample"]), read_events,
                         config.get("narrated_turns") or settings["narrated_turns"])
    record = play_game(inputs.options, inputs.inputs, choice["seed"], list(agents), game=inputs.engine).to_dict()
    events = dict(read_events(inputs, record))
    told = {t["turn"]: t for t, _ in game_turns(inputs.options, record["actions"])[1]}
    text = _flat(unbreak("\n".join(pdf_text(pdf)))).replace("\u2019", "'")
    for event, said in (("stun", r"of (?:Light|Dark)'s druids (?:is|are) knocked down"),
                        ("banish", r"of (?:Light|Dark)'s druids (?:goes|go) back to the Grove")):
        rule = config["sample"]["shows"][event]
        named = re.search(rf"turn (\d+): {_label_pattern(rule)}", text)
        assert named, (event, rule)
        turn = int(named[1])
        assert event in events[turn], (event, turn, events[turn])
        t = told[turn]
        said_rule = rule.format_map(label_facts(t))   # its druids counted: 'sending one druid home'
        assert said_rule in named[0], (said_rule, named[0])
        shows = re.search(rf"This turn shows [^.]*{re.escape(said_rule)}", text)   # told in full, its story after
        story = text[shows.start():][:700]
        assert t["words"] in story and re.search(said, story), (event, story)


def test_report_states_length_only_from_games_that_ended(grove_book, quick):
    """Games stopped at the turn cap are not play: the lengths the designer's report gives leave them
    out, and it says how often games stalled and under which agents; the player book states none."""
    from generator.model import load_edition
    from pnp_games.grove.book.book import figures
    from generator.runs.work import balance_rows, engine_inputs

    inputs = engine_inputs(load_edition(GAME, EDITION))
    run = figures(balance_rows(inputs, 60, 1, ("greedy", "greedy")))
    each = round(run["turns_decided"]["mean"] / 2)
    text = _flat("\n".join(grove_book["pages"]))
    report = _flat("\n".join(grove_book["report_pages"]))
    assert f"A battle that ends with a winner takes about {each} turns for each player" in report
    assert "turns for each player" not in text   # a statistic: the designer's report states it
    stalls = report[report.index("Stalled games"):]
    assert "greedy, greedy" in stalls and "random, random" in stalls
    assert f"{run['stalled']['count']} {100 * run['stalled']['rate']:.1f}%" in stalls
    # why games stall and the rule text that would settle it: for the designer, never for players
    assert "Why games stall, and what would settle it" in stalls and "banish_needs_standing_druid" in stalls
    assert "Why games stall" not in text and "banish_needs_standing_druid" not in text


def test_the_victory_is_the_winners_own_turn():
    """The turn the sample search calls the victory is the winner's last turn (the channel that won the
    deciding circle), never the loser's turn after it that failed to break the hold."""
    from pnp_games.grove.book.book import read_events
    from pnp_games.grove.book.story import game_turns
    from generator.play.registry import play_game
    from generator.model import load_edition
    from generator.runs.work import engine_inputs

    inputs = engine_inputs(load_edition(GAME, EDITION))
    checked = 0
    for seed in range(5):
        record = play_game(inputs.options, None, seed, ["greedy", "greedy"], game="grove").to_dict()
        if record["winner"] is None:
            continue
        events = read_events(inputs, record)
        _, turns = game_turns(inputs.options, record["actions"])
        player = {t["turn"]: t["player"] for t, _ in turns}
        victory = [turn for turn, shown in events if "victory" in shown]
        winner = ("Light", "Dark")[record["winner"]]
        assert len(victory) == 1 and player[victory[0]] == winner
        assert victory[0] == max(t for t, p in player.items() if p == winner)
        assert player[turns[-1][0]["turn"]] != winner   # the game's last turn was the loser's
        checked += 1
    assert checked >= 3


def _fake_events(inputs, record):
    """Seed 1 repeats a turn; seed 3 shows the wanted event and repeats a turn (every game of a real
    one may open with the same turns); no other seed shows it."""
    seed = record["seed"]
    return [(1, ({"stun"} if seed == 3 else set()) | ({"repeat"} if seed in (1, 3) else set())), (2, set())]


def _wasteful_events(inputs, record):
    """Seeds 2 and 3 show the wanted event; seed 2 also wastes an action (a turn with no effect)."""
    seed = record["seed"]
    return [(1, {"stun"} if seed in (2, 3) else set()), (2, {"no_effect"} if seed == 2 else set())]


def _search(first, seeds, wanted, reader=_fake_events, told=0):
    """The search over real games read by ``reader``, every game counted close (these tests weigh
    the other criteria; test_sample_search_rank.py weighs closeness)."""
    from unittest import mock

    from generator.model import load_edition
    from generator.runs import sample_search
    from generator.runs.work import engine_inputs

    inputs = engine_inputs(load_edition(GAME, EDITION))
    with mock.patch.object(sample_search, "CLOSE", 1e9):
        return sample_search._search_seeds((inputs, ("greedy", "greedy"), first, seeds, wanted, reader, told, None))


def test_the_sample_search_passes_over_a_game_that_wastes_an_action_but_takes_it_when_nothing_better_shows():
    """A game showing every event but with an action that changed nothing (a Banish where nobody
    stood) in a turn that teaches does not end the search; the next game that shows them cleanly
    wins. When the seeds run out, showing the events still counts first."""
    found = _search(1, 5, ("stun",), _wasteful_events)
    assert found["seed"] == 3 and found["tried"] == 3
    found = _search(1, 2, ("stun",), _wasteful_events)
    assert found["seed"] == 2 and found["tried"] == 2 and found["found"] == {"stun": 1}
    # turn 2 is not told in full and shows nothing wanted: its wasted action is left to the log's key
    found = _search(1, 5, ("stun",), _wasteful_events, told=1)
    assert found["seed"] == 2 and found["tried"] == 2


def test_a_turn_whose_action_had_nothing_to_work_on_is_read_as_wasted():
    """The Grove's reader marks a turn whose Banish found no druid there (no roll) ``no_effect``, and
    not a turn whose Banish rolled and missed."""
    from generator.model import load_edition
    from generator.runs.work import engine_inputs
    from pnp_games.grove.book.book import read_events
    from pnp_games.grove.book.story import game_turns

    inputs = engine_inputs(load_edition(GAME, EDITION))
    for seed in range(1, 40):
        from generator.play.registry import play_game
        record = play_game(inputs.options, inputs.inputs, seed, ["random", "random"], game=inputs.engine).to_dict()
        _, turns = game_turns(inputs.options, record["actions"])
        unrolled = {t["turn"] for t, _ in turns if any(s.get("no_roll") for s in t["steps"])}
        if unrolled:
            break
    assert unrolled, "no random game wastes an action: choose another reader check"
    wasted = {turn for turn, shown in read_events(inputs, record) if "no_effect" in shown}
    assert wasted == unrolled


def test_the_sample_search_stops_at_the_first_game_showing_every_event_repeats_or_not():
    found = _search(1, 5, ("stun",))
    assert found["seed"] == 3 and found["tried"] == 3 and found["found"] == {"stun": 1}


def test_a_failed_sample_search_prefers_a_game_without_repeated_turns():
    found = _search(1, 2, ("stun",))
    assert found["seed"] == 2 and found["tried"] == 2 and found["found"] == {}


def test_repeated_turns_are_told_in_one_line():
    from generator.runs.sample_search import told_parts

    turns = [{"turn": n, "player": "AB"[(n - 1) % 2], "notation": note, "shows": []}
             for n, note in enumerate(["x", "y", "x", "y", "x", "z", "w"], start=1)]
    parts = told_parts(turns, 6)
    assert [t.get("same_as") for t in parts["turns"]] == [None, None, 1, 2, 1, None]
    assert [t["turn"] for t in parts["log"]] == [7]
    # the stretch of turns 1-5, where each player makes one turn again and again, is one line, undrawn
    run = parts["blocks"][0]["run"]
    assert (run["first"], run["end"]) == (1, 5) and [t["turn"] for t in parts["full"]] == [6]


def test_the_turn_at_a_glance_sets_the_turn_summary_cards_own_words(grove_book):
    """One source: the book's last page carries every text of the card's front (its actions) and the
    set-up and control of its back, with the card's numbers filled in."""
    from generator.model import load_edition
    from generator.rulebook.facts import edition_facts

    card = edition_facts(load_edition(GAME, EDITION))["components"].turn_summary
    front, back = card.face_text, card.back_text
    last = " ".join(unbreak(grove_book["pages"][-1]).split())  # words hyphenated at a line end joined
    assert "Turn at a glance" in last
    for text in [front[a] for a in ("check", "stand", "move", "channel", "stun", "banish")] + \
            [back["setup"], back["control"]]:
        assert " ".join(text.split()) in last, text
    assert "{" not in front["channel"] and "Roll 3 dice" in front["channel"]


def test_the_logs_turning_points_have_small_boards(grove_book):
    """Each small board beneath the log is captioned with a turn the table above lists, by the same
    player."""
    text = section(grove_book["pages"], "The rest of the game", "The end")
    rows = dict(re.findall(r"^(\d+)\s*\n(Light|Dark)\s*$", text, flags=re.M))   # a table cell a line
    captions = re.findall(r"Turn (\d+), (Light|Dark)", text)
    assert captions
    for turn, player in captions:
        assert rows.get(turn) == player, turn


def test_the_sample_games_boards_share_one_key_and_sit_side_by_side(grove_book):
    """The appendix prints the key to its drawings once for the first turns and once for the rest,
    and again only on a later spread whose boards no key explains: not beneath every board; on
    Letter the first turns' boards stand three to a row (their headings on one line)."""
    import pdfplumber
    appendix = section(grove_book["pages"], "Appendix: A sample game", "Glossary")
    boards = appendix.count("Light supply")
    assert 2 <= appendix.count("Light's cubes") < boards and appendix.count("druids lying") < boards, boards
    rows: dict[tuple[int, float], list[str]] = {}
    with pdfplumber.open(grove_book["pdf"]) as doc:
        for page in doc.pages:
            words = page.extract_words()
            for a, b in zip(words, words[1:]):
                if a["text"] == "Turn" and re.fullmatch(r"\d+:", b["text"]) and abs(a["top"] - b["top"]) < 1:
                    rows.setdefault((page.page_number, round(a["top"])), []).append(b["text"])
    assert max(len(turns) for turns in rows.values()) == 3, rows


def test_the_report_says_how_many_games_hit_the_turn_limit_beside_the_length_of_those_that_ended(grove_book):
    """The length chart and text count the games the turn limit stopped apart from the games that
    ended: the text gives their number (the "Who wins" table's) and never an average holding them."""
    text = _flat("\n".join(grove_book["report_pages"]))
    stopped, games = re.search(r"Stopped at the turn limit (\d+) ", text[text.rindex("Who wins"):]).group(1), \
        re.search(r"The rules engine played ([\d,]+) games to find out", text).group(1)
    length = text[text.rindex("Game length"):text.rindex("What happens in a game")]
    assert "Over all games, the ones stopped at the turn limit included" not in length
    if int(stopped):
        assert f"The other {stopped} of the {games} games" in length and "hit the limit of" in length, length
    else:
        assert "No game hit the limit of" in length, length


def _book_words(grove_book) -> str:
    """The book's text as one line, words hyphenated at a line end joined, curly apostrophes straight."""
    return _flat(unbreak("\n".join(grove_book["pages"]))).replace("\u2019", "'")


def test_the_optional_draw_has_a_concrete_trigger_and_is_our_reading(grove_book):
    """The printed rules have no draw: the book's optional draw names a number of turns each (not 'when
    both players say so'), is boxed as an optional rule not in the printed rules, after the
    Clarifications, and their answer to the question says the same."""
    text = _book_words(grove_book)
    at = text.index("Optional rule (not in the printed rules): a drawn battle.")
    rule = text[at:at + 400]
    assert "both players say so" not in rule
    turns = re.search(r"each of you has taken (\d+) turns, the battle is a draw", rule)
    assert turns, rule
    answer = text[text.index("Can a battle end in a draw?"):][:300]
    assert text.index("Can a battle end in a draw?") < at
    assert f"draw after {turns[1]} turns each" in answer and "Not by the rules as printed" in answer
    assert "our suggestion" in answer and "optional rule" in answer


def test_possessives_are_not_doubled(grove_book):
    """'5 of Light's cubes', never '5 cubes of Light's' or 'two druids of Dark's' (examples and sample game)."""
    text = _book_words(grove_book)
    doubled = re.findall(r"\b(?:cubes?|druids?) of (?:Light|Dark)'s\b", text)
    assert not doubled, doubled
    assert re.search(r"holds \d+ of (?:Light|Dark)'s cubes", text)
    assert re.search(r"\w+ of (?:Light|Dark)'s druids (?:is|are) knocked down", text)


def test_one_spelling_for_dice_and_energy_cubes_and_a_plain_glossary(grove_book):
    """'six-sided' everywhere (the components table's form), 'Energy cubes' as the terms file and the
    components name them, and the glossary's Lying entry does not say 'back' twice."""
    text = _book_words(grove_book)
    assert not re.search(r"\b\d+-sided\b", text) and "ordinary six-sided dice" in text
    assert "energy cube" not in text and " Energy cubes of their color" in text
    assert "on its back, back face up" not in text
    assert re.search(r"Lying\. A druid laid down", text)


def test_the_stand_twice_example_says_each_stand_once(grove_book):
    """Two Stands in the Grove in one turn are told as a first and a second, not one sentence twice."""
    text = _book_words(grove_book)
    box = text[text.index("Example: Standing up twice in the Grove."):][:600]
    assert box.count("Light stands a druid up in the Grove") == 1, box
    assert "With the second action, Light stands another druid up there." in box
    sentences = [s.strip() for s in re.split(r"(?<=\.) ", text) if len(s.split()) > 3]
    twice = [a for a, b in zip(sentences, sentences[1:]) if a == b]
    assert not twice, twice


# ----------------------------------------------------------------- the log, the drawings, the report
ROW = re.compile(r"^(\d+)(?:–(\d+))?\n(Light|Dark|Both)\n", re.M)
SCORE = re.compile(r"A (?:none|\d+ (?:Light|Dark)), B (?:none|\d+ (?:Light|Dark)), C (?:none|\d+ (?:Light|Dark))")


def _log_rows(pages: list[str]) -> list[dict]:
    """The rows of the sample game's log tables as printed: the turns each covers, the player, the
    words, and the cubes on the circles after it."""
    text = section(pages, "The rest of the game", "The end")
    found = list(ROW.finditer(text))
    rows = []
    for m, after in zip(found, found[1:] + [None]):
        body = _flat(unbreak(text[m.end():after.start() if after else len(text)]))
        score = SCORE.search(body)
        rows.append({"first": int(m[1]), "end": int(m[2] or m[1]), "player": m[3],
                     "text": body[:score.start()].strip() if score else body,
                     "score": score.group(0) if score else None})
    return rows


@pytest.fixture
def grove_a4_a5(player_books) -> dict[str, Path]:
    """The A4 book and the A5 booklet (the session's: the booklet plays the default sample game)."""
    return {"a4": player_books[(GAME, EDITION, "rulebook-a4")], "a5": player_books[(GAME, EDITION, "rulebook-a5-booklet")]}


def test_the_log_accounts_for_every_turn_it_does_not_tell_each_row_with_the_cubes(grove_book):
    """From the first turn after the narrated ones to the last, every turn is told in full or lies in
    a log row (a turn, or a run 'a–b'), and every row gives the cubes on the circles after it."""
    import yaml
    narrated = yaml.safe_load((ROOT / "components" / GAME / "rules" / "rulebook.yaml").read_text())["narrated_turns"]
    rows = _log_rows(grove_book["pages"])
    rest = _flat(section(grove_book["pages"], "The rest of the game", "The end"))
    told = {int(n) for n in re.findall(r"Turn (\d+): (?:Light|Dark)", rest)}
    end = _flat(section(grove_book["pages"], "The end", "Glossary"))
    last = int(re.search(r"(?:After|within) (\d+) turns", end).group(1))
    covered = told | {n for r in rows for n in range(r["first"], r["end"] + 1)}
    assert sorted(covered) == list(range(narrated + 1, last + 1)), (sorted(covered), last)
    assert rows and all(r["score"] for r in rows), [r for r in rows if not r["score"]]
    for r in rows:
        if r["end"] > r["first"]:   # a run of turns: nothing changed, or the same trade made again
            assert "Nothing changes hands" in r["text"] or " again" in r["text"], r


def _log_row_text(log: list[dict]) -> list[str]:
    """The Grove's log rows (its rules' ``_log.md``) for made-up turns, as the book writes them."""
    from generator.rulebook.text import RuleText
    from generator.runs.sample_log import log_rows
    macro = RuleText(ROOT / "components" / GAME / "rules").env.from_string(
        '{% import "_log.md" as log %}{{ log.row(r) }}')
    return [macro.render(r=r).strip() for r in log_rows(log)]


def test_a_log_row_of_several_turns_numbers_each_players_different_moves():
    """A row where nothing changes hands and one player made two different moves says which turn
    made which ('Light, turn 19: ... Turn 21: ...'): listed together they read as two actions of
    one turn, which the rules forbid. A player who made one move says it with its count."""
    def quiet(n: int, player: str, shape: str) -> dict:
        return {"turn": n, "player": player, "shape": shape, "words": shape, "turning": False, "change": []}
    log = [quiet(19, "Light", "move 1 from the Grove to circle C"), quiet(20, "Dark", "pass"),
           quiet(21, "Light", "move 5 from circle A to circle C"), quiet(22, "Dark", "pass"),
           quiet(23, "Light", "move 1 from the Grove to circle C")]
    assert _log_row_text(log) == [
        "Light, turns 19 and 23: move 1 from the Grove to circle C. Turn 21: move 5 from circle A to circle C. "
        "Dark: pass twice. Nothing changes hands."]


def test_no_stretch_of_the_log_repeats_two_rows_turn_after_turn(grove_book):
    """Two rows made again (dice aside) right after themselves, A B A B, are one row: the log never
    prints a tug of war turn by turn."""
    rows = [re.sub(r", roll \d-\d-\d", "", f"{r['player']} {r['text']}") for r in _log_rows(grove_book["pages"])]
    for i in range(3, len(rows)):
        assert not (rows[i] == rows[i - 2] and rows[i - 1] == rows[i - 3]), rows[i - 3:i + 1]


def _circle_art(page) -> list[tuple[float, float, float, float]]:
    """The box of each circle token drawn on a page (with its holder's ring): the square outlines
    centred on a circle's letter."""
    boxes = []
    for w in page.extract_words():
        if w["text"] not in ("A", "B", "C"):
            continue
        cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
        around = [c for c in page.curves
                  if abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 1 and c["x1"] - c["x0"] > 3 * (w["bottom"] - w["top"])
                  and abs((c["x0"] + c["x1"]) / 2 - cx) < 0.2 * (c["x1"] - c["x0"])
                  and abs((c["top"] + c["bottom"]) / 2 - cy) < 0.2 * (c["x1"] - c["x0"])]
        if around:
            boxes.append((min(c["x0"] for c in around), min(c["top"] for c in around),
                          max(c["x1"] for c in around), max(c["bottom"] for c in around)))
    return boxes


def _label(word: dict) -> bool:
    return word["text"] in ("stunned", "home", "held", "by") or re.fullmatch(r"[+\u2212]\d+", word["text"]) is not None


def test_the_drawings_labels_sit_beside_the_circles_not_on_them(grove_book, grove_a4_a5):
    """'3 stunned', '1 home', '+2', '−2' and 'held by Dark' are printed clear of every circle token and
    its holder's ring, at 6 pt or more, in the Letter, A4 and A5 books."""
    import pdfplumber
    checked = 0
    for pdf in (grove_book["pdf"], grove_a4_a5["a4"], grove_a4_a5["a5"]):
        drawn = [i for i, text in enumerate(pdf_text(pdf)) if re.search(r"stunned|home|controlled by|[+\u2212]\d", text)]
        with pdfplumber.open(pdf, pages=[i + 1 for i in drawn]) as doc:
            for page in doc.pages:
                labels = [w for w in page.extract_words(extra_attrs=["size"]) if _label(w)]
                arts = _circle_art(page) if labels else []
                for w in labels if arts else []:
                    near = [a for a in arts if w["x0"] < a[2] + 40 and w["x1"] > a[0] - 40
                            and w["top"] < a[3] + 40 and w["bottom"] > a[1] - 40]
                    for x0, top, x1, bottom in near:
                        overlap = min(w["x1"], x1) - max(w["x0"], x0), min(w["bottom"], bottom) - max(w["top"], top)
                        assert min(overlap) <= 0, (pdf.name, page.page_number, w["text"], (x0, top, x1, bottom))
                    checked += bool(near)
                    assert w["size"] >= 6.0, (pdf.name, page.page_number, w["text"], w["size"])
    assert checked > 10


def test_the_turn_summary_cards_page_runs_on_into_the_rules(grove_book, grove_a4_a5):
    """The page that prints the turn summary card is at least 70% drawn on, in the Letter and the A4
    book, and Setting up, its drawing and its steps follow on it or on the next page: no page is
    left part empty or blank between the components and the rules."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import page_fill, page_lines
    for pdf in (grove_book["pdf"], grove_a4_a5["a4"]):
        doc = pdfium.PdfDocument(str(pdf))
        try:
            pages = [page_lines(doc[i]) for i in range(len(doc))]
            at = next(i for i, lines in enumerate(pages) if any("Turn summary cards as printed" in ln.text for ln in lines))
            setting = [i for i, lines in enumerate(pages) if any(ln.text.strip() == "Setting up" for ln in lines)]
            fill = page_fill(doc[at], pages[at], at + 1)
        finally:
            doc.close()
        assert setting and setting[-1] in (at, at + 1), (pdf.name, at + 1, setting)
        words = " ".join(ln.text for ln in pages[setting[-1]])
        assert "Light supply" in words and "Ready to play" in words, words
        assert fill >= 0.7, (pdf.name, at + 1, fill)


def test_the_report_claims_no_length_for_the_player_book_and_points_to_its_draw_rule(grove_book):
    """The designer's report does not say the player book gives a length (it gives none), and where it
    speaks of games that never end it points to the optional draw after the Clarifications, with its turns."""
    report = _flat(" ".join(grove_book["report_pages"])).replace("\u201c", '"').replace("\u201d", '"')
    book = _book_words(grove_book)
    assert "the figure the player rulebook gives" not in report
    assert "every figure it states" not in report and "agree to a draw" not in report
    assert not re.search(r"turns for each player|\bminutes\b|lasts about", book)
    turns = re.search(r"each of you has taken (\d+) turns, the battle is a draw", book)[1]
    assert "Optional rule (not in the printed rules): a drawn battle" in book
    assert "Deadlocks." in report   # the quick runs stall some games, as the real ones do
    deadlocks = report[report.index("Deadlocks."):][:400]
    assert '"Optional rule (not in the printed rules): a drawn battle"' in deadlocks and f"has taken {turns} turns" in deadlocks, deadlocks


@pytest.mark.long
def test_the_default_books_log_folds_its_tug_of_war_into_one_row(tmp_path, rulebook_env):
    """The book a user gets (the profile's sample agents) plays a long trade over one circle near its
    end: its log prints the first trade and then one row for the rest, never A B A B."""
    out = tmp_path / "book"
    result = run_cli("rulebook", GAME, "--edition", EDITION, "--out", str(out), "--profile", "rulebook-letter",
                     env={**rulebook_env, "PNP_RULEBOOK_SAMPLE_AGENTS": ""})
    assert result.returncode == 0, result.stderr
    pages = pdf_text(out / f"{GAME}-{EDITION}-rulebook-letter.pdf")
    rows = _log_rows(pages)
    text = [re.sub(r", roll \d-\d-\d", "", f"{r['player']} {r['text']}") for r in rows]
    for i in range(3, len(text)):
        assert not (text[i] == text[i - 2] and text[i - 1] == text[i - 3]), text[i - 3:i + 1]
    assert any(r["end"] > r["first"] and " again" in r["text"] for r in rows), text


def test_the_designers_report_claims_no_figure_of_the_player_rulebook_and_says_each_once(grove_book):
    """The Grove's own balance text (the length of a battle) and the shared report: no sentence says
    the player rulebook gives a figure, no share is printed twice, every command is the installed
    program's."""
    from test_report_editing import flat, repeated_figures, stale_claims
    text = flat(grove_book["report_pages"])
    assert stale_claims(text) == []
    assert repeated_figures(text) == {}
    assert "build.py" not in text and re.search(r"pnpkit replay battle-for-the-grove --edition 2024 --seed \d+", text)


DRUIDS_HIT = re.compile(r"(\d+) of (Light|Dark)’s druids at ([A-C]) (knocked down, (?:\d+|none) still standing|"
                        r"sent home to the Grove, (?:\d+|none) left there)")


def test_a_stun_or_banish_row_says_whose_druids_how_many_where_and_its_board_labels_them(player_books):
    """The books a user gets (built with the profile's sample agents): every log row whose turn
    knocks druids down or sends them home says how many, whose, at which circle and what is left
    there (it said '1 of Dark's druids sent home', and its small board, which shows only cubes,
    looked like the board before); the row's small board labels the circle '1 stunned' or '1 home',
    as the big drawings do; a Stun or Banish that hits nobody says so. A booklet cut to save a sheet
    may set its log without small boards; the other books draw them."""
    boards = 0
    for profile in ("rulebook-letter", "rulebook-a4", "rulebook-a5-booklet"):
        boards += _hit_rows_and_boards(player_books[(GAME, EDITION, profile)])
    assert boards, "no book draws a small board for a log row whose Stun or Banish hits"


def _hit_rows_and_boards(pdf: Path) -> int:
    """``test_a_stun_or_banish_row_says_whose_druids_how_many_where_and_its_board_labels_them`` for
    one book; the small boards it checked."""
    import pdfplumber
    rows = _log_rows(pdf_text(pdf))
    hit = [r for r in rows if re.search(r"(?<!nobody )knocked down|(?<!nobody )sent home", r["text"])]
    assert hit, f"{pdf.name}: the default sample's log has no Stun or Banish that hits: choose a test book that has one"
    for r in hit:
        found = DRUIDS_HIT.search(r["text"].replace("'", "’"))
        assert found and found[2] != r["player"], r
    for r in rows:   # each Stun or Banish has its outcome: druids hit, nobody hit, or no roll
        tried = len(re.findall(r"\b(?:stun|banish) at circle", r["text"]))
        assert tried <= len(re.findall(r"nobody|no roll|knocked down|sent home", r["text"])), r
    labels = {int(r["first"]): ("stunned" if "knocked" in r["text"] else "home") for r in hit if r["first"] == r["end"]}
    boards = 0
    with pdfplumber.open(str(pdf)) as doc:
        for page in doc.pages:
            words = page.extract_words()
            for a, b in zip(words, words[1:]):
                turn = re.fullmatch(r"(\d+),", b["text"])
                if a["text"] != "Turn" or not turn or int(turn[1]) not in labels or abs(a["top"] - b["top"]) > 1:
                    continue
                boards += 1
                middle = (a["x0"] + b["x1"]) / 2
                assert any(w["text"] == labels[int(turn[1])] and abs((w["x0"] + w["x1"]) / 2 - middle) < 70
                           and 0 < w["top"] - a["top"] < 90 for w in words), f"page {page.page_number}: turn {turn[1]}"
    return boards


def test_the_notation_is_a_two_column_key_not_a_rule(grove_book):
    """'How a turn is written' read as a rule ('Let the second action go ends a turn after a Stand in
    the Grove'). It is a key to the book's shorthand: headed so, saying it is no part of the rules,
    and set as two columns, each note on the left beside what it records on the right."""
    import pdfplumber
    text = _flat("\n".join(grove_book["pages"]))
    assert "How a turn is written" not in text and "ends a turn after a Stand" not in text
    key = text[text.rindex("Key to the turn notes"):text.index("The first ", text.rindex("Key to the turn notes"))]
    assert "not part of the rules" in key, key
    with pdfplumber.open(str(grove_book["pdf"])) as doc:
        page = next(p for p in doc.pages[2:] if "Key to the turn notes" in (p.extract_text() or ""))
        words = page.extract_words()
    head = next(w for w in words if w["text"] == "Key")
    end = min((b["top"] for a, b in zip(words, words[1:]) if (a["text"], b["text"]) == ("The", "first")
               and abs(a["x0"] - head["x0"]) < 1 and a["top"] > head["top"]), default=page.height)   # the next heading
    lines: list[list[dict]] = []
    for w in sorted((w for w in words if head["bottom"] < w["top"] < end), key=lambda w: w["top"]):
        if lines and w["top"] - lines[-1][0]["top"] < 3:   # roman and italic words of one line
            lines[-1].append(w)
        else:
            lines.append([w])
    rows, starts = {}, set()
    for found in lines:
        found.sort(key=lambda w: w["x0"])
        wide = [b for a, b in zip(found, found[1:]) if b["x0"] - a["x1"] > 20]
        if len(wide) == 1:   # a note, a wide gap, and what it records
            rows[" ".join(w["text"] for w in found if w["x0"] < wide[0]["x0"])] = \
                " ".join(w["text"] for w in found if w["x0"] >= wide[0]["x0"])
            starts.add(round(wide[0]["x0"]))
    assert len(rows) >= 6 and len(starts) == 1, rows   # the meanings in one column
    assert rows.get("stand up in the Grove", "").startswith("a Stand"), rows
    assert any(note.startswith("let the second action go") for note in rows), rows


def test_each_worked_examples_drawing_says_what_it_shows_and_lying_reads_plainly(grove_book):
    """A worked example's drawing had no word on what it shows (the table before the move or after
    it?): the chapter says once, before its examples, that each draws the table after its turn (a line
    under every example repeated it word for word). The glossary's 'its token turned back face up'
    read as 'turned back'; it says the token is turned over to show its back."""
    text = _flat("\n".join(grove_book["pages"]))
    examples = re.findall(r"Example: [^.]+\.", text)
    assert len(examples) >= 3, examples
    said = "Each example in this chapter draws the table as it stands after the example's turn."
    words = _book_words(grove_book)
    assert words.count(said) == 1 and words.find("Example:") > words.find(said), said
    assert "The drawing shows the table after this turn." not in text
    assert "turned back face up" not in text and "turned over to show its back" in text


SPLIT_SCORE = re.compile(r", [ABC](?:[ \u00a0]\d+)?[ \u00a0]?\n(?:none|\d+|Light|Dark)\b")


def test_the_logs_cubes_column_breaks_lines_only_between_circles(grove_book, grove_a4_a5):
    """The narrow 'Cubes on the circles' column broke a circle's part over two lines ('C' at a
    line's end, 'none' or '6 Dark' under it); each circle's part is now held together, in the Letter,
    A4 and A5 books."""
    for pdf in (grove_book["pdf"], grove_a4_a5["a4"], grove_a4_a5["a5"]):
        split = [m.group(0) for page in pdf_text(pdf) for m in SPLIT_SCORE.finditer(page)]
        assert not split, (pdf.name, split)
    assert SPLIT_SCORE.search("A 8 Light, B none, C\nnone") and SPLIT_SCORE.search("A 8 Light, C 6\nDark")


def test_what_a_stun_or_banish_leaves_is_the_engines_count():
    """The log's 'N still standing' after a Stun and 'N left there' after a Banish are read from the
    engine's state after the turn, over whole games with both actions."""
    from pnp_games.grove import GroveOptions
    from generator.play.registry import play_game
    from pnp_games.grove.book.story import change_words, game_turns

    options, seen = GroveOptions(), set()
    for seed in range(6):
        record = play_game(options, None, seed, ["random", "greedy"], game="grove")
        _, turns = game_turns(options, record.actions)
        for told, after in turns:
            for change in told["change"]:
                if change[0] not in ("stunned", "sent home"):
                    continue
                seen.add(change[0])
                player, at, left = ("Light", "Dark").index(change[1]), change[2], int(change[4])
                there = after.standing(player, at) + (after.lying(player, at) if change[0] == "sent home" else 0)
                assert left == there, (told["turn"], change)
                assert f"{change[1]}'s druids at {at}" in change_words(change), change
    assert seen == {"stunned", "sent home"}


def test_the_banish_example_tells_whose_druids_go_when_the_banisher_has_a_choice():
    """The rules' Banish example (rules/examples/actions.yaml) as the engine plays it: two sixes
    against two standing and one lying Dark druid at B send two of three home, and the narration
    says which kinds went (the engine's order, so a rule option that changes it changes the words);
    a Banish that sends every druid there home offers no choice and says nothing of it."""
    import yaml
    from generator.model import load_edition
    from generator.play.positions import build_position
    from generator.rulebook.text import RuleText
    from generator.runs.work import engine_inputs
    from pnp_games.grove.book.book import turn_events
    from pnp_games.grove.book.story import game_turns

    inputs = engine_inputs(load_edition(GAME, EDITION))
    rules = ROOT / "components" / GAME / "rules"
    entry = yaml.safe_load((rules / "examples" / "actions.yaml").read_text())["banish-choice"]
    narrate = RuleText(rules).env.from_string('{% import "_narration.md" as n %}{{ n.turn(t) }}')

    def told(move: str) -> dict:
        start = build_position(inputs.engine, inputs.options, entry["position"])
        _, turns = game_turns(inputs.options, [a.strip() for a in move.split(";")], start)
        return turns[0][0]

    choice = told(entry["move"])
    assert {"banish", "banish_choice"} <= turn_events(choice, False)
    words = _flat(narrate.render(t=choice))
    assert "two of Dark's druids go back to the Grove, lying down. Light chooses which of the three there " \
           "go: two standing ones." in words, words
    every = told("banish B; roll 6-6-6")
    assert "banish_choice" not in turn_events(every, False)
    assert "chooses" not in narrate.render(t=every)


def test_the_banishers_choice_is_told_in_players_words_under_each_banish_order():
    """The turn notes say the choice ('1 standing and 1 lying sent home'), the narration who made it;
    with the order fixed by the rules there is no choice to note, and the narration gives the order."""
    from generator.rulebook.text import RuleText
    from pnp_games.grove import GroveOptions
    from pnp_games.grove.book.story import game_turns
    from pnp_games.grove.positions import position

    narrate = RuleText(ROOT / "components" / GAME / "rules").env.from_string(
        '{% import "_narration.md" as n %}{{ n.turn(t) }}')
    druids = {"G": "lllddd", "A": "LLLDdd"}

    def told(options: GroveOptions, move: str) -> dict:
        _, turns = game_turns(options, move.split("; "), position(druids, options=options))
        return turns[0][0]

    mixed = told(GroveOptions(), "banish A; roll 5-6-6; send 1s1l")
    assert mixed["words"] == "banish at circle A, roll 5-6-6, 1 standing and 1 lying sent home"
    assert "Light chooses which of the three there go: one standing and one lying." in _flat(narrate.render(t=mixed))
    lying = told(GroveOptions(), "banish A; roll 5-6-6; send 0s2l")
    assert lying["words"].endswith(", 2 lying sent home")
    assert (lying["steps"][0]["from_standing"], lying["steps"][0]["from_lying"]) == (0, 2)
    assert "Light chooses which of the three there go: two lying ones." in _flat(narrate.render(t=lying))
    fixed = told(GroveOptions(banish_order="standing_first"), "banish A; roll 5-6-6")
    assert fixed["words"] == "banish at circle A, roll 5-6-6"
    words = _flat(narrate.render(t=fixed))
    assert "Of the three there, standing ones go first, so one standing and one lying go." in words
    assert "chooses" not in words


def _table_drawing_kit():
    """What a table drawing of the edition is made from, as the book makes it, and the opening
    position's view: (edition, layouts, parts, styles, options, view)."""
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles
    from pnp_games.grove import GroveOptions, State
    from pnp_games.grove.book.diagram import GroveParts, grove_view
    edition = load_edition(GAME, EDITION)
    layouts = layouts_for(edition)
    parts = GroveParts.model_validate({"circles": {"component": "magic-circles", "field": "circle"},
                                       "druids": {"component": "druids", "field": "colour"},
                                       "cubes": {"component": "energy-cubes", "field": "colour"}})
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))
    options = GroveOptions()
    return edition, layouts, parts, styles, options, grove_view(State(options))
