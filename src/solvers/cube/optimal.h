/* Proven shortest solutions of the 3x3x3 (twirl solve --optimal), in the
 * half-turn metric (HTM) or the quarter-turn metric (QTM).
 *
 * IDA* (Korf, "Finding optimal solutions to Rubik's Cube using pattern
 * databases", 1997) bounded by a pattern database read in three axes at
 * once (Reid's optimal solver, as in Kociemba's Cube Explorer; Rokicki's
 * nxopt; docs/papers.md). An entry is the distance of a coset of a goal
 * subgroup that holds every U and D turn:
 * - face turns (Rokicki's nxopt subgroup): the corners' twist (2,187)
 *   and the places of the four U corners (70), the edges' flip and the
 *   middle edges' places (flip x slice reduced by the 16 symmetries that
 *   keep the U-D axis: 64,430 classes): 9.9 G entries in two bits each
 *   (2.55 GB). The three axes' U-corner places together fix every
 *   corner, which is why this table prunes about twice as much as the
 *   phase-1 one below at the same size;
 * - quarter turns: the phase-1 distance with the middle edges in order
 *   (flip x sorted slice, 1,523,864 classes, x twist): 3.3 G entries in
 *   two bits each (0.97 GB).
 * The same table read for the R-L and F-B axes (the position conjugated
 * by the 120-degree diagonal turn) gives three lower bounds; the search
 * takes the largest, or one more when all three agree and are not 0
 * (the last move of a shortest solution keeps one axis's subgroup, so
 * that axis's distance is shorter than the whole). Where a child's bound
 * is tight, its inverse's three bounds too; an inverse's bound of exactly
 * the moves left rules out that axis's turns as the child's next move
 * (nxopt). The corners' own distance (twist and U corners' places, a
 * table in the caches) rules out children before the big table is
 * read, and each view's bound is the larger of the two. Where the
 * position, and the moves so far, keep a symmetry,
 * moves it maps onto others are not searched. bench/bench_cube_optimal measures it (BENCHMARKS.md). */
#ifndef TWIRL_CUBE_OPTIMAL_H
#define TWIRL_CUBE_OPTIMAL_H

#include <stdatomic.h>

#include "engine/movelist.h"
#include "engine/cube/cube.h"
#include "solvers/cube/optimal_tables.h"

struct cube3_optimal_options {
	enum cube3_optimal_metric metric;
	atomic_bool *cancel;             /* may be NULL */
	/* May be NULL: 0..1000 through the table's build when it is built
	 * (phase "building tables"), then through the depth being
	 * searched (the share of its first moves done; the phase names that
	 * depth: "no solution in 17; searching 18"). Phases are static
	 * strings. */
	atomic_int *progress;
	_Atomic(const char *) *phase;
	/* For tests: a small table, cut at table_depth (0: whole; a cut
	 * table still bounds from below, less closely). */
	enum cube3_optimal_table table;
	int table_depth;
	/* Threads to search on: 0 one a processor (at most 16), 1 this
	 * thread alone. The answer is the same for any number. */
	int threads;
	/* The search reads an uncut table through the file's mapping until
	 * it has visited this many nodes, then from its huge-page copy
	 * (optimal.c); 0 for the solver's own threshold. The same answer
	 * either way (a test's knob). */
	long long huge_after_nodes;
	/* 0: no limit (every position is within 20 face turns, 26 quarter
	 * turns); else the longest answer wanted, in the metric's moves: the
	 * search stops once it has proved there is none that short (the
	 * error below, stats->none_within_max set). */
	int max_length;
};

/* What a solve did, for --stats and the benchmark. */
struct cube3_optimal_stats {
	long long nodes;                 /* positions generated */
	int lower_bound;                 /* the tables' bound at the start */
	bool none_within_max;            /* proved: no answer of at most opt->max_length */
};

/* Appends a shortest sequence of face turns that solves c (a 3x3x3 turned
 * any way; colours are named after the centres, so the answer turns the
 * cube as it is held) to out: in HTM, turns U, U2, U' ... (a half turn
 * counts 1); in QTM, quarter turns, two equal ones written as a half
 * turn (which counts 2). The metric's table is built on first use (twirl
 * cache build --optimal builds both) and cached on disk (solvers/
 * tablecache.h). The search runs on opt->threads threads (0: one a
 * processor): each bound's nodes three moves deep are shared out in
 * order, and the answer is the one a single thread finds (optimal.c,
 * search_parallel); stats->nodes then counts every thread's. stats may
 * be NULL. Errors: not a 3x3x3, a cube that cannot be solved
 * (cubie_from_facelets's reasons), "no solution of at most N ...: the
 * search proved none exists" (opt->max_length), cancelled, out of
 * memory, the table cache's own. */
bool cube3_optimal_solve(const struct cube *c, const struct cube3_optimal_options *opt,
    struct movelist *out, struct cube3_optimal_stats *stats, struct tw_error *err);

/* Whether the metric's table is in this process or on disk (its header
 * checked, not read whole): no build would run. */
bool cube3_optimal_tables_ready(enum cube3_optimal_metric metric);

/* What building the metric's table costs, for a question before a
 * build: the disk, the memory at its peak (the table and the 4-bit
 * distances the search fills) and the time on two cores (BENCHMARKS.md,
 * "Cube: 3x3x3 optimal"). */
#define CUBE3_OPTIMAL_HTM_COST "2.55 GB disk, 7.5 GB memory, 10 min"
#define CUBE3_OPTIMAL_QTM_COST "0.97 GB disk, 2.6 GB memory, 4 min"

/* Builds the metric's table now (or maps it from the cache), reporting
 * 0..1000 through progress (may be NULL). Errors as above. */
bool cube3_optimal_prepare(enum cube3_optimal_metric metric, atomic_int *progress,
    atomic_bool *cancel, struct tw_error *err);

/* Both metrics' tables (2.55 GB in face turns, then 0.97 GB in quarter
 * turns), reporting 0..1000 over both: twirl cache build --optimal.
 * Errors as above. */
bool cube3_optimal_prepare_both(atomic_int *progress, atomic_bool *cancel,
    struct tw_error *err);

#endif
