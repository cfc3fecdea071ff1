"""A toy rules engine kept outside ``generator/``: the test of engines as plug-ins.

Nim with one heap: players take 1 to ``take_most`` counters in turn; whoever takes the last one
wins. It registers through the ``pnp_generator.engines`` entry point only (see
tests/engine/test_plugins.py, which writes the distribution's metadata). ``frameworks`` is its
binding: through it the generic adapters serve it to OpenSpiel and PettingZoo
(tests/engine/test_framework_plugins.py).
"""
