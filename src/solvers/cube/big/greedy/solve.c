/* The greedy reduction's entry point (reduce.h, cube_greedy_solve), the
 * fallback of every size's own reduction that runs out of work (sizes.h,
 * cube_big_solve): tries at centres, edges and parity, the shortest
 * kept, the 3x3x3 finish, and the replayed answer. */
#include "solvers/cube/big/greedy/internal.h"

#include <stdlib.h>
#include <string.h>


/* The facelet colour array (0..5) of a cube and back. */
static void
colours_of(const struct cube *c, uint8_t *col)
{
	int i;

	for (i = 0; i < 6 * c->n * c->n; i++)
		col[i] = (uint8_t)(strchr(rd_face_letter, c->f[i]) - rd_face_letter);
}

/* Centre steps looked at two deep (the best 2 on 6x6x6, 3 on 7x7x7 and
 * 8x8x8), by size, and the depth of the free search for the second
 * step. On 6x6x6 it saves 5 to 15 moves; on 7x7x7 5 to 15 (10.5 on 30
 * scrambles) for 2.4 to 3.8 s a solve, where a second step searched
 * three deep takes about twice the centre time for no clear gain. On
 * 7x7x7 three steps give 329.8 moves on 50 scrambles, two 332.3 and four
 * 332.6; on 5x5x5 the lookahead makes the solves 2 moves longer and on
 * 4x4x4 it changes nothing. On 8x8x8 it makes them 6 % shorter over 14
 * cubes, for 6.5 s a solve instead of 3.5 s; on 9x9x9 and 10x10x10 the
 * gain is not clear (9x9x9: 6 % on the bench's 8 cubes, 1 % on 6 seeded
 * ones, for twice the time; 10x10x10: 4 to 10 % on 6, 3.5 % longer on 5
 * seeded ones) and 11x11x11 takes over 15 s a solve (BENCHMARKS.md). */
static const int lookahead_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 2, 3, 3, 0, 0, 0};
static const int lookahead_depth_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 3, 2, 2, 0, 0, 0};

/* Edge pairing steps looked at two deep: the best four by gain per move,
 * each with the best pairing macro after it. On 7x7x7 the edges take
 * 93.9 moves on 8 scrambles so, against 108.0 without the lookahead
 * (two candidates with the full search after each: 101.1 in 2.4 times
 * the edges' time; eight: 94.4). */
static const int edge_lookahead_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4};

/* Wing orbits made even before the third centre face (sizes solved face
 * by face): the edges then need no wing swap, 15 moves each, about one a
 * solve on 7x7x7 (BENCHMARKS.md). */
static const bool even_wings_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};

/* Tries at centres and edges per size: as many as fit the time targets. */
static const int variants_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 12, 6, 3, 2, 2, 2, 1, 1};

/* One try from cube c: `prefix` slice turns first, then centres (the
 * first face by r->variant), edges and parity; times add to stats. */
static bool
reduce_try(struct run *r, struct stage *st, const struct cube *c, int prefix,
    struct cube_reduce_stats *stats)
{
	double t1;
	int p;

	colours_of(c, r->col);
	rd_choose_scheme(r);
	for (p = 0; p < REDUCE_PHASES; p++)
		r->phase[p].len = 0;
	for (p = 0; p < prefix; p++) {
		uint16_t m = (uint16_t)move_index(c->n, p % 3, 1 + p % (c->n - 2), 1);

		rd_apply_plain(r->t, r->col, m);
		if (!rd_seq_push(&r->phase[REDUCE_CENTRES], &m, 1)) {
			tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
	}
	t1 = rd_now_seconds();
	if (!rd_solve_centres(r, st))
		return false;
	if (stats != NULL)
		stats->seconds[REDUCE_CENTRES] += rd_now_seconds() - t1;
	t1 = rd_now_seconds();   /* the parity's time (microseconds) counts as the edges' */
	if (!rd_edges_and_parity(r, st))
		return false;
	if (stats != NULL)
		stats->seconds[REDUCE_EDGES] += rd_now_seconds() - t1;
	return true;
}

bool
cube_greedy_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct run *r;
	struct stage *st;
	struct seq all = {NULL, 0, 0};
	struct tw_error inner, *caller_err = err;
	struct seq kept[REDUCE_PHASES] = {{NULL, 0, 0}};
	uint8_t best_col[MAXF], best_scheme[6];
	bool ok = false;
	int p, attempt;
	long best = -1;
	double t1;
	size_t first = out->len;

	if (c->n < 4 || c->n > CUBE_MAX_N) {
		tw_error_set(err, "the reduction solver takes cubes from 4x4x4 to %dx%dx%d, not %dx%dx%d",
		    CUBE_MAX_N, CUBE_MAX_N, CUBE_MAX_N, c->n, c->n, c->n);
		return false;
	}
	r = calloc(1, sizeof *r);
	st = calloc(1, sizeof *st);
	if (r == NULL || st == NULL) {
		free(r);
		free(st);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	r->opt = opt;
	r->err = &inner;
	err = &inner;
	r->nvariants = variants_for[c->n];
	r->lookahead = lookahead_for[c->n];
	r->edge_lookahead = edge_lookahead_for[c->n];
	r->lookahead_depth = lookahead_depth_for[c->n];
	r->even_wings = even_wings_for[c->n];
	/* The figure stays where the staged solver that ran out of work
	 * left it: the greedy's only rises. */
	rd_report(r, REDUCE_CENTRES, 0);
	r->t = rd_table_for(c->n, NULL);
	if (r->t == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory building the %dx%dx%d tables", c->n, c->n, c->n);
		goto done;
	}
	st->t = r->t;
	st->swaps = malloc(((size_t)r->t->nswap + 1) * sizeof *st->swaps);
	if (st->swaps == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
	/* Several tries at centres, edges and parity, each from a different
	 * first face; the shortest is kept. The greedy phases can, rarely, end
	 * where no step they know gains (seen once in hundreds of 10x10x10
	 * solves): if every try does, start again with 1..5 slice turns in
	 * front. */
	for (attempt = 0; attempt <= 5 && best < 0; attempt++)
		for (r->variant = 0; r->variant < (attempt == 0 ? r->nvariants : 1); r->variant++) {
			long len;

			if (!reduce_try(r, st, c, attempt, stats)) {
				if (err->kind != TW_ERROR_OUT_OF_WORK)
					goto done;
				continue;
			}
			for (len = 0, p = 0; p < REDUCE_FINISH; p++)
				len += rd_write_moves(c->n, &r->phase[p], NULL, err);
			if (best < 0 || len < best) {
				best = len;
				memcpy(best_col, r->col, sizeof best_col);
				memcpy(best_scheme, r->face_colour, sizeof best_scheme);
				rd_swap_phases(r, kept, 0, REDUCE_FINISH);
			}
		}
	if (best < 0)
		goto done;
	memcpy(r->col, best_col, sizeof best_col);
	memcpy(r->face_colour, best_scheme, sizeof best_scheme);
	rd_swap_phases(r, kept, 0, REDUCE_FINISH);
	t1 = rd_now_seconds();
	if (!rd_finish_3x3(r))
		goto done;
	if (stats != NULL)
		stats->seconds[REDUCE_FINISH] = rd_now_seconds() - t1;
	for (p = 0; p < REDUCE_PHASES; p++) {
		if (stats != NULL)
			stats->moves[p] = rd_write_moves(c->n, &r->phase[p], NULL, err);
		if (!rd_seq_push(&all, r->phase[p].m, r->phase[p].len)) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			goto done;
		}
	}
	if (rd_write_moves(c->n, &all, out, err) < 0)
		goto done;
	/* Replay what is returned with the engine's own parser. */
	{
		struct cube check = *c;
		size_t i;

		for (i = first; i < out->len; i++) {
			struct cube_move mv;

			if (!cube_move_parse(c->n, out->moves[i], &mv, err))
				goto done;
			cube_move_do(&check, &mv);
		}
		if (!cube_is_solved(&check)) {
			tw_error_set(err, "internal error: the %dx%dx%d solution does not solve the cube",
			    c->n, c->n, c->n);
			goto done;
		}
	}
	rd_report(r, REDUCE_FINISH, 1000);
	ok = true;
done:
	if (!ok) {
		if (caller_err != NULL)
			*caller_err = inner;
		movelist_truncate(out, first);
	}
	for (p = 0; p < REDUCE_PHASES; p++) {
		free(r->phase[p].m);
		free(kept[p].m);
	}
	free(all.m);
	free(r);
	free(st->swaps);
	free(st);
	return ok;
}
