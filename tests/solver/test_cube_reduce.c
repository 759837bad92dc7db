/* The reduction solver: random-move scrambles of one size (argument N),
 * every solution replayed by the engine's own parser and checked solved;
 * the even cubes' parity cases forced (none, OLL alone, PLL alone, both;
 * four times each, between random face turns); cancel; sizes out of
 * range; progress and phase; the STM count.
 * Usage: test_cube_reduce N (4..11). The slow suite solves 50 scrambles
 * for N <= 7 and 10 above, and every parity case four times; the default
 * tier and the sanitizer build a fixed sample (tests/common/tier.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/rng.h"
#include "solvers/cube_puzzle.h"
#include "solvers/cube_reduce.h"

static int size = 4;

/* Solves c (with options opt, may be NULL), replays the answer move by
 * move, and checks it is solved and written in WCA moves without
 * rotations. */
static void
solve_and_replay(const struct cube *c, const struct cube_reduce_options *opt,
    struct cube_reduce_stats *stats)
{
	struct movelist m = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube w = *c;
	long total = 0;
	size_t i;
	int p;

	if (!cube_reduce_solve(c, opt, &m, stats, &err))
		fail_msg("cube:%d:%s: %s", c->n, c->f, err.msg);
	for (i = 0; i < m.len; i++) {
		struct cube_move mv;

		if (!cube_move_parse(c->n, m.moves[i], &mv, &err))
			fail_msg("move %zu '%s': %s", i + 1, m.moves[i], err.msg);
		assert_false(mv.first == 1 && mv.last == c->n);   /* no rotations */
		/* Consecutive turns about one axis are merged. */
		if (i > 0) {
			struct cube_move prev;

			cube_move_parse(c->n, m.moves[i - 1], &prev, NULL);
			if (prev.face % 3 == mv.face % 3 && prev.first == mv.first &&
			    prev.last == mv.last && prev.face == mv.face)
				fail_msg("moves %zu and %zu (%s %s) turn the same layers",
				    i, i + 1, m.moves[i - 1], m.moves[i]);
		}
		cube_move_do(&w, &mv);
	}
	if (!cube_is_solved(&w))
		fail_msg("cube:%d:%s: the answer does not solve it", c->n, c->f);
	for (p = 0; p < REDUCE_PHASES; p++)
		total += stats->moves[p];
	/* Phases are counted apart; merging across their borders only
	 * shortens the whole. */
	assert_true((long)m.len <= total);
	movelist_clear(&m);
}

static void
random_scrambles_are_solved(void **unused)
{
	int count = size <= 5 ? tier_pick(50, 8 - size, 5 - size) :
	    tier_pick(size <= 7 ? 50 : 10, 1, size <= 7), k;
	char text[16];
	size_t used;
	void *params;
	struct tw_rng rng;

	(void)unused;
	if (count == 0)
		skip();   /* sanitized, N >= 8: progress_and_phase solves one */
	snprintf(text, sizeof text, "%d", size);
	params = cube_params_parse(text, &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 7000 + (uint64_t)size);
	for (k = 0; k < count; k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct cube_reduce_stats st;

		assert_non_null(c);
		solve_and_replay(c, NULL, &st);
		if (size % 2 == 1)
			assert_int_equal(st.moves[REDUCE_PARITY], 0);
		free(c);
	}
	cube_params_free(params);
}

static void
append_char(char *s, char c)
{
	size_t len = strlen(s);

	s[len] = c;
	s[len + 1] = '\0';
}

/* Appends count random face turns (they keep a reduced cube reduced). */
static void
append_face_turns(char *alg, struct tw_rng *rng, int count)
{
	static const char *const faces[6] = {"U", "R", "F", "D", "L", "B"};
	static const char *const suffix[3] = {" ", "2 ", "' "};
	int i;

	for (i = 0; i < count; i++) {
		strcat(alg, faces[tw_rng_below(rng, 6)]);
		strcat(alg, suffix[tw_rng_below(rng, 3)]);
	}
}

/* A reduced cube with the parity cases the even cubes have: face turns,
 * the 4x4x4 algorithms with r the inner layers 2..n/2, then face turns,
 * so that the solver's parity sequences start from a scrambled 3x3x3 and
 * the parity is not where the algorithm left it. */
static void
parity_case(int n, bool oll, bool pll, struct tw_rng *rng)
{
	char alg[1024] = "", r[64] = "", l[64] = "", uw[16];
	struct cube c;
	struct cube_reduce_stats st;
	struct tw_error err;
	int d;

	for (d = 2; d <= n / 2; d++) {
		char one[16];

		snprintf(one, sizeof one, "%dR", d);
		strcat(r, one);
		strcat(r, "@ ");
		snprintf(one, sizeof one, "%dL", d);
		strcat(l, one);
		strcat(l, "@ ");
	}
	snprintf(uw, sizeof uw, "%dUw", n / 2);
	cube_solved(&c, n);
	append_face_turns(alg, rng, 12);
	/* Layer lists with @ standing for the turn suffix. */
	if (oll) {
		const char *tpl[] = {"r2", "B2", "U2", "l", "U2", "r'", "U2", "r", "U2",
		    "F2", "r", "F2", "l'", "B2", "r2"};
		size_t i;

		for (i = 0; i < sizeof tpl / sizeof tpl[0]; i++) {
			const char *src = tpl[i][0] == 'r' ? r : tpl[i][0] == 'l' ? l : NULL;

			if (src == NULL) {
				strcat(alg, tpl[i]);
				strcat(alg, " ");
				continue;
			}
			for (const char *p = src; *p != '\0'; p++) {
				if (*p == '@')
					strcat(alg, tpl[i] + 1);
				else
					append_char(alg, *p);
			}
		}
	}
	if (pll) {
		const char *tpl[] = {"r2", "U2", "r2", "uw2", "r2", "uw2"};
		size_t i;

		for (i = 0; i < sizeof tpl / sizeof tpl[0]; i++) {
			if (tpl[i][0] == 'u') {
				strcat(alg, uw);
				strcat(alg, "2 ");
			} else if (tpl[i][0] == 'r') {
				for (const char *p = r; *p != '\0'; p++) {
					if (*p == '@')
						strcat(alg, "2");
					else
						append_char(alg, *p);
				}
			} else {
				strcat(alg, "U2 ");
			}
		}
	}
	append_face_turns(alg, rng, 12);
	if (!cube_apply_alg(&c, alg, &err))
		fail_msg("%s: %s", alg, err.msg);
	solve_and_replay(&c, NULL, &st);
	if (oll || pll)
		assert_true(st.moves[REDUCE_PARITY] > 0);
	else
		assert_int_equal(st.moves[REDUCE_PARITY], 0);
}

/* The four cases (none, OLL alone, PLL alone, both), four times each in
 * the slow suite; once each in the default tier (on 4x4x4 and 6x6x6; the
 * larger even cubes take the case with both parities), and on 4x4x4 only
 * under the sanitizers. */
static void
parity_cases_are_fixed(void **unused)
{
	struct tw_rng rng;
	int rounds = tier_pick(4, 1, 1), k;
	bool every_case = test_tier() == TIER_SLOW || size <= 6;

	(void)unused;
	if (size % 2 == 1 || (test_tier() == TIER_SANITIZED && size > 4))
		skip();
	tw_rng_seed(&rng, 9000 + (uint64_t)size);
	for (k = 0; k < rounds; k++) {
		if (every_case) {
			parity_case(size, false, false, &rng);
			parity_case(size, true, false, &rng);
			parity_case(size, false, true, &rng);
		}
		parity_case(size, true, true, &rng);
	}
}

static void
cancel_and_sizes(void **unused)
{
	struct cube c;
	struct movelist m = MOVELIST_EMPTY;
	struct tw_error err;
	atomic_bool stop;
	struct cube_reduce_options opt = {&stop, NULL, NULL, 0};

	(void)unused;
	atomic_init(&stop, true);
	cube_solved(&c, size);
	cube_apply_alg(&c, "R U 2F' D", NULL);
	assert_false(cube_reduce_solve(&c, &opt, &m, NULL, &err));
	assert_string_equal(err.msg, "cancelled");
	assert_int_equal(m.len, 0);
	cube_solved(&c, 3);
	assert_false(cube_reduce_solve(&c, NULL, &m, NULL, &err));
	assert_non_null(strstr(err.msg, "from 4x4x4 to 11x11x11"));
}

/* The front end's hint line reads the phase and the progress while the
 * solver works (across all its tries); at the end they say it finished. */
static void
progress_and_phase(void **unused)
{
	struct cube c;
	struct cube_reduce_stats st;
	atomic_bool stop;
	atomic_int progress;
	_Atomic(const char *) phase;
	struct cube_reduce_options opt = {&stop, &progress, &phase, 0};

	(void)unused;
	atomic_init(&stop, false);
	atomic_init(&progress, -1);
	atomic_init(&phase, NULL);
	cube_solved(&c, size);
	cube_apply_alg(&c, "R U 2F' D 2R2 B", NULL);
	solve_and_replay(&c, &opt, &st);
	assert_int_equal(atomic_load(&progress), 1000);
	assert_string_equal(atomic_load(&phase), "3x3x3");
}

static void
slice_turn_metric(void **unused)
{
	static const struct { int n; const char *move; long stm; } cases[] = {
		{4, "R", 1}, {4, "Rw", 2}, {4, "3Rw", 1}, {4, "2R", 1}, {4, "x", 0},
		{7, "3Lw2", 3}, {7, "4Rw'", 3}, {7, "M", 1}, {5, "2R2", 1},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cube_move mv;

		assert_true(cube_move_parse(cases[i].n, cases[i].move, &mv, NULL));
		if (cube_move_stm(cases[i].n, &mv) != cases[i].stm)
			fail_msg("%s on %d: %ld, want %ld", cases[i].move, cases[i].n,
			    cube_move_stm(cases[i].n, &mv), cases[i].stm);
	}
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(slice_turn_metric),
		cmocka_unit_test(cancel_and_sizes),
		cmocka_unit_test(progress_and_phase),
		cmocka_unit_test(random_scrambles_are_solved),
		/* The even cubes' parity cases. */
		cmocka_unit_test(parity_cases_are_fixed),
	};

	if (argc > 1)
		size = atoi(argv[1]);
	if (size < 4 || size > CUBE_MAX_N) {
		fprintf(stderr, "usage: test_cube_reduce N (4..%d)\n", CUBE_MAX_N);
		return 2;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
