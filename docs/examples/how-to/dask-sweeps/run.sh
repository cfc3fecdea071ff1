# in a checkout of this repository (any project whose game has an engine)
pnpkit sweep the-channeling --vary hidden_glyphs=0,3 --games 200 \
    --agents greedy,greedy --seed 1
# on the scheduler's machine:
dask scheduler --host 127.0.0.1 --port 8786 &
# on each worker's machine:
dask worker tcp://127.0.0.1:8786 --nworkers 2 --nthreads 1 &
pnpkit simulate the-channeling --games 2000 --agents greedy,greedy \
    --seed 1 --scheduler tcp://127.0.0.1:8786
# stop the scheduler and the workers:
kill %1 %2
