/* Proven shortest solutions of the 3x3x3 (twirl solve --optimal), in the
 * half-turn metric (HTM) or the quarter-turn metric (QTM).
 *
 * IDA* (Korf, "Finding optimal solutions to Rubik's Cube using pattern
 * databases", 1997) bounded by the phase-1 pruning table of the two-phase
 * method looked up in three axes at once (Reid's optimal solver, as in
 * Kociemba's Cube Explorer; docs/papers.md): the distance to the phase-1
 * goal with the four middle edges in order, over (edge flip and the
 * middle edges' places and order, reduced by the 16 symmetries that keep
 * the U-D axis: 1,523,864 classes) x corner twist (2,187). In face turns
 * the corners' parity is a coordinate too: the distance to that goal
 * with the corners even, for either parity of the position (14 %
 * to 25 % fewer nodes than without it), the two packed at 5.3 bits (2.3 GB with
 * the move and class tables, built in about seven minutes on two cores,
 * 9 GB of memory while building); in quarter turns, where a distance's
 * parity is the position's anyway, the plain distance, 4 bits an entry
 * (1.8 GB, four minutes, 5 GB). The same table
 * read for the R-L and F-B axes (the position conjugated by the
 * 120-degree diagonal turn) gives three lower bounds; the search takes
 * the largest, or the plain phase-1 distance plus one when all three
 * views' plain distances agree and are not 0 (the last
 * move of a shortest solution keeps one axis's subgroup, so that axis's
 * phase 1 is shorter than the whole). Where the position, and the moves
 * so far, keep a symmetry, moves it maps onto others are not searched.
 * bench/bench_cube_optimal measures it (BENCHMARKS.md). */
#ifndef TWIRL_CUBE_OPTIMAL_H
#define TWIRL_CUBE_OPTIMAL_H

#include <stdatomic.h>

#include "core/movelist.h"
#include "puzzles/cube/cube.h"

enum cube3_optimal_metric { CUBE3_OPTIMAL_HTM, CUBE3_OPTIMAL_QTM };

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
	/* For tests: the table over flip x unsorted slice (70 to 100 MB,
	 * 10 to 15 s to build) instead of the sorted slice's, cut at table_depth (0:
	 * whole; a cut table still bounds from below, less closely). */
	bool small_table;
	int table_depth;
	/* Threads to search on: 0 one a processor (at most 16), 1 this
	 * thread alone. The answer is the same for any number. */
	int threads;
};

/* What a solve did, for --stats and the benchmark. */
struct cube3_optimal_stats {
	long long nodes;                 /* positions generated */
	int lower_bound;                 /* the tables' bound at the start */
};

/* Appends a shortest sequence of face turns that solves c (a 3x3x3 turned
 * any way; colours are named after the centres, so the answer turns the
 * cube as it is held) to out: in HTM, turns U, U2, U' ... (a half turn
 * counts 1); in QTM, quarter turns, two equal ones written as a half
 * turn (which counts 2). The metric's table is built on first use (twirl
 * cache build --optimal builds both) and cached on disk (sys/
 * tablecache.h). The search runs on opt->threads threads (0: one a
 * processor): each bound's nodes three moves deep are shared out in
 * order, and the answer is the one a single thread finds (optimal.c,
 * search_parallel); stats->nodes then counts every thread's. stats may
 * be NULL. Errors: not a 3x3x3, a cube that cannot be solved
 * (cubie_from_facelets's reasons), cancelled, out of memory, the table
 * cache's own. */
bool cube3_optimal_solve(const struct cube *c, const struct cube3_optimal_options *opt,
    struct movelist *out, struct cube3_optimal_stats *stats, struct tw_error *err);

/* Builds the metric's table now (or maps it from the cache), reporting
 * 0..1000 through progress (may be NULL). Errors as above. */
bool cube3_optimal_prepare(enum cube3_optimal_metric metric, atomic_int *progress,
    atomic_bool *cancel, struct tw_error *err);

#endif
