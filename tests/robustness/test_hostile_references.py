"""A cloned project is untrusted, part 2: files named *inside* other files (SVG hrefs, fonts, ICC
profiles, proof templates and their includes) stay inside the project, and what the proof template
computes is held to the rule text's budget.

Each case is refused in one line naming the file, with no traceback, nothing of the outside file in
any message or output, and the previous output byte for byte as it was.
"""
from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from robustness_support import GAME, SECRET, assert_refused, run, snapshot

IMAGE = "{kind: image, x: 5, y: 20, w: 20, h: 20, file: art.svg}"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' \
      'width="{w}" height="{h}">{body}</svg>'


def _add_art(workshop: Path, body: str, width: str = "20", height: str = "20") -> None:
    (workshop / "art.svg").write_text(SVG.format(w=width, h=height, body=body))
    template = workshop / "templates" / "letter-card.yaml"
    template.write_text(template.read_text().rstrip("\n") + "\n  extra: " + IMAGE + "\n")


def _png(size: tuple[int, int]) -> bytes:
    from PIL import Image
    buffer = io.BytesIO()
    Image.new("1", size).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _secret_png(folder: Path) -> Path:
    """An image outside the project (a private photo): it must never be drawn into a sheet."""
    path = folder / "private.png"
    path.write_bytes(_png((8, 8)))
    return path


def _outside_svg(folder: Path) -> Path:
    path = folder / "private.svg"
    path.write_text(SVG.format(w=10, h=10, body=f'<g id="a"><text>{SECRET}</text><rect width="5" height="5"/></g>'))
    return path


def _references(workshop: Path, tmp_path: Path) -> dict[str, str]:
    png, svg = _secret_png(tmp_path), _outside_svg(tmp_path)
    (workshop / "linked.png").symlink_to(png)
    return {
        "image-dotdot": '<image width="5" height="5" xlink:href="../../private.png"/>',
        "image-absolute": f'<image width="5" height="5" xlink:href="{png}"/>',
        "image-link": '<image width="5" height="5" xlink:href="linked.png"/>',
        "image-svg2-href": '<image width="5" height="5" href="../../private.png"/>',
        "use-outside-svg": '<use xlink:href="../../private.svg#a"/>',
        "use-absolute-svg": f'<use href="{svg}#a"/>',
    }


REFERENCE_CASES = ["image-dotdot", "image-absolute", "image-link", "image-svg2-href", "use-outside-svg",
                   "use-absolute-svg"]


@pytest.mark.parametrize("case", REFERENCE_CASES)
def test_svg_art_naming_a_file_outside_the_project_is_refused(case, workshop: Path, tmp_path: Path,
                                                              previous_output: Path) -> None:
    _add_art(workshop, _references(workshop, tmp_path)[case])
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "art.svg", previous_output, before)
    assert "reference inside this SVG file" in built.err


BOMBS = {
    "nan-width": ("", "NaN", "20"),
    "huge-height": ("", "20", "1e400"),
    "nan-inside": ('<rect x="NaN" y="1" width="4" height="4"/>', "20", "20"),
    "infinite-path": ('<path d="M 0 0 L 1e999 4 Z"/>', "20", "20"),
    "entity": None,  # a billion-laughs DOCTYPE
    "data-uri-100-megapixels": None,
    "too-large": None,
}


def _bomb(case: str, workshop: Path) -> None:
    if case == "entity":
        (workshop / "art.svg").write_text(
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text>&b;</text></svg>')
        _add_art(workshop, "")
        (workshop / "art.svg").write_text(
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text>&b;</text></svg>')
    elif case == "data-uri-100-megapixels":
        data = base64.b64encode(_png((10_000, 10_000))).decode()
        _add_art(workshop, f'<image width="5" height="5" xlink:href="data:image/png;base64,{data}"/>')
    elif case == "too-large":
        _add_art(workshop, '<rect width="1" height="1"/>' * 400_000)  # 11 MB of rectangles
    else:
        body, width, height = BOMBS[case]
        _add_art(workshop, body, width, height)


@pytest.mark.parametrize("case", list(BOMBS))
def test_svg_art_out_of_bounds_is_refused(case, workshop: Path, previous_output: Path) -> None:
    _bomb(case, workshop)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "art.svg", previous_output, before)


def test_svg_art_with_inner_references_and_a_small_data_uri_still_draws(workshop: Path, tmp_path: Path) -> None:
    data = base64.b64encode(_png((4, 4))).decode()
    _add_art(workshop, '<defs><rect id="r" width="3" height="3"/></defs><use xlink:href="#r"/>'
                       f'<image width="5" height="5" xlink:href="data:image/png;base64,{data}"/>')
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "out"))
    assert built.code == 0, built.err


def _style_font(workshop: Path, file: str) -> None:
    (workshop / "style.yaml").write_text(f"fonts:\n  bold: {{file: '{file}'}}\n")


@pytest.mark.parametrize("form", ["relative", "absolute"])
def test_a_reportlab_font_name_cannot_leave_reportlabs_font_folder(form, workshop: Path, tmp_path: Path,
                                                                   previous_output: Path) -> None:
    import os

    import reportlab
    fonts = Path(reportlab.__file__).parent / "fonts"
    private = tmp_path / "private.ttf"  # a licensed font of the user's, outside the project
    private.write_bytes((fonts / "VeraBd.ttf").read_bytes())
    file = {"relative": "reportlab:" + os.path.relpath(private, fonts), "absolute": f"reportlab:{private}"}[form]
    _style_font(workshop, file)
    before = snapshot(previous_output)
    checked = run("validate", GAME)
    assert checked.code in (1, 2) and "style.yaml" in checked.err and "Traceback" not in checked.err, checked.err
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "style.yaml", previous_output, before)


def test_a_reportlab_font_by_its_bare_name_still_builds(workshop: Path, tmp_path: Path) -> None:
    _style_font(workshop, "reportlab:VeraBd.ttf")
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(tmp_path / "out"))
    assert built.code == 0, built.err


def _icc_profile(workshop: Path, icc: str) -> None:
    folder = workshop / "profiles"
    folder.mkdir(exist_ok=True)
    builtin = Path(__import__("generator").__file__).parent / "looks" / "profiles" / "cmyk.yaml"
    text = builtin.read_text().replace("id: cmyk", "id: hostile-cmyk")
    (folder / "hostile-cmyk.yaml").write_text(text + f"  output_intent:\n    icc: '{icc}'\n    condition: X\n"
                                                      "    info: X\n")


@pytest.mark.parametrize("case", ["dotdot", "absolute", "link"])
def test_an_icc_profile_outside_the_looks_is_refused(case, workshop: Path, tmp_path: Path,
                                                     previous_output: Path) -> None:
    outside = tmp_path / "printer.icc"
    builtin = Path(__import__("generator").__file__).parent / "looks" / "icc" / "default_cmyk.icc"
    outside.write_bytes(builtin.read_bytes()[:-4] + SECRET[:4].encode())  # a valid header, a marked tail
    if case == "link":
        (workshop / "icc").mkdir()
        (workshop / "icc" / "printer.icc").symlink_to(outside)
    icc = {"dotdot": "../../printer.icc", "absolute": str(outside), "link": "icc/printer.icc"}[case]
    _icc_profile(workshop, icc)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "hostile-cmyk", "--out", str(previous_output))
    assert_refused(built, "hostile-cmyk.yaml", previous_output, before)


def _proof_template(workshop: Path, text: str) -> None:
    (workshop / "proof").mkdir(exist_ok=True)
    (workshop / "proof" / "proof.html.j2").write_text(text)


def test_a_proof_template_including_a_linked_file_is_refused(workshop: Path, tmp_path: Path,
                                                             previous_output: Path) -> None:
    (tmp_path / "private.html").write_text(SECRET)
    _proof_template(workshop, "<html>{% include 'part.html' %}</html>")
    (workshop / "proof" / "part.html").symlink_to(tmp_path / "private.html")
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "proof", "--out", str(previous_output))
    assert_refused(built, "proof.html.j2", previous_output, before)


@pytest.mark.parametrize("text", ["{{ 'x' * 2000000000 }}",
                                  "{% for a in range(9999) %}{% for b in range(9999) %}{% endfor %}{% endfor %}",
                                  "{{ 9 ** 9 ** 9 }}", "{% set ns = namespace(s='ab') %}{% for i in range(40) %}"
                                  "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}"],
                         ids=["repeat", "nested-loops", "power", "doubling"])
def test_a_proof_template_is_held_to_the_rule_texts_budget(text, workshop: Path, previous_output: Path) -> None:
    _proof_template(workshop, text)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "proof", "--out", str(previous_output))
    assert_refused(built, "proof.html.j2", previous_output, before)
