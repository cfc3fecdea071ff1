"""Rich text: markup to reportlab Paragraph mark-up, and wrap-shrink fitting."""
from __future__ import annotations

import pytest
from reportlab.lib.colors import Color

from generator.draw.richtext import RichStyle, fit_paragraph, is_rich, names_used, paragraph

GOLD = Color(0.88, 0.66, 0)


def style(size: float = 12) -> RichStyle:
    return RichStyle("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", size, 1.2, Color(0, 0, 0), "left",
                     lambda name: GOLD)


def test_markup_becomes_fonts_colours_breaks_and_icon_callbacks():
    text = paragraph("**Stun**: *lay* one\ndown, [gain](gold) 2 [:coin:](gold) :anchor: & <more>", style()).text
    assert '<font name="Helvetica-Bold">Stun</font>' in text
    assert '<font name="Helvetica-Oblique">lay</font>' in text
    assert "<br/>" in text and 'color="#e0a800"' in text
    assert 'label="coin@gold"' in text and 'label="anchor"' in text
    assert "&amp; &lt;more&gt;" in text   # plain characters stay characters


def test_names_used_lists_icons_and_colours_for_checking():
    assert names_used("Gain 2 :coin: and [more](gold) :kraken:") == (["coin", "kraken"], ["gold"])


@pytest.mark.parametrize("text, rich", [("Vigor 3", False), ("**Stun**", True), ("a\nb", True),
                                        ("Gain :coin:", True), ("8:30 to 9:15", False)])
def test_only_marked_up_text_takes_the_paragraph_path(text, rich):
    assert is_rich(text, "none") is rich


@pytest.mark.parametrize("text", ["plain words that go on and on across the little box until they wrap",
                                  "a **bold** start and then a good many ordinary words after it, wrapping",
                                  "Supercalifragilisticexpialidocious"])
def test_wrap_shrink_fits_the_box_or_stops_at_the_floor(text):
    para, size, widest, height = fit_paragraph(text, style(), 60, 30, "wrap-shrink", 4)
    assert size < 12 and widest <= 60.05 and height <= 30.05


def test_wrap_shrink_reports_what_cannot_fit_at_the_floor():
    _, size, _, height = fit_paragraph("word " * 200, style(), 60, 30, "wrap-shrink", 6)
    assert size == 6 and height > 30
