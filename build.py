#!/usr/bin/env python3
"""Entry point: `python build.py [COMMAND ...]`; runs the same click group as the `pnp` script."""
from generator.cli import main

if __name__ == "__main__":
    main()
