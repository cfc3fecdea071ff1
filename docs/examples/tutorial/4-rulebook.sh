cat >> components/my-game/rules/rulebook.md <<'RULES'

# Winning

Count the power of your cards on the table. With
{{ components.cards.total }} cards in the deck, a game lasts
at most {{ components.cards.total // 3 }} rounds.
RULES
pnpkit rulebook my-game
