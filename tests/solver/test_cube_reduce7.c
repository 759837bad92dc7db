/* The 7x7x7 staged reduction stage by stage (src/solvers/cube/big/n7):
 * random cubes through stage I (its goal, every T triple one colour
 * too, checked on the colours after it, the path replayed from the
 * scramble to the stage's colours), stage 5 after the staging in each
 * view and under a cap, the centre pass (every centre
 * home), the edge orbits (orbit 2 reduced, then solved) and the whole
 * answer replayed; stage C's and stages 1b and 3b's answers against
 * independent iterative-deepening searches (the fewest OBTM); the same
 * path twice; a solved cube needing nothing; cancelling, a too small
 * work budget and wrong input refused with their errors. The default
 * tier runs two cubes (one under the sanitizers, which leave out the
 * same path twice), the slow suite twenty (tests/common/tier.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "scramble.h"
#include "tier.h"
#include "engine/movelist.h"
#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/n7/n7.h"
#include "ui/storage.h"

#define MAX_TURNS 20000

/* Stage I on c's colours (fixed centres home, edges as they
 * are): the path and the colours after them. */
struct run {
	struct r7_path path;
	uint8_t col[R7_FACELETS];
	int after_i;
};

static void
run_stages(const struct cube *c, struct run *r, int index)
{
	struct r7_options opt = {.cancel = NULL};
	struct tw_error err = {0};
	uint8_t w[R7_FACELETS];
	int i;

	memset(r, 0, sizeof *r);
	r7_colours(c, r->col);
	r7_centres_home(r->col);
	memcpy(w, r->col, sizeof w);
	if (!r7_stage_i(r->col, &opt, &r->path, NULL, NULL, &err))
		fail_msg("cube %d: stage I: %s", index, err.msg);
	r->after_i = r->path.len;
	assert_true(r7_stage_done(r->col, 'I'));
	assert_true(r7_stage_done(r->col, '2'));
	/* The path replayed from the scramble gives the stages' colours, and
	 * stage I's prefix its goal. */
	for (i = 0; i < r->path.len; i++) {
		r7_apply(w, r->path.m[i]);
		if (i + 1 == r->after_i)
			assert_true(r7_stage_done(w, 'I'));
	}
	assert_memory_equal(w, r->col, sizeof w);
}

static bool
centres_home(const struct cube *c)
{
	int n = c->n, f, i, j;

	for (f = 0; f < 6; f++)
		for (i = 1; i < n - 1; i++)
			for (j = 1; j < n - 1; j++)
				if (c->f[f * n * n + i * n + j] != c->f[f * n * n + n / 2 * n + n / 2])
					return false;
	return true;
}

/* Whether every edge's places lo..hi show one colour. */
static bool
wings_paired(const struct cube *c, int lo, int hi)
{
	int n = c->n, f, i;

	for (f = 0; f < 6; f++) {
		const char *face = c->f + f * n * n;

		for (i = lo; i <= hi; i++)
			if (face[i] != face[lo] || face[(n - 1) * n + i] != face[(n - 1) * n + lo] ||
			    face[i * n] != face[lo * n] || face[i * n + n - 1] != face[lo * n + n - 1])
				return false;
	}
	return true;
}

/* Stage 5 after the staging alone, as the centre passes run it: in
 * each of the three views its goal, its path replayed and its OBTM
 * counted; capped below its bound it searches nothing and leaves the
 * colours and path as they were; capped high, its first search alone:
 * the same end as uncapped when that search found it (the same work). */
static void
stage_5_in_views_and_capped(void **unused)
{
	struct r7_options opt = {.cancel = NULL};
	struct tw_error err = {0};
	struct cube c;
	struct r7_path path = {0};
	uint8_t staged[R7_FACELETS], col[R7_FACELETS], w[R7_FACELETS], first_col[R7_FACELETS];
	int view = -1, v, i, obtm, first = -1;
	long nodes, first_nodes = 0;

	(void)unused;
	game_scramble(R7_N, 7750, &c);
	r7_colours(&c, staged);
	r7_centres_home(staged);
	if (!r7_stage_staging(staged, &opt, &path, NULL, &view, &err))
		fail_msg("staging: %s", err.msg);
	assert_true(view >= 0 && view < 3);
	assert_true(r7_stage5_bound(staged) > 0);
	for (v = 0; v < 3; v++) {
		memcpy(col, staged, sizeof col);
		memcpy(w, staged, sizeof w);
		path.len = 0;
		if (!r7_stage_5(col, &opt, (view + v) % 3, -1, &path, &obtm, &nodes, NULL, &err))
			fail_msg("view %d: %s", v, err.msg);
		assert_true(obtm > 0);
		assert_int_equal(obtm, r7_path_obtm(&path, 0));
		assert_true(r7_stage_done(col, 'I'));
		assert_true(r7_stage_done(col, '2'));
		for (i = 0; i < path.len; i++)
			r7_apply(w, path.m[i]);
		assert_memory_equal(w, col, sizeof w);
		if (v == 0) {
			first = obtm;
			first_nodes = nodes;
			memcpy(first_col, col, sizeof col);
		}
	}
	memcpy(col, staged, sizeof col);
	path.len = 0;
	assert_true(r7_stage_5(col, &opt, view, r7_stage5_bound(staged) - 1, &path, &obtm, &nodes, NULL, &err));
	assert_int_equal(obtm, -1);
	assert_int_equal(path.len, 0);
	assert_memory_equal(col, staged, sizeof col);
	assert_true(r7_stage_5(col, &opt, view, 39, &path, &obtm, &nodes, NULL, &err));
	if (obtm >= 0) {
		assert_true(r7_stage_done(col, '2'));
		assert_true(obtm <= 39);
	}
	if (nodes == first_nodes) {
		assert_int_equal(obtm, first);
		assert_memory_equal(col, first_col, sizeof col);
	}
}

/* A centre pass's stage 5 in three views: run side by side (two
 * threads: the later views search for ends of any length, and the pass
 * keeps those whose pass's bound its limit allows) the pass gives the
 * same turns and cube as one after the other (one thread, each later
 * view searched under its limit). Below that, for each later view of
 * the first cube: the end a search for any length finds is the end the
 * search under the limit finds when its bound is within the limit, and
 * that search finds none otherwise. */
static void
views_side_by_side_give_the_same_pass(void **unused)
{
	static const struct cube_grouping whole = {7, 7, {0, 1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5, 6},
	    {0, 1, 2, 3, 4, 5, 6}};
	struct r7_options one = {.threads = 1}, two = {.threads = 2};
	uint16_t *staging = malloc(sizeof *staging * MAX_TURNS), *t1 = malloc(sizeof *t1 * MAX_TURNS);
	uint16_t *t2 = malloc(sizeof *t2 * MAX_TURNS);
	int cubes = tier_pick(4, 1, 1), k;

	(void)unused;
	assert_true(staging != NULL && t1 != NULL && t2 != NULL);
	for (k = 0; k < cubes; k++) {
		struct tw_error err = {0};
		struct cube c, a, b;
		int view = -1, len = 0, len1 = 0, len2 = 0;

		if (test_tier() == TIER_SANITIZED) {
			/* Under the sanitizers, a cube a few turns from solved
			 * that keep every centre on its axis: the same code on
			 * short searches. */
			static const char *const turns[] = {"Uw2", "R", "3Fw2", "D'", "Rw2", "F2", "3Uw2", "L", "Bw2"};
			size_t i;

			cube_solved(&c, R7_N);
			for (i = 0; i < sizeof turns / sizeof turns[0]; i++) {
				struct cube_move mv;

				assert_true(cube_move_parse(R7_N, turns[i], &mv, NULL));
				cube_move_do(&c, &mv);
			}
		} else {
			game_scramble(R7_N, 7760 + (uint64_t)k, &c);
		}
		if (!centre_pass_stage(&c, &whole, &one, staging, &len, &view, &err))
			fail_msg("cube %d: staging: %s", k, err.msg);
		a = c;
		b = c;
		if (!centre_pass_solve(&a, &whole, &one, view, 3, NULL, 0, 1000, t1, &len1, &err))
			fail_msg("cube %d, one thread: %s", k, err.msg);
		if (!centre_pass_solve(&b, &whole, &two, view, 3, NULL, 0, 1000, t2, &len2, &err))
			fail_msg("cube %d, two threads: %s", k, err.msg);
		assert_true(centres_home(&a));
		assert_int_equal(len1, len2);
		assert_memory_equal(t1, t2, sizeof *t1 * (size_t)len1);
		assert_memory_equal(a.f, b.f, (size_t)(6 * R7_N * R7_N));
		/* The searches below are the slow suite's and the plain
		 * tier's, not the sanitizers'. */
		if (k == 0 && test_tier() != TIER_SANITIZED) {
			struct r7_options later = {.max_nodes = 10000000L};
			struct r7_path path = {0};
			uint8_t staged[R7_FACELETS], col[R7_FACELETS], any[R7_FACELETS];
			int v, obtm, first, obtm_any, bound;

			r7_colours(&c, staged);
			r7_centres_home(staged);
			memcpy(col, staged, sizeof col);
			assert_true(r7_stage_5(col, &one, view, -1, &path, &first, NULL, NULL, &err));
			for (v = 1; v < 3; v++) {
				memcpy(any, staged, sizeof any);
				path.len = 0;
				bound = -1;
				assert_true(r7_stage_5(any, &later, (view + v) % 3, 99, &path, &obtm_any, NULL, &bound, &err));
				memcpy(col, staged, sizeof col);
				path.len = 0;
				assert_true(r7_stage_5(col, &later, (view + v) % 3, first + 1, &path, &obtm, NULL, NULL, &err));
				printf("# view %d: an end of %d turns in the pass of bound %d; limit %d: %d\n", v, obtm_any, bound,
				    first + 1, obtm);
				if (obtm_any >= 0 && bound <= first + 1) {
					assert_int_equal(obtm, obtm_any);
					assert_memory_equal(col, any, sizeof col);
				} else {
					assert_int_equal(obtm, -1);
					assert_memory_equal(col, staged, sizeof col);
				}
			}
		}
	}
	free(staging);
	free(t1);
	free(t2);
}

static void
stages_reach_their_goals(void **unused)
{
	static const struct cube_grouping whole = {7, 7, {0, 1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5, 6},
	    {0, 1, 2, 3, 4, 5, 6}};
	int cubes = tier_pick(20, 2, 1), k;
	uint16_t *turns = malloc(sizeof *turns * MAX_TURNS);

	(void)unused;
	assert_non_null(turns);
	for (k = 0; k < cubes; k++) {
		struct cube c, cur;
		struct run r;
		struct movelist out = MOVELIST_EMPTY;
		struct cube_reduce_stats s5;
		struct tw_error err = {0};
		int len = 0, len_edges = 0;

		game_scramble(R7_N, 7700 + (uint64_t)k, &c);
		run_stages(&c, &r, k);
		cur = c;
		if (!centre_passes(&cur, &whole, 1, NULL, NULL, 0, 1000, turns, &len, &err))
			fail_msg("cube %d: centre pass: %s", k, err.msg);
		assert_true(centres_home(&cur));
		if (!edge_orbit(&cur, 2, false, NULL, turns, &len, &len_edges, &s5, &err))
			fail_msg("cube %d: orbit 2: %s", k, err.msg);
		assert_true(centres_home(&cur));
		assert_true(wings_paired(&cur, 2, 4));
		if (!edge_orbit(&cur, 1, true, NULL, turns, &len, &len_edges, &s5, &err))
			fail_msg("cube %d: orbit 1: %s", k, err.msg);
		assert_true(len_edges <= len);
		/* The turns written and replayed on the scramble solve it. */
		assert_true(cube_write_layer_turns(R7_N, turns, len, &out, &err) > 0);
		if (!cube_answer_solves(&c, &out, 0, &err))
			fail_msg("cube %d: %s", k, err.msg);
		printf("# cube %d: %ld OBTM (stages I and T %d)\n", k, cube_list_obtm(R7_N, &out, 0),
		    r7_path_obtm(&r.path, 0));
		movelist_clear(&out);
	}
	free(turns);
}

/* Stage C's turns: the 18 face turns, the half turns of the 6 two-layer
 * blocks and of the 6 second-layer slices. */
static struct cube_move c_moves[30];
static int c_cost[30];

static void
init_c_moves(void)
{
	int f, q, m = 0;

	for (f = 0; f < 6; f++) {
		for (q = 1; q <= 3; q++) {
			c_cost[m] = 1;
			c_moves[m++] = (struct cube_move){.face = (enum cube_face)f, .first = 1, .last = 1, .turns = q};
		}
		c_cost[m] = 1;
		c_moves[m++] = (struct cube_move){.face = (enum cube_face)f, .first = 1, .last = 2, .turns = 2};
		c_cost[m] = 2;
		c_moves[m++] = (struct cube_move){.face = (enum cube_face)f, .first = 2, .last = 2, .turns = 2};
	}
}

/* Whether some sequence of stage C's turns of at most budget OBTM
 * brings c's centres home (plain iterative deepening on the facelets). */
static bool
reachable(const struct cube *c, int budget)
{
	int m;

	if (centres_home(c))
		return true;
	for (m = 0; m < 30; m++)
		if (c_cost[m] <= budget) {
			struct cube d = *c;

			cube_move_do(&d, &c_moves[m]);
			if (reachable(&d, budget - c_cost[m]))
				return true;
		}
	return false;
}

static void
stage_c_is_shortest(void **unused)
{
	struct tw_rng rng;
	int rounds = tier_pick(40, 12, 4), k;

	(void)unused;
	init_c_moves();
	tw_rng_seed(&rng, 4242);
	for (k = 0; k < rounds; k++) {
		struct cube c, d;
		struct cube_move mv[R7_MAX_PATH];
		struct tw_error err = {0};
		int depth = 1 + k % 3, scramble = 0, n = 0, obtm = 0, i, best;

		cube_solved(&c, 5);
		for (i = 0; i < depth; i++) {
			int m = (int)tw_rng_below(&rng, 30);

			cube_move_do(&c, &c_moves[m]);
			scramble += c_cost[m];
		}
		if (!r7_stage_c(&c, NULL, mv, R7_MAX_PATH, &n, &err))
			fail_msg("round %d: %s", k, err.msg);
		d = c;
		for (i = 0; i < n; i++) {
			cube_move_do(&d, &mv[i]);
			obtm += mv[i].first == 1 ? 1 : 2;
		}
		assert_true(centres_home(&d));
		for (best = 0; !reachable(&c, best); best++)
			;
		assert_true(best <= scramble);
		if (obtm != best)
			fail_msg("round %d: stage C took %d OBTM, the search finds %d", k, obtm, best);
	}
}

/* Stages 1b and 3b: the test's own list of their turns (the turns of one
 * and two layers of stage 1, or of stage 3: R and L blocks of two, the
 * other faces' face turns and half turns of two layers) and the three
 * macros of two opposite 3-layer half turns, as 7x7x7 model moves, each
 * one or two long, and their OBTM. */
#define BAR_MOVES 40
static int bar_m[BAR_MOVES][2], bar_len[BAR_MOVES], bar_cost[BAR_MOVES], n_bar;

static void
init_bar_moves(int stage)
{
	int f, w, q;

	n_bar = 0;
	for (f = 0; f < 6; f++)
		for (w = 1; w <= 2; w++)
			for (q = 1; q <= 3; q++) {
				bool lr = f == 1 || f == 4;

				if (stage == 3 && (lr ? w != 2 : w == 2 && q != 2))
					continue;
				bar_m[n_bar][0] = r7_move(f, 1, w, q);
				bar_len[n_bar] = 1;
				bar_cost[n_bar++] = 1;
			}
	for (f = 0; f < 3; f++) {
		bar_m[n_bar][0] = r7_move(f, 1, 3, 2);
		bar_m[n_bar][1] = r7_move(f + 3, 1, 3, 2);
		bar_len[n_bar] = 2;
		bar_cost[n_bar++] = 2;
	}
}

/* Whether every outer T of the axis's kind (colour % 3 == axis) sits
 * between the halves of a pair of that kind, and every pair is of one
 * kind. */
static bool
bars_matched(const uint8_t *col, int axis)
{
	static const int bar[4][3][2] = {{{1, 2}, {1, 3}, {1, 4}}, {{2, 5}, {3, 5}, {4, 5}},
	    {{5, 4}, {5, 3}, {5, 2}}, {{4, 1}, {3, 1}, {2, 1}}};
	int f, k, j;

	for (f = 0; f < 6; f++)
		for (k = 0; k < 4; k++) {
			bool kind[3];

			for (j = 0; j < 3; j++)
				kind[j] = col[f * 49 + bar[k][j][0] * 7 + bar[k][j][1]] % 3 == axis;
			if (kind[0] != kind[1] || kind[1] != kind[2])
				return false;
		}
	return true;
}

static bool
bars_reachable(const uint8_t *col, int axis, int budget)
{
	int m, i;

	if (bars_matched(col, axis))
		return true;
	for (m = 0; m < n_bar; m++)
		if (bar_cost[m] <= budget) {
			uint8_t d[R7_FACELETS];

			memcpy(d, col, sizeof d);
			for (i = 0; i < bar_len[m]; i++)
				r7_apply(d, bar_m[m][i]);
			if (bars_reachable(d, axis, budget - bar_cost[m]))
				return true;
		}
	return false;
}

static void
stage_bars_is_shortest(void **unused)
{
	struct tw_rng rng;
	int rounds = tier_pick(24, 12, 6), k;

	(void)unused;
	tw_rng_seed(&rng, 1717);
	for (k = 0; k < rounds; k++) {
		int stage = k % 2 == 0 ? 1 : 3, axis = stage == 1 ? 1 : 0;
		int depth = 1 + k / 2 % 2, scramble = 0, obtm = 0, i, j, best;
		uint8_t col[R7_FACELETS], w[R7_FACELETS], start[R7_FACELETS];
		struct r7_path path = {0};
		struct tw_error err = {0};

		init_bar_moves(stage);
		for (i = 0; i < R7_FACELETS; i++)
			col[i] = (uint8_t)r7_face(i);
		/* Turns of one and two layers move bars whole: the bars stay
		 * matched, their kinds spread over the faces, so that a macro
		 * (the last turn of the scramble) splits some. */
		for (i = 0; i < 12; i++)
			r7_apply(col, r7_move((int)tw_rng_below(&rng, 6), 1, 1 + (int)tw_rng_below(&rng, 2),
			    1 + (int)tw_rng_below(&rng, 3)));
		for (i = 0; i < depth; i++) {
			int m = i + 1 == depth ? n_bar - 3 + (int)tw_rng_below(&rng, 3)
			                       : (int)tw_rng_below(&rng, (uint32_t)n_bar);

			for (j = 0; j < bar_len[m]; j++)
				r7_apply(col, bar_m[m][j]);
			scramble += bar_cost[m];
		}
		memcpy(start, col, sizeof start);
		memcpy(w, col, sizeof w);
		if (!r7_stage_bars(stage, col, NULL, &path, &err))
			fail_msg("round %d: stage %db: %s", k, stage, err.msg);
		for (i = 0; i < path.len; i++) {
			r7_apply(w, path.m[i]);
			obtm += r7_model()->obtm[path.m[i]];
		}
		assert_memory_equal(w, col, sizeof w);
		assert_true(bars_matched(col, axis));
		for (best = 0; !bars_reachable(start, axis, best); best++)
			;
		assert_true(best <= scramble);
		if (obtm != best)
			fail_msg("round %d: stage %db took %d OBTM, the search finds %d", k, stage, obtm, best);
	}
}

static void
same_path_twice(void **unused)
{
	struct cube c;
	struct run *a = malloc(sizeof *a), *b = malloc(sizeof *b);

	(void)unused;
	assert_non_null(a);
	assert_non_null(b);
	if (test_tier() == TIER_SANITIZED) {
		/* Two more stage runs, 15 s under the sanitizers: the plain
		 * tier's. */
		free(a);
		free(b);
		skip();
	}
	game_scramble(R7_N, 7800, &c);
	run_stages(&c, a, 0);
	run_stages(&c, b, 0);
	assert_int_equal(a->path.len, b->path.len);
	assert_memory_equal(a->path.m, b->path.m, sizeof a->path.m[0] * (size_t)a->path.len);
	free(a);
	free(b);
}

static void
solved_cube_needs_nothing(void **unused)
{
	static const struct cube_grouping whole = {7, 7, {0, 1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5, 6},
	    {0, 1, 2, 3, 4, 5, 6}};
	struct cube c, c5;
	struct run r;
	struct cube_move mv[8];
	struct tw_error err = {0};
	uint16_t turns[64];
	int len = 0, n = -1;

	(void)unused;
	cube_solved(&c, R7_N);
	r7_colours(&c, r.col);
	assert_int_equal(r7_stage5_bound(r.col), 0);   /* stage 5's goal holds */
	run_stages(&c, &r, 0);
	assert_int_equal(r.path.len, 0);
	if (!centre_passes(&c, &whole, 1, NULL, NULL, 0, 1000, turns, &len, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(len, 0);
	cube_solved(&c5, 5);
	assert_true(r7_stage_c(&c5, NULL, mv, 8, &n, &err));
	assert_int_equal(n, 0);
}

/* A cancel flag set before the search, and a work budget no stage can
 * keep, are reported as such; nothing is appended past the stage. */
static void
cancel_and_out_of_work(void **unused)
{
	atomic_bool stop;
	struct r7_options opt = {.cancel = &stop};
	struct r7_path path = {0};
	struct tw_error err = {0};
	uint8_t col[R7_FACELETS];
	struct cube c, c5;
	struct cube_move mv[R7_MAX_PATH];
	int n, i;

	(void)unused;
	game_scramble(R7_N, 7900, &c);
	r7_colours(&c, col);
	r7_centres_home(col);
	atomic_init(&stop, true);
	assert_false(r7_stage_i(col, &opt, &path, NULL, NULL, &err));
	assert_non_null(strstr(err.msg, "cancelled"));
	atomic_store(&stop, false);
	opt.max_nodes = 1000;
	r7_colours(&c, col);
	r7_centres_home(col);
	path.len = 0;
	assert_false(r7_stage_i(col, &opt, &path, NULL, NULL, &err));
	assert_non_null(strstr(err.msg, "within the search's work"));
	assert_int_equal(err.kind, TW_ERROR_OUT_OF_WORK);
	/* Stage C: scrambled by its own turns, too little work for it. */
	init_c_moves();
	cube_solved(&c5, 5);
	for (i = 0; i < 12; i++)
		cube_move_do(&c5, &c_moves[(i * 7 + 3) % 30]);
	opt.max_nodes = 10;
	assert_false(r7_stage_c(&c5, &opt, mv, R7_MAX_PATH, &n, &err));
	assert_non_null(strstr(err.msg, "within the search's work"));
	assert_int_equal(err.kind, TW_ERROR_OUT_OF_WORK);
	opt.max_nodes = 0;
	atomic_store(&stop, true);
	assert_false(r7_stage_c(&c5, &opt, mv, R7_MAX_PATH, &n, &err));
	assert_non_null(strstr(err.msg, "cancelled"));
}

/* A random cube (the game's scramble of a 7x7x7, one of 1,000) whose
 * stage 5 finds no end within its first two searches' work and whose
 * third, weighted 3/2, starts above the 40 turns a stage may take: the
 * weighted bound may pass that count while the turns stay below it.
 * About 13 s: the slow suite's (the default tier's ten minutes are
 * full). */
static void
deep_stage5_is_solved(void **unused)
{
	static const char facelets[] =
	    "BLFBFRLFBRBLRUBFRUDLDRDFULUURBDBLFFUUUDUFLRUFDBRRBDURBFDDDFUDLFDLDFLRFBLLRRFFLLRUFUBRFUUDLRDRRFRRDFBRLUUDURFFBBLLRRDLLLUFUFBBLBFULBBFUDDDBRDBBUDULRUDRRRUFFRULBLBLRUFFDFBRUDDLDLUUDBFBRUDBBBFLDLFDFLRLUFDBULFFDRBFDFBRDUUBRDLRBLBDLBFLLBDBRBFRFBUUFDLFDDRDBULURFRUUULUBFDBLLLBFUDLLBRRURFLDRRDLBDRUDBU";
	struct cube c, check;
	struct movelist out = MOVELIST_EMPTY;
	struct tw_error err = {0};
	size_t i;

	(void)unused;
	if (test_tier() != TIER_SLOW)
		skip();
	c.n = 7;
	memcpy(c.f, facelets, sizeof facelets);
	if (!cube7_reduce_solve(&c, NULL, &out, NULL, &err))
		fail_msg("%s", err.msg);
	check = c;
	for (i = 0; i < out.len; i++) {
		struct cube_move mv;

		assert_true(cube_move_parse(7, out.moves[i], &mv, NULL));
		cube_move_do(&check, &mv);
	}
	assert_true(cube_is_solved(&check));
	/* The staged reduction's length: 213 OBTM. */
	assert_true(cube_list_obtm(7, &out, 0) < 260);
	movelist_clear(&out);
}

/* The whole solver refuses another size; stage C a cube whose fixed
 * centres are not home, or another size. */
static void
wrong_input_refused(void **unused)
{
	struct cube c;
	struct movelist out = MOVELIST_EMPTY;
	struct cube_move mv[R7_MAX_PATH], y = {.face = FACE_U, .first = 1, .last = 5, .turns = 1};
	struct tw_error err = {0};
	int n;

	(void)unused;
	cube_solved(&c, 6);
	assert_false(cube7_reduce_solve(&c, NULL, &out, NULL, &err));
	assert_non_null(strstr(err.msg, "takes a 7x7x7"));
	assert_int_equal(out.len, 0);
	assert_false(r7_stage_c(&c, NULL, mv, R7_MAX_PATH, &n, &err));
	assert_non_null(strstr(err.msg, "takes a 5x5x5"));
	cube_solved(&c, 5);
	cube_move_do(&c, &y);
	assert_false(r7_stage_c(&c, NULL, mv, R7_MAX_PATH, &n, &err));
	assert_non_null(strstr(err.msg, "fixed centres are not home"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		/* First, so that the stages run before anything else has built
		 * the model (r7_apply must build it, not read it unbuilt). */
		cmocka_unit_test(stages_reach_their_goals),
		cmocka_unit_test(stage_5_in_views_and_capped),
		cmocka_unit_test(views_side_by_side_give_the_same_pass),
		cmocka_unit_test(stage_c_is_shortest),
		cmocka_unit_test(stage_bars_is_shortest),
		cmocka_unit_test(wrong_input_refused),
		cmocka_unit_test(cancel_and_out_of_work),
		cmocka_unit_test(solved_cube_needs_nothing),
		cmocka_unit_test(same_path_twice),
		cmocka_unit_test(deep_stage5_is_solved),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
