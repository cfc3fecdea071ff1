"""Tabletop Simulator: deck sheets (up to 10 x 7 cards per image), a back image per deck sheet, and a
saved-object JSON whose ObjectStates hold one custom deck per card component."""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from PIL import Image
from pydantic import Field

from ..output import Produced
from .export_common import Design, Options, designs_of, export_components, final_dir, profile_options
from .export_raster import Raster, faces_pdf, images_of
from .faces import FacePainter
from .style import layouts_for_profile

if TYPE_CHECKING:
    from ..pipeline import Job

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_CARDS = MAX_COLUMNS * MAX_ROWS - 1   # TTS keeps the last cell of a full sheet for the hidden-card face


class TtsOptions(Options):
    max_sheet_px: int = Field(4096, ge=256, le=10000)  # TTS takes 10000 px a side; most GPUs 4096


def export_tts(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, TtsOptions)
    painter = FacePainter(job.edition.game, layouts_for_profile(job.layouts, job.profile), job.profile)
    folder, target = f"{job.stem}", final_dir(job.stage)
    (job.stage / folder).mkdir(parents=True, exist_ok=True)
    produced, objects, next_key = [], [], 1
    for number, component in enumerate(export_components(job, options.kinds)):
        fronts, backs, back_of = designs_of(component, painter)
        sheets = deck_sheets(fronts, backs, back_of)
        custom, deck_ids, cards = {}, [], []
        for sheet_fronts, back in sheets:
            key, next_key = next_key, next_key + 1
            cols, rows = grid(len(sheet_fronts))
            cell = cell_pixels(fronts[0].template.size, job.profile.dpi, cols, rows, options.max_sheet_px)
            raster = Raster(cell, job.profile.dpi, 0.0)
            faces = [(d, raster) for d in sheet_fronts] + ([(back, raster)] if back else [])
            # a fresh painter per canvas: FacePainter caches its forms by id(canvas), which can recur
            sheet_painter = FacePainter(job.edition.game, painter.layouts, job.profile)
            images = images_of(faces_pdf(faces, sheet_painter), [(i, cell, raster.dpi) for i in range(len(faces))])
            face_name = f"{folder}/{component.id}-{key}-faces.png"
            back_name = f"{folder}/{component.id}-{key}-back.png"
            compose(images[:len(sheet_fronts)], cols, rows, cell).save(job.stage / face_name, "PNG", compress_level=3)
            (images[-1] if back else Image.new("RGB", cell, "white")).save(job.stage / back_name, "PNG")
            produced += [Produced(face_name, "tts-sheet", job.profile.id, None, {
                             "component": component.id, "grid": [cols, rows], "cards": len(sheet_fronts),
                             "pixels": [cols * cell[0], rows * cell[1]]}),
                         Produced(back_name, "tts-back", job.profile.id, None, {
                             "component": component.id, "pixels": list(cell)})]
            entry = {"FaceURL": (target / face_name).as_uri(), "BackURL": (target / back_name).as_uri(),
                     "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            custom[str(key)] = entry
            for slot, design in enumerate(sheet_fronts):
                for _ in range(design.count):
                    card_id = key * 100 + slot
                    deck_ids.append(card_id)
                    cards.append(card_object(design, card_id, {str(key): entry}, len(cards)))
        objects.append(deck_object(component, custom, deck_ids, cards, number))
    name = f"{job.stem}.json"
    save = {"SaveName": f"{job.edition.game.title} ({job.edition.spec.title})", "GameMode": "", "Date": "",
            "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects,
            "TabStates": {}}
    (job.stage / name).write_text(json.dumps(save, indent=2) + "\n")
    produced.append(Produced(name, "tts", job.profile.id, None, {"decks": [o["Nickname"] for o in objects]}))
    return produced


def deck_sheets(fronts: list[Design], backs: list[Design], back_of: list[int]):
    """Cards sharing a back go on the same sheets (a CustomDeck has one back), at most MAX_CARDS each."""
    by_back: dict[int, list[Design]] = {}
    for design, back in zip(fronts, back_of):
        by_back.setdefault(back, []).append(design)
    out = []
    for back, designs in by_back.items():
        for start in range(0, len(designs), MAX_CARDS):
            out.append((designs[start:start + MAX_CARDS], backs[back] if back >= 0 else None))
    return out


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet; TTS's deck importer takes 2 to 10 columns and 2 to 7 rows."""
    cols = min(MAX_COLUMNS, max(2, count))
    return cols, max(2, -(-count // cols))


def cell_pixels(size: tuple[float, float], dpi: int, cols: int, rows: int, limit: int) -> tuple[int, int]:
    """A card's pixels at dpi, scaled down when the sheet would pass the limit on either side."""
    w, h = size[0] * dpi / 72, size[1] * dpi / 72
    shrink = min(1.0, limit / (cols * w), limit / (rows * h))
    return int(w * shrink), int(h * shrink)


def compose(images: list[Image.Image], cols: int, rows: int, cell: tuple[int, int]) -> Image.Image:
    sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
    for i, image in enumerate(images):
        row, col = divmod(i, cols)
        sheet.paste(image, (col * cell[0], row * cell[1]))
    return sheet


def guid(*parts) -> str:
    """TTS wants a six-hex-digit GUID per object; derived from content so builds are reproducible."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(x: float) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def card_object(design: Design, card_id: int, custom: dict, index: int) -> dict:
    return {"Name": "Card", "Transform": transform(0.0), "Nickname": design.label, "Description": "",
            "CardID": card_id, "CustomDeck": custom, "GUID": guid(design.component, design.name, index)}


def deck_object(component, custom: dict, deck_ids: list[int], cards: list[dict], number: int) -> dict:
    common = {"Transform": transform(number * 3.0), "Nickname": component.spec.name,
              "Description": component.spec.description or "", "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713},
              "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
              "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False, "GUID": guid(component.id)}
    if len(cards) == 1:  # a lone card is a card object, not a deck
        return {**cards[0], **common, "Name": "Card"}
    return {"Name": "DeckCustom", **common, "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": cards}
