# in a project made with `pnpkit new my-game`, with the two templates above
# every piece whose text shrank to fit, with the size it prints at:
pnpkit validate my-game --json
# the sheets, and the proof page with its shrunk-text table
pnpkit build my-game
