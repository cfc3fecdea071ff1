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
    kinds: tuple[str, ...] = ("card",)           # the component kinds this product is made for


class Vendor(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    dpi: int = Field(300, ge=72, le=1200)
    tolerance: Length = 0.5 * MM                 # how far a piece's trim may differ from the product's
    colour: Literal["rgb", "cmyk", "any"] = "any"  # the colour space the vendor's files must be in
    file_type: Literal["png", "pdf"] = "png"     # what the uploader takes: an image per face, or a PDF per deck
    pdf_standard: Literal["x-1a", "x-4"] | None = None  # the PDF/X version a PDF must follow
    ink_limit: int | None = Field(None, ge=100, le=400)  # total area coverage, percent; None: none stated
    min_image_dpi: int = Field(300, ge=72)       # placed images below this at their printed size fail
    min_text_pt: float = Field(6, gt=0)          # text smaller than this (points) fails
    min_line_pt: float = Field(0.25, gt=0)       # strokes thinner than this (points) fail
    page_order: Literal["front-back", "back-front", "fronts-then-backs"] = "front-back"  # pages in a deck PDF
    # an upload file's name (no extension) from {component} {side} {SIDE} {name} {count} {product}
    naming: str = Field("{component}-{side}-{name}", max_length=120,
                        pattern=r"^(?:[A-Za-z0-9_.-]|\{(?:component|side|SIDE|name|count|product)\})+$")
    max_files: int | None = Field(None, ge=1)    # files one upload takes, None: no limit stated
    products: dict[str, Product]


class NoProduct(UserError):
    """A piece whose size and shape match none of a vendor's products."""


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
          tolerance: float | None = None, kind: str | None = None) -> Placement:
    """The product of the piece's shape (and kind, when given) whose trim matches its `size` (points),
    turned for a landscape piece; a NoProduct error names the nearest products when none does."""
    tolerance = vendor.tolerance if tolerance is None else tolerance
    w, h = size
    landscape = w > h
    ranked = []
    for name, product in vendor.products.items():
        if product.shape != shape or (kind is not None and kind not in product.kinds):
            continue
        turned = (product.trim[0] > product.trim[1]) != landscape
        tw, th = product.trim[::-1] if turned else product.trim
        ranked.append((max(abs(tw - w), abs(th - h)), name, product, (tw, th)))
    ranked.sort(key=lambda r: r[0])
    if not ranked:
        raise NoProduct(f"{what} is {_mm(size)} ({shape}): {vendor.name} makes no {shape} "
                        f"{kind or 'piece'}s" if kind else
                        f"{what} is {_mm(size)} ({shape}), which matches no {vendor.name} product; "
                        f"nearest: none of shape {shape}")
    if ranked[0][0] > tolerance + 1e-6:
        nearest = ", ".join(f"{n} {_mm(t)}" for _, n, _, t in ranked[:3])
        raise NoProduct(f"{what} is {_mm(size)} ({shape}), which matches no {vendor.name} product within "
                        f"{tolerance / MM:g} mm; nearest: {nearest}. Resize the piece's template, or raise the "
                        f"profile's trim_tolerance (the art is never rescaled)")
    _, name, product, trim = ranked[0]
    pixels = product.pixels[::-1] if (product.trim[0] > product.trim[1]) != landscape else product.pixels
    page = (pixels[0] * 72 / vendor.dpi, pixels[1] * 72 / vendor.dpi)
    offset = ((page[0] - w) / 2, (page[1] - h) / 2)
    return Placement(name, tuple(pixels), vendor.dpi, page, trim, product.bleed, offset, max(offset))


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0] / MM:.4g} x {size[1] / MM:.4g} mm"
