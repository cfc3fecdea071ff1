"""The docs build's own step (an MkDocs hook): the reference pages that come from the code, and the pictures
that come from real builds, so nothing in the docs is copied by hand.

- before the build: the tutorial's commands are run in a fresh folder and its pictures (a sheet, the proof
  page, a TGC file, a rulebook spread) are drawn into ``docs/assets/pictures/``; the element gallery game in
  ``docs/examples/elements/`` is built and each element kind's picture lands in ``docs/assets/elements/``;
- while collecting files: a page per YAML file kind from the JSON Schemas, the element kinds page, the
  print profiles page and the environment variables page are added to the site.

The page makers are plain functions of the package's data; ``tests/docs/`` calls them to check that the
reference names every command, option, key, element kind, profile and environment variable.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
EXAMPLES = DOCS / "examples"
PICTURES = DOCS / "assets" / "pictures"
ELEMENT_PICTURES = DOCS / "assets" / "elements"
TUTORIAL = EXAMPLES / "tutorial"
GALLERY = EXAMPLES / "elements"

# Where each kind of file lives in a project (what the schema cannot say).
WHERE = {
    "game": "`components/<game>/game.yaml`: the game, its components and their fields",
    "edition": "`components/<game>/editions/<edition>.yaml`: an edition's deck, what it declares, its rule options",
    "pieces": "a YAML list of pieces: in `game.yaml` under a component's `pieces:`, or a file it names "
              "(CSV and `.xlsx` files hold the same rows)",
    "glyphs": "the file `game.yaml`'s `glyphs:` names: the game's symbols",
    "icons": "`layouts/icons.yaml`: icons any text may show as `:name:`",
    "style": "`style.yaml` in `layouts/` or a game's folder: colours, fonts, colour words",
    "template": "`templates/<id>.yaml` in `layouts/` or a game's folder: how a face or back is drawn",
    "profile": "`profiles/<id>.yaml` in `layouts/` or a game's folder: a print or export profile",
    "rulebook": "`components/<game>/rules/rulebook.yaml`: how the rulebook is put together",
    "rulebook-styles": "`rulebook/styles.yaml` in `layouts/` or a game's folder: the rulebook's type and colours",
    "rule-wordings": "`components/<game>/rules/options.yaml`: each rule option's question and wordings",
    "rule-terms": "`components/<game>/rules/terms.yaml`: the game's terms, for the glossary and the index",
    "rule-examples": "`components/<game>/rules/examples/*.yaml`: worked examples, positions and moves the "
                     "rules engine plays when the book is built",
    "rule-diagrams": "`components/<game>/rules/diagrams/*.yaml`: diagrams drawn from data, pieces on a grid of "
                     "squares or hexes with labels and arrows",
    "vendor": "`vendors/<id>.yaml` in `layouts/`: a print shop's products and their sizes",
}


# ---------------------------------------------------------------------------------------------- schemas

def _type(schema: dict[str, Any], page: str = "") -> str:
    """A JSON Schema type in a few words: `number or length`, `list of text`, `one of a, b`; a definition is a
    link to its section (on ``page``, else on this page)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}]({page}#{name.lower()})"
    if "const" in schema:
        return f"`{schema['const']}`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
    if "anyOf" in schema or "oneOf" in schema:  # (an element key's expression form is said once, above)
        parts = list(dict.fromkeys(_type(s, page) for s in schema.get("anyOf", schema.get("oneOf"))
                                   if s.get("type") != "null" and s.get("$ref") != "#/$defs/Expression"))
        if "length" in parts and "number" in parts:  # a bare number is a length in millimetres
            parts.remove("number")
        return " or ".join(parts)
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(_type({**schema, "type": k}, page) for k in kind if k != "null")
    if kind == "string" and "pattern" in schema and "mm|cm|in|pt" in schema["pattern"]:
        return "length"
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_type(s, page) for s in schema["prefixItems"]) + "]"
        return "list of " + _type(schema.get("items", {}), page)
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return "mapping of names to " + _type(schema["additionalProperties"], page)
    return {"string": "text", "integer": "whole number", "number": "number", "boolean": "true or false",
            "object": "mapping", None: "any"}.get(kind, str(kind))


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _keys_table(schema: dict[str, Any], page: str = "") -> list[str]:
    props = schema.get("properties", {})
    if not props:
        return []
    required = set(schema.get("required", []))
    described = any(spec.get("description") for spec in props.values())
    rows = ["| key | type | default |" + (" what it is |" if described else ""),
            "|---|---|---|" + ("---|" if described else "")]
    for key, spec in props.items():
        default = "required" if key in required else _default(spec)
        row = f"| `{key}` | {_cell(_type(spec, page))} | {_cell(default)} |"
        rows.append(row + (f" {_cell(spec.get('description', ''))} |" if described else ""))
    return rows + [""]


def _default(spec: dict[str, Any]) -> str:
    if "default" not in spec:
        return ""
    return "none" if spec["default"] is None else f"`{json.dumps(spec['default'])}`"


def schema_keys(schema: dict[str, Any]) -> set[str]:
    """Every key the schema names, at the top and in its definitions."""
    keys = set(schema.get("properties", {}))
    for definition in schema.get("$defs", {}).values():
        keys |= set(definition.get("properties", {}))
    return keys


def example_of(kind: str) -> Path | None:
    """A real file of this kind from the built-in looks, the scaffold or this project's games."""
    from generator.build.jsonschemas import kind_of
    for folder in (ROOT / "generator" / "scaffold", ROOT / "generator" / "looks", ROOT / "components",
                   ROOT / "layouts"):
        for path in sorted(folder.rglob("*.yaml")):
            if kind_of(path.relative_to(folder)) == kind and path.stat().st_size < 6000:
                return path
    return None


def schema_page(kind: str) -> str:
    from generator.build.jsonschemas import schema_for
    schema = schema_for(kind)
    lines = [f"# `{kind}` files", "", WHERE[kind] + ".", "",
             "A *length* is a number of millimetres or a text with its unit: `12`, `12mm`, `0.5in`, `8pt`. "
             f"Editors check and complete these files from `{kind}.schema.json` "
             "(see [pointing an editor at the schemas](../../how-to/colours-and-fonts.md#check-files-as-you-type)).",
             ""]
    if schema.get("type") == "array":
        lines += [f"A list; each item is {_type(schema['items'])}.", ""]
        lines += _keys_table(schema["items"])
        lines += ["Every other key is a field of the component, by name (text or a number).", ""]
    else:
        lines += _keys_table(schema)
    for name, definition in sorted(schema.get("$defs", {}).items()):
        lines += [f"## {name}", "", _cell(definition.get("description", "")), ""]
        lines += _keys_table(definition) or [f"Written as {_type(definition)}.", ""]
    example = example_of(kind)
    if example is not None:
        shown = example.relative_to(ROOT)
        lines += ["## Example", "", f"`{shown}`:", "", "```yaml", f'--8<-- "{shown}"', "```", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- elements

def element_kinds() -> dict[str, dict[str, Any]]:
    """Each template element kind and its schema definition."""
    from generator.build.jsonschemas import schema_for
    defs = schema_for("template")["$defs"]
    return {d["properties"]["kind"].get("const") or d["properties"]["kind"]["enum"][0]: d
            for d in defs.values() if "kind" in d.get("properties", {})}


def elements_page() -> str:
    lines = ["# Template elements", "",
             "A template lists named elements, drawn in order. Places and sizes are millimetres from the "
             "trim's top-left corner unless a unit is given. Every example below is a template of the game in "
             "`docs/examples/elements/`, which the docs build and the tests build; each picture is that build's "
             "output. Each example extends `swatch`, a 60 x 40 mm tile on paper. A *length* is a number of "
             "millimetres or a text with its unit: `12`, `12mm`, `0.5in`, `8pt`.", "",
             "```yaml", '--8<-- "docs/examples/elements/components/elements/templates/swatch.yaml"', "```", "",
             "Every element also takes `when:` (draw it only for matching pieces), `repeat:` (draw it several "
             "times), `rotate:`, `opacity:` (0 to 1: how much of what lies beneath shows through) and "
             "`bleed: true` (it may run into the bleed). A value written `$field` is taken from the piece, and "
             "`{field}` in text is replaced by the piece's value. Any text value may also hold "
             "[expressions](expressions.md) such as `{{ attack * 2 }}`.", "",
             "A shape's `fill` is a colour name or a gradient whose stops are colour names, laid across the "
             "shape: `{gradient: linear, stops: [dawn, dusk], angle: 90}` runs from the top edge to the bottom "
             "one (0 runs left to right), `{gradient: radial, stops: [gold, ink]}` from its centre out; `at:` "
             "places the stops (0 to 1). Gradients stay vector shadings, in CMYK in a CMYK build. A fill may also "
             "be an image pattern: `{image: art/linen.png, scale: 8}` repeats the image across the shape in "
             "tiles 8 mm wide (as tall as the image's proportions make them) from the top-left of the shape's "
             "box, clipped to the shape; `over: COLOUR` paints a colour beneath the tiles, and `opacity:` or "
             "`blend:` (`multiply`, `screen`, `overlay`, `darken`, `lighten`) lay the texture over it. The "
             "image is stored once and repeated by a PDF tiling pattern, so the rest of the page stays vector. "
             "A `hexgrid` lays a gradient or a pattern in `fill` across the whole cluster. A stroke takes "
             "`dash:` (lengths in points, on and off). An `image` or a `group` takes `clip:`, a closed shape written "
             "as an element (`clip: {kind: circle, cx: 30, cy: 20, r: 14}`), outside which nothing of it shows.", "",
             "## Zones", "",
             "A template may name rectangles, `zones: {NAME: [x, y, w, h]}`, and an element may place itself in one "
             "with `zone: NAME`: its position is then measured from the zone's top-left corner, and the box or "
             "centre it leaves out is the zone's. A template that extends another moves or resizes a zone in one "
             "line, and every element in it follows. Zones place a template's own elements; a `group`'s "
             "children are placed in the group's frame.", "",
             "![the zones example](../assets/elements/zones.png){ .element-picture }", "",
             "```yaml", '--8<-- "docs/examples/elements/components/elements/templates/zones.yaml"', "```", ""]
    for kind, definition in sorted(element_kinds().items()):
        lines += [f"## `{kind}`", "", _cell(definition.get("description", "")), "",
                  f"![the {kind} example](../assets/elements/{kind}.png){{ .element-picture }}", "",
                  "```yaml", f'--8<-- "docs/examples/elements/components/elements/templates/{kind}.yaml"', "```", ""]
        lines += _keys_table(definition, "files/template.md")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- profiles

def _profile_files() -> list[Path]:
    return sorted((ROOT / "generator" / "looks" / "profiles").glob("*.yaml"))


def _comment(path: Path) -> str:
    lines = [line[1:].strip() for line in path.read_text().splitlines()
             if line.startswith("#") and "yaml-language-server" not in line]
    return " ".join(lines)


def _extra(profile: dict[str, Any]) -> str:
    options = profile.get("options") or {}
    if options.get("pdfx"):
        return "`pdfx`"
    if options.get("impose"):
        return "`booklet`"
    return ""


def profiles_page() -> str:
    lines = ["# Print profiles", "",
             "The built-in profiles, read from the package (`generator/looks/profiles/`). Pick them with "
             "`--profile` (repeatable); a project's `layouts/profiles/` or a game's `profiles/` may add "
             "profiles or override these by id (see the [`profile` file reference](files/profile.md)). "
             "Profiles marked *default* are built when no `--profile` is given. The *extra* column names the "
             "`pip install` extra a profile needs.", "",
             "| profile | kind | paper | bleed | backs | default | extra |", "|---|---|---|---|---|---|---|"]
    details = []
    for path in _profile_files():
        profile = yaml.safe_load(path.read_text())
        lines.append(f"| [`{profile['id']}`](#{profile['id']}) | {profile.get('kind', '')} | "
                     f"{profile.get('paper', '')} | {profile.get('bleed', '')} | {profile.get('backs', '') or ''} | "
                     f"{'default' if profile.get('default') else ''} | {_extra(profile)} |")
        details += [f"## `{profile['id']}`", "", f"**{profile.get('name', '')}**", "", _comment(path), "",
                    "```yaml", f'--8<-- "{path.relative_to(ROOT)}"', "```", ""]
    return "\n".join(lines + [""] + details)


# ---------------------------------------------------------------------------------------------- environment

def environment_page() -> str:
    """Every variable the generator reads, from the command line's own table (which `--help` shows and a test
    keeps equal to the variables the code reads)."""
    from generator.build.freshness import HOW_NOT_WHAT
    from generator.cli import ENVIRONMENT
    lines = ["# Environment variables", "",
             "Every variable the tool reads; `pnpkit --help` lists them too. Variables that change what a build "
             "makes are part of its fingerprint, so a build with another value builds again; the ones marked "
             "*how to run* change only how the work is done, never the files.", "",
             "| variable | what it does | |", "|---|---|---|"]
    lines += [f"| `{name}` | {_cell(what)} | {'how to run' if name in HOW_NOT_WHAT else ''} |"
              for name, what in ENVIRONMENT.items()]
    lines += ["", "`CI` set to anything turns progress bars off, as does output that is not a terminal.", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- pictures

def _tool_env(home: Path) -> dict[str, str]:
    """The installed `pnpkit` first on PATH; no PNP_ variable pointing anywhere else."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PNP_CACHE_DIR"] = str(home / "cache")
    return env


def run_tutorial(folder: Path) -> None:
    """Every step of the tutorial, word for word, in ``folder`` (the tests run the same scripts)."""
    for script in sorted(TUTORIAL.glob("*.sh")):
        done = subprocess.run(["bash", "-euo", "pipefail", str(script)], cwd=folder, env=_tool_env(folder.parent),
                              capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{script.relative_to(ROOT)} failed:\n{done.stdout}{done.stderr}")


def build_gallery(out: Path) -> dict[str, Path]:
    """The element gallery game built into ``out``: each element kind's picture."""
    done = subprocess.run(["pnpkit", "build", "elements", "--profile", "proof", "--out", str(out)], cwd=GALLERY,
                          env=_tool_env(out.parent), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the element gallery did not build:\n{done.stdout}{done.stderr}")
    return {png.parent.name: png for png in sorted(out.glob("elements-all-proof/*/*.png"))}


def _page_png(pdf: Path, index: int, width: int) -> Any:
    import pypdfium2
    document = pypdfium2.PdfDocument(str(pdf))
    page = document[min(index, len(document) - 1)]  # a short book: its last page
    image = page.render(scale=width / page.get_width()).to_pil()
    document.close()
    return image.convert("RGB")


def _save(image: Any, path: Path) -> None:
    """Written only when the picture changed, so a rebuild leaves the files alone."""
    import io
    data = io.BytesIO()
    image.save(data, "PNG", optimize=True)
    if not path.is_file() or path.read_bytes() != data.getvalue():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.getvalue())


def _spread(left: Any, right: Any) -> Any:
    from PIL import Image
    spread = Image.new("RGB", (left.width + right.width + 8, max(left.height, right.height)), "#d0d0d0")
    spread.paste(left, (0, 0))
    spread.paste(right, (left.width + 8, 0))
    return spread


def _screenshot(html: Path, png: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        raise RuntimeError("the docs build takes a picture of the proof page with Chromium: install chromium")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", "--window-size=1000,760", html.as_uri()],
                   check=True, capture_output=True, timeout=120)


def draw_pictures() -> None:
    from PIL import Image
    with tempfile.TemporaryDirectory() as scratch:
        home = Path(scratch) / "tutorial"
        home.mkdir()
        run_tutorial(home)
        out = home / "output" / "my-game" / "first"
        _save(_page_png(out / "my-game-first-a4-cards.pdf", 0, 700), PICTURES / "sheet-fronts.png")
        _save(_page_png(out / "my-game-first-a4-cards.pdf", 1, 700), PICTURES / "sheet-backs.png")
        _save(_page_png(out / "my-game-first-a4-tokens.pdf", 0, 500), PICTURES / "sheet-tokens.png")
        _save(_page_png(out / "my-game-first-tgc-cards.pdf", 0, 300), PICTURES / "tgc-card.png")
        book = out / "my-game-first-rulebook-letter.pdf"
        _save(_spread(_page_png(book, 0, 420), _page_png(book, 1, 420)), PICTURES / "rulebook-spread.png")  # cover, contents and components
        shot = Path(scratch) / "proof.png"
        _screenshot(out / "my-game-first-proof.html", shot)
        _save(Image.open(shot).convert("RGB"), PICTURES / "proof-page.png")
        for kind, png in build_gallery(Path(scratch) / "elements").items():
            _save(Image.open(png).convert("RGB"), ELEMENT_PICTURES / f"{kind}.png")


# ---------------------------------------------------------------------------------------------- MkDocs

def generated_pages() -> dict[str, str]:
    from generator.build.jsonschemas import KINDS
    pages = {f"reference/files/{kind}.md": schema_page(kind) for kind in KINDS}
    pages["reference/elements.md"] = elements_page()
    pages["reference/profiles.md"] = profiles_page()
    pages["reference/environment.md"] = environment_page()
    return pages


def every_command() -> Any:
    """The command line with its lazily imported commands resolved: mkdocs-click documents a group's
    ``commands`` and would miss the ones the group imports only when asked for."""
    import click
    from generator.cli import cli
    ctx = click.Context(cli, info_name="pnpkit")
    commands = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return click.Group(name="pnpkit", commands=commands, params=cli.params, help=cli.help)


def __getattr__(name: str) -> Any:  # `hooks:pnpkit` for mkdocs-click, made only when asked for
    if name == "pnpkit":
        return every_command()
    raise AttributeError(name)


def on_config(config: Any) -> Any:
    if str(DOCS) not in sys.path:  # so that mkdocs-click can import this module as `hooks`
        sys.path.insert(0, str(DOCS))
    return config


def on_pre_build(config: Any) -> None:
    draw_pictures()


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File
    for uri, text in generated_pages().items():
        files.append(File.generated(config, uri, content=text))
    return files
