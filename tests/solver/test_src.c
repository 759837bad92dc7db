/* SRC against breadth-first search: for every board m x n with
 * 1 <= m, n <= S, every start, goal and label, an answer exists exactly
 * when BFS finds a path, its expansion is legal and ends solved, and it is
 * as short as BFS's (S = 8 in the slow suite, 6 in the default tier, 4
 * under the sanitizers). Then random instances on boards up to 60 x 60 and
 * a few up to 200 (where long sides are shortened and lengthened again). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/rollcube/rollcube.h"
#include "solvers/registry.h"
#include "solvers/rollcube/src.h"

/* One instance; returns false (after printing it) when SRC is wrong. */
static bool
check(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf, int64_t yf, int l)
{
	struct rollcube_params p = {m, n, RULE_TOP_AFTER, NULL};
	struct rollcube_state s = {xi, yi, die_standard, xf, yf, (uint8_t)l}, t;
	struct movelist bfs = MOVELIST_EMPTY, ex = MOVELIST_EMPTY;
	struct gps g;
	bool found, solvable, ok;
	char text[256];

	found = rollcube_bfs(&p, &s, 1 << 20, NULL, &bfs, NULL);
	assert_true(src_solve(m, n, xi, yi, xf, yf, l, &g, &solvable, NULL));
	ok = found == solvable;
	if (ok && solvable) {
		t = s;
		ok = gps_expand(&g, llabs(xf - xi), llabs(yf - yi), 1 << 20, false, NULL, &ex, NULL) &&
		    ex.len == bfs.len &&
		    puzzle_apply_list(&rollcube_puzzle, &p, &t, &ex, NULL) &&
		    rollcube_state_is_solved(&p, &t);
	}
	if (!ok) {
		gps_format(&g, text, sizeof text);
		printf("# wrong: %lldx%lld (%lld,%lld)->(%lld,%lld) label %d: BFS %s %zu moves, SRC %s %s\n",
		    (long long)m, (long long)n, (long long)xi, (long long)yi,
		    (long long)xf, (long long)yf, l, found ? "finds" : "finds no path",
		    bfs.len, solvable ? "gives" : "gives no path", text);
	}
	movelist_clear(&bfs);
	movelist_clear(&ex);
	return ok;
}

static void
every_instance_of_small_boards_matches_bfs(void **unused)
{
	int side = tier_pick(8, 6, 4);
	int m, n, xi, yi, xf, yf, l;
	long total = 0, wrong = 0, squares = 0;

	(void)unused;
	for (m = 1; m <= side; m++)
		squares += (long)m * m;
	for (m = 1; m <= side; m++)
	for (n = 1; n <= side; n++)
	for (xi = 1; xi <= n; xi++)
	for (yi = 1; yi <= m; yi++)
	for (xf = 1; xf <= n; xf++)
	for (yf = 1; yf <= m; yf++)
	for (l = 1; l <= 6; l++) {
		total++;
		wrong += !check(m, n, xi, yi, xf, yf, l);
	}
	printf("# boards up to %dx%d: %ld instances, %ld wrong\n", side, side,
	    total, wrong);
	/* Every (start, goal) pair of every board, six labels each: 249,696
	 * instances up to 8 x 8. */
	assert_int_equal(total, 6 * squares * squares);
	assert_int_equal(wrong, 0);
}

static void
random_instances_on_larger_boards_match_bfs(void **unused)
{
	struct tw_rng rng;
	int count = tier_pick(2000, 400, 100), k, wrong = 0;

	(void)unused;
	tw_rng_seed(&rng, 60);
	for (k = 0; k < count; k++) {
		int64_t side = k < count * 9 / 10 ? 60 : 200;
		int64_t m = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)side);
		int64_t n = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)side);

		/* A third of them thin, where the board's edges matter most. */
		if (k % 3 == 0)
			m = 1 + (int64_t)tw_rng_below(&rng, 3);
		wrong += !check(m, n, 1 + (int64_t)tw_rng_below(&rng, (uint64_t)n),
		    1 + (int64_t)tw_rng_below(&rng, (uint64_t)m),
		    1 + (int64_t)tw_rng_below(&rng, (uint64_t)n),
		    1 + (int64_t)tw_rng_below(&rng, (uint64_t)m),
		    1 + (int)tw_rng_below(&rng, 6));
	}
	assert_int_equal(wrong, 0);
}

static void
gps_strings_read_as_the_paper_writes_them(void **unused)
{
	struct gps g;
	bool solvable;
	char text[256];

	(void)unused;
	/* Label 1, large displacement: Table 3's first template. */
	assert_true(src_solve(100, 100, 1, 1, 50, 60, 1, &g, &solvable, NULL));
	assert_true(solvable);
	gps_format(&g, text, sizeof text);
	assert_string_equal(text, "N(E){dx-2}NE(N){dy-2}E");
	assert_int_equal(gps_length(&g, 49, 59), 49 + 59);
	/* Start on the goal: I with label 1, no path otherwise. */
	assert_true(src_solve(5, 5, 3, 3, 3, 3, 1, &g, &solvable, NULL));
	assert_true(solvable);
	gps_format(&g, text, sizeof text);
	assert_string_equal(text, "I");
	assert_true(src_solve(5, 5, 3, 3, 3, 3, 6, &g, &solvable, NULL));
	assert_false(solvable);
}

static void
huge_boards_answer_in_constant_size(void **unused)
{
	struct gps g;
	bool solvable;
	char text[256];
	int l;

	(void)unused;
	for (l = 1; l <= 6; l++) {
		int64_t dx = 999999990 - 3, dy = 999999000 - 5, len;

		assert_true(src_solve(1000000000, 1000000000, 3, 5, 999999990, 999999000,
		    l, &g, &solvable, NULL));
		assert_true(solvable);
		gps_format(&g, text, sizeof text);
		assert_true(strlen(text) < 60);
		len = gps_length(&g, dx, dy);
		/* Manhattan distance plus 0, 2, 4 or 6. */
		assert_true(len >= dx + dy && len <= dx + dy + 6 && (len - dx - dy) % 2 == 0);
	}
	/* A single row 2^31-1 long: the top follows from the distance. */
	assert_true(src_solve(1, ROLLCUBE_MAX_SIDE, 1, 1, ROLLCUBE_MAX_SIDE, 1, 1,
	    &g, &solvable, NULL));
	assert_false(solvable);     /* 2^31-2 = 2 mod 4: 6 shows, not 1 */
	assert_true(src_solve(1, ROLLCUBE_MAX_SIDE, 1, 1, ROLLCUBE_MAX_SIDE, 1, 6,
	    &g, &solvable, NULL));
	assert_true(solvable);
	gps_format(&g, text, sizeof text);
	assert_string_equal(text, "(E){dx}");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_instance_of_small_boards_matches_bfs),
		cmocka_unit_test(random_instances_on_larger_boards_match_bfs),
		cmocka_unit_test(gps_strings_read_as_the_paper_writes_them),
		cmocka_unit_test(huge_boards_answer_in_constant_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
