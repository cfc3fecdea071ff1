# in a checkout of this repository (any project whose game has a rules engine)
pnpkit sweep the-channeling --vary hidden_glyphs=0,3 --games 200 --agents greedy,greedy --seed 1
dask scheduler --host 127.0.0.1 --port 8786 &                   # on the scheduler's machine
dask worker tcp://127.0.0.1:8786 --nworkers 2 --nthreads 1 &    # on each worker's machine
pnpkit simulate the-channeling --games 2000 --agents greedy,greedy --seed 1 --scheduler tcp://127.0.0.1:8786
kill %1 %2                                                      # stop the scheduler and the workers
