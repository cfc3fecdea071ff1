"""Command lines set for print: each opens with the installed program (``command_line``); a long
command breaks only between its arguments (an option stays with its value, a quoted argument stays
whole), continuation lines are indented, and when one argument is wider than a line the whole
command is set smaller, down to a least size, before any argument is broken."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

HANGING = 4   # continuation lines are indented by this many character widths
PROGRAM = "pnpkit"   # the installed command (pyproject's [project.scripts]): what a reader types anywhere


def command_line(*words: object) -> str:
    """A command as a reader types it: the installed program, then ``words`` (``replay``, the game...)."""
    return " ".join([PROGRAM, *(str(w) for w in words)])


@dataclass(frozen=True)
class SetCommand:
    """One command as printed: its size and its lines (the first at the margin, the rest indented)."""

    size: float
    lines: list[str]
    indent: float


def arguments(command: str) -> list[str]:
    """The command's arguments as typed, quotes kept: split at spaces outside quotes."""
    out, current, quote = [], "", ""
    for char in command.strip():
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char.isspace():
            if current:
                out.append(current)
            current = ""
            continue
        current += char
    if current:
        out.append(current)
    return out


def units(command: str) -> list[str]:
    """The pieces a line may break between: each argument, an option joined to its value
    (``--games 200``)."""
    out: list[str] = []
    for argument in arguments(command):
        if out and out[-1].startswith("-") and " " not in out[-1] and not argument.startswith("-"):
            out[-1] += " " + argument
        else:
            out.append(argument)
    return out


def _fill(pieces: list[str], first: float, rest: float, measure: Callable[[str], float]) -> list[str] | None:
    """Pieces set into lines greedily (the first ``first`` wide, the others ``rest``); None when a
    piece is wider than its line."""
    lines: list[str] = []
    for piece in pieces:
        if lines and measure(lines[-1] + " " + piece) <= (first if len(lines) == 1 else rest):
            lines[-1] += " " + piece
            continue
        if measure(piece) > (first if not lines else rest):
            return None
        lines.append(piece)
    return lines


def _broken(piece: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """A piece wider than any line, cut where it must: at its own spaces, else between characters."""
    out, current = [], ""
    for char in piece:
        if current and measure(current + char) > width:
            cut = current.rfind(" ")
            head, tail = (current[:cut], current[cut + 1:]) if cut > 0 else (current, "")
            out.append(head)
            current = tail
        current += char
    return out + [current] if current else out


def set_command(command: str, width: float, size: float, least: float,
                measure: Callable[[str, float], float]) -> SetCommand:
    """``command`` set in ``width`` at ``size``, or smaller (in half points, down to ``least``) when
    an argument would not fit a line otherwise; ``measure(text, size)`` is the text's width."""
    pieces = units(command)
    step = size
    while True:
        indent = HANGING * measure("0", step)
        lines = _fill(pieces, width, width - indent, lambda text: measure(text, step))
        if lines is not None:
            return SetCommand(step, lines, indent)
        if step - 0.5 < least:
            break
        step -= 0.5
    indent = HANGING * measure("0", least)
    cut = [part for piece in pieces
           for part in ([piece] if measure(piece, least) <= width - indent else
                        _broken(piece, width - indent, lambda text: measure(text, least)))]
    return SetCommand(least, _fill(cut, width, width - indent, lambda text: measure(text, least)) or cut, indent)
