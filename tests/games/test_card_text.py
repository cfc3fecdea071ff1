"""Card text on a made-up game (tests/games/fixtures/inkwell-inn, not a seed game): spans of their own
size, font and style read back from the PDF with pdfplumber, and the report of every piece whose
text was shrunk to fit, in `validate --json`, on the proof page and under `validate --strict`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest

from games_support import cli

GAME = "inkwell-inn"
FIXTURE = Path(__file__).parent / "fixtures" / GAME


def project(base: Path) -> Path:
    root = base / "project"
    shutil.copytree(FIXTURE, root / "components" / GAME)
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict]:
    root = project(tmp_path_factory.mktemp("inkwell"))
    out = root / "out"
    env = {"PNP_PROJECT": str(root)}
    result = cli("build", GAME, "-p", "a4", "-p", "proof", "--out", str(out), env=env)
    assert result.returncode == 0, result.stderr
    checked = cli("validate", GAME, "--json", env=env)
    assert checked.returncode == 0, checked.stderr
    return out, json.loads(checked.stdout)


def page_chars(pdf: Path) -> list[dict]:
    with pdfplumber.open(pdf) as doc:
        return list(doc.pages[0].chars)


def words_with_sizes(chars: list[dict]) -> list[tuple[str, list[float]]]:
    """Runs of characters on one baseline, split at spaces: (text, sizes of its letters)."""
    out, text, sizes, last = [], "", [], None
    for ch in sorted(chars, key=lambda c: (round(c["matrix"][5], 1), c["x0"])):
        gap = last is not None and (abs(ch["matrix"][5] - last["matrix"][5]) > 0.5 or ch["x0"] - last["x1"] > 1)
        if ch["text"] == " " or gap:
            if text:
                out.append((text, sizes))
            text, sizes = "", []
        if ch["text"] != " ":
            text, sizes = text + ch["text"], sizes + [round(ch["size"], 2)]
        last = ch
    if text:
        out.append((text, sizes))
    return out


def test_a_span_prints_at_its_own_size_and_small_caps_smaller(built):
    out, _ = built
    words = words_with_sizes(page_chars(out / f"{GAME}-base-a4-cards.pdf"))
    assert ("THE", [12.0, 9.6, 9.6]) in words    # [The Inn](12pt,smallcaps): capitals 12 pt, small capitals 80%
    assert ("INN", [12.0, 9.6, 9.6]) in words
    assert ("serves", [8.0] * 6) in words        # the element's own size around it


def test_the_span_font_is_the_named_font(built):
    out, _ = built
    chars = sorted(page_chars(out / f"{GAME}-base-a4-cards.pdf"), key=lambda c: (round(c["matrix"][5], 1), c["x0"]))
    bold = "".join(c["text"] for c in chars if abs(c["size"] - 8) < 0.01 and c["fontname"].endswith("Bold"))
    assert bold == "everyone" * 3   # [everyone](underline,font=bold) on each of the three cards, nothing else


def test_validate_json_lists_each_piece_whose_text_shrank_with_its_final_size(built):
    _, report = built
    shrunk = {(s["piece"], s["element"]): s for s in report["shrunk_text"]}
    name = shrunk[("Archchancellor Bartholomew", "name")]
    assert name["size"] == 14 and 5 <= name["final_size"] < 14 and name["under_minimum"] is False
    assert ("Lamplighter", "name") not in shrunk and ("Cellarer", "name") not in shrunk   # short names fit
    assert {piece for piece, element in shrunk if element == "rules_again"} == {"Lamplighter", "Cellarer"}
    assert all(s["final_size"] < s["size"] for s in report["shrunk_text"])


def test_the_proof_page_lists_the_shrunk_pieces(built):
    out, report = built
    page = (out / f"{GAME}-base-proof.html").read_text()
    section = page.split('<section id="shrunk-text">')[1].split("</section>")[0]
    assert section.count("<tr") == len(report["shrunk_text"]) + 1   # a heading row, then one per piece
    assert "Archchancellor Bartholomew" in section


def test_text_under_the_profiles_min_text_size_is_a_finding_and_fails_strict(tmp_path):
    root = project(tmp_path)
    profile = root / "components" / GAME / "profiles" / "large-print.yaml"
    profile.parent.mkdir()
    profile.write_text("id: large-print\nname: Large print sheets\nkind: sheet\npaper: a4\nmin_text_size: 8\n")
    env = {"PNP_PROJECT": str(root)}
    loose = cli("validate", GAME, "--json", env=env)
    assert loose.returncode == 0, loose.stderr
    report = json.loads(loose.stdout)
    under = [s["piece"] for s in report["shrunk_text"] if s["under_minimum"]]
    assert "Archchancellor Bartholomew" in under
    assert any("under the 8 pt minimum" in w and "Archchancellor" in w for w in report["warnings"])
    strict = cli("validate", GAME, "--strict", env=env)
    assert strict.returncode == 1
    assert "under the 8 pt minimum" in strict.stdout
    built = cli("build", GAME, "-p", "large-print", "--strict", "--out", str(tmp_path / "out"), env=env)
    assert built.returncode != 0 and "under the 8 pt minimum" in built.stderr + built.stdout
    assert not (tmp_path / "out").exists()


def test_without_a_stricter_profile_the_same_text_passes_strict(tmp_path):
    result = cli("validate", GAME, "--strict", env={"PNP_PROJECT": str(project(tmp_path))})
    assert result.returncode == 0, result.stdout + result.stderr


MM = 72 / 25.4
GREEN, BLUE = (0.184314, 0.490196, 0.290196), (0.184314, 0.435294, 0.815686)   # style.yaml's green and blue


def coloured(chars: list[dict], rgb: tuple[float, ...]) -> list[dict]:
    return [c for c in chars if tuple(c["non_stroking_color"] or ()) == pytest.approx(rgb, abs=0.002)]


def columns(chars: list[dict], gap: float = 10 * MM) -> list[list[dict]]:
    """Characters split into columns wherever nothing is printed across ``gap`` points (one per card)."""
    out: list[list[dict]] = []
    for ch in sorted(chars, key=lambda c: c["x0"]):
        if out and ch["x0"] - max(c["x1"] for c in out[-1]) < gap:
            out[-1].append(ch)
        else:
            out.append([ch])
    return out


def lines_of(chars: list[dict]) -> list[str]:
    """The text of each baseline, top to bottom."""
    rows: dict[float, list[dict]] = {}
    for ch in chars:
        rows.setdefault(round(ch["bottom"], 1), []).append(ch)
    return ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])).strip() for _, row in sorted(rows.items())]


CELLARER = "Counterbalancing responsibilities, the cellarer reorganises everything imaginable."


def test_hyphenated_rules_break_inside_words_and_shrink_less(built):
    out, report = built
    chars = page_chars(out / f"{GAME}-base-a4-cards.pdf")
    hyphenated = [lines_of(column) for column in columns(coloured(chars, GREEN))]
    cellarer = hyphenated[2]    # the third card on the sheet
    assert any(line.endswith("-") and line[-2].isalpha() for line in cellarer), cellarer
    assert "".join(line[:-1] if line.endswith("-") else line + " " for line in cellarer).split() == CELLARER.split()
    plain = [lines_of(column) for column in columns(coloured(chars, BLUE))]
    assert " ".join(plain[2]).split() == CELLARER.split()   # whole words only
    sizes = {(s["piece"], s["element"]): s["final_size"] for s in report["shrunk_text"]}
    for piece in ("Cellarer", "Lamplighter"):
        assert sizes.get((piece, "rules"), 9) > sizes[(piece, "rules_again")], sizes


def baseline_centres(chars: list[dict]) -> list[tuple[float, float]]:
    """Each letter's baseline centre: its origin plus half its advance along its own direction."""
    out = []
    for ch in chars:
        a, b, _, _, e, f = ch["matrix"]
        scale = (a * a + b * b) ** 0.5
        out.append((e + ch["adv"] / 2 * a / scale, f + ch["adv"] / 2 * b / scale))
    return out


def fitted_circle(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """(cx, cy, r, worst distance off the circle) of the least-squares circle through the points."""
    import numpy as np
    xy = np.array(points)
    solution = np.linalg.lstsq(np.c_[2 * xy, np.ones(len(xy))], (xy ** 2).sum(axis=1), rcond=None)[0]
    cx, cy = solution[:2]
    r = (solution[2] + cx ** 2 + cy ** 2) ** 0.5
    return cx, cy, r, float(np.abs(np.hypot(xy[:, 0] - cx, xy[:, 1] - cy) - r).max())


def test_the_arc_title_lies_on_a_circle_round_the_token_centre(built):
    out, _ = built
    with pdfplumber.open(out / f"{GAME}-base-a4-tokens.pdf") as doc:
        page = doc.pages[0]
        chars, height = list(page.chars), page.height
        ring = next(c for c in page.curves if c["stroking_color"] == pytest.approx((0.478, 0.361, 0.227), abs=0.01))
    centre = ((ring["x0"] + ring["x1"]) / 2, height - (ring["top"] + ring["bottom"]) / 2)
    chars = [c for c in chars if c["text"] != " "]
    name = [c for c in chars if c["fontname"].endswith("Bold")]
    year = [c for c in chars if not c["fontname"].endswith("Bold")]
    assert "".join(c["text"] for c in name) == "INKWELLINN" and "".join(c["text"] for c in year) == "SINCE1742"
    for letters in (name, year):
        cx, cy, r, off = fitted_circle(baseline_centres(letters))
        assert r == pytest.approx(7.5 * MM, abs=0.05) and off < 0.05
        assert (cx, cy) == pytest.approx(centre, abs=0.05)
    top = baseline_centres(name)
    assert all(y > centre[1] for _, y in top) and [x for x, _ in top] == sorted(x for x, _ in top)
    bottom = baseline_centres(year)   # read left to right along the bottom
    assert all(y < centre[1] for _, y in bottom) and [x for x, _ in bottom] == sorted(x for x, _ in bottom)


def test_tracking_widens_the_name_by_its_letter_spacing(built):
    from reportlab.pdfbase.pdfmetrics import registerFont, stringWidth
    from reportlab.pdfbase.ttfonts import TTFont
    import reportlab

    out, _ = built
    chars = page_chars(out / f"{GAME}-base-a4-cards.pdf")
    name = [c for c in chars if c["text"] in "Lamplighter" and c["size"] == pytest.approx(14)]
    name = sorted(name, key=lambda c: c["x0"])[:len("Lamplighter")]
    assert "".join(c["text"] for c in name) == "Lamplighter"
    registerFont(TTFont("TrackingTestBold", str(Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf")))
    plain = stringWidth("Lamplighter", "TrackingTestBold", 14)
    spacing = 14 * 80 / 1000   # tracking: 80, in thousandths of an em
    assert name[-1]["x1"] - name[0]["x0"] == pytest.approx(plain + 10 * spacing, abs=0.02)
    gaps = [b["x0"] - a["x0"] - a["adv"] for a, b in zip(name, name[1:])]
    assert gaps == pytest.approx([spacing] * 10, abs=0.01)
