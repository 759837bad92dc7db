/* The cube as a puzzle table (engine/puzzle.h): the rules
 * (engine/cube/rules.h) and the solvers of each size (sizes.h). */
#include "solvers/cube/puzzle.h"

#include <stdio.h>
#include <string.h>

#include "engine/cube/rules.h"
#include "solvers/cube/optimal.h"
#include "solvers/cube/perimeter.h"
#include "solvers/cube/sizes.h"

bool
cube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	const struct cube *c = state;
	const struct cube_size *size = cube_size_of(c->n);

	if (req->optimal && size->solve_optimal == NULL) {
		tw_error_set(err, "no proven shortest answers for the %dx%dx%d: its solver finds short ones (drop --optimal)",
		    c->n, c->n, c->n);
		return false;
	}
	if (!cube_state_solvable(params, state, err))
		return false;
	if (!req->optimal && cube_params_practice_turns(params) > 0 && c->n >= 3 &&
	    !cube_is_solved(c)) {
		/* A practice board is a few turns from solved, where a small
		 * perimeter search finds a shortest answer at once: a hint
		 * of the turns that undo the scramble, not a reduction's
		 * forty. Further away, the size's own solver. */
		struct cube_perimeter_options quick = {.metric = (enum cube_metric)req->metric,
		    .cancel = req->cancel, .nodes = CUBE_PERIMETER_QUICK_NODES,
		    .table_states = CUBE_PERIMETER_QUICK_TABLE};
		struct tw_error why;
		size_t at = out->len;

		if (cube_perimeter_solve(c, &quick, out, NULL, &why))
			return true;
		movelist_truncate(out, at);
		if (why.kind == TW_ERROR_CANCELLED || why.kind == TW_ERROR_NO_MEMORY) {
			if (err != NULL)
				*err = why;
			return false;
		}
	}
	return (req->optimal ? size->solve_optimal : size->solve)(c, req, out, err);
}

/* Puzzle-table optimal_offer: the size's (sizes.h); from the 4x4x4 on,
 * whose proven-shortest answers reach a few turns from solved, on
 * practice boards only. */
static enum optimal_offer
cube_optimal_offer(const void *params, int metric, char *cost, size_t size)
{
	int n = cube_params_size(params);
	const struct cube_size *row = cube_size_of(n);

	if (n >= 4 && cube_params_practice_turns(params) == 0)
		return OPTIMAL_NOT_OFFERED;
	return row != NULL && row->optimal_offer != NULL ? row->optimal_offer(metric, cost, size) :
	    OPTIMAL_NOT_OFFERED;
}

/* Puzzle-table table_purpose: the cube's tables by their names' prefix
 * (a size's tables serve the bigger sizes that reduce to it), the first
 * entry that matches; an exact entry matches its whole name only. */
static bool
cube_table_purpose(const char *name, char *purpose, size_t size)
{
	static const struct {
		const char *prefix, *purpose;
		bool exact;
	} known[] = {
		{"cube2-", "2x2x2 solver (optimal)", false},
		{"cube3-two-phase", "3x3x3 solver (two-phase)", false},
		/* The proven-shortest solver's small table is the two-phase
		 * solver's phase 1 (its larger ones share the prefix). */
		{"cube3-optimal-htm-slice", "3x3x3 solver (two-phase, phase 1), and every bigger cube's finish", true},
		{"cube3-optimal-htm", "3x3x3 proven shortest, face turns", false},
		{"cube3-optimal-qtm", "3x3x3 proven shortest, quarter turns", false},
		{"cube4-", "4x4x4 solver", false},
		{"cube5-", "5x5x5 solver, and the 6x6x6 to 11x11x11's last phases", false},
		{"cube6-", "6x6x6 solver, and the 8x8x8's and 10x10x10's centres", false},
		{"cube7-", "7x7x7 solver, and the 8x8x8 to 11x11x11's", false},
	};
	size_t i;

	for (i = 0; i < sizeof known / sizeof known[0]; i++)
		if (known[i].exact ? strcmp(name, known[i].prefix) == 0 :
		    strncmp(name, known[i].prefix, strlen(known[i].prefix)) == 0) {
			snprintf(purpose, size, "%s", known[i].purpose);
			return true;
		}
	return false;
}

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
	.board_metric = cube_board_metric,
	.board_variant = cube_board_variant,
	/* The 2x2x2 solver is optimal, the 3x3x3 has an optimal mode, and
	 * every size proves shortest answers near solved. */
	.optimal_solver = true,
	.time_limit = true,
	.move_random = cube_move_random,
	.reversible = true,
	.sample_params = (const char *const[]){"2", "3", "4", "5", "6", "7", "4:turns=6", NULL},
	.prepare_tables = cube_prepare_tables,
	.prepare_optimal_tables = cube3_optimal_prepare_both,
	.optimal_offer = cube_optimal_offer,
	.table_purpose = cube_table_purpose,
	.solve = cube_solve_entry,
};
