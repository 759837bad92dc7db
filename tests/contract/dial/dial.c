/* A test-only puzzle, built only into the contract test: a dial of N
 * positions (params "N", 2 to 99) turned one step up (U) or down (D);
 * solved at 0. It is added the way docs/adding-a-puzzle.md says (a
 * folder of its own and one entry in a list of puzzles), to show that the
 * list is true and that a new puzzle gets the contract's checks for free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/puzzle.h"

struct dial_params {
	int n;
};

struct dial_state {
	int at;
};

static const char *const dial_metrics[] = {"steps", NULL};

static void *
dial_params_parse(const char *text, size_t *used, struct tw_error *err)
{
	struct dial_params *p;
	char *end;
	long n = strtol(text, &end, 10);

	if (end == text || n < 2 || n > 99) {
		tw_error_set(err, "a dial has 2 to 99 positions");
		return NULL;
	}
	p = tw_alloc(sizeof *p, err);
	if (p != NULL) {
		p->n = (int)n;
		*used = (size_t)(end - text);
	}
	return p;
}

static void *
dial_params_default(struct tw_error *err)
{
	size_t used;

	return dial_params_parse("12", &used, err);
}

static char *
dial_params_format(const void *params, struct tw_error *err)
{
	return tw_asprintf(err, "%d", ((const struct dial_params *)params)->n);
}

static void *
dial_params_dup(const void *params, struct tw_error *err)
{
	return tw_memdup(params, sizeof(struct dial_params), err);
}

static void *
dial_state_solved(const void *params, struct tw_error *err)
{
	(void)params;
	return tw_calloc(1, sizeof(struct dial_state), err);
}

static void *
dial_state_parse(const void *params, const char *text, struct tw_error *err)
{
	const struct dial_params *p = params;
	struct dial_state *s;
	char *end;
	long at = strtol(text, &end, 10);

	if (end == text || *end != '\0' || at < 0 || at >= p->n) {
		tw_error_set(err, "the dial shows 0 to %d", p->n - 1);
		return NULL;
	}
	s = tw_alloc(sizeof *s, err);
	if (s != NULL)
		s->at = (int)at;
	return s;
}

static char *
dial_state_format(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_asprintf(err, "%d", ((const struct dial_state *)state)->at);
}

static void *
dial_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct dial_state), err);
}

static bool
dial_state_equal(const void *params, const void *a, const void *b)
{
	(void)params;
	return ((const struct dial_state *)a)->at == ((const struct dial_state *)b)->at;
}

static bool
dial_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	(void)params;
	(void)state;
	(void)why;
	return true;
}

static bool
dial_state_is_solved(const void *params, const void *state)
{
	(void)params;
	return ((const struct dial_state *)state)->at == 0;
}

static void *
dial_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct dial_params *p = params;
	struct dial_state *s = tw_alloc(sizeof *s, err);

	if (s != NULL)
		s->at = 1 + (int)tw_rng_below(rng, (uint64_t)p->n - 1);
	return s;
}

static char *
dial_state_render(const void *params, const void *state, struct tw_error *err)
{
	return tw_asprintf(err, "dial at %d of %d\n", ((const struct dial_state *)state)->at,
	    ((const struct dial_params *)params)->n);
}

static bool
dial_move_apply(const void *params, void *state, const char *move, struct tw_error *err)
{
	const struct dial_params *p = params;
	struct dial_state *s = state;

	if (strcmp(move, "U") != 0 && strcmp(move, "D") != 0) {
		tw_error_set(err, "bad move '%.16s': U or D", move);
		return false;
	}
	s->at = (s->at + (move[0] == 'U' ? 1 : p->n - 1)) % p->n;
	return true;
}

static char *
dial_move_inverse(const void *params, const char *move, struct tw_error *err)
{
	(void)params;
	if (strcmp(move, "U") != 0 && strcmp(move, "D") != 0) {
		tw_error_set(err, "bad move '%.16s': U or D", move);
		return NULL;
	}
	return tw_strdup(move[0] == 'U' ? "D" : "U", err);
}

static long
dial_move_cost(const void *params, const char *move, int metric)
{
	(void)params;
	(void)metric;
	return strcmp(move, "U") == 0 || strcmp(move, "D") == 0 ? 1 : -1;
}

static char *
dial_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	(void)params;
	return tw_strdup(tw_rng_below(rng, 2) ? "U" : "D", err);
}

/* The shorter way round: optimal. */
static bool
dial_solve(const void *params, const void *state, const struct solve_request *req,
    struct movelist *out, struct tw_error *err)
{
	const struct dial_params *p = params;
	int at = ((const struct dial_state *)state)->at, up = (p->n - at) % p->n;

	if (req->cancel != NULL && atomic_load(req->cancel)) {
		tw_error_set(err, "cancelled");
		return false;
	}
	for (int i = 0; i < (up <= at ? up : at); i++)
		if (!movelist_push(out, up <= at ? "U" : "D", err))
			return false;
	if (req->progress != NULL)
		atomic_store(req->progress, 1000);
	return true;
}

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
	.solve = dial_solve,
};
