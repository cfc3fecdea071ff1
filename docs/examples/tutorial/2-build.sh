pnpkit validate my-game
pnpkit build my-game
