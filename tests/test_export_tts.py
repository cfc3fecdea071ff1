"""Tabletop Simulator export: the save matches the saved-object schema, names its images relative to
itself (or under a base URL), keeps one deck per back design, and lays tokens and tiles as tiles."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from PIL import Image

from generator.exporters.tts import MAX_COLUMNS, MAX_ROWS
from pnp_testing import project_copy, project_env, run_cli
from pocket_game import write_pocket_game

SCHEMA = json.loads((Path(__file__).parent / "tts_saved_object.schema.json").read_text())
BASE = "https://example.org/kits/pocket/"


def run_build(game: str, edition: str, root: Path, cwd: Path, out: str, *extra: str):
    """`build GAME -e EDITION -p tts --out OUT` run from cwd, so a relative OUT is relative to it."""
    result = run_cli("build", game, "-e", edition, "-p", "tts", "--out", out, *extra, env=project_env(root), cwd=cwd)
    assert result.returncode == 0, result.stderr
    return cwd / out


@pytest.fixture(scope="module")
def channeling(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tts")
    out = run_build("the-channeling", "2025", project_copy(tmp), tmp, "kit")   # a relative --out
    return out, json.loads((out / "the-channeling-2025-tts.json").read_text())


@pytest.fixture(scope="module")
def pocket(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pocket-tts")
    root = write_pocket_game(tmp)
    out = run_build("pocket", "base", root, tmp, "kit", "--base-url", BASE)
    return out, json.loads((out / "pocket-base-tts.json").read_text())


def images(save: dict) -> list[str]:
    found = []
    for obj in save["ObjectStates"]:
        for entry in obj.get("CustomDeck", {}).values():
            found += [entry["FaceURL"], entry["BackURL"]]
        if "CustomImage" in obj:
            found += [obj["CustomImage"]["ImageURL"], obj["CustomImage"]["ImageSecondaryURL"]]
    return found


def test_both_saves_match_the_saved_object_schema_and_lie_face_down(channeling, pocket):
    for _, save in (channeling, pocket):
        jsonschema.validate(save, SCHEMA)
        for obj in save["ObjectStates"]:
            assert obj["Transform"]["rotZ"] == 180.0
        assert len({o["GUID"] for o in save["ObjectStates"]}) == len(save["ObjectStates"])


def test_the_schema_rejects_what_tts_cannot_load(channeling):
    _, save = channeling
    broken = json.loads(json.dumps(save))
    broken["ObjectStates"][0]["CustomDeck"]["1"]["NumWidth"] = 11
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)
    del broken["ObjectStates"][0]["Transform"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


def test_a_save_built_with_a_relative_out_still_finds_its_images_after_a_move(tmp_path):
    out = run_build("pocket", "base", write_pocket_game(tmp_path), tmp_path, "kit")   # a relative --out
    moved = Path(shutil.move(out, tmp_path / "elsewhere" / "shared-kit"))
    assert not out.exists()
    save = json.loads((moved / "pocket-base-tts.json").read_text())
    assert len(images(save)) > 20
    for reference in images(save):
        assert not reference.startswith(("file:", "/")), reference
        assert (moved / reference).is_file(), reference


def test_one_deck_per_back_design_with_all_its_cards(channeling):
    _, save = channeling
    decks = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"}
    assert set(decks) == {"Magic Circle cards", "Glyph cards, back (light)", "Glyph cards, back (dark)",
                          "Glyph cards, back (green)"}
    magic = decks["Magic Circle cards"]
    counts = Counter(c["Nickname"] for c in magic["ContainedObjects"])
    assert counts["Hedge Ring"] == 4 and counts["Lantern Ring"] == 1 and sum(counts.values()) == 36
    for deck in decks.values():
        assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
        backs = {entry["BackURL"] for entry in deck["CustomDeck"].values()}
        assert len(backs) == 1
        for card in deck["ContainedObjects"]:
            key = str(card["CardID"] // 100)
            assert card["CustomDeck"] == {key: deck["CustomDeck"][key]}


def test_sheets_fit_tts_limits_and_unused_cells_are_blank(channeling):
    out, save = channeling
    magic = next(d for d in save["ObjectStates"] if d["Nickname"] == "Magic Circle cards")
    (key, entry), = magic["CustomDeck"].items()
    used = {i % 100 for i in magic["DeckIDs"]}
    assert used == set(range(12))  # 12 distinct designs, 36 cards
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert 2 <= cols <= MAX_COLUMNS and 2 <= rows <= MAX_ROWS
    with Image.open(out / entry["FaceURL"]) as sheet, Image.open(out / entry["BackURL"]) as back:
        sheet = sheet.convert("RGB")
        assert max(sheet.size) <= 4096 and sheet.width % cols == 0 and sheet.height % rows == 0
        assert back.size == (sheet.width // cols, sheet.height // rows)
    h, w = sheet.height // rows, sheet.width // cols
    assert h / w == pytest.approx(88 / 63, rel=0.01)
    for slot in range(cols * rows):
        r, c = divmod(slot, cols)
        if slot in used:
            corner = sheet.getpixel((c * w + 3, r * h + 3))
            assert max(abs(a - b) for a, b in zip(corner, (0xF5, 0xEE, 0xDB))) < 8, slot
        else:
            assert sheet.crop((c * w, r * h, (c + 1) * w, (r + 1) * h)).getextrema() == ((255, 255),) * 3, slot


def test_base_url_names_every_image_under_it(pocket):
    out, save = pocket
    for reference in images(save):
        assert reference.startswith(BASE), reference
        assert (out / reference[len(BASE):]).is_file(), reference


def test_landscape_cards_are_sideways_and_tokens_and_tiles_are_two_sided_tiles(pocket):
    out, save = pocket
    objects = save["ObjectStates"]
    decks = {o["Nickname"]: o for o in objects if o["Name"] in ("DeckCustom", "Card")}
    assert decks["Wide pieces"]["SidewaysCard"] is True and decks["Poker pieces, back (red)"]["SidewaysCard"] is False
    assert {"Poker pieces, back (red)", "Poker pieces, back (blue)"} <= set(decks)
    assert decks["Poker pieces, back (blue)"]["Name"] == "DeckCustom"   # Three x 3, alone on its back
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    by_name = Counter(o["Nickname"] for o in tiles)
    assert by_name == {"Coin": 5, "Gem": 2, "Stone": 2, "Grass": 2}
    for tile in tiles:
        image = tile["CustomImage"]
        shape = 2 if tile["Nickname"] in ("Coin", "Gem") else 0
        assert image["CustomTile"]["Type"] == shape
        assert image["ImageURL"] != image["ImageSecondaryURL"] and "back" in image["ImageSecondaryURL"]
        with Image.open(out / image["ImageURL"][len(BASE):]) as face:
            side_mm = 25 if shape == 2 else 50
            assert face.width * 25.4 / 150 == pytest.approx(side_mm, abs=0.2)


def test_a_base_url_that_is_not_http_is_refused(tmp_path):
    root = project_copy(tmp_path)
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "tts", "--base-url", "ftp://x/", "--out", str(tmp_path / "o"),
                     env=project_env(root))
    assert result.returncode == 2 and "expected an http:// or https:// URL" in result.stderr
    profile = root / "layouts" / "profiles" / "tts.yaml"
    profile.write_text(profile.read_text() + "  base_url: kit/images\n")
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "tts", "--out", str(tmp_path / "o"), env=project_env(root))
    assert result.returncode == 2 and "tts.yaml:" in result.stderr and "base_url" in result.stderr
    assert not (tmp_path / "o").exists()
