# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Battle for the Grove's compiled kernel: whole games of the ``random`` and ``greedy`` agents
played in C, decision for decision the games the Python engine plays (its twin).

Built as an optional extension (setup.py); ``kernel.py`` is the only module that imports it, and
falls back to the Python engine when it is missing. The rules are those of ``state.py``, the
greedy look-ahead that of ``lookahead.py`` with its sums taken in the same order (so every value
is the same to the last bit), the draws those of ``engine/rng.py``'s SplitMix64. Every table that
could differ in rounding (the dice outcomes grouped by effect, with their probabilities) comes
from the Python engine's own ``Tables``.
"""
from cpython cimport array
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free

from pnp_games.kernel_base cimport (Node, Seats, add_child, agent_seeds, backup, batch_seeds, child_of, new_tree,
                                    pnp_below, pnp_derive_seed, seats_of, squash, table_array, ucb_pick)

import array

cdef enum:
    MAXP = 7          # places: the Grove and at most six circles
    MAXD = 13         # druids per player, 0..12
    MAXDICE = 7       # dice, 0..6
    MAXACT = 128      # legal actions of one position (at most 7 stands, 42 moves, 18 dice actions, end)
    NTALLY = 12

    # phases, ops and tallies as in state.py and tables.py
    P_FIRST = 0
    P_ACT = 1
    P_BONUS = 2
    P_ROLL = 3
    P_OVER = 4
    P_CHOOSE = 5      # the banisher chooses which druids a Banish sends home
    OP_STAND = 0
    OP_MOVE = 1
    OP_CHANNEL = 2
    OP_STUN = 3
    OP_BANISH = 4
    OP_END = 5
    OP_PASS = 6
    OP_SEND = 7       # pack(OP_SEND, standing sent, lying sent)
    ORDER_CHOOSES = 0  # banish_order: the banisher chooses, standing first, lying first
    ORDER_STANDING = 1
    ORDER_LYING = 2
    T_PASSES = 0
    T_STANDS = 1
    T_MOVES = 2
    T_CHANNELS = 3
    T_CUBES_PLACED = 6
    T_CUBES_CANCELLED = 7
    T_DRUIDS_STUNNED = 8
    T_DRUIDS_BANISHED = 9
    T_SUPPLY_SHORT = 10
    T_CONTROL_LOST = 11
    AGENT_RANDOM = 0
    AGENT_GREEDY = 1
    AGENT_SEARCH = 2
    MAXDEPTH = 4096   # actions below a search's root
    MAXCUBES = 200    # cubes per player
    TABLE_COLUMNS = 6 + 2 * NTALLY  # whole numbers per game of ``play_table`` (``TABLE``)


cdef struct Rules:
    int circles, places, druids, cubes, to_win, at, ndice, sides, banish_on
    int stand_bonus, actions_per_turn, banish_order, needs_standing, move_to_grove, first_dice, turn_cap
    long long nfaces      # sides ** dice when a roll is one draw, else 0 (a randint per die)
    double control, winning, surplus, stand_circle, stand_held, lie_circle, stand_grove, win
    # dice outcomes grouped by effect, per (op - OP_CHANNEL, mover standing, limit): (successes, probability)
    int eg_start[3][MAXD][MAXDICE]
    int eg_count[3][MAXD][MAXDICE]
    int eg_n[3 * MAXD * MAXDICE * MAXDICE]
    double eg_p[3 * MAXD * MAXDICE * MAXDICE]
    # the parts of the greedy look-ahead's terms, worked out once (``fill_terms``): by a circle's cubes
    # (MAXCUBES + the mover's count), by standing druids (on a circle held or not) and by lying druids
    double cube_part[2 * MAXCUBES + 1]
    double stand_part[2][MAXD]
    double lie_part[MAXD]


cdef struct GState:
    int stand[2][MAXP]
    int lie[2][MAXP]
    int cubes[MAXP]
    int supply[2]
    int cur, phase, first, pend_op, pend_c, pend_n, acted, turn, winner, stalled
    int tally[2][NTALLY]


cdef inline int pack(int op, int at, int to) nogil:
    return op * 64 + (at + 1) * 8 + (to + 1)


cdef void new_state(const Rules* r, GState* s) noexcept nogil:
    cdef int p, i
    for p in range(2):
        for i in range(MAXP):
            s.stand[p][i] = 0
            s.lie[p][i] = 0
        s.lie[p][0] = r.druids
        s.supply[p] = r.cubes
        for i in range(NTALLY):
            s.tally[p][i] = 0
    for i in range(MAXP):
        s.cubes[i] = 0
    s.cur = 0
    s.phase = P_FIRST if r.first_dice else P_ACT
    s.first = -1 if r.first_dice else 0
    s.pend_op = -1
    s.pend_c = -1
    s.pend_n = 0
    s.acted = 0
    s.turn = 0
    s.winner = -1
    s.stalled = 0


cdef inline int most_standing(const Rules* r, int n, int so, int lo) noexcept nogil:
    """The most standing druids among ``n`` a Banish may send home (``tables.standing_sent``)."""
    if r.banish_order == ORDER_LYING:
        return n - lo if n > lo else 0
    return n if n < so else so


cdef inline int least_standing(const Rules* r, int n, int so, int lo) noexcept nogil:
    """The fewest standing druids among ``n`` a Banish may send home (``tables.standing_sent``)."""
    if r.banish_order == ORDER_STANDING:
        return n if n < so else so
    return n - lo if n > lo else 0


cdef int legal(const Rules* r, const GState* s, int* out) noexcept nogil:
    """The mover's legal actions in the order of ``Tables._legal_entry`` (``Tables.send_entry`` while
    the banisher chooses)."""
    cdef int p = s.cur, q = 1 - s.cur, n = 0, i, j, c, k
    if s.phase == P_CHOOSE:
        c = s.pend_c
        k = most_standing(r, s.pend_n, s.stand[q][c], s.lie[q][c])
        while k >= least_standing(r, s.pend_n, s.stand[q][c], s.lie[q][c]):
            out[n] = pack(OP_SEND, k, s.pend_n - k)
            n += 1
            k -= 1
        return n
    for i in range(r.places):
        if s.lie[p][i]:
            out[n] = pack(OP_STAND, i, -1)
            n += 1
    for i in range(r.places):
        if not s.stand[p][i]:
            continue
        for j in range(r.places):
            if i == 0:
                if j == 0:
                    continue
            elif j == i or (j == 0 and not r.move_to_grove):
                continue
            out[n] = pack(OP_MOVE, i, j)
            n += 1
    for c in range(1, r.places):
        if s.stand[p][c]:
            out[n] = pack(OP_CHANNEL, c, -1)
            out[n + 1] = pack(OP_STUN, c, -1)
            out[n + 2] = pack(OP_BANISH, c, -1)
            n += 3
        elif not r.needs_standing and (s.stand[q][c] or s.lie[q][c]):
            out[n] = pack(OP_BANISH, c, -1)
            n += 1
    if s.phase == P_BONUS:
        out[n] = pack(OP_END, -1, -1)
        n += 1
    elif n == 0:
        out[n] = pack(OP_PASS, -1, -1)
        n += 1
    return n


cdef void end_turn(const Rules* r, GState* s) noexcept nogil:
    cdef int p, c, held = 0, v
    s.turn += 1
    s.cur = p = 1 - s.cur
    s.acted = 0
    s.phase = P_ACT
    for c in range(r.circles):
        v = s.cubes[c] if p == 0 else -s.cubes[c]
        if v >= r.at:
            held += 1
    if held >= r.to_win:
        s.winner = p
        s.phase = P_OVER
    elif s.turn >= r.turn_cap:
        s.stalled = 1
        s.phase = P_OVER


cdef void after_action(const Rules* r, GState* s, int bonus) noexcept nogil:
    s.acted += 1
    if bonus and s.acted < r.actions_per_turn:
        s.phase = P_BONUS
    else:
        end_turn(r, s)


cdef inline int op_limit(const GState* s, int op, int c) noexcept nogil:
    cdef int q = 1 - s.cur
    if op == OP_CHANNEL:
        return s.supply[s.cur]
    if op == OP_STUN:
        return s.stand[q][c]
    return s.stand[q][c] + s.lie[q][c]


cdef void send_home(GState* s, int standing, int lying) noexcept nogil:
    """The pending Banish sends this many of the opponent's standing and lying druids home."""
    cdef int c = s.pend_c, q = 1 - s.cur
    s.stand[q][c] -= standing
    s.lie[q][c] -= lying
    s.lie[q][0] += standing + lying
    s.tally[s.cur][T_DRUIDS_BANISHED] += standing + lying
    s.pend_n = 0


cdef void play(const Rules* r, GState* s, int action) noexcept nogil:
    cdef int op = action >> 6, at = ((action >> 3) & 7) - 1, to = (action & 7) - 1
    cdef int p = s.cur, limit
    if op == OP_SEND:
        send_home(s, at, to)
        s.pend_op = -1
        s.pend_c = -1
        end_turn(r, s)
    elif op == OP_STAND:
        s.lie[p][at] -= 1
        s.stand[p][at] += 1
        s.tally[p][T_STANDS] += 1
        after_action(r, s, at == 0 and r.stand_bonus)
    elif op == OP_MOVE:
        s.stand[p][to] += s.stand[p][at]
        s.stand[p][at] = 0
        s.tally[p][T_MOVES] += 1
        after_action(r, s, 0)
    elif op >= OP_END:
        if op == OP_PASS:
            s.tally[p][T_PASSES] += 1
        end_turn(r, s)
    else:
        s.tally[p][T_CHANNELS + op - OP_CHANNEL] += 1
        limit = op_limit(s, op, at)
        if limit > 0 and (op == OP_BANISH or s.stand[p][at] > 0):
            s.pend_op = op
            s.pend_c = at
            s.phase = P_ROLL
        else:
            after_action(r, s, 0)


cdef int successes(const Rules* r, int op, int standing, const int* faces) noexcept nogil:
    cdef int hits = 0, i
    if op == OP_BANISH:
        for i in range(r.ndice):
            if faces[i] >= r.banish_on:
                hits += 1
        return hits
    for i in range(r.ndice):
        if faces[i] <= standing:
            hits += 1
    if op == OP_STUN and hits > standing:
        return standing
    return hits


cdef void resolve(const Rules* r, GState* s, const int* faces) noexcept nogil:
    cdef int op = s.pend_op, c = s.pend_c, p = s.cur, q = 1 - s.cur
    cdef int wanted = successes(r, op, s.stand[p][c], faces)
    cdef int limit = op_limit(s, op, c)
    cdef int n = wanted if wanted < limit else limit
    cdef int sign, before, opposing, cancelled, most
    if op == OP_CHANNEL:
        if n < wanted:
            s.tally[p][T_SUPPLY_SHORT] += 1
        sign = 1 - 2 * p
        before = s.cubes[c - 1]
        opposing = -sign * before
        if opposing < 0:
            opposing = 0
        cancelled = opposing if opposing < n else n
        s.supply[p] += cancelled - n
        s.supply[q] += cancelled
        s.cubes[c - 1] = before + sign * n
        s.tally[p][T_CUBES_PLACED] += n
        s.tally[p][T_CUBES_CANCELLED] += cancelled
        if opposing >= r.at and r.at > opposing - cancelled:
            s.tally[q][T_CONTROL_LOST] += 1
    elif op == OP_STUN:
        s.stand[q][c] -= n
        s.lie[q][c] += n
        s.tally[p][T_DRUIDS_STUNNED] += n
    else:
        most = most_standing(r, n, s.stand[q][c], s.lie[q][c])
        if most > least_standing(r, n, s.stand[q][c], s.lie[q][c]):  # the banisher chooses
            s.pend_n = n
            s.phase = P_CHOOSE
            return
        send_home(s, most, n - most)
    s.pend_op = -1
    s.pend_c = -1
    end_turn(r, s)


cdef int roll(const Rules* r, uint64_t* dice, int* faces) noexcept nogil:
    """Draw a roll into ``faces`` (sorted); its code for the log: the sorted faces in base sides + 1."""
    cdef int i, j, t, code = 0
    cdef long long index
    if r.nfaces:
        index = pnp_below(dice, <uint64_t>r.nfaces)
        for i in range(r.ndice):
            faces[i] = <int>(index % r.sides) + 1
            index //= r.sides
    else:
        for i in range(r.ndice):
            faces[i] = 1 + pnp_below(dice, <uint64_t>r.sides)
    for i in range(1, r.ndice):  # insertion sort: at most six dice
        t = faces[i]
        j = i - 1
        while j >= 0 and faces[j] > t:
            faces[j + 1] = faces[j]
            j -= 1
        faces[j + 1] = t
    for i in range(r.ndice - 1, -1, -1):
        code = code * (r.sides + 1) + faces[i]
    return code


# ----------------------------------------------------------------------- the greedy look-ahead
cdef struct Term:
    double value
    int held, lost


cdef double cube_part(const Rules* r, int v) noexcept nogil:
    """The part of a circle's term the cubes on it give (the mover's ``v``, the opponent's as -v)."""
    cdef int at = r.at
    cdef int own = v if v > 0 else 0
    cdef int opp = -v if v < 0 else 0
    cdef double value
    value = (<double>(own if own < at else at) + r.surplus * <double>(own - at if own > at else 0)
             - <double>(opp if opp < at else at) - r.surplus * <double>(opp - at if opp > at else 0))
    value += r.control if own >= at else (-r.control if opp >= at else 0.0)
    return value


cdef void fill_terms(Rules* r) noexcept nogil:
    cdef int v, k
    for v in range(-MAXCUBES, MAXCUBES + 1):
        r.cube_part[MAXCUBES + v] = cube_part(r, v)
    for k in range(MAXD):
        r.stand_part[0][k] = r.stand_circle * <double>k
        r.stand_part[1][k] = r.stand_held * <double>k
        r.lie_part[k] = r.lie_circle * <double>k


cdef inline Term term(const Rules* r, int v, int sm, int so, int lm, int lo) noexcept nogil:
    """A circle's term: its cubes' part, plus the mover's druids on it, minus the opponent's (held:
    standing druids count ``stand_held`` each, else ``stand_circle``), each sum rounded as the engine's."""
    cdef Term t
    t.held = v >= r.at
    t.lost = -v >= r.at
    t.value = ((r.cube_part[MAXCUBES + v] + (r.stand_part[t.held][sm] + r.lie_part[lm]))
               - (r.stand_part[t.lost][so] + r.lie_part[lo]))
    return t


cdef struct Board:
    int v[MAXP]
    int sm[MAXP]
    int so[MAXP]
    int lm[MAXP]
    int lo[MAXP]
    Term base[MAXP]
    double before[MAXP + 1]   # the base terms of the circles before each, summed in order from 0.0
    double total
    int held, lost, grove, in_grove, supply, last_turn


cdef inline double finish(const Rules* r, const Board* b, double value, int held, int lost, int grove,
                          int ends_turn) noexcept nogil:
    if ends_turn:
        if lost >= r.to_win:
            return -r.win
        if b.last_turn:
            return 0.0
    if held >= r.to_win:
        value += r.winning
    if lost >= r.to_win:
        value -= r.winning
    return value + r.stand_grove * <double>(b.grove + grove)


cdef double with_terms(const Rules* r, const Board* b, int i, Term ti, int j, Term tj, int grove) noexcept nogil:
    """``finish`` of the position with circle ``i``'s term replaced by ``ti`` (and ``j``'s by ``tj``
    when ``j`` >= 0); the terms summed in the circles' order from 0.0, as the engine sums them."""
    cdef int c = i if j < 0 or i < j else j
    cdef int held = b.held - b.base[i].held + ti.held, lost = b.lost - b.base[i].lost + ti.lost
    cdef double value = b.before[c]
    if j >= 0:
        held += tj.held - b.base[j].held
        lost += tj.lost - b.base[j].lost
    while c < r.circles:
        value += ti.value if c == i else (tj.value if c == j else b.base[c].value)
        c += 1
    return finish(r, b, value, held, lost, grove, 1)


cdef double dice_value(const Rules* r, const Board* b, int op, int i, int limit) noexcept nogil:
    """The expected value of a dice action at circle ``i`` (0-based) over its grouped outcomes."""
    cdef int v = b.v[i], sm = b.sm[i], so = b.so[i], lm = b.lm[i], lo = b.lo[i]
    cdef int k, start = r.eg_start[op - OP_CHANNEL][sm][limit], count = r.eg_count[op - OP_CHANNEL][sm][limit]
    cdef int n, standing, least, held_elsewhere = b.held - b.base[i].held, lost_elsewhere = b.lost - b.base[i].lost, c
    cdef double total = 0.0, p, value, grove_value = r.stand_grove * <double>b.grove
    cdef Term t, other
    for k in range(start, start + count):
        n = r.eg_n[k]
        p = r.eg_p[k]
        if op == OP_CHANNEL:
            t = term(r, v + n, sm, so, lm, lo)
        elif op == OP_STUN:
            t = term(r, v, sm, so - n, lm, lo + n)
        else:  # the banisher's best choice (the first of equals, the most standing first)
            standing = most_standing(r, n, so, lo)
            least = least_standing(r, n, so, lo)
            t = term(r, v, sm, so - standing, lm, lo - (n - standing))
            while standing > least:
                standing -= 1
                other = term(r, v, sm, so - standing, lm, lo - (n - standing))
                if other.value > t.value:
                    t = other
        if lost_elsewhere + t.lost >= r.to_win:
            total += p * -r.win
            continue
        if b.last_turn:
            total += p * 0.0
            continue
        value = b.before[i] + t.value
        for c in range(i + 1, r.circles):
            value += b.base[c].value
        if held_elsewhere + t.held >= r.to_win:
            value += r.winning
        total += p * (value + grove_value)
    return total


cdef int greedy_best(const Rules* r, const GState* s, const int* actions, int count, int* best) noexcept nogil:
    """The legal ``actions`` whose value is within 1e-9 of the best, in their order (``lookahead.decision``)."""
    cdef Board b
    cdef int me = s.cur, you = 1 - s.cur, sign = 1 - 2 * s.cur, c, k, op, place, to, limit, moving, nbest = 0
    cdef int can_bonus = s.acted + 1 < r.actions_per_turn and r.stand_bonus
    cdef double values[MAXACT]
    cdef double unchanged, top
    cdef Term none
    none.value = 0.0
    none.held = 0
    none.lost = 0
    b.total = 0.0
    b.held = 0
    b.lost = 0
    for c in range(r.circles):
        b.v[c] = sign * s.cubes[c]
        b.sm[c] = s.stand[me][c + 1]
        b.so[c] = s.stand[you][c + 1]
        b.lm[c] = s.lie[me][c + 1]
        b.lo[c] = s.lie[you][c + 1]
        b.base[c] = term(r, b.v[c], b.sm[c], b.so[c], b.lm[c], b.lo[c])
        b.before[c] = b.total
        b.total += b.base[c].value
        b.held += b.base[c].held
        b.lost += b.base[c].lost
    b.grove = s.stand[me][0] - s.stand[you][0]
    b.in_grove = s.stand[me][0]
    b.supply = s.supply[me]
    b.last_turn = s.turn + 1 >= r.turn_cap
    unchanged = finish(r, &b, b.total, b.held, b.lost, 0, 1)
    for k in range(count):
        op = actions[k] >> 6
        place = ((actions[k] >> 3) & 7) - 1
        to = (actions[k] & 7) - 1
        if op == OP_SEND:  # ``place`` standing and ``to`` lying druids of the opponent's go home
            c = s.pend_c - 1
            values[k] = with_terms(r, &b, c, term(r, b.v[c], b.sm[c], b.so[c] - place, b.lm[c], b.lo[c] - to),
                                   -1, none, 0)
        elif op >= OP_CHANNEL:
            if op >= OP_END:
                values[k] = unchanged
                continue
            c = place - 1
            limit = b.supply if op == OP_CHANNEL else (b.so[c] if op == OP_STUN else b.so[c] + b.lo[c])
            if limit <= 0 or (b.sm[c] <= 0 and op != OP_BANISH):
                values[k] = unchanged
                continue
            values[k] = dice_value(r, &b, op, c, limit if limit < r.ndice else r.ndice)
        elif op == OP_MOVE:
            if place == 0:  # from the Grove: one circle changes
                c = to - 1
                moving = b.in_grove
                values[k] = with_terms(r, &b, c, term(r, b.v[c], b.sm[c] + moving, b.so[c], b.lm[c], b.lo[c]),
                                       -1, none, -moving)
            else:
                c = place - 1
                moving = b.sm[c]
                if to == 0:
                    values[k] = with_terms(r, &b, c, term(r, b.v[c], 0, b.so[c], b.lm[c], b.lo[c]), -1, none, moving)
                else:
                    values[k] = with_terms(r, &b, c, term(r, b.v[c], 0, b.so[c], b.lm[c], b.lo[c]), to - 1,
                                           term(r, b.v[to - 1], b.sm[to - 1] + moving, b.so[to - 1],
                                                b.lm[to - 1], b.lo[to - 1]), 0)
        elif place == 0:  # stand up in the Grove
            values[k] = finish(r, &b, b.total, b.held, b.lost, 1, not can_bonus)
        else:
            c = place - 1
            values[k] = with_terms(r, &b, c, term(r, b.v[c], b.sm[c] + 1, b.so[c], b.lm[c] - 1, b.lo[c]), -1, none, 0)
    top = values[0]
    for k in range(1, count):
        if values[k] > top:
            top = values[k]
    top -= 1e-9
    for k in range(count):
        if values[k] >= top:
            best[nbest] = actions[k]
            nbest += 1
    return nbest


# ----------------------------------------------------------------------- chance
cdef int chance(const Rules* r, GState* s, uint64_t* dice) noexcept nogil:
    """Roll the dice due (an action's, or who goes first); the roll's log code (see ``play_games``)."""
    cdef int faces[MAXDICE]
    cdef int code, a = 0, b = 0, i
    if s.phase == P_ROLL:
        code = roll(r, dice, faces)
        resolve(r, s, faces)
        return -1 - code
    for i in range(r.ndice):
        a += 1 + pnp_below(dice, <uint64_t>r.sides)
    for i in range(r.ndice):
        b += 1 + pnp_below(dice, <uint64_t>r.sides)
    if a != b:
        s.first = s.cur = 0 if a > b else 1
        s.phase = P_ACT
    return -(100_000_000 + a * 1000 + b)


# ----------------------------------------------------------------------- the search agent
cdef struct SearchParams:
    int rollout_steps, greedy_rollouts
    double c, temperature


cdef double value0(const Rules* r, const GState* s) noexcept nogil:
    """``agents.position_value`` from the first seat's side."""
    cdef double value = 0.0, side
    cdef int held0 = 0, held1 = 0, c, v, own, opp, p
    cdef int owner[MAXP]
    if s.phase == P_OVER:
        return 0.0 if s.winner < 0 else (r.win if s.winner == 0 else -r.win)
    for c in range(r.circles):
        v = s.cubes[c]
        own = v if v > 0 else 0
        opp = -v if v < 0 else 0
        value += (<double>(own if own < r.at else r.at) + r.surplus * <double>(own - r.at if own > r.at else 0)
                  - <double>(opp if opp < r.at else r.at) - r.surplus * <double>(opp - r.at if opp > r.at else 0))
        owner[c] = -1
        if own >= r.at:
            value += r.control
            held0 += 1
            owner[c] = 0
        elif opp >= r.at:
            value -= r.control
            held1 += 1
            owner[c] = 1
    if held0 >= r.to_win:
        value += r.winning
    if held1 >= r.to_win:
        value -= r.winning
    for p in range(2):
        side = r.stand_grove * s.stand[p][0]
        for c in range(1, r.places):
            side += (r.stand_held if owner[c - 1] == p else r.stand_circle) * s.stand[p][c] + r.lie_circle * s.lie[p][c]
        value += side if p == 0 else -side
    return value


cdef double playout(const Rules* r, const SearchParams* sp, GState* s, uint64_t* rng) noexcept nogil:
    """Random (or greedy) play for ``rollout_steps`` steps, rolls counted; the first seat's share: 1,
    0.5 or 0 for a finished game, else the position value squashed by a logistic."""
    cdef int step
    for step in range(sp.rollout_steps):
        if s.phase == P_OVER:
            break
        if s.phase == P_ROLL or s.phase == P_FIRST:
            chance(r, s, rng)
        else:
            play(r, s, choose(r, s, AGENT_GREEDY if sp.greedy_rollouts else AGENT_RANDOM, rng, sp, 0))
    if s.phase == P_OVER:
        return 0.5 if s.winner < 0 else (1.0 if s.winner == 0 else 0.0)
    return squash(value0(r, s), sp.temperature)


cdef int search(const Rules* r, const SearchParams* sp, const GState* root, uint64_t* rng, int iterations) noexcept nogil:
    """Open-loop MCTS (``kernel.KernelSearch``): the most visited root action (ties: the more total
    value, then the first legal) after ``iterations`` iterations, fresh dice rolled at every chance
    node, untried actions added in random order, UCB1 with availability counts."""
    cdef int root_acts[MAXACT]
    cdef int acts[MAXACT]
    cdef int kids[MAXACT]
    cdef int fresh[MAXACT]
    cdef int visited[MAXDEPTH]
    cdef int movers[MAXDEPTH]
    cdef GState s
    cdef Node* nodes
    cdef int nroot = legal(r, root, root_acts), it, node, nvis, nc, nfresh, j, child, pick, nnodes = 1, p
    cdef double best, best_w
    if nroot == 1:
        return root_acts[0]
    nodes = new_tree(iterations)
    if nodes == NULL:
        return root_acts[0]
    for it in range(iterations):
        s = root[0]
        node = 0
        nvis = 0
        while nvis < MAXDEPTH:
            while s.phase == P_ROLL or s.phase == P_FIRST:
                chance(r, &s, rng)
            if s.phase == P_OVER:
                break
            nc = legal(r, &s, acts)
            nfresh = 0
            for j in range(nc):
                child = child_of(nodes, node, acts[j])
                kids[j] = child
                if child >= 0:
                    nodes[child].avail += 1
                else:
                    fresh[nfresh] = j
                    nfresh += 1
            p = s.cur
            if nfresh:
                j = fresh[pnp_below(rng, <uint64_t>nfresh)]
                visited[nvis] = add_child(nodes, &nnodes, node, acts[j])
                movers[nvis] = p
                nvis += 1
                play(r, &s, acts[j])
                break
            pick = ucb_pick(nodes, kids, nc, sp.c)
            node = kids[pick]
            visited[nvis] = node
            movers[nvis] = p
            nvis += 1
            play(r, &s, acts[pick])
        backup(nodes, visited, movers, nvis, playout(r, sp, &s, rng))
    pick = 0
    best = -1.0
    best_w = 0.0
    for j in range(nroot):
        child = child_of(nodes, 0, root_acts[j])
        if child >= 0 and (nodes[child].n > best or nodes[child].n == best and nodes[child].w > best_w):
            best = nodes[child].n
            best_w = nodes[child].w
            pick = j
    free(nodes)
    return root_acts[pick]


# ----------------------------------------------------------------------- whole games
cdef int choose(const Rules* r, const GState* s, int agent, uint64_t* rng, const SearchParams* sp,
                int iterations) noexcept nogil:
    cdef int actions[MAXACT]
    cdef int best[MAXACT]
    cdef int count, nbest
    if agent == AGENT_SEARCH:
        return search(r, sp, s, rng, iterations)
    count = legal(r, s, actions)
    if agent == AGENT_RANDOM:
        return actions[pnp_below(rng, <uint64_t>count)]
    if count == 1:
        return actions[0]
    nbest = greedy_best(r, s, actions, count, best)
    return best[pnp_below(rng, <uint64_t>nbest)]


cdef void play_out(const Rules* r, const SearchParams* sp, GState* s, uint64_t* dice, uint64_t* rngs,
                   const int* agents, const int* iterations) noexcept nogil:
    """Play ``s`` to its end: the mover's agent decides, the dice stream rolls."""
    while s.phase != P_OVER:
        if s.phase == P_ACT or s.phase == P_BONUS or s.phase == P_CHOOSE:
            play(r, s, choose(r, s, agents[s.cur], &rngs[s.cur], sp, iterations[s.cur]))
        else:
            chance(r, s, dice)


cdef class GroveKernel:
    """One set of rule options and greedy weights, ready to play games (see ``kernel.py``)."""

    cdef Rules r
    cdef SearchParams sp

    def __init__(self, dict numbers, dict weights, list groups):
        """``numbers``: the rule options as whole numbers (see ``kernel.kernel_rules``); ``weights``
        the greedy weights; ``groups``: (op - OP_CHANNEL, standing, limit, [(successes, p), ...])."""
        cdef Rules* r = &self.r
        cdef int at = 0, a, s, l
        r.circles = numbers["circles"]
        r.places = r.circles + 1
        r.druids = numbers["druids"]
        r.cubes = numbers["cubes"]
        r.to_win = numbers["to_win"]
        r.at = numbers["control_at"]
        r.ndice = numbers["dice"]
        r.sides = numbers["sides"]
        r.banish_on = numbers["banish_on"]
        r.stand_bonus = numbers["stand_bonus"]
        r.actions_per_turn = numbers["actions_per_turn"]
        r.banish_order = numbers["banish_order"]
        r.needs_standing = numbers["needs_standing"]
        r.move_to_grove = numbers["move_to_grove"]
        r.first_dice = numbers["first_dice"]
        r.turn_cap = numbers["turn_cap"]
        r.nfaces = numbers["nfaces"]
        if r.circles + 1 > MAXP or r.druids >= MAXD or r.ndice >= MAXDICE or r.cubes > MAXCUBES:
            raise ValueError("rule options beyond the kernel's sizes")
        self.sp.rollout_steps, self.sp.greedy_rollouts, self.sp.c, self.sp.temperature = 12, 0, 0.8, 6.0
        r.control = weights["control"]
        r.winning = weights["winning"]
        r.surplus = weights["surplus"]
        r.stand_circle = weights["stand_circle"]
        r.stand_held = weights["stand_held"]
        r.lie_circle = weights["lie_circle"]
        r.stand_grove = weights["stand_grove"]
        r.win = weights["win"]
        fill_terms(r)
        for a in range(3):
            for s in range(MAXD):
                for l in range(MAXDICE):
                    r.eg_start[a][s][l] = 0
                    r.eg_count[a][s][l] = 0
        for a, s, l, outcomes in groups:
            r.eg_start[a][s][l] = at
            r.eg_count[a][s][l] = len(outcomes)
            for n, p in outcomes:
                r.eg_n[at] = n
                r.eg_p[at] = p
                at += 1

    cdef void play_on(self, GState* s, uint64_t* dice, uint64_t* rngs, const int* agents, const int* iterations,
                      list events):
        """Play ``s`` to its end (events, when a list, gets the log codes; see ``play_games``)."""
        cdef int action, code
        if events is None:
            with nogil:
                play_out(&self.r, &self.sp, s, dice, rngs, agents, iterations)
            return
        while s.phase != P_OVER:
            if s.phase == P_ACT or s.phase == P_BONUS or s.phase == P_CHOOSE:
                with nogil:
                    action = choose(&self.r, s, agents[s.cur], &rngs[s.cur], &self.sp, iterations[s.cur])
                play(&self.r, s, action)
                events.append(action)
            else:
                code = chance(&self.r, s, dice)
                events.append(code)

    def set_search(self, int rollout_steps, bint greedy_rollouts, double c, double temperature):
        """The search's settings (``kernel.KernelSearch``)."""
        if rollout_steps < 0 or temperature <= 0:
            raise ValueError("search settings out of range")
        self.sp.rollout_steps = rollout_steps
        self.sp.greedy_rollouts = greedy_rollouts
        self.sp.c = c
        self.sp.temperature = temperature

    def choose_action(self, tuple position, int iterations, unsigned long long rng_state, int agent=AGENT_SEARCH):
        """(the index among the legal actions of the choice of ``agent`` (the search by default, see
        ``play_games``) for the player to move in ``position`` (see ``kernel.position_of``), the
        generator's next state)."""
        cdef GState s
        cdef uint64_t rng = rng_state
        cdef int actions[MAXACT]
        cdef int count, action, i, p
        stand, lie, cubes, supply, cur, phase, first, pend_op, pend_c, pend_n, acted, turn = position
        if len(cubes) != self.r.circles or phase not in (P_ACT, P_BONUS, P_CHOOSE):
            raise ValueError("not a position the search can play from")
        for p in range(2):
            for i in range(MAXP):
                s.stand[p][i] = stand[p][i] if i < self.r.places else 0
                s.lie[p][i] = lie[p][i] if i < self.r.places else 0
            s.supply[p] = supply[p]
            for i in range(NTALLY):
                s.tally[p][i] = 0
        for i in range(MAXP):
            s.cubes[i] = cubes[i] if i < self.r.circles else 0
        s.cur, s.phase, s.first, s.pend_op, s.pend_c, s.pend_n = cur, phase, first, pend_op, pend_c, pend_n
        s.acted, s.turn = acted, turn
        s.winner = -1
        s.stalled = 0
        with nogil:
            action = choose(&self.r, &s, agent, &rng, &self.sp, iterations)
        count = legal(&self.r, &s, actions)
        for i in range(count):
            if actions[i] == action:
                return i, rng
        raise AssertionError("the agent chose an action that is not legal")

    def play_games(self, list seeds, int light, int dark, bint log=False, int light_iterations=0,
                   int dark_iterations=0):
        """One row per (dice seed, Light's seed, Dark's seed): (winner or -1, first player or -1,
        turns, stalled, the 24 tallies (Light's then Dark's), the log or None, the cubes on each
        circle at the end (Light's as +n, Dark's as -n)). The log codes a
        player action as op * 64 + (place + 1) * 8 + destination + 1 (a ``send`` as OP_SEND * 64 +
    (standing + 1) * 8 + lying + 1), a roll as -(1 + its sorted
        faces in base sides + 1), a first-player roll as -(100_000_000 + light * 1000 + dark). An
        agent is 0 random, 1 greedy or 2 the search with that seat's iterations."""
        cdef GState s
        cdef uint64_t dice
        cdef uint64_t rngs[2]
        cdef Seats seats = seats_of(light, dark, light_iterations, dark_iterations)
        cdef int i
        rows = []
        for seed in seeds:
            dice = <uint64_t>(seed[0] & 0xFFFFFFFFFFFFFFFF)
            rngs[0] = <uint64_t>(seed[1] & 0xFFFFFFFFFFFFFFFF)
            rngs[1] = <uint64_t>(seed[2] & 0xFFFFFFFFFFFFFFFF)
            new_state(&self.r, &s)
            events = [] if log else None
            self.play_on(&s, &dice, rngs, seats.agent, seats.iterations, events)
            rows.append((s.winner, s.first, s.turn, bool(s.stalled),
                         tuple(s.tally[0][i] for i in range(NTALLY)) + tuple(s.tally[1][i] for i in range(NTALLY)),
                         events, tuple(s.cubes[i] for i in range(self.r.circles))))
        return rows

    def play_table(self, list games, int light, int dark, int light_iterations=0, int dark_iterations=0,
                   master=None):
        """The games of ``games`` (game seeds; with ``master``, the indices of games of a run seeded
        ``master``; each in int64 range) as one array of ``TABLE_COLUMNS`` whole numbers per game, in
        the order of ``TABLE`` (the circles each player holds at the end, then the tallies as in
        ``play_games``): no Python object per game. A game's seed (``seeds.game_seed``) and the seeds
        it gives the dice and the agents (``kernel.game_seeds``) are derived here as the run loop
        derives them. Agents as in ``play_games``."""
        cdef GState s
        cdef uint64_t dice
        cdef uint64_t rngs[2]
        cdef Seats seats = seats_of(light, dark, light_iterations, dark_iterations)
        cdef int n = len(games), i, c, held0, held1
        cdef uint64_t* seeds = batch_seeds(games, master)
        cdef array.array out
        cdef int* row
        try:
            out = table_array(n, TABLE_COLUMNS)
            with nogil:
                for i in range(n):
                    dice = pnp_derive_seed("dice", 1, <int64_t>seeds[i], 0)
                    agent_seeds(seeds[i], rngs)
                    new_state(&self.r, &s)
                    play_out(&self.r, &self.sp, &s, &dice, rngs, seats.agent, seats.iterations)
                    held0 = 0
                    held1 = 0
                    for c in range(self.r.circles):
                        held0 += s.cubes[c] >= self.r.at
                        held1 += -s.cubes[c] >= self.r.at
                    row = out.data.as_ints + i * TABLE_COLUMNS
                    row[0] = s.winner
                    row[1] = s.first
                    row[2] = s.turn
                    row[3] = s.stalled
                    row[4] = held0
                    row[5] = held1
                    for c in range(NTALLY):
                        row[6 + c] = s.tally[0][c]
                        row[6 + NTALLY + c] = s.tally[1][c]
        finally:
            free(seeds)
        return out


# what ``play_table`` gives per game, in order (the tallies in the order of ``state.TALLIES``)
TABLE = ("winner", "first_player", "turns", "stalled", "held_0", "held_1",
         *(f"tally_{p}_{i}" for p in range(2) for i in range(NTALLY)))
