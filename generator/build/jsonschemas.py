"""JSON Schemas for every YAML file kind, generated from the same pydantic models the loader uses, so
an editor with a YAML language server completes keys and flags mistakes as you type.

`pnpkit schema` writes them (into the project's `.pnpkit/schemas/` by default); the package ships
the same files in `generator/schemas/`, and a test keeps those equal to freshly generated ones.
"""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from generator.core.files import refusal, write_atomically

SHIPPED = Path(str(resources.files("generator") / "schemas"))  # package data
KINDS = ("game", "edition", "pieces", "glyphs", "icons", "style", "template", "profile", "rulebook",
         "rulebook-styles", "rule-wordings", "rule-terms", "rule-examples", "rule-diagrams", "vendor")


def schema_for(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one file kind."""
    from generator.elements import AnyElement
    from generator.model.layouts import IconFile, Profile, StyleLayer, TemplateFile
    from generator.model.schema import MAX_COUNT, EditionFile, GameFile, GlyphFile
    from generator.rulebook.config import RulebookConfig
    from generator.exporters.vendors import Vendor
    from generator.rulebook.settings import StyleSheetLayer
    from generator.rulebook.terms import Terms
    from generator.rulebook.wordings import Wordings

    models = {"game": GameFile, "edition": EditionFile, "glyphs": GlyphFile, "icons": IconFile,
              "style": StyleLayer, "profile": Profile, "rulebook": RulebookConfig,
              "rulebook-styles": StyleSheetLayer, "rule-wordings": Wordings, "rule-terms": Terms,
              "template": TemplateFile,
              "vendor": Vendor}
    if kind == "pieces":
        schema = _pieces_schema(MAX_COUNT)
    elif kind == "rule-examples":
        from generator.rulebook.examples import Example
        example = Example.model_json_schema()
        schema = {"type": "object", "description": "worked examples by name", "$defs": example.pop("$defs", {}),
                  "additionalProperties": example}
    elif kind == "rule-diagrams":
        from generator.rulebook.diagrams import DiagramFile
        schema = DiagramFile.model_json_schema(by_alias=True)
    elif kind == "template":
        schema = _template_schema(TemplateFile, TypeAdapter(AnyElement).json_schema())
    else:
        schema = models[kind].model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"pnpkit {kind} file", **schema}


def _pieces_schema(max_count: int) -> dict[str, Any]:
    """A list of pieces: field values by name (the component's fields decide which) and a count."""
    value = {"type": ["string", "number", "integer"]}
    return {"type": "array", "items": {
        "type": "object", "properties": {"count": {"type": "integer", "minimum": 1, "maximum": max_count}},
        "additionalProperties": value}}


def _template_schema(model: Any, elements: dict[str, Any]) -> dict[str, Any]:
    """Template elements are one schema per element kind; an element without `kind` overrides keys of
    the element of the same name in the template it extends, so it may set any element key."""
    schema = model.model_json_schema()
    defs = {**schema.pop("$defs", {}), **elements.pop("$defs", {})}
    every_key: dict[str, Any] = {}
    for definition in defs.values():
        if "kind" in definition.get("properties", {}):
            every_key.update({k: v for k, v in definition["properties"].items() if k != "kind"})
    override = {"type": "object", "not": {"required": ["kind"]}, "properties": every_key,
                "additionalProperties": False}
    schema["properties"]["elements"] = {"type": "object", "additionalProperties": {
        "anyOf": [{"$ref": "#/$defs/Element"}, override]}}
    schema["$defs"] = {**defs, "Element": elements}
    for definition in defs.values():
        if "kind" in definition.get("properties", {}):
            _zoned(definition)
    for definition in defs.values():   # a group's children and clip are elements too
        for spec in definition.get("properties", {}).values():
            if spec.pop("x-holds", None) == "elements":
                spec["additionalProperties"] = {"$ref": "#/$defs/Element"}
    for definition in defs.values():
        if "kind" in definition.get("properties", {}):
            definition["properties"] = {k: _or_expression(k, v) for k, v in definition["properties"].items()}
    schema["$defs"]["Expression"] = EXPRESSION
    return schema


def _zoned(definition: dict[str, Any]) -> None:
    """An element kind's schema with `zone`: in a zone, the position and box it leaves out are the zone's."""
    from generator.model.zones import FILLED_IN
    definition["properties"]["zone"] = {"type": "string", "description": "a zone of the template (`zones:`) "
                                        "the element is placed in, from the zone's top-left corner"}
    required = definition.pop("required", [])
    definition["if"] = {"required": ["zone"]}
    definition["then"] = {"required": [key for key in required if key not in FILLED_IN]}
    definition["else"] = {"required": required}


# Any text value of an element may hold `{{ ... }}` (generator/model/expressions.py), whatever its key takes.
EXPRESSION = {"type": "string", "pattern": r"\{\{[\s\S]*\}\}",
              "description": "A value worked out for each piece: text holding `{{ ... }}` expressions (see "
                             "the expressions reference)."}
_META = ("title", "description", "default")


def _or_expression(key: str, prop: dict[str, Any]) -> dict[str, Any]:
    """A key of an element: its own type, or a text holding an expression."""
    from generator.model.expressions import NOT_BOUND

    if key in NOT_BOUND:
        return prop
    meta = {k: v for k, v in prop.items() if k in _META}
    rest = {k: v for k, v in prop.items() if k not in _META}
    options = rest["anyOf"] if list(rest) == ["anyOf"] else [rest]
    return {**meta, "anyOf": [*options, {"$ref": "#/$defs/Expression"}]}


def kind_of(path: Path) -> str | None:
    """Which kind of file a path in a project (or in the built-in looks) holds, from where it lies."""
    name, parent, parts = path.name, path.parent.name, path.parts
    if name == "game.yaml":
        return "game"
    if parent == "editions":
        return "edition"
    if name in ("style.yaml", "icons.yaml"):
        return name[:-5]
    if name == "glyphs.yaml":
        return "glyphs"
    if parent == "profiles":
        return "profile"
    if "templates" in parts:
        return "template"
    if name == "rulebook.yaml" and parent == "rules":
        return "rulebook"
    if name == "options.yaml" and parent == "rules":
        return "rule-wordings"
    if name == "terms.yaml" and parent == "rules":
        return "rule-terms"
    if parent == "examples" and "rules" in parts:
        return "rule-examples"
    if parent == "diagrams" and "rules" in parts:
        return "rule-diagrams"
    if parent == "rulebook":
        return "rulebook-styles"
    if parent == "cards":
        return "pieces"
    if parent == "vendors":
        return "vendor"
    return None


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in KINDS:
        path = folder / f"{kind}.schema.json"
        text = json.dumps(schema_for(kind), indent=1, sort_keys=True) + "\n"
        if refusal(path) or path.is_symlink() or not path.is_file() or path.read_text() != text:
            write_atomically(path, text)  # never through a link: a link there is refused
        written.append(path)
    return written
