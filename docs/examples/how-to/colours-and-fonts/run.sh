# in a project made with `pnpkit new my-game`, with the style.yaml above
# every colour, font, template and profile, with the layer it comes from:
pnpkit list
pnpkit build my-game
# JSON Schemas for your editor, into .pnpkit/schemas/:
pnpkit schema
