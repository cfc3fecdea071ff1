"""A cloned project is untrusted: no code runs from its cache, nothing outside it is read or shown.

Each case plants something in a copy of the made-up game and runs the commands a user would on a
project they were sent: they must refuse in one line (file named, nothing of the outside file quoted),
leave the previous output as it was, and put nothing of an outside file into any output.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

import pytest
from robustness_support import GAME, SECRET, assert_refused, run, snapshot

PLANTED_FILES = ["editions/first.yaml", "game.yaml", "glyphs.yaml", "cards/letters.yaml",
                 "templates/letter-card.yaml", "rules/rulebook.yaml", "rules/rulebook.md", "style.yaml"]


def _link_out(workshop: Path, relative: str, target: Path) -> None:
    path = workshop / relative
    if path.exists():
        path.unlink()
    path.symlink_to(target)


def _outputs_text(folder: Path) -> bytes:
    return b"".join(snapshot(folder).values()) if folder.exists() else b""


@pytest.mark.parametrize("relative", PLANTED_FILES)
def test_a_game_file_linked_out_of_the_project_is_refused_unread(relative, workshop: Path, tmp_path: Path,
                                                                 previous_output: Path) -> None:
    secret = tmp_path / "secret.txt"  # outside the project: a token, a key, /etc/shadow
    _link_out(workshop, relative, secret)
    before = snapshot(previous_output)
    checked = run("validate", GAME)
    assert "Traceback" not in checked.err, checked.err  # validate reads no rule text: it may pass
    assert SECRET not in checked.err + checked.out
    built = run("build", GAME, "-e", "first", "-p", "a4", "-p", "rulebook-a4", "--out", str(previous_output))
    assert_refused(built, Path(relative).name, previous_output, before)
    assert "outside the project" in built.err


def test_a_rules_folder_linked_out_of_the_project_is_not_built_into_the_book(workshop: Path, tmp_path: Path,
                                                                             previous_output: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "rulebook.yaml").write_text("main: rulebook.md\n")
    (outside / "rulebook.md").write_text(f"# Rules\n\n{SECRET}\n")
    rules = workshop / "rules"
    for child in rules.iterdir():
        child.unlink()
    rules.rmdir()
    rules.symlink_to(outside, target_is_directory=True)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "rulebook-a4", "--out", str(previous_output))
    assert_refused(built, "rulebook.yaml", previous_output, before)
    assert SECRET.encode() not in _outputs_text(previous_output)


def test_a_rule_file_linked_out_is_never_typeset(workshop: Path, tmp_path: Path, previous_output: Path) -> None:
    """Only the Markdown file is a link (its rulebook.yaml is the game's own): the book is refused."""
    secret_md = tmp_path / "notes.md"
    secret_md.write_text(f"# Notes\n\n{SECRET}\n")
    _link_out(workshop, "rules/rulebook.md", secret_md)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "rulebook-a4", "--out", str(previous_output))
    assert built.code == 2, built.err
    assert SECRET not in built.err + built.out
    assert snapshot(previous_output) == before


@pytest.mark.parametrize("special", ["fifo", "dev-zero"])
def test_a_special_file_in_place_of_a_game_file_is_refused_at_once(special, workshop: Path,
                                                                    previous_output: Path) -> None:
    edition = workshop / "editions" / "first.yaml"
    edition.unlink()
    if special == "fifo":
        os.mkfifo(edition)  # opening it for reading would block for ever
    else:
        edition.symlink_to("/dev/zero")
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "first.yaml", previous_output, before)


class _Payload:
    """Unpickling this runs code: it creates the marker file."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _plant_bytecode_cache(cache: Path, rules: Path, marker: Path) -> None:
    """A Jinja bytecode-cache file for rulebook.md, in the project's cache, as a hostile clone ships it."""
    from jinja2.bccache import bc_magic

    for filename in (str(rules / "rulebook.md"), str((rules / "rulebook.md").resolve())):
        key = hashlib.sha1(b"rulebook.md")
        key.update(("|" + filename).encode())
        for folder in (cache / "jinja-budgeted", cache / "jinja"):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"__jinja2_{key.hexdigest()}.cache").write_bytes(bc_magic + pickle.dumps(_Payload(marker)))


def test_no_code_runs_from_a_cache_file_the_project_ships(workshop: Path, tmp_path: Path) -> None:
    marker = tmp_path / "code-ran"
    cache = Path(os.environ["PNP_CACHE_DIR"])
    _plant_bytecode_cache(cache, workshop / "rules", marker)
    planted = _planted(cache)
    assert not marker.exists()
    out = tmp_path / "out"
    built = run("build", GAME, "-e", "first", "-p", "rulebook-a4", "--out", str(out))
    assert built.code == 0, built.err
    book = run("rulebook", GAME, "-e", "first", "--out", str(tmp_path / "book"))
    assert book.code == 0, book.err
    assert not marker.exists(), "a pickle from the project's cache was loaded"
    assert _planted(cache) == planted, "the build wrote compiled templates into the project's cache"


def _planted(cache: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in cache.rglob("__jinja2_*")}
