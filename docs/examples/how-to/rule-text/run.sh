# in a project made with `pnpkit new my-game`,
# after editing components/my-game/rules/rulebook.md
# stop at any lint finding (a heading alone at a page's foot, ...):
pnpkit rulebook my-game --strict
# the A5 booklet, and the same imposed on A4 and Letter sheets:
pnpkit rulebook my-game --profile rulebook-a5-booklet
