"""Resources of a form XObject that reportlab leaves out: a face is drawn once per file as a form, and
reportlab gives a form only fonts and the XObjects it uses, not the graphics states (opacity) or the
shadings (gradients) its content names. A form that uses them gets a full resource dictionary, built
as reportlab builds a page's; a form that does not is written exactly as before."""
from __future__ import annotations

from typing import Any

from reportlab.pdfbase.pdfdoc import PDFResourceDictionary


def end_form(c) -> None:
    """End the form being drawn on canvas ``c`` (see Canvas.beginForm) with the resources it names."""
    c.endForm(**_resources(c))


def _resources(c) -> dict[str, Any]:
    states, shadings = c._extgstate.getState(), c._shadingUsed
    if not states and not shadings:
        return {}
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if c._formsinuse:
        resources.XObject = c._doc.xobjDict(c._formsinuse)
    if states:
        resources.ExtGState = states
    resources.setShading(shadings)
    resources.setColorSpace(c._colorsUsed)
    return {"Resources": resources}
