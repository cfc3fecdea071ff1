"""The designer's report read as a designer reads it, from the PDF: command lines that can be
copied argument by argument, lever figures that say who played them beside the headline's, and
games stopped at the turn limit shown as what they are. The 2025 report comes from the session's
quick build (``book_2025``)."""
from __future__ import annotations

import shlex
from pathlib import Path

import pdfplumber

COMMAND = "pnpkit "


def _lines(pdf: Path) -> list[list[dict]]:
    """Every page's text lines, top to bottom, each with its characters."""
    with pdfplumber.open(pdf) as doc:
        return [page.extract_text_lines(return_chars=True) for page in doc.pages]


def _commands(pdf: Path) -> list[list[dict]]:
    """Each printed command as its lines: a line opening with ``pnpkit`` and the lines
    under it in the same face and size that open otherwise (its continuation lines)."""
    out: list[list[dict]] = []
    for page in _lines(pdf):
        previous = None
        for line in page:
            face = (line["chars"][0]["fontname"], round(line["chars"][0]["size"], 1))
            if line["text"].startswith(COMMAND):
                out.append([line])
            elif out and previous is out[-1][-1] and face == out[-1][0]["face"] \
                    and line["top"] - previous["bottom"] < previous["bottom"] - previous["top"]:
                out[-1].append(line)
            line["face"] = face
            previous = line
    return out


def _breaks_between_arguments(lines: list[str]) -> list[str]:
    """The places where a command's lines break inside an argument, or between an option and its
    value; an empty list when every break falls between two arguments."""
    whole = shlex.split(" ".join(lines))
    wrong = []
    for n in range(1, len(lines)):
        head = " ".join(lines[:n])
        try:
            before = shlex.split(head)
        except ValueError:        # an open quote: the break is inside a quoted argument
            wrong.append(f"inside a quote: {lines[n - 1][-20:]!r} | {lines[n][:20]!r}")
            continue
        if before != whole[:len(before)]:
            wrong.append(f"inside an argument: {lines[n - 1][-20:]!r} | {lines[n][:20]!r}")
        elif before[-1].startswith("-") and not whole[len(before)].startswith("-"):
            wrong.append(f"between an option and its value: {lines[n - 1][-20:]!r} | {lines[n][:20]!r}")
    return wrong


def test_command_lines_break_only_between_arguments_in_a_monospace_face(book_2025):
    commands = _commands(book_2025["report"])
    printed = sum(text.count(COMMAND.strip()) for text in book_2025["report_pages"])
    assert len(commands) == printed >= 5, (len(commands), printed)
    assert any(len(c) > 1 for c in commands), "no command long enough to need a second line"
    wrong = [b for command in commands for b in _breaks_between_arguments([line["text"] for line in command])]
    assert wrong == []
    for command in commands:
        assert all("Mono" in line["chars"][0]["fontname"] for line in command), command[0]["chars"][0]["fontname"]
        assert all(line["x0"] > command[0]["x0"] + 5 for line in command[1:]), "continuation lines not indented"
        assert min(c["size"] for line in command for c in line["chars"]) >= 6


def test_the_break_check_finds_a_break_inside_an_argument():
    """The test's own measure, on lines broken the way the old report broke them."""
    assert _breaks_between_arguments(["pnpkit sweep g --vary 'tie_breakers=[[a, b],",
                                      "[b, a]]' --games 20"])
    assert _breaks_between_arguments(["pnpkit simulate g --agents", "greedy,greedy --seed 1"])
    assert _breaks_between_arguments(["pnpkit simulate g --ag", "ents greedy"])
    assert not _breaks_between_arguments(["pnpkit simulate g --games 20", "--agents greedy,greedy"])


def _grove_rows(ended: list[int], stopped: int, cap: int) -> list[list]:
    """Made-up balance rows of the Grove's shape: games won by alternate seats after ``ended``
    turns, and ``stopped`` games cut off at ``cap`` with no winner."""
    from pnp_games.grove.book.book import ROW
    rest = [0] * (len(ROW) - 4)
    return [[n % 2, 0, turns, False, *rest] for n, turns in enumerate(ended)] + \
        [[None, 0, cap, True, *rest] for _ in range(stopped)]


def test_games_stopped_at_the_turn_limit_are_a_bar_of_their_own_not_games_of_that_length(tmp_path):
    """90 games end after 20 to 109 turns and 10 are stopped at a limit of 600: the length chart's
    axis stops at the games that ended, and the stopped ones are one bar apart, in another colour,
    named and counted, a tenth of the games high."""
    from types import SimpleNamespace

    from reportlab.graphics import renderPDF

    from pnp_games.grove.book.book import draw_charts, figures
    from test_rulebook_small_boards import _styles

    run = {**figures(_grove_rows([20 + n for n in range(90)], 10, 600)), "id": "made-up"}
    book = SimpleNamespace(styles=_styles(), figures={})
    draw_charts(book, [run])
    drawing, = book.figures["chart/turns/made-up"](400)
    pdf = tmp_path / "turns.pdf"
    renderPDF.drawToFile(drawing, str(pdf))
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        text = " ".join(page.extract_text().split())
        bars = [r for r in page.rects if r["height"] > 0.5 and r["width"] < 40]
    assert "stopped at the turn limit: 10 games" in text and "at the limit" in text, text
    numbers = [int(w) for w in text.split() if w.isdigit()]
    assert max(numbers) < 600, numbers          # no axis value at the limit: the stopped games have no length
    colours = {tuple(r["non_stroking_color"] or ()) for r in bars}
    assert len(colours) == 2, colours
    last = max(bars, key=lambda r: r["x0"])
    ended = [r for r in bars if r["non_stroking_color"] != last["non_stroking_color"]]
    assert all(r["x1"] < last["x0"] - last["width"] for r in ended)   # a gap of at least a bar before it
    # every bar a share of all 100 games, so the stopped games' bar is a tenth of all the bars together
    assert abs(last["height"] / sum(r["height"] for r in bars) - 0.1) < 0.005, [r["height"] for r in bars]


def test_the_headline_length_leaves_out_games_stopped_at_the_limit():
    """The report's first figure: with games stopped at the turn limit, the length is that of the
    games that ended (the engine's ``turns_ended``), never an average holding the stopped games as
    games of the limit's length; without stops, every game's."""
    from pnp_games.grove.book.book import figures
    from generator.rulebook.report import headline

    this = figures(_grove_rows([20 + n for n in range(90)], 10, 600))
    found = headline({"this": this}, None, [], None, ("Light", "Dark"))
    assert found["ended_only"] and found["turns"]["max"] == 109 and abs(found["turns"]["mean"] - 64.5) < 1e-9
    assert found["stalled"]["count"] == 10
    calm = headline({"this": figures(_grove_rows([20 + n for n in range(90)], 0, 600))}, None, [], None,
                    ("Light", "Dark"))
    assert not calm["ended_only"] and calm["turns"]["mean"] == found["turns"]["mean"]
