"""The command line: one module per command (``generator/cli/<command>.py``), each a thin click
command that calls the library; this module holds the group, the table of commands and the mapping
of user errors to one-line messages and exit statuses.

``COMMANDS`` names each command's module and its one-line summary, so ``--help`` lists every command
without importing any of them (the way pip's ``commands/__init__.py`` does), and a command's code,
with the engines or the rulebook's typesetting it needs, is imported only when it runs.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import NamedTuple

import click

from generator.core.errors import UserError


class CommandInfo(NamedTuple):
    module: str     # generator.cli.<name>
    attribute: str  # the click command in it
    summary: str    # the first line of its help (a test keeps the two equal)


COMMANDS: dict[str, CommandInfo] = {
    "build": CommandInfo("generator.cli.build", "build",
                         "Build print files for GAME (default: every game and edition)."),
    "validate": CommandInfo("generator.cli.validate", "validate",
                            "Check decks against their declared composition. Exit 0 ok, 1 violations, "
                            "2 unreadable input."),
    "list": CommandInfo("generator.cli.list", "list_command",
                        "Games, editions, profiles, templates, colours, fonts (with their layer) and agents."),
    "simulate": CommandInfo("generator.cli.simulate", "simulate",
                            "Play GAME many times between agents and report win rates and other figures."),
    "replay": CommandInfo("generator.cli.replay", "replay",
                          "Play one game of GAME and print it turn by turn, with the board after each turn."),
    "sweep": CommandInfo("generator.cli.sweep", "sweep",
                         "Simulate GAME over a grid of rule options, editions or deck variants and compare the cells."),
    "rulebook": CommandInfo("generator.cli.rulebook", "rulebook",
                            "Build the rulebook of GAME from its data, rules/ text and rules engine."),
    "new": CommandInfo("generator.cli.new", "new",
                       "Start a new game GAME in this project (or make this folder a project)."),
    "schema": CommandInfo("generator.cli.schema", "schema",
                          "JSON Schemas of every YAML file kind, for editors (yaml-language-server) and CI checks."),
    "studio": CommandInfo("generator.cli.studio", "studio",
                          "A live page of GAME's pieces in the browser, repainted as you save its files."),
    "preflight": CommandInfo("generator.cli.preflight", "preflight_command",
                             "Check a build's print-shop files as a print shop would; write "
                             "FOLDER/<game>-<edition>-preflight.html."),
}


def load_command(name: str) -> click.Command:
    info = COMMANDS[name]
    return getattr(importlib.import_module(info.module), info.attribute)


class LazyGroup(click.Group):
    """A group whose commands are imported only when one is asked for (by name, from ``COMMANDS``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *COMMANDS])

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, click.utils.make_default_short_help(COMMANDS[name].summary, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in COMMANDS:
            return load_command(name)
        return super().get_command(ctx, name)


# Every environment variable the generator reads, and what it does (`--help` lists them; a test keeps
# this table equal to the variables the code reads, and each one is in the README).
ENVIRONMENT = {
    "PNP_PROJECT": "the project folder (as --project)",
    "PNP_COMPONENTS": "the folder of the games, instead of <project>/components",
    "PNP_LAYOUTS": "the project's looks, instead of <project>/layouts",
    "PNP_CACHE_DIR": "the simulation cache and kept answers, instead of <project>/.pnp-cache/simulations",
    "PNP_NO_REPLAY": "1: validate and list always work their answer out again",
    "PNP_RULEBOOK_GAMES": "games of every run of the designer's report (balance, stalls, strength, levers; quick builds)",
    "PNP_RULEBOOK_JOBS": "processes for a build's engine work and rulebooks (default: one per core)",
    "PNP_RULEBOOK_SAMPLE_AGENTS": "the agents of a rulebook's sample game, e.g. greedy,greedy",
    "PNP_RULEBOOK_BALANCE_AGENTS": "the agents of the designer report's balance games, e.g. greedy,greedy",
    "PNP_START_METHOD": "how worker processes start: fork or spawn",
    "PNP_PROGRESS_EVERY": "seconds between a build's progress lines",
    "PNP_TRACE": "a file the build appends its timeline to (one JSON line per step)",
    "PNP_KERNEL": "0: the compiled game kernels are not used (the engines play every game in Python)",
}


def _epilog() -> str:
    width = max(map(len, ENVIRONMENT))
    return "\b\nEnvironment variables:\n" + "\n".join(f"  {name:{width}}  {what}" for name, what in ENVIRONMENT.items())


def _use_project(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    if value is not None:  # from --project or PNP_PROJECT: passed on resolved, so worker processes find it too
        os.environ["PNP_PROJECT"] = str(value.expanduser().resolve())


@click.group(cls=LazyGroup, invoke_without_command=True, epilog=_epilog())
@click.option("--project", type=click.Path(file_okay=False, path_type=Path), callback=_use_project,
              expose_value=False, is_eager=True, envvar="PNP_PROJECT", show_envvar=True,
              help="The project folder (holding components/); default: the current folder or a parent.")
@click.version_option(package_name="pnp-generator", prog_name="pnpkit")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Print-and-play generator: builds a project's games (components/) into output/.
    With no command, builds every game and edition."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(load_command("build"))


def main() -> None:
    from generator.core.processes import install

    install()
    from generator.core.trace import span
    with span("command"):
        status = run()
    sys.exit(status)


def run(args: list[str] | None = None) -> int:
    """Run the command line; every failure is one message on stderr and an exit status, never a traceback."""
    from generator.core.errors import describe_os_error, os_error_status
    from generator.core.processes import Terminated
    from generator.core.session import loading_session

    try:
        with loading_session():  # each game, edition and set of looks read once, each check run once
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
