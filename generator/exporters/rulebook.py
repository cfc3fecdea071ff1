"""The rulebook as a build exporter: one PDF per rulebook profile, listed in manifest.json."""
from __future__ import annotations

import os
import sys
from typing import Any, Callable

import click

from generator.core.output import Produced
from generator.core.trace import span
from generator.rulebook.book import build_rulebook, rules_folder
from generator.rulebook.settings import settings_for


def _interactive() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


def _say() -> Callable[[str], None] | None:
    if not _interactive():
        return None
    return lambda what: print(f"  rulebook: {what} ...", file=sys.stderr, flush=True)


class _Bar:
    """A progress bar that appears only once work is reported: a cache hit shows nothing."""

    def __init__(self, label: str, total: int):
        self.label, self.total, self.bar = label, total, None

    def __call__(self, done: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=self.total, label=f"  {self.label}", file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def export_rulebook(job: Any, overrides: dict[str, Any] | None = None) -> list[Produced]:
    """Write the edition's rulebook for ``job.profile`` into the staging folder (nothing without rules/)."""
    if rules_folder(job.edition) is None:
        return []
    settings = settings_for(job.layouts, job.profile)
    if overrides:
        settings = settings.model_copy(update=overrides)
    name = f"{job.stem}.pdf"
    built = build_rulebook(job.edition, job.layouts, job.profile, job.stage / name, settings, _say(),
                           _Bar if _interactive() else None)
    if built is None:  # a designer's report for a game whose rules/ has none
        return []
    extra: dict[str, Any] = {"sections": [text for level, text in built.headings if level == 0]}
    if built.seed is not None:
        extra.update(sample_seed=built.seed, sample_agents=list(built.agents or ()))
        if settings.simulates:
            extra.update(balance_games=settings.balance_games, balance_agents=list(settings.balance_agents))
    with span("rulebook lint"):
        check_rulebook(job, job.stage / name, settings.audience == "players")
    kind = "report" if settings.audience == "designers" else "rulebook"
    produced = [Produced(name, kind, job.profile.id, built.pages, extra)]
    if settings.booklet:
        produced += imposed_booklets(job, name, settings.impose)
    return produced


def imposed_booklets(job: Any, reading: str, papers: list[str]) -> list[Produced]:
    """The booklet imposed two pages a sheet for saddle-stitching, one file per paper."""
    from generator.rulebook.impose import impose
    out = []
    for paper in papers:
        name = f"{job.stem}-imposed-{paper}.pdf"
        title = f"{job.edition.game.title}: rules ({job.edition.spec.title}), booklet imposed on {paper.upper()}"
        sides = impose(job.stage / reading, job.stage / name, paper, title)
        out.append(Produced(name, "rulebook-imposed", job.profile.id, sides,
                            {"paper": paper, "sheets": sides // 2, "reading_order": reading}))
    return out


def check_rulebook(job: Any, pdf: Any, players: bool) -> None:
    """The rulebook lint over the built PDF: warnings, or with --strict an error (exit 1, nothing written)."""
    from generator.play.registry import agent_names
    from generator.core.errors import ValidationFailed
    from generator.rulebook.lint import lint_pdf
    from generator.runs.work import engine_inputs
    inputs = engine_inputs(job.edition)
    keys = list(type(inputs.options).model_fields) if inputs is not None else []
    agents = [a for a in agent_names(inputs.engine) if ":" not in a] if inputs is not None else []
    findings = lint_pdf(pdf, keys, agents, players, draft=job.edition.game.spec.status == "draft",
                        **_book_words(job.edition))
    if not findings:
        return
    where = f"{job.edition.game.id} {job.edition.id} {job.profile.id}"
    if job.strict:
        raise ValidationFailed(f"{where}: {len(findings)} rulebook lint findings:\n"
                               + "\n".join(f"  {f}" for f in findings))
    for finding in findings:
        click.echo(f"warning: {where}: {finding}", err=True)


def _book_words(edition: Any) -> dict[str, Any]:
    """The terms (rules/terms.yaml) and the English (rulebook.yaml's language) the lint holds a book to."""
    from generator.rulebook.config import rulebook_config, rules_folder
    from generator.rulebook.terms import load_terms
    folder = rules_folder(edition)
    config = rulebook_config(edition)
    if folder is None or config is None:
        return {}
    return {"terms": load_terms(folder), "language": config.language}
