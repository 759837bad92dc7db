/* The greedy reduction that every size falls back on should its own
 * reduction (sizes.h) ever run out of work (docs/papers.md,
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
 *     On N = 6 to 8 the best steps (two on N = 6, three on N = 7 and 8,
 *     where the step after goes only 2 turns deep) are each tried with
 *     the best step after them, and the one with the more gain per move
 *     over the two is taken. A macro is scored only if it might beat
 *     the best step so
 *     far: it gains at most, per colour, the fewer of the wrong targets
 *     and the spare stickers of that colour among the centres it moves
 *     (gainbound.c), and only through a wrong target; the steps
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
 *     wings no 3-cycle under these setups reaches (it needs a second).
 *     From 6x6x6 up the pairing runs twice, the second time with its
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
#ifndef TWIRL_CUBE_GREEDY_H
#define TWIRL_CUBE_GREEDY_H

#include "solvers/cube/big/core/reduce.h"

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

#endif
