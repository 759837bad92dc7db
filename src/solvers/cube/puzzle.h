/* The cube as a puzzle: its table (cube_puzzle, solvers/registry.h)
 * puts the rules (engine/cube/rules.h) beside the solver of each size
 * (sizes.h). */
#ifndef TWIRL_CUBE_PUZZLE_H
#define TWIRL_CUBE_PUZZLE_H

#include "engine/cube/rules.h"

/* Puzzle-table entry point: the size's solver (sizes.h), after refusing
 * --optimal where the size has none and an unsolvable position. */
bool cube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err);

#endif
