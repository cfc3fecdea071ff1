"""Fixtures for the bad-input catalogue; the helpers live in robustness_support."""
from robustness_support import built_workshop, previous_output, workshop  # noqa: F401  (pytest fixtures)
