# in a project made with `pnpkit new my-game`, after editing components/my-game/rules/rulebook.md
pnpkit rulebook my-game --strict   # stop at any lint finding: a heading alone at a page's foot, an empty page
pnpkit rulebook my-game --profile rulebook-a5-booklet
