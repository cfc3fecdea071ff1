"""Overprinting black text: the text's `gs` names an ExtGState with /op and /OPM set, which the
print-shop exporter adds to the resources of each page and form that uses it once the file is
written (reportlab leaves the ExtGState of a form XObject out of the form's resources, so its own
cannot be used)."""
from __future__ import annotations

NAME = "PnpOverprint"


def overprint_from_here(c) -> None:
    """Fills after this point (until the graphics state is restored) overprint."""
    c.addLiteral(f"/{NAME} gs")
    c.__dict__["_pnp_overprint"] = True


def used(c) -> bool:
    return bool(c.__dict__.get("_pnp_overprint"))
