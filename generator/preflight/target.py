"""One file to check and what it is checked against: its vendor's table and product, or the usual
print minimums for a print-shop file made for no vendor in particular."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.exporters.vendors import Product, Vendor

# the usual print minimums, for files made for no vendor (the cmyk and pdfx4 profiles)
DEFAULT = Vendor(name="any print shop", colour="any", file_type="pdf", products={})


@dataclass(frozen=True)
class Target:
    path: Path                 # the file on disk
    name: str                  # relative to the output folder, as the manifest names it
    profile: str
    vendor_id: str | None
    vendor: Vendor
    product: Product | None
    cmyk: bool                 # the file must hold CMYK colour only
    entry: dict                # its manifest entry
