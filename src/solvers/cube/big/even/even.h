/* The even cubes' staged reductions, 8x8x8 and 10x10x10 (docs/papers.md,
 * "Rubik's cube": after dwalton76's rubiks-cube-NxNxN-solver, its even
 * cubes' centres, then its edges orbit by orbit): the centres are
 * brought together until the cube's two middle layers' centres turn as
 * one, and the odd cube one smaller that it then groups as brings them
 * home by its own centre passes (n7.h, odd.h); then every edge
 * orbit is paired. The 8x8x8's steps (the 10x10x10's below, at
 * cube10_reduce_solve):
 *
 *  1. centre pass 1: the 6x6x6 of layers {1} {2,3} {4} {5} {6,7} {8}
 *     (facelet rows and columns 0 2 3 4 5 7: the inner 4x4 of every
 *     face's centres) through the 6x6x6's stages 1 to 5, then its oblique
 *     pairs (the 8x8x8's inner T pairs, rows 2 and 5 columns 3-4 and the
 *     turned ones) home by even_pairs_home;
 *  2. centre pass 2: the 6x6x6 of layers {1} {2} {3,4} {5,6} {7} {8}
 *     (rows and columns 0 1 3 4 6 7) through the 7x7x7's stages 1 to 4
 *     without 1b and 3b (n7.h; that 6x6x6 is a 7x7x7 without its
 *     middle layer, and its inner X blocks are pass 1's, solid), then
 *     the 6x6x6's stage 5: the outer T pairs (rows 1 and 6, columns 3-4)
 *     one colour. Its turns move pass 1's inner T
 *     pairs only with the 2x2 quarter blocks of the inner 4x4 (0-based
 *     rows and columns 2-3 or 4-5) they lie in, which pass 1 left one
 *     colour but for their inner X facelet, so they stay home;
 *  3. the 7x7x7 of layers {1} {2} {3} {4,5} {6} {7} {8} through the
 *     7x7x7's centre pass (centre_passes, its edges ignored): every
 *     centre home (the 10x10x10: the 9x9x9's three passes, staged
 *     first, then solved);
 *  4. the edge orbits (edge_orbits): the innermost wings (3 and 4
 *     along every edge) on the 4x4x4 of layers {1} {2,3,4} {5,6,7} {8}
 *     by the 4x4x4 phase reduction, then wings 2 and 1 on 5x5x5s of
 *     grouped layers by the 5x5x5's, the last solved whole.
 * The solve runs twice, on the cube as given and turned whole by y' x'
 * (solve.c), and keeps the shorter answer in OBTM (the first of
 * equals); on more than one thread (opt->threads) the two run side by
 * side, with the same answer.
 * A 6x6x6 or 7x7x7 "of layers" G reads each face's facelets at the
 * groups' rows and columns nearest the middle (the groups are mirror
 * images, so the cube it reads turns as a 6x6x6 or 7x7x7 under turns of
 * whole groups) and its turns are those groups' layers (cube_grouping,
 * core/grouped.h).
 *
 * Private to src/solvers/cube/big/even but for the cube8_ and cube10_
 * functions. */
#ifndef TWIRL_CUBE_EVEN_H
#define TWIRL_CUBE_EVEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/movelist.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/big/n6/n6.h"

/* Stage 5's oblique pairs home (pairs.c): on col (216 colours, a
 * 6x6x6 in stage 5's end, r6_stage_done(col, 5)), in place, every
 * oblique pair made the colour of its face's inner X block, by the
 * fewest OBTM of face turns and half turns of layers 1-2 and of layer 2
 * (they keep stage 5's end); the moves (6x6x6 model moves in col's
 * view) appended to path. The distances of its 24-bit slot masks are
 * built in memory on first use (16 MB, about 0.2 s). Errors: out of
 * memory; "pairs home: a pair off its axis" (col not in stage 5's end);
 * "pairs home: no end within the search's work" (a mask the turns
 * cannot bring home; never seen); "the stages' path is full";
 * "internal error: ..." if the table and the colours disagree. */
bool even_pairs_home(uint8_t *col, struct staged_path *path, struct tw_error *err);

/* Whether every oblique pair of col (as above) shows its face's inner X
 * block's colour. */
bool even_pairs_are_home(const uint8_t *col);

/* The pairs' table's size in bytes, built now if it was not; 0 if
 * memory ran out. */
size_t even_pairs_tables(void);

/* Builds or loads every table the 8x8x8 solver reads (the 6x6x6's, the
 * 7x7x7's, the 5x5x5's, the pairs'); false with the reason (err may be
 * NULL). */
bool cube8_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube8_reduce_table_bytes(void);

/* The whole solver (solve.c): steps 1 to 4 above. Solves c (an 8x8x8
 * that cube_state_solvable accepts), appending WCA moves to out; stats
 * (may be NULL) as cube_big_solve's: REDUCE_CENTRES the centre
 * passes, REDUCE_EDGES the edge orbits to the last one's 3x3x3,
 * REDUCE_FINISH that 3x3x3 (moves of the answer kept, seconds of both
 * variants). The answer is replayed
 * before it is returned. Errors: not an 8x8x8; "cancelled"; out of
 * memory; the tables'; "... within the search's work" (kind
 * TW_ERROR_OUT_OF_WORK). */
bool cube8_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* The 10x10x10 the same way (solve.c, plan10): three centre passes on
 * the 6x6x6s of layers {1} {2,3,4} {5} {6} {7,8,9} {10}, {1} {2,3}
 * {4,5} {6,7} {8,9} {10} and {1} {2} {3,4,5} {6,7,8} {9} {10} (the first
 * two with their pairs home after), the 9x9x9 of layers {1} .. {4}
 * {5,6} {7} .. {10} through the 9x9x9's three centre passes (odd.h),
 * then the edge orbits 4 (the innermost wings, 5 and 6, on a 4x4x4) to
 * 1; one variant. Stats, errors and replay as cube8_reduce_solve's. */
bool cube10_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* As cube8_reduce_prepare and cube8_reduce_table_bytes, for the
 * 10x10x10 (the same tables). */
bool cube10_reduce_prepare(struct tw_error *err);
size_t cube10_reduce_table_bytes(void);

#endif
