"""The draft rulebook of the hex-tile game: what the designer wrote, every blank part in a marked
box, no appendices (there is no engine to play it), and a cover that does not invent a player count."""
from __future__ import annotations

import json

import pytest

from rulebook_helpers import pdf_text
from pnp_testing import run_cli

GAME, EDITION = "mana-hex", "draft"


@pytest.fixture(scope="session")
def draft_book(tmp_path_factory, rulebook_env) -> dict:
    out = tmp_path_factory.mktemp("draft-book")
    result = run_cli("rulebook", GAME, "--out", str(out), env=rulebook_env)
    assert result.returncode == 0, result.stderr
    pdf = sorted(out.glob(f"{GAME}-{EDITION}-rulebook-*.pdf"))[0]
    return {"pdf": pdf, "pages": pdf_text(pdf), "manifest": json.loads((out / "manifest.json").read_text())}


def _flat(text: str) -> str:
    from rulebook_helpers import unbreak
    return " ".join(unbreak(text).split())


def test_every_undefined_part_is_named_in_the_book(draft_book):
    from generator.model import load_edition

    edition = load_edition(GAME, EDITION)
    text = _flat("\n".join(draft_book["pages"]))
    for part in edition.spec.undefined:
        assert _flat(part) in text, part
    blank = [p.fields["name"] for p in edition.component("class-cards").pieces if p.fields["status"] == "blank"]
    for name in blank:  # the class's own section is a placeholder box
        start = text.index(f"{name} Not yet written.")
        assert f"special action and trap of {name}" in text[start:start + 200]


def test_no_appendices_without_an_engine(draft_book):
    text = "\n".join(draft_book["pages"])
    assert "Appendix" not in text and "sample game" not in text.lower()
    (entry,) = draft_book["manifest"]["files"]
    assert entry["kind"] == "rulebook" and "sample_seed" not in entry.get("extra", {})
    assert "players" not in draft_book["pages"][0]  # the draft does not say how many


def test_placeholder_boxes_are_drawn_as_dashed_boxes(draft_book):
    """The page telling Power Struggle is blank shows the boxes: dashed outlines in their own colour,
    not the tinted notes used elsewhere."""
    import pypdfium2 as pdfium

    from generator.model import layouts_dir
    from generator.model.layouts import Layouts

    colours = Layouts(layouts_dir()).style.colours
    page = next(i for i, t in enumerate(draft_book["pages"]) if "Power Struggle" in t and "leaves its rules blank" in t)
    doc = pdfium.PdfDocument(str(draft_book["pdf"]))
    try:
        image = doc[page].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()

    def share(name: str, tolerance: int = 6) -> float:
        want = tuple(int(colours[name].rgb[i:i + 2], 16) for i in (1, 3, 5))
        data = image.tobytes()
        pixels = (data[i:i + 3] for i in range(0, len(data), 3))
        hits = sum(1 for px in pixels if all(abs(a - b) <= tolerance for a, b in zip(px, want)))
        return hits / (image.width * image.height)
    assert share("splendor", 40) > 0.001  # the dashed outlines of several boxes
    assert share("parchment") < 0.005  # and no tinted note among them
