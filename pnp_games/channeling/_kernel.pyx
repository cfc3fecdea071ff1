# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Channeling's compiled kernel: whole games of the ``random`` and ``greedy`` agents played in
C, decision for decision the games the Python engine plays (its twin).

Built as an optional extension (setup.py); ``kernel.py`` is the only module that imports it. The
deal is ``setup.new_game``'s (the same SplitMix64 shuffles), the rules those of transitions.py and
movegen.py, the agents those of plans.py and agents.py: a plan made at the start of a turn and
played as its decisions, the greedy values summed in the engine's order. The grid's geometry
(lines, the steps toward each square, squares by distance) comes from the engine's own tables.
"""
from cpython cimport array
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from pnp_games.kernel_base cimport (Node, Seats, add_child, agent_seeds, backup, batch_seeds, child_of, new_tree,
                                    pnp_below, pnp_lowest, pnp_next, pnp_popcount, pnp_random, seats_of,
                                    squash, table_array, ucb_pick)

import array

cdef enum:
    MAXC = 64          # squares (an 8 x 8 grid at most)
    MAXH = 16          # glyphs
    MAXDECK = 1024     # cards
    AGENT_RANDOM = 0
    AGENT_GREEDY = 1
    MAXMOVES = 2 * MAXH * MAXC   # (glyph, druid, destination) triples
    LOGMOST = 1 << 20
    AGENT_SEARCH = 2
    MAXK = 16          # candidates of a search node
    MAXDEPTH = 1024    # turns below a search's root
    TABLE_COLUMNS = 15  # whole numbers per game of ``play_table`` (``TABLE``)

cdef struct Static:
    int n, cells, H, hidden, nmasks, deck_size, pm, ps, pb, in_line, trigger, turn_cap, cubes, shuffled
    int base_play, base_from, base_to, base_via, base_refill
    int druid_start[4]
    int tie[2]         # 1 fewer_cards, 2 second_player, 0 none
    double take, own, opp
    uint64_t line_mask[2 * MAXH]
    int tw[MAXC][MAXC][2]       # tw[b][a]: the neighbours of a one step nearer b
    int twn[MAXC][MAXC]
    int order_from[MAXC][MAXC]  # squares by distance to b, nearest first
    int row_of[MAXC]
    int col_of[MAXC]


cdef struct Game:
    int grid[MAXC]
    int cubes[MAXC]
    int druids[4]
    uint64_t empty
    uint64_t gmask[MAXH]
    int gline[2 * MAXH]
    int order[MAXDECK]
    int top, deck_left                 # the next card is order[top]; deck_left cards remain
    int playable[2]
    int hidden[2]
    int need_hide[2]
    int setup, cur, turn, last, terminal, stalled, deck_ran_out
    int supply[2]
    int over[2]
    int ncards[2]
    int splendor[2]
    int supply_short[2]
    int spent[2]


cdef struct Plan:
    int hide, glyph, slot, dst, npath, nrefill
    int path[2 * MAXC]
    int refill[2 * MAXC]


cdef struct Moves:
    int n, nhand
    double mv[MAXMOVES]      # value, glyph, druid slot, destination and exact path index (-1: traced) per move
    int mg[MAXMOVES]
    int ms[MAXMOVES]
    int md[MAXMOVES]
    long long mp[MAXMOVES]
    double f[4][MAXC]        # the path programme's sums toward each druid (agents._best_sums)
    double h[4][MAXC]
    int have[4]
    double best_g[MAXH]
    int has_g[MAXH]
    int hand[MAXH]


cdef struct SearchParams:
    int top_k, reply_k, rollout_turns, paired
    double c, temperature


cdef struct Log:
    int* ids
    int n


cdef inline void emit(Log* log, int value) noexcept nogil:
    if log.ids != NULL and log.n < LOGMOST:
        log.ids[log.n] = value
        log.n += 1


cdef inline uint64_t free_cells(const Static* st, const Game* g) noexcept nogil:
    cdef uint64_t all_cells = (<uint64_t>-1) if st.cells == 64 else ((<uint64_t>1 << st.cells) - 1)
    return all_cells & ~(g.empty | (<uint64_t>1 << g.druids[0]) | (<uint64_t>1 << g.druids[1])
                         | (<uint64_t>1 << g.druids[2]) | (<uint64_t>1 << g.druids[3]))


cdef inline int avail(const Static* st, const Game* g, int p) noexcept nogil:
    return ((1 << st.H) - 1) if g.need_hide[p] else g.playable[p]


cdef inline int glyph_moves(const Static* st, const Game* g, int p, int gl) noexcept nogil:
    cdef uint64_t lm = g.gmask[gl]
    if not (lm & free_cells(st, g)):
        return 0
    return not st.in_line or ((lm >> g.druids[2 * p]) & 1) or ((lm >> g.druids[2 * p + 1]) & 1)


# ----------------------------------------------------------------------- the deal
cdef void shuffle(int* seq, int n, uint64_t* rng) noexcept nogil:
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = pnp_below(rng, <uint64_t>(i + 1))
        t = seq[i]
        seq[i] = seq[j]
        seq[j] = t


cdef void deal(const Static* st, Game* g, uint64_t seed) noexcept nogil:
    cdef uint64_t rng = seed
    cdef int i
    for i in range(st.deck_size):
        g.order[i] = i
    shuffle(g.order, st.deck_size, &rng)
    for i in range(2 * st.n):
        g.gline[i] = i
    if st.shuffled:
        shuffle(g.gline, 2 * st.n, &rng)
    for i in range(st.H):
        g.gmask[i] = st.line_mask[g.gline[i]]
    g.empty = 0
    for i in range(st.cells):
        g.cubes[i] = 0
        if i < st.deck_size:
            g.grid[i] = g.order[i]
        else:
            g.grid[i] = -1
            g.empty |= <uint64_t>1 << i
    g.top = st.cells
    g.deck_left = st.deck_size - st.cells if st.deck_size > st.cells else 0
    for i in range(4):
        g.druids[i] = st.druid_start[i]
    for i in range(2):
        g.playable[i] = (1 << st.H) - 1
        g.hidden[i] = 0
        g.need_hide[i] = 0
        g.supply[i] = st.cubes
        g.over[i] = 0
        g.ncards[i] = 0
        g.splendor[i] = 0
        g.supply_short[i] = 0
        g.spent[i] = 0
    g.setup = 2 if st.hidden else 0
    g.cur = 0
    g.turn = 0
    g.last = -1
    g.terminal = 0
    g.stalled = 0
    g.deck_ran_out = 0


# ----------------------------------------------------------------------- paths
cdef long long binomials[MAXC][MAXC]   # binomials[n][k] (n: a path's steps, at most 14), filled once below


cdef void fill_binomials() noexcept nogil:
    cdef int n, k
    for n in range(MAXC):
        binomials[n][0] = 1
        for k in range(1, MAXC):
            binomials[n][k] = 0 if n == 0 else binomials[n - 1][k - 1] + binomials[n - 1][k]


fill_binomials()


cdef inline long long choose_count(int n, int k) noexcept nogil:
    if k < 0 or k > n:
        return 0
    return binomials[n][k]


cdef inline long long path_count(const Static* st, int a, int b) noexcept nogil:
    cdef int v = st.row_of[a] - st.row_of[b], h = st.col_of[a] - st.col_of[b]
    if v < 0:
        v = -v
    if h < 0:
        h = -h
    return choose_count(v + h, v)


cdef int path_at(const Static* st, int a, int b, long long index, int* out) noexcept nogil:
    """The ``index``-th shortest path from ``a`` to ``b`` in the order of ``geometry._all_paths``
    (a walk that tries the vertical step first); its length."""
    cdef int r = st.row_of[a], c = st.col_of[a], br = st.row_of[b], bc = st.col_of[b]
    cdef int dr = (br > r) - (br < r), dc = (bc > c) - (bc < c), k = 0, v, h
    cdef long long first
    out[k] = r * st.n + c
    k += 1
    while r != br or c != bc:
        v = br - r if br > r else r - br
        h = bc - c if bc > c else c - bc
        if v > 0:
            first = choose_count(v - 1 + h, h) if h > 0 else 1
            if index < first or h == 0:
                r += dr
            else:
                index -= first
                c += dc
        else:
            c += dc
        out[k] = r * st.n + c
        k += 1
    return k


# ----------------------------------------------------------------------- laying cubes
cdef int lay(const Static* st, const Game* g, const int* vig, int p, const int* path, int npath, int* vals,
             int* used_out, int* cancel_out, int* short_out, int* taken) noexcept nogil:
    """``MoveGeneration._lay``: new cube counts along ``path``; returns the count of cards taken."""
    cdef int avail_cubes = g.supply[p], sign = 1 - 2 * p, last = npath - 1, used = 0, cancel = 0, short = 0
    cdef int i, c, card, v, amt, opp, nv, ntaken = 0
    for i in range(npath):
        c = path[i]
        card = g.grid[c]
        v = g.cubes[c]
        if card < 0:
            vals[i] = v
            continue
        amt = st.pm if i == 0 else (st.ps if i == last else st.pb)
        if amt > avail_cubes - used:
            amt = avail_cubes - used
            short = 1
        if amt <= 0:
            vals[i] = v
            continue
        used += amt
        opp = -v * sign
        if opp > 0:
            cancel += amt if amt < opp else opp
        nv = v + sign * amt
        vals[i] = nv
        if nv * sign >= vig[card]:
            taken[ntaken] = c
            ntaken += 1
    used_out[0] = used
    cancel_out[0] = cancel
    short_out[0] = short
    return ntaken


cdef class ChannelingKernel:
    """One set of rule options, deck and glyph count, ready to play games (see ``kernel.py``)."""

    cdef Static* st
    cdef int* vig
    cdef int* spl
    cdef int* basis
    cdef int* hide_masks
    cdef int* hide_index
    cdef int* scratch
    cdef SearchParams sp

    def __cinit__(self):
        self.st = <Static*>malloc(sizeof(Static))
        self.vig = <int*>malloc(MAXDECK * sizeof(int))
        self.spl = <int*>malloc(MAXDECK * sizeof(int))
        self.basis = <int*>malloc(MAXDECK * sizeof(int))
        self.hide_masks = <int*>malloc((1 << MAXH) * sizeof(int))
        self.hide_index = <int*>malloc((1 << MAXH) * sizeof(int))
        self.scratch = <int*>malloc(MAXDECK * sizeof(int))
        self.sp.top_k, self.sp.reply_k, self.sp.c, self.sp.rollout_turns, self.sp.temperature = 4, 2, 0.7, 4, 4.0
        self.sp.paired = 1
        if not (self.st and self.vig and self.spl and self.basis and self.hide_masks and self.hide_index and self.scratch):
            raise MemoryError()

    def __dealloc__(self):
        free(self.st)
        free(self.vig)
        free(self.spl)
        free(self.basis)
        free(self.hide_masks)
        free(self.hide_index)
        free(self.scratch)

    def __init__(self, dict numbers, list cards, list hide_masks, list line_masks, list toward,
                 list order_from, dict weights):
        """``numbers``: see ``kernel.static_numbers``; ``cards``: (Vigor, Splendor, basis) per card
        of the deck list; ``hide_masks``: the face-down choices in id order; ``line_masks``: rows
        then columns; ``toward[b][a]`` and ``order_from[b]`` as ``geometry`` gives them."""
        cdef Static* st = self.st
        cdef int i, b, a, k
        st.n = numbers["n"]
        st.cells = st.n * st.n
        st.H = numbers["H"]
        st.hidden = numbers["hidden"]
        st.deck_size = len(cards)
        if st.cells > MAXC or st.H > MAXH or st.deck_size > MAXDECK or len(hide_masks) > (1 << MAXH):
            raise ValueError("game beyond the kernel's sizes")
        st.pm = numbers["pm"]
        st.ps = numbers["ps"]
        st.pb = numbers["pb"]
        st.in_line = numbers["in_line"]
        st.trigger = numbers["trigger"]
        st.turn_cap = numbers["turn_cap"]
        st.cubes = numbers["cubes"]
        st.shuffled = numbers["shuffled"]
        for i in range(4):
            st.druid_start[i] = numbers["druid_start"][i]
        st.tie[0] = numbers["tie"][0]
        st.tie[1] = numbers["tie"][1]
        st.take = weights["take"]
        st.own = weights["own"]
        st.opp = weights["opp"]
        st.nmasks = len(hide_masks)
        st.base_play = st.nmasks
        st.base_from = st.base_play + st.H
        st.base_to = st.base_from + st.cells
        st.base_via = st.base_to + st.cells
        st.base_refill = st.base_via + st.cells
        for i in range(1 << st.H):
            self.hide_index[i] = -1
        for i, m in enumerate(hide_masks):
            self.hide_masks[i] = m
            self.hide_index[m] = i
        for i, (v, s, bs) in enumerate(cards):
            self.vig[i] = v
            self.spl[i] = s
            self.basis[i] = bs
        for i in range(2 * st.n):
            st.line_mask[i] = line_masks[i]
        for b in range(st.cells):
            st.row_of[b] = b // st.n
            st.col_of[b] = b % st.n
            for a in range(st.cells):
                st.twn[b][a] = len(toward[b][a])
                for k in range(st.twn[b][a]):
                    st.tw[b][a][k] = toward[b][a][k]
                st.order_from[b][a] = order_from[b][a]

    # ------------------------------------------------------------------- turns
    cdef void end_turn(self, Game* g, int gl) noexcept nogil:
        """``Transitions._end_turn`` (the glyph ``gl`` is played or spent)."""
        cdef const Static* st = self.st
        cdef int p = g.cur, pl = g.playable[p] & ~(1 << gl)
        if pl:
            g.playable[p] = pl
        else:
            g.playable[p] = (1 << st.H) - 1
            g.hidden[p] = 0
            g.need_hide[p] = st.hidden > 0
        if g.last == p:
            g.terminal = 1
        elif g.last < 0 and g.ncards[p] >= st.trigger:
            g.last = 1 - p
        g.turn += 1
        if not g.terminal and g.turn >= st.turn_cap:
            g.terminal = 1
            g.stalled = 1
        g.cur = 1 - p

    cdef void take_cards(self, Game* g, const int* path, int npath, const int* vals, int used, int cancel,
                         int short, const int* taken, int ntaken) noexcept nogil:
        cdef const Static* st = self.st
        cdef int p = g.cur, sign = 1 - 2 * g.cur, i, c, card, count, ret
        for i in range(npath):
            g.cubes[path[i]] = vals[i]
        g.supply[p] += cancel - used
        g.supply[1 - p] += cancel
        if short:
            g.supply_short[p] = 1
        for i in range(ntaken):
            c = taken[i]
            card = g.grid[c]
            count = g.cubes[c] * sign
            ret = self.basis[card] if self.basis[card] < count else count
            g.supply[p] += ret
            g.over[p] += count - ret
            g.splendor[p] += self.spl[card]
            g.ncards[p] += 1
            g.cubes[c] = 0
            g.grid[c] = -1

    cdef void refill(self, Game* g, const Plan* plan, const int* taken, int ntaken, Log* log) noexcept nogil:
        """The refills of the taken spots (``_next_refill``, ``_refill``, ``_draw``), each spot
        named by the plan's order where several wait, each card drawn from the top of the deck."""
        cdef const Static* st = self.st
        cdef int left[2 * MAXC]
        cdef int nleft = ntaken, i, j, spot, card, found
        for i in range(ntaken):
            left[i] = taken[i]
        while nleft:
            if g.deck_left == 0:
                for i in range(nleft):
                    g.empty |= <uint64_t>1 << left[i]
                g.deck_ran_out = 1
                return
            if nleft == 1:
                spot = left[0]
                nleft = 0
            else:
                found = -1
                for j in range(plan.nrefill):
                    for i in range(nleft):
                        if left[i] == plan.refill[j]:
                            found = i
                            break
                    if found >= 0:
                        break
                if found < 0:
                    found = 0
                spot = left[found]
                emit(log, st.base_refill + spot)
                for i in range(found, nleft - 1):
                    left[i] = left[i + 1]
                nleft -= 1
            card = g.order[g.top]
            g.top += 1
            g.deck_left -= 1
            emit(log, -1 - card)
            g.grid[spot] = card

    cdef void play_plan(self, Game* g, const Plan* plan, Log* log) noexcept nogil:
        """Apply a turn's plan as the engine applies its decisions, logging each decision id and
        each card drawn (as -1 - card)."""
        cdef const Static* st = self.st
        cdef int p = g.cur, slot, other, k, a
        cdef int vals[2 * MAXC]
        cdef int taken[2 * MAXC]
        cdef int used, cancel, short, ntaken
        if g.setup or g.need_hide[p]:
            emit(log, self.hide_index[plan.hide])
            g.hidden[p] = plan.hide
            g.playable[p] = ((1 << st.H) - 1) & ~plan.hide
            g.need_hide[p] = 0
            if g.setup:
                g.setup -= 1
                g.cur = 1 - p
                return
        emit(log, st.base_play + plan.glyph)
        if not glyph_moves(st, g, p, plan.glyph):
            g.spent[p] += 1
            self.end_turn(g, plan.glyph)
            return
        slot = plan.slot
        emit(log, st.base_from + g.druids[slot])
        emit(log, st.base_to + plan.dst)
        g.druids[slot] = plan.dst
        other = g.druids[slot ^ 1]
        for k in range(1, plan.npath):
            a = plan.path[k - 1]
            if st.twn[other][a] > 1:
                emit(log, st.base_via + plan.path[k])
        ntaken = lay(st, g, self.vig, p, plan.path, plan.npath, vals, &used, &cancel, &short, taken)
        self.take_cards(g, plan.path, plan.npath, vals, used, cancel, short, taken, ntaken)
        self.refill(g, plan, taken, ntaken, log)
        self.end_turn(g, plan.glyph)

    # ------------------------------------------------------------------- the random agent
    cdef int sample_mask(self, uint64_t* rng, int keep) noexcept nogil:
        """``rng.sample`` of ``hidden`` glyphs among all but ``keep`` (-1: all), as a mask."""
        cdef int pool[MAXH]
        cdef int n = 0, i, j, t, mask = 0
        for i in range(self.st.H):
            if i != keep:
                pool[n] = i
                n += 1
        for i in range(self.st.hidden):
            j = i + pnp_below(rng, <uint64_t>(n - i))
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
            mask |= 1 << pool[i]
        return mask

    cdef void random_plan(self, const Game* g, uint64_t* rng, Plan* plan) noexcept nogil:
        cdef const Static* st = self.st
        cdef int p = g.cur, base = 2 * p, total = 0, nch = 0, gl, s, k, r, nd, i, slot, dst, other
        cdef int ch_k[MAXH]
        cdef int ch_g[MAXH]
        cdef int ch_s[MAXH][2]
        cdef int ch_ns[MAXH]
        cdef uint64_t ch_dm[MAXH]
        cdef uint64_t fr, lm, dm
        cdef int av, nhand = 0
        cdef int hand[MAXH]
        cdef long long npaths
        cdef int vals[2 * MAXC]
        cdef int used, cancel, short, ntaken
        plan.hide = -1
        plan.glyph = -1
        plan.slot = -1
        plan.npath = 0
        plan.nrefill = 0
        if g.setup:
            plan.hide = self.sample_mask(rng, -1)
            return
        fr = free_cells(st, g)
        av = avail(st, g, p)
        for gl in range(st.H):
            if not (av >> gl) & 1:
                continue
            hand[nhand] = gl
            nhand += 1
            lm = g.gmask[gl]
            dm = lm & fr
            if not dm:
                continue
            ch_ns[nch] = 0
            for s in range(base, base + 2):
                if not st.in_line or (lm >> g.druids[s]) & 1:
                    ch_s[nch][ch_ns[nch]] = s
                    ch_ns[nch] += 1
            if ch_ns[nch] == 0:
                continue
            k = pnp_popcount(dm) * ch_ns[nch]
            total += k
            ch_k[nch] = k
            ch_g[nch] = gl
            ch_dm[nch] = dm
            nch += 1
        if nch == 0:
            plan.glyph = hand[pnp_below(rng, <uint64_t>nhand)]
            if g.need_hide[p]:
                plan.hide = self.sample_mask(rng, plan.glyph)
            return
        r = <int>(pnp_random(rng) * <double>total)
        for i in range(nch):
            if r < ch_k[i]:
                break
            r -= ch_k[i]
        nd = pnp_popcount(ch_dm[i])
        slot = ch_s[i][r // nd]
        dm = ch_dm[i]
        for k in range(r % nd):  # the (r % nd)-th destination, from the lowest
            dm &= dm - 1
        dst = pnp_lowest(dm)
        plan.glyph = ch_g[i]
        plan.slot = slot
        plan.dst = dst
        other = g.druids[slot ^ 1]
        npaths = path_count(st, dst, other)
        plan.npath = path_at(st, dst, other, <long long>(pnp_random(rng) * <double>npaths) if npaths > 1 else 0,
                             plan.path)
        ntaken = lay(st, g, self.vig, p, plan.path, plan.npath, vals, &used, &cancel, &short, plan.refill)
        plan.nrefill = ntaken
        if ntaken > 1:
            shuffle(plan.refill, ntaken, rng)
        if g.need_hide[p]:
            plan.hide = self.sample_mask(rng, plan.glyph)

    # ------------------------------------------------------------------- the greedy agent
    cdef double delta(self, int card, int v, int amt) noexcept nogil:
        """``agents._deltas``/``_exact_gain``: the value change on a card from ``v`` to ``v + amt``."""
        cdef const Static* st = self.st
        cdef int V = self.vig[card], S = self.spl[card], bs = self.basis[card], nv = v + amt, ret
        cdef double k = <double>S / <double>(V * V), before, after
        before = st.own * k * v * v if v >= 0 else -st.opp * k * v * v
        if nv >= V:
            ret = bs if bs < nv else nv
            after = st.take * <double>(S - (nv - ret))
        elif nv >= 0:
            after = st.own * k * nv * nv
        else:
            after = -st.opp * k * nv * nv
        return after - before

    cdef void best_sums(self, int t, const double* gb, double* f, double* h) noexcept nogil:
        cdef const Static* st = self.st
        cdef int i, a, j, m
        cdef double best
        for i in range(st.cells):
            f[i] = 0.0
            h[i] = 0.0
        for i in range(1, st.cells):
            a = st.order_from[t][i]
            best = -1e18
            for j in range(st.twn[t][a]):
                m = st.tw[t][a][j]
                if h[m] > best:
                    best = h[m]
            f[a] = best
            h[a] = gb[a] + best

    cdef int trace(self, const double* h, int dst, int t, int* out) noexcept nogil:
        cdef const Static* st = self.st
        cdef int n = 0, a = dst, best, j, m
        out[n] = dst
        n += 1
        while a != t:
            best = -1
            for j in range(st.twn[t][a]):
                m = st.tw[t][a][j]
                if best < 0 or h[m] > h[best]:
                    best = m
            a = best
            out[n] = a
            n += 1
        return n

    cdef void score_moves(self, const Game* g, Moves* m) noexcept nogil:
        """Every move (glyph, druid slot, destination) of the player to move with its greedy value
        (``agents._ranked``), the best value per glyph and the glyphs in hand."""
        cdef const Static* st = self.st
        cdef int p = g.cur, sign = 1 - 2 * g.cur, base = 2 * g.cur, c, card, v, gl, s, dst, t, nmoves = 0
        cdef int need = st.pm + st.ps + st.pb * (2 * st.n - 3), exact = g.supply[g.cur] < need
        cdef double gm[MAXC]
        cdef double gs[MAXC]
        cdef double gb[MAXC]
        cdef int path[2 * MAXC]
        cdef int vals[2 * MAXC]
        cdef int taken[2 * MAXC]
        cdef int used, cancel, short, npath, i, k, av
        cdef uint64_t fr = free_cells(st, g), lm, dm
        cdef long long q, npaths, best_q
        cdef double val, best_val, current
        m.nhand = 0
        for c in range(4):
            m.have[c] = 0
        for gl in range(st.H):
            m.has_g[gl] = 0
        if not exact:
            for c in range(st.cells):
                card = g.grid[c]
                if card < 0:
                    gm[c] = gs[c] = gb[c] = 0.0
                    continue
                v = g.cubes[c] * sign
                gm[c] = self.delta(card, v, st.pm)
                gs[c] = self.delta(card, v, st.ps)
                gb[c] = self.delta(card, v, st.pb)
        av = avail(st, g, p)
        for gl in range(st.H):
            if not (av >> gl) & 1:
                continue
            m.hand[m.nhand] = gl
            m.nhand += 1
            lm = g.gmask[gl]
            dm = lm & fr
            if not dm:
                continue
            for s in range(base, base + 2):
                if st.in_line and not (lm >> g.druids[s]) & 1:
                    continue
                t = g.druids[s ^ 1]
                for dst in range(st.cells):
                    if not (dm >> dst) & 1:
                        continue
                    if exact:
                        npaths = path_count(st, dst, t)
                        best_q = -1
                        best_val = 0.0
                        for q in range(npaths):
                            npath = path_at(st, dst, t, q, path)
                            lay(st, g, self.vig, p, path, npath, vals, &used, &cancel, &short, taken)
                            val = 0.0
                            for i in range(npath):
                                card = g.grid[path[i]]
                                if card >= 0:
                                    val += self.delta(card, g.cubes[path[i]] * sign, vals[i] * sign - g.cubes[path[i]] * sign)
                                else:
                                    val += 0.0
                            if best_q < 0 or val > best_val:
                                best_q = q
                                best_val = val
                        m.mv[nmoves] = best_val
                        m.mp[nmoves] = best_q
                    else:
                        k = s ^ 1
                        if not m.have[k]:
                            self.best_sums(t, gb, m.f[k], m.h[k])
                            m.have[k] = 1
                        m.mv[nmoves] = gm[dst] + gs[t] + m.f[k][dst]
                        m.mp[nmoves] = -1
                    m.mg[nmoves] = gl
                    m.ms[nmoves] = s
                    m.md[nmoves] = dst
                    nmoves += 1
        for i in range(nmoves):  # the best value per glyph (agents._ranked's best_g)
            current = m.best_g[m.mg[i]] if m.has_g[m.mg[i]] else -1e18
            if m.mv[i] > current:
                m.best_g[m.mg[i]] = m.mv[i]
                m.has_g[m.mg[i]] = 1
        m.n = nmoves

    cdef void move_plan(self, const Game* g, const Moves* m, int i, Plan* plan) noexcept nogil:
        """The whole turn of move ``i`` of ``m``: its path (the best one) and, on a fresh hand, the
        face-down choice (``agents.greedy_plan``)."""
        cdef int t = g.druids[m.ms[i] ^ 1]
        plan.nrefill = 0
        plan.glyph = m.mg[i]
        plan.slot = m.ms[i]
        plan.dst = m.md[i]
        if m.mp[i] >= 0:
            plan.npath = path_at(self.st, m.md[i], t, m.mp[i], plan.path)
        else:
            plan.npath = self.trace(m.h[m.ms[i] ^ 1], m.md[i], t, plan.path)
        plan.hide = self.hide_choice(plan.glyph, m.best_g, m.has_g) if g.need_hide[g.cur] else -1

    cdef bint unmoved_plan(self, const Game* g, const Moves* m, uint64_t* rng, Plan* plan) noexcept nogil:
        """The greedy plan where no move is to be chosen (a setup face-down choice, or a glyph spent
        at random when none allows a move); False when there are moves."""
        plan.hide = -1
        plan.glyph = -1
        plan.slot = -1
        plan.npath = 0
        plan.nrefill = 0
        if g.setup:
            plan.hide = self.hide_choice(-1, m.best_g, m.has_g)
            return True
        if m.n == 0:
            plan.glyph = m.hand[pnp_below(rng, <uint64_t>m.nhand)]
            if g.need_hide[g.cur]:
                plan.hide = self.hide_choice(plan.glyph, m.best_g, m.has_g)
            return True
        return False

    cdef void greedy_plan(self, const Game* g, uint64_t* rng, Plan* plan) noexcept nogil:
        cdef Moves m
        cdef int i, nbest = 0, pick
        cdef double top
        self.score_moves(g, &m)
        if self.unmoved_plan(g, &m, rng, plan):
            return
        top = m.mv[0]
        for i in range(1, m.n):
            if m.mv[i] > top:
                top = m.mv[i]
        for i in range(m.n):
            if m.mv[i] >= top - 1e-9:
                nbest += 1
        pick = 0 if nbest == 1 else <int>(pnp_random(rng) * <double>nbest)
        for i in range(m.n):
            if m.mv[i] >= top - 1e-9:
                if pick == 0:
                    break
                pick -= 1
        self.move_plan(g, &m, i, plan)

    cdef int hide_choice(self, int keep, const double* best_g, const int* has_g) noexcept nogil:
        """``agents.hide_choice``: the ``hidden`` glyphs of least value (by best move, -1e9 for a
        glyph without a move; ties by index), never ``keep``; as a mask."""
        cdef int cand[MAXH]
        cdef double key[MAXH]
        cdef int n = 0, i, j, t, mask = 0
        cdef double kt
        for i in range(self.st.H):
            if i != keep:
                cand[n] = i
                key[n] = best_g[i] if has_g[i] else -1e9
                n += 1
        for i in range(1, n):  # a stable insertion sort by (key, index)
            t = cand[i]
            kt = key[i]
            j = i - 1
            while j >= 0 and key[j] > kt:
                cand[j + 1] = cand[j]
                key[j + 1] = key[j]
                j -= 1
            cand[j + 1] = t
            key[j + 1] = kt
        for i in range(self.st.hidden):
            mask |= 1 << cand[i]
        return mask

    # ------------------------------------------------------------------- the end of a game
    cdef int winner(self, const Game* g, int* tie) noexcept nogil:
        """``State.outcome``: the winner (-1: none) of a finished game, the tie-break used in ``tie``."""
        cdef int s0 = g.splendor[0] - g.over[0], s1 = g.splendor[1] - g.over[1], i
        tie[0] = 0
        if g.stalled:
            return -1
        if s0 != s1:
            return 0 if s0 > s1 else 1
        for i in range(2):
            if self.st.tie[i] == 1:
                if g.ncards[0] != g.ncards[1]:
                    tie[0] = 1
                    return 0 if g.ncards[0] < g.ncards[1] else 1
            elif self.st.tie[i] == 2:
                tie[0] = 2
                return 1
        return -1

    # ------------------------------------------------------------------- the search agent
    cdef double value0(self, const Game* g) noexcept nogil:
        """``agents.position_value`` from the first seat's side: the score difference plus the cube
        progress on the grid."""
        cdef const Static* st = self.st
        cdef double value = <double>((g.splendor[0] - g.over[0]) - (g.splendor[1] - g.over[1])), k
        cdef int c, card, v
        for c in range(st.cells):
            card = g.grid[c]
            v = g.cubes[c]
            if card < 0 or v == 0:
                continue
            k = <double>self.spl[card] / <double>(self.vig[card] * self.vig[card])
            value += (st.own if v > 0 else -st.opp) * k * v * v
        return value

    cdef void determinise(self, Game* g, int me, uint64_t* rng) noexcept nogil:
        """Re-draw what ``me`` cannot see: the opponent's face-down glyphs (as many, among the
        opponent's unplayed glyphs) and the order of the deck (first sorted, so the true order is
        never read)."""
        cdef int opp = 1 - me, unplayed = g.hidden[opp] | g.playable[opp], k = pnp_popcount(g.hidden[opp])
        cdef int pool[MAXH]
        cdef int n = 0, i, j, t, mask = 0, end = g.top + g.deck_left
        cdef char* present
        if k:
            for i in range(self.st.H):
                if (unplayed >> i) & 1:
                    pool[n] = i
                    n += 1
            for i in range(k):
                j = i + pnp_below(rng, <uint64_t>(n - i))
                t = pool[i]
                pool[i] = pool[j]
                pool[j] = t
                mask |= 1 << pool[i]
            g.hidden[opp] = mask
            g.playable[opp] = unplayed & ~mask
        if g.deck_left > 1:
            present = <char*>self.scratch
            for i in range(self.st.deck_size):
                present[i] = 0
            for i in range(g.top, end):
                present[g.order[i]] = 1
            j = g.top
            for i in range(self.st.deck_size):
                if present[i]:
                    g.order[j] = i
                    j += 1
            shuffle(g.order + g.top, g.deck_left, rng)

    cdef int candidates(self, const Game* g, int k, uint64_t* rng, Plan* out, int* keys) noexcept nogil:
        """The ``k`` best whole turns of the player to move by the greedy evaluation, best first (ties
        in move order), with their tree keys; one plan where no move is to be chosen."""
        cdef Moves m
        cdef char chosen[MAXMOVES]
        cdef int i, j, best, n = 0
        self.score_moves(g, &m)
        if self.unmoved_plan(g, &m, rng, out):
            keys[0] = -1 - out[0].glyph
            return 1
        for i in range(m.n):
            chosen[i] = 0
        for j in range(k if k < m.n else m.n):
            best = -1
            for i in range(m.n):
                if not chosen[i] and (best < 0 or m.mv[i] > m.mv[best]):
                    best = i
            chosen[best] = 1
            self.move_plan(g, &m, best, &out[n])
            keys[n] = (m.mg[best] * 4 + m.ms[best]) * MAXC + m.md[best]
            n += 1
        return n

    cdef double playout(self, Game* g, uint64_t* rng) noexcept nogil:
        """Greedy play for ``rollout_turns`` turns (to the end when negative); the first seat's
        share: 1, 0.5 or 0 for a finished game, else the position value squashed by a logistic."""
        cdef Plan plan
        cdef Log nolog
        cdef int stop = g.turn + self.sp.rollout_turns, tie, w
        nolog.ids = NULL
        while not g.terminal and (self.sp.rollout_turns < 0 or g.turn < stop):
            self.greedy_plan(g, rng, &plan)
            self.play_plan(g, &plan, &nolog)
        if g.terminal:
            w = self.winner(g, &tie)
            return 0.5 if w < 0 else (1.0 if w == 0 else 0.0)
        return squash(self.value0(g), self.sp.temperature)

    cdef void search(self, const Game* root, uint64_t* rng, int iterations, Plan* best_plan) noexcept nogil:
        """Information-set MCTS over whole turns (see ``kernel.KernelSearch``): the most visited of the
        root's ``top_k`` turns after ``iterations`` iterations, each on a fresh determinisation."""
        cdef Plan root_plans[MAXK]
        cdef int root_keys[MAXK]
        cdef Plan plans[MAXK]
        cdef int keys[MAXK]
        cdef int kids[MAXK]
        cdef int visited[MAXDEPTH]
        cdef int movers[MAXDEPTH]
        cdef Game g
        cdef Log nolog
        cdef Node* nodes
        cdef int nroot, it, node, nvis, nc, j, child, fresh, pick, nnodes = 1, p
        cdef double best, c = self.sp.c
        cdef uint64_t base, paired
        cdef uint64_t* draws
        nolog.ids = NULL
        if root.setup:
            self.greedy_plan(root, rng, best_plan)
            return
        nroot = self.candidates(root, self.sp.top_k, rng, root_plans, root_keys)
        if nroot == 1:
            best_plan[0] = root_plans[0]
            return
        nodes = new_tree(iterations)
        if nodes == NULL:
            best_plan[0] = root_plans[0]
            return
        base = pnp_next(rng)
        for it in range(iterations):
            g = root[0]
            node = 0
            nvis = 0
            draws = rng
            while not g.terminal and nvis < MAXDEPTH:
                if g.setup:
                    self.greedy_plan(&g, draws, &plans[0])
                    self.play_plan(&g, &plans[0], &nolog)
                    continue
                if node == 0:
                    nc = nroot
                    for j in range(nc):
                        plans[j] = root_plans[j]
                        keys[j] = root_keys[j]
                else:
                    nc = self.candidates(&g, self.sp.reply_k, draws, plans, keys)
                fresh = -1
                for j in range(nc):  # each candidate's child, counted as available
                    child = child_of(nodes, node, keys[j])
                    kids[j] = child
                    if child >= 0:
                        nodes[child].avail += 1
                    elif fresh < 0:
                        fresh = j
                p = g.cur
                if fresh >= 0:
                    pick = fresh
                    node = add_child(nodes, &nnodes, node, keys[fresh])
                else:
                    pick = ucb_pick(nodes, kids, nc, c)
                    node = kids[pick]
                if nvis == 0:  # the root's turn is chosen: now re-draw what the searcher cannot see
                    if self.sp.paired:  # the k-th visit of each root turn meets the k-th determinisation
                        paired = base + <uint64_t>nodes[node].n * <uint64_t>0xD1B54A32D192ED03
                        draws = &paired
                    self.determinise(&g, root.cur, draws)
                visited[nvis] = node
                movers[nvis] = p
                nvis += 1
                self.play_plan(&g, &plans[pick], &nolog)
                if fresh >= 0:
                    break
            backup(nodes, visited, movers, nvis, self.playout(&g, draws))
        pick = 0
        best = -1.0
        for j in range(nroot):
            child = child_of(nodes, 0, root_keys[j])
            if child >= 0 and nodes[child].n > best:
                best = nodes[child].n
                pick = j
        best_plan[0] = root_plans[pick]
        free(nodes)

    cdef void load(self, Game* g, tuple position) except *:
        """A position as ``kernel.position_of`` gives it (the Python engine's state at a turn's start)."""
        cdef int i
        (grid, cubes, druids, gline, deck, playable, hidden, need_hide, setup, cur, turn, last, supply, over,
         ncards, splendor, supply_short, spent, deck_ran_out, empty) = position
        if len(deck) > MAXDECK or len(grid) != self.st.cells:
            raise ValueError("a position beyond the kernel's sizes")
        g.empty = empty
        for i in range(self.st.cells):
            g.grid[i] = grid[i]
            g.cubes[i] = cubes[i]
        for i in range(4):
            g.druids[i] = druids[i]
        for i in range(2 * self.st.n):
            g.gline[i] = gline[i] if i < len(gline) else i
        for i in range(self.st.H):
            g.gmask[i] = self.st.line_mask[g.gline[i]]
        for i in range(len(deck)):
            g.order[i] = deck[i]
        g.top = 0
        g.deck_left = len(deck)
        for i in range(2):
            g.playable[i] = playable[i]
            g.hidden[i] = hidden[i]
            g.need_hide[i] = need_hide[i]
            g.supply[i] = supply[i]
            g.over[i] = over[i]
            g.ncards[i] = ncards[i]
            g.splendor[i] = splendor[i]
            g.supply_short[i] = supply_short[i]
            g.spent[i] = spent[i]
        g.setup = setup
        g.cur = cur
        g.turn = turn
        g.last = last
        g.terminal = 0
        g.stalled = 0
        g.deck_ran_out = deck_ran_out

    def choose_plan(self, tuple position, int iterations, unsigned long long rng_state):
        """The search's whole turn for the player to move in ``position`` (see ``load``): ((hide mask or
        -1, glyph, druid slot or -1, destination, Leyline cells), the generator's next state)."""
        cdef Game g
        cdef Plan plan
        cdef uint64_t rng = rng_state
        self.load(&g, position)
        with nogil:
            self.search(&g, &rng, iterations, &plan)
        return ((plan.hide, plan.glyph, plan.slot, plan.dst, tuple(plan.path[i] for i in range(plan.npath))),
                rng)

    def set_search(self, int top_k, int reply_k, double c, int rollout_turns, double temperature, bint paired=True):
        """The search's settings (``kernel.KernelSearch``)."""
        if not 1 <= top_k <= MAXK or not 1 <= reply_k <= MAXK or temperature <= 0:
            raise ValueError("search settings out of range")
        self.sp.top_k = top_k
        self.sp.reply_k = reply_k
        self.sp.c = c
        self.sp.rollout_turns = rollout_turns
        self.sp.temperature = temperature
        self.sp.paired = paired

    # ------------------------------------------------------------------- whole games
    cdef void play_game(self, Game* g, uint64_t deal_seed, uint64_t* rngs, const int* agents, const int* iters,
                        Log* lg) noexcept nogil:
        """One game played to its end in ``g`` (the deal's seed, the seats' generators); each decision
        id and card drawn in ``lg``."""
        cdef Plan plan
        deal(self.st, g, deal_seed)
        lg.n = 0
        while not g.terminal:
            if agents[g.cur] == AGENT_RANDOM:
                self.random_plan(g, &rngs[g.cur], &plan)
            elif agents[g.cur] == AGENT_GREEDY:
                self.greedy_plan(g, &rngs[g.cur], &plan)
            else:
                self.search(g, &rngs[g.cur], iters[g.cur], &plan)
            self.play_plan(g, &plan, lg)

    def play_games(self, list seeds, int light, int dark, bint log=False, int light_iterations=0,
                   int dark_iterations=0):
        """One row per (deal seed, Light's seed, Dark's seed): (winner or -1, tie-break code (0 none,
        1 fewer_cards, 2 second_player), the scores, cards taken, Overchanneling cubes, supply ran
        out and glyphs spent of each seat, turns, deck ran out, stalled, the log or None). The log holds the
        decision ids in order and each card drawn as -1 - card. An agent is 0 random, 1 greedy or 2
        the search with that seat's iterations."""
        cdef Game g
        cdef Log lg
        cdef uint64_t rngs[2]
        cdef uint64_t deal_seed
        cdef Seats seats = seats_of(light, dark, light_iterations, dark_iterations)
        cdef int winner, tie, i
        lg.ids = <int*>malloc(LOGMOST * sizeof(int)) if log else NULL
        rows = []
        try:
            for seed in seeds:
                rngs[0] = <uint64_t>(seed[1] & 0xFFFFFFFFFFFFFFFF)
                rngs[1] = <uint64_t>(seed[2] & 0xFFFFFFFFFFFFFFFF)
                deal_seed = <uint64_t>(seed[0] & 0xFFFFFFFFFFFFFFFF)
                with nogil:
                    self.play_game(&g, deal_seed, rngs, seats.agent, seats.iterations, &lg)
                winner = self.winner(&g, &tie)
                rows.append((winner, tie, (g.splendor[0] - g.over[0], g.splendor[1] - g.over[1]),
                             (g.ncards[0], g.ncards[1]), (g.over[0], g.over[1]),
                             [bool(g.supply_short[0]), bool(g.supply_short[1])], [g.spent[0], g.spent[1]],
                             g.turn, bool(g.deck_ran_out), bool(g.stalled),
                             [lg.ids[i] for i in range(lg.n)] if log else None))
        finally:
            free(lg.ids)
        return rows

    def play_table(self, list games, int light, int dark, int light_iterations=0, int dark_iterations=0,
                   master=None):
        """The games of ``games`` (game seeds; with ``master``, the indices of games of a run seeded
        ``master``; each in int64 range) as one array of ``TABLE_COLUMNS`` whole numbers per game, in
        the order of ``TABLE``: no Python object per game. A game's seed (``seeds.game_seed``) and its
        agents' (``kernel.game_seeds``) are derived here as the registry derives them. Agents as in
        ``play_games``."""
        cdef Game g
        cdef Log lg
        cdef uint64_t rngs[2]
        cdef Seats seats = seats_of(light, dark, light_iterations, dark_iterations)
        cdef int n = len(games), i, tie
        cdef uint64_t* seeds = batch_seeds(games, master)
        cdef array.array out
        cdef int* row
        lg.ids = NULL
        try:
            out = table_array(n, TABLE_COLUMNS)
            with nogil:
                for i in range(n):
                    agent_seeds(seeds[i], rngs)
                    self.play_game(&g, seeds[i], rngs, seats.agent, seats.iterations, &lg)
                    row = out.data.as_ints + i * TABLE_COLUMNS
                    row[0] = self.winner(&g, &tie)
                    row[1] = tie
                    row[2] = g.splendor[0] - g.over[0]
                    row[3] = g.splendor[1] - g.over[1]
                    row[4] = g.ncards[0]
                    row[5] = g.ncards[1]
                    row[6] = g.over[0]
                    row[7] = g.over[1]
                    row[8] = g.supply_short[0]
                    row[9] = g.supply_short[1]
                    row[10] = g.spent[0]
                    row[11] = g.spent[1]
                    row[12] = g.turn
                    row[13] = g.deck_ran_out
                    row[14] = g.stalled
        finally:
            free(seeds)
        return out


# what ``play_table`` gives per game, in order
TABLE = ("winner", "tie", "score_0", "score_1", "cards_0", "cards_1", "overchanneling_0", "overchanneling_1",
         "supply_ran_out_0", "supply_ran_out_1", "spent_glyphs_0", "spent_glyphs_1", "turns", "deck_ran_out",
         "stalled")
