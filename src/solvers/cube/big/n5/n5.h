/* The 5x5x5 phase reduction, after Chen Shuang's cube555 ([cube555] in
 * docs/papers.md): five phases, each an IDA* search over coordinates with
 * exact pruning tables, searched over many candidates ordered by total
 * length. cube5_reduce_solve (below) runs all five phases and the
 * 3x3x3 finish; sizes.c solves the 5x5x5 with it (cube_big_solve).
 *  1. the 8 R-L coloured X-centres and 8 T-centres onto R and L (any of
 *     the 36 outer block turns; the cube is searched in three views, one
 *     an axis each); h = max(X table, T table, combined table), the
 *     combined one (phase1_table.h: both kinds at once, reduced by the
 *     16 symmetries that keep the R-L axis, exact to 7 turns) read in the
 *     last 7 plies only when X and T do not already cut;
 *  2. the U-D coloured X- and T-centres onto U and D, and the wing
 *     permutation even (no OLL parity later); 22 turns that keep R-L
 *     centres on R and L: U F D B, Uw2 Fw2 Dw2 Bw2, Rw and Lw turns;
 *  3. (phase3_tables.h) in any of the 3 axis views, with any of the 2,048
 *     wing labellings: the low wings onto half 0, the midges oriented as
 *     the labelling says, the R-L centres into a split phases 4 and 5
 *     solve; the 18 face turns and the six wide half turns; h = max(wing
 *     split, centres x midges, wings x midges by 32 symmetries);
 *  4. (phase45.h) four dedges with no piece in the ring kept apart,
 *     paired in the ring around the F-B axis (or, after an x turn, the
 *     U-D axis), U-D and R-L centres into states phase 5 solves; U, D
 *     and the other half turns (16);
 *  5. every centre home, the other eight dedges paired, in phase 4's
 *     frame turned by x; U, D, R2, L2, F2, B2, Rw2, Lw2, Fw2, Bw2 (14).
 * Phase 1 keeps the best R5_PHASE1_KEPT of its first R5_PHASE1_SOLUTIONS
 * solutions by length + phase-2 bound; phase 2 searches them by total
 * length and keeps its first R5_PHASE2_ENDS distinct ends; phase 3 (a
 * separate call, r5_phase3) searches every (end, axis, labelling) by
 * total length and keeps its first R5_PHASE3_ENDS. Work is counted
 * in search nodes, never in time, so a cube gets the same answer on every
 * machine. Every move is an outer block turn (R, Rw: 1 each in OBTM). */
#ifndef TWIRL_CUBE_N5_H
#define TWIRL_CUBE_N5_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/reduce.h"

/* cube555 looks at 200 phase-1 solutions and keeps them all. With the
 * combined bound, phase 1 takes (one core, bench_cube5_phases, 50 cubes)
 * 0.09 s mean for 200 solutions looked at, 0.27 s for 1,000 (phases 1 +
 * 2: 17.72 and 17.42 moves); 10,000 (as the 4x4x4 looks at) take 2.6 s
 * (17.15 moves against 17.40 for 1,000 on 20 cubes). */
#define R5_PHASE1_SOLUTIONS 1000   /* phase-1 solutions looked at */
#define R5_PHASE1_KEPT 200         /* of which the best go on to phase 2 */
#define R5_PHASE2_ENDS 500         /* distinct phase-2 ends kept */
#define R5_MAX_PHASE1 14
#define R5_MAX_PHASE2 14
#define R5_MAX_NODES 100000000L    /* both phases, then "no solution"; phase 3 alike */
#define R5_PHASE3_ENDS 500         /* distinct phase-3 ends kept (cube555's) */
#define R5_MAX_PHASE3 12

/* The search's sizes; a 0 field takes the default above. */
struct r5_options {
	int phase1_solutions, phase1_kept, phase2_ends, phase3_ends, phase4_ends;
	long max_nodes;
	bool plain_bound;              /* phase 1 on max(X, T) alone, without the combined table (to measure it) */
	bool plain_bound3;             /* phase 3 without the wings x midges table (to measure it) */
	atomic_bool *cancel;           /* may be NULL; polled every 4,096 nodes */
};

/* One end of phase 2: in view `view` (r5_view), moves[0..len1) are phase
 * 1 and moves[len1..len1+len2) phase 2, as move indices of the model
 * (model.h, m = face * 6 + wide * 3 + quarter turns - 1) on the view's
 * cube; r5_end_moves maps them to the cube as given. */
struct r5_end {
	uint8_t view, len1, len2;
	uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2];
};

struct r5_result {
	struct r5_end *ends;           /* n_ends, in the order found: by total length */
	int n_ends;
	long phase1_found;             /* phase-1 solutions looked at */
	int phase1_kept;
	long nodes1, nodes2;           /* search nodes (IDA* calls) per phase */
	double seconds1, seconds2;     /* wall time per phase (tables ready) */
};

/* Phases 1 and 2 on c (a 5x5x5 that cube_state_solvable accepts); opt
 * may be NULL (defaults). On success res->ends is malloc'd (free it with
 * r5_result_free) and holds at least one end. Errors: not a 5x5x5;
 * "cancelled"; out of memory; the tables' (cache or memory); "no phase-2
 * end within the search's work". Tables are built (about 3.5 s) or
 * loaded on first use. */
bool r5_phases12(const struct cube *c, const struct r5_options *opt, struct r5_result *res,
    struct tw_error *err);

/* Frees res->ends; res may be zeroed or already freed. */
void r5_result_free(struct r5_result *res);

/* The end of a phase's search (phase 2..5) that found ends ends: false
 * with "cancelled" if cancel (may be NULL) is set, else with "no phase-N
 * end within the search's work" if ends is 0; true otherwise. */
bool r5_search_ended(atomic_bool *cancel, int ends, int phase, struct tw_error *err);

/* The moves of end e as move indices on the cube as given (len1 + len2
 * of them, into out), and their names (model.h's name, "Rw'") through
 * r5_move_name. */
int r5_end_moves(const struct r5_end *e, uint8_t *out);
const char *r5_move_name(int m);

/* One end of phase 3, after end `parent` of a r5_result: in axis view
 * `axis` (r5_view of the cube after that end's moves, on the cube as
 * given: that axis's colours on R and L), moves[0..len3) as model move
 * indices, reaching phase 3's goal (phase3_tables.h) for the 12-bit labelling
 * `labelling` (bit d set: dedge d's low wing is the one whose home is in
 * half 1). */
struct r5_end3 {
	uint16_t parent, labelling;
	uint8_t axis, len3;
	uint8_t moves[R5_MAX_PHASE3];
};

struct r5_result3 {
	struct r5_end3 *ends;          /* n_ends, by total length (phases 1 + 2 + 3) */
	int n_ends;
	long starts;                   /* start nodes (parent x axis x labelling) searched from */
	long nodes;                    /* search nodes (IDA* calls) */
	double seconds;                /* wall time (tables ready) */
};

/* Phase 3 (cube555's: the wings' low/high split, the midges' orientation
 * and the R-L centres into what phases 4 and 5 solve; 24 turns: the 18
 * face turns and the six wide half turns) from every end of p12, a
 * result of r5_phases12 on c, in each of the 3 axis views with each of
 * the 2,048 labellings, by total length; keeps the first opt's
 * phase3_ends (R5_PHASE3_ENDS) distinct ends from which phase 4 can start
 * (4 dedges with no piece in the E slice, or in the S ring after x). opt may be NULL. On
 * success res->ends is malloc'd (free it with r5_result3_free) and holds
 * at least one end. Errors: not a 5x5x5; "cancelled"; out of memory; the
 * tables' (built, about 8 s on one core, or loaded on first use); "no phase-3 end
 * within the search's work". */
bool r5_phase3(const struct cube *c, const struct r5_result *p12, const struct r5_options *opt,
    struct r5_result3 *res, struct tw_error *err);

/* Frees res->ends; res may be zeroed or already freed. */
void r5_result3_free(struct r5_result3 *res);

/* The moves of phases 1, 2 and 3 to e (an end of phase 3 after p12) as
 * move indices on the cube as given, into out (at most R5_MAX_PHASE1 +
 * R5_MAX_PHASE2 + R5_MAX_PHASE3); returns their count. */
int r5_end3_moves(const struct r5_result *p12, const struct r5_end3 *e, uint8_t *out);

/* Builds or loads the tables of phases 1 to 3 now; false with the
 * reason (err may be NULL). */
bool cube5_phases_prepare(struct tw_error *err);

/* The tables' size in bytes (in memory, and in the cache on disk). */
size_t cube5_phases_table_bytes(void);

/* Phases 4 and 5 (phase45.h, after cube555's). Their tables are built in
 * first use (about 35 s on one core) and cached: the two 99 MB tables of
 * 4 bits an entry (cube5-phase4-dedges, cube5-phase5-wings) and the rest
 * in one 57 MB block (cube5-phase45-small). */
#define R5_PHASE4_ENDS 100         /* phase-4 ends kept (cube555: 500) */
#define R5_MAX_PHASE4 18
#define R5_MAX_PHASE5 20

/* One end of phase 4 after end `parent` of a r5_result3: in the frame of
 * that end (its axis view after its moves), turned by x when sring is
 * set, moves[0..len4) as model move indices of that frame. */
struct r5_end4 {
	uint16_t parent;
	uint8_t sring, len4;
	uint8_t moves[R5_MAX_PHASE4];
};

struct r5_result4 {
	struct r5_end4 *ends;          /* n_ends, by total length (phases 1 to 4) */
	int n_ends;
	long starts, nodes;
	double seconds;
};

/* Phase 4 (phase45.h) from every end of p3 (after p12, on c), in both
 * frames, over every choice of 4 dedges off the fixed slice, by total
 * length; keeps the first R5_PHASE4_ENDS. On success res->ends is
 * malloc'd (r5_result4_free) and not empty. Errors as r5_phase3's, and
 * "no phase-4 end within the search's work". */
bool r5_phase4(const struct cube *c, const struct r5_result *p12, const struct r5_result3 *p3,
    const struct r5_options *opt, struct r5_result4 *res, struct tw_error *err);
void r5_result4_free(struct r5_result4 *res);

/* The moves of phases 1 to 4 to e on the cube as given, into out (at
 * most R5_MAX_PHASE1 + R5_MAX_PHASE2 + R5_MAX_PHASE3 + R5_MAX_PHASE4);
 * returns their count. */
int r5_end4_moves(const struct r5_result *p12, const struct r5_result3 *p3, const struct r5_end4 *e,
    uint8_t *out);

/* The end of phase 5: after end `parent` of a r5_result4, in that end's
 * frame turned by x, moves[0..len5). */
struct r5_end5 {
	uint16_t parent;
	uint8_t len5;
	uint8_t moves[R5_MAX_PHASE5];
	long starts, nodes;
	double seconds;
};

/* Phase 5 (phase45.h) from every end of p4, by total length: the first
 * (shortest total) end into *res. Errors as r5_phase4's ("no phase-5
 * end within the search's work"). */
bool r5_phase5(const struct cube *c, const struct r5_result *p12, const struct r5_result3 *p3,
    const struct r5_result4 *p4, const struct r5_options *opt, struct r5_end5 *res, struct tw_error *err);

/* The moves of phases 1 to 5 (the whole reduction) on the cube as given,
 * into out (at most R5_MAX_REDUCTION); returns their count. */
#define R5_MAX_REDUCTION (R5_MAX_PHASE1 + R5_MAX_PHASE2 + R5_MAX_PHASE3 + R5_MAX_PHASE4 + R5_MAX_PHASE5)
int r5_end5_moves(const struct r5_result *p12, const struct r5_result3 *p3, const struct r5_result4 *p4,
    const struct r5_end5 *e, uint8_t *out);

/* The whole solver (solve.c): phases 1 to 5 by total length over the
 * candidates (with R5_SOLVE_* sizes), then the 3x3x3 two-phase solver
 * (cube3.h) on the reduced cube, its first turn merged with phase 5's
 * last. Solves c (a 5x5x5 that cube_state_solvable accepts), appending
 * WCA moves (R, Rw', U2 ...) to out; stats (may be NULL) gets the moves
 * per phase: REDUCE_CENTRES phases 1 and 2, REDUCE_EDGES phases 3 to 5,
 * REDUCE_FINISH the 3x3x3 (after the merge). With opt->reduction_only
 * the answer stops at the reduction (no finish, REDUCE_FINISH 0). The
 * answer is replayed before it is returned. Errors: not a 5x5x5 (kind
 * BAD_INPUT); cancelled (CANCELLED); out of memory (NO_MEMORY); the
 * tables'; "no reduction within the search's work" (OUT_OF_WORK); an
 * internal error if the replay does not solve (reduce). */
/* The beams of a whole solve: phase-3 ends carried into phase 4 and
 * phase-4 ends into phase 5. Measured on 20 cubes (bench_cube_reduce
 * --size 5 --count 20 --seed 1, docs/cube-solvers.md): 100 / 20 gave 71.2 OBTM
 * in 1.66 s a solve, 1000 / 20 70.2 in 1.16 s (more phase-3 ends give
 * phase 4 starts that finish sooner), 1000 / 40 70.0 in 1.55 s. */
#define R5_SOLVE_PHASE3_ENDS 1000
#define R5_SOLVE_PHASE4_ENDS 20
bool cube5_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* Builds or loads every table of phases 1 to 5 now; false with the
 * reason (err may be NULL). */
bool cube5_reduce_prepare(struct tw_error *err);

/* Their size in bytes (in memory); 0 if they cannot be had. */
size_t cube5_reduce_table_bytes(void);

#endif
