/* The 7x7x7 staged reduction prototype's finish (reduce7.h): a path of
 * model moves replayed on the facelet engine, the grouped 5x5x5 through
 * cube5_reduce_solve, its turns mapped back (its layers 1 2 3 4 5 are the
 * 7x7x7's 1, 2, 3-5, 6, 7), everything written as WCA tokens and the
 * answer replayed on the engine. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <stdlib.h>

#include "puzzles/cube/reduce/reduce.h"
#include "puzzles/cube/reduce5/reduce5.h"

#define R7_MAX_GROUPED 600

/* Appends model move m (of the cube as given) as single-layer turns
 * (cube_write_layer_turns's numbers). */
static void
push_layers(const struct r7_model *md, int m, uint16_t *turns, int *len)
{
	int face = md->face[m], axis = face % 3, k;

	for (k = md->first[m]; k <= md->last[m]; k++) {
		int layer = face < 3 ? k - 1 : R7_N - k, t = face < 3 ? md->turns[m] : 4 - md->turns[m];

		turns[(*len)++] = (uint16_t)((axis * R7_N + layer) * 3 + t - 1);
	}
}

/* Appends a 5x5x5 token of the grouped cube as turns of the 7x7x7. */
static bool
push_grouped(const char *token, uint16_t *turns, int *len, struct tw_error *err)
{
	static const int lo[6] = {0, 1, 2, 3, 6, 7}, hi[6] = {0, 1, 2, 5, 6, 7};
	struct cube_move mv;
	int face, axis, k;

	if (!cube_move_parse(5, token, &mv, err)) {
		tw_error_prefix(err, "internal error: the 5x5x5 solver's turn");
		return false;
	}
	face = (int)mv.face;
	axis = face % 3;
	for (k = lo[mv.first]; k <= hi[mv.last]; k++) {
		int layer = face < 3 ? k - 1 : R7_N - k, t = face < 3 ? mv.turns : 4 - mv.turns;

		turns[(*len)++] = (uint16_t)((axis * R7_N + layer) * 3 + t - 1);
	}
	return true;
}

static long
obtm_from(const struct movelist *list, size_t from)
{
	long sum = 0;
	size_t i;

	for (i = from; i < list->len; i++) {
		struct cube_move mv;

		if (cube_move_parse(R7_N, list->moves[i], &mv, NULL))
			sum += cube_move_metric_cost(R7_N, &mv, CUBE_OBTM);
	}
	return sum;
}

/* c5 recoloured so that its fixed centres show their faces' colours. */
static void
centre_colours_home(struct cube *c5)
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
r7_finish(const struct cube *c, const struct r7_path *path, struct movelist *out, long *obtm_stages,
    long *obtm5, struct tw_error *err)
{
	const struct r7_model *md = r7_model();
	struct cube grouped = *c, c5;
	struct cube_reduce_options o5 = {0};
	struct cube_reduce_stats s5;
	struct movelist tokens5 = MOVELIST_EMPTY;
	uint8_t col[R7_FACELETS];
	uint16_t *turns = NULL;
	size_t first = out->len, mid;
	int len = 0, i;
	bool ok = false;

	turns = malloc(sizeof *turns * (3 * R7_MAX_PATH + 5 * R7_MAX_GROUPED));
	if (turns == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	for (i = 0; i < path->len; i++) {
		int m = path->m[i];
		struct cube_move mv = {.face = (enum cube_face)md->face[m], .first = md->first[m],
		    .last = md->last[m], .turns = md->turns[m]};

		cube_move_do(&grouped, &mv);
		push_layers(md, m, turns, &len);
	}
	r7_colours(&grouped, col);
	if (!r7_grouped(col, &c5, err)) {
		tw_error_prefix(err, "after the stages");
		goto done;
	}
	centre_colours_home(&c5);
	if (!cube5_reduce_solve(&c5, &o5, &tokens5, &s5, err))
		goto done;
	if (tokens5.len > R7_MAX_GROUPED) {
		tw_error_set(err, "internal error: a 5x5x5 answer of %zu turns", tokens5.len);
		goto done;
	}
	if (cube_write_layer_turns(R7_N, turns, len, out, err) < 0)
		goto done;
	mid = out->len;
	len = 0;
	for (i = 0; i < (int)tokens5.len; i++)
		if (!push_grouped(tokens5.moves[i], turns, &len, err))
			goto done;
	if (cube_write_layer_turns(R7_N, turns, len, out, err) < 0)
		goto done;
	{
		struct cube check = *c;
		struct tw_error replay = {{0}};

		for (i = (int)first; i < (int)out->len; i++)
			if (!cube_apply_alg(&check, out->moves[i], &replay))
				break;
		if (i < (int)out->len || !cube_is_solved(&check)) {
			tw_error_set(err, "internal error: the 7x7x7 solution does not solve the cube%s%s",
			    replay.msg[0] != '\0' ? ": " : "", replay.msg);
			goto done;
		}
	}
	if (obtm_stages != NULL)
		*obtm_stages = obtm_from(out, first) - obtm_from(out, mid);
	if (obtm5 != NULL)
		*obtm5 = obtm_from(out, mid);
	ok = true;
done:
	if (!ok)
		while (out->len > first) {
			out->len--;
			free(out->moves[out->len]);
		}
	free(turns);
	movelist_clear(&tokens5);
	return ok;
}
