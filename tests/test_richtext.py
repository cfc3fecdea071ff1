"""Rich text: markup to reportlab Paragraph mark-up, and wrap-shrink fitting."""
from __future__ import annotations

import re

import pytest
from reportlab.lib.colors import Color

from generator.draw.richtext import RichStyle, fit_paragraph, is_rich, names_used, paragraph, spans_used

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


def test_a_colour_span_stays_one_font_tag():
    assert '<font color="#e0a800">gain</font>' in paragraph("[gain](gold)", style()).text


def test_span_styles_become_paragraph_tags():
    text = paragraph("[Big *and* bold](gold,14pt,underline) ~~gone~~ [away](font=Courier,strike)", style()).text
    assert '<font size="14.000" color="#e0a800"><u>Big <font name="Helvetica-Oblique">and</font> bold</u></font>' in text
    assert "<strike>gone</strike>" in text
    assert '<font name="Courier"><strike>away</strike></font>' in text


def test_small_caps_set_lower_case_letters_as_small_capitals():
    text = paragraph("[The Inn & co](smallcaps)", style(10)).text
    assert 'T<font size="8.000">HE</font> I<font size="8.000">NN</font> &amp; <font size="8.000">CO</font>' in text


def test_span_sizes_shrink_with_the_text():
    para, size, _, _ = fit_paragraph("[Huge](20pt) " + "words " * 40, style(10), 80, 60, "wrap-shrink", 4)
    assert size < 10
    assert f'size="{20 * size / 10:.3f}"' in para.text


@pytest.mark.parametrize("text, found", [("[a](gold,wobbly,red)", "wobbly"), ("[a](gold, 12pt)", "[a](gold, 12pt)"),
                                         ("[a](gold,,12pt)", "an empty item"), ("[a](900pt)", "900pt"),
                                         ("[a](font=)", "font=")])
def test_unreadable_spans_are_refused_naming_the_item(text, found):
    with pytest.raises(ValueError, match=re.escape(found)):
        spans_used(text)


WORDY = "Counterbalancing responsibilities, the cellarer reorganises everything imaginable."


def test_without_hyphenation_a_word_too_long_for_its_line_shrinks_the_text_and_is_never_split():
    para, size, widest, _ = fit_paragraph(WORDY, style(9), 45, 110, "wrap-shrink", 4)
    words = [w for line in para.blPara.lines for w in line[1]]
    assert words == WORDY.split()   # every line holds whole words
    assert size < 9 and widest <= 45.05


def test_hyphenation_breaks_inside_a_word_at_a_syllable_and_shrinks_less():
    plain = fit_paragraph(WORDY, style(9), 45, 110, "wrap-shrink", 4)[1]
    hyphenating = style(9)
    hyphenating.hyphenation = "en_GB"
    para, size, widest, height = fit_paragraph(WORDY, hyphenating, 45, 110, "wrap-shrink", 4)
    lines = [" ".join(line[1]) for line in para.blPara.lines]
    assert any(line.endswith("-") and line[-2].isalpha() for line in lines), lines
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).split() == WORDY.split()
    assert size > plain and widest <= 45.05 and height <= 110.05
