/* The staged reductions of the 9x9x9 to 11x11x11 (src/solvers/cube/big/
 * odd, and even's 10x10x10): whole solves of random cubes through
 * cube9_reduce_solve, cube10_reduce_solve and cube11_reduce_solve,
 * replayed on the facelet engine, their shares adding up and their
 * lengths under a bound (the slow suite: three 9x9x9s, two of each
 * larger, the first of each size again on two threads, the same answer;
 * the default tier solves a 9x9x9 in test_cube_reduce, and starts and
 * cancels a 10x10x10 and an 11x11x11 there, whose whole solves, 6 and
 * 10 s, are the slow suite's); each
 * solver refusing the other sizes. The solvers check each step's goal
 * themselves (every centre a pass reads home, the 10x10x10 grouped as
 * the 9x9x9) and fail with "internal error" when one does not hold. */
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
#include "solvers/cube/big/even/even.h"
#include "solvers/cube/big/odd/odd.h"
#include "ui/storage.h"

typedef bool (*solver)(const struct cube *, const struct cube_reduce_options *, struct movelist *,
    struct cube_reduce_stats *, struct tw_error *);

static solver
solver_for(int n)
{
	return n == 9 ? cube9_reduce_solve : n == 10 ? cube10_reduce_solve : cube11_reduce_solve;
}

static void
random_cubes_are_solved(void **unused)
{
	/* The staged reductions' means (BENCHMARKS.md) are 392.5, 540.5 and
	 * 676.0 OBTM, the largest of 6 to 10 cubes at most 1.1 times the
	 * mean. */
	static const long below[12] = {[9] = 570, [10] = 760, [11] = 1000};
	int n;

	(void)unused;
	if (test_tier() != TIER_SLOW)
		skip();
	for (n = 9; n <= 11; n++) {
		int k;

		for (k = 0; k < (n == 9 ? 3 : 2); k++) {
			struct cube c, w;
			struct movelist out = MOVELIST_EMPTY;
			struct cube_reduce_stats st;
			struct tw_error err = {0};
			long obtm = 0;
			size_t i;

			game_scramble(n, 9900 + (uint64_t)(10 * n + k), &c);
			if (!solver_for(n)(&c, NULL, &out, &st, &err))
				fail_msg("%dx%dx%d cube %d: %s", n, n, n, k, err.msg);
			w = c;
			for (i = 0; i < out.len; i++) {
				struct cube_move mv;

				assert_true(cube_move_parse(n, out.moves[i], &mv, NULL));
				cube_move_do(&w, &mv);
				obtm += cube_move_metric_cost(n, &mv, CUBE_OBTM);
			}
			assert_true(cube_is_solved(&w));
			assert_int_equal(st.moves[REDUCE_CENTRES] + st.moves[REDUCE_EDGES] + st.moves[REDUCE_PARITY] +
			    st.moves[REDUCE_FINISH], (long)out.len);
			printf("# %dx%dx%d cube %d: %ld OBTM\n", n, n, n, k, obtm);
			assert_true(obtm < below[n]);
			if (k == 0) {
				/* Again, the passes' stage-5 views side by side (two
				 * threads): the same answer. */
				struct cube_reduce_options two = {.threads = 2};
				struct movelist again = MOVELIST_EMPTY;

				if (!solver_for(n)(&c, &two, &again, NULL, &err))
					fail_msg("%dx%dx%d cube %d, two threads: %s", n, n, n, k, err.msg);
				assert_int_equal(again.len, out.len);
				for (i = 0; i < out.len; i++)
					assert_string_equal(again.moves[i], out.moves[i]);
				movelist_clear(&again);
			}
			movelist_clear(&out);
		}
	}
}

static void
other_sizes_are_refused(void **unused)
{
	int n;

	(void)unused;
	for (n = 9; n <= 11; n++) {
		struct cube c;
		struct movelist out = MOVELIST_EMPTY;
		struct tw_error err = {0};
		char want[32];

		cube_solved(&c, n == 11 ? 9 : n + 1);
		assert_false(solver_for(n)(&c, NULL, &out, NULL, &err));
		snprintf(want, sizeof want, "takes %s %dx%dx%d", n == 11 ? "an" : "a", n, n, n);
		assert_non_null(strstr(err.msg, want));
		assert_int_equal(out.len, 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_cubes_are_solved),
		cmocka_unit_test(other_sizes_are_refused),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
