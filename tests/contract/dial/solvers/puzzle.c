/* The dial as a puzzle table (engine/puzzle.h): the engine's functions
 * (dial.h) and the solver (solve.h). */
#include <stdlib.h>

#include "tests/contract/dial/solvers/solve.h"

const struct puzzle dial_puzzle = {
	.id = "dial",
	.name = "Dial",
	.summary = "turn the dial back to 0",
	.metrics = dial_metrics,
	.params_default = dial_params_default,
	.params_parse = dial_params_parse,
	.params_format = dial_params_format,
	.params_dup = dial_params_dup,
	.params_free = free,
	.state_solved = dial_state_solved,
	.state_parse = dial_state_parse,
	.state_format = dial_state_format,
	.state_dup = dial_state_dup,
	.state_free = free,
	.state_equal = dial_state_equal,
	.state_solvable = dial_state_solvable,
	.state_is_solved = dial_state_is_solved,
	.scramble = dial_scramble,
	.state_render = dial_state_render,
	.move_apply = dial_move_apply,
	.move_inverse = dial_move_inverse,
	.move_cost = dial_move_cost,
	.move_random = dial_move_random,
	.reversible = true,
	.sample_params = (const char *const[]){"2", "12", "99", NULL},
	.optimal_solver = true,
	.prepare_tables = dial_prepare_tables,
	.solve = dial_solve,
};
