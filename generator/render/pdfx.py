"""PDF/X: turn a finished CMYK print-shop PDF into PDF/X-1a:2003 or PDF/X-4 with pikepdf (qpdf).

reportlab writes the pages (DeviceCMYK colour, embedded TrueType subsets, no transparency, TrimBox
and BleedBox); this adds what the standard asks of the document: an OutputIntent carrying the ICC
profile of the press condition, GTS_PDFXVersion and /Trapped in the document information, XMP
metadata that agrees with it, a document ID and the version of PDF the standard is based on.
"""
from __future__ import annotations

import uuid
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from generator.core.errors import UserError

# reportlab's invariant mode dates every file 2000-01-01; the XMP must give the same instant
FIXED_DATE = "2000-01-01T00:00:00+00:00"
VERSIONS = {"x-1a": ("PDF/X-1a:2003", "1.4"), "x-4": ("PDF/X-4", "1.6")}


class OutputIntent(BaseModel):
    """The press condition the file is made for: an ICC output profile and how to name it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    icc: str = "icc/default_cmyk.icc"          # a file in the looks (built-in, project or game layer)
    condition: str = "Artifex CMYK SWOP"       # OutputConditionIdentifier
    info: str = "Generic SWOP-like web offset (Ghostscript's default_cmyk.icc)"
    registry: str | None = None                # e.g. http://www.color.org for a registered condition


def require_pikepdf():
    """pikepdf, an optional dependency: a clear message, before anything is written, when it is missing."""
    try:
        import pikepdf
    except ImportError:
        raise UserError("PDF/X files need pikepdf: pip install 'pnp-generator[pdfx]'") from None
    return pikepdf


def make_pdfx(path: Path, standard: Literal["x-1a", "x-4"], intent: OutputIntent, icc: bytes) -> None:
    """Rewrite the PDF at path in place as the standard requires."""
    pikepdf = require_pikepdf()
    Name = pikepdf.Name
    version, pdf_version = VERSIONS[standard]
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        profile = pdf.make_stream(icc, N=4, Alternate=Name.DeviceCMYK)
        entry = pikepdf.Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, DestOutputProfile=profile,
                                   OutputConditionIdentifier=intent.condition, Info=intent.info)
        if intent.registry:
            entry.RegistryName = intent.registry
        pdf.Root.OutputIntents = pikepdf.Array([entry])
        pdf.docinfo[Name.GTS_PDFXVersion] = version
        pdf.docinfo[Name.Trapped] = Name("/False")
        write_xmp(pdf, version)
        pdf.save(path, force_version=pdf_version, deterministic_id=True, fix_metadata_version=False,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)


def write_xmp(pdf, version: str) -> None:
    """XMP metadata agreeing with the document information, as PDF/X asks (X-4 requires it)."""
    info = pdf.docinfo
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = str(info.get("/Title", ""))
        meta["dc:creator"] = [str(info.get("/Author", "pnp-generator"))]
        meta["xmp:CreatorTool"] = str(info.get("/Creator", "pnp-generator"))
        meta["pdf:Producer"] = str(info.get("/Producer", "pnp-generator"))
        for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            meta[key] = FIXED_DATE
        meta["pdf:Trapped"] = "False"
        # PDF/X-4 asks for the document's identity in XMP too; derived from the title, so rebuilds agree
        meta["xmpMM:DocumentID"] = f"uuid:{uuid.uuid5(uuid.NAMESPACE_URL, meta['dc:title'])}"
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdfxid:GTS_PDFXVersion"] = version
