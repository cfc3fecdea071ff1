"""An up-to-date edition is not built again; any change that can show in its files rebuilds it,
and renaming a card rebuilds only the editions that print that card."""
from __future__ import annotations

import os
import re

from pnp_testing import run_cli


def build(components, out, *args, **env):
    result = run_cli("build", "the-channeling", "-p", "letter", "--out", str(out), *args,
                     env={"PNP_COMPONENTS": str(components), **env})
    assert result.returncode == 0, result.stderr
    return result.stdout


def build_all(components, tmp_path):
    """Each edition of The Channeling into a folder of its own: {edition: 'up to date' or 'N files'}."""
    states = {}
    for edition in ("2025", "thirty", "forest"):
        stdout = build(components, tmp_path / edition, "-e", edition, PNP_CACHE_DIR=str(tmp_path / "cache"))
        states.update(re.findall(r"^the-channeling (\w+): (up to date|\d+ files)", stdout, re.M))
    return states


def test_a_second_build_writes_nothing_and_a_change_rebuilds(game_copy, tmp_path):
    out = tmp_path / "kit"
    env = {"PNP_CACHE_DIR": str(tmp_path / "cache")}
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    sheet = next(out.glob("*letter-cards.pdf"))
    stamp = sheet.stat().st_mtime_ns
    assert "up to date" in build(game_copy, out, "-e", "2025", **env)
    assert sheet.stat().st_mtime_ns == stamp
    sheet.unlink()  # a listed file gone: built again
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    sheet.write_bytes(sheet.read_bytes() + b"%")  # a listed file edited: built again
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    assert "up to date" in build(game_copy, out, "-e", "2025", **env)
    assert "files in" in build(game_copy, out, "-e", "2025", "--force", **env)
    cards = game_copy / "the-channeling" / "cards" / "magic-circle-36.yaml"
    cards.write_text(cards.read_text().replace("vigor: 4, splendor: 3", "vigor: 4, splendor: 4"))
    assert "files in" in build(game_copy, out, "-e", "2025", **env)


def test_renaming_a_card_rebuilds_only_the_editions_printing_it(game_copy, tmp_path):
    assert set(build_all(game_copy, tmp_path).values()) != {"up to date"}
    assert set(build_all(game_copy, tmp_path).values()) == {"up to date"}
    cards = game_copy / "the-channeling" / "cards" / "magic-circle-36.yaml"
    cards.write_text(cards.read_text().replace("Hedge Ring", "Hedgerow Ring"))
    states = build_all(game_copy, tmp_path)
    assert states["2025"] != "up to date"
    assert states["thirty"] == states["forest"] == "up to date"
    os.utime(cards)  # touching alone changes nothing
    assert set(build_all(game_copy, tmp_path).values()) == {"up to date"}
