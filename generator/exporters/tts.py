"""Tabletop Simulator: a saved-object JSON and the images it names.

Cards become custom decks: one deck per back design holding every card that shares it, its faces on
sheets of up to 10 x 7 cards, marked sideways when the card is landscape. Tokens and tiles become
two-sided custom tiles (round, hex or square as their template's shape), one object per copy.
Everything lies face down. Images are named relative to the JSON (the folder can move), or as URLs
under a base URL where the images are hosted."""
from __future__ import annotations

import hashlib
import itertools
import json
from typing import TYPE_CHECKING, Iterator
from urllib.parse import quote

from PIL import Image
from pydantic import Field

from generator.core.output import Produced
from generator.exporters.common import Design, Options, designs_of, export_components, profile_options
from generator.exporters.raster import Raster, faces_pdf, images_of, raster_for, rasterise
from generator.render.faces import FacePainter
from generator.render.style import layouts_for_profile

if TYPE_CHECKING:
    from generator.model.game import ComponentSet
    from generator.exporters.registry import Job

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_CARDS = MAX_COLUMNS * MAX_ROWS - 1   # TTS keeps the last cell of a full sheet for the hidden-card face
TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}   # CustomTile.Type: box, hex, circle
URL = r"^https?://[^\s]+$"


class TtsOptions(Options):
    kinds: list[str] = ["card", "token", "tile"]
    max_sheet_px: int = Field(4096, ge=256, le=10000)  # TTS takes 10000 px a side; most GPUs 4096
    base_url: str | None = Field(None, pattern=URL)     # where the images will be hosted; else relative paths


class TtsBuild:
    """One TTS export in progress: the images written so far and the objects that name them."""

    def __init__(self, job: "Job", options: TtsOptions):
        self.job, self.options = job, options
        self.base = job.base_url or options.base_url
        self.folder = job.stem
        self.painter = FacePainter(job.edition.game, layouts_for_profile(job.layouts, job.profile), job.profile,
                                   edition=job.edition)
        self.produced: list[Produced] = []
        self.objects: list[dict] = []
        self.sheet_keys: Iterator[int] = itertools.count(1)

    def url(self, relative: str) -> str:
        """How the save names an image: relative to the JSON, or under the base URL."""
        return f"{self.base.rstrip('/')}/{quote(relative)}" if self.base else relative

    def fresh_painter(self) -> FacePainter:
        # FacePainter caches its forms by id(canvas), which can recur between canvases
        return FacePainter(self.job.edition.game, self.painter.layouts, self.job.profile, edition=self.job.edition)

    def place(self) -> dict:
        return transform(len(self.objects) * 3.0)

    # ------------------------------------------------------------ cards

    def add_cards(self, component: "ComponentSet") -> None:
        fronts, backs, back_of = designs_of(component, self.painter)
        groups: dict[int, list[Design]] = {}
        for design, back in zip(fronts, back_of):
            groups.setdefault(back, []).append(design)
        for back, designs in groups.items():
            back_design = backs[back] if back >= 0 else None
            name = component.spec.name + (f", {back_design.label}" if len(groups) > 1 and back_design else "")
            custom, ids, cards = {}, [], []
            for start in range(0, len(designs), MAX_CARDS):
                key = next(self.sheet_keys)
                entry = self.write_sheet(component, key, designs[start:start + MAX_CARDS], back_design)
                custom[str(key)] = entry
                for slot, design in enumerate(designs[start:start + MAX_CARDS]):
                    for _ in range(design.count):
                        ids.append(key * 100 + slot)
                        cards.append(card_object(design, ids[-1], {str(key): entry}, len(cards), self.place()))
            sideways = fronts[0].template.size[0] > fronts[0].template.size[1]
            self.objects.append(deck_object(component, name, custom, ids, cards, self.place(), sideways))

    def write_sheet(self, component, key: int, designs: list[Design], back: Design | None) -> dict:
        cols, rows = grid(len(designs))
        dpi = self.job.profile.dpi
        cell = cell_pixels(designs[0].template.size, dpi, cols, rows, self.options.max_sheet_px)
        raster = Raster(cell, dpi, 0.0)
        faces = [(d, raster) for d in designs] + ([(back, raster)] if back else [])
        images = images_of(faces_pdf(faces, self.fresh_painter()), [(i, cell, dpi) for i in range(len(faces))])
        face_name = f"{self.folder}/{component.id}-{key}-faces.png"
        back_name = f"{self.folder}/{component.id}-{key}-back.png"
        compose(images[:len(designs)], cols, rows, cell).save(self.job.stage / face_name, "PNG", compress_level=3)
        (images[-1] if back else Image.new("RGB", cell, "white")).save(self.job.stage / back_name, "PNG")
        self.produced += [
            Produced(face_name, "tts-sheet", self.job.profile.id, None, {
                "component": component.id, "grid": [cols, rows], "cards": len(designs),
                "pixels": [cols * cell[0], rows * cell[1]]}),
            Produced(back_name, "tts-back", self.job.profile.id, None, {"component": component.id,
                                                                        "pixels": list(cell)})]
        return {"FaceURL": self.url(face_name), "BackURL": self.url(back_name), "NumWidth": cols,
                "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}

    # ------------------------------------------------------------ tokens and tiles

    def add_tiles(self, component: "ComponentSet") -> None:
        fronts, backs, back_of = designs_of(component, self.painter)
        designs = fronts + backs
        rasters = [raster_for(d.template.size, self.job.profile.dpi, 0.0) for d in designs]
        names = [f"{self.folder}/{component.id}/{d.name}.png" for d in designs]
        (self.job.stage / self.folder / component.id).mkdir(parents=True, exist_ok=True)
        pdf = faces_pdf(list(zip(designs, rasters)), self.fresh_painter())
        rasterise(pdf, [(i, r.pixels, r.dpi, self.job.stage / n) for i, (r, n) in enumerate(zip(rasters, names))])
        self.produced += [Produced(n, "tts-tile", self.job.profile.id, None, {
            "component": component.id, "side": d.side, "label": d.label, "pixels": list(r.pixels)})
            for d, r, n in zip(designs, rasters, names)]
        for index, front in enumerate(fronts):
            back = names[len(fronts) + back_of[index]] if back_of[index] >= 0 else names[index]
            spot = self.place()
            for copy in range(front.count):
                self.objects.append(tile_object(component, front, self.url(names[index]), self.url(back),
                                                copy, spot))


def export_tts(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, TtsOptions)
    build = TtsBuild(job, options)
    (job.stage / build.folder).mkdir(parents=True, exist_ok=True)
    for component in export_components(job, options.kinds):
        if component.spec.kind == "card":
            build.add_cards(component)
        else:
            build.add_tiles(component)
    name = f"{job.stem}.json"
    save = {"SaveName": f"{job.edition.game.title} ({job.edition.spec.title})", "GameMode": "", "Date": "",
            "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": build.objects,
            "TabStates": {}}
    (job.stage / name).write_text(json.dumps(save, indent=2) + "\n")
    return build.produced + [Produced(name, "tts", job.profile.id, None, {
        "objects": [o["Nickname"] for o in build.objects if o["Name"] != "Custom_Tile"],
        "base_url": build.base or None})]


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


def transform(x: float, y: float = 1.0) -> dict:
    """Face down (turned 180 degrees about the table's z axis), at x along the table."""
    return {"posX": x, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def common(component, name: str, place: dict, key: str) -> dict:
    return {"Transform": place, "Nickname": name, "Description": component.spec.description or "",
            "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713}, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "HideWhenFaceDown": True, "Hands": True,
            "GUID": guid(component.id, key)}


def card_object(design: Design, card_id: int, custom: dict, index: int, place: dict) -> dict:
    return {"Name": "Card", "Transform": place, "Nickname": design.label, "Description": "",
            "CardID": card_id, "CustomDeck": custom, "GUID": guid(design.component, design.name, index)}


def deck_object(component, name: str, custom: dict, ids: list[int], cards: list[dict], place: dict,
                sideways: bool) -> dict:
    shared = {**common(component, name, place, name), "SidewaysCard": sideways}
    if len(cards) == 1:  # a lone card is a card object, not a deck
        return {**cards[0], **shared, "Name": "Card"}
    for card in cards:
        card["SidewaysCard"] = sideways
    return {"Name": "DeckCustom", **shared, "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": cards}


def tile_object(component, design: Design, face: str, back: str, copy: int, place: dict) -> dict:
    stacked = {**place, "posY": place["posY"] + 0.2 * copy}   # copies stacked on one spot
    return {**common(component, design.label, stacked, f"{design.name}/{copy}"), "Name": "Custom_Tile",
            "Hands": False, "CustomImage": {
                "ImageURL": face, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": TILE_TYPES.get(design.template.shape, 0), "Thickness": 0.1,
                               "Stackable": True, "Stretch": True}}}
