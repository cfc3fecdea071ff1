"""A cloned project is untrusted, part 3: the answer cache `validate` keeps.

`validate` keys its kept answer on a digest of everything under components/ and layouts/. A stray
file nothing names (a pipe, a link to /dev/zero or to /) must neither hang it, fill memory nor walk
the machine; a change to a deck must never be answered from the cache, wherever the deck sits; and
a kept answer of the wrong shape is a miss, never a traceback.
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from robustness_support import GAME, run

from generator.core.project import current

STRAYS = ["fifo", "dev-zero", "link-to-root"]


def _plant(workshop: Path, kind: str) -> None:
    stray = workshop / "notes" / "stray"
    stray.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(stray)  # reading it would wait for a writer for ever
    elif kind == "dev-zero":
        stray.symlink_to("/dev/zero")  # reading it would fill memory
    else:
        stray.symlink_to("/", target_is_directory=True)  # walking it would read the machine


@pytest.mark.parametrize("kind", STRAYS)
@pytest.mark.parametrize("layer", ["components", "layouts"])
def test_a_stray_special_file_does_not_stop_validate(kind, layer, workshop: Path, tmp_path: Path,
                                                     monkeypatch) -> None:
    layouts = tmp_path / "layouts"
    shutil.copytree(current().layouts, layouts)
    monkeypatch.setenv("PNP_LAYOUTS", str(layouts))
    clean = run("validate", GAME)
    _plant(layouts if layer == "layouts" else workshop, kind)
    first, again = run("validate", GAME), run("validate", GAME)  # the second is answered from the cache
    assert (first.code, first.out) == (again.code, again.out) == (clean.code, clean.out), first.err
    assert "Traceback" not in first.err + again.err


def test_a_deck_in_a_folder_named_pycache_is_not_answered_from_the_cache(workshop: Path) -> None:
    (workshop / "__pycache__").mkdir()
    (workshop / "cards" / "letters.yaml").rename(workshop / "__pycache__" / "letters.yaml")
    game = workshop / "game.yaml"
    game.write_text(game.read_text().replace("pieces: cards/letters.yaml", "pieces: __pycache__/letters.yaml"))
    good = run("validate", GAME)
    assert good.code == 0, good.err + good.out
    deck = workshop / "__pycache__" / "letters.yaml"
    deck.write_text(deck.read_text().replace("count: 3}", "count: 9}"))  # the edition declares 6 in all
    changed = run("validate", GAME)
    assert changed.code == 1, changed.out
    assert changed.out != good.out


def _kept_answers() -> list[Path]:
    return sorted((Path(os.environ["PNP_CACHE_DIR"]) / "commands").glob("*.json"))


def test_a_kept_answer_nested_too_deep_to_read_is_a_miss(workshop: Path) -> None:
    good = run("validate", GAME)
    for path in _kept_answers():
        path.write_text('{"stdout": "forged\\n", "status": 0, "extra": ' + "[" * 5000 + "]" * 5000 + "}")
    again = run("validate", GAME)
    assert (again.code, again.out) == (good.code, good.out), again.err
    assert "Traceback" not in again.err
