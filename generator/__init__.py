"""Print-and-play generator: game data in YAML to print files, exports and rulebooks."""

__version__ = "0.1.0"
