"""Figures stay with their text in every player book: a narrated turn's heading on the page of its
board, a worked example's drawing on the page its text begins, each small board on the page of its
log row (read from the built PDFs: ``figure_pages``)."""
from __future__ import annotations

import pytest

from figure_pages import split_figures
from rulebook_helpers import PLAYER_BOOKS

@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_no_figure_is_parted_from_its_text(player_books, book):
    assert [str(s) for s in split_figures(player_books[book])] == []
