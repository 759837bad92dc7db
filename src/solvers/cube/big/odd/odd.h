/* The 9x9x9 and 11x11x11 staged reductions (docs/papers.md, "Rubik's
 * cube": after dwalton76's rubiks-cube-NxNxN-solver, its odd cubes:
 * every centre on fake 7x7x7s, then each wing orbit paired on a fake
 * 5x5x5): the 7x7x7's odd-cube solver (n7.h, odd_cube_solve) with
 * these plans of centre passes (solve.c), then the edge orbits from the
 * middle out. A pass takes the 7x7x7 of grouped layers named, its edges
 * ignored: every pass is staged (stage I's S1 and stages 1 to 4) in
 * order, then each solved (stages 5 and C: every centre it reads home)
 * in order (centre_passes); the groups an earlier pass left one
 * colour are whole groups of the later passes', so they come home with
 * their reads.
 *
 * 9x9x9 (layers 0..8, 0-based):
 *  A. {0} {1,2} {3} {4} {5} {6,7} {8}: the inner 5x5 of every face;
 *  B. {0} {1} {2,3} {4} {5,6} {7} {8}: the outer ring's X and its
 *     centres of columns 3 to 5;
 *  F. {0} {1} {2} {3,4,5} {6} {7} {8}: its centres of columns 2 and 6;
 * then the wing orbits 3, 2 and 1 (n7.h, edge_orbit).
 *
 * 11x11x11: the 9x9x9's three passes on the 9x9x9 of layers {0} {1,2}
 * {3} .. {7} {8,9} {10} (the inner 7x7), then the outer ring: R1 {0}
 * {1} {2,3,4} {5} {6,7,8} {9} {10} (its X, columns 4 to 6), R2 {0} {1}
 * {2,3} {4,5,6} {7,8} {9} {10} (columns 3 and 7), R3 {0} {1} {2} {3..7}
 * {8} {9} {10} (columns 2 and 8); then the wing orbits 4 to 1.
 *
 * Private to src/solvers/cube/big/odd but for the cube9_ and cube11_
 * functions. */
#ifndef TWIRL_CUBE_ODD_H
#define TWIRL_CUBE_ODD_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"
#include "engine/movelist.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/reduce.h"

/* The plans above, for odd_cube_solve (n7.h) and the 10x10x10's
 * end (even.h). */
struct odd_cube_plan;
extern const struct odd_cube_plan odd_plan9, odd_plan11;

/* Builds or loads every table the 9x9x9 solver reads (the 7x7x7's);
 * false with the reason (err may be NULL). */
bool cube9_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube9_reduce_table_bytes(void);

/* The whole solver (solve.c): the 9x9x9's plan above. Solves c (a
 * 9x9x9 that cube_state_solvable accepts), appending WCA moves to out;
 * stats (may be NULL) as cube_big_solve's: REDUCE_CENTRES the centre
 * passes, REDUCE_EDGES the wing orbits, REDUCE_FINISH the last orbit's
 * 3x3x3. The answer is replayed before it is returned. Errors: not a
 * 9x9x9; "cancelled"; out of memory; the tables'; "... within the
 * search's work" (kind TW_ERROR_OUT_OF_WORK). */
bool cube9_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* The 11x11x11 the same way, by its plan above. Stats, errors and
 * replay as cube9_reduce_solve's. */
bool cube11_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* As cube9_reduce_prepare and cube9_reduce_table_bytes, for the
 * 11x11x11 (the same tables). */
bool cube11_reduce_prepare(struct tw_error *err);
size_t cube11_reduce_table_bytes(void);

#endif
