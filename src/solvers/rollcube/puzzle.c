/* The rolling cube as a puzzle table (engine/puzzle.h): the engine's
 * functions (rollcube.h), solvability, scramble and the solvers
 * (solve.h). */
#include "engine/puzzle.h"
#include "engine/rollcube/rollcube.h"
#include "solvers/rollcube/solve.h"

/* Puzzle-table optimal_offer: every hint is a shortest path already. */
static enum optimal_offer
rollcube_optimal_offer(const void *params, int metric, char *cost, size_t size)
{
	(void)params;
	(void)metric;
	(void)cost;
	(void)size;
	return OPTIMAL_ALREADY;
}

const struct puzzle rollcube_puzzle = {
	.id = "rollcube",
	.name = "Rolling cube",
	.summary = "roll a die to the goal with the right label on top",
	.metrics = rollcube_metrics,
	.params_default = rollcube_params_default,
	.params_parse = rollcube_params_parse,
	.params_format = rollcube_params_format,
	.params_dup = rollcube_params_dup,
	.params_free = rollcube_params_free,
	.state_solved = rollcube_state_solved,
	.state_parse = rollcube_state_parse,
	.state_format = rollcube_state_format,
	.state_dup = rollcube_state_dup,
	.state_free = rollcube_state_free,
	.state_equal = rollcube_state_equal,
	.state_solvable = rollcube_state_solvable,
	.state_is_solved = rollcube_state_is_solved,
	.scramble = rollcube_scramble,
	.state_render = rollcube_state_render,
	.move_apply = rollcube_move_apply,
	.move_inverse = rollcube_move_inverse,
	.move_cost = rollcube_move_cost,
	.board_variant = rollcube_board_variant,
	/* SRC and the breadth-first search both give shortest paths. */
	.optimal_solver = true,
	.move_random = rollcube_move_random,
	.reversible = false,
	.sample_params = (const char *const[]){"1x2", "2x2", "1x9", "8x8", "12x9",
	    "3x6:rule=abbott:map=..x.../.1..*./......", "4x5:map=..x../.x.x./3..2./....x",
	    "2147483647x2147483647", "1x4194304", NULL},
	.path_string = rollcube_path_string,
	.optimal_offer = rollcube_optimal_offer,
	.solve = rollcube_solve_entry,
};
