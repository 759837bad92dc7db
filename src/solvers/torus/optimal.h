/* Proven-shortest answers on the torus (docs/torus-optimal.md): IDA*
 * whose lower bound is the walking distance adapted to the torus, the
 * bound the public Loopover optimal solvers use: for the column moves,
 * the board is reduced to which home row each tile has, per row (row
 * moves are free in that count, so a row is a multiset), and a
 * breadth-first search over those reductions gives the fewest column
 * moves any answer needs; the same for row moves on the transpose. Row
 * and column moves are disjoint, so the two bounds add. In the push
 * metric, where every push on a line of even length is an odd
 * permutation, the bounds are raised to the position's parity.
 *
 * Boards of at most TORUS_OPTIMAL_MAX_CELLS cells and TORUS_OPTIMAL_MAX_SIDE
 * a side are offered (2x2 to 2x6, 3x3 to 3x5, 4x4 and their
 * transposes): there the reductions have at most about 200,000 states
 * (the 2x6's row moves), built in at most about 2 s; on the 2x7 and the
 * 5x5 they grow past millions of states. The 5x5 is offered with a
 * coarser, grouped reduction: three classes of tile a line (at home in
 * this line, in one of the next two, in one of the two after), read in
 * all five rotations of the lines, the largest bound kept; it carries
 * the search to answers of about 13 moves within the budget.
 * The search stops after TORUS_OPTIMAL_NODES nodes, so that a position
 * too far from solved is refused within about a minute, not searched for
 * hours. */
#ifndef TWIRL_TORUS_OPTIMAL_H
#define TWIRL_TORUS_OPTIMAL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/puzzle.h"
#include "engine/torus/torus.h"

/* The boards offered. */
#define TORUS_OPTIMAL_MAX_CELLS 16
#define TORUS_OPTIMAL_MAX_SIDE 6

/* The most states a walking-distance reduction may have (a safety net:
 * the offered boards' have far fewer). */
#define TORUS_WD_MAX_STATES 4000000

/* The search's work: nodes visited before it gives up. */
#define TORUS_OPTIMAL_NODES 1500000000LL

/* Whether proven-shortest answers are offered on an m x n board (both
 * 2..20) in metric (TORUS_DRAG or TORUS_PUSH): at once, by the board's
 * size; the search builds the board's two reductions on first use (kept
 * for the process: 2 s for the 2x6 and 3x5, hundredths of a second for
 * the others). False with the reason in err (may be NULL; kind
 * BAD_INPUT) otherwise. */
bool torus_optimal_offered(int m, int n, int metric, struct tw_error *err);

/* The walking-distance lower bound of state (m x n, tiles 1..mn) in
 * metric: the fewest moves any answer can have by the two reductions
 * (and the parity, in the push metric); -1 when the board is not offered
 * (torus_optimal_offered) or memory runs out. For tests of its
 * admissibility. */
int torus_optimal_bound(const struct torus_state *state, int metric);

/* A proven-shortest answer for state on a board of params, in
 * req->metric (drag: a shift by any amount is one move; push: a shift
 * by k costs min(k, len - k)), appended to out as moves written the
 * short way round (docs/notation.md). req->max_length > 0: only answers
 * of at most that many moves are looked for; when none exists,
 * *req->none_within_max (may be NULL) is set and the error is of kind
 * TW_ERROR_NO_SOLUTION. req->cancel and req->progress (0..1000, the
 * share of the work budget spent) may be NULL. Deterministic: the same
 * answer for the same position, whatever the load. Errors: the board is
 * not offered (BAD_INPUT), an unsolvable position (odd permutation on
 * an odd x odd board), "cancelled", the work budget spent
 * (TW_ERROR_OUT_OF_WORK, naming the budget), out of memory. */
bool torus_solve_optimal(const struct torus_params *params, const struct torus_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

/* Breadth-first search over every position of an m x n board (m x n at
 * most 12 cells) in metric, from solved: counts[d] (d < max) gets the
 * number of positions at distance d; returns the number of distances
 * filled (the diameter plus one), or -1 with err (the board too large,
 * out of memory, "cancelled" when *cancel, which may be NULL, is set).
 * With dist non-NULL, *dist receives the table (one byte a position,
 * indexed by torus_position_rank; 255 for an unreachable one; caller
 * frees). Memory: (mn)! bytes (479 MB for 12 cells). */
int torus_distances(int m, int n, int metric, long long *counts, int max, uint8_t **dist,
    atomic_bool *cancel, struct tw_error *err);

/* The rank of state's permutation among all (mn)! (Lehmer code), for
 * torus_distances' table; mn at most 12. */
uint32_t torus_position_rank(const struct torus_state *state);

#endif
