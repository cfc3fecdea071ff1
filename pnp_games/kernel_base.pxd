# cython: language_level=3
"""What the compiled game kernels (``<game>/_kernel.pyx``, built by setup.py) share, cimported by each:
the registry's seed derivation and the SplitMix64 draws, the seeds of a ``play_table`` batch, and the
search tree of their MCTS (nodes keyed by a move's code, UCB1 with availability counts). Everything is
inline: the C compiler copies it into each kernel's own loops, as if written out there."""
from cpython cimport array
from libc.math cimport exp, log, sqrt
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc

cdef extern from "kernel_seeds.h":
    uint64_t pnp_derive_seed(const char* name, int nparts, int64_t x, int64_t y) nogil

cdef extern from *:
    """
    #include <stdint.h>
    static inline uint64_t pnp_sm_next(uint64_t *s) {
        uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    static inline uint64_t pnp_mulhi(uint64_t a, uint64_t b) {
    #if defined(__SIZEOF_INT128__)
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    #else
        uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
        uint64_t p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
        uint64_t mid = (p0 >> 32) + (uint32_t)p1 + (uint32_t)p2;
        return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    #endif
    }
    static inline int pnp_below(uint64_t *s, uint64_t n) {
        return (int)pnp_mulhi(pnp_sm_next(s), n);
    }
    static inline double pnp_random(uint64_t *s) {
        return (double)(pnp_sm_next(s) >> 11) * (1.0 / 9007199254740992.0);
    }
    static inline int pnp_popcount(uint64_t m) {  /* inline everywhere (no popcnt instruction assumed) */
        m = m - ((m >> 1) & 0x5555555555555555ULL);
        m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
        m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((m * 0x0101010101010101ULL) >> 56);
    }
    static inline int pnp_lowest(uint64_t m) { return __builtin_ctzll(m); }
    """
    int pnp_below(uint64_t *s, uint64_t n) nogil
    uint64_t pnp_next "pnp_sm_next"(uint64_t *s) nogil
    double pnp_random(uint64_t *s) nogil
    int pnp_popcount(uint64_t m) nogil
    int pnp_lowest(uint64_t m) nogil


# ----------------------------------------------------------------------- a batch of games
cdef struct Seats:      # by seat: the agent (0 random, 1 greedy, 2 the search) and the search's iterations
    int agent[2]
    int iterations[2]


cdef inline Seats seats_of(int light, int dark, int light_iterations, int dark_iterations) noexcept nogil:
    """The seats of a batch's games, as ``play_games`` and ``play_table`` take them."""
    cdef Seats seats
    seats.agent[0] = light
    seats.agent[1] = dark
    seats.iterations[0] = light_iterations
    seats.iterations[1] = dark_iterations
    return seats


cdef inline uint64_t* batch_seeds(list games, object master) except NULL:
    """The game seeds of a ``play_table`` batch (allocated here; the caller frees them): ``games`` as
    they are, or with ``master`` the seeds of games ``games`` (indices) of a run seeded ``master``,
    derived as ``seeds.game_seed`` derives them. Each in int64 range."""
    cdef Py_ssize_t n = len(games), i
    cdef int64_t m
    cdef uint64_t* seeds = <uint64_t*>malloc((n if n else 1) * sizeof(uint64_t))
    if seeds == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            seeds[i] = <uint64_t>(<int64_t>games[i])
        if master is not None:
            m = master
            with nogil:
                for i in range(n):
                    seeds[i] = pnp_derive_seed("game", 2, m, <int64_t>seeds[i])
    except BaseException:
        free(seeds)
        raise
    return seeds


cdef inline void agent_seeds(uint64_t seed, uint64_t* rngs) noexcept nogil:
    """Light's and Dark's agent seeds of the game seeded ``seed`` (``kernel.game_seeds``), at ``rngs``."""
    rngs[0] = pnp_derive_seed("agent", 2, <int64_t>seed, 0)
    rngs[1] = pnp_derive_seed("agent", 2, <int64_t>seed, 1)


cdef inline array.array table_array(Py_ssize_t games, int columns):
    """The ``play_table`` array of ``games`` games of ``columns`` whole numbers each (not yet filled)."""
    return array.clone(array.array("i"), games * columns, False)


# ----------------------------------------------------------------------- the search tree
cdef struct Node:       # a search tree node: the move that led to it, by its code (``key``)
    int key, child, sibling, n, avail
    double w


cdef inline Node* new_tree(int iterations) noexcept nogil:
    """Room for a search of ``iterations`` iterations (one node each and the root), the root made;
    NULL when there is no memory."""
    cdef Node* nodes = <Node*>malloc((iterations + 1) * sizeof(Node))
    if nodes != NULL:
        nodes[0].child = -1
        nodes[0].sibling = -1
        nodes[0].n = 0
    return nodes


cdef inline int child_of(const Node* nodes, int node, int key) noexcept nogil:
    """The child of ``node`` that ``key`` leads to, or -1."""
    cdef int child = nodes[node].child
    while child >= 0 and nodes[child].key != key:
        child = nodes[child].sibling
    return child


cdef inline int add_child(Node* nodes, int* count, int node, int key) noexcept nogil:
    """A new child of ``node``, led to by ``key`` (available once, not yet visited), as node
    ``count[0]`` (then counted): its index."""
    cdef int at = count[0]
    cdef Node* nd = &nodes[at]
    nd.key = key
    nd.child = -1
    nd.sibling = nodes[node].child
    nd.n = 0
    nd.w = 0.0
    nd.avail = 1
    nodes[node].child = at
    count[0] = at + 1
    return at


cdef inline int ucb_pick(const Node* nodes, const int* kids, int count, double c) noexcept nogil:
    """The index among the ``count`` nodes ``kids`` (all visited) of the highest UCB1 with constant
    ``c`` and availability counts; the first of equals."""
    cdef int j, pick = 0
    cdef double u, best = -1.0
    cdef const Node* nd
    for j in range(count):
        nd = &nodes[kids[j]]
        u = nd.w / nd.n + c * sqrt(log(<double>nd.avail) / nd.n)
        if u > best:
            best = u
            pick = j
    return pick


cdef inline void backup(Node* nodes, const int* visited, const int* movers, int count, double value) noexcept nogil:
    """A playout's ``value`` (for the first seat) counted in the ``count`` nodes ``visited``, each for
    the seat that moved into it (``movers``)."""
    cdef int j
    cdef Node* nd
    for j in range(count):
        nd = &nodes[visited[j]]
        nd.n += 1
        nd.w += value if movers[j] == 0 else 1.0 - value


cdef inline double squash(double value, double temperature) noexcept nogil:
    """An unfinished game's ``value`` as a playout's result: a logistic of ``value / temperature``."""
    cdef double x = value / temperature
    if x > 50.0:
        x = 50.0
    elif x < -50.0:
        x = -50.0
    return 1.0 / (1.0 + exp(-x))
