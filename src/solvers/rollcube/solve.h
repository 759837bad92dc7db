/* Rolling cube solvers: SRC (solvers/rollcube/src.h) in constant time on open
 * boards, breadth-first search over (cell, orientation) on boards with a
 * map (shortest paths under either rule set). */
#ifndef TWIRL_ROLLCUBE_SOLVER_H
#define TWIRL_ROLLCUBE_SOLVER_H

#include "engine/rollcube/rollcube.h"
#include "solvers/rollcube/src.h"

/* Boards with a map (at most ROLLCUBE_MAX_MAZE = 200 cells a side) are
 * searched whole: 40,000 cells, 960,000 (cell, orientation) states, about
 * 9 MB and under 0.1 s a search. Open boards are never searched. */
#define ROLLCUBE_SEARCH_CELLS ((int64_t)ROLLCUBE_MAX_MAZE * ROLLCUBE_MAX_MAZE)
/* Longest solution listed move by move; longer ones only as a GPS. */
#define ROLLCUBE_MAX_LISTED INT64_C(1000000)
/* For the game (solve_request.partial_ok), answers longer than this come
 * whole with their long straights as runs (gps_expand_runs). */
#define ROLLCUBE_GAME_LISTED INT64_C(10000)

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

/* The length in moves of the shortest path on an open board (SRC), 0
 * when there is none or the board has a map. */
int64_t rollcube_gps_moves(const struct rollcube_params *p, const struct rollcube_state *s);

/* Puzzle-table path_string: rollcube_gps_text and rollcube_gps_moves
 * together. Errors as rollcube_gps_text's. */
bool rollcube_path_string(const void *params, const void *state, char *buf, size_t size,
    long long *moves, struct tw_error *err);

/* Puzzle-table state_solvable: whether the die can reach the goal with
 * the wanted label. Open boards of any size by SRC in constant time
 * (src.h; checked against BFS on every instance up to 8 x 8), boards
 * with a map by one breadth-first search. Errors (in why): the die starts
 * on the goal with the wrong label; "no path" with the reason on a
 * single row or column. */
bool rollcube_state_solvable(const void *params, const void *state, struct tw_error *why);

/* Puzzle-table scramble: a random solvable start (standard die), goal and
 * label. Draws start, goal and label uniformly until one is solvable;
 * each draw costs constant time on open boards. On a map at most 8
 * draws are searched (about 0.1 s each at 200 x 200); if none is
 * solvable, one search from a drawn start lists what it reaches and the
 * goal is drawn from that. Returns a malloc'd struct rollcube_state
 * (caller frees); fails with "no solvable start and goal found on this
 * board" when the map leaves the die nowhere to go. */
void *rollcube_scramble(const void *params, struct tw_rng *rng, struct tw_error *err);

/* Puzzle-table entry point: SRC on open boards, BFS on maps; N/E/S/W
 * moves (for the game, answers past ROLLCUBE_GAME_LISTED with runs).
 * Errors: "no path", "solution too long to list (N moves); use
 * --gps", "cancelled". */
bool rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
