/* The 7x7x7 staged reduction PROTOTYPE (README.md): the 7x7x7 brought
 * together until it turns as a 5x5x5 of layers {1}, {2}, {3,4,5}, {6},
 * {7}, for the 5x5x5 phase reduction (reduce5.h) to solve. Not wired
 * into the solver dispatch. Private to src/puzzles/cube/reduce7.
 *
 * Done (stage I, r7_stage_i), the colours first renamed so that the
 * fixed centres are home (r7_centres_home):
 *  S1. the fake 5x5x5 (rows and columns 0 2 3 4 6, turned by blocks of
 *      two and three layers from a face) through the 5x5x5 phase
 *      reduction's phases 1 and 2: every face's inner 3x3 on its axis;
 *  1-4. reduce6's stages 1 to 4 on the fake 6x6x6 (the 7x7x7 without
 *      its middle rows and columns, turned by blocks that never move
 *      layer 4) keeping S1 (centres7.c);
 *  5.  every inner X block, inner T and oblique pair (1,2)-(1,4) home:
 *      the inner 3x3 of every face solved, the oblique pairs one colour
 *      (stage5_7.c).
 *      The oblique pairs are one colour each but not home (U and D
 *      colours mix on the U-D faces), so stage T reads its goal from them.
 * Then stage W (the inner wings 2 and 4 paired), E (the midges between
 * them) and T (every T triple (1,2) (1,3) (1,4) one colour), stage_te.c,
 * and r7_finish (cube5_reduce_solve on r7_grouped's 5x5x5, written back
 * and replayed): end to end, 236 OBTM mean (README.md). Not wired into
 * the dispatch.
 * Stage A (r7_stage_a, reduce6's stages 1 to 5 on the fake 6x6x6
 * without the inner T) is the first try, kept to compare. */
#ifndef TWIRL_CUBE_REDUCE7_H
#define TWIRL_CUBE_REDUCE7_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "puzzles/cube/cube.h"
#include "puzzles/cube/reduce7/model.h"

#define R7_MAX_PATH 400

/* A path of model moves (model.h) of the cube as given. */
struct r7_path {
	int len;
	uint16_t m[R7_MAX_PATH];
};

struct r7_options {
	atomic_bool *cancel;   /* may be NULL */
	long max_nodes;        /* each search's work; 0 for the default */
};

/* The stages' goals on colours col: 'A' (inner X blocks and oblique
 * pairs, reduce6's stage 5 on the fake 6x6x6), 'I' (and the inner 3x3
 * of every face one colour), '2' (the inner 3x3 and every T triple one
 * colour), 'C' (and every edge's positions 2 to 4 one dedge). */
bool r7_stage_done(const uint8_t *col, int stage);

/* The fake 6x6x6 of col: facelets of rows and columns 0 1 2 4 5 6. */
void r7_fake6(const uint8_t *col, uint8_t *col6);

/* Stage A on col in place, moves appended to path; stage_moves (may be
 * NULL) gets the OBTM of the 6x6x6 stages 1 to 5. */
bool r7_stage_a(uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    int *stage_moves, struct tw_error *err);

/* Stage S1 (README.md): the fake 5x5x5 (rows and columns 0 2 3 4 6,
 * turned by blocks of 1-2 and 1-3 layers) through the 5x5x5 phase
 * reduction's phases 1 and 2: every face's inner 3x3 of its axis's
 * colours. col in place, moves appended to path. */
bool r7_stage_s1(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err);

/* Stage I (README.md): S1, then stages 1 to 4 of centres7.c and
 * stage5_7.c on col (fixed centres home) in place, moves appended to
 * path; stage_moves (may be NULL, 6 entries) the OBTM of stages 1 to 5
 * and S1 (entry 5), *nodes5 (may be NULL) stage 5's search nodes. */
bool r7_stage_i(uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    int *stage_moves, long *nodes5, struct tw_error *err);

/* col's colours renamed so that every fixed centre shows its face's
 * colour (a rotation of the colours: the cube stays a cube). */
void r7_centres_home(uint8_t *col);

/* col as the cube of reduce6's view v (0: as given, 1: turned by z,
 * 2: by y), colours renamed so that a solved cube stays solved. */
void r7_view_colours(const uint8_t *col, int view, uint8_t *out);

/* centres7.c: reduce6's stages 1 to 4 with the inner T (in the view
 * colours of col; out the view's colours after them; path in reduce6's
 * move numbers of that view). */
struct r6_options;
struct r6_path;
bool r7_stages_1to4(const uint8_t *col, const struct r6_options *opt, int *view, uint8_t *out,
    struct r6_path *path, int *stage_moves, struct tw_error *err);
size_t r7_centres_tables(void);

/* stage5_7.c: stage 5 with the inner T, on view colours col in place,
 * its reduce6 moves appended to path. */
bool r7_stage5(uint8_t *col, const struct r6_options *opt, struct r6_path *path, long *nodes,
    struct tw_error *err);
size_t r7_stage5_tables(void);

/* Stage W (a measurement): reduce6's stage 6 on the fake 6x6x6 after
 * stage I: every edge's inner wings 2 and 4 one colour pair (the midge
 * not yet between them), keeping stage I's goal (checked). */
bool r7_stage_w(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err);

/* Stage M (stage_m.c, a measurement): after stages I and W, the outer
 * T onto their pairs and the midges between their wing pairs by a greedy
 * over middle-slice macros; *left the points (of 48) still missing when
 * it stalls (false). */
bool r7_stage_m(uint8_t *col, struct r7_path *path, int *left, struct tw_error *err);

/* Stages E and T (stage_te.c, after I and W): every midge between its
 * inner wing pair, then every outer T onto its oblique pair, by beam
 * searches over macros checked when built (slice, face commutator,
 * slice back; [middle slice, layer-2 slice] conjugated by a face turn;
 * middle slice, one or two grouped 5x5x5 turns, slice back); *left_e,
 * *left_t the unmatched stickers when a search fails, *macros_e,
 * *macros_t its steps, *len_e (may be NULL) path's length after stage E.
 * Deterministic (fixed beam widths, no clock). */
bool r7_stage_te(uint8_t *col, struct r7_path *path, int *left_e, int *left_t, int *macros_e, int *macros_t,
    int *len_e, struct tw_error *err);

/* The 5x5x5 that col groups as (layers 1, 2, 3-5, 6, 7; rows and
 * columns 0 1 3 5 6); false with the reason if it does not group or is
 * not solvable. */
bool r7_grouped(const uint8_t *col, struct cube *c5, struct tw_error *err);

/* The finish (finish7.c): path (model moves of c, the cube as given)
 * replayed on the engine, r7_grouped's 5x5x5 through cube5_reduce_solve,
 * all of it written to out as WCA tokens and replayed (it must solve c);
 * *obtm_stages (may be NULL) the OBTM of path as written, *obtm5 (may be
 * NULL) the 5x5x5's. */
struct movelist;
bool r7_finish(const struct cube *c, const struct r7_path *path, struct movelist *out, long *obtm_stages,
    long *obtm5, struct tw_error *err);

/* OBTM of path's moves from index from on. */
int r7_path_obtm(const struct r7_path *path, int from);

#endif
