"""The designer's report read as a designer reads it, from the PDF: command lines that can be
copied argument by argument, lever figures that say who played them beside the headline's, and
games stopped at the turn limit shown as what they are. The 2025 report comes from the session's
quick build (``book_2025``)."""
from __future__ import annotations

import shlex
from pathlib import Path

import pdfplumber

COMMAND = "python build.py "


def _lines(pdf: Path) -> list[list[dict]]:
    """Every page's text lines, top to bottom, each with its characters."""
    with pdfplumber.open(pdf) as doc:
        return [page.extract_text_lines(return_chars=True) for page in doc.pages]


def _commands(pdf: Path) -> list[list[dict]]:
    """Each printed command as its lines: a line opening with ``python build.py`` and the lines
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
    assert _breaks_between_arguments(["python build.py sweep g --vary 'tie_breakers=[[a, b],",
                                      "[b, a]]' --games 20"])
    assert _breaks_between_arguments(["python build.py simulate g --agents", "greedy,greedy --seed 1"])
    assert _breaks_between_arguments(["python build.py simulate g --ag", "ents greedy"])
    assert not _breaks_between_arguments(["python build.py simulate g --games 20", "--agents greedy,greedy"])
