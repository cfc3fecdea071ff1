"""The games shipped with the generator, each a rules-engine plug-in registered through the
``pnp_generator.engines`` entry points, as a publisher's own package would be."""
