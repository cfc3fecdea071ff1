"""The preflight report: JSON for scripts, an HTML page in the proof page's style for people, and
for every location-based finding that is not a pass, a thumbnail with the place marked."""
from __future__ import annotations

import html
import json
from pathlib import Path

from generator.preflight.geometry import trim_mm, where
from generator.preflight.rows import Row, worst

THUMB_DPI = 72


def report_names(game: str, edition: str) -> tuple[str, str, str]:
    stem = f"{game}-{edition}-preflight"
    return f"{stem}.html", f"{stem}.json", stem


def write_report(out_dir: Path, game: str, edition: str, rows: list[Row]) -> list[str]:
    """Writes the report into out_dir; returns the paths written, relative to out_dir."""
    page_name, json_name, folder = report_names(game, edition)
    written = []
    for index, row in enumerate(rows):
        if row.box_pt and row.page and row.status != "pass":
            row.where_mm = row.where_mm or _where_mm(out_dir / row.file, row)
            thumb = f"{folder}/{index:03d}.png"
            if _thumbnail(out_dir / row.file, row, out_dir / thumb):
                row.thumbnail = thumb
                written.append(thumb)
    data = {"game": game, "edition": edition, "status": worst(rows),
            "counts": {s: sum(r.status == s for r in rows) for s in ("pass", "warn", "fail")},
            "rows": [r.as_dict() for r in rows]}
    (out_dir / json_name).write_text(json.dumps(data, indent=2) + "\n")
    (out_dir / page_name).write_text(_html(game, edition, rows, data), encoding="utf-8")
    return [page_name, json_name, *written]


def _trim_and_height(path: Path, page: int) -> tuple[tuple, float]:
    if path.suffix == ".pdf":
        import pikepdf
        with pikepdf.open(path) as pdf:
            obj = pdf.pages[page - 1].obj
            trim = [float(v) for v in (obj.get("/TrimBox") or obj.MediaBox)]
            return tuple(trim), float(obj.MediaBox[3])
    from PIL import Image
    with Image.open(path) as image:
        dpi = image.info.get("dpi", (300, 300))[0] or 300
        w, h = (v * 72 / dpi for v in image.size)
    return (0, 0, w, h), h


def _where_mm(path: Path, row: Row) -> list[float]:
    trim, _ = _trim_and_height(path, row.page)
    return trim_mm(tuple(row.box_pt), trim)


def _thumbnail(path: Path, row: Row, dest: Path) -> bool:
    """The page (or PNG) small, with a red frame around the place."""
    from PIL import Image, ImageDraw
    _, height = _trim_and_height(path, row.page)
    scale = THUMB_DPI / 72
    if path.suffix == ".pdf":
        import pypdfium2 as pdfium
        document = pdfium.PdfDocument(str(path))
        try:
            image = document[row.page - 1].render(scale=scale).to_pil().convert("RGB")
        finally:
            document.close()
    else:
        with Image.open(path) as source:
            w, h = source.size
            image = source.convert("RGB").resize((max(1, round(w * 72 / 300 * scale)),
                                                  max(1, round(h * 72 / 300 * scale))))
    x0, y0, x1, y1 = row.box_pt
    w, h = image.size
    frame = (max(1, x0 * scale - 3), max(1, (height - y1) * scale - 3), min(w - 2, x1 * scale + 3),
             min(h - 2, (height - y0) * scale + 3))
    ImageDraw.Draw(image).rectangle(frame, outline=(220, 0, 0), width=2)
    dest.parent.mkdir(parents=True, exist_ok=True)
    image.save(dest, optimize=False)
    return True


STYLE = """
  body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 2rem; color: #2b2118; background: #faf8f2; }
  h1 { margin-bottom: 0.2rem; }
  .status { display: inline-block; padding: 0.1rem 0.6rem; border-radius: 0.3rem; color: #fff; }
  .pass { background: #2f7d4a; } .warn { background: #b08514; } .fail { background: #a32020; }
  table { border-collapse: collapse; margin: 1rem 0; background: #fff; }
  th, td { border: 1px solid #ddd; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; font-size: 0.85rem; }
  th { background: #f1ebdc; }
  tr.row-fail td.measured { color: #a32020; font-weight: bold; } tr.row-warn td.measured { color: #8a6a12; }
  tr.row-pass { color: #555; }
  td img { box-shadow: 0 1px 4px rgba(0, 0, 0, 0.35); border-radius: 3px; }
  code { font-size: 0.8rem; }
"""


def _html(game: str, edition: str, rows: list[Row], data: dict) -> str:
    e = html.escape
    counts = data["counts"]
    out = [f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<link rel=\"icon\" href=\"data:,\">",
           f"<title>Preflight: {e(game)} ({e(edition)})</title>\n<style>{STYLE}</style>\n</head>\n<body>",
           f"<h1>Preflight: {e(game)}</h1>",
           f"<p>Edition <code>{e(edition)}</code>: {counts['fail']} failed, {counts['warn']} warnings, "
           f"{counts['pass']} passed <span class=\"status {data['status']}\">{data['status']}</span></p>",
           "<p>Every check measures the files as written: ink coverage from Ghostscript's separations, "
           "resolution, text sizes and line widths from the PDF's content; the contrast of the text on "
           "each face as its profile paints it, against the ground rendered under it.</p>"]
    files = list(dict.fromkeys(r.file for r in rows))
    problems = [r for r in rows if r.status != "pass"]
    if problems:
        out.append("<section id=\"summary\"><h2>To fix</h2><ul>")
        out += [f"<li><span class=\"status {r.status}\">{r.status}</span> <a href=\"#file-{files.index(r.file)}\">"
                f"{e(r.file)}</a>: {e(r.check)}: {e(r.measured)} (limit: {e(r.limit)})</li>" for r in problems]
        out.append("</ul></section>")
    for number, name in enumerate(files):
        mine = [r for r in rows if r.file == name]
        link = f"<a href=\"{e(name)}\">{e(name)}</a>" if " " not in name else e(name)   # a file, or a group of them
        out.append(f"<section id=\"file-{number}\"><h2>{link} <span class=\"status {worst(mine)}\">{worst(mine)}</span></h2>")
        out.append("<table><tr><th>check</th><th>status</th><th>measured</th><th>limit</th><th>where</th></tr>")
        for r in mine:
            place = e(where(r.where_mm)) if r.where_mm else (f"page {r.page}" if r.page else "")
            thumb = f"<br><img src=\"{e(r.thumbnail)}\" alt=\"{e(r.check)} on {e(name)}\">" if r.thumbnail else ""
            detail = "".join(f"<br>{e(d)}" for d in r.detail)
            out.append(f"<tr class=\"row-{r.status}\"><td>{e(r.check)}</td><td><span class=\"status {r.status}\">"
                       f"{r.status}</span></td><td class=\"measured\">{e(r.measured)}{detail}</td>"
                       f"<td>{e(r.limit)}</td><td>{place}{thumb}</td></tr>")
        out.append("</table></section>")
    out.append("</body>\n</html>\n")
    return "\n".join(out)
