"""Fixtures for the top-level tests; the helpers live in pnp_testing (a name no other folder uses).

The default run spreads the tests over every processor with pytest-xdist (`-n auto --dist loadgroup`
in pyproject's addopts). The hooks below keep each costly fixture built once: every test that uses
one of SHARED (books and builds made once per session) runs on the same worker, and so do the tests
of a module that share one of its module-wide fixtures. Every other test is a work unit of its own.
(The rulebook tests' player books are shared between the workers instead: pnp_testing.build_once.)"""
from __future__ import annotations

import os
import warnings

import pytest

import parsed_pages
from pnp_testing import built_2025, game_copy, run_folder  # noqa: F401  (pytest fixtures)

# session fixtures that build books or sheets: the tests using one run on one worker, so each is
# built once (a test using two goes with the first listed)
SHARED = ("book_2025", "grove_book", "draft_book", "built_workshop", "built_2025")


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """pdfplumber's parsed pages kept for the run, shared by its workers (tests/parsed_pages.py)."""
    factory = getattr(config, "_tmp_path_factory", None)   # pytest's tmp_path_factory, made in its own hook
    if factory is not None:
        parsed_pages.install(run_folder(factory, "parsed-pages"))


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker per processor this process may run on (hyper-threads count: a 2-vCPU
    machine that reports one physical core still runs two). PYTEST_XDIST_AUTO_NUM_WORKERS overrides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or not hasattr(os, "sched_getaffinity"):
        return None  # pytest-xdist's own count
    return len(os.sched_getaffinity(0))


def _group(item: pytest.Item) -> str | None:
    """The work unit of a test: the first SHARED fixture it uses, else its module when it uses a
    fixture its module (or a conftest) makes once per module or session, else none."""
    names = set(item.fixturenames)
    for name in SHARED:
        if name in names:
            return name
    info = getattr(item, "_fixtureinfo", None)
    for name in names:
        defs = info.name2fixturedefs.get(name, ()) if info else ()
        # a fixture of a plugin (tmp_path_factory, ...) has an empty baseid: cheap, not ours
        if any(d.scope != "function" and d.baseid for d in defs):
            return item.nodeid.split("::")[0]
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks for `--dist loadgroup`; they change nothing in a run without workers."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        group = _group(item)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


def pytest_collection_finish(session: pytest.Session) -> None:
    """On a worker: warn when pytest-xdist did not take the marks above as work units (it names a grouped
    test's id with its group; with pytest 9.2's ids it no longer can), so every worker builds every book."""
    if not getattr(session.config.option, "loadgroup", False):   # set on the workers of a loadgroup run
        return
    lost = [item.nodeid for item in session.items
            if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rsplit("]", 1)[-1]]
    if lost:
        warnings.warn(f"pytest-xdist did not group {len(lost)} tests (pytest {pytest.__version__}): each worker "
                      "builds the shared books and builds; install the test extra's pytest", stacklevel=1)
