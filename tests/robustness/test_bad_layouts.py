"""The catalogue, part 5: bad print profiles and styles (a copy of layouts/ named by PNP_LAYOUTS).
Each is refused with one line naming the file, and the previous build is left as it was."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from robustness_support import GAME, ROOT, assert_refused, run, snapshot

PROFILE, STYLE = "profiles/a4.yaml", "style.yaml"

CASES = [  # (case, file, text replaced, replacement, lines after the replaced one where the error is)
    ("bleed-negative", PROFILE, "bleed: 3mm", "bleed: -3mm", 0),
    ("bleed-nan", PROFILE, "bleed: 3mm", "bleed: .nan", 0),
    ("margin-negative", PROFILE, "margin: 8mm", "margin: -1", 0),
    ("margin-inf", PROFILE, "margin: 8mm", "margin: .inf", 0),
    ("paper-nan", PROFILE, "paper: a4", "paper: [.nan, 297]", 0),
    ("paper-ten-metres", PROFILE, "paper: a4", "paper: [10000, 297]", 0),
    ("paper-unknown", PROFILE, "paper: a4", "paper: a0000", 0),
    ("marks-weight-negative", PROFILE, "weight: 0.25", "weight: -1", 0),
    ("marks-length-nan", PROFILE, "length: 5mm", "length: .nan", 0),
    ("back-offset-inf", PROFILE, "back_offset: [0mm, 0mm]", "back_offset: [.inf, 0]", 0),
    ("spacing-negative", PROFILE, "bleed: 3mm", "bleed: 3mm\nspacing: -2", 1),
    ("dpi-billion", PROFILE, "bleed: 3mm", "bleed: 3mm\ndpi: 1000000000", 1),
    ("pixel-size-zero", PROFILE, "bleed: 3mm", "bleed: 3mm\npixel_size: [0, 100]", 1),
    ("profile-tag", PROFILE, "name: A4 sheets", "name: !!python/name:os.system", 0),
    ("cmyk-nan", STYLE, "cmyk: [0, 20, 40, 88]", "cmyk: [.nan, 20, 40, 88]", 0),
    ("cmyk-over-100", STYLE, "cmyk: [0, 20, 40, 88]", "cmyk: [0, 20, 40, 1000]", 0),
    ("rgb-not-hex", STYLE, '"#2B2118"', '"#GGGGGG"', 0),
]


@pytest.fixture
def looks(tmp_path: Path, monkeypatch) -> Path:
    """A project layer of looks holding copies of the built-in A4 profile and style, to spoil."""
    folder = tmp_path / "layouts"
    for relative in (PROFILE, STYLE):
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "generator/looks" / relative, folder / relative)
    monkeypatch.setenv("PNP_LAYOUTS", str(folder))
    return folder


@pytest.mark.parametrize("case, relative, old, new, below", CASES, ids=[c[0] for c in CASES])
def test_bad_profile_or_style_is_refused(case, relative, old, new, below, workshop: Path, looks: Path,
                                         previous_output: Path) -> None:
    path = looks / relative
    text = path.read_text()
    assert old in text, old
    line = text[:text.index(old)].count("\n") + 1 + below
    names = f"{path.name}:{line}"
    path.write_text(text.replace(old, new, 1))
    before = snapshot(previous_output)
    assert_refused(run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output)), names,
                   previous_output, before)


def test_output_folder_behind_a_symlink_is_switched_and_the_link_kept(workshop: Path, tmp_path: Path) -> None:
    real, link = tmp_path / "real", tmp_path / "link"
    assert run("build", GAME, "-e", "first", "-p", "a4", "--out", str(real)).code == 0
    link.symlink_to(real)
    assert run("build", GAME, "-e", "first", "-p", "letter", "--out", str(link)).code == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert {p.name for p in real.iterdir()} >= {"manifest.json", f"{GAME}-first-a4-cards.pdf",
                                                f"{GAME}-first-letter-cards.pdf"}
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith((".real-", ".link-"))]
