"""Fixtures for the engine tests (helpers live in channeling_helpers.py)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)
