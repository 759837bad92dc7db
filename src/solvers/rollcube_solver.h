/* Rolling cube solvers: breadth-first search over (cell, orientation) for
 * mazes and small boards (shortest paths under either rule set). */
#ifndef TWIRL_ROLLCUBE_SOLVER_H
#define TWIRL_ROLLCUBE_SOLVER_H

#include "engine/rollcube.h"

/* Boards up to this many cells are searched. */
#define ROLLCUBE_SEARCH_CELLS (INT64_C(1) << 22)

/* Puzzle-table entry point: the shortest path, as N/E/S/W moves.
 * Errors: "no path", "board too large for search", "cancelled". */
bool rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
