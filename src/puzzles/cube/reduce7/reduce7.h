/* The 7x7x7 staged reduction (README.md): the 7x7x7 brought together
 * until it turns as a 5x5x5 of layers {1}, {2}, {3,4,5}, {6}, {7}, for
 * the 5x5x5 phase reduction (reduce5.h) to solve. After dwalton76's
 * order (docs/papers.md [dwalton76]): the inner 3x3 centres first, by a
 * 5x5x5's phases, then the 6x6x6's centre stages.
 *
 * The colours are first renamed so that the fixed centres are home
 * (r7_centres_home). Then:
 *  I.  S1: the fake 5x5x5 (rows and columns 0 2 3 4 6, turned by blocks
 *      of two and three layers from a face) through the 5x5x5 phase
 *      reduction's phases 1 and 2: every face's inner 3x3 on its axis;
 *      stages 1-4: reduce6's centre stages on the fake 6x6x6 (the 7x7x7
 *      without its middle rows and columns, turned by blocks that never
 *      move layer 4) keeping S1 (centres7.c); stage 5: every inner X
 *      block, inner T and oblique pair (1,2)-(1,4) home: the inner 3x3
 *      of every face solved, the oblique pairs one colour (stage5_7.c);
 *  W.  the inner wings 2 and 4 of every edge paired (reduce6's stage 6);
 *  E.  every midge between its inner wing pair (stage_te.c);
 *  T.  every T triple (1,2) (1,3) (1,4) one colour (stage_te.c; the
 *      oblique pairs are one colour each but not home, U and D colours
 *      mixing on the U-D faces, so stage T reads its goal from them);
 * then r7_finish: cube5_reduce_solve on r7_grouped's 5x5x5, written back
 * and replayed. Private to src/puzzles/cube/reduce7 but for the
 * cube7_reduce_* functions. */
#ifndef TWIRL_CUBE_REDUCE7_H
#define TWIRL_CUBE_REDUCE7_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "puzzles/cube/cube.h"
#include "puzzles/cube/reduce/reduce.h"
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
 * pairs, as reduce6's stage 5 on the fake 6x6x6), 'I' (and the inner 3x3
 * of every face one colour), '2' (the inner 3x3 and every T triple one
 * colour), 'C' (and every edge's positions 2 to 4 one dedge). */
bool r7_stage_done(const uint8_t *col, int stage);

/* The fake 6x6x6 of col: facelets of rows and columns 0 1 2 4 5 6. */
void r7_fake6(const uint8_t *col, uint8_t *col6);

/* Stage S1 (README.md): the fake 5x5x5 (rows and columns 0 2 3 4 6,
 * turned by blocks of 1-2 and 1-3 layers) through the 5x5x5 phase
 * reduction's phases 1 and 2: every face's inner 3x3 of its axis's
 * colours. col in place, moves appended to path. Errors: the 5x5x5
 * phases' ("cancelled", "... within the search's work", the tables'),
 * the path full, "internal error: ..." if the end does not stage. */
bool r7_stage_s1(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err);

/* Stage I (README.md): S1, then stages 1 to 4 of centres7.c and
 * stage5_7.c on col (fixed centres home) in place, moves appended to
 * path; stage_moves (may be NULL, 6 entries) the OBTM of stages 1 to 5
 * and S1 (entry 5), *nodes5 (may be NULL) stage 5's search nodes.
 * Errors: "stage I: the fixed centres are not home", the stages' own
 * ("cancelled", "no stage-k end within the search's work", out of
 * memory, the tables'), "internal error: ..." if the end is not its
 * goal. */
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
 * move numbers of that view). Errors: S1's goal not holding, colours
 * that are no 6x6x6's, "cancelled", "no stage-k end within the
 * search's work", out of memory, the tables'. */
struct r6_options;
struct r6_path;
bool r7_stages_1to4(const uint8_t *col, const struct r6_options *opt, int *view, uint8_t *out,
    struct r6_path *path, int *stage_moves, struct tw_error *err);

/* Loads stages 1 and 3's pruning table of the mixed oblique pair slots
 * (8.4 MB, "cube7-centres13-mixed") from the table cache, or builds it
 * (about 5 s) reporting through prog (may be NULL; its cancel stops the
 * build: "cancelled"); stages 1 to 4 load it without progress if this
 * was not called. Errors: out of memory, "cancelled", the cache's own. */
struct table_progress;
bool r7_centres_load(const struct table_progress *prog, struct tw_error *err);

/* Stages 1 to 4's tables (built on first call, the mixed table loaded):
 * their size in bytes, 0 if they could not be had. */
size_t r7_centres_tables(void);

/* stage5_7.c: stage 5 with the inner T, on view colours col in place,
 * its reduce6 moves appended to path; loads its tables
 * (r7_stage5_load) without progress if they are not loaded. */
bool r7_stage5(uint8_t *col, const struct r6_options *opt, struct r6_path *path, long *nodes,
    struct tw_error *err);

/* Loads stage 5's pruning tables (one set for the three axes: the
 * (X, A, B, T) table and four small ones, 25,386,900 bytes in one
 * block) from the table cache ("cube7-stage5"), or builds them (about
 * 1.3 s of CPU; breadth first, stage5_7.c) reporting through prog (may
 * be NULL; its cancel stops the build: "cancelled"); r7_stage5 loads
 * them without progress if this was not called. Thread-safe; later calls
 * return at once. The block lives until table_cache_release_all.
 * Errors: out of memory, "cancelled", the builder's or the cache's own,
 * "internal error: stage 5's axes are not alike" (a bug). */
struct table_progress;
bool r7_stage5_load(const struct table_progress *prog, struct tw_error *err);

/* Stage 5's tables loaded (r7_stage5_load, no progress): their size in
 * bytes, 0 if they could not be loaded. */
size_t r7_stage5_tables(void);

/* Stage 5's IDA* bound (its heuristic, not admissible) of view colours
 * col, as r7_stage5 starts from; -1 if col is not a stage-5 start (a
 * centre off its axis) or the tables could not be loaded. For checks. */
int r7_stage5_bound(const uint8_t *col);

/* Stage W: reduce6's stage 6 on the fake 6x6x6 after
 * stage I: every edge's inner wings 2 and 4 one colour pair (the midge
 * not yet between them), keeping stage I's goal (checked); its parity
 * fixes included. Errors: r6_stage6's ("cancelled", out of work),
 * "internal error: stage W left inner wings apart", "stage W broke
 * stage I's goal". */
bool r7_stage_w(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err);

/* Stages E and T (stage_te.c, after I and W): every midge between its
 * inner wing pair, then every outer T onto its oblique pair, by beam
 * searches over macros checked when built (slice, face commutator,
 * slice back; [middle slice, layer-2 slice] conjugated by a face turn;
 * middle slice, one or two grouped 5x5x5 turns, slice back); *left_e,
 * *left_t the unmatched stickers when a search fails, *macros_e,
 * *macros_t its steps, *len_e (may be NULL) path's length after stage E.
 * Deterministic (fixed beam widths, no clock); opt's cancel (opt may be
 * NULL) is read at each depth: "cancelled". Other errors: "stage E (T)
 * stalled, ...", out of memory. */
bool r7_stage_te(uint8_t *col, const struct r7_options *opt, struct r7_path *path, int *left_e, int *left_t,
    int *macros_e, int *macros_t, int *len_e, struct tw_error *err);

/* The 5x5x5 that col groups as (layers 1, 2, 3-5, 6, 7; rows and
 * columns 0 1 3 5 6); false with the reason if it does not group or is
 * not solvable. */
bool r7_grouped(const uint8_t *col, struct cube *c5, struct tw_error *err);

/* What r7_finish reports of its answer. */
struct r7_finish_info {
	long obtm_stages;         /* OBTM of the stages' path written alone */
	long obtm_grouped;        /* the answer's OBTM less obtm_stages */
	long tokens;              /* tokens written */
	long tokens_centres;      /* of them, about as many as the path's first
	                           * centres_end moves written alone */
	long tokens_edges;        /* and the stages with the 5x5x5's centres,
	                           * edges and parity */
	struct cube_reduce_stats s5;   /* the 5x5x5's stats (its tokens) */
};

/* The finish (solve.c): path (model moves of c, the cube as given)
 * replayed on the engine, r7_grouped's 5x5x5 through cube5_reduce_solve
 * with options o5 (may be NULL), all of it written to out as WCA tokens
 * (runs of one axis merged) and replayed (it must solve c); info (may be
 * NULL) the shares, with the centres ending after path move centres_end.
 * Errors: the 5x5x5's; "internal error: ..." if the path does not group
 * the cube or the answer does not solve it. out is as it was on failure. */
struct movelist;
struct cube_reduce_options;
bool r7_finish(const struct cube *c, const struct r7_path *path, int centres_end,
    const struct cube_reduce_options *o5, struct movelist *out, struct r7_finish_info *info,
    struct tw_error *err);

/* Builds or loads every table of the 7x7x7 solver now (the stages' and
 * the 5x5x5 phase reduction's); false with the reason (err may be
 * NULL). */
bool cube7_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube7_reduce_table_bytes(void);

/* The whole solver (solve.c): stages I, W, E and T, then
 * cube5_reduce_solve on the grouped cube, its turns of the 5x5x5's middle
 * layer written as turns of layers 3 to 5. Solves c (a 7x7x7 that
 * cube_state_solvable accepts), appending WCA moves to out; stats (may
 * be NULL) as cube_reduce_solve's: REDUCE_CENTRES stages I and T and the
 * 5x5x5's centres, REDUCE_EDGES stages W and E and the 5x5x5's edges,
 * REDUCE_FINISH the 3x3x3, all in OBTM. The answer is replayed before it
 * is returned. Errors: not a 7x7x7; "cancelled"; out of memory; the
 * tables'; "... within the search's work" (a stage ran out of work or
 * stalled: the caller may fall back to the greedy reduction). */
bool cube7_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* OBTM of path's moves from index from on. */
int r7_path_obtm(const struct r7_path *path, int from);

#endif
