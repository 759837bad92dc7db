/* The black-and-white torus ([Amano], "How to Solve the Torus Puzzle",
 * Algorithms 5(1), 2012, section 4; docs/torus-optimal.md): pieces only
 * black or white, from a start pattern to a goal pattern by the same
 * shifts as the numbered torus. The paper proves the fewest moves
 * NP-hard to find on large boards.
 *
 * - Boards of at most TORUS_BW_SEARCH_CELLS cells: a breadth-first search
 *   over every pattern (at most 2^16) from the goal, then a walk down
 *   from the start; the answer is a shortest one, with or without
 *   --optimal, in ms.
 * - Larger boards, to 20x20: the pieces are numbered so that each black
 *   one goes to a black goal cell and each white one to a white cell
 *   (reading order; two swapped on an odd x odd board when the
 *   numbering is an odd permutation), the numbered solver (solve.h)
 *   solves that, and its answer is read as the pattern sees it: shifts
 *   that leave the pattern as it is go, the answer ends where the
 *   pattern first is the goal, and shifts of one line brought together
 *   merge. */
#ifndef TWIRL_TORUS_BW_H
#define TWIRL_TORUS_BW_H

#include "engine/puzzle.h"
#include "engine/torus/torus.h"

/* Boards searched whole. */
#define TORUS_BW_SEARCH_CELLS 16

/* Solves the black-and-white position s on a board of p (p->bw), in
 * req->metric (drag or push), appending the moves to out
 * (docs/notation.md). req->optimal: refused on boards over
 * TORUS_BW_SEARCH_CELLS cells. req->stats (may be NULL) gets the
 * paper's counting lower bound (torus_bw_lower_bound). req->cancel and
 * req->progress may be NULL. Errors: the counts of black pieces differ
 * (the reason), "cancelled", a refused --optimal (BAD_INPUT), out of
 * memory. */
bool torus_bw_solve(const struct torus_params *p, const struct torus_state *s,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
