/* The 8x8x8 staged reduction (src/solvers/cube/big/even): stage 5's
 * oblique pairs brought home (even_pairs_home) from positions scrambled by
 * the turns that keep stage 5's end, each answer checked on the colours
 * and, for short scrambles, its OBTM against an independent search over
 * the colours; a pair off its axis refused; whole solves of random
 * cubes replayed on the facelet engine, their shares adding up (one cube
 * in the plain default tier, eight in the slow suite, none under the
 * sanitizers: a solve takes about 80 s there, past what the tier can
 * hold; by hand, TWIRL_TEST_TIER=default on the sanitized build runs
 * it), the same answer twice, the second time with the two variants
 * side by side on two threads. The solver checks each step's goal
 * itself (pass 1's pairs home after pass 2, every centre home after
 * the 7x7x7's centre pass) and fails with "internal error" when one
 * does not hold. */
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
#include "solvers/cube/big/n6/model.h"
#include "solvers/cube/big/even/even.h"
#include "ui/storage.h"

/* The turns that keep stage 5's end: face turns and half turns of
 * layers 1-2 and of layer 2 (even/pairs.c). */
static int keep_moves[30], n_keep;

static void
init_keep_moves(void)
{
	int f;

	n_keep = 0;
	for (f = 0; f < 6; f++) {
		keep_moves[n_keep++] = r6_move(f, 1, 1, 1);
		keep_moves[n_keep++] = r6_move(f, 1, 1, 2);
		keep_moves[n_keep++] = r6_move(f, 1, 1, 3);
		keep_moves[n_keep++] = r6_move(f, 1, 2, 2);
		keep_moves[n_keep++] = r6_move(f, 2, 2, 2);
	}
}

/* The least OBTM of keep_moves that bring col's pairs home, if it is at
 * most limit; limit + 1 otherwise (iterative deepening on the colours,
 * nothing shared with pairs.c but the model). */
static int
search_home(uint8_t *col, int budget)
{
	const struct r6_model *md = r6_model();
	int k;

	if (even_pairs_are_home(col))
		return 1;
	for (k = 0; k < n_keep; k++) {
		int m = keep_moves[k], c = md->obtm[m];
		uint8_t save[R6_FACELETS];
		int found;

		if (c > budget)
			continue;
		memcpy(save, col, sizeof save);
		r6_apply(col, m);
		found = search_home(col, budget - c);
		memcpy(col, save, sizeof save);
		if (found)
			return 1;
	}
	return 0;
}

static int
least_home(const uint8_t *col, int limit)
{
	uint8_t w[R6_FACELETS];
	int d;

	for (d = 0; d <= limit; d++) {
		memcpy(w, col, sizeof w);
		if (search_home(w, d))
			return d;
	}
	return limit + 1;
}

static void
pairs_come_home_by_the_fewest_turns(void **unused)
{
	const struct r6_model *md = r6_model();
	struct tw_rng rng;
	int rounds = tier_pick(400, 36, 12), k;

	(void)unused;
	init_keep_moves();
	tw_rng_seed(&rng, 808);
	for (k = 0; k < rounds; k++) {
		struct cube solved;
		struct staged_path path = {0};
		struct tw_error err = {0};
		uint8_t col[R6_FACELETS], start[R6_FACELETS];
		int turns = 1 + k % 12, cost = 0, i;

		cube_solved(&solved, 6);
		r6_colours(&solved, col);
		for (i = 0; i < turns; i++) {
			int m = keep_moves[tw_rng_below(&rng, (uint64_t)n_keep)];

			r6_apply(col, m);
			cost += md->obtm[m];
		}
		memcpy(start, col, sizeof start);
		if (!even_pairs_home(col, &path, &err))
			fail_msg("round %d: %s", k, err.msg);
		assert_true(even_pairs_are_home(col));
		assert_true(r6_stage_done(col, 5));
		/* The path replayed on the start gives the end. */
		for (i = 0; i < path.len; i++)
			r6_apply(start, path.m[i]);
		assert_memory_equal(start, col, sizeof col);
		{
			int obtm = 0, least;

			for (i = 0; i < path.len; i++)
				obtm += md->obtm[path.m[i]];
			assert_true(obtm <= cost);
			if (turns <= 2) {
				/* Undo the pairs' path to compare from the start. */
				uint8_t w[R6_FACELETS];

				memcpy(w, col, sizeof w);
				for (i = path.len - 1; i >= 0; i--)
					r6_apply(w, r6_move_inverse(path.m[i]));
				least = least_home(w, obtm);
				if (least != obtm)
					fail_msg("round %d: %d OBTM, but %d bring the pairs home", k, obtm, least);
			}
		}
	}
}

static void
pair_off_its_axis_is_refused(void **unused)
{
	const struct r6_model *md = r6_model();
	struct cube solved;
	struct staged_path path = {0};
	struct tw_error err = {0};
	uint8_t col[R6_FACELETS];
	int d;

	(void)unused;
	cube_solved(&solved, 6);
	r6_colours(&solved, col);
	for (d = 0; d < R6_FACELETS; d++)
		if (r6_face(d) == 0 && md->kind[d] == R6_OBLIQUE_A)
			break;
	/* U's first pair made an R pair, an F-side pair a U pair: each
	 * orbit still has four of each colour, but two pairs are off their
	 * axes. */
	col[d] = 1;
	col[md->partner[d]] = 1;
	for (int e = 0; e < R6_FACELETS; e++)
		if (r6_face(e) == 1 && md->kind[e] == R6_OBLIQUE_A) {
			col[e] = 0;
			col[md->partner[e]] = 0;
			break;
		}
	assert_false(even_pairs_home(col, &path, &err));
	assert_non_null(strstr(err.msg, "off its axis"));
	assert_int_equal(path.len, 0);
}

static long
solve_and_check(const struct cube *c, int index, int threads, struct movelist *out)
{
	struct cube_reduce_options opt = {.threads = threads};
	struct cube_reduce_stats st;
	struct tw_error err = {0};
	struct cube w = *c;
	long obtm = 0;
	size_t i;

	if (!cube8_reduce_solve(c, &opt, out, &st, &err))
		fail_msg("cube %d: %s", index, err.msg);
	for (i = 0; i < out->len; i++) {
		struct cube_move mv;

		assert_true(cube_move_parse(8, out->moves[i], &mv, NULL));
		cube_move_do(&w, &mv);
		obtm += cube_move_metric_cost(8, &mv, CUBE_OBTM);
	}
	assert_true(cube_is_solved(&w));
	assert_true(st.moves[REDUCE_CENTRES] > 0 && st.moves[REDUCE_EDGES] > 0 && st.moves[REDUCE_FINISH] > 0);
	assert_int_equal(st.moves[REDUCE_CENTRES] + st.moves[REDUCE_EDGES] + st.moves[REDUCE_PARITY] +
	    st.moves[REDUCE_FINISH], (long)out->len);
	printf("# cube %d: %ld OBTM, %zu turns\n", index, obtm, out->len);
	return obtm;
}

static void
random_cubes_are_solved(void **unused)
{
	/* The default tier's 8x8x8 is test_lengths.c's (solved, replayed
	 * and its length checked): this sweep is the slow suite's. */
	int cubes = tier_pick(8, 0, 0), k;

	(void)unused;
	if (cubes == 0)
		skip();
	for (k = 0; k < cubes; k++) {
		struct cube c;
		struct movelist out = MOVELIST_EMPTY;
		long obtm;

		game_scramble(8, 8800 + (uint64_t)k, &c);
		obtm = solve_and_check(&c, k, 1, &out);
		/* The staged reduction takes 280-300 OBTM (297 the most of 20,
		 * BENCHMARKS.md). */
		assert_true(obtm < 320);
		if (k == 0 && test_tier() == TIER_SLOW) {
			struct movelist again = MOVELIST_EMPTY;
			size_t i;

			/* Again, its two variants side by side: the same answer. */
			(void)solve_and_check(&c, k, 2, &again);
			assert_int_equal(again.len, out.len);
			for (i = 0; i < out.len; i++)
				assert_string_equal(again.moves[i], out.moves[i]);
			movelist_clear(&again);
		}
		movelist_clear(&out);
	}
}

static void
other_sizes_are_refused(void **unused)
{
	struct cube c;
	struct movelist out = MOVELIST_EMPTY;
	struct tw_error err = {0};

	(void)unused;
	cube_solved(&c, 7);
	assert_false(cube8_reduce_solve(&c, NULL, &out, NULL, &err));
	assert_non_null(strstr(err.msg, "takes an 8x8x8"));
	assert_int_equal(out.len, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pairs_come_home_by_the_fewest_turns),
		cmocka_unit_test(pair_off_its_axis_is_refused),
		cmocka_unit_test(random_cubes_are_solved),
		cmocka_unit_test(other_sizes_are_refused),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
