/* What the big cubes' reductions share (docs/cube-solvers.md): their
 * options, stats and phase names, the 3x3x3 finish's work, the notation
 * writer (notation.c) and the slice turn metric. */
#ifndef TWIRL_CUBE_REDUCE_H
#define TWIRL_CUBE_REDUCE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/cube/cube.h"
#include "engine/movelist.h"

enum cube_reduce_phase {
	REDUCE_CENTRES, REDUCE_EDGES, REDUCE_PARITY, REDUCE_FINISH, REDUCE_PHASES
};

/* "centres", "edges", "parity", "3x3x3". */
extern const char *const cube_reduce_phase_name[REDUCE_PHASES];

struct cube_reduce_options {
	atomic_bool *cancel;             /* may be NULL */
	atomic_int *progress;            /* may be NULL; 0..1000 */
	_Atomic(const char *) *phase;    /* may be NULL; a phase name above */
	double finish_time;              /* > 0: seconds for the 3x3x3 search;
	                                  * 0: REDUCE_FINISH_NODES nodes */
	int progress_from;               /* 0..999: what a caller's own work
	                                  * filled of *progress; this solve's
	                                  * figure runs from there to 1000 */
	int progress_to;                 /* 0, or progress_from + 1..1000: the
	                                  * figure ends there instead (a caller
	                                  * that solves several times); the
	                                  * 4x4x4 to 11x11x11 solvers honour it */
	int threads;                     /* threads a solve may run on: 0 or 1
	                                  * the caller's alone, more at most
	                                  * that many; the answer is the same
	                                  * for any number (the 8x8x8's variants
	                                  * and the odd cubes' stage-5 views
	                                  * side by side) */
	bool reduction_only;             /* the reduction alone, without the
	                                  * 3x3x3 finish (a bigger cube's edge
	                                  * orbit, whose 3x3x3 is solved later):
	                                  * the 4x4x4 and 5x5x5 solvers honour
	                                  * it; stats' finish is 0 */
};

/* The 3x3x3 finish's default work budget in search nodes: the same
 * answer under any load. */
#define REDUCE_FINISH_NODES 6000000L

/* The phase reductions' 3x3x3 finish stops at an answer this short, or
 * returns the shortest found within REDUCE_FINISH_NODES. Measured on
 * 200 random 3x3x3s (bench_cube --two-phase --count 200, one core, CPU
 * mean / median): target 18 with 6e6 nodes, 18.28 moves in 0.50 / 0.27
 * s; with 2e6, 18.34 in 0.21 / 0.23 s; with 1e6, 18.50 in 0.12 s;
 * target 19 with 6e6, 18.82 in 0.04 / 0.004 s; the two-phase default
 * (target 20), 19.77 in 3 ms. The finish is a quarter of a 5x5x5's
 * solve, 16 % of the 8x8x8's (both its variants finish) and 3-5 % of
 * the 9x9x9's to 11x11x11's. The 4x4x4, whose solve should stay near a
 * quarter of a second, takes 19. */
#define REDUCE_FINISH_TARGET 18
#define REDUCE_FINISH_TARGET4 19

struct cube_reduce_stats {
	/* Written tokens per phase, the phases in the order written: the
	 * answer's first moves[0] tokens are the centres', and so on (callers
	 * count each share in a metric by walking the answer). */
	long moves[REDUCE_PHASES];
	/* Seconds per phase; the parity's (microseconds) count as the edges'. */
	double seconds[REDUCE_PHASES];
};

/* Writes single-layer turns moves[0..len) of an n-cube as WCA tokens to
 * out (if not NULL), each run about one axis in the fewest tokens (outer
 * blocks R, Rw, 3Rw, L ... and single inner slices 2R), a run that
 * cancels out dropped. A turn is m = (axis * n + layer) * 3 + t - 1:
 * axis 0, 1, 2 about U, R, F; layer 0 the U (R, F) layer, n - 1 the D
 * (L, B) one; t quarter turns clockwise as seen from U (R, F). Returns
 * the tokens written, or -1 with "out of memory". */
long cube_write_layer_turns(int n, const uint16_t *moves, int len, struct movelist *out,
    struct tw_error *err);

/* A move's length in the slice turn metric on an n-cube: an inner slice
 * counts 1, an outer block of k layers min(k, n - k) (the rest of the cube
 * turned the other way, then a rotation). Rotations count 0. */
long cube_move_stm(int n, const struct cube_move *mv);

#endif
