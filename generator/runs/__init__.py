"""Many games at once: simulations, sweeps, a Dask cluster, statistics, the engine work a rulebook
asks for (split into units, cached by content) and the priority scheduler that runs it."""
