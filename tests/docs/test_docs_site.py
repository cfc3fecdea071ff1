"""The docs cannot drift from the tool: the tutorial is followed word for word, every element example
builds, the reference names every command, option, file key, element kind, profile and environment
variable the code has, and no user page carries development history."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import click
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _hooks():
    spec = importlib.util.spec_from_file_location("pnp_docs_hooks", DOCS / "hooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _hooks()


def _promised(listing: Path) -> set[str]:
    """The files (and folders, ending in /) the tutorial says the output folder holds."""
    return {line.split()[0] for line in listing.read_text().splitlines() if line.strip()}


def test_the_tutorial_followed_word_for_word_ends_with_the_files_it_promises(tmp_path: Path) -> None:
    home = tmp_path / "my-games"
    home.mkdir()
    hooks.run_tutorial(home)
    out = home / "output" / "my-game" / "first"
    found = {p.name + ("/" if p.is_dir() else "") for p in out.iterdir()}
    assert found == _promised(hooks.TUTORIAL / "files.txt")
    manifest = json.loads((out / "manifest.json").read_text())
    pages = {entry["path"]: entry.get("pages") for entry in manifest["files"]}
    assert pages["my-game-first-a4-cards.pdf"] == 4  # fronts and backs of twelve cards, eight a sheet
    assert pages["my-game-first-tgc-cards.pdf"] == 24  # a front and a back per card
    rulebook = (out / "my-game-first-rulebook-letter.pdf").read_bytes()
    from pypdf import PdfReader
    import io
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(rulebook)).pages)
    assert "With 12 cards" in text and "at most 4 rounds" in text  # the chapter step 5 adds, from the data


def test_every_element_kind_has_an_example_that_builds_and_draws_something(tmp_path: Path) -> None:
    pictures = hooks.build_gallery(tmp_path / "elements")
    kinds = set(hooks.element_kinds())
    examples = {p.stem for p in (hooks.GALLERY / "components" / "elements" / "templates").glob("*.yaml")}
    features = {"zones"}   # a template feature shown beside the kinds, with its own example and picture
    assert kinds == set(pictures) - features == examples - {"swatch"} - features
    with Image.open(pictures["rect"]) as image:
        paper = image.convert("RGB").getpixel((0, 0))  # the swatch's own background, outside the rectangle
    for kind, png in pictures.items():
        with Image.open(png) as image:
            colours = image.convert("RGB").getcolors(1 << 16)
        assert colours is None or {colour for _, colour in colours} != {paper}, f"the {kind} example draws nothing"
    page = hooks.elements_page()
    for kind in kinds:
        assert f"## `{kind}`" in page and f"assets/elements/{kind}.png" in page


def _walk(command: click.Command, path: tuple[str, ...] = ()):
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1] if path else "pnpkit")
        for name in command.list_commands(ctx):
            yield from _walk(command.get_command(ctx, name), (*path, name))


def test_the_command_reference_names_every_command_and_option() -> None:
    from mkdocs_click._docs import make_command_docs
    from generator.cli import cli
    reference = "\n".join(make_command_docs("pnpkit", hooks.every_command(), style="table", list_subcommands=True))
    commands = list(_walk(cli))
    assert len(commands) > 8
    for path, command in commands:
        if path:
            assert re.search(rf"^#+ {re.escape(path[-1])}$", reference, re.M), f"no section for {path}"
        for param in command.params:
            for flag in getattr(param, "opts", []):
                if flag.startswith("-"):
                    assert flag in reference, f"{' '.join(path)} {flag} is not in the reference"


def test_the_file_reference_names_every_kind_and_key() -> None:
    from generator.build.jsonschemas import KINDS, schema_for
    pages = hooks.generated_pages()
    assert set(hooks.WHERE) == set(KINDS)
    nav = (ROOT / "mkdocs.yml").read_text()
    for kind in KINDS:
        page = pages[f"reference/files/{kind}.md"]
        assert f"reference/files/{kind}.md" in nav
        for key in hooks.schema_keys(schema_for(kind)):
            assert f"`{key}`" in page, f"{kind}: key {key} is not in the reference"


def test_the_profile_reference_names_every_built_in_profile() -> None:
    page = hooks.profiles_page()
    profiles = sorted((ROOT / "generator" / "looks" / "profiles").glob("*.yaml"))
    assert len(profiles) > 10
    for path in profiles:
        assert f"## `{path.stem}`" in page


def _variables_read() -> set[str]:
    names = set()
    for path in (ROOT / "generator").rglob("*.py"):
        if path != ROOT / "generator" / "cli" / "__init__.py":  # the table the page is made from
            names |= set(re.findall(r"[\"'](PNP_[A-Z_]+)[\"']", path.read_text()))
    names |= set(re.findall(r"[\"'](PNP_[A-Z_]+)[\"']", (ROOT / "build.py").read_text()))
    return names


def test_the_environment_reference_names_every_variable_the_code_reads() -> None:
    documented = set(re.findall(r"^\| `(PNP_[A-Z_]+)`", hooks.environment_page(), re.M))
    read = _variables_read()
    assert len(read) >= 10
    assert documented == read


def test_the_rule_text_reference_names_every_function_and_filter(tmp_path: Path) -> None:
    from jinja2.defaults import DEFAULT_FILTERS
    from generator.rulebook.text import RuleText
    page = (DOCS / "reference" / "rule-text.md").read_text()
    ours = set(RuleText(tmp_path).env.filters) - set(DEFAULT_FILTERS)
    book = (ROOT / "generator" / "rulebook" / "book.py").read_text()
    ours |= set(re.findall(r"filters\.update\((\w+)=\w+, (\w+)=", book)[0])
    ours |= set(re.findall(r"RuleText\(folder, \{\"(\w+)\": \w+\(\w+\), \"(\w+)\"", book)[0])
    assert {"plural", "percent", "figure", "colour"} <= ours
    for name in ours:
        assert f"| `{name}" in page, f"{name} is not in the rule text reference"


def test_the_rule_text_example_builds_into_a_rulebook(tmp_path: Path) -> None:
    import os
    import subprocess
    home = tmp_path / "games"
    home.mkdir()
    env = hooks._tool_env(tmp_path)
    subprocess.run(["pnpkit", "new", "my-game"], cwd=home, env=env, check=True, capture_output=True)
    rules = home / "components" / "my-game" / "rules" / "rulebook.md"
    rules.write_text(rules.read_text() + "\n" + (DOCS / "examples" / "rule-text" / "functions.md").read_text())
    done = subprocess.run(["pnpkit", "rulebook", "my-game"], cwd=home, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pdf = next((home / "output" / "my-game" / "first").glob("*rulebook-letter.pdf"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    said = " ".join(text.split())
    page = " ".join((DOCS / "reference" / "rule-text.md").read_text().split())
    printed = re.search(r"It prints: \*(.+?)\*, then", page).group(1)
    assert printed in said, os.linesep.join([printed, said])


SNIPPET = re.compile(r'--8<-- "([^"]+)"')


def test_every_included_example_exists_and_every_shell_example_is_run() -> None:
    included = set()
    for page in [*DOCS.rglob("*.md"), ROOT / "docs" / "hooks.py"]:
        included |= set(SNIPPET.findall(page.read_text()))
    for name in included:
        if "{" not in name:
            assert (ROOT / name).is_file(), name
    shell = {p.relative_to(ROOT).as_posix() for p in (DOCS / "examples").rglob("*.sh")}
    run = {p.relative_to(ROOT).as_posix() for p in [*hooks.TUTORIAL.glob("*.sh"), *(h / "run.sh" for h in HOW_TO)]}
    assert shell <= included and shell == run
    for page in DOCS.rglob("*.md"):  # a shell example is an included, tested file, not typed into a page
        for block in re.findall(r"```(?:sh|bash|console)\n(.*?)```", page.read_text(), re.S):
            assert block.strip().startswith("--8<--") or not re.search(r"^\s*pnpkit ", block, re.M), (
                f"{page.relative_to(ROOT)}: a pnpkit command typed into the page:\n{block}")


HISTORY = [
    (re.compile(r"\bissues? #?\d+\b|(?<![\w.])#\d{1,4}\b", re.I), "an issue number"),
    (re.compile(r"\bround \d+\b", re.I), "a round"),
    (re.compile(r"\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d(-\d\d:\d\d)? UTC\b|\bUTC\b"), "a date or time"),
    (re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"), "a commit id"),
    (re.compile(r"\bmeasured (at|on|again)\b|\bload average\b|\bother engineers\b|\bthis branch\b", re.I),
     "measurement history"),
]


def _user_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize("page", _user_pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_user_docs_say_what_the_tool_does_today(page: Path) -> None:
    text = page.read_text()
    for pattern, what in HISTORY:
        found = pattern.search(text)
        assert found is None, f"{page.relative_to(ROOT)} holds {what}: {found.group(0)!r}"


def test_the_readme_is_short_and_shows_real_pictures() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 160
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert len(pictures) >= 3
    for picture in pictures:
        assert (ROOT / picture).is_file() and picture.startswith("docs/assets/pictures/")
    for command in ("new", "build", "validate", "rulebook", "simulate"):  # the tour, and what else it shows
        assert re.search(rf"^pnpkit .*\b{command}\b", readme, re.M), command


def _serves_until_stopped(command: list[str], folder: Path, env: dict[str, str]) -> None:
    """A server command says it is ready, then stops cleanly on SIGTERM."""
    import signal
    import subprocess
    server = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        first = server.stdout.readline()
        assert "ready" in first, first + server.stderr.read() if server.poll() is not None else first
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=120)


def test_the_readme_tour_runs_in_an_empty_folder(tmp_path: Path) -> None:
    import subprocess
    readme = (ROOT / "README.md").read_text()
    tour = re.search(r"## A tour in \w+ commands.*?```sh\n(.*?)```", readme, re.S).group(1)
    folder = tmp_path / "empty"
    folder.mkdir()
    env = hooks._tool_env(tmp_path)
    for line in tour.splitlines():
        command = line.split("#")[0].replace("PATH/TO/CHECKOUT", str(ROOT)).split()
        if command[1] == "studio":  # a live page: it must come up, then it is stopped as Ctrl-C would
            _serves_until_stopped(command, folder, {**env, "BROWSER": "true"})
            continue
        done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{line}\n{done.stdout}{done.stderr}"
    assert "Light" in done.stdout  # simulate's win rates
    assert (folder / "output" / "my-game" / "first" / "my-game-first-rulebook-letter.pdf").is_file()


HOW_TO = sorted(p.parent for p in (DOCS / "examples" / "how-to").glob("*/run.sh"))


@pytest.mark.parametrize("guide", HOW_TO, ids=lambda p: p.name)
def test_each_how_to_guide_example_runs(guide: Path, tmp_path: Path) -> None:
    """A guide's commands, run as written in a project of the kind its first line names, with the files
    the guide shows (its project/ folder) put in place first."""
    import shutil
    import subprocess
    home = tmp_path / "project"
    home.mkdir()
    env = hooks._tool_env(tmp_path)
    script = guide / "run.sh"
    where = script.read_text().splitlines()[0]
    if "pnpkit new my-game" in where:
        subprocess.run(["pnpkit", "new", "my-game"], cwd=home, env=env, check=True, capture_output=True)
    else:
        assert "checkout of this repository" in where
        for folder in ("components", "layouts"):
            shutil.copytree(ROOT / folder, home / folder)
    if (guide / "project").is_dir():
        shutil.copytree(guide / "project", home, dirs_exist_ok=True)
    done = subprocess.run(["bash", "-euo", "pipefail", str(script)], cwd=home, env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    page = (DOCS / "how-to" / f"{guide.name}.md").read_text()
    assert f'--8<-- "docs/examples/how-to/{guide.name}/run.sh"' in page


def test_the_frameworks_example_plays_in_both_frameworks(tmp_path: Path) -> None:
    import subprocess
    import sys
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    script = DOCS / "examples" / "how-to" / "frameworks" / "play.py"
    assert f'--8<-- "{script.relative_to(ROOT).as_posix()}"' in (DOCS / "how-to" / "frameworks.md").read_text()
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=hooks._tool_env(tmp_path),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "OpenSpiel returns: [" in done.stdout and "PettingZoo rewards: {" in done.stdout
