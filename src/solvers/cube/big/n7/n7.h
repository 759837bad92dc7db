/* The 7x7x7 staged reduction (docs/cube-solvers.md), and the odd cubes' centres
 * first reduction it gives the 9x9x9 and 11x11x11 (odd.h). After
 * dwalton76's order (docs/papers.md [dwalton76]): every centre first,
 * the inner 3x3 by a 5x5x5's phases, the rest by the 6x6x6's centre
 * stages; then the edges orbit by orbit.
 *
 * A centre pass (passes.c) on a 7x7x7 (or a 7x7x7 of grouped layers of
 * a bigger cube), its colours renamed so that the fixed centres are
 * home (r7_centres_home) and its edges ignored:
 *  I.  S1: the fake 5x5x5 (rows and columns 0 2 3 4 6, turned by blocks
 *      of two and three layers from a face) through the 5x5x5 phase
 *      reduction's phases 1 and 2: every face's inner 3x3 on its axis;
 *      stages 1-4: the 6x6x6's centre stages on the fake 6x6x6 (the 7x7x7
 *      without its middle rows and columns, turned by blocks that never
 *      move layer 4) keeping S1, with stages 1b and 3b after 1 and 3:
 *      every outer T (1,3) of the kind of the oblique pair (1,2)-(1,4)
 *      it sits between (centres7.c), so that stages 2 and 4 stage it
 *      with its pair; stage 5: every inner X block, inner T and T
 *      triple (1,2) (1,3) (1,4) home: the inner 3x3 of every face
 *      solved, the triples one colour (stage5_7.c);
 *  C.  the grouped 5x5x5 (layers 1, 2, 3-5, 6, 7: its X the outer X,
 *      its T the triples) with every centre home (stage_c.c).
 * Then the edge orbits (passes.c, edge_orbit): the 5x5x5 of layers
 * {1} {2,3} {4} {5,6} {7} (the inner wings and the midge) reduced by
 * the 5x5x5 phase reduction, then the 5x5x5 of layers {1} {2} {3-5}
 * {6} {7} solved by it. Private to src/solvers/cube/big/n7 but for the
 * cube7_reduce_* functions. */
#ifndef TWIRL_CUBE_N7_H
#define TWIRL_CUBE_N7_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/big/n7/model.h"

#define R7_MAX_PATH 400

/* A path of model moves (model.h) of the cube as given. */
struct r7_path {
	int len;
	uint16_t m[R7_MAX_PATH];
};

struct r7_options {
	atomic_bool *cancel;   /* may be NULL */
	long max_nodes;        /* each search's work; 0 for the default */
	int threads;           /* centre_pass_solve's views on at most this many
	                        * threads (and R7_MAX_THREADS); 0 or 1 the
	                        * caller's alone; the same answer on any */
};

/* The most threads a centre pass's views run on (one a view). */
#define R7_MAX_THREADS 3

/* The stages' goals on colours col: 'A' (inner X blocks and oblique
 * pairs, as the 6x6x6's stage 5 on the fake 6x6x6), 'I' (and the inner 3x3
 * of every face one colour), '2' (the inner 3x3 and every T triple one
 * colour); false for any other stage. */
bool r7_stage_done(const uint8_t *col, int stage);

/* Stage S1 (docs/cube-solvers.md): the fake 5x5x5 (rows and columns 0 2 3 4 6,
 * turned by blocks of 1-2 and 1-3 layers) through the 5x5x5 phase
 * reduction's phases 1 and 2: every face's inner 3x3 of its axis's
 * colours. col in place, moves appended to path. Errors: the 5x5x5
 * phases' ("cancelled", "... within the search's work", the tables'),
 * the path full, "internal error: ..." if the end does not stage. */
bool r7_stage_s1(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err);

/* The 5x5x5 phase reduction's phases 1 and 2 on c5 (a 5x5x5 that
 * cube_state_solvable accepts) with opt's cancel and work (opt may be
 * NULL): its first end's moves into moves (r5_end_moves: face * 6 +
 * wide * 3 + quarter turns - 1; R5_MAX_PHASE1 + R5_MAX_PHASE2 room),
 * their count; -1 with the phases' error prefixed by stage. */
int r7_phases12(const struct cube *c5, const struct r7_options *opt, uint8_t *moves, const char *stage,
    struct tw_error *err);

/* Stage I (docs/cube-solvers.md): S1, then stages 1 to 4 (with 1b and 3b) of
 * centres7.c and stage5_7.c on col (fixed centres home) in place, moves
 * appended to path: every centre but the outer X and the T triples
 * home, every triple one colour, every centre on its axis;
 * stage_moves (may be NULL, 6 entries) the OBTM of stages 1 (with 1b),
 * 2, 3 (with 3b), 4, 5 and S1 (entry 5), *nodes5 (may be NULL) stage
 * 5's search nodes.
 * Errors: "stage I: the fixed centres are not home", the stages' own
 * ("cancelled", "no stage-k end within the search's work", out of
 * memory, the tables'), "internal error: ..." if the end is not its
 * goal. */
bool r7_stage_i(uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    int *stage_moves, long *nodes5, struct tw_error *err);

/* Stage I's staging (docs/cube-solvers.md): S1, then stages 1 to 4 (with 1b and
 * 3b) on col as r7_stage_i runs them, every centre on its axis and the
 * inner 3x3 too; stage_moves (may be NULL) as r7_stage_i's but for
 * stage 5's entry; *view the 6x6x6 view (0 to 2) the stages chose,
 * which stage 5 takes first. Errors: r7_stage_i's but stage 5's. */
bool r7_stage_staging(uint8_t *col, const struct r7_options *opt, struct r7_path *path, int *stage_moves, int *view,
    struct tw_error *err);

/* Stage 5 (stage5_7.c) on col after r7_stage_staging (or anything
 * every centre of which is on its axis, the fixed centres home),
 * searched in the 6x6x6's view `view` (0 to 2: which axis it takes as
 * R-L; the ends differ, not their goal), its moves played on col and
 * appended to path, *obtm their OBTM: every centre but the outer X and
 * the T triples home, every triple one colour. max_turns < 0: every
 * search of stage 5's; else only its first (weight 1, its own work)
 * and only ends of at most max_turns turns (each turn 1 OBTM), *obtm
 * -1 and col and path as they were if it finds none within them or
 * that search's work (an end of that length may still exist: the
 * bound is not admissible); end_bound (may be NULL) then gets the
 * bound of the pass that found the end (r7_stage5_within). Errors: stage 5's
 * ("cancelled", "no stage-5 end within the search's work", the path
 * full, the tables'), "internal error: ..." if the end is not the goal. */
bool r7_stage_5(uint8_t *col, const struct r7_options *opt, int view, int max_turns, struct r7_path *path, int *obtm,
    long *nodes5, int *end_bound, struct tw_error *err);

/* col's colours renamed so that every fixed centre shows its face's
 * colour (a rotation of the colours: the cube stays a cube). */
void r7_centres_home(uint8_t *col);

/* centres7.c: the 6x6x6's stages 1 to 4 with the inner T (in the view
 * colours of col; out the view's colours after them; path in the 6x6x6's
 * move numbers of that view), with stages 1b and 3b if bars (every
 * outer T then ends staged with its pair; without them the outer T are
 * left where the turns take them: for the even cubes' passes, whose
 * outer T are a middle the cube does not have, even/solve.c).
 * Errors: S1's goal not holding, colours that are no 6x6x6's,
 * "cancelled", "no stage-k end within the search's work", out of
 * memory, the tables'. */
struct staged_options;
struct staged_path;
bool r7_stages_1to4(const uint8_t *col, const struct staged_options *opt, bool bars, int *view, uint8_t *out,
    struct staged_path *path, int *stage_moves, struct tw_error *err);

/* Stage 1b (stage 1: the R-L axis) or 3b (stage 3: U-D) alone, as
 * r7_stage_i runs it (centres7.c): on col (fixed centres home, as
 * given, every oblique pair of that axis of one kind) in place, every
 * outer T of the axis's kind where its pair is; its 7x7x7 model moves
 * appended to path, the fewest OBTM of the stage's turns (those of
 * stage 1 or 3 that move every bar whole, and the three macros of two
 * opposite 3-layer half turns). Loads the tables without progress.
 * Errors: "internal error: stage Nb starts with pairs of two kinds",
 * "cancelled", "no stage-Nb end within the search's work", the path
 * full, the tables'. For tests. */
bool r7_stage_bars(int stage, uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    struct tw_error *err);

/* Loads stages 1 and 3's pruning table of the mixed oblique pair slots
 * (8.4 MB, "cube7-centres13-mixed", about 5 s to build) and stages 1b
 * and 3b's of the pair and outer T mismatch slots (8.4 MB,
 * "cube7-centres-bars", about 3 s) from the table cache, or builds
 * them, reporting through prog (may be NULL; its cancel stops a build:
 * "cancelled"); stages 1 to 4 load them without progress if this was
 * not called. Errors: out of memory, "cancelled", the cache's own. */
struct table_progress;
bool r7_centres_load(const struct table_progress *prog, struct tw_error *err);

/* Stages 1 to 4's tables (built on first call, the mixed table loaded):
 * their size in bytes, 0 if they could not be had. */
size_t r7_centres_tables(void);

/* stage5_7.c: stage 5 with the inner and outer T, on view colours col in place,
 * its 6x6x6 model moves appended to path; loads its tables
 * (r7_stage5_load) without progress if they are not loaded. */
bool r7_stage5(uint8_t *col, const struct staged_options *opt, struct staged_path *path, long *nodes,
    struct tw_error *err);

/* r7_stage5's first search alone (weight 1, its own work), for ends of
 * at most max_turns turns: 1 with the end played on col and appended to
 * path, 0 if there is none within them or that work (col and path as
 * they were), -1 with r7_stage5's errors. end_bound (may be NULL): the
 * bound of the IDA* pass that found the end, which a search with a
 * smaller max_turns finds too exactly when that bound is at most its
 * max_turns (stage_ida: the passes do not depend on the last one). */
int r7_stage5_within(uint8_t *col, const struct staged_options *opt, int max_turns, struct staged_path *path, long *nodes,
    int *end_bound, struct tw_error *err);

/* Loads stage 5's pruning tables (one set for the three axes: the
 * (X, A, B, T) table reduced by symmetry and three small ones,
 * 4,395,300 bytes in one block) from the table cache ("cube7-stage5"),
 * or builds them (about 3 s of CPU; breadth first, stage5_7.c),
 * reporting through prog (may be NULL; its cancel stops the build:
 * "cancelled"); r7_stage5 loads them without progress if this was not
 * called. Thread-safe; later calls return at once. The block lives
 * until table_cache_release_all. Errors: out of memory, "cancelled",
 * the builder's or the cache's own, and bugs: "internal error: stage
 * 5's axes are not alike", "... stage 5's symmetries", "... stage 5's
 * table is not symmetric", "... stage 5's table has a state N turns
 * away". */
struct table_progress;
bool r7_stage5_load(const struct table_progress *prog, struct tw_error *err);

/* Stage 5's tables loaded (r7_stage5_load, no progress): their size in
 * bytes, 0 if they could not be loaded. */
size_t r7_stage5_tables(void);

/* Stage 5's IDA* bound (its heuristic, not admissible) of view colours
 * col, as r7_stage5 starts from; -1 if col is not a stage-5 start (a
 * centre off its axis) or the tables could not be loaded. For checks. */
int r7_stage5_bound(const uint8_t *col);

/* Stage C (stage_c.c): every centre of c5 (a 5x5x5 whose fixed centres
 * are home; its edges and corners are ignored) home: the 5x5x5 phase
 * reduction's phases 1 and 2 stage them on their axes, then an IDA*
 * over face turns and the half turns of the two-layer blocks and
 * second-layer slices finds the fewest OBTM home. The turns (5x5x5
 * layers) go to moves[0..*n), at most max of them. Loads its table
 * (r7_stage_c_load) without progress if it is not loaded. Errors: "stage
 * C: the fixed centres are not home", the 5x5x5 phases', "cancelled",
 * "stage C: no end within the search's work", the table's,
 * "internal error: ..." (a bug). */
bool r7_stage_c(const struct cube *c5, const struct r7_options *opt, struct cube_move *moves, int max, int *n,
    struct tw_error *err);

/* Loads stage C's pruning table (the OBTM distance of every staged X
 * orbit with the U-D axis's T, 24,010,000 bytes, "cube7-stage-c")
 * from the table cache or builds it (about 5 s) reporting through prog
 * (may be NULL; its cancel stops the build: "cancelled"). Thread-safe.
 * Errors: out of memory, "cancelled", the cache's, "internal error:
 * ..." (a bug). */
bool r7_stage_c_load(const struct table_progress *prog, struct tw_error *err);

/* Stage C's table loaded (r7_stage_c_load): its size in bytes, 0 if it
 * could not be had. */
size_t r7_stage_c_tables(void);

/* A centre pass's staging (passes.c): the 7x7x7 of grouping g7 of cur
 * (an n-cube; for n = 7 every layer its own group), its edges ignored,
 * through r7_stage_staging, the turns played on cur and appended to
 * turns[*len..] as its single-layer turns (cube_grouping_turn): every
 * centre of that 7x7x7 on its axis, *view the stages' view. Errors:
 * r7_stage_staging's. */
bool centre_pass_stage(struct cube *cur, const struct cube_grouping *g7, const struct r7_options *opt, uint16_t *turns,
    int *len, int *view, struct tw_error *err);

/* A centre pass's solve (passes.c): on cur, every centre of the 7x7x7
 * of g7 on its axis, stage 5 (r7_stage_5) then stage C through its
 * grouped 5x5x5 (layers {1} {2} {3-5} {6} {7} of the 7x7x7): every
 * centre of the 7x7x7 home (checked). Stage 5 is searched in `views`
 * views (1 to 3) from `view` on, the later ones for ends at most one
 * turn longer than the best's, and the fewest OBTM of stage 5 and C
 * together kept; played and appended as above. On more than one thread
 * (opt->threads) the later views run beside the first, searching for
 * ends of any length, and an end counts only if the IDA* pass that
 * found it is within the limit it would have had: the same answer as
 * on one thread (r7_stage5_within). Centres of cur in a group of the
 * pass's that were one colour stay one colour. report
 * (may be NULL): its figure moved from `from` to `to` (thousandths of
 * its share) view by view, phase "centres". Errors:
 * the stages' ("cancelled", "... within the search's work", out of
 * memory, the tables'), "internal error: ..." (a bug). */
bool centre_pass_solve(struct cube *cur, const struct cube_grouping *g7, const struct r7_options *opt, int view, int views,
    const struct cube_reduce_options *report, int from, int to, uint16_t *turns, int *len,
    struct tw_error *err);

/* Every centre of the 7x7x7s of g7[0..passes) home (passes.c, docs/cube-solvers.md):
 * each pass staged (centre_pass_stage) in order, then each solved
 * (centre_pass_solve) in order, stage 5 in three views when there is more
 * than one pass, one otherwise. A pass's turns keep every centre's
 * axis, so the passes staged before stay staged, and the solves in
 * order find the centres of the passes before them home and in whole
 * groups. ro: the stages' cancel and work (may be NULL); opt (may be
 * NULL): its figure from `from` to `to` (thousandths of its share),
 * the phase "centres", its cancel. Turns as above. Errors: the
 * passes', "cancelled", "internal error: ..." (a bug). */
bool centre_passes(struct cube *cur, const struct cube_grouping *g7, int passes, const struct r7_options *ro,
    const struct cube_reduce_options *opt, int from, int to, uint16_t *turns, int *len, struct tw_error *err);

/* Whether every centre facelet of c (any size) shows its face's
 * middle one: one colour a face (passes.c). */
bool all_centres_home(const struct cube *c);

/* An edge orbit (passes.c): on cur (an n-cube, every centre home,
 * wings k+1 to n-2-k of every edge one colour with its midge), the
 * 5x5x5 of layers {1} {2..k+1} {k+2..n-k-1} {n-k..n-1} {n} (its wings
 * read at place k) by cube5_reduce_solve with options opt (may be
 * NULL), or, for an even cube's innermost wings (k = n/2 - 1), the
 * 4x4x4 of layers {1} {2..n/2} {n/2+1..n-1} {n} by cube4_reduce_solve:
 * its reduction (and its 3x3x3 too if whole) played on cur,
 * appended to turns as above; *len_edges set to *len after its edges,
 * *s5 its stats. Errors: the 5x5x5's or 4x4x4's, "internal error: ..."
 * (the orbit not paired) */
bool edge_orbit(struct cube *cur, int k, bool whole, const struct cube_reduce_options *opt, uint16_t *turns,
    int *len, int *len_edges, struct cube_reduce_stats *s5, struct tw_error *err);

/* The centre passes' tables (stages 1 and 3's, the 6x6x6's stage-2
 * endgame, stage 5's, stage C's) loaded or built, a first build with
 * progress in opt's figure (opt may be NULL: none) from its
 * progress_from to to (thousandths of its share). The orbits' 4x4x4
 * and 5x5x5 load theirs in their own shares. Errors: the tables',
 * "cancelled". */
bool centre_passes_load(const struct cube_reduce_options *opt, int to, struct tw_error *err);

/* Every edge orbit of cur (an n-cube whose centres are home), k =
 * (n - 2) / 2 down to 1 (edge_orbit), the last solved whole: the
 * figure of opt (may be NULL) from from to to (thousandths of its
 * share), the phase "edges"; *len_edges after the last one's edges,
 * its 3x3x3's seconds added to *finish_seconds. Errors as
 * edge_orbit's, "cancelled". */
bool edge_orbits(struct cube *cur, const struct cube_reduce_options *opt, int from, int to, uint16_t *turns,
    int *len, int *len_edges, double *finish_seconds, struct tw_error *err);

/* An odd cube's centres-first plan: the 7x7x7s of grouped layers whose
 * centre passes, in order, bring every centre home (each pass's groups
 * one colour where an earlier pass left them so). */
#define MAX_CENTRE_PASSES 6
struct odd_cube_plan {
	int n, passes;
	struct cube_grouping pass[MAX_CENTRE_PASSES];
};

/* The 7x7x7's plan (solve.c): one centre pass, every layer its own
 * group. */
extern const struct odd_cube_plan odd_plan7;

/* The odd cubes' staged reduction (passes.c): plan's centre passes,
 * then the edge orbits k = (n-3)/2 down to 1 (edge_orbit), the last
 * solved whole. Solves c (an n-cube, n = plan->n, that
 * cube_state_solvable accepts), appending WCA moves to out, replayed
 * before they are returned; stats (may be NULL) as cube_big_solve's:
 * REDUCE_CENTRES the passes, REDUCE_EDGES the orbits' 5x5x5s up to the
 * last one's 3x3x3, REDUCE_FINISH that 3x3x3 (tokens). Progress: the
 * tables, the passes ("centres"), the orbits ("edges") in opt's figure.
 * opt->threads: the passes' stage-5 views side by side (centre_pass_solve),
 * the same answer on any number. Errors: not an n-cube; "cancelled";
 * out of memory; the tables';
 * "... within the search's work" (kind TW_ERROR_OUT_OF_WORK);
 * "internal error: ..." (a bug). */
bool odd_cube_solve(const struct odd_cube_plan *plan, const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* Builds or loads every table of the 7x7x7 solver now (the stages' and
 * the 5x5x5 phase reduction's); false with the reason (err may be
 * NULL). */
bool cube7_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube7_reduce_table_bytes(void);

/* The whole solver (solve.c): one centre pass, then the edge orbits 2
 * and 1 (odd_cube_solve). Solves c (a 7x7x7 that cube_state_solvable
 * accepts), appending WCA moves to out; stats (may be NULL) as
 * cube_big_solve's: REDUCE_CENTRES stages I and C, REDUCE_EDGES
 * the orbits' 5x5x5s to the last one's 3x3x3, REDUCE_FINISH that 3x3x3
 * (tokens). The answer is replayed before it is returned. Errors: not a
 * 7x7x7; "cancelled"; out of memory; the tables'; "... within the
 * search's work" (a stage ran out of work or stalled; kind
 * TW_ERROR_OUT_OF_WORK). */
bool cube7_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* OBTM of path's moves from index from on. */
int r7_path_obtm(const struct r7_path *path, int from);

#endif
