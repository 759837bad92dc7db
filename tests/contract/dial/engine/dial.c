/* The dial's rules (dial.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/contract/dial/engine/dial.h"

const char *const dial_metrics[] = {"steps", NULL};

void *
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

void *
dial_params_default(struct tw_error *err)
{
	size_t used;

	return dial_params_parse("12", &used, err);
}

char *
dial_params_format(const void *params, struct tw_error *err)
{
	return tw_asprintf(err, "%d", ((const struct dial_params *)params)->n);
}

void *
dial_params_dup(const void *params, struct tw_error *err)
{
	return tw_memdup(params, sizeof(struct dial_params), err);
}

void *
dial_state_solved(const void *params, struct tw_error *err)
{
	(void)params;
	return tw_calloc(1, sizeof(struct dial_state), err);
}

void *
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

char *
dial_state_format(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_asprintf(err, "%d", ((const struct dial_state *)state)->at);
}

void *
dial_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct dial_state), err);
}

bool
dial_state_equal(const void *params, const void *a, const void *b)
{
	(void)params;
	return ((const struct dial_state *)a)->at == ((const struct dial_state *)b)->at;
}

bool
dial_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	(void)params;
	(void)state;
	(void)why;
	return true;
}

bool
dial_state_is_solved(const void *params, const void *state)
{
	(void)params;
	return ((const struct dial_state *)state)->at == 0;
}

void *
dial_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct dial_params *p = params;
	struct dial_state *s = tw_alloc(sizeof *s, err);

	if (s != NULL)
		s->at = 1 + (int)tw_rng_below(rng, (uint64_t)p->n - 1);
	return s;
}

char *
dial_state_render(const void *params, const void *state, struct tw_error *err)
{
	return tw_asprintf(err, "dial at %d of %d\n", ((const struct dial_state *)state)->at,
	    ((const struct dial_params *)params)->n);
}

bool
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

char *
dial_move_inverse(const void *params, const char *move, struct tw_error *err)
{
	(void)params;
	if (strcmp(move, "U") != 0 && strcmp(move, "D") != 0) {
		tw_error_set(err, "bad move '%.16s': U or D", move);
		return NULL;
	}
	return tw_strdup(move[0] == 'U' ? "D" : "U", err);
}

long
dial_move_cost(const void *params, const char *move, int metric)
{
	(void)params;
	(void)metric;
	return strcmp(move, "U") == 0 || strcmp(move, "D") == 0 ? 1 : -1;
}

char *
dial_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	(void)params;
	return tw_strdup(tw_rng_below(rng, 2) ? "U" : "D", err);
}
