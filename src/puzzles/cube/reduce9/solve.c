/* The odd cubes' staged reductions (reduce9.h), 9x9x9 and 11x11x11:
 * the inner cube two smaller reduced, the outer ring's middle centres
 * and the middle wings brought together by the 7x7x7's stages on a
 * 7x7x7 of grouped layers, then the cube two smaller that the cube
 * groups as, every turn written on the cube and the answer replayed. */
#include "puzzles/cube/reduce9/reduce9.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/puzzle.h"
#include "puzzles/cube/reduce/grouped.h"
#include "puzzles/cube/reduce7/model.h"
#include "puzzles/cube/reduce7/reduce7.h"
#include "sys/clock.h"

/* The most tokens a smaller cube's answer may have here. */
#define R9_MAX_GROUPED 2000
/* Room for the layer turns of a solve of an n-cube: two smaller cubes'
 * answers and the ring's stage path, each turn at most n layers. */
#define R9_TURNS(n) ((size_t)(n) * (2 * R9_MAX_GROUPED + R7_MAX_PATH))

typedef bool (*cube_solver)(const struct cube *, const struct cube_reduce_options *, struct movelist *,
    struct cube_reduce_stats *, struct tw_error *);

/* An odd cube's plan: the inner cube two smaller (of layers {1} {2,3}
 * {4} .. {n-3} {n-2,n-1} {n}) and its solver, the 7x7x7 of the outer
 * ring (its T triples the ring's middle three centres), and the cube
 * two smaller the cube then groups as (its middle layer the middle
 * three) and its solver. */
struct odd_plan {
	int n;
	struct cube_grouping inner, ring, odd;
	cube_solver inner_solve, odd_solve;
};

static const struct odd_plan plan9 = {
	9,
	{9, 7, {0, 1, 3, 4, 5, 6, 8}, {0, 2, 3, 4, 5, 7, 8}, {0, 2, 3, 4, 5, 6, 8}},
	{9, 7, {0, 1, 2, 4, 5, 7, 8}, {0, 1, 3, 4, 6, 7, 8}, {0, 1, 3, 4, 5, 7, 8}},
	{9, 7, {0, 1, 2, 3, 6, 7, 8}, {0, 1, 2, 5, 6, 7, 8}, {0, 1, 2, 4, 6, 7, 8}},
	cube7_reduce_solve, cube7_reduce_solve,
};

static const struct odd_plan plan11 = {
	11,
	{11, 9, {0, 1, 3, 4, 5, 6, 7, 8, 10}, {0, 2, 3, 4, 5, 6, 7, 9, 10}, {0, 2, 3, 4, 5, 6, 7, 8, 10}},
	{11, 7, {0, 1, 2, 5, 6, 9, 10}, {0, 1, 4, 5, 8, 9, 10}, {0, 1, 4, 5, 6, 9, 10}},
	{11, 9, {0, 1, 2, 3, 4, 7, 8, 9, 10}, {0, 1, 2, 3, 6, 7, 8, 9, 10}, {0, 1, 2, 3, 5, 7, 8, 9, 10}},
	cube9_reduce_solve, cube9_reduce_solve,
};

/* The progress figure (thousandths of the solve after the caller's
 * share): step A fills up to PROGRESS_A (its tables' first build
 * included), step B to PROGRESS_B, F the rest. */
enum { PROGRESS_A = 450, PROGRESS_B = 600 };

bool
cube9_reduce_prepare(struct tw_error *err)
{
	return cube7_reduce_prepare(err);
}

size_t
cube9_reduce_table_bytes(void)
{
	return cube7_reduce_table_bytes();
}

bool
cube11_reduce_prepare(struct tw_error *err)
{
	return cube7_reduce_prepare(err);
}

size_t
cube11_reduce_table_bytes(void)
{
	return cube7_reduce_table_bytes();
}

/* Whether c's (an n-cube's) centres of rows and columns 2 to n - 3 are
 * one colour a face and every edge's wings 2 to n - 3 are one dedge
 * (what step B needs of A: the groups of layers it turns together are
 * then one colour). */
static bool
inner_reduced(const struct cube *c)
{
	int f, i, j, n = c->n, m = n / 2;

	for (f = 0; f < 6; f++) {
		const char *face = c->f + f * n * n;

		for (i = 2; i <= n - 3; i++)
			for (j = 2; j <= n - 3; j++)
				if (face[i * n + j] != face[m * n + m])
					return false;
		for (i = 2; i <= n - 3; i++)
			if (face[i] != face[2] || face[(n - 1) * n + i] != face[(n - 1) * n + 2] ||
			    face[i * n] != face[2 * n] || face[i * n + n - 1] != face[2 * n + n - 1])
				return false;
	}
	return true;
}

/* The smaller cube of grouping g that cur reads as (exact: checked to
 * be cur, every group one colour; else only reduced, its 3x3x3 finish
 * left out where that leaves it reduced), solved by solver with
 * progress from..to of opt's, its answer played on cur; *len_edges (may
 * be NULL) the length of turns after its centres and edges, its 3x3x3's
 * seconds added to *finish_seconds. */
static bool
solve_grouped(struct cube *cur, const struct cube_grouping *g, cube_solver solver, bool exact,
    const struct cube_reduce_options *opt, int from, int to, uint16_t *turns, int *len, int *len_edges,
    double *finish_seconds, struct tw_error *err)
{
	struct cube_reduce_options o7 = {0};
	struct cube_reduce_stats s7;
	struct movelist l7 = MOVELIST_EMPTY;
	struct cube c7;
	bool ok = false;

	if (exact && !cube_grouping_whole(cur, g, err)) {
		tw_error_prefix(err, "internal error: not grouped as a %dx%dx%d", g->k, g->k, g->k);
		return false;
	}
	cube_grouping_read(cur, g, &c7);
	if (!cube_state_solvable(NULL, &c7, err)) {
		tw_error_prefix(err, "internal error: the grouped %dx%dx%d", g->k, g->k, g->k);
		return false;
	}
	if (opt != NULL) {
		o7 = *opt;
		o7.progress_from = cube_reduce_figure(opt, opt->progress_from, from);
		o7.progress_to = cube_reduce_figure(opt, opt->progress_from, to);
	}
	if (!solver(&c7, opt != NULL ? &o7 : NULL, &l7, &s7, err))
		goto done;
	if (l7.len > R9_MAX_GROUPED) {
		tw_error_set(err, "internal error: a %dx%dx%d answer of %zu turns", g->k, g->k, g->k, l7.len);
		goto done;
	}
	if (!exact) {
		/* Step A needs the inner cube reduced, not its 3x3x3 solved:
		 * its answer up to its edges, unless a token merged across that
		 * seam leaves it short of reduced (then all of it). */
		struct cube w = *cur;
		struct movelist head = {l7.moves, (size_t)(s7.moves[REDUCE_CENTRES] + s7.moves[REDUCE_EDGES]), 0};
		uint16_t *scratch = malloc(sizeof *scratch * R9_TURNS(g->n));
		int slen = 0;

		if (scratch == NULL) {
			tw_error_set(err, "out of memory");
			goto done;
		}
		ok = head.len <= l7.len && cube_grouping_play(&w, g, &head, 0, NULL, scratch, &slen, NULL) &&
		    inner_reduced(&w);
		free(scratch);
		if (ok) {
			ok = cube_grouping_play(cur, g, &head, 0, NULL, turns, len, err);
			goto done;
		}
	}
	if (!cube_grouping_play(cur, g, &l7, (size_t)(s7.moves[REDUCE_CENTRES] + s7.moves[REDUCE_EDGES]),
	    len_edges, turns, len, err))
		goto done;
	*finish_seconds += s7.seconds[REDUCE_FINISH];
	ok = true;
done:
	movelist_clear(&l7);
	return ok;
}

/* Step B: the 7x7x7's stages I, W, E and T on the 7x7x7 ring7 reads,
 * played on cur; *len_i the length of turns after stage I. */
static bool
ring_stages(struct cube *cur, const struct cube_grouping *ring7, const struct cube_reduce_options *opt,
    uint16_t *turns, int *len, int *len_i, struct tw_error *err)
{
	const struct r7_model *md = r7_model();
	struct r7_options ro = {0};
	struct r7_path *path = calloc(1, sizeof *path);
	struct cube c7;
	uint8_t col[R7_FACELETS];
	int left_e = 0, left_t = 0, macros_e, macros_t, after_e, after_i, i;
	bool ok = false;

	if (path == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	if (opt != NULL)
		ro.cancel = opt->cancel;
	cube_grouping_read(cur, ring7, &c7);
	r7_colours(&c7, col);
	/* The stages name colours by the fixed centres (a rotation of the
	 * colours: the moves are the same). */
	r7_centres_home(col);
	if (!r7_stage_i(col, &ro, path, NULL, NULL, err))
		goto done;
	after_i = path->len;
	if (!r7_stage_w(col, &ro, path, err))
		goto done;
	if (!r7_stage_te(col, &ro, path, &left_e, &left_t, &macros_e, &macros_t, &after_e, err)) {
		if (left_e > 0 || left_t > 0)
			tw_error_prefix(err, "no end within the search's work");
		goto done;
	}
	for (i = 0; i < path->len; i++) {
		int m = path->m[i];

		cube_grouping_turn(cur, ring7, md->face[m], md->first[m], md->last[m], md->turns[m], turns, len);
		if (i + 1 == after_i)
			*len_i = *len;
	}
	if (after_i == 0)
		*len_i = 0;
	ok = true;
done:
	free(path);
	return ok;
}

/* The solve by plan pl (reduce9.h's cube9_reduce_solve). */
static bool
odd_solve(const struct odd_plan *pl, const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct cube cur = *c;
	uint16_t *turns;
	int len = 0, len_centres = 0, len_edges = 0, n = pl->n;
	size_t first = out->len;
	double t0 = tw_monotonic_seconds(), t_centres, finish = 0;
	bool ok = false;

	if (c->n != n) {
		tw_error_set(err, "the %dx%dx%d staged reduction takes %s %dx%dx%d, not %dx%dx%d", n, n, n,
		    n == 8 || n == 11 ? "an" : "a", n, n, n, c->n, c->n, c->n);
		return false;
	}
	turns = malloc(sizeof *turns * R9_TURNS(n));
	if (turns == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	cube_reduce_report(opt, "centres", 0);
	if (!solve_grouped(&cur, &pl->inner, pl->inner_solve, false, opt, 0, PROGRESS_A, turns, &len, NULL,
	    &finish, err)) {
		tw_error_prefix(err, "the inner %dx%dx%d", pl->inner.k, pl->inner.k, pl->inner.k);
		goto done;
	}
	cube_reduce_report(opt, "centres", PROGRESS_A);
	if (!ring_stages(&cur, &pl->ring, opt, turns, &len, &len_centres, err)) {
		tw_error_prefix(err, "the outer ring");
		goto done;
	}
	len_centres = len_centres > 0 ? len_centres : len;
	t_centres = tw_monotonic_seconds();
	if (cube_reduce_cancelled(opt, err))
		goto done;
	cube_reduce_report(opt, "edges", PROGRESS_B);
	if (!solve_grouped(&cur, &pl->odd, pl->odd_solve, true, opt, PROGRESS_B, 1000, turns, &len, &len_edges,
	    &finish, err))
		goto done;
	if (!cube_staged_answer(c, turns, len, len_centres, len_edges, out, stats, err))
		goto done;
	if (stats != NULL) {
		stats->seconds[REDUCE_CENTRES] = t_centres - t0;
		stats->seconds[REDUCE_FINISH] = finish;
		stats->seconds[REDUCE_EDGES] = tw_monotonic_seconds() - t_centres - finish;
	}
	cube_reduce_report(opt, "3x3x3", 1000);
	ok = true;
done:
	if (!ok) {
		(void)cube_reduce_cancelled(opt, err);
		movelist_truncate(out, first);
	}
	free(turns);
	return ok;
}

bool
cube9_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return odd_solve(&plan9, c, opt, out, stats, err);
}

bool
cube11_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return odd_solve(&plan11, c, opt, out, stats, err);
}
