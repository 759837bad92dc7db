#include "engine/puzzle.h"

#include <string.h>

int
puzzle_metric_index(const struct puzzle *p, const char *name)
{
	int i;

	for (i = 0; p->metrics[i] != NULL; i++)
		if (strcmp(p->metrics[i], name) == 0)
			return i;
	return -1;
}

bool
puzzle_apply_list(const struct puzzle *p, const void *params, void *state,
    const struct movelist *list, struct tw_error *err)
{
	size_t i;

	for (i = 0; i < list->len; i++) {
		if (!p->move_apply(params, state, list->moves[i], err)) {
			tw_error_prefix(err, "move %zu (%s)", i + 1, list->moves[i]);
			return false;
		}
	}
	return true;
}

void *
puzzle_params_seeded(const struct puzzle *p, const void *params, const char *seed,
    struct tw_error *err)
{
	return p->params_seeded != NULL ? p->params_seeded(params, seed, err) :
	    p->params_dup(params, err);
}

void
puzzle_board_variant(const struct puzzle *p, const void *params, char *buf, size_t size)
{
	if (size == 0)
		return;
	buf[0] = '\0';
	if (p->board_variant != NULL)
		p->board_variant(params, buf, size);
}

int
puzzle_board_metric(const struct puzzle *p, const void *params)
{
	return p->board_metric != NULL ? p->board_metric(params) : 0;
}

long
puzzle_list_cost(const struct puzzle *p, const void *params,
    const struct movelist *list, int metric)
{
	long total = 0, c;
	size_t i;

	for (i = 0; i < list->len; i++) {
		c = p->move_cost(params, list->moves[i], metric);
		if (c < 0)
			return -1;
		total += c;
	}
	return total;
}
