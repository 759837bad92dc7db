/* Proven-shortest answers for an N x N x N cube of any size (2..11) near
 * solved: perimeter search over facelets.
 *
 * The model is the one of the integer-programming paper ([Cube IP],
 * docs/papers.md): the state is the 6 N^2 facelets' colours, a move turns
 * one layer (or, in the block metrics, one block of layers), and the cube
 * is solved when every face shows one colour, the whole cube held in any
 * orientation. The paper counts quarter turns of single layers (the
 * slice quarter-turn metric, sqtm: 6N moves, a half turn two of them).
 *
 * The search ([Dillenburg and Nelson], "Perimeter search", 1994;
 * [Manzini]'s BIDA*, 1995; docs/papers.md): a depth-first walk from
 * the solved cube fills a table of every position within a radius r of
 * solved with its exact distance, and IDA* from the position bounds by
 * it: a position in the table is exactly its entry away, one outside is
 * more than r away. The first position the forward walk meets inside the
 * table ends a shortest answer, which the table finishes by descent.
 * Positions are keyed by their colours relabelled in the order a fixed
 * scan meets them, so that the 24 orientations of solved (and any
 * recolouring of a position, which is as far from solved) are one key: the
 * goal "every face one colour" does not name the colours. A key is a
 * weighted sum over the facelets kept up to date move by move. Moves of
 * one axis commute, so they are searched in one order only; in the block
 * metrics a block and its complement differ by a whole-cube rotation,
 * which costs nothing and leaves "solved" solved, so only one of them is
 * searched.
 *
 * The table's radius is the largest whose positions fit in
 * opt->table_states; a position within it is answered by the table
 * alone. The answer is the same on every run: the move order is fixed
 * and the keys' weights come from a fixed seed. */
#ifndef TWIRL_CUBE_PERIMETER_H
#define TWIRL_CUBE_PERIMETER_H

#include <stdatomic.h>
#include <stdbool.h>

#include "engine/cube/cube.h"
#include "engine/movelist.h"

/* The forward search's work budget, in positions generated: 90 to 110 s
 * of CPU on the machine BENCHMARKS.md measures on (a position far from
 * solved is refused sooner when the next bound would not fit). */
#define CUBE_PERIMETER_NODES 300000000LL

/* The perimeter table's default size cap, in positions (about 100 MB). */
#define CUBE_PERIMETER_TABLE_STATES 5000000L

/* A quick try's work and table (the practice board's hints): a few
 * tenths of a second. */
#define CUBE_PERIMETER_QUICK_NODES 1000000LL
#define CUBE_PERIMETER_QUICK_TABLE 300000L

struct cube_perimeter_options {
	enum cube_metric metric;       /* sqtm, stm, htm, qtm, obtm; btm on N <= 3 */
	atomic_bool *cancel;           /* may be NULL */
	atomic_int *progress;          /* may be NULL: 0..1000 of the work budget */
	_Atomic(const char *) *phase;  /* may be NULL: "perimeter table", "searching" */
	/* 0: no limit; else the longest answer wanted, in the metric's
	 * moves: the search stops once it has proved there is none that
	 * short (stats->none_within_max set, error of kind
	 * TW_ERROR_NO_SOLUTION). */
	int max_length;
	long long nodes;               /* 0: CUBE_PERIMETER_NODES */
	long table_states;             /* 0: CUBE_PERIMETER_TABLE_STATES; tests use small ones */
};

struct cube_perimeter_stats {
	int radius;                    /* the table's radius, in the metric's moves */
	long table_states;             /* positions in the table */
	long long nodes;               /* positions the forward search generated */
	int lower_bound;               /* the bound at the start */
	bool none_within_max;          /* proved: no answer of at most opt->max_length */
};

/* Whether the search counts metric on an n-cube; if not, err says why
 * (kind TW_ERROR_BAD_INPUT): btm on cubes from 4x4x4 has inner blocks of
 * several layers that the notation cannot write. */
bool cube_perimeter_metric_ok(int n, enum cube_metric metric, struct tw_error *err);

/* Appends to out a shortest sequence of moves, counted in opt->metric,
 * that leaves every face of c one colour (the cube in any orientation;
 * c is any n-cube that cube_state_solvable accepts, 2 <= n <= 11). Moves
 * are written in WCA/SiGN notation: single layers as U, 2U, E, 3D' ...
 * (sqtm and stm), blocks as U, Uw, 3Uw ... (htm, qtm, obtm); in sqtm and
 * qtm a half turn is written X2 and counts 2. stats may be NULL.
 * Errors: a metric cube_perimeter_metric_ok refuses (TW_ERROR_BAD_INPUT);
 * "no answer of at most L moves (sqtm) exists" (TW_ERROR_NO_SOLUTION,
 * opt->max_length); the work budget spent (TW_ERROR_OUT_OF_WORK, naming
 * the budget and the bound proved); cancelled; out of memory. */
bool cube_perimeter_solve(const struct cube *c, const struct cube_perimeter_options *opt,
    struct movelist *out, struct cube_perimeter_stats *stats, struct tw_error *err);

/* The search's lower bound on c's distance in opt->metric (the table's
 * entry, or its radius + 1 outside it), for the tests of its
 * admissibility; -1 with err set on an error (as above). */
int cube_perimeter_lower_bound(const struct cube *c, const struct cube_perimeter_options *opt,
    struct tw_error *err);

#endif
