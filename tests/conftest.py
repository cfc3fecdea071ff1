"""Fixtures for the top-level tests; the helpers live in pnp_testing (a name no other folder uses)."""
from pnp_testing import built_2025, game_copy  # noqa: F401  (pytest fixtures)
