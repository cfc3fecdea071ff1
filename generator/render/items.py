"""Turn a component's pieces into printable items (front and back bound to each copy)."""
from __future__ import annotations

from generator.model.game import ComponentSet
from generator.render.faces import FacePainter
from generator.render.imposition import Item


def items_for(component: ComponentSet, painter: FacePainter) -> list[Item]:
    items = []
    for piece, front, back in painter.sides(component):
        if front is None:
            return []
        values = painter.values(component, piece)
        item = Item(front, back, values, values, piece.label)
        items.extend([item] * piece.count)
    return items


def printable(components: list[ComponentSet], kinds: tuple[str, ...]) -> list[ComponentSet]:
    return [c for c in components if c.spec.kind in kinds and c.spec.face]
