"""Tabletop Simulator export: the saved object's structure, file references and the sheet grid."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image

from generator.model import load_edition
from generator.pipeline import build_edition
from generator.render.export_tts import MAX_COLUMNS, MAX_ROWS


@pytest.fixture(scope="module")
def tts(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts") / "2025"
    edition = load_edition("the-channeling", "2025")
    build_edition(edition, out, ["tts"])
    return out, json.loads((out / "the-channeling-2025-tts.json").read_text()), edition


def local(uri: str) -> Path:
    parsed = urlparse(uri)
    assert parsed.scheme == "file"
    return Path(url2pathname(parsed.path))


def test_saved_object_holds_one_custom_deck_per_card_component(tts):
    out, save, edition = tts
    decks = save["ObjectStates"]
    assert [d["Name"] for d in decks] == ["DeckCustom", "DeckCustom"]
    assert {d["Nickname"] for d in decks} == {"Magic Circle cards", "Glyph cards"}
    for deck in decks:
        component = next(c for c in edition.components if c.spec.name == deck["Nickname"])
        assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == component.total
        assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
        assert len({d["GUID"] for d in decks}) == len(decks) and len(deck["GUID"]) == 6
        for card in deck["ContainedObjects"]:
            assert card["Name"] == "Card"
            key = str(card["CardID"] // 100)
            assert card["CustomDeck"] == {key: deck["CustomDeck"][key]}
    magic = next(d for d in decks if d["Nickname"] == "Magic Circle cards")
    counts = Counter(c["Nickname"] for c in magic["ContainedObjects"])
    assert counts["Hedge Ring"] == 4 and counts["Lantern Ring"] == 1 and sum(counts.values()) == 36


def test_custom_decks_reference_existing_images_by_file_uri_within_tts_limits(tts):
    out, save, _ = tts
    for deck in save["ObjectStates"]:
        for key, entry in deck["CustomDeck"].items():
            face, back = local(entry["FaceURL"]), local(entry["BackURL"])
            assert face.is_file() and back.is_file() and face.parent.parent == out
            cols, rows = entry["NumWidth"], entry["NumHeight"]
            assert 2 <= cols <= MAX_COLUMNS and 2 <= rows <= MAX_ROWS
            with Image.open(face) as sheet, Image.open(back) as back_image:
                assert sheet.width % cols == 0 and sheet.height % rows == 0
                assert max(sheet.size) <= 4096
                cell = (sheet.width // cols, sheet.height // rows)
                assert back_image.size == cell
                assert cell[1] / cell[0] == pytest.approx(88 / 63, rel=0.01)
            slots = {i % 100 for i in deck["DeckIDs"] if str(i // 100) == key}
            assert max(slots) < cols * rows


def test_each_used_cell_of_a_sheet_holds_a_card_and_unused_cells_are_blank(tts):
    _, save, _ = tts
    magic = next(d for d in save["ObjectStates"] if d["Nickname"] == "Magic Circle cards")
    (key, entry), = magic["CustomDeck"].items()
    used = {i % 100 for i in magic["DeckIDs"]}
    assert used == set(range(12))  # 12 distinct designs, 36 cards
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    with Image.open(local(entry["FaceURL"])) as sheet:
        sheet = sheet.convert("RGB")
    h, w = sheet.height // rows, sheet.width // cols
    parchment = (0xF5, 0xEE, 0xDB)
    for slot in range(cols * rows):
        r, c = divmod(slot, cols)
        if slot in used:   # the card's background at its top-left corner
            corner = sheet.getpixel((c * w + 3, r * h + 3))
            assert max(abs(a - b) for a, b in zip(corner, parchment)) < 8, slot
        else:
            cell = sheet.crop((c * w, r * h, (c + 1) * w, (r + 1) * h))
            assert cell.getextrema() == ((255, 255),) * 3, slot
