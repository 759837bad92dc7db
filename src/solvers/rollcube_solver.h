/* Rolling cube solvers: SRC (solvers/src.h) in constant time on open
 * boards, breadth-first search over (cell, orientation) on boards with a
 * map (shortest paths under either rule set). */
#ifndef TWIRL_ROLLCUBE_SOLVER_H
#define TWIRL_ROLLCUBE_SOLVER_H

#include "engine/rollcube.h"
#include "solvers/src.h"

/* Boards with a map: up to 200 x 200, searched whole. */
#define ROLLCUBE_SEARCH_CELLS (INT64_C(1) << 22)
/* Longest solution listed move by move; longer ones only as a GPS. */
#define ROLLCUBE_MAX_LISTED INT64_C(1000000)

/* SRC for an open board from any die orientation: the die is relabelled
 * so it stands in the standard orientation, and "any label" takes the
 * shortest of the six. *solvable false: no path. Constant time. */
bool rollcube_src(const struct rollcube_params *p, const struct rollcube_state *s,
    struct gps *g, bool *solvable, struct tw_error *err);

/* The generalized path string for an open board, e.g. "N(E){dx-2}NE(N){dy-2}E"
 * ("I" for the empty path). Errors: "no path"; "--gps is for open boards
 * (this board has a map)". */
bool rollcube_gps_text(const struct rollcube_params *p, const struct rollcube_state *s,
    char *buf, size_t size, struct tw_error *err);

/* Puzzle-table entry point: SRC on open boards, BFS on maps; N/E/S/W
 * moves. Errors: "no path", "solution too long to list (N moves); use
 * --gps", "cancelled". */
bool rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
