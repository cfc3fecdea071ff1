"""Letter spacing and text along a circle (generator/draw/textpath.py)."""
from __future__ import annotations

import math

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.draw.textpath import arc_letters, letter_corners, tracked_width


def test_tracking_adds_a_thousandth_of_an_em_per_unit_between_each_two_letters():
    plain = stringWidth("INKWELL", "Helvetica", 10)
    assert tracked_width("INKWELL", "Helvetica", 10, 0) == pytest.approx(plain)
    assert tracked_width("INKWELL", "Helvetica", 10, 200) == pytest.approx(plain + 6 * 2.0)
    assert tracked_width("I", "Helvetica", 10, 200) == pytest.approx(stringWidth("I", "Helvetica", 10))


@pytest.mark.parametrize("clockwise, start", [(True, 90), (False, 270), (True, 30)])
def test_letters_sit_on_the_circle_centred_on_the_start_angle(clockwise, start):
    letters = arc_letters("NNNNN", "Helvetica", 8, 50, 30, start, clockwise, "centre")   # letters of one width
    assert all(math.hypot(p.x, p.y) == pytest.approx(30) for p in letters)
    middle = letters[2]
    assert (middle.x, middle.y) == pytest.approx((30 * math.cos(math.radians(start)), 30 * math.sin(math.radians(start))))
    first, last = letters[0], letters[-1]
    assert math.hypot(first.x - middle.x, first.y - middle.y) == pytest.approx(math.hypot(last.x - middle.x, last.y - middle.y))


def test_clockwise_text_on_top_and_counter_clockwise_text_below_both_read_left_to_right_upright():
    top = arc_letters("SEAL", "Helvetica", 8, 0, 30, 90, True, "centre")
    bottom = arc_letters("SEAL", "Helvetica", 8, 0, 30, 270, False, "centre")
    for letters in (top, bottom):
        xs = [p.x for p in letters]
        assert xs == sorted(xs)                     # left to right
        assert all(abs(((p.turn + 180) % 360) - 180) < 30 for p in letters)   # nearly upright
    assert all(p.y > 0 for p in top) and all(p.y < 0 for p in bottom)


def test_left_aligned_text_starts_at_the_start_angle():
    letters = arc_letters("AB", "Helvetica", 10, 0, 40, 90, True, "left")
    half = stringWidth("A", "Helvetica", 10) / 2
    assert math.degrees(math.atan2(letters[0].y, letters[0].x)) == pytest.approx(90 - math.degrees(half / 40))


def test_a_letters_corners_lie_around_its_place():
    letter = arc_letters("W", "Helvetica", 10, 0, 40, 90, True, "centre")[0]
    corners = letter_corners(letter, 7, -2)
    assert max(y for _, y in corners) == pytest.approx(47) and min(y for _, y in corners) == pytest.approx(38)
