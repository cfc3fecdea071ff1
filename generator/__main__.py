"""`python -m generator`: the same commands as the pnpkit script."""
from .cli import main

main()
