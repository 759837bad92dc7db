/* What the staged reductions share (grouped.h). */
#include "solvers/cube/big/core/grouped.h"

#include <string.h>

const char *const cube_reduce_phase_name[REDUCE_PHASES] = {
	"centres", "edges", "parity", "3x3x3",
};


void
cube_reduce_report(const struct cube_reduce_options *opt, const char *phase, int permille)
{
	if (opt == NULL)
		return;
	if (opt->phase != NULL)
		atomic_store(opt->phase, phase);
	if (opt->progress != NULL)
		atomic_store(opt->progress, cube_reduce_figure(opt, opt->progress_from, permille));
}

void
cube_grouping_read(const struct cube *c, const struct cube_grouping *g, struct cube *out)
{
	int f, r, col, k = g->k, n = g->n;

	out->n = k;
	for (f = 0; f < 6; f++)
		for (r = 0; r < k; r++)
			for (col = 0; col < k; col++)
				out->f[(f * k + r) * k + col] = c->f[(f * n + g->rep[r]) * n + g->rep[col]];
	out->f[6 * k * k] = '\0';
}

bool
cube_grouping_whole(const struct cube *c, const struct cube_grouping *g, struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	int f, r, col, i, j, n = g->n;

	for (f = 0; f < 6; f++)
		for (r = 0; r < g->k; r++)
			for (col = 0; col < g->k; col++)
				for (i = g->lo[r]; i <= g->hi[r]; i++)
					for (j = g->lo[col]; j <= g->hi[col]; j++)
						if (c->f[(f * n + i) * n + j] != c->f[(f * n + g->rep[r]) * n + g->rep[col]]) {
							tw_error_set(err, "facelet %c%d%d splits from its group", letter[f], i, j);
							return false;
						}
	return true;
}

void
cube_grouping_turn(struct cube *c, const struct cube_grouping *g, int face, int first, int last,
    int quarter, uint16_t *turns, int *len)
{
	struct cube_move mv = {.face = (enum cube_face)face, .first = g->lo[first - 1] + 1,
	    .last = g->hi[last - 1] + 1, .turns = quarter};

	cube_move_do(c, &mv);
	cube_push_block_turns(g->n, face, mv.first, mv.last, quarter, turns, len);
}

bool
cube_grouping_play(struct cube *c, const struct cube_grouping *g, const struct movelist *l,
    size_t at_token, int *len_at, uint16_t *turns, int *len, struct tw_error *err)
{
	size_t i;

	if (len_at != NULL)
		*len_at = -1;
	for (i = 0; i < l->len; i++) {
		struct cube_move mv;

		if (!cube_move_parse(g->k, l->moves[i], &mv, err)) {
			tw_error_prefix(err, "internal error: the %dx%dx%d solver's turn %s", g->k, g->k, g->k,
			    l->moves[i]);
			return false;
		}
		cube_grouping_turn(c, g, mv.face, mv.first, mv.last, mv.turns, turns, len);
		if (len_at != NULL && i + 1 == at_token)
			*len_at = *len;
	}
	if (len_at != NULL && *len_at < 0)
		*len_at = *len;
	return true;
}

bool
cube_reduce_cancelled(const struct cube_reduce_options *opt, struct tw_error *err)
{
	if (opt == NULL || opt->cancel == NULL || !atomic_load(opt->cancel))
		return false;
	tw_error_cancelled(err);
	return true;
}

void
cube_stats_from_turns(int n, const uint16_t *turns, int len_centres, int len_edges, long tokens,
    struct cube_reduce_stats *stats)
{
	long centres = cube_write_layer_turns(n, turns, len_centres, NULL, NULL);
	long edges = cube_write_layer_turns(n, turns, len_edges, NULL, NULL);

	memset(stats, 0, sizeof *stats);
	stats->moves[REDUCE_CENTRES] = centres;
	stats->moves[REDUCE_EDGES] = edges - centres;
	stats->moves[REDUCE_FINISH] = tokens - edges;
}

bool
cube_staged_answer(const struct cube *c, const uint16_t *turns, int len, int len_centres, int len_edges,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	size_t first = out->len;

	if (cube_write_layer_turns(c->n, turns, len, out, err) < 0 || !cube_answer_solves(c, out, first, err)) {
		movelist_truncate(out, first);
		return false;
	}
	if (stats != NULL)
		cube_stats_from_turns(c->n, turns, len_centres, len_edges, (long)(out->len - first), stats);
	return true;
}

int
cube_reduce_figure(const struct cube_reduce_options *opt, int from, int permille)
{
	int end = opt != NULL && opt->progress_to > 0 ? opt->progress_to : 1000;

	return from + (end - from) * permille / 1000;
}

void
cube_push_block_turns(int n, int face, int first, int last, int quarter, uint16_t *turns, int *len)
{
	int axis = face % 3, t = face < 3 ? quarter : 4 - quarter, k;

	for (k = first; k <= last; k++) {
		int layer = face < 3 ? k - 1 : n - k;

		turns[(*len)++] = (uint16_t)((axis * n + layer) * 3 + t - 1);
	}
}

long
cube_list_obtm(int n, const struct movelist *list, size_t from)
{
	long sum = 0;
	size_t i;

	for (i = from; i < list->len; i++) {
		struct cube_move mv;

		if (cube_move_parse(n, list->moves[i], &mv, NULL))
			sum += cube_move_metric_cost(n, &mv, CUBE_OBTM);
	}
	return sum;
}

void
cube5_centres_home(struct cube *c5)
{
	static const char letters[] = "URFDLB";
	char rename[128] = {0};
	int f, d;

	for (f = 0; f < 6; f++)
		rename[(unsigned char)c5->f[f * 25 + 12]] = letters[f];
	for (d = 0; d < 150; d++)
		c5->f[d] = rename[(unsigned char)c5->f[d]];
}

bool
cube_answer_solves(const struct cube *c, const struct movelist *out, size_t first, struct tw_error *err)
{
	struct cube check = *c;
	struct tw_error replay = {0};
	size_t i;

	for (i = first; i < out->len; i++)
		if (!cube_apply_alg(&check, out->moves[i], &replay))
			break;
	if (i < out->len || !cube_is_solved(&check)) {
		tw_error_set(err, "internal error: the %dx%dx%d solution does not solve the cube%s%s", c->n, c->n, c->n,
		    replay.msg[0] != '\0' ? ": " : "", replay.msg);
		return false;
	}
	return true;
}
