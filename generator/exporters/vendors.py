"""Print-on-demand vendors' products as data (looks/vendors/<id>.yaml): which product a piece is, and
where its face sits on the vendor's canvas. A piece is never rescaled: it must match a product's trim."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.core.errors import UserError
from generator.model.layouts import Layouts, Length
from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.core.units import MM
from generator.exporters.common import Options


class VendorOptions(Options):
    """Profile options of the exporters that write a vendor's files."""

    vendor: str | None = None             # a table in looks/vendors/: tgc, mpc, ...
    trim_tolerance: Length | None = None  # overrides the vendor's tolerance (e.g. 1mm for 63 x 88 mm cards)


class Product(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    trim: tuple[Length, Length]                  # width and height of the cut piece (portrait)
    bleed: Length                                # printed past the trim on every edge
    safe: Length                                 # from the trim inwards: keep text inside this
    pixels: tuple[int, int]                      # upload size at the vendor's dpi, bleed included
    shape: Literal["rect", "round", "hex"] = "rect"


class Vendor(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    dpi: int = Field(300, ge=72, le=1200)
    tolerance: Length = 0.5 * MM                 # how far a piece's trim may differ from the product's
    products: dict[str, Product]


@dataclass(frozen=True)
class Placement:
    """A piece on a product's canvas: the canvas (points), where the face's top-left sits, and the
    bleed to paint around the face so the background reaches every edge."""

    product: str
    pixels: tuple[int, int]
    dpi: int
    page: tuple[float, float]
    trim: tuple[float, float]
    bleed: float
    offset: tuple[float, float]   # from the page's top-left corner to the face's, in points
    cover: float                  # background painted this far past the face on every side


def load_vendor(layouts: Layouts, vendor_id: str, profile_id: str) -> Vendor:
    """The vendor table named by a profile, from the latest looks layer that has it."""
    path = layouts.find(f"vendors/{vendor_id}.yaml")
    if path is None:
        source = load_yaml(layouts.profile_path(profile_id))
        raise source.error(("options", "vendor"), "a vendor table in a looks folder's vendors/ (tgc, mpc, ...)",
                           repr(vendor_id))
    source = load_yaml(path)
    vendor = validate(Vendor, source.data, source)
    for name, product in vendor.products.items():
        expected = [round((side + 2 * product.bleed) * vendor.dpi / 72) for side in product.trim]
        if any(abs(e - p) > 1 for e, p in zip(expected, product.pixels)):
            raise source.error(("products", name, "pixels"),
                               f"trim plus bleed at {vendor.dpi} DPI, {expected[0]} x {expected[1]} px",
                               f"{product.pixels[0]} x {product.pixels[1]} px")
    return vendor


def place(vendor: Vendor, size: tuple[float, float], shape: str, what: str,
          tolerance: float | None = None) -> Placement:
    """The product of the piece's shape whose trim matches its `size` (points), turned for a landscape piece."""
    tolerance = vendor.tolerance if tolerance is None else tolerance
    w, h = size
    landscape = w > h
    ranked = []
    for name, product in vendor.products.items():
        if product.shape != shape:
            continue
        tw, th = product.trim[::-1] if landscape else product.trim
        ranked.append((max(abs(tw - w), abs(th - h)), name, product, (tw, th)))
    ranked.sort(key=lambda r: r[0])
    if not ranked or ranked[0][0] > tolerance + 1e-6:
        nearest = ", ".join(f"{n} {_mm(t)}" for _, n, _, t in ranked[:3]) or f"none of shape {shape}"
        raise UserError(f"{what} is {_mm(size)} ({shape}), which matches no {vendor.name} product within "
                        f"{tolerance / MM:g} mm; nearest: {nearest}. Resize the piece's template, or raise the "
                        f"profile's trim_tolerance (the art is never rescaled)")
    _, name, product, trim = ranked[0]
    pixels = product.pixels[::-1] if landscape else product.pixels
    page = (pixels[0] * 72 / vendor.dpi, pixels[1] * 72 / vendor.dpi)
    offset = ((page[0] - w) / 2, (page[1] - h) / 2)
    return Placement(name, tuple(pixels), vendor.dpi, page, trim, product.bleed, offset, max(offset))


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0] / MM:.4g} x {size[1] / MM:.4g} mm"
