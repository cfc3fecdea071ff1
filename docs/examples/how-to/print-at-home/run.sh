# in a project made with `pnpkit new my-game`
# the alignment test sheet alone:
pnpkit build my-game --profile alignment
# your calibrated profile (below):
pnpkit build my-game --profile my-printer
# for printers that flip on the short edge:
pnpkit build my-game --profile duplex-short-edge
# no duplex: fronts and backs on one side, folded:
pnpkit build my-game --profile gutterfold
# nine cards a sheet, no bleed, one cut between two cards:
pnpkit build my-game --profile a4-9up
