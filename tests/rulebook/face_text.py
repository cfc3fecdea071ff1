"""Text printed on the pieces' faces in a built rulebook, measured against the art beneath it: each
line of a face's text (its letters' boxes as the PDF's text layer gives them, joined per line) and
the ground under it, read from the page rendered with its text made invisible. A line sits clear of
the art when, under its box and a small margin, almost every pixel is one colour: no edge of a
shape, figure or rim crosses it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DPI = 200
MARGIN = 0.4      # points round a line's letters that must be clear too
CROSSED = 0.01    # share of the box's pixels that may differ from its commonest colour (stray antialiasing)
STEP = 48         # 0-255: a pixel this far from the ground's colour in any channel is something else


@dataclass(frozen=True)
class FaceLine:
    page: int                                   # 1-based
    text: str
    box: tuple[float, float, float, float]      # left, bottom, right, top in points
    crossed: float                              # share of the box's pixels that are not its ground


def face_lines(pdf: Path, faces: dict[int, list[tuple[float, float, float, float]]]) -> list[FaceLine]:
    """Every line of text printed inside one of ``faces`` (0-based page -> each face's bounds, left,
    bottom, right, top), with how much of its box the art beneath it crosses."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw
    from PIL import Image, ImageChops
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    try:
        for index, bounds in faces.items():
            if not bounds:
                continue
            page = doc[index]
            text = page.get_textpage()
            chars = []
            for i in range(text.count_chars()):
                char = text.get_text_range(i, 1)
                if not char.strip():
                    continue
                box = text.get_charbox(i)
                middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                face = next((f for f in bounds if f[0] <= middle[0] <= f[2] and f[1] <= middle[1] <= f[3]), None)
                if face is not None:
                    chars.append((face, char, box))
            text.close()
            if not chars:
                continue
            for obj in page.get_objects(max_depth=16):
                if obj.type == raw.FPDF_PAGEOBJ_TEXT:
                    raw.FPDFTextObj_SetTextRenderMode(obj.raw, raw.FPDF_TEXTRENDERMODE_INVISIBLE)
            scale = DPI / 72
            image = page.render(scale=scale).to_pil().convert("RGB")
            left0, _, _, top0 = page.get_cropbox()
            for face, line, box in _lines(chars):
                x0, y0 = int((box[0] - MARGIN - left0) * scale), int((top0 - box[3] - MARGIN) * scale)
                x1, y1 = int((box[2] + MARGIN - left0) * scale) + 1, int((top0 - box[1] + MARGIN) * scale) + 1
                crop = image.crop((x0, y0, x1, y1))
                count = crop.width * crop.height
                ground = max(crop.getcolors(count))[1]
                apart = ImageChops.difference(crop, Image.new("RGB", crop.size, ground))
                r, g, b = apart.split()
                widest = ImageChops.lighter(ImageChops.lighter(r, g), b)   # each pixel's largest channel difference
                far = sum(widest.point(lambda v: 255 if v > STEP else 0).histogram()[255:])
                out.append(FaceLine(index + 1, line, box, far / count))
    finally:
        doc.close()
    return out


def _lines(chars: list) -> list:
    """The characters of each face joined into lines, in the order the page prints them: the same
    face, overlapping heights, each letter starting near where the last one ended."""
    lines: list = []
    for face, char, box in chars:
        if lines:
            last_face, text, (l, b, r, t) = lines[-1]
            if last_face == face and box[1] < t and b < box[3] and -1 < box[0] - r < 0.6 * (t - b) + 1:
                lines[-1] = (face, text + char, (min(l, box[0]), min(b, box[1]), max(r, box[2]), max(t, box[3])))
                continue
        lines.append((face, char, box))
    return lines
