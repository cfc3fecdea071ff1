"""Every font embedded, and embedded as a subset (a subset's name starts with six capitals and '+')."""
from __future__ import annotations

import re

from generator.preflight.rows import Row
from generator.preflight.target import Target

_SUBSET = re.compile(r"^/?[A-Z]{6}\+")


def font_rows(target: Target, pdf) -> list[Row]:
    missing, whole, names = [], [], set()
    seen: set = set()
    for number, page in enumerate(pdf.pages, 1):
        for font in _fonts(page.obj, seen):
            name = str(font.get("/BaseFont", "?"))
            if name in names:
                continue
            names.add(name)
            if str(font.get("/Subtype")) == "/Type3":
                continue
            descriptor = _descriptor(font)
            if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.append(f"{name} (page {number})")
            elif not _SUBSET.match(name):
                whole.append(name)
    if missing:
        return [Row(target.name, "fonts", "fail", f"not embedded: {', '.join(missing)}", "every font embedded")]
    if whole:
        return [Row(target.name, "fonts", "warn", f"embedded whole, not subset: {', '.join(whole)}",
                    "every font embedded as a subset")]
    return [Row(target.name, "fonts", "pass", f"{len(names)} fonts, all embedded subsets" if names else "no fonts",
                "every font embedded as a subset")]


def _fonts(holder, seen: set):
    resources = holder.get("/Resources", {})
    for font in dict(resources.get("/Font", {})).values():
        yield font
    for xobject in dict(resources.get("/XObject", {})).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield from _fonts(xobject, seen)


def _descriptor(font):
    if str(font.get("/Subtype")) == "/Type0":
        descendants = font.get("/DescendantFonts")
        return descendants[0].get("/FontDescriptor") if descendants else None
    return font.get("/FontDescriptor")
