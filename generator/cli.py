"""The command line: thin click commands that call the library and map user errors to messages."""
from __future__ import annotations

import importlib
import json
import os
import re
import sys
from pathlib import Path

import click

from .errors import UserError
from .project import current


def interactive() -> bool:
    """Progress bars only for a person at a terminal, never in CI logs."""
    return sys.stderr.isatty() and not os.environ.get("CI")


class LazyGroup(click.Group):
    """A group whose heavier commands are imported only when asked for, so `build` and `validate`
    start without loading the rules engines or the rulebook's typesetting."""

    lazy = {"simulate": "generator.cli_engine:simulate", "replay": "generator.cli_engine:replay",
            "sweep": "generator.cli_engine:sweep",
            "rulebook": "generator.rulebook.cli:rulebook", "new": "generator.newgame:new",
            "schema": "generator.jsonschemas:schema", "list": "generator.cli_list:list_command",
            "preflight": "generator.preflight.cli:preflight_command"}
    # what `--help` lists for them, so help imports none of them (a test keeps these in step)
    lazy_help = {
        "simulate": "Play GAME many times between agents and report win rates and other figures.",
        "replay": "Play one game of GAME and print it turn by turn, with the board after each turn.",
        "sweep": "Simulate GAME over a grid of rule options, editions or deck variants and compare the cells.",
        "rulebook": "Build the rulebook of GAME from its data, rules/ text and rules engine.",
        "new": "Start a new game GAME in this project (or make this folder a project).",
        "schema": "JSON Schemas of every YAML file kind, for editors (yaml-language-server) and CI checks.",
        "list": "Games, editions, profiles, templates, colours, fonts (with their layer) and agents.",
        "preflight": "Check a build's print-shop files as a print shop would; write FOLDER/<game>-<edition>-preflight.html."}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, click.utils.make_default_short_help(self.lazy_help[name], limit) if name in self.lazy
                 else super(LazyGroup, self).get_command(ctx, name).get_short_help_str(limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, attr = self.lazy[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


def _use_project(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    if value is not None:  # passed on through the environment, so worker processes find it too
        os.environ["PNP_PROJECT"] = str(value.resolve())


@click.group(cls=LazyGroup, invoke_without_command=True)
@click.option("--project", type=click.Path(file_okay=False, path_type=Path), callback=_use_project,
              expose_value=False, is_eager=True,
              help="The project folder (holding components/); default: the current folder or a parent.")
@click.version_option(package_name="pnp-generator", prog_name="pnpkit")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Print-and-play generator: builds a project's games (components/) into output/.
    With no command, builds every game and edition."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(build)


def _editions(game: str | None, edition: str | None) -> list:
    from .model import find_game, game_names, load_edition
    games = [game] if game else game_names()
    if not games:
        raise UserError(f"no games in {current().components}: make one with `pnpkit new GAME`, "
                        "or name the project folder with --project")
    if edition and not game:
        raise click.UsageError("--edition needs a GAME")
    out = []
    for name in games:
        g = find_game(name)
        for e in ([edition] if edition else g.spec.editions):
            out.append(load_edition(g, e))
    return out


def _http_url(ctx, param, value: str | None) -> str | None:
    if value is not None and not re.match(r"^https?://\S+$", value):
        raise click.BadParameter(f"expected an http:// or https:// URL, found {value!r}")
    return value


@cli.command()
@click.argument("game", required=False)
@click.option("--edition", "-e", help="Edition id (default: every edition).")
@click.option("--profile", "-p", "profiles", multiple=True, help="Profile name; repeat for several.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Output folder for one edition.")
@click.option("--strict", is_flag=True,
              help="Print-safety warnings, rulebook lint findings, pieces a profile leaves out and (with "
                   "--preflight) failed checks become errors: exit 1, nothing written.")
@click.option("--base-url", callback=_http_url, help="URL where the tts profile's images will be hosted.")
@click.option("--force", is_flag=True, help="Build even editions whose output is up to date.")
@click.option("--preflight", is_flag=True,
              help="Check the print-shop files as a print shop would and write a report (see `preflight`).")
def build(game: str | None, edition: str | None, profiles: tuple[str, ...], out: Path | None,
          strict: bool = False, base_url: str | None = None, force: bool = False, preflight: bool = False) -> None:
    """Build print files for GAME (default: every game and edition)."""
    from .pipeline import build_edition

    if out is not None:
        from .output import check_out_dir
        check_out_dir(out)
    editions = _editions(game, edition)
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give GAME and --edition")
    if strict:  # check every edition first, so a failure leaves all of them unwritten
        from .pipeline import layouts_for
        from .render.safety import enforce_print_safety
        for ed in editions:
            enforce_print_safety(ed, layouts_for(ed), strict=True)
    from .freshness import fingerprint, others_of, remember, up_to_date
    from .output import tidy
    from .rulebook.prefetch import ahead_of
    from .trace import span
    targets = {id(ed): out or current().output / ed.game.id / ed.id for ed in editions}
    for target in targets.values():
        tidy(target)
    with span("up-to-date check"):
        prints = {id(ed): fingerprint(ed, others_of(ed, editions), list(profiles) or None, strict, base_url,
                                      *(["preflight"] if preflight else []))
                  for ed in editions}
    stale = [ed for ed in editions if force or not up_to_date(targets[id(ed)], prints[id(ed)])]
    for ed in (ed for ed in editions if ed not in stale):
        click.echo(f"{ed.game.id} {ed.id}: up to date in {targets[id(ed)]}")
    said: set[str] = set()

    def noted(message: str) -> None:  # a project's copy of a built-in look: named once per build
        if message not in said:
            said.add(message)
            click.echo(f"note: {message}", err=True)

    with ahead_of(stale, list(profiles) or None) as in_order:  # engine work on every core meanwhile
        for ed in in_order(stale):
            produced = build_edition(ed, targets[id(ed)], list(profiles) or None, on_step=_step_printer(),
                                     strict=strict, base_url=base_url, preflight=preflight,
                                     on_warning=lambda message: click.echo(f"warning: {message}", err=True),
                                     on_note=noted)
            remember(targets[id(ed)], prints[id(ed)])
            click.echo(f"{ed.game.id} {ed.id}: {len(produced)} files in {targets[id(ed)]}")


def _step_printer():
    if not interactive():
        return None
    return lambda what: click.echo(f"  building {what} ...", err=True)


@cli.command()
@click.argument("game", required=False)
@click.option("--edition", "-e", help="Edition id (default: every edition).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--strict", is_flag=True, help="Treat warnings as violations.")
def validate(game: str | None, edition: str | None, as_json: bool, strict: bool) -> None:
    """Check decks against their declared composition. Exit 0 ok, 1 violations, 2 unreadable input."""
    from .replay import replayed

    status = replayed("validate", [game, edition, as_json, strict], lambda: _validate(game, edition, as_json, strict))
    if status:
        sys.exit(status)


def _validate(game: str | None, edition: str | None, as_json: bool, strict: bool) -> int:
    from .pipeline import layouts_for
    from .validate import format_report, validate_edition

    editions = _editions(game, edition)
    looks = {ed.game.folder: layouts_for(ed) for ed in editions}  # a game's editions share its looks
    reports = [validate_edition(ed, looks=True, layouts=looks[ed.game.folder]) for ed in editions]
    if strict:
        for report in reports:
            report.violations += [f"(strict) {w}" for w in report.warnings]
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in reports] if len(reports) > 1 else reports[0].as_dict(),
                              indent=2))
    else:
        click.echo("\n".join(format_report(r) for r in reports))
    return 0 if all(r.ok for r in reports) else 1


def main() -> None:
    from .processes import install

    install()
    from .trace import span
    with span("command"):
        status = run()
    sys.exit(status)


def run(args: list[str] | None = None) -> int:
    """Run the command line; every failure is one message on stderr and an exit status, never a traceback."""
    from .errors import describe_os_error, os_error_status
    from .processes import Terminated

    try:
        cli.main(args=args, standalone_mode=False)
        return 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except click.ClickException as exc:  # one line, as every other error; --help has the usage
        click.echo(f"error: {exc.format_message()}", err=True)
        return 2 if exc.exit_code == 2 else exc.exit_code
    except UserError as exc:
        click.echo(f"error: {exc}", err=True)
        return exc.exit_code
    except OSError as exc:  # the file system refused: a full disk, a read-only or forbidden folder
        click.echo(f"error: {describe_os_error(exc)}", err=True)
        return os_error_status(exc)
    except (RecursionError, MemoryError) as exc:
        click.echo(f"error: the input asks for more than this build can hold ({type(exc).__name__}); "
                   "look for a very deep or very large structure", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("Interrupted; no output was half-written.", err=True)
        return 130
    except Terminated:
        click.echo("Terminated; no output was half-written.", err=True)
        return 143
