/* The Number Rotation Puzzle as a puzzle table (engine/puzzle.h): the
 * engine's functions (nrp.h) and the solvers (solve.h). */
#include <stdio.h>

#include "engine/puzzle.h"
#include "engine/nrp/nrp.h"
#include "solvers/nrp/solve.h"

/* Puzzle-table table_purpose: "nrp-optimal-3x3k2-qtm-exact" and
 * "nrp-chains-8x8k4-0-0" name their board. */
static bool
nrp_table_purpose(const char *name, char *purpose, size_t size)
{
	char board[32], metric[8];

	if (sscanf(name, "nrp-optimal-%31[0-9xko]-%7[a-z]", board, metric) == 2) {
		snprintf(purpose, size, "number rotation %s, proven shortest in %s", board, metric);
		return true;
	}
	if (sscanf(name, "nrp-chains-%31[0-9xko]", board) == 1) {
		snprintf(purpose, size, "number rotation: 3-cycles on %s windows", board);
		return true;
	}
	return false;
}

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
	.table_purpose = nrp_table_purpose,
	.solve = nrp_solve_entry,
};
