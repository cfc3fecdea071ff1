#!/usr/bin/env python3
"""Entry point: `python build.py [COMMAND ...]`; runs the same click group as the `pnpkit` script.
This repository is a project like any other; build.py names it, so it works from any folder."""
import os
from pathlib import Path

from generator.cli import main

if __name__ == "__main__":
    os.environ.setdefault("PNP_PROJECT", str(Path(__file__).resolve().parent))
    main()
