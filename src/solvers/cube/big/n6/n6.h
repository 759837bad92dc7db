/* The 6x6x6 staged reduction (docs/papers.md, "Rubik's cube": after
 * dwalton76's rubiks-cube-NxNxN-solver, its 6x6x6 stages): the inner
 * centre orbits and the inner wings are brought together until the cube
 * turns as a 5x5x5 whose middle slice is layers 3 and 4, and the 5x5x5
 * phase reduction (n5.h) solves that.
 *
 *  1. the R-L colours' inner X centres onto R and L, and every oblique
 *     pair (model.h) of one kind (both R-L colours or neither); best of
 *     the three views (model.h);
 *  2. R-L as a 5x5x5's phase 1 sees it: outer X centres and oblique pairs
 *     of the R-L colours onto R and L, with turns of one and two layers
 *     (they keep stage 1's inner X and pairs);
 *  3. and 4. the same for U-D, with turns that keep R-L;
 *  5. every inner X block of four one colour, the six blocks a rotation
 *     of the solved cube's scheme, every oblique pair one colour;
 *  6. the inner wings paired (each edge's wings 2 and 3 one dedge), with
 *     the parities fixed so that the cube grouped as a 5x5x5 is solvable.
 * Stage 1 prefers, and stages 3 and 4 look for, ends whose inner (3) and
 * outer (4) wing permutations are even, which the later stages keep: then
 * stage 6 needs no flipped-edge fix and the 5x5x5 no wing parity fix.
 *
 * Stages work on the colours (model.h) in one view (the one stage 1
 * chose) and append model move indices of that view to a path. Private
 * to src/solvers/cube/big/n6 but for cube6_reduce_solve. */
#ifndef TWIRL_CUBE_N6_H
#define TWIRL_CUBE_N6_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/movelist.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/big/n6/model.h"
#include "solvers/tablecache.h"

/* A stage path of the staged reductions (the 6x6x6's stages, which the
 * 7x7x7 and the even cubes' passes run too): moves of the 6x6x6 model
 * (model.h) in the stages' view. */
struct staged_path {
	int len;
	uint8_t m[STAGED_MAX_PATH];
};

/* The staged stages' cancel and work budget. */
struct staged_options {
	atomic_bool *cancel;   /* may be NULL; polled at least every 4,096 nodes */
	long max_nodes;        /* work budget of each stage's search; 0 for the default */
};

/* Appends move m to path; false if it is full. */
bool staged_path_push(struct staged_path *path, int m);

/* Stages 1 to 4 (centres.c) on col (216 colours, the cube as given).
 * On success *view is the view (model.h) they ran in, out (216
 * colours) that view of the cube after their moves, and path holds the
 * moves (view moves; path->len is reset first); stage_moves[k] (may be
 * NULL) the OBTM of stage k + 1. Errors: "cancelled"; out of memory;
 * "not a 6x6x6's colours" (a centre orbit without 4 of each colour);
 * "no stage-K end within the search's work". */
bool r6_stages_1to4(const uint8_t *col, const struct staged_options *opt, int *view, uint8_t *out,
    struct staged_path *path, int *stage_moves, struct tw_error *err);

/* Stage 5 (stage5.c) on col (the view's colours after stages 1 to 4),
 * in place, its moves appended to path. Errors as above. */
bool r6_stage5(uint8_t *col, const struct staged_options *opt, struct staged_path *path,
    struct tw_error *err);

/* Stage 6 (stage6.c) on col after stage 5, in place, its moves appended
 * to path: afterwards r6_grouped accepts col. Errors as above. */
bool r6_stage6(uint8_t *col, const struct staged_options *opt, struct staged_path *path,
    struct tw_error *err);

/* Checks of the stages' goals on colours col (in the stages' view):
 * stage 1..6's condition above, each with the earlier ones' (stage 5's
 * turns, face turns and half turns, keep every centre on its axis, and
 * stage 6's put back the centres they move). */
bool r6_stage_done(const uint8_t *col, int stage);

/* The 5x5x5 that col groups as (layers 1, 2, 3-4, 5, 6): facelets of
 * rows and columns 0, 1, 2, 4, 5; false with the reason in err if col
 * does not group (an inner X block, an oblique pair or an inner dedge
 * split) or the 5x5x5 is not solvable (cube_state_solvable). */
bool r6_grouped(const uint8_t *col, struct cube *c5, struct tw_error *err);

/* Loads stages 1 to 4's pruning tables ("cube6-centres-stages", 4.4 MB,
 * about 0.5 s to build) and stage 2's endgame table (about 7 s) from the
 * table cache, or builds them, the endgame reporting through prog (may
 * be NULL; its cancel stops the build: "cancelled"); stages 1 to 4 load
 * them without progress if this was not called. Errors: out of memory,
 * "cancelled", the cache's own. */
bool r6_centres_load(const struct table_progress *prog, struct tw_error *err);

/* Stage 2's endgame: the exact distance, under stage 2's turns (one
 * and two layers from a face), of the outer X and oblique A masks of
 * colex ranks rx and rt (C(24,8), places in centres.c's order) to their
 * goal on R and L, when it is at most R6_STAGE2_ENDGAME_DEPTH; else that
 * depth + 1. Needs r6_centres_load to have succeeded. The 7x7x7's stage 2
 * (n7/centres7.c) reads it too: its places and turns are the fake
 * 6x6x6's, the same. */
#define R6_STAGE2_ENDGAME_DEPTH 6
int r6_stage2_endgame(uint32_t rx, uint32_t rt);

/* Stages 2 and 4's pruning tables: the distance, under the stage's
 * turns, of the outer X mask (R6_TABLE_X2, R6_TABLE_X4) or the oblique A
 * mask (R6_TABLE_T2, R6_TABLE_T4) of colex rank r (C(24,8) = 735,471
 * ranks, places in centres.c's order) to its goal: table[r], read-only,
 * kept for the process (cached as "cube6-centres-stages" with stages 1
 * and 3's). Needs r6_centres_load to have succeeded. The 7x7x7's stages
 * 2 and 4 (n7/centres7.c) read them: the fake 6x6x6's places and
 * turns are these. */
enum r6_centre_table { R6_TABLE_X2, R6_TABLE_T2, R6_TABLE_X4, R6_TABLE_T4 };
const uint8_t *r6_centre_table(enum r6_centre_table which);

/* Each stage file's tables (built in memory once, under a few tenths
 * of a second each, or read from the table cache): built or loaded now
 * if they were not; their size in bytes, 0 if memory ran out or the
 * cache's tables cannot be had. */
size_t r6_centres_tables(void);
size_t r6_stage5_tables(void);
size_t r6_stage6_tables(void);

/* Builds or loads every table of the 6x6x6 solver now (the stages' and
 * the 5x5x5 phase reduction's); false with the reason (err may be
 * NULL). */
bool cube6_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube6_reduce_table_bytes(void);

/* The whole solver (solve.c): stages 1 to 6, then cube5_reduce_solve
 * on the grouped cube, its turns of the 5x5x5's middle layer written as
 * turns of layers 3 and 4. Solves c (a 6x6x6 that cube_state_solvable
 * accepts), appending WCA moves to out; stats (may be NULL) as
 * cube_big_solve's: REDUCE_CENTRES stages 1 to 5 and the 5x5x5's
 * centres, REDUCE_EDGES stage 6 and the 5x5x5's edges, REDUCE_FINISH the
 * 3x3x3. The answer is replayed before it is returned. Errors: not a
 * 6x6x6; "cancelled"; out of memory; the tables'; "... within the
 * search's work" (kind TW_ERROR_OUT_OF_WORK). */
bool cube6_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

#endif
