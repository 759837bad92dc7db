#include "solvers/puzzles.h"

#include "engine/nrp.h"
#include "engine/rollcube.h"
#include "engine/torus.h"
#include "solvers/cube_puzzle.h"
#include "solvers/nrp_solver.h"
#include "solvers/rollcube_solver.h"
#include "solvers/torus_solver.h"

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
	.solve = torus_solve_entry,
};

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
	.optimal_solver = true,
	.solve = nrp_solve_entry,
};

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
	.solve = rollcube_solve_entry,
};

const struct puzzle cube_puzzle = {
	.id = "cube",
	.name = "Cube",
	.summary = "the NxNxN Rubik's cube on an unfolded net",
	.metrics = cube_metrics,
	.params_default = cube_params_default,
	.params_parse = cube_params_parse,
	.params_format = cube_params_format,
	.params_dup = cube_params_dup,
	.params_free = cube_params_free,
	.state_solved = cube_state_solved,
	.state_parse = cube_state_parse,
	.state_format = cube_state_format,
	.state_dup = cube_state_dup,
	.state_free = cube_state_free,
	.state_equal = cube_state_equal,
	.state_solvable = cube_state_solvable,
	.state_is_solved = cube_state_is_solved,
	.scramble = cube_scramble,
	.state_render = cube_state_render,
	.move_apply = cube_move_apply,
	.move_inverse = cube_move_inverse_text,
	.move_cost = cube_move_cost,
	.solve = cube_solve_entry,
};

const struct puzzle *const twirl_puzzles[] = {
	&torus_puzzle,
	&rollcube_puzzle,
	&nrp_puzzle,
	&cube_puzzle,
	NULL,
};
