"""Fixtures for the top-level tests; the helpers live in pnp_testing (a name no other folder uses)."""
import pytest

from pnp_testing import built_2025, game_copy  # noqa: F401  (pytest fixtures)

# folders whose modules share costly session fixtures (the rulebook tests' books, the robustness
# catalogue's built workshop): each folder runs on one worker, so each fixture is built once
SHARED_SESSION = ("rulebook", "robustness")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Work units for pytest-xdist (`-n auto --dist loadgroup`): a whole module, or a whole folder of
    SHARED_SESSION, goes to one worker, so module and session fixtures are built once, not per worker.
    The marks change nothing in a run without workers."""
    for item in items:
        folder = item.path.parent.name
        group = folder if folder in SHARED_SESSION else item.path.stem  # test file names are unique
        item.add_marker(pytest.mark.xdist_group(group))
