/* The torus engine: notation, moves and their inverses, parsers, parity
 * and scrambles; the black-and-white torus's patterns, solvability and
 * counting bound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/rng.h"
#include "engine/torus/torus.h"

static struct torus_state *
parse(int m, int n, const char *text)
{
	struct torus_params p = {.rows = m, .cols = n};
	struct tw_error err;
	struct torus_state *s = torus_state_parse(&p, text, &err);

	if (s == NULL)
		fail_msg("parse %s: %s", text, err.msg);
	return s;
}

static void
assert_state(const struct torus_state *s, const char *want)
{
	struct torus_params p = {.rows = s->rows, .cols = s->cols};
	char *got = torus_state_format(&p, s, NULL);

	assert_string_equal(got, want);
	free(got);
}

static void
apply(struct torus_state *s, const char *move)
{
	struct torus_params p = {.rows = s->rows, .cols = s->cols};
	struct tw_error err;

	if (!torus_move_apply(&p, s, move, &err))
		fail_msg("%s: %s", move, err.msg);
}

static void
east_shifts_a_row_right_and_wraps(void **unused)
{
	struct torus_state *s = parse(2, 3, "1,2,3,4,5,6");

	(void)unused;
	apply(s, "E1");
	assert_state(s, "3,1,2,4,5,6");
	apply(s, "W2");
	assert_state(s, "3,1,2,5,6,4");
	free(s);
}

static void
north_shifts_a_column_up_and_wraps(void **unused)
{
	struct torus_state *s = parse(3, 2, "1,2,3,4,5,6");

	(void)unused;
	apply(s, "N2");
	assert_state(s, "1,4,3,6,5,2");
	apply(s, "S1");
	assert_state(s, "5,4,1,6,3,2");
	free(s);
}

static void
amount_is_repeated_single_shifts(void **unused)
{
	struct torus_state *a = parse(4, 5, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
	struct torus_state *b = parse(4, 5, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");

	(void)unused;
	apply(a, "E3^4");
	apply(b, "E3"); apply(b, "E3"); apply(b, "E3"); apply(b, "E3");
	assert_true(torus_state_equal(NULL, a, b));
	apply(a, "S5^3");
	apply(b, "N5");
	assert_true(torus_state_equal(NULL, a, b));
	free(a);
	free(b);
}

static void
every_move_is_undone_by_its_inverse(void **unused)
{
	struct torus_params p = {.rows = 3, .cols = 5};
	struct tw_rng rng;
	const char dirs[] = "NESW";
	int d, line, k;

	(void)unused;
	tw_rng_seed(&rng, 5);
	for (d = 0; d < 4; d++) {
		int lines = dirs[d] == 'E' || dirs[d] == 'W' ? 3 : 5;
		int len = dirs[d] == 'E' || dirs[d] == 'W' ? 5 : 3;

		for (line = 1; line <= lines; line++) {
			for (k = 1; k < len; k++) {
				struct torus_state *s = torus_scramble(&p, &rng, NULL);
				struct torus_state *orig = torus_state_dup(&p, s, NULL);
				char move[40], *inv;

				snprintf(move, sizeof move, "%c%d^%d", dirs[d], line, k);
				apply(s, move);
				assert_false(torus_state_equal(&p, s, orig));
				inv = torus_move_inverse(&p, move, NULL);
				assert_non_null(inv);
				apply(s, inv);
				assert_true(torus_state_equal(&p, s, orig));
				free(inv);
				free(s);
				free(orig);
			}
		}
	}
}

static void
moves_are_written_canonically(void **unused)
{
	struct torus_params p = {.rows = 4, .cols = 4};
	struct torus_move mv;
	char buf[16];

	(void)unused;
	assert_true(torus_move_parse(&p, "W2^1", &mv, NULL));
	torus_move_format(&mv, buf, sizeof buf);
	assert_string_equal(buf, "W2");
	assert_true(torus_move_parse(&p, "N4^3", &mv, NULL));
	torus_move_format(&mv, buf, sizeof buf);
	assert_string_equal(buf, "N4^3");
	assert_int_equal(torus_move_cost(&p, "N4^3", TORUS_DRAG), 1);
	assert_int_equal(torus_move_cost(&p, "N4^3", TORUS_PUSH), 3);
	assert_int_equal(torus_move_cost(&p, "N9", TORUS_PUSH), -1);
}

static void
bad_moves_are_refused_with_the_reason(void **unused)
{
	static const struct {
		const char *move, *reason;
	} cases[] = {
		{"", "a move is N, E, S or W"},
		{"X2", "a move is N, E, S or W"},
		{"e2", "a move is N, E, S or W"},
		{"E", "E needs a row number"},
		{"N", "N needs a column number"},
		{"E0", "row 0 does not exist, the board has 3 rows"},
		{"E4", "row 4 does not exist, the board has 3 rows"},
		{"S6", "column 6 does not exist, the board has 5 columns"},
		{"E2^5", "a row has 5 tiles, so the amount must be 1..4"},
		{"N2^3", "a column has 3 tiles, so the amount must be 1..2"},
		{"E2^0", "amount must be 1..4"},
		{"E2^", "'^' needs an amount"},
		{"E2x", "unexpected 'x'"},
		{"E2^2^2", "unexpected '^2'"},
		{"E99999999999999999999", "row 99999999999999999999 does not exist"},
	};
	struct torus_params p = {.rows = 3, .cols = 5};
	struct torus_state *s = torus_state_solved(&p, NULL);
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tw_error err = {0};

		assert_false(torus_move_apply(&p, s, cases[i].move, &err));
		if (strstr(err.msg, cases[i].reason) == NULL)
			fail_msg("move '%s': got '%s', want '%s'", cases[i].move,
			    err.msg, cases[i].reason);
		assert_true(torus_state_is_solved(&p, s));
	}
	free(s);
}

static void
params_round_trip_and_bad_sizes_are_refused(void **unused)
{
	static const struct {
		const char *text, *reason;
	} bad[] = {
		{"4", "ROWSxCOLS"}, {"x4", "ROWSxCOLS"}, {"4x", "ROWSxCOLS"},
		{"axb", "ROWSxCOLS"}, {"1x4", "1 row: the torus has 2 to 20 rows"},
		{"21x3", "21 rows"}, {"3x21", "21 columns"}, {"3x0", "0 columns"},
	};
	struct tw_error err;
	struct torus_params *p;
	size_t used, i;
	char *s;

	(void)unused;
	p = torus_params_parse("5x7#12", &used, &err);
	assert_non_null(p);
	assert_int_equal(p->rows, 5);
	assert_int_equal(p->cols, 7);
	assert_int_equal(used, 3);
	s = torus_params_format(p, NULL);
	assert_string_equal(s, "5x7");
	free(s);
	free(p);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		p = torus_params_parse(bad[i].text, &used, &err);
		assert_null(p);
		if (strstr(err.msg, bad[i].reason) == NULL)
			fail_msg("'%s': got '%s'", bad[i].text, err.msg);
	}
}

static void
state_round_trips(void **unused)
{
	struct torus_params p = {.rows = 4, .cols = 5};
	struct tw_rng rng;
	int i;

	(void)unused;
	tw_rng_seed(&rng, 11);
	for (i = 0; i < 50; i++) {
		struct torus_state *s = torus_scramble(&p, &rng, NULL), *t;
		char *text = torus_state_format(&p, s, NULL);

		t = torus_state_parse(&p, text, NULL);
		assert_non_null(t);
		assert_true(torus_state_equal(&p, s, t));
		free(text);
		free(s);
		free(t);
	}
}

static void
bad_states_are_refused_with_the_reason(void **unused)
{
	static const struct {
		const char *text, *reason;
	} bad[] = {
		{"", "expected a tile number at character 1"},
		{"1,2,3,4,5", "5 tiles given, a 2x3 board needs 6 (tile 6 is missing)"},
		{"1,2,3,4,5,7", "tile 7 (position 6) is out of range 1..6"},
		{"1,2,3,4,5,6,7", "too many tiles: a 2x3 board has 6"},
		{"1,2,2,4,5,6", "tile 2 appears twice (positions 2 and 3)"},
		{"0,1,2,3,4,5", "tile 0 (position 1) is out of range"},
		{"1,2,3,4,5,", "expected a tile number at character 11"},
		{"1;2,3,4,5,6", "unexpected ';' at character 2"},
		{"1,2,3,4,5,6 ", "unexpected ' '"},
		{"-1,2,3,4,5,6", "expected a tile number at character 1"},
	};
	struct torus_params p = {.rows = 2, .cols = 3};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tw_error err = {0};

		assert_null(torus_state_parse(&p, bad[i].text, &err));
		if (strstr(err.msg, bad[i].reason) == NULL)
			fail_msg("'%s': got '%s', want '%s'", bad[i].text, err.msg,
			    bad[i].reason);
	}
}

static void
odd_by_odd_odd_permutations_are_unsolvable(void **unused)
{
	struct torus_params p33 = {.rows = 3, .cols = 3}, p23 = {.rows = 2, .cols = 3};
	struct torus_state *swap33 = parse(3, 3, "2,1,3,4,5,6,7,8,9");
	struct torus_state *cycle33 = parse(3, 3, "2,3,1,4,5,6,7,8,9");
	struct torus_state *swap23 = parse(2, 3, "2,1,3,4,5,6");
	struct tw_error why = {0};

	(void)unused;
	assert_false(torus_state_solvable(&p33, swap33, &why));
	assert_non_null(strstr(why.msg, "odd permutation"));
	assert_true(torus_state_solvable(&p33, cycle33, NULL));
	assert_true(torus_state_solvable(&p23, swap23, NULL));
	free(swap33);
	free(cycle33);
	free(swap23);
}

static void
scramble_is_deterministic_solvable_and_unsolved(void **unused)
{
	struct torus_params p = {.rows = 3, .cols = 5};
	struct tw_rng a, b;
	int i;

	(void)unused;
	tw_rng_seed_text(&a, "8812");
	tw_rng_seed_text(&b, "8812");
	for (i = 0; i < 200; i++) {
		struct torus_state *x = torus_scramble(&p, &a, NULL);
		struct torus_state *y = torus_scramble(&p, &b, NULL);

		assert_true(torus_state_equal(&p, x, y));
		assert_true(torus_state_solvable(&p, x, NULL));
		assert_false(torus_state_is_solved(&p, x));
		free(x);
		free(y);
	}
}

static void
scramble_is_uniform_on_2x2(void **unused)
{
	/* 23 unsolved positions, each expected 1000 times in 23000 draws. */
	struct torus_params p = {.rows = 2, .cols = 2};
	struct tw_rng rng;
	int count[4 * 4 * 4 * 4] = {0}, i, distinct = 0;

	(void)unused;
	tw_rng_seed(&rng, 3);
	for (i = 0; i < 23000; i++) {
		struct torus_state *s = torus_scramble(&p, &rng, NULL);
		int key = (s->tile[0] - 1) * 64 + (s->tile[1] - 1) * 16 +
		    (s->tile[2] - 1) * 4 + (s->tile[3] - 1);

		count[key]++;
		free(s);
	}
	for (i = 0; i < 256; i++) {
		if (count[i] == 0)
			continue;
		distinct++;
		assert_in_range(count[i], 850, 1150);
	}
	assert_int_equal(distinct, 23);
}

static void
scramble_is_uniform_over_even_permutations_on_3x3(void **unused)
{
	/* Which tile lands on cell 0 and on cell 1: 72 pairs, equally likely
	 * under the uniform distribution on even permutations. */
	struct torus_params p = {.rows = 3, .cols = 3};
	struct tw_rng rng;
	int count[10][10] = {{0}}, i, j;

	(void)unused;
	tw_rng_seed(&rng, 4);
	for (i = 0; i < 72000; i++) {
		struct torus_state *s = torus_scramble(&p, &rng, NULL);

		assert_int_equal(torus_parity(s), 0);
		count[s->tile[0]][s->tile[1]]++;
		free(s);
	}
	for (i = 1; i <= 9; i++)
		for (j = 1; j <= 9; j++)
			if (i != j)
				assert_in_range(count[i][j], 850, 1150);
}

static void
render_draws_the_rows(void **unused)
{
	struct torus_params p = {.rows = 2, .cols = 3};
	struct torus_state *s = parse(2, 3, "6,5,4,3,2,1");
	char *text = torus_state_render(&p, s, NULL);

	(void)unused;
	assert_string_equal(text, "  6  5  4\n  3  2  1\n");
	free(text);
	free(s);
}

static struct torus_params *
bw_params(const char *text)
{
	size_t used;
	struct tw_error err;
	struct torus_params *p = torus_params_parse(text, &used, &err);

	if (p == NULL)
		fail_msg("%s: %s", text, err.msg);
	assert_int_equal(used, strlen(text));
	return p;
}

static void
bw_params_and_patterns_round_trip(void **unused)
{
	static const struct {
		const char *text, *canonical;
	} cases[] = {
		{"4x4:bw", "4x4:bw"},
		{"4x4:goal=xxxx/xxxx/..../....", "4x4:bw"},
		{"3x3:bw", "3x3:bw"},
		{"2x3:goal=x.x/.X.", "2x3:goal=x.x/.x."},
		{"5x2:goal=x./.x/x./.x/..", "5x2:goal=x./.x/x./.x/.."},
	};
	struct tw_error err;

	(void)unused;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct torus_params *p = bw_params(cases[i].text);
		char *back = torus_params_format(p, NULL);
		struct torus_state *solved = torus_state_solved(p, NULL), *s;
		char *pattern = torus_state_format(p, solved, NULL);

		assert_true(p->bw);
		assert_string_equal(back, cases[i].canonical);
		assert_true(torus_state_is_solved(p, solved));
		s = torus_state_parse(p, pattern, &err);
		assert_non_null(s);
		assert_true(torus_state_equal(p, s, solved));
		free(back);
		free(pattern);
		free(solved);
		free(s);
		free(p);
	}
	/* The default goal: the top half of the rows black. */
	{
		struct torus_params *p = bw_params("3x2:bw");
		struct torus_state *s = torus_state_solved(p, NULL);
		char *text = torus_state_format(p, s, NULL);

		assert_string_equal(text, "xx/../..");
		free(text);
		free(s);
		free(p);
	}
}

static void
bw_bad_patterns_are_refused_with_the_reason(void **unused)
{
	static const struct {
		const char *text, *why;
	} params[] = {
		{"2x3:goal=x.x/.q.", "'q' in row 2"},
		{"2x3:goal=x.x", "1 row, the board has 2"},
		{"2x3:goal=x.x/.x", "row 2 has 2 cells, the board has 3 columns"},
		{"2x3:goal=x.xx/.x.", "row 1 is longer than the board's 3 columns"},
		{"2x3:goal=x.x/.x./...", "more than the board's 2 rows"},
		{"2x3:goal=.../...", "all white"},
		{"2x2:goal=xx/xx", "all black"},
	};
	struct torus_params *p = bw_params("2x3:bw");
	struct tw_error err;
	size_t used;

	(void)unused;
	for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
		void *q = torus_params_parse(params[i].text, &used, &err);

		if (q != NULL)
			fail_msg("%s parsed", params[i].text);
		if (strstr(err.msg, params[i].why) == NULL)
			fail_msg("%s: '%s' has no '%s'", params[i].text, err.msg, params[i].why);
	}
	assert_null(torus_state_parse(p, "xx./x.", &err));
	assert_non_null(strstr(err.msg, "row 2 has 2 cells"));
	assert_null(torus_state_parse(p, "xx./x..:x", &err));
	assert_non_null(strstr(err.msg, "unexpected"));
	assert_null(torus_state_parse(p, "1,2,3,4,5,6", &err));
	free(p);
}

static void
bw_solvable_exactly_when_the_counts_agree(void **unused)
{
	struct torus_params *p = bw_params("3x3:goal=x.x/.x./x.x");
	struct tw_error err;
	struct torus_state *same = torus_state_parse(p, "xxx/xx./...", &err);
	struct torus_state *fewer = torus_state_parse(p, "xxx/x../...", &err);
	struct tw_rng rng;

	(void)unused;
	assert_true(torus_state_solvable(p, same, NULL));
	assert_false(torus_state_is_solved(p, same));
	assert_false(torus_state_solvable(p, fewer, &err));
	assert_non_null(strstr(err.msg, "4 black pieces where the goal has 5"));
	/* The counting bound: rows 3 1 0 against 2 1 2, columns 2 2 1
	 * against 2 1 2: 2 column shifts and 1 row shift at least. */
	assert_int_equal(torus_bw_lower_bound(p, same), 3);
	tw_rng_seed(&rng, 9);
	for (int i = 0; i < 200; i++) {
		struct torus_state *s = torus_scramble(p, &rng, NULL);

		assert_true(torus_state_solvable(p, s, NULL));
		assert_false(torus_state_is_solved(p, s));
		assert_int_equal(torus_black_count(s->tile, 9), 5);
		free(s);
	}
	free(same);
	free(fewer);
	free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(east_shifts_a_row_right_and_wraps),
		cmocka_unit_test(north_shifts_a_column_up_and_wraps),
		cmocka_unit_test(amount_is_repeated_single_shifts),
		cmocka_unit_test(every_move_is_undone_by_its_inverse),
		cmocka_unit_test(moves_are_written_canonically),
		cmocka_unit_test(bad_moves_are_refused_with_the_reason),
		cmocka_unit_test(params_round_trip_and_bad_sizes_are_refused),
		cmocka_unit_test(state_round_trips),
		cmocka_unit_test(bad_states_are_refused_with_the_reason),
		cmocka_unit_test(odd_by_odd_odd_permutations_are_unsolvable),
		cmocka_unit_test(scramble_is_deterministic_solvable_and_unsolved),
		cmocka_unit_test(scramble_is_uniform_on_2x2),
		cmocka_unit_test(scramble_is_uniform_over_even_permutations_on_3x3),
		cmocka_unit_test(render_draws_the_rows),
		cmocka_unit_test(bw_params_and_patterns_round_trip),
		cmocka_unit_test(bw_bad_patterns_are_refused_with_the_reason),
		cmocka_unit_test(bw_solvable_exactly_when_the_counts_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
