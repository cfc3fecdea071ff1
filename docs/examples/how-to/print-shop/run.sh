# in a project made with `pnpkit new my-game`,
# with the two profiles below in layouts/profiles/
# The Game Crafter and MakePlayingCards:
pnpkit build my-game --profile tgc --profile mpc
# PDF/X-1a:2003, every colour CMYK:
pnpkit build my-game --profile cmyk
# PDF/X-4:
pnpkit build my-game --profile pdfx4
