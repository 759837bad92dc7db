/* The 4x4x4 phase reduction: three phases, each an IDA* search over
 * coordinates with exact pruning tables, searched over many candidates
 * (Tsai's eight steps merged into three, as Chen Shuang's
 * TPR-4x4x4-Solver stages them: [TPR] in docs/papers.md), then the
 * 3x3x3 two-phase solver (cube3.h):
 *  1. the 8 centres of one axis's colours onto R and L (any turn; the
 *     cube is searched in three views, one an axis);
 *  2. the U-D colours' centres onto U and D, the R-L centres into a
 *     pattern phase 3 can finish, the wings into two halves of one wing
 *     of every dedge, an even wing permutation (no OLL parity); turns that
 *     keep R-L centres home: face turns, Rw, Lw, wide half turns;
 *  3. every centre home, every dedge paired, corner and dedge
 *     permutations of one parity (no PLL parity); U, D, F, B and half
 *     turns, which keep the halves apart.
 * Phase 1 keeps the best 500 of its first 10,000 solutions by their
 * phase-2 distance; phase 2 searches them by total length and keeps its
 * first 40 distinct ends whose halves phase 3 can pair; phase 3 searches the 20
 * with the best bound on the whole by total length, so the reduction is
 * the shortest among them. Every move
 * is an outer block turn (R, Rw, each counted 1 in OBTM). Work is
 * counted in search nodes, never in time, so a cube gets the same answer
 * on every machine. Tables (19.5 MB, most of it phase 3's pairing table)
 * are built in 11 to 22 s on two cores on first use and cached
 * (solvers/tablecache.h). */
#ifndef TWIRL_CUBE_N4_H
#define TWIRL_CUBE_N4_H

#include "solvers/cube/big/core/reduce.h"

/* Solves c (a 4x4x4 that cube_state_solvable accepts), appending WCA
 * moves (R, Rw', U2 ...) to out; stats (may be NULL) gets the moves per
 * phase: REDUCE_CENTRES phases 1 and 2, REDUCE_EDGES phase 3,
 * REDUCE_FINISH the 3x3x3 (after merging its first turn with phase 3's
 * last). With opt->reduction_only the answer stops at the reduction
 * (no finish, REDUCE_FINISH 0). The answer is replayed before it is
 * returned. Errors: not a 4x4x4 (kind BAD_INPUT); cancelled (CANCELLED);
 * out of memory (NO_MEMORY); the tables' (cache or memory); "no
 * reduction within the search's work" (OUT_OF_WORK); an internal error
 * if the replay does not solve (reduce). */
bool cube4_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* Builds or loads the tables now; returns false with the reason (err may
 * be NULL). */
bool cube4_reduce_prepare(struct tw_error *err);

/* The tables' size in bytes (in memory, and in the cache on disk),
 * loading or building them first if need be; 0 if they cannot be had. */
size_t cube4_reduce_table_bytes(void);

#endif
