"""`python -m generator`: the same commands as the pnpkit script."""
from generator.cli import main

main()
