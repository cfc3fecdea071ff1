"""The rulebook's side of an engine's appendix: everything an appendix module may use, in one place.

An engine names its appendix in its ``EngineSpec`` (``appendices="package.module:APPENDICES"``);
the rulebook imports that module only when it builds a book. The module builds an ``Appendices``
from these hooks: it plays games through ``sample_game``, ``choose_seed`` and ``Work``/``resolve``
(cached, and started ahead on every core), names the command that replays a game
(``command_line``), turns each played game into a balance row, sums the rows with ``share``,
``counts`` and ``spread``, and draws into ``book.figures`` with reportlab,
the printed faces (``book.faces``), the style sheet (``book.styles``) and ``charts``. A plug-in
engine's appendix imports this module and nothing else of the rulebook.
"""
from __future__ import annotations

from generator.runs.stats import spread
from generator.rulebook import charts
from generator.rulebook.appendices import Appendices, Book, Figure
from generator.rulebook.badges import Corner, badge, badge_swatch, extent, value_corner, value_shape
from generator.rulebook.balance import counts, share
from generator.rulebook.commands import command_line
from generator.rulebook.drawing import PieceRef, arrowhead, pill
from generator.rulebook.faces import PieceFaces
from generator.rulebook.legend import Key, Legend, LegendFigure, count_box, keyed, merged
from generator.rulebook.legible import MIN_EDGE_CONTRAST, fit_lines, fit_size, ink_on, print_contrast
from generator.rulebook.small_boards import SmallBoards
from generator.runs.work import EngineInputs, Work, resolve, sample_game
from generator.runs.sample_search import ALIKE, NO_EFFECT, REPEAT, choose_seed, folded_turns, highlights_by_turn, told_parts
from generator.rulebook.styles import Styles
from generator.rulebook.text import in_words

__all__ = ["ALIKE", "MIN_EDGE_CONTRAST", "NO_EFFECT", "REPEAT", "Appendices", "Book", "EngineInputs", "Figure", "Key", "Legend", "LegendFigure",
           "PieceFaces", "PieceRef", "SmallBoards", "Styles", "Work",
           "arrowhead", "badge", "badge_swatch", "charts", "choose_seed", "command_line", "count_box", "counts", "extent", "fit_lines", "fit_size", "folded_turns", "highlights_by_turn",
           "in_words", "ink_on", "keyed", "merged", "pill", "print_contrast", "resolve", "sample_game", "share", "spread",
           "told_parts", "value_corner", "value_shape", "Corner"]
