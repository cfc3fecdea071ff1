"""Every print shop from one build, and the preflight that measures the files it wrote: a made-up
game of poker cards, mini cards, round tokens and a hex tile goes to four vendors, what a vendor
does not make is left out with a warning, and each planted flaw is named with its value and place."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from pnp_testing import project_env, run_cli
from quartet_game import LOW_RES_BOX, PLANTS, SAFE_BAR, SMALL_TEXT_Y, HAIRLINE_Y, write_quartet_game

VENDORS = ("tgc", "mpc", "dtc", "ppg")
# what each vendor makes of the quartet's four components (from looks/vendors/*.yaml)
LEFT_OUT = {"tgc": set(), "mpc": {"coins", "isles"}, "dtc": {"coins", "isles"}, "ppg": {"isles"}}


def build(tmp: Path, plant: set[str], *args: str):
    root = write_quartet_game(tmp / "project", plant)
    out = tmp / "out"
    profiles = [a for v in VENDORS for a in ("-p", v)]
    result = run_cli("build", "quartet", *profiles, "--preflight", *args, "--out", str(out), env=project_env(root))
    return result, out, root


def report(out: Path) -> dict:
    return json.loads((out / "quartet-base-preflight.json").read_text())


def row(data: dict, file_part: str, check: str) -> dict:
    found = [r for r in data["rows"] if file_part in r["file"] and r["check"] == check]
    assert found, (file_part, check)
    return found[0]


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    result, out, _ = build(tmp_path_factory.mktemp("clean"), set())
    assert result.returncode == 0, result.stderr
    return result, out


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    result, out, root = build(tmp_path_factory.mktemp("planted"), set(PLANTS) - {"rgb-image", "black-text"})
    assert result.returncode == 0, result.stderr
    return result, out, root


def test_one_build_writes_every_vendors_files_and_skips_the_same_way_for_all_four(clean):
    result, out = clean
    manifest = json.loads((out / "manifest.json").read_text())
    for vendor in VENDORS:
        made = {f["component"] for f in manifest["files"] if f.get("profile") == vendor and "component" in f}
        assert made == {"heroes", "tricks", "coins", "isles"} - LEFT_OUT[vendor], vendor
        skipped = {s["component"] for s in manifest["skipped"] if s["profile"] == vendor}
        assert skipped == LEFT_OUT[vendor], vendor
        for component in LEFT_OUT[vendor]:   # one warning line each, naming the piece and why
            lines = [l for l in result.stderr.splitlines() if l.startswith(f"warning: {vendor}: left out {component} ")]
            assert len(lines) == 1 and "makes no" in lines[0], (vendor, component, result.stderr)
    dtc = [f for f in manifest["files"] if f.get("profile") == "dtc" and f["kind"] == "print-shop"]
    assert {f["path"] for f in dtc} == {"quartet-base-dtc-heroes.pdf", "quartet-base-dtc-tricks.pdf"}
    assert all(f["order"] == "back-front" and f["pdfx"] == "PDF/X-1a:2003" for f in dtc)
    coins = [f for f in manifest["files"] if f.get("profile") == "ppg" and f.get("component") == "coins"]
    assert coins and all(f["product"] == "round-chit-1in" and f["pixels"] == [375, 375] for f in coins)
    isle = [f for f in manifest["files"] if f.get("profile") == "tgc" and f.get("kind") == "png"
            and f.get("component") == "isles"]
    assert {f["product"] for f in isle} == {"medium-hex-tile"}


def test_a_clean_game_passes_every_check_of_every_vendor(clean):
    _, out = clean
    data = report(out)
    assert data["status"] == "pass", [r for r in data["rows"] if r["status"] != "pass"]
    checked = {r["file"] for r in data["rows"]}
    assert "quartet-base-dtc-heroes.pdf" in checked and "quartet-base-ppg/coins/01-copper.png" in checked
    assert row(data, "dtc upload bundle", "file-names")["measured"] == "2 files, names usable"
    assert row(data, "tgc (12 files)", "file-count")["limit"] == "100 files an upload at The Game Crafter"
    ink = row(data, "dtc-heroes", "ink-coverage")
    assert ink["limit"] == "at most 240%" and float(ink["measured"].split("%")[0]) == pytest.approx(170, abs=1)
    proof = (out / "quartet-base-preflight.html").read_text()
    assert "quartet-base-dtc-heroes.pdf" in proof and ": 0 failed, 0 warnings, " in proof


def test_a_rich_black_background_fails_the_ink_limit_with_the_colour_responsible(planted):
    _, out, _ = planted
    ink = row(report(out), "dtc-heroes", "ink-coverage")
    assert ink["status"] == "fail" and ink["measured"].startswith("400% on page 2")
    assert ink["limit"] == "at most 240%"
    assert ink["detail"] == ["colour 'night' is C100 M100 Y100 K100 = 400%"]
    assert ink["where_mm"][:2] == pytest.approx([-3.2, -3.2], abs=0.2)   # the whole page, bleed included
    assert (out / ink["thumbnail"]).is_file()


def test_a_150_dpi_image_fails_with_its_resolution_and_place(planted):
    _, out, _ = planted
    for name in ("dtc-heroes", "tgc-heroes.pdf"):
        found = row(report(out), name, "image-resolution")
        assert found["status"] == "fail" and found["measured"].startswith("lowest 150 DPI: a 150 x 75 px image")
        assert found["where_mm"] == pytest.approx(list(LOW_RES_BOX), abs=0.2)


def test_small_text_and_a_hairline_fail_with_their_size_and_place(planted):
    _, out, _ = planted
    data = report(out)
    text = row(data, "dtc-heroes", "text-size")
    assert text["status"] == "fail" and text["measured"].startswith("smallest 4 pt ('small print'")
    assert text["where_mm"][0] == pytest.approx(10, abs=0.5) and SMALL_TEXT_Y < text["where_mm"][1] < SMALL_TEXT_Y + 4
    line = row(data, "dtc-heroes", "line-width")
    assert line["status"] == "fail" and line["measured"].startswith("thinnest 0.1 pt")
    assert line["where_mm"][:2] == pytest.approx([10, HAIRLINE_Y], abs=0.2)
    with Image.open(out / line["thumbnail"]) as thumb:   # the place is framed in red
        red = dict((colour, n) for n, colour in thumb.convert("RGB").getcolors(1 << 16)).get((220, 0, 0), 0)
    assert red > 50


def test_art_in_the_safe_zone_is_named_on_the_pdf_and_on_every_vendors_png(planted):
    _, out, _ = planted
    data = report(out)
    for name in ("dtc-heroes", "tgc-heroes.pdf", "tgc/heroes/01-archer", "mpc/heroes/01-archer",
                 "ppg/heroes/01-archer"):
        found = row(data, name, "safe-zone")
        assert found["status"] == "warn" and "art in the safe zone: 30." in found["measured"], name
        assert found["where_mm"] == pytest.approx(list(SAFE_BAR), abs=0.35), name


def test_strict_exits_1_on_a_failed_check(planted):
    _, out, root = planted
    result = run_cli("preflight", str(out), "--strict", env=project_env(root))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "preflight fail: quartet-base-dtc-heroes.pdf: ink-coverage: 400%" in result.stderr
    again = run_cli("build", "quartet", "-p", "dtc", "--preflight", "--strict", "--out", str(out.parent / "strict"),
                    env=project_env(root))
    assert again.returncode == 1 and not (out.parent / "strict").exists()


def test_an_rgb_image_in_a_cmyk_build_fails_the_colour_check_with_its_place(tmp_path):
    result, out, _ = build(tmp_path, {"rgb-image"})
    assert result.returncode == 0, result.stderr
    assert "quartet-base-dtc-heroes.pdf: profile 'dtc' is CMYK but the file still has RGB colour" in result.stderr
    found = row(report(out), "dtc-heroes", "colour-space")
    assert found["status"] == "fail" and "RGB image" in found["measured"]
    assert found["where_mm"][:2] == pytest.approx([20, 40], abs=0.2)
    assert row(report(out), "tgc-heroes.pdf", "image-resolution")["measured"].startswith("lowest 600 DPI")


def test_coverage_agrees_with_the_fill_it_separates(tmp_path):
    """A page of known CMYK fills: the separated coverage is the sum of the fill's four values."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.preflight.coverage import separate
    fills = [(60, 40, 40, 100), (37, 13, 71, 9), (0, 0, 0, 0)]
    pdf = tmp_path / "fills.pdf"
    c = Canvas(str(pdf), pagesize=(144, 144))
    for fill in fills:
        c.setFillColorCMYK(*(v / 100 for v in fill))
        c.rect(0, 0, 144, 144, stroke=0, fill=1)
        c.showPage()
    c.save()
    for page, fill in zip(separate(pdf, 150), fills):
        assert page.highest == pytest.approx(sum(fill), rel=0.01, abs=0.5)
        assert page.spots == ()


def test_ink_limit_fix_brings_the_rich_black_under_the_limit_and_small_black_text_prints_as_k(tmp_path):
    import pikepdf
    root = write_quartet_game(tmp_path / "project", {"rich-black", "black-text"})
    profiles = root / "layouts" / "profiles"
    profiles.mkdir()
    from generator.model.layouts import BUILTIN_LOOKS
    (profiles / "dtc.yaml").write_text((BUILTIN_LOOKS / "profiles" / "dtc.yaml").read_text() + "  ink_limit_fix: true\n")
    out = tmp_path / "out"
    result = run_cli("build", "quartet", "-p", "dtc", "--preflight", "--out", str(out), env=project_env(root))
    assert result.returncode == 0, result.stderr
    assert f"note: {profiles / 'dtc.yaml'}: replaces the built-in profile 'dtc'\n" in result.stderr
    entry = next(f for f in json.loads((out / "manifest.json").read_text())["files"]
                 if f["path"] == "quartet-base-dtc-heroes.pdf")
    night = entry["ink_limited"]["night"]
    assert night["given"] == [100, 100, 100, 100] and sum(night["printed"]) <= 240
    ink = row(report(out), "dtc-heroes", "ink-coverage")
    assert ink["status"] == "pass" and float(ink["measured"].split("%")[0]) <= 240.5
    with pikepdf.open(out / "quartet-base-dtc-heroes.pdf") as pdf:   # the 7 pt text: K only, overprinting
        forms = [x for page in pdf.pages for x in page.Resources.XObject.values()]
        ops = [(str(i.operator), [float(v) for v in i.operands])
               for form in forms for i in pikepdf.parse_content_stream(form, "k")]
        states = [s for form in forms for s in form.Resources.get("/ExtGState", {}).values()]
    assert ("k", [0, 0, 0, 1]) in ops
    assert any(s.get("/op") is True and s.get("/OPM") == 1 for s in states)
    assert not [r for r in report(out)["rows"] if r["status"] == "fail"]   # still PDF/X-1a, fonts, boxes


def test_each_vendor_gets_an_upload_folder_and_zip_of_exactly_its_files_named_its_way(clean):
    import zipfile
    _, out = clean
    manifest = json.loads((out / "manifest.json").read_text())["files"]
    for vendor in VENDORS:
        folder = out / f"quartet-base-{vendor}-upload"
        files = sorted(p.name for p in folder.iterdir())
        if vendor == "dtc":
            assert files == ["UPLOAD.txt", "heroes.pdf", "tricks.pdf"]
        else:
            pngs = [f for f in manifest if f.get("profile") == vendor and f["kind"] == "png"]
            assert len(files) == len(pngs) + 1 and all(f.endswith(".png") for f in files if f != "UPLOAD.txt")
        with zipfile.ZipFile(f"{folder}.zip") as zipped:
            assert sorted(Path(n).name for n in zipped.namelist()) == files
    assert (out / "quartet-base-tgc-upload" / "heroes-front-01-archer.png").is_file()
    assert (out / "quartet-base-ppg-upload" / "heroes-01-archer-front.png").is_file()
    text = (out / "quartet-base-tgc-upload" / "UPLOAD.txt").read_text()
    assert "Coins: product 'large-circle-chit', 4 pieces" in text and "heroes-front-01-archer: 2 copies" in text
    assert "Isles: product 'medium-hex-tile', 1 pieces" in text
    dtc = (out / "quartet-base-dtc-upload" / "UPLOAD.txt").read_text()
    assert "Heroes: product 'poker', one PDF of 6 pages (back then front for each card)" in dtc


def test_two_builds_give_the_same_upload_zip(tmp_path):
    root = write_quartet_game(tmp_path / "project")
    zips = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        result = run_cli("build", "quartet", "-p", "ppg", "--out", str(out), env=project_env(root))
        assert result.returncode == 0, result.stderr
        zips.append((out / "quartet-base-ppg-upload.zip").read_bytes())
    assert zips[0] == zips[1]


def test_an_older_copy_of_a_built_in_profile_is_named_with_the_keys_it_lacks(tmp_path):
    root = write_quartet_game(tmp_path / "project")
    (root / "layouts" / "profiles").mkdir()
    (root / "layouts" / "profiles" / "tgc.yaml").write_text(   # as tgc.yaml was before vendor tables
        "id: tgc\nname: old TGC\nkind: png\nbleed: 0.125in\nmarks: null\nbacks: none\npixel_size: [825, 1125]\n"
        "dpi: 300\noptions:\n  kinds: [card]\n")
    result = run_cli("build", "quartet", "-p", "tgc", "--out", str(tmp_path / "out"), env=project_env(root))
    assert result.returncode == 0, result.stderr
    lines = [l for l in result.stderr.splitlines() if "replaces the built-in profile 'tgc'" in l]
    assert len(lines) == 1 and lines[0].startswith("warning: ") and "lacks keys the built-in one has" in lines[0]
    assert "options.vendor" in lines[0]
    assert "warning: tgc: left out coins (Coins, token): profile 'tgc' takes card pieces, not token pieces" in result.stderr


def test_a_vendor_naming_pattern_may_use_only_the_documented_fields(tmp_path):
    from generator.core.errors import GameDataError
    from generator.model.layouts import Layouts
    from generator.exporters.vendors import load_vendor
    (tmp_path / "vendors").mkdir()
    (tmp_path / "vendors" / "shop.yaml").write_text(
        "name: Shop\nnaming: \"{component.__class__}\"\nproducts:\n"
        "  poker: {trim: [2.5in, 3.5in], bleed: 0.125in, safe: 0.125in, pixels: [825, 1125]}\n")
    with pytest.raises(GameDataError) as caught:
        load_vendor(Layouts(tmp_path), "shop", "x")
    assert "shop.yaml:2 at 'naming'" in str(caught.value)
