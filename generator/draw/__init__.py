"""Low-level drawing the element kinds share: the paint context, bound values, rich text, glyph shapes,
hexagon geometry and the points where ink lands."""
