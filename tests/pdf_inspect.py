"""Look inside a PDF as a preflight tool does: page by page, following every form XObject."""
from __future__ import annotations

from pathlib import Path

import pikepdf
from pikepdf import Name

RGB_OPERATORS = {"rg", "RG"}
RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


def resources_of(page) -> list[pikepdf.Dictionary]:
    """The page's resources and those of every form XObject and tiling pattern reached from them,
    each once."""
    found, seen, todo = [], set(), [page.obj.get(Name.Resources, pikepdf.Dictionary())]
    while todo:
        resources = todo.pop()
        if resources.objgen != (0, 0) and resources.objgen in seen:
            continue
        seen.add(resources.objgen)
        found.append(resources)
        for xobject in [*(resources.get(Name.XObject) or {}).values(), *(resources.get(Name.Pattern) or {}).values()]:
            if Name.Resources in xobject:
                todo.append(xobject.Resources)
    return found


def images_of(page) -> set[tuple[int, int]]:
    """The image XObjects a page draws, in forms and patterns too (by object number: each once)."""
    return {x.objgen for resources in resources_of(page) for x in (resources.get(Name.XObject) or {}).values()
            if x.get(Name.Subtype) == Name.Image}


def unembedded_fonts(page) -> set[str]:
    """Base names of fonts a page uses without a font file (Type 3 fonts are drawn, so they count as in)."""
    missing = set()
    for resources in resources_of(page):
        for font in (resources.get(Name.Font) or {}).values():
            if font.get(Name.Subtype) == Name.Type3:
                continue
            descendants = font.get(Name.DescendantFonts)
            target = descendants[0] if descendants else font
            descriptor = target.get(Name.FontDescriptor)
            if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.add(str(font.get(Name.BaseFont)))
    return missing


def streams_of(page) -> list[pikepdf.Object]:
    """The page's content and every form XObject it draws (each a stream object to parse)."""
    out = [page.obj]
    for resources in resources_of(page):
        out += [x for x in (resources.get(Name.XObject) or {}).values() if x.get(Name.Subtype) == Name.Form]
    return out


def rgb_uses(page) -> set[str]:
    """RGB colour on a page: rg/RG operators, RGB colour spaces or RGB images."""
    found = set()
    for stream in streams_of(page):
        for _, operator in pikepdf.parse_content_stream(stream):
            if str(operator) in RGB_OPERATORS:
                found.add(str(operator))
    for resources in resources_of(page):
        for space in (resources.get(Name.ColorSpace) or {}).values():
            name = str(space[0] if isinstance(space, pikepdf.Array) else space)
            if name in RGB_SPACES:
                found.add(name)
        for xobject in (resources.get(Name.XObject) or {}).values():
            if xobject.get(Name.Subtype) == Name.Image and str(xobject.get(Name.ColorSpace)) in RGB_SPACES:
                found.add("RGB image")
    return found


def transparency(page) -> set[str]:
    """Transparency a page uses: soft masks, groups, constant alpha below 1, blend modes."""
    found = set()
    if Name.Group in page.obj:
        found.add("page group")
    for resources in resources_of(page):
        for state in (resources.get(Name.ExtGState) or {}).values():
            if state.get(Name.SMask, Name.None_) != Name.None_:
                found.add("SMask")
            for key in (Name.CA, Name.ca):
                if float(state.get(key, 1)) < 1:
                    found.add(str(key))
            if state.get(Name.BM, Name.Normal) not in (Name.Normal, Name.Compatible):
                found.add("blend mode")
        for xobject in (resources.get(Name.XObject) or {}).values():
            if Name.SMask in xobject or Name.Group in xobject:
                found.add("soft-masked or grouped XObject")
    return found


def box(page, key: str) -> list[float] | None:
    value = page.obj.get(Name(key))
    return [float(v) for v in value] if value is not None else None


def inside(inner: list[float], outer: list[float], tolerance: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tolerance and inner[1] >= outer[1] - tolerance
            and inner[2] <= outer[2] + tolerance and inner[3] <= outer[3] + tolerance)


def pdfx_problems(path: Path, version: str) -> list[str]:
    """Every PDF/X requirement this project claims, checked on the document and on every page."""
    problems = []
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        if str(info.get(Name.GTS_PDFXVersion)) != version:
            problems.append(f"GTS_PDFXVersion {info.get(Name.GTS_PDFXVersion)!r}")
        if info.get(Name.Trapped) != Name("/False") or not str(info.get(Name.Title, "")):
            problems.append("Trapped or Title missing")
        if Name.ID not in pdf.trailer or Name.Encrypt in pdf.trailer:
            problems.append("no document ID, or encrypted")
        problems += [f"qpdf: {finding}" for finding in pdf.check_pdf_syntax()]
        meta = pdf.open_metadata()
        if meta.get("pdfxid:GTS_PDFXVersion") != version or not meta.get("xmp:CreateDate"):
            problems.append("XMP lacks the version or dates")
        intents = pdf.Root.get(Name.OutputIntents) or []
        pdfx = [i for i in intents if i.get(Name.S) == Name.GTS_PDFX]
        if len(pdfx) != 1 or not str(pdfx[0].get(Name.OutputConditionIdentifier, "")):
            problems.append("not exactly one GTS_PDFX OutputIntent with a condition identifier")
        else:
            icc = pdfx[0].DestOutputProfile
            header = icc.read_bytes()[:20]
            if int(icc.N) != 4 or header[12:16] != b"prtr" or header[16:20] != b"CMYK":
                problems.append(f"output profile is not a CMYK printer profile: {header[12:20]!r}")
        for number, page in enumerate(pdf.pages, 1):
            media, trim, bleed = box(page, "/MediaBox"), box(page, "/TrimBox"), box(page, "/BleedBox")
            if trim is None or bleed is None or not inside(trim, bleed) or not inside(bleed, media):
                problems.append(f"page {number}: boxes media {media} bleed {bleed} trim {trim}")
            for label, found in (("unembedded fonts", unembedded_fonts(page)), ("RGB", rgb_uses(page)),
                                 ("transparency", transparency(page))):
                if found:
                    problems.append(f"page {number}: {label} {sorted(found)}")
    return problems
