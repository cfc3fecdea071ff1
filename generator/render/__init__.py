"""Painters, templates and sheet imposition: everything that draws."""
