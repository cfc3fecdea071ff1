# in a project made with `pnpkit new my-game`,
# after saving the spreadsheet as cards/cards.csv
pnpkit validate my-game
pnpkit build my-game
