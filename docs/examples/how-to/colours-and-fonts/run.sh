# in a project made with `pnpkit new my-game`, with the style.yaml below
pnpkit list                     # every colour, font, template and profile, with the layer it comes from
pnpkit build my-game
pnpkit schema                   # JSON Schemas for your editor, into .pnpkit/schemas/
