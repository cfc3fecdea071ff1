"""A project's or game's own copy of a built-in profile or template: named once per build, with a
warning when it lacks keys the built-in one has (an older copy, made before those keys existed)."""
from __future__ import annotations

from pathlib import Path

from generator.model.layouts import BUILTIN_LOOKS, Layouts
from generator.model.source import load_yaml


def override_notes(layouts: Layouts, profile_ids: list[str], template_ids: list[str]) -> list[tuple[bool, str]]:
    """One line per chosen profile and used template that replaces a built-in one, and whether it
    is a warning (the copy lacks keys the built-in one has)."""
    notes = []
    for folder, ids, origins in (("profiles", profile_ids, layouts.profile_origins),
                                 ("templates", template_ids, layouts.template_origins)):
        for item in sorted(set(ids)):
            found = origins.get(item)
            builtin = BUILTIN_LOOKS / folder / f"{item}.yaml"
            if found is None or found.layer == "built-in" or not builtin.is_file():
                continue
            missing = sorted(_keys(builtin) - _keys(found.path))
            line = f"{found.path}: replaces the built-in {folder[:-1]} '{item}'"
            if missing:
                line += (f" but lacks keys the built-in one has ({', '.join(missing)}): probably an older copy; "
                         f"compare it with `pnpkit list {folder}` or delete it to use the built-in one")
            notes.append((bool(missing), line))
    return notes


def _keys(path: Path) -> set[str]:
    """Top-level keys and the keys of `options:` (as options.key) of a YAML mapping."""
    data = load_yaml(path).data
    if not isinstance(data, dict):
        return set()
    keys = {str(k) for k in data}
    options = data.get("options")
    if isinstance(options, dict):
        keys |= {f"options.{k}" for k in options}
    return keys
