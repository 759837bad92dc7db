/* The optimal 2x2x2 solver: its tables reproduce the known distance
 * distribution (God's number 11 in face turns, 14 in quarter turns), and
 * every solution of a random position, replayed on the facelets, solves
 * the cube in exactly the table's distance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/rng.h"
#include "solvers/cube/cube2.h"
#include "ui/storage.h"

static void
distance_distribution_is_the_known_one(void **unused)
{
	/* Positions with one corner fixed, by optimal distance (the
	 * standard counts, e.g. in the literature on the Pocket Cube). */
	static const uint64_t htm[20] = {1, 9, 54, 321, 1847, 9992, 50136,
	    227536, 870072, 1887748, 623800, 2644};
	static const uint64_t qtm[20] = {1, 6, 27, 120, 534, 2256, 8969, 33058,
	    114149, 360508, 930588, 1350852, 782536, 90280, 276};
	uint64_t counts[20];
	struct timespec t0, t1;
	int d;

	(void)unused;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_true(cube2_distribution(CUBE2_HTM, counts));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# tables built in %.2f s\n", (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	for (d = 0; d < 20; d++) {
		if (counts[d] > 0)
			printf("# HTM distance %2d: %7llu positions\n", d,
			    (unsigned long long)counts[d]);
		assert_int_equal(counts[d], htm[d]);
	}
	assert_true(cube2_distribution(CUBE2_QTM, counts));
	for (d = 0; d < 20; d++)
		assert_int_equal(counts[d], qtm[d]);
}

static void
random_positions_are_solved_optimally(void **unused)
{
	static const char *const any[] = {"U", "R", "F", "D", "L", "B", "U2",
	    "R'", "F2", "D'", "L2", "B'", "x", "y", "z"};
	struct tw_rng rng;
	int count = tier_pick(1000, 300, 100), k, worst[2] = {0, 0};

	(void)unused;
	tw_rng_seed(&rng, 22);
	for (k = 0; k < count; k++) {
		struct cube c, replay;
		char alg[512] = "";
		int i, metric;

		for (i = 0; i < 40; i++) {
			strcat(alg, any[tw_rng_below(&rng, sizeof any / sizeof any[0])]);
			strcat(alg, " ");
		}
		cube_solved(&c, 2);
		assert_true(cube_apply_alg(&c, alg, NULL));
		for (metric = 0; metric < 2; metric++) {
			struct movelist moves = MOVELIST_EMPTY;
			struct tw_error err;

			if (!cube2_solve(&c, (enum cube2_metric)metric, &moves, &err))
				fail_msg("%s: %s", c.f, err.msg);
			replay = c;
			for (i = 0; i < (int)moves.len; i++)
				assert_true(cube_apply_alg(&replay, moves.moves[i], NULL));
			assert_true(cube_is_solved(&replay));
			assert_true((int)moves.len <= (metric == 0 ? 11 : 14));
			if ((int)moves.len > worst[metric])
				worst[metric] = (int)moves.len;
			movelist_clear(&moves);
		}
	}
	printf("# longest of %d: %d HTM, %d QTM\n", count, worst[0], worst[1]);
}

static void
impossible_cubes_are_refused(void **unused)
{
	struct cube c;
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err = {0};
	char t;

	(void)unused;
	cube_solved(&c, 2);
	/* Twist one corner in place: U(1,1) R(0,0) F(0,1) rotated. */
	t = c.f[3];
	c.f[3] = c.f[4];
	c.f[4] = c.f[9];
	c.f[9] = t;
	assert_false(cube2_solve(&c, CUBE2_HTM, &moves, &err));
	assert_non_null(strstr(err.msg, "twisted corner"));
	cube_solved(&c, 3);
	assert_false(cube2_solve(&c, CUBE2_HTM, &moves, &err));
	assert_non_null(strstr(err.msg, "3x3x3"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(distance_distribution_is_the_known_one),
		cmocka_unit_test(random_positions_are_solved_optimally),
		cmocka_unit_test(impossible_cubes_are_refused),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
