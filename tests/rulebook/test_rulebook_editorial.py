"""The rulebook as an editor reads it: no developer words in the player book, headings never alone at
a page foot, tables without orphan rows, a designer's report beside the book, and a booklet imposed
so that it folds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook_helpers import ROOT, load, section
from pnp_testing import run_cli
from quartet_game import write_quartet_game

CHANNELING = ROOT / "components" / "the-channeling"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _lint(pdf: Path, players: bool = True):
    from pnp_games.channeling.options import ChannelingOptions
    from generator.play.registry import agent_names
    from generator.rulebook.lint import lint_pdf
    return lint_pdf(pdf, list(ChannelingOptions.model_fields), [a for a in agent_names() if ":" not in a], players)


def test_player_book_passes_the_lint(book_2025):
    """No option key, command, agent id or placeholder; no stranded heading; no mostly empty page."""
    assert _lint(book_2025["pdf"]) == []
    text = "\n".join(book_2025["pages"])
    assert "python build.py" not in text and "mcts" not in text and "grid_size" not in text


def test_designer_report_carries_keys_settings_and_commands(book_2025):
    text = _flat("\n".join(book_2025["report_pages"]))
    assert "grid_size" in text and "cubes_returned_basis" in text        # the options table, by key
    assert re.search(r"pnpkit replay the-channeling --edition 2025 --seed \d+ --agents greedy,greedy", text)
    assert "pnpkit simulate the-channeling --edition 2025 --games 60" in text
    for chapter in ("Rule options", "Simulations", "Balance", "Stalled games"):
        assert chapter in text
    assert _lint(book_2025["report"], players=False) == []


def test_lint_finds_what_an_editor_would_mark(tmp_path):
    """A made-up two-page document: a heading alone at the foot of page 1, an option key, a command
    and a leftover template expression."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.lib.pagesizes import A5

    pdf = tmp_path / "made-up.pdf"
    canvas = Canvas(str(pdf), pagesize=A5)
    for number, lines in ((1, ["Cover"]), (2, [f"Body line {i}" for i in range(30)]), (3, ["Last words"])):
        canvas.setFont("Helvetica", 9)
        canvas.drawString(40, 570, "Made-up game")
        canvas.drawString(200, 20, str(number))
        for i, line in enumerate(lines):
            canvas.drawString(40, 540 - 14 * i, line)
        if number == 2:
            canvas.setFont("Helvetica-Bold", 12)
            canvas.drawString(40, 60, "A heading at the foot")
            canvas.bookmarkHorizontalAbsolute("foot", 74)
            canvas.addOutlineEntry("A heading at the foot", "foot", level=0)
            canvas.setFont("Helvetica", 9)
            canvas.drawString(40, 100, "Set hidden_glyphs to 0 and run python build.py replay {{ seed }} with mcts,greedy")
        canvas.showPage()
    canvas.save()
    from generator.rulebook.lint import lint_pdf
    kinds = {(f.page, f.kind) for f in lint_pdf(pdf, ["hidden_glyphs", "dice"], ["mcts", "greedy", "random"])}
    assert {(2, "stranded-heading"), (2, "option-key"), (2, "command"), (2, "agent-id"), (2, "placeholder")} <= kinds
    assert not any(kind == "empty-page" for _, kind in kinds)   # page 2 is full; the last page may be short


def test_strict_rulebook_fails_on_a_lint_finding_and_writes_nothing(rulebook_env, tmp_path):
    """A made-up game's short rule text that tells players to run a command: `rulebook --strict` stops
    on the finding, naming it, and writes no PDF; without --strict the same finding is a warning.
    (The Channeling's own book with an option key in its text fails the same way under `build --strict`
    on a worker: test_build_scheduling.py.)"""
    write_quartet_game(tmp_path)
    rules = tmp_path / "components" / "quartet" / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-US\n")
    (rules / "rulebook.md").write_text("# Overview\n\nEach player leads a band of heroes across the isles.\n\n"
                                       "# Playing\n\nTo try a variant, run python build.py replay with it.\n")
    out = tmp_path / "out"
    env = {**rulebook_env, "PNP_PROJECT": str(tmp_path)}
    result = run_cli("rulebook", "quartet", "--profile", "rulebook-letter", "--out", str(out), "--strict", env=env)
    assert result.returncode == 1, result.stderr
    assert "command: " in result.stderr and "python build.py" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists() or not list(out.glob("*.pdf"))
    result = run_cli("rulebook", "quartet", "--profile", "rulebook-letter", "--out", str(out), env=env)
    assert result.returncode == 0 and "warning:" in result.stderr and "python build.py" in result.stderr
    assert list(out.glob("*.pdf"))


def test_wording_file_errors_name_file_line_and_key(game_copy, rulebook_env, tmp_path):
    wordings = game_copy / "the-channeling" / "rules" / "options.yaml"
    env = {**rulebook_env, "PNP_COMPONENTS": str(game_copy)}
    original = wordings.read_text()
    wordings.write_text(original.replace("option: druid_start", "option: druid_starts"))
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--out", str(tmp_path / "a"), env=env)
    assert result.returncode == 2
    assert re.search(r"options\.yaml:\d+ at 'questions\[\d+\]\.option'.*druid_starts", result.stderr), result.stderr
    wordings.write_text(original.replace("      shuffled: >-", "      shuffling: >-"))
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--out", str(tmp_path / "b"), env=env)
    assert result.returncode == 2
    assert re.search(r"options\.yaml:\d+ at 'questions\[\d+\]\.answers'.*\(shuffled\)", result.stderr), result.stderr


def test_sample_game_shows_the_hard_rules_and_names_them(book_2025, quick):
    """Every event rulebook.yaml asks for happens in the printed game, on the turn the appendix names."""
    from generator.model import load_edition
    from pnp_games.channeling.book.book import turn_events
    from pnp_games.channeling.book.narrate import game_stories
    from generator.runs.work import engine_inputs, sample_game
    from generator.rulebook.text import in_words

    wanted = load(CHANNELING / "rules" / "rulebook.yaml")["sample"]["shows"]
    report = _flat("\n".join(book_2025["report_pages"]))
    seed = int(re.search(r"--seed (\d+) --agents greedy,greedy", report).group(1))
    inputs = engine_inputs(load_edition("the-channeling", "2025"))
    record = sample_game(inputs, seed, ("greedy", "greedy"))
    told = [t for t, _ in game_stories(inputs, record, {}) if not t["setup"]]
    events = {t["turn"]: turn_events(t, i == len(told) - 1) for i, t in enumerate(told)}
    appendix = _flat(section(book_2025["pages"], "Appendix: A sample game"))
    taken = {t["turn"]: in_words(len(t["taken"])) for t in told}
    for event, rule in wanted.items():
        # a label's {cards} is the count of the turn it marks, in words
        label = re.escape(rule).replace(re.escape("{cards}"), r"(?P<cards>\w+)")
        named = re.search(rf"turn (\d+): (?:(?!turn \d+:).)*?{label}", appendix)
        assert named, (event, rule)
        turn = int(named.group(1))
        assert event in events[turn], (event, turn)
        if "{cards}" in rule:
            assert named["cards"] == taken[turn], (rule, turn, named["cards"], taken[turn])
        filled = rule.replace("{cards}", taken[turn])
        # the turn's board may stand beside its heading: a column letter of its grid can fall between
        assert re.search(rf"Turn {turn}: (Light|Dark)(?: [a-e])? This turn shows [^.]*{re.escape(filled)}",
                         appendix)


@pytest.mark.parametrize("profile", ["rulebook-a4", "rulebook-a5-booklet"])
def test_other_papers_pass_the_lint_too(profile, player_books):
    assert _lint(player_books[("the-channeling", "2025", profile)]) == []


def test_imposed_booklet_folds_into_reading_order(player_books, tmp_path):
    """Each half of each imposed sheet side holds the reading page saddle-stitching puts there:
    sheet 1's front is the last page beside page 1."""
    import pypdfium2 as pdfium

    reading = player_books[("the-channeling", "2025", "rulebook-a5-booklet")]
    source = pdfium.PdfDocument(str(reading))
    pages = [_flat(page.get_textpage().get_text_bounded()).strip() for page in source]
    source.close()
    n = len(pages)
    assert n % 4 == 0
    for paper, size in (("a4", (842, 595)), ("letter", (792, 612))):
        imposed = pdfium.PdfDocument(str(reading.parent / reading.name.replace(".pdf", f"-imposed-{paper}.pdf")))
        assert len(imposed) == n // 2
        halves = []
        for side in imposed:
            width, height = side.get_size()
            assert (round(width), round(height)) == size
            text = side.get_textpage()
            halves.append(tuple(_flat(text.get_text_bounded(x, 0, x + width / 2, height)).strip()
                                for x in (0, width / 2)))
        assert halves[0] == (pages[n - 1], pages[0]) and halves[1] == (pages[1], pages[n - 2])
        for sheet in range(n // 4):
            front, back = halves[2 * sheet], halves[2 * sheet + 1]
            assert front == (pages[n - 1 - 2 * sheet], pages[2 * sheet])
            assert back == (pages[2 * sheet + 1], pages[n - 2 - 2 * sheet])
        imposed.close()
    from generator.rulebook.impose import impose
    once, twice = tmp_path / "once.pdf", tmp_path / "twice.pdf"
    for target in (once, twice):
        impose(reading, target, "letter", "Booklet")
    assert once.read_bytes() == twice.read_bytes()   # the same input gives the same file


def test_saddle_order_pairs_outer_pages_first():
    from generator.rulebook.impose import saddle_order
    assert saddle_order(4) == [(4, 1), (2, 3)]
    assert saddle_order(12)[:2] == [(12, 1), (2, 11)] and saddle_order(12)[-2:] == [(8, 5), (6, 7)]
    for pages in (8, 16, 28):
        order = saddle_order(pages)
        assert sorted(p for side in order for p in side) == list(range(1, pages + 1))
        assert all(left + right == pages + 1 for left, right in order)   # facing pages of one sheet
    with pytest.raises(ValueError):
        saddle_order(10)


@pytest.mark.parametrize("lead_lines", [0, 9, 17, 26, 34])
def test_long_tables_repeat_their_header_and_leave_no_orphans(lead_lines, tmp_path):
    """A made-up 40-row table after more or less text: every page it reaches starts with its header
    row and holds at least three of its rows; a heading is never the last thing on a page."""
    import pypdfium2 as pdfium
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.lint import lint_pdf
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    setup = PageSetup((420, 595), top=50, bottom=50, inner=40, outer=40)
    words = " ".join(f"word{i}" for i in range(60))
    text = "# Chapter\n\n" + "\n\n".join(words for _ in range(lead_lines)) + "\n\n## The long table\n\n"
    text += "| Round | Seat | Move |\n|---|---|---|\n" + "".join(f"| {i} | Seat {i % 2} | row-{i} |\n" for i in range(40))
    pdf = tmp_path / "table.pdf"
    write_document(pdf, setup, styles, "Table", "Made-up game", lambda: [], lambda looks: Converter(
        looks, 340, lambda name, width: []).convert(text))
    doc = pdfium.PdfDocument(str(pdf))
    seen = []
    for page in doc:
        lines = page.get_textpage().get_text_bounded().splitlines()
        rows = [line for line in lines if re.search(r"\brow-(\d+)\b", line)]
        if rows:
            assert any("Round" in line and "Move" in line for line in lines)   # the header, repeated
            assert len(rows) >= 3, rows
            seen += [int(re.search(r"row-(\d+)", r).group(1)) for r in rows]
    doc.close()
    assert seen == list(range(40))
    assert not [f for f in lint_pdf(pdf) if f.kind == "stranded-heading"]


@pytest.mark.parametrize("room_rows", range(1, 12))
def test_table_split_keeps_three_rows_on_each_side(room_rows):
    """BookTable splits only where both parts keep three body rows (the header repeats on each)."""
    from reportlab.platypus import Table
    from generator.rulebook.flowables import MIN_ROWS, BookTable

    data = [["Head", "Value"]] + [[str(i), "x"] for i in range(10)]
    plain, book = (cls(data, colWidths=[50, 50], rowHeights=[10] * 11, repeatRows=1) for cls in (Table, BookTable))
    for table in (plain, book):
        table.wrap(100, 1000)
    parts = book.split(100, 10 * (room_rows + 1) + 0.5)   # room for the header and room_rows rows
    if room_rows >= 10:
        assert len(parts) in (0, 1) or len(parts[0]._cellvalues) == 11
        return
    if not parts:   # nothing fits well here: the whole table moves on
        assert room_rows < MIN_ROWS or 10 - room_rows < MIN_ROWS
        return
    first, rest = parts
    assert len(first._cellvalues) - 1 >= MIN_ROWS and len(rest._cellvalues) - 1 >= MIN_ROWS
    assert rest._cellvalues[0][0] == "Head"
    assert len(plain.split(100, 10 * (room_rows + 1) + 0.5)[0]._cellvalues) - 1 == room_rows  # reportlab alone
