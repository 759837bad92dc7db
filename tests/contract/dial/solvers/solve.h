/* The dial's solver: optimal, by descent through a distance table kept in
 * the table cache (src/solvers/tablecache.h), as a puzzle's pruning
 * tables are. */
#ifndef TWIRL_TEST_DIAL_SOLVE_H
#define TWIRL_TEST_DIAL_SOLVE_H

#include "tests/contract/dial/engine/dial.h"

/* Appends the shortest answer (steps, every move one) for state to out:
 * from each position the move whose end is one step nearer 0 in the
 * breadth-first distance table of the board, U on a tie. Honours
 * req->cancel and writes req->progress (1000 when done). Errors:
 * "cancelled", out of memory, the table cache's. */
bool dial_solve(const void *params, const void *state, const struct solve_request *req,
    struct movelist *out, struct tw_error *err);

/* Builds (or finds on disk) the distance tables of the menu's presets, 12
 * and 60 positions: twirl cache build. progress (0..1000) and cancel may
 * be NULL. Errors: "cancelled", out of memory, the table cache's. */
bool dial_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err);

#endif
