"""What the exporters share: checked profile options, the distinct designs of a component, file names."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ConfigDict

from generator.model.game import ComponentSet
from generator.model.layouts import Layouts, Profile, Template
from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.model.expressions import strip_expressions
from generator.draw.bindings import references, text_references
from generator.render.bound import expression_names
from generator.render.faces import FacePainter

if TYPE_CHECKING:
    from generator.exporters.registry import Job

O = TypeVar("O", bound=BaseModel)


class Options(BaseModel):
    """Base of each exporter's `options:` schema; unknown keys are typos and are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)  # as every model field
    kinds: list[str] = ["card"]    # which component kinds this profile exports


def profile_options(layouts: Layouts, profile: Profile, model: type[O]) -> O:
    """The profile's options checked against the exporter's schema; errors name the file and line."""
    source = load_yaml(layouts.profile_path(profile.id))
    return validate(model, dict(profile.options), source, ("options",))


@dataclass
class Design:
    """One distinct face to draw: a template with the values bound to it, and how many copies use it."""

    component: str
    side: str              # face or back
    template: Template
    values: dict
    count: int
    name: str              # file-name stem, unique within its component
    label: str             # what a person calls it


def used_fields(template: Template) -> set[str]:
    """Fields a template reads: `$field` values, `{field}` placeholders and names in `{{ ... }}`."""
    names: set[str] = set()
    for element in template.elements.values():
        for key, value in element.model_dump().items():
            names.update(references(value))
            names.update(expression_names(value))
            if key == "text":
                names.update(text_references(strip_expressions(value)))
    return names


MAX_STEM = 40  # characters of a file name taken from a label


def slug(text: str) -> str:
    """A short, safe file-name stem: lower-case letters, digits and dashes, at most MAX_STEM long."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:MAX_STEM].strip("-") or "x"


def designs_of(component: ComponentSet, painter: FacePainter) -> tuple[list[Design], list[Design], list[int]]:
    """Distinct fronts (one per piece), distinct backs, and for each front the index of its back (-1: none)."""
    fronts: list[Design] = []
    backs: dict[tuple, Design] = {}
    back_of: list[int] = []
    for piece, front_t, back_t in painter.sides(component):
        values = painter.values(component, piece)
        title = piece.label
        fronts.append(Design(component.id, "face", front_t, values, piece.count,
                             f"{piece.index + 1:02d}-{slug(title)}", title))
        if back_t is None:
            back_of.append(-1)
            continue
        key = (back_t.id, *(str(values.get(f)) for f in sorted(used_fields(back_t))))
        if key not in backs:
            parts = list(dict.fromkeys(slug(k) for k in key[1:] if k != "None"))  # set, set_name: one word
            if back_t.id != (component.spec.back or back_t.id):
                parts.insert(0, slug(back_t.id))
            backs[key] = Design(component.id, "back", back_t, values, 0, "-".join(["back", *parts]),
                                f"back ({' '.join(parts)})" if parts else "back")
        backs[key].count += piece.count
        back_of.append(list(backs).index(key))
    return fronts, list(backs.values()), back_of


def final_dir(stage: Path) -> Path:
    """The output folder a staging folder will be moved into (see generator.core.output.staging).

    Files that must name their own final location need it before the move; staging names its
    folder '.<name>-<random>' beside the target. (The TTS save names its images relatively instead.)
    """
    return stage.parent / stage.name[1:].rsplit("-", 1)[0]


def export_components(job: "Job", kinds: list[str]) -> list[ComponentSet]:
    """The printable components of `kinds`; every other printable one is recorded as skipped."""
    chosen = []
    for component in job.edition.components:
        if not component.spec.face:
            continue  # bought or supplied pieces: nothing to print
        if component.spec.kind in kinds:
            chosen.append(component)
        else:
            job.skip(component, f"profile '{job.profile.id}' takes {', '.join(kinds)} pieces, "
                                f"not {component.spec.kind} pieces (options.kinds)")
    return chosen
