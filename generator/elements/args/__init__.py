"""The argument groups element kinds share (box, centre, paint, transform, and every element's `when`,
`repeat` and `bleed`), so a kind's module says only what is its own."""
