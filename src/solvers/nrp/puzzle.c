/* The Number Rotation Puzzle as a puzzle table (engine/puzzle.h): the
 * engine's functions (nrp.h) and the solvers (solve.h). */
#include "engine/puzzle.h"
#include "engine/nrp/nrp.h"
#include "solvers/nrp/solve.h"

const struct puzzle nrp_puzzle = {
	.id = "nrp",
	.name = "Number rotation",
	.summary = "turn k x k blocks of a numbered grid until 1..mn are in order",
	.metrics = nrp_metrics,
	.params_default = nrp_params_default,
	.params_parse = nrp_params_parse,
	.params_format = nrp_params_format,
	.params_dup = nrp_params_dup,
	.params_free = nrp_params_free,
	.state_solved = nrp_state_solved,
	.state_parse = nrp_state_parse,
	.state_format = nrp_state_format,
	.state_dup = nrp_state_dup,
	.state_free = nrp_state_free,
	.state_equal = nrp_state_equal,
	.state_solvable = nrp_state_solvable,
	.state_is_solved = nrp_state_is_solved,
	.scramble = nrp_scramble,
	.state_render = nrp_state_render,
	.move_apply = nrp_move_apply,
	.move_inverse = nrp_move_inverse,
	.move_cost = nrp_move_cost,
	.move_random = nrp_move_random,
	.reversible = true,
	.sample_params = (const char *const[]){"2x2k2", "3x3k2", "3x4k3", "2x3k2o", "4x4k3",
	    "5x5k4", "3x3k2o", "4x4k4o", "6x7k6", "16x16k2", "16x16k7o", NULL},
	.optimal_solver = true,
	.prepare_tables = nrp_prepare_tables,
	.optimal_offer = nrp_optimal_offer,
	.solve = nrp_solve_entry,
};
