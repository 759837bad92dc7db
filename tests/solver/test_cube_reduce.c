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
#include <pthread.h>
#include <time.h>

#include "tier.h"
#include "engine/rng.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/core/reduce.h"
#include "solvers/cube/sizes.h"
#include "ui/storage.h"

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

	if (!cube_big_solve(c, opt, &m, stats, &err))
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
	/* The default tier solves one scramble of every size in
	 * test_lengths.c; here a few more of the small ones. */
	int count = size <= 5 ? tier_pick(50, 6 - size, 5 - size) :
	    tier_pick(size <= 7 ? 50 : 10, 0, 0), k;
	char text[16];
	size_t used;
	void *params;
	struct tw_rng rng;

	(void)unused;
	if (count == 0)
		skip();   /* test_lengths.c and progress_and_phase solve this size */
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

/* Odd cubes whose middle slices are turned (fixed centres off their
 * faces, as a player's slice turns leave them) are solved too: the 5x5x5
 * phase reduction turns outer blocks only, so it must bring the centres
 * home first. */
static void
middle_slices_turned_are_solved(void **unused)
{
	static const char *const prefix[3] = {"M", "E' S2", "S M2 E"};
	char text[16], alg[64];
	size_t used;
	void *params;
	struct tw_rng rng;
	int k;

	(void)unused;
	/* The 7x7x7's staged reduction names the colours by the fixed
	 * centres (a plain-tier solve of seconds); the 9x9x9's and
	 * 11x11x11's staged reductions do the same through it, 5 to 15 s a
	 * solve: their sizes only in the slow suite. */
	if (size % 2 == 0 || (size > 5 && tier_pick(1, size == 7, 0) == 0))
		skip();
	snprintf(text, sizeof text, "%d", size);
	params = cube_params_parse(text, &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, 7100 + (uint64_t)size);
	for (k = 0; k < (size == 5 ? tier_pick(3, 3, 1) : 1); k++) {
		struct cube *c = cube_scramble(params, &rng, NULL);
		struct cube_reduce_stats st;
		struct tw_error err;

		assert_non_null(c);
		snprintf(alg, sizeof alg, "%s", prefix[k]);
		if (!cube_apply_alg(c, alg, &err))
			fail_msg("%s: %s", alg, err.msg);
		assert_true(c->f[(size * size) / 2] != 'U' || c->f[2 * size * size + size * size / 2] != 'F');
		solve_and_replay(c, NULL, &st);
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
	/* The 4x4x4's phase reduction keeps both parities away on the way
	 * (its phases 2 and 3), and the 6x6x6's, 8x8x8's and 10x10x10's
	 * staged ones (the 6x6x6's stages 3 and 4 end with even wing
	 * permutations, its stage 6 pairs the middle edges against the
	 * corners): no parity moves, the cube solved all the same. */
	assert_int_equal(st.moves[REDUCE_PARITY], 0);
}

/* The four cases (none, OLL alone, PLL alone, both), four times each in
 * the slow suite; once each in the default tier (on 4x4x4 and 6x6x6; the
 * 8x8x8 takes the case with both parities, the 10x10x10, 11 s a solve,
 * only the slow suite's), and on 4x4x4 only under the sanitizers. */
static void
parity_cases_are_fixed(void **unused)
{
	struct tw_rng rng;
	int rounds = tier_pick(4, 1, 1), k;
	bool every_case = test_tier() == TIER_SLOW || size <= 6;

	(void)unused;
	if (size % 2 == 1 || (test_tier() == TIER_SANITIZED && size > 4) ||
	    (test_tier() == TIER_DEFAULT && size >= 10))
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

/* A solve in its own thread, watched from this one. */
struct watched {
	struct cube c;
	atomic_bool stop;
	atomic_int progress;
	_Atomic(const char *) phase;
	atomic_bool done;
	struct cube_reduce_options opt;
	struct movelist moves;
	struct cube_reduce_stats stats;
	struct tw_error err;
	bool ok;
};

static void *
watched_solve(void *arg)
{
	struct watched *w = arg;

	w->ok = cube_big_solve(&w->c, &w->opt, &w->moves, &w->stats, &w->err);
	atomic_store(&w->done, true);
	return NULL;
}

static void
watch_start(struct watched *w, pthread_t *t, uint64_t seed)
{
	char text[16];
	size_t used;
	void *params;
	struct tw_rng rng;
	struct cube *c;

	memset(w, 0, sizeof *w);
	snprintf(text, sizeof text, "%d", size);
	params = cube_params_parse(text, &used, NULL);
	tw_rng_seed(&rng, seed);
	c = cube_scramble(params, &rng, NULL);
	assert_non_null(c);
	w->c = *c;
	free(c);
	cube_params_free(params);
	atomic_init(&w->stop, false);
	atomic_init(&w->progress, -1);
	atomic_init(&w->phase, NULL);
	atomic_init(&w->done, false);
	w->opt = (struct cube_reduce_options){.cancel = &w->stop, .progress = &w->progress, .phase = &w->phase};
	assert_int_equal(pthread_create(t, NULL, watched_solve, w), 0);
}

static void
pause_ms(int ms)
{
	nanosleep(&(struct timespec){0, (long)ms * 1000000}, NULL);
}

/* The cancel flag, set from another thread once the solver is working,
 * stops it with "cancelled" and nothing listed; sizes it does not solve
 * are refused. */
static void
cancel_mid_search_and_sizes(void **unused)
{
	struct watched *w = malloc(sizeof *w);
	struct movelist m = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube c;
	pthread_t t;

	(void)unused;
	assert_non_null(w);
	watch_start(w, &t, 42);
	while (!atomic_load(&w->done) && atomic_load(&w->progress) <= 0)
		pause_ms(1);
	atomic_store(&w->stop, true);
	pthread_join(t, NULL);
	assert_false(w->ok);
	assert_string_equal(w->err.msg, "cancelled");
	assert_int_equal(w->moves.len, 0);
	movelist_clear(&w->moves);
	free(w);
	cube_solved(&c, 3);
	assert_false(cube_big_solve(&c, NULL, &m, NULL, &err));
	assert_non_null(strstr(err.msg, "from 4x4x4 to 11x11x11"));
}

/* The front end's hint line reads the phase and the progress while the
 * solver works: read here every millisecond, the progress never falls
 * (a first build of the tables included), passes through several values
 * between 0 and 1000, the phases are the solver's own (or the table
 * cache's "building tables"), centres first and the 3x3x3 finish once at
 * the end; at the end they say it finished. */
static void
progress_and_phase_while_solving(void **unused)
{
	struct watched *w = malloc(sizeof *w);
	const char *seen[32] = {NULL};
	int last = -1, values = 0, nseen = 0;
	pthread_t t;

	(void)unused;
	/* Under the sanitizers a 7x7x7 to 11x11x11 solve takes up to two
	 * minutes, which the default tier's ten minutes cannot hold; the
	 * plain tier solves them up to the 9x9x9 (the 10x10x10 and
	 * 11x11x11, 6 and 10 s a solve, run the same even and odd code
	 * with more passes: the slow suite's). Under the sanitizers
	 * tests/contract/test_contract.c watches a 7x7x7 (the cube's last
	 * sample) solve and cancel. */
	if ((test_tier() == TIER_SANITIZED && size > 6) || (test_tier() == TIER_DEFAULT && size >= 10)) {
		free(w);
		skip();
	}
	assert_non_null(w);
	/* Seed 43, but for the 8x8x8 and 9x9x9 a scramble they solve in
	 * 10.6 and 8.3 s of CPU (seed 43: 18.4 and 11.7 s). */
	watch_start(w, &t, size == 8 ? 42 : size == 9 ? 47 : 43);
	while (!atomic_load(&w->done)) {
		int v = atomic_load(&w->progress);
		const char *ph = atomic_load(&w->phase);

		if (v < last)
			fail_msg("progress fell from %d to %d", last, v);
		if (v != last && v > 0 && v < 1000)
			values++;
		last = v;
		if (ph != NULL && (nseen == 0 || strcmp(seen[nseen - 1], ph) != 0) && nseen < 32)
			seen[nseen++] = ph;
		pause_ms(1);
	}
	pthread_join(t, NULL);
	if (!w->ok)
		fail_msg("%s", w->err.msg);
	assert_int_equal(atomic_load(&w->progress), 1000);
	assert_string_equal(atomic_load(&w->phase), "3x3x3");
	if (nseen == 0 || strcmp(seen[nseen - 1], "3x3x3") != 0)
		seen[nseen < 32 ? nseen++ : 31] = "3x3x3";
	assert_true(values >= 3);
	assert_true(nseen >= 3);
	{
		/* A build may have named itself before the watch saw "centres". */
		int first = 0;

		while (first < nseen - 1 && strcmp(seen[first], "building tables") == 0)
			first++;
		assert_string_equal(seen[first], "centres");
	}
	/* Each try (another first face) goes through centres, edges and
	 * parity again; the 3x3x3 finish comes once, at the end, but on the
	 * even cubes from the 8x8x8 up, whose staged solvers solve smaller
	 * cubes whole (the 8x8x8's two tries, each ending in a 7x7x7, the
	 * 10x10x10's 9x9x9): there a finish is followed by the next solve's
	 * centres. */
	for (int i = 0; i < nseen; i++) {
		bool known = false;
		for (int p = 0; p < REDUCE_PHASES; p++)
			known |= strcmp(seen[i], cube_reduce_phase_name[p]) == 0;
		known |= strcmp(seen[i], "building tables") == 0;
		assert_true(known);
		assert_true(strcmp(seen[i], "3x3x3") != 0 || i == nseen - 1 ||
		    (size >= 8 && strcmp(seen[i + 1], "centres") == 0));
	}
	movelist_clear(&w->moves);
	free(w);
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
		cmocka_unit_test(cancel_mid_search_and_sizes),
		cmocka_unit_test(progress_and_phase_while_solving),
		cmocka_unit_test(random_scrambles_are_solved),
		cmocka_unit_test(middle_slices_turned_are_solved),
		/* The even cubes' parity cases. */
		cmocka_unit_test(parity_cases_are_fixed),
	};

	storage_use_table_cache();
	if (argc > 1)
		size = atoi(argv[1]);
	if (size < 4 || size > CUBE_MAX_N) {
		fprintf(stderr, "usage: test_cube_reduce N (4..%d)\n", CUBE_MAX_N);
		return 2;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
