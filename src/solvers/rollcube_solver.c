#include "solvers/rollcube_solver.h"

bool
rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	return rollcube_bfs(params, state, ROLLCUBE_SEARCH_CELLS, req->cancel, out, err);
}
