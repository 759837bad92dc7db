/* The torus as a puzzle table (engine/puzzle.h): the engine's functions
 * (torus.h) and the solvers: the constructive one (solve.h), the
 * proven-shortest one (optimal.h) and the black-and-white torus's
 * (bw.h), chosen here. */
#include "engine/puzzle.h"
#include "engine/torus/torus.h"
#include "solvers/torus/bw.h"
#include "solvers/torus/optimal.h"
#include "solvers/torus/solve.h"

/* Puzzle-table solve: the black-and-white torus's solver, or with
 * req->optimal torus_solve_optimal, else torus_solve. */
static bool
solve_entry(const void *params, const void *state, const struct solve_request *req,
    struct movelist *out, struct tw_error *err)
{
	const struct torus_params *p = params;

	if (p->bw)
		return torus_bw_solve(params, state, req, out, err);
	if (req->optimal)
		return torus_solve_optimal(params, state, req, out, err);
	return torus_solve(params, state, req, out, err);
}

/* Puzzle-table optimal_offer: shortest already on black-and-white boards
 * that are searched whole, ready on the boards torus_optimal_offered
 * accepts, not offered elsewhere; cost is not written. */
static enum optimal_offer
optimal_offer(const void *params, int metric, char *cost, size_t size)
{
	const struct torus_params *p = params;

	(void)cost;
	(void)size;
	if (p->bw)
		return p->rows * p->cols <= TORUS_BW_SEARCH_CELLS ? OPTIMAL_ALREADY :
		    OPTIMAL_NOT_OFFERED;
	return torus_optimal_offered(p->rows, p->cols, metric, NULL) ? OPTIMAL_READY :
	    OPTIMAL_NOT_OFFERED;
}

const struct puzzle torus_puzzle = {
	.id = "torus",
	.name = "Torus",
	.summary = "shift whole rows and columns, wrapping, until 1..mn are in order",
	.metrics = torus_metrics,
	.params_default = torus_params_default,
	.params_parse = torus_params_parse,
	.params_format = torus_params_format,
	.params_dup = torus_params_dup,
	.params_free = torus_params_free,
	.state_solved = torus_state_solved,
	.state_parse = torus_state_parse,
	.state_format = torus_state_format,
	.state_dup = torus_state_dup,
	.state_free = torus_state_free,
	.state_equal = torus_state_equal,
	.state_solvable = torus_state_solvable,
	.state_is_solved = torus_state_is_solved,
	.scramble = torus_scramble,
	.state_render = torus_state_render,
	.move_apply = torus_move_apply,
	.move_inverse = torus_move_inverse,
	.move_cost = torus_move_cost,
	.board_variant = torus_board_variant,
	.params_seeded = torus_params_seeded,
	.move_random = torus_move_random,
	.reversible = true,
	/* The 3x5 after the 20x20: its proven-shortest answers take
	 * seconds, and the contract's optimal check stops at the sixth. The
	 * black-and-white torus: searched whole (2x3), through the
	 * numbered solver (5x7 with a goal of its own). */
	.sample_params = (const char *const[]){"2x2", "2x3", "2x3:bw", "3x3", "4x4", "20x20",
	    "3x5", "20x19", "2x20", "5x7:goal=x.x.x.x/.x.x.x./x.x.x.x/.x.x.x./x.x.x.x", NULL},
	.optimal_solver = true,
	.optimal_offer = optimal_offer,
	.solve = solve_entry,
};
