"""No RGB and no spot colour in a CMYK file: colour operators and colour spaces of every page's
content, its forms and images, read with pikepdf."""
from __future__ import annotations

from dataclasses import dataclass

from generator.preflight.content import Drawn
from generator.preflight.rows import Row
from generator.preflight.target import Target

RGB_OPERATORS = {"rg", "RG"}


@dataclass
class Found:
    page: int
    what: str
    pixels: tuple[int, int] | None = None   # an image's size, to find where it is drawn


def colour_rows(target: Target, pdf, drawn: list[list[Drawn]]) -> list[Row]:
    found: list[Found] = []
    for number, page in enumerate(pdf.pages, 1):
        _scan(page.obj, number, found, set(), is_page=True)
    if not found:
        return [Row(target.name, "colour-space", "pass", "CMYK and grey only", "no RGB or spot colour")]
    first = found[0]
    box = None
    if first.pixels:
        box = next((list(d.box) for d in drawn[first.page - 1] if d.kind == "image" and d.pixels == first.pixels), None)
    kinds = sorted({f.what for f in found})
    return [Row(target.name, "colour-space", "fail", f"{'; '.join(kinds)} (first on page {first.page})",
                "no RGB or spot colour in a CMYK file", page=first.page, box_pt=box)]


def _scan(holder, number: int, found: list[Found], seen: set, is_page: bool = False) -> None:
    """A page or form XObject: its content's colour operators, its colour spaces and XObjects."""
    import pikepdf
    key = holder.objgen
    if key != (0, 0):
        if key in seen:
            return
        seen.add(key)
    try:
        operators = pikepdf.parse_content_stream(pikepdf.Page(holder) if is_page else holder)
    except (pikepdf.PdfError, TypeError, ValueError):
        operators = []
    for instruction in operators:
        op = str(getattr(instruction, "operator", ""))
        if op in RGB_OPERATORS:
            found.append(Found(number, f"RGB colour operator {op}"))
            break
    resources = holder.get("/Resources", {})
    for name, space in dict(resources.get("/ColorSpace", {})).items():
        problem = _space_problem(space)
        if problem:
            found.append(Found(number, f"{problem} colour space {name}"))
    for name, xobject in dict(resources.get("/XObject", {})).items():
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            problem = _space_problem(xobject.get("/ColorSpace"))
            if problem:
                found.append(Found(number, f"{problem} image {name}", (int(xobject.Width), int(xobject.Height))))
        elif subtype == "/Form":
            _scan(xobject, number, found, seen)


def _space_problem(space) -> str | None:
    """'RGB' or 'spot' for a colour space a CMYK file must not use, else None."""
    import pikepdf
    if space is None:
        return None
    if isinstance(space, pikepdf.Name):
        return "RGB" if str(space) in ("/DeviceRGB", "/CalRGB") else None
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family in ("/DeviceRGB", "/CalRGB"):
            return "RGB"
        if family == "/ICCBased":
            return "RGB" if int(space[1].get("/N", 0)) == 3 else None
        if family in ("/Separation", "/DeviceN"):
            names = [str(space[1])] if family == "/Separation" else [str(n) for n in space[1]]
            process = {"/Cyan", "/Magenta", "/Yellow", "/Black", "/None", "/All"}
            return "spot" if any(n not in process for n in names) else None
        if family == "/Indexed":
            return _space_problem(space[1])
    return None
