"""Fixtures for the studio's browser tests; the helpers live in studio_support."""
from studio_support import chromium  # noqa: F401  (pytest fixture)
