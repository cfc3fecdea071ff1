# in a project made with `pnpkit new my-game`, with the two profiles below in layouts/profiles/
pnpkit build my-game --profile tgc --profile mpc   # The Game Crafter, MakePlayingCards
pnpkit build my-game --profile cmyk                # PDF/X-1a:2003, every colour CMYK
pnpkit build my-game --profile pdfx4 --strict      # PDF/X-4; --strict: stop at any print-safety finding
