/* What the big cubes' reductions share (their options, stats and phase
 * names, the notation writer), and the greedy reduction that every size
 * falls back on should its own reduction (sizes.h) ever run out of work
 * (docs/papers.md,
 * "Rubik's cube": centres, then edge pairing, then the 3x3x3
 * solver, the even cubes' parities fixed on the way).
 *
 * Phases:
 *  1. centres. On N = 4 and 5 first staged after Kociemba's NxNxN solver
 *     (github.com/hkociemba/RubikNxNxNSolver, its centre phases): each
 *     orbit of 24 centres under the cube's rotations has breadth-first
 *     distance tables (per orbit type, 24-bit masks ranked in C(24, k)),
 *     and a beam search (2000 states a level, on the sum of the orbits'
 *     distances) takes A: the colours of one axis onto its two faces, any
 *     turn; B: a second axis's onto theirs, turns about the first axis,
 *     face turns and half turns; C: U, R, F onto theirs, face turns and
 *     half turns. The middle layer of odd cubes is not turned. Where the
 *     beam stalls, A and B are finished by the greedy steps below on the
 *     colours as the phase sees them, and C by the face-by-face stages.
 *     On N = 7 the same beam (20000 states a level, any turn but the
 *     middle layers) first takes the first face's colour onto it (phase
 *     F1), as far as it gets.
 *     Then (and from N = 6 for all of the centres) face by face: the
 *     best-placed face, its opposite, a third, then the last three. On
 *     N = 6 and 7 the second face starts with a beam (phase F2, 1000 states
 *     a level, levels by turns): its steps are the turns that keep the
 *     first face's centres and the insertions B X B^-1 (B an inner slice,
 *     3 turns) that do; its tables hold each orbit's shortest paths in
 *     turns over where the second face's colour is among the 20 facelets
 *     off the first face (C(20, 4) states). Each
 *     step is the best gain per move (moves in outer block turns) among:
 *     all sequences of up to 3 (N <= 7) or 2 single-layer turns;
 *     insertions B X B^-1 (B a slice or wide block, X a face turn) after
 *     up to 1 turn that keeps the finished faces; conjugates
 *     B X F X^-1 B^-1 (X a single layer, F a face turn: the first half of
 *     the commutator [B, X F X^-1], as the faces not done yet need not
 *     come back); from N = 6, 3-cycles of rectangles [A, F X F^-1] (A, X
 *     ranges of inner layers). Else a pure centre 3-cycle
 *     ([aR, F bR F']) under a setup of one turn, or of up to three turns
 *     (three: outer turns only) for 3-cycles through a wrong centre and a
 *     centre of a colour it needs.
 *     On N = 6 and 7 the two best steps are each tried with the best step
 *     after them (three on N = 7 and 8, whose turn sequences go only 2
 *     deep), and the one with the more gain per move over the two is
 *     taken. A macro is scored only if it might beat the best step so
 *     far: it gains at most, per colour, the fewer of the wrong targets
 *     and the spare stickers of that colour among the centres it moves
 *     (reduce/gainbound.c), and only through a wrong target; the steps
 *     taken are those a scoring of every macro takes.
 *     From N = 6, when the first two faces are done, each wing orbit whose
 *     permutation is odd gets a quarter turn of an inner slice about their
 *     axis (which keeps them), and from then on no centre step may change
 *     a wing orbit's parity: the edges then need no wing swap;
 *  2. edges: every wing matched to its edge's reference wing (the middle
 *     edge on odd cubes) by one outer turn and B X Y X^-1 B^-1 (B a slice
 *     or wide block, X a face turn off B's axis, Y one on it: the centres
 *     come back), else a pure wing 3-cycle ([aR, F G F']) through two
 *     wrong wings under a setup of up to three turns (three: outer turns
 *     only), or a wing swap (the OLL-parity sequence on one slice) in an
 *     orbit whose permutation is odd (in an even one it would need a
 *     second). When nothing gains, one of the orbits with wrong wings gets
 *     a swap even at a loss: an odd orbit, or an even one whose last wrong
 *     wings no 3-cycle under these setups reaches (it needs a second). On
 *     6x6x6 the pairing runs twice, the second time with its
 *     macros scanned the other way (ties between equally good steps go
 *     the other way) and given up once longer than the first; the
 *     shorter pairing and its parity are kept;
 *  3. parity (even N): the reduced cube read as a 3x3x3; a flipped edge
 *     (OLL parity) or two swapped edges (PLL parity) are fixed by the
 *     4x4x4 sequences with r the layers 2..N/2, from 6x6x6 the wide
 *     block 1..N/2 where that works (one token instead of two), checked
 *     at start-up to keep the reduction from solved and from scrambled
 *     3x3x3 states;
 *  4. 3x3x3: the two-phase solver (solvers/cube/cube3.h) in face turns.
 * Phases 1-3 are tried from 6 (N = 5; on N = 4 with the two best colour
 * schemes, 12 tries), 3 (N = 6), 2 (N = 7..9) or 1 first faces (on N = 4
 * and 5 the staged phases' six choices of first and second axis), and the
 * shortest try is kept; a step costs what it adds to the written moves. Should
 * every try end where no step gains, the solve starts again with 1..5
 * slice turns in front.
 * Consecutive turns about one axis are merged, and written with the fewest
 * tokens: outer blocks (R, Rw, 3Rw, L, Lw ...) and single inner slices (2R).
 * Moves are counted in the outer block turn metric (each token counts one). */
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
};

/* The 3x3x3 finish's default work budget in search nodes (about 50 ms on
 * the 2-core development machine): the same answer under any load. */
#define REDUCE_FINISH_NODES 6000000L

/* The phase reductions' 3x3x3 finish stops at an answer this short, or
 * returns the shortest found within REDUCE_FINISH_NODES. Measured
 * (bench_cube_reduce --count 20 --seed 1): 20 -> 18 takes the finish
 * from 19.7 to 18.6 moves for about 0.1 s more a solve; the 4x4x4,
 * whose solve should stay near half a second, takes 19 (18.8 moves,
 * 0.05 s more). */
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

/* The greedy reduction: solves c (an N x N x N cube, 4 <= N <= 11, that
 * cube_state_solvable accepts), appending WCA moves to out (R, Rw, 3Rw,
 * 2R, L', ...; no rotations); the fallback of a size's own reduction
 * that ran out of work (sizes.h, cube_big_solve). stats may be NULL. The
 * result is replayed before it is returned. Errors: size out of range;
 * "cancelled"; out of memory; a position the phases cannot finish (an
 * invalid cube that passed the checks). */
bool cube_greedy_solve(const struct cube *c,
    const struct cube_reduce_options *opt, struct movelist *out,
    struct cube_reduce_stats *stats, struct tw_error *err);

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
