"""The ExtGState that overprinting black text names (see generator/draw/overprint.py), added with
pikepdf to each page and form of a written file that uses it."""
from __future__ import annotations

from pathlib import Path

from generator.draw.overprint import NAME


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
