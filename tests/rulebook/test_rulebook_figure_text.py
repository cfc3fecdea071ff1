"""Text in figures, measured: a card name set on a board's card in even lines (one routine breaks
both a cover's title and a figure's label), and the text a gallery face prints larger than its own
proportions (raised to the figures' smallest size) clear of the face's art, in every gallery of every
shipped player book and in a made-up game's."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.rulebook.legible import fit_lines

BOLD = "Helvetica-Bold"


# ----------------------------------------------------------------- one line-breaking routine
def test_a_name_that_fits_one_line_stays_on_it_at_the_largest_size():
    size, lines = fit_lines("Dew Circle", BOLD, 8.0, stringWidth("Dew Circle", BOLD, 7.0), 6.0)
    assert lines == ["Dew Circle"] and size == pytest.approx(7.0)


def test_a_long_name_breaks_into_even_lines_never_before_a_lone_short_word():
    """Greedy filling gave 'Ring of the Old / Oak'; the title's routine gives even lines."""
    size, lines = fit_lines("Ring of the Old Oak", BOLD, 6.1, 47, 6.1)
    assert lines == ["Ring of the", "Old Oak"] and size == pytest.approx(6.1)


def test_two_lines_take_the_largest_quarter_point_size_that_fits():
    width = stringWidth("Standing", BOLD, 7.3)
    size, lines = fit_lines("Standing Stones", BOLD, 8.0, width, 6.0)
    assert lines == ["Standing", "Stones"] and size == pytest.approx(7.25)


def test_a_word_too_wide_at_the_floor_fits_nowhere():
    assert fit_lines("Toadstool Ring", BOLD, 8.0, stringWidth("Toadstool", BOLD, 6.0) - 0.1, 6.0) is None
