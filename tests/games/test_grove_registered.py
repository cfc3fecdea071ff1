"""Battle for the Grove as a registered engine: its rule options are checked like The Channeling's,
an engine name nobody registered is reported, and a game without an engine is left alone.

Its simulate and replay commands are tested with The Channeling's in tests/engine/test_cli_engine.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from games_support import cli, copy_components
from generator.play.registry import ENGINES, options_for
from generator.core.errors import GameDataError
from generator.model import load_edition
from generator.build.validate import engine_options, validate_edition

GROVE_EDITION = "battle-for-the-grove/editions/2024.yaml"


def _edit(root: Path, relative: str, old: str, new: str) -> tuple[Path, int]:
    """Replace ``old`` once in a copied file; return the file and the (1-based) line of ``new``."""
    path = root / relative
    text = path.read_text()
    assert text.count(old) == 1, f"{relative} no longer holds {old!r}"
    path.write_text(text.replace(old, new))
    return path, path.read_text().splitlines().index(new) + 1


def test_grove_is_registered_and_reads_its_editions_rules() -> None:
    edition = load_edition("battle-for-the-grove", "2024")
    options = options_for(edition)
    assert ENGINES["grove"].name == "grove" and isinstance(options, ENGINES["grove"].options_model)
    assert (options.control_at, options.cubes_per_player, options.dice) == (
        edition.rules["control_at"], edition.rules["cubes_per_player"], edition.rules["dice"])


def test_validate_names_a_typo_in_groves_rules(tmp_path, monkeypatch) -> None:
    root = copy_components(tmp_path)
    path, line = _edit(root, GROVE_EDITION, "  banish_on: 6", "  banish_onn: 6")
    monkeypatch.setenv("PNP_COMPONENTS", str(root))
    with pytest.raises(GameDataError) as caught:
        validate_edition(load_edition("battle-for-the-grove", "2024"))
    assert str(caught.value).startswith(f"{path}:{line} at 'rules.banish_onn'")


def test_an_unregistered_engine_name_is_reported_with_file_line_and_key(tmp_path) -> None:
    root = copy_components(tmp_path)
    path, line = _edit(root, "battle-for-the-grove/game.yaml", "engine: grove", "engine: grovee")
    result = cli("validate", "battle-for-the-grove", env={"PNP_COMPONENTS": str(root)})
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}:{line} at 'engine': expected a registered rules engine")
    assert "'grovee'" in result.stderr and "Traceback" not in result.stderr


def test_a_game_without_an_engine_has_no_rule_options_to_check() -> None:
    draft = load_edition("mana-hex", "draft")
    assert draft.engine is None and engine_options(draft) is None
    assert validate_edition(draft).ok
