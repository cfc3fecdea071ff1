"""Overprinting black text: the text's `gs` names an ExtGState with /op and /OPM set, which pikepdf
adds to the resources of each page and form that uses it once the file is written (reportlab
leaves the ExtGState of a form XObject out of the form's resources, so its own cannot be used)."""
from __future__ import annotations

from pathlib import Path

NAME = "PnpOverprint"


def overprint_from_here(c) -> None:
    """Fills after this point (until the graphics state is restored) overprint."""
    c.addLiteral(f"/{NAME} gs")
    c.__dict__["_pnp_overprint"] = True


def used(c) -> bool:
    return bool(c.__dict__.get("_pnp_overprint"))


def register(path: Path) -> None:
    """Give every page and form that sets the overprint state its ExtGState resource."""
    from generator.render.pdfx import require_pikepdf
    pikepdf = require_pikepdf()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        state = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, op=True, OP=True, OPM=1))
        for page in pdf.pages:
            for holder in [page.obj, *_forms(page.obj)]:
                if f"/{NAME}".encode() in _content(holder):
                    if "/Resources" not in holder:
                        holder.Resources = pikepdf.Dictionary()
                    if "/ExtGState" not in holder.Resources:
                        holder.Resources.ExtGState = pikepdf.Dictionary()
                    holder.Resources.ExtGState[f"/{NAME}"] = state
        pdf.save(path, deterministic_id=True, fix_metadata_version=False)


def _forms(holder, seen=None):
    seen = set() if seen is None else seen
    for xobject in dict(holder.get("/Resources", {}).get("/XObject", {})).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield xobject
            yield from _forms(xobject, seen)


def _content(holder) -> bytes:
    import pikepdf
    if isinstance(holder, pikepdf.Stream):
        return holder.read_bytes()
    contents = holder.get("/Contents")
    if contents is None:
        return b""
    parts = contents if isinstance(contents, pikepdf.Array) else [contents]
    return b"".join(p.read_bytes() for p in parts)
