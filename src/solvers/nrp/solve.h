/* Number Rotation Puzzle solvers.
 *
 * Constructive solver (nrp_solve), for every board 2..16 x 2..16 and every
 * block size, orientable or not. It follows the shape of the method of
 * Lam, "Solution to the Number Rotation Puzzle" (sections 4.1
 * to 4.3): fix the parity with one quarter turn, then place tiles with
 * 3-cycles conjugated into place. Where the paper builds its 3-cycle from
 * the "cycle" conveyor move and walks tiles with its "spiral", we compute:
 *
 * - greedy placement first: row by row, each tile is routed to its home by
 *   a shortest path for that one tile (breadth-first search over cells)
 *   that uses only blocks touching no placed tile;
 * - the 3-cycles: a commutator of two blocks that share one cell where the
 *   board is at least (2k-1) x (2k-1) (section 4.1's observation), else a
 *   power w^e of a short word w whose permutation is one 3-cycle times
 *   cycles of lengths prime to 3, found by search on a k x (k+1) window
 *   (or the smallest window that is not exceptional);
 * - setups: each 3-cycle is conjugated by a setup that brings its three
 *   tiles onto the 3-cycle's cells, found by breadth-first search (tile by
 *   tile on big boards, over triples of cells on boards with few blocks);
 * - orientable games: the rotation sum is fixed with quarter turns, then
 *   pairs of tiles are twisted by commutators [T, g] of a 3-cycle T with a
 *   word g that fixes T's cells but turns them unequally (derivation in
 *   macros.c);
 * - shortening: turns of one block separated only by turns of blocks that
 *   do not overlap it are merged or cancelled.
 *
 * The constructive solver's files: geom.c (geometry, the position, single-
 * tile routes), macros.c (3-cycles and twists), setups.c (bringing tiles
 * onto a macro's cells), solve.c (the phases); constructive.h is what
 * they share.
 *
 * The exceptional boards (k = m = n; 2x3 with k = 2; 3x4 with k = 3) and
 * boards of at most 9 cells are solved optimally instead.
 *
 * Optimal solver (nrp_solve_optimal), for boards of at most 12 cells:
 * IDA* over quarter turns (QTM, a half turn counts 2) or face turns (HTM,
 * a half turn counts 1), with an exact distance table for at most 10
 * cells, two 6-tile pattern databases for 12 cells, and for orientable
 * games the maximum with a table over the rotations of the cells. */
#ifndef TWIRL_NRP_SOLVER_H
#define TWIRL_NRP_SOLVER_H

#include "engine/nrp/nrp.h"

/* The largest board (rows x columns) the optimal solver accepts. */
#define NRP_OPTIMAL_MAX_CELLS 12

/* A yardstick for solution lengths, in tokens (a half turn is one): with
 * b = 3 * (block positions) distinct moves, the words in which no two
 * neighbours turn the same block number b * (b - 3)^(L - 1) of length L,
 * so some position needs at least the least L at which the words of
 * length at most L reach (mn)!/2. (Odd k keeps tiles on their colour,
 * and orientable boards have turns too: a counting bound, not the
 * tightest.) 0 for a single block position. */
int nrp_counting_bound(const struct nrp_params *params);

/* Solves state (an m x n board of params) and appends the moves in the
 * notation of docs/notation.md to out: with req->optimal a shortest
 * answer (nrp_solve_optimal), else the constructive solver's, optimal
 * anyway when the board has at most 9 cells or is exceptional.
 * req->metric (NRP_QTM or NRP_HTM) only decides how optimal answers are
 * counted; req->cancel and req->progress (0..1000) may be NULL.
 * Errors: the reason an unsolvable position cannot be solved (from
 * nrp_state_solvable), "cancelled", "out of memory". */
bool nrp_solve(const struct nrp_params *params, const struct nrp_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

/* Appends a shortest solution in req->metric (NRP_QTM or NRP_HTM) to out
 * for a board of at most NRP_OPTIMAL_MAX_CELLS cells. Tables come from the
 * table cache (built at first use for each board shape and metric; at
 * most about 17 MB, the orientable 12-cell rotation table). req->cancel
 * may be NULL.
 * Errors: "the optimal solver handles boards of at most 12 cells ...",
 * the unsolvable reason, "cancelled", "out of memory". */
bool nrp_solve_optimal(const struct nrp_params *params, const struct nrp_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

/* Whether nrp_solve_optimal takes boards of params (at most 12 cells;
 * orientable ones of 11 or 12 only with two block positions); false with
 * the reason in err otherwise. */
bool nrp_optimal_accepts(const struct nrp_params *params, struct tw_error *err);

/* Puzzle-table optimal_offer: the default hints are optimal already on
 * boards of at most 9 cells and on the exceptional ones, offered where
 * nrp_optimal_accepts (tables of at most 17 MB, built in seconds), not
 * offered elsewhere. */
enum optimal_offer nrp_optimal_offer(const void *params, int metric, char *cost, size_t size);

/* Builds (or loads from the table cache) the optimal solver's tables of
 * the small boards the menu offers (3x3k2, 3x4k3, 2x3k2o, 3x3k2o), both
 * metrics: the puzzle table's prepare_tables. progress and cancel may be
 * NULL. Errors: "cancelled", "out of memory". */
bool nrp_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err);

/* The optimal distance distribution of a board of at most 10 cells
 * (not orientable) in metric: counts[d] (d < cap) positions need d moves.
 * Returns God's number (the largest distance), or -1 with an error for
 * a bigger or orientable board, or "out of memory". From the same exact
 * table the optimal solver uses. */
int nrp_optimal_distribution(const struct nrp_params *params, int metric, long *counts,
    int cap, struct tw_error *err);

/* Puzzle-table entry point (engine/puzzle.h): req->optimal selects
 * nrp_solve_optimal. */
bool nrp_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
