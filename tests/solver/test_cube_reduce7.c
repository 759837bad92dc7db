/* The 7x7x7 staged reduction stage by stage (src/puzzles/cube/reduce7):
 * random cubes through stages I, W, E and T, each stage's goal checked
 * on the colours (r7_stage_done) after its share of the path, the path
 * replayed from the scramble to the stages' colours, the grouped 5x5x5
 * solvable, the finish's answer solving the cube as given and its shares
 * adding up; the same path twice; a solved cube needing nothing;
 * cancelling and a too small work budget refused with their errors.
 * The default tier runs two cubes (one under the sanitizers, which leave
 * out the same path twice), the slow suite twenty (tests/common/tier.h). */
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
#include "core/movelist.h"
#include "core/rng.h"
#include "puzzles/cube/puzzle.h"
#include "puzzles/cube/reduce7/reduce7.h"

/* Stage I, W, E and T on c: path and the colours after them. */
struct run {
	struct r7_path path;
	uint8_t col[R7_FACELETS];
	int after_i, after_w, after_e;
};

static void
run_stages(const struct cube *c, struct run *r, int index)
{
	struct r7_options opt = {NULL, 0};
	struct tw_error err = {{0}};
	uint8_t w[R7_FACELETS];
	int le, lt, me, mt, i;

	memset(r, 0, sizeof *r);
	r7_colours(c, r->col);
	r7_centres_home(r->col);
	memcpy(w, r->col, sizeof w);
	if (!r7_stage_i(r->col, &opt, &r->path, NULL, NULL, &err))
		fail_msg("cube %d: stage I: %s", index, err.msg);
	r->after_i = r->path.len;
	assert_true(r7_stage_done(r->col, 'I'));
	if (!r7_stage_w(r->col, &opt, &r->path, &err))
		fail_msg("cube %d: stage W: %s", index, err.msg);
	r->after_w = r->path.len;
	assert_true(r7_stage_done(r->col, 'I'));
	if (!r7_stage_te(r->col, &opt, &r->path, &le, &lt, &me, &mt, &r->after_e, &err))
		fail_msg("cube %d: stages E and T: %s", index, err.msg);
	assert_int_equal(le, 0);
	assert_int_equal(lt, 0);
	assert_true(r->after_w <= r->after_e && r->after_e <= r->path.len);
	assert_true(r7_stage_done(r->col, 'C'));
	/* The path replayed from the scramble gives the stages' colours, and
	 * each stage's prefix its goal. */
	for (i = 0; i < r->path.len; i++) {
		r7_apply(w, r->path.m[i]);
		if (i + 1 == r->after_i || i + 1 == r->after_w)
			assert_true(r7_stage_done(w, 'I'));
	}
	assert_memory_equal(w, r->col, sizeof w);
}

static void
stages_reach_their_goals(void **unused)
{
	int cubes = tier_pick(20, 2, 1), k;

	(void)unused;
	for (k = 0; k < cubes; k++) {
		struct cube c, c5;
		struct run r;
		struct movelist out = MOVELIST_EMPTY;
		struct r7_finish_info info;
		struct tw_error err = {{0}};
		size_t p;
		long obtm = 0;

		game_scramble(R7_N, 7700 + (uint64_t)k, &c);
		run_stages(&c, &r, k);
		if (!r7_grouped(r.col, &c5, &err))
			fail_msg("cube %d: %s", k, err.msg);
		if (!r7_finish(&c, &r.path, r.after_i, NULL, &out, &info, &err))
			fail_msg("cube %d: finish: %s", k, err.msg);
		/* r7_finish replayed the answer; the shares add up. */
		assert_int_equal(info.tokens, (long)out.len);
		assert_true(0 < info.tokens_centres && info.tokens_centres <= info.tokens_edges);
		assert_true(info.tokens_edges <= info.tokens);
		assert_true(info.obtm_stages > 0 && info.obtm_grouped > 0);
		for (p = 0; p < out.len; p++) {
			struct cube_move mv;

			assert_true(cube_move_parse(R7_N, out.moves[p], &mv, NULL));
			obtm += cube_move_metric_cost(R7_N, &mv, CUBE_OBTM);
		}
		assert_int_equal(obtm, info.obtm_stages + info.obtm_grouped);
		printf("# cube %d: %ld OBTM (stages %ld, the grouped 5x5x5 %ld)\n", k,
		    info.obtm_stages + info.obtm_grouped, info.obtm_stages, info.obtm_grouped);
		movelist_clear(&out);
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
	struct cube c;
	struct run r;
	struct movelist out = MOVELIST_EMPTY;
	struct r7_finish_info info;
	struct tw_error err = {{0}};

	(void)unused;
	cube_solved(&c, R7_N);
	r7_colours(&c, r.col);
	assert_int_equal(r7_stage5_bound(r.col), 0);   /* stage 5's goal holds */
	run_stages(&c, &r, 0);
	assert_int_equal(r.path.len, 0);
	if (!r7_finish(&c, &r.path, 0, NULL, &out, &info, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(out.len, 0);
	movelist_clear(&out);
}

/* A cancel flag set before the search, and a work budget no stage can
 * keep, are reported as such; nothing is appended past the stage. */
static void
cancel_and_out_of_work(void **unused)
{
	atomic_bool stop;
	struct r7_options opt = {&stop, 0};
	struct r7_path path = {0};
	struct tw_error err = {{0}};
	uint8_t col[R7_FACELETS];
	struct cube c;

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
}

/* The whole solver refuses another size and a cube that is not one. */
static void
wrong_sizes_refused(void **unused)
{
	struct cube c;
	struct movelist out = MOVELIST_EMPTY;
	struct tw_error err = {{0}};

	(void)unused;
	cube_solved(&c, 6);
	assert_false(cube7_reduce_solve(&c, NULL, &out, NULL, &err));
	assert_non_null(strstr(err.msg, "takes a 7x7x7"));
	assert_int_equal(out.len, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		/* First, so that the stages run before anything else has built
		 * the model (r7_apply once read it unbuilt). */
		cmocka_unit_test(stages_reach_their_goals),
		cmocka_unit_test(wrong_sizes_refused),
		cmocka_unit_test(cancel_and_out_of_work),
		cmocka_unit_test(solved_cube_needs_nothing),
		cmocka_unit_test(same_path_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
