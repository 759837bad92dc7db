/* The 9x9x9 staged reduction (docs/papers.md, "Rubik's cube": after
 * dwalton76's rubiks-cube-NxNxN-solver, its odd cubes' passes on fake
 * 7x7x7s): the cube is brought together until layers 4 to 6 turn as one,
 * and the 7x7x7 staged reduction (reduce7.h) solves the 7x7x7 it then
 * groups as.
 *
 *  A. the 7x7x7 of layers {1} {2,3} {4} {5} {6} {7,8} {9} (facelet rows
 *     and columns 0 2 3 4 5 6 8) reduced by cube7_reduce_solve (its
 *     answer up to its 3x3x3 finish): the inner 5x5 of every face's
 *     centres one colour, the edges' wings 2 to 6 one dedge;
 *  B. the 7x7x7 of layers {1} {2} {3,4} {5} {6,7} {8} {9} (rows and
 *     columns 0 1 3 4 5 7 8) through the 7x7x7's stages I, W, E and T
 *     (reduce7.h): its T triples are the outer ring's middle three
 *     centres (rows 1 and 7, columns 3 to 5, and the turned ones) and
 *     its midges between their inner wings the wings 3 to 5 of every
 *     edge. Its turns move A's home facelets only in the groups of
 *     layers {3,4} and {6,7} they lie in, whole and one colour, so the
 *     inner 5x5 stays one colour a face;
 *  F. the 7x7x7 of layers {1} {2} {3} {4,5,6} {7} {8} {9} by
 *     cube7_reduce_solve, its turns written on the 9x9x9.
 * A 7x7x7 of layers reads each group's layer nearest the middle
 * (cube_grouping, reduce/grouped.h).
 *
 * Private to src/puzzles/cube/reduce9 but for the cube9_ and cube11_
 * functions. */
#ifndef TWIRL_CUBE_REDUCE9_H
#define TWIRL_CUBE_REDUCE9_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "core/movelist.h"
#include "puzzles/cube/cube.h"
#include "puzzles/cube/reduce/reduce.h"

/* Builds or loads every table the 9x9x9 solver reads (the 7x7x7's);
 * false with the reason (err may be NULL). */
bool cube9_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube9_reduce_table_bytes(void);

/* The whole solver (solve.c): steps A, B and F above. Solves c (a
 * 9x9x9 that cube_state_solvable accepts), appending WCA moves to out;
 * stats (may be NULL) as cube_reduce_solve's: REDUCE_CENTRES step A
 * and B's stage I, REDUCE_EDGES B's stages W, E and T and F's centres
 * and edges, REDUCE_FINISH F's 3x3x3. The answer is replayed before it is
 * returned. Errors: not a 9x9x9; "cancelled"; out of memory; the
 * tables'; "... within the search's work" or "... stalled" (the caller
 * may fall back to the greedy reduction). */
bool cube9_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* The 11x11x11 the same way (solve.c, plan11): A. the 9x9x9 of layers
 * {1} {2,3} {4} .. {8} {9,10} {11} reduced by cube9_reduce_solve (the
 * inner 7x7 of centres one colour a face, wings 2 to 8 one dedge); B.
 * the 7x7x7 of layers {1} {2} {3,4,5} {6} {7,8,9} {10} {11} through the
 * 7x7x7's stages I, W, E and T (its T triples the outer ring's centres
 * of columns 4 to 6); F. the 9x9x9 of layers {1} .. {4} {5,6,7} {8} ..
 * {11} by cube9_reduce_solve. Stats, errors and replay as
 * cube9_reduce_solve's. */
bool cube11_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* As cube9_reduce_prepare and cube9_reduce_table_bytes, for the
 * 11x11x11 (the same tables). */
bool cube11_reduce_prepare(struct tw_error *err);
size_t cube11_reduce_table_bytes(void);

#endif
