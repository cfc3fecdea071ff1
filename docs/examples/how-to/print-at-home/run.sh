# in a project made with `pnpkit new my-game`
pnpkit build my-game --profile alignment           # the alignment test sheet alone
pnpkit build my-game --profile my-printer          # your calibrated profile (below)
pnpkit build my-game --profile duplex-short-edge   # for printers that flip on the short edge
pnpkit build my-game --profile gutterfold          # no duplex: fronts and backs on one side, fold
pnpkit build my-game --profile a4-9up              # nine cards a sheet, no bleed, shared cuts
