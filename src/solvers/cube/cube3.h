/* The 3x3x3 two-phase solver (Kociemba): phase 1 brings the cube into the
 * subgroup <U, D, R2, L2, F2, B2> (corner twist, edge flip and the
 * UD-slice edges' places all solved), phase 2 solves it inside; each phase
 * is an IDA* search bounded by pruning tables ([Kociemba] in
 * docs/papers.md), searched as min2phase does ([min2phase] there): six
 * views (three axes, and each inverse), pre-moves, phase-2 tables over
 * the classes of the corner and edge permutations, read for the position
 * and its inverse. Phase 1 reads exact distances: the table over flip x
 * slice classes x twist that Kociemba's own solver uses (the 3x3x3
 * optimal solver's small table, optimal_tables.h). The search goes on
 * after the first solution while that can still shorten the answer and
 * its budget allows: a number of search nodes by default, so that a cube
 * gets the same answer on every machine under any load, or a time limit
 * when one is asked for. Tables (73 MB) are built on first use in about
 * 13 s and kept in the table cache. Moves are in the half-turn metric. */
#ifndef TWIRL_CUBE3_H
#define TWIRL_CUBE3_H

#include <stdatomic.h>

#include "engine/cube/cube.h"
#include "engine/cube/cubie.h"
#include "engine/movelist.h"

/* No answer is longer: the search runs past its budget until it has one
 * this short (every position has one of at most 20). */
#define CUBE3_BOUND 21

/* The default work budget: phase-1 plus phase-2 search nodes, each child
 * a node (2 ms median on the 2-core development machine, most cubes
 * stopping earlier at the target of 20; bench/bench_cube). */
#define CUBE3_DEFAULT_NODES 1000000L

struct cube3_options {
	int target;          /* stop at a solution this short or shorter (e.g. 20) */
	double time_limit;   /* > 0: seconds, then return the best found (the
	                      * answer then depends on the machine's speed) */
	long max_nodes;      /* without a time limit: nodes, then return the
	                      * best found; 0 for CUBE3_DEFAULT_NODES */
	atomic_bool *cancel; /* may be NULL */
	int max_phase2;      /* the longest phase 2 tried; 0 for 11 (12, as
	                      * min2phase: a first answer about 0.35 moves
	                      * longer in about 60 % of the time) */
};

/* Solves c (a 3x3x3 facelet cube with centres in place: U on U, ...),
 * appending face turns (R, U2, F' ...) to out. Errors: not a 3x3x3;
 * centres turned (use a rotation first); a piece that cannot exist;
 * twisted corner; flipped edge; parity; cancelled; out of memory. */
bool cube3_solve(const struct cube *c, const struct cube3_options *opt,
    struct movelist *out, struct tw_error *err);

/* Builds the tables now, or reads them from the table cache
 * (solvers/tablecache.h); returns the seconds it took (0 if in memory
 * already, or on failure). */
double cube3_prepare(void);

/* The same, saying why it failed: out of memory, the cache's own. */
bool cube3_load_tables(struct tw_error *err);

#endif
