pnpkit new my-game
