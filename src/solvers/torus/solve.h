/* Torus solver after Amano et al., "How to Solve the Torus Puzzle"
 * (Algorithms 5(1), 2012), section 2.3, improved:
 *
 * - rows 1..m-1 are built tile by tile as a block that floats along its
 *   row; a tile from below joins it by a conjugated row shift (column up,
 *   row shift, column down: 3 drags, merged with neighbours where they
 *   share a line), the last tile of a row by a triangle rotation (the
 *   paper's 4-drag commutator, section 2.2);
 * - the last row is turned to the rotation that leaves an even permutation
 *   with the most tiles home, then finished with the paper's three-element
 *   rotations (7 drags each);
 * - parity: when the row length n is even one row shift is odd, which the
 *   last row's free rotation uses; when n is odd and m even the board is
 *   solved transposed; when both are odd only even positions are solvable
 *   (Lemma 2). This replaces the paper's Lemma 1 swap.
 *
 * Both orientations are tried where the parity allows, and the shorter
 * solution in the requested metric is kept. Consecutive shifts of one line
 * are merged (E2 E2 -> E2^2, E2 W2 cancels) and each written the short way
 * round (E2^3 on a 4-wide row is W2). Worst case length is below the
 * paper's 4mn + c max(m, n); see BENCHMARKS.md for measured figures. */
#ifndef TWIRL_TORUS_SOLVER_H
#define TWIRL_TORUS_SOLVER_H

#include "engine/torus/torus.h"

/* Solves state on a board of params (m x n, 2..20 each) and appends the
 * moves (docs/notation.md) to out. req->metric: TORUS_DRAG or TORUS_PUSH,
 * the metric in which the shorter candidate is chosen; req->cancel and
 * req->progress (0..1000) may be NULL; the other fields are not used.
 * Errors: "odd permutation: ..." for an unsolvable odd x odd position,
 * "cancelled", "out of memory". */
bool torus_solve(const struct torus_params *params, const struct torus_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
