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
    name = shrunk[("Archchancellor Bartholomew Quillfeather", "name")]
    assert name["size"] == 14 and 5 <= name["final_size"] < 14 and name["under_minimum"] is False
    assert ("Lamplighter", "name") not in shrunk and ("Cellarer", "name") not in shrunk   # short names fit
    assert {piece for piece, element in shrunk if element == "rules"} == {"Lamplighter", "Cellarer"}
    assert all(s["final_size"] < s["size"] for s in report["shrunk_text"])


def test_the_proof_page_lists_the_shrunk_pieces(built):
    out, report = built
    page = (out / f"{GAME}-base-proof.html").read_text()
    section = page.split('<section id="shrunk-text">')[1].split("</section>")[0]
    assert section.count("<tr") == len(report["shrunk_text"]) + 1   # a heading row, then one per piece
    assert "Archchancellor Bartholomew Quillfeather" in section


def test_text_under_the_profiles_min_text_size_is_a_finding_and_fails_strict(tmp_path):
    root = project(tmp_path)
    profile = root / "components" / GAME / "profiles" / "large-print.yaml"
    profile.parent.mkdir()
    profile.write_text("id: large-print\nname: Large print sheets\nkind: sheet\npaper: a4\nmin_text_size: 7\n")
    env = {"PNP_PROJECT": str(root)}
    loose = cli("validate", GAME, "--json", env=env)
    assert loose.returncode == 0, loose.stderr
    report = json.loads(loose.stdout)
    under = [s["piece"] for s in report["shrunk_text"] if s["under_minimum"]]
    assert "Archchancellor Bartholomew Quillfeather" in under
    assert any("under the 7 pt minimum" in w and "Archchancellor" in w for w in report["warnings"])
    strict = cli("validate", GAME, "--strict", env=env)
    assert strict.returncode == 1
    assert "under the 7 pt minimum" in strict.stdout
    built = cli("build", GAME, "-p", "large-print", "--strict", "--out", str(tmp_path / "out"), env=env)
    assert built.returncode != 0 and "under the 7 pt minimum" in built.stderr + built.stdout
    assert not (tmp_path / "out").exists()


def test_without_a_stricter_profile_the_same_text_passes_strict(tmp_path):
    result = cli("validate", GAME, "--strict", env={"PNP_PROJECT": str(project(tmp_path))})
    assert result.returncode == 0, result.stdout + result.stderr
