"""The two seats of The Channeling and the marker of a finished game."""

LIGHT, DARK = 0, 1          # Light moves first
PLAYER_NAMES = ("light", "dark")
CHANCE = -1                 # ``current_player`` while a refill card is drawn
TERMINAL = -4               # ``current_player`` once the game is over
