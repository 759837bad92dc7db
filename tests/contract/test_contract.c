/* The contract every puzzle keeps (src/engine/puzzle.h), checked through
 * the puzzle table alone for every puzzle in twirl_puzzles and every one
 * of its sample_params: a new puzzle gets all of this by being in the
 * table.
 *   - params and positions parse, format and parse again to the same;
 *   - a refused move leaves the position untouched and says why;
 *   - the inverse of a move undoes it (every move, for reversible puzzles);
 *   - a scramble is solvable and not solved;
 *   - a solution, replayed by the engine, ends solved, in every metric;
 *   - an optimal answer is no longer than the default one;
 *   - cancelling from another thread while the solver works returns
 *     "cancelled" promptly with nothing listed (and nothing leaked: the
 *     sanitizer build checks);
 *   - the progress the solver reports only rises, from 0 to 1000;
 *   - a table build (twirl cache build) stops at once when cancelled. */
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
#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/storage.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *
parse_params(const struct puzzle *p, const char *text)
{
	struct tw_error err = {0};
	size_t used;
	void *params = p->params_parse(text, &used, &err);

	if (params == NULL)
		fail_msg("%s:%s: %s", p->id, text, err.msg);
	if (used != strlen(text))
		fail_msg("%s:%s: params took %zu of %zu bytes", p->id, text, used, strlen(text));
	return params;
}

/* With an argument, the test checks only that puzzle (the build that
 * adds a test-only puzzle checks just the new one). */
static const char *only;

static bool
checked(const struct puzzle *p)
{
	return only == NULL || strcmp(p->id, only) == 0;
}

/* Calls check(p, params, text) for every puzzle and sample; samples past
 * limit (per puzzle; 0: all) are left out. */
static void
each_sample(int limit, void (*check)(const struct puzzle *, const void *, const char *))
{
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];

		if (!checked(p))
			continue;
		assert_non_null(p->sample_params);
		assert_non_null(p->sample_params[0]);
		for (int j = 0; p->sample_params[j] != NULL && (limit == 0 || j < limit); j++) {
			void *params = parse_params(p, p->sample_params[j]);

			check(p, params, p->sample_params[j]);
			p->params_free(params);
		}
	}
}

static void *
scramble(const struct puzzle *p, const void *params, uint64_t seed)
{
	struct tw_rng rng;
	struct tw_error err = {0};
	void *s;

	tw_rng_seed(&rng, seed);
	s = p->scramble(params, &rng, &err);
	if (s == NULL)
		fail_msg("%s: scramble: %s", p->id, err.msg);
	return s;
}

static void
check_params_round_trip(const struct puzzle *p, const void *params, const char *text)
{
	char *a = p->params_format(params, NULL), *b, *c;
	void *again, *dup;

	assert_non_null(a);
	again = parse_params(p, a);
	b = p->params_format(again, NULL);
	dup = p->params_dup(again, NULL);
	c = p->params_format(dup, NULL);
	if (strcmp(a, b) != 0 || strcmp(b, c) != 0)
		fail_msg("%s:%s: formats as '%s', then '%s', dup '%s'", p->id, text, a, b, c);
	p->params_free(again);
	p->params_free(dup);
	free(a);
	free(b);
	free(c);
}

static void
params_parse_format_and_parse_again_to_the_same(void **unused)
{
	(void)unused;
	each_sample(0, check_params_round_trip);
}

static void
check_state_round_trip(const struct puzzle *p, const void *params, const char *text)
{
	for (int k = 0; k < 4; k++) {
		void *s = k == 0 ? p->state_solved(params, NULL) : scramble(p, params, 100 + k);
		char *a = p->state_format(params, s, NULL), *b, *pic;
		struct tw_error err = {0};
		void *back, *dup;

		assert_non_null(a);
		back = p->state_parse(params, a, &err);
		if (back == NULL)
			fail_msg("%s:%s: state '%.60s' does not parse back: %s", p->id, text, a, err.msg);
		assert_true(p->state_equal(params, s, back));
		b = p->state_format(params, back, NULL);
		assert_string_equal(a, b);
		dup = p->state_dup(params, s, NULL);
		assert_true(p->state_equal(params, s, dup));
		pic = p->state_render(params, s, NULL);
		assert_non_null(pic);
		assert_true(k != 0 || p->state_is_solved(params, s));
		free(pic);
		free(a);
		free(b);
		p->state_free(back);
		p->state_free(dup);
		p->state_free(s);
	}
}

static void
positions_parse_format_and_parse_again_to_the_same(void **unused)
{
	(void)unused;
	each_sample(0, check_state_round_trip);
}

static void
check_refused_moves(const struct puzzle *p, const void *params, const char *text)
{
	static const char *const junk[] = {"", " ", "?", "X99", "\x01", "B(", "E0",
	    "R5'", "N-1", "((((", "99999999999999999999"};
	void *s = scramble(p, params, 7), *before = p->state_dup(params, s, NULL);
	char long_move[400];
	struct tw_rng rng;

	memset(long_move, 'R', sizeof long_move - 1);
	long_move[sizeof long_move - 1] = '\0';
	for (size_t i = 0; i <= sizeof junk / sizeof junk[0]; i++) {
		const char *m = i < sizeof junk / sizeof junk[0] ? junk[i] : long_move;
		struct tw_error err = {0};

		if (p->move_apply(params, s, m, &err))
			fail_msg("%s:%s: junk move '%.20s' accepted", p->id, text, m);
		assert_true(err.msg[0] != '\0');
		assert_true(p->state_equal(params, s, before));
		assert_true(p->move_cost(params, m, 0) < 0);
	}
	/* A legal move with something after it is refused whole. */
	tw_rng_seed(&rng, 3);
	for (int i = 0; i < 20; i++) {
		char *m = p->move_random(params, &rng, NULL), *longer;
		struct tw_error err = {0};

		assert_non_null(m);
		longer = malloc(strlen(m) + 3);
		sprintf(longer, "%s#!", m);
		assert_false(p->move_apply(params, s, longer, &err));
		assert_true(err.msg[0] != '\0');
		assert_true(p->state_equal(params, s, before));
		free(longer);
		free(m);
	}
	p->state_free(s);
	p->state_free(before);
}

static void
refused_moves_leave_the_position_untouched(void **unused)
{
	(void)unused;
	each_sample(0, check_refused_moves);
}

static void
check_inverses(const struct puzzle *p, const void *params, const char *text)
{
	void *s = scramble(p, params, 11);
	struct tw_rng rng;
	int applied = 0;

	tw_rng_seed(&rng, 12);
	for (int i = 0; i < 300; i++) {
		char *m = p->move_random(params, &rng, NULL), *inv;
		void *before = p->state_dup(params, s, NULL);
		struct tw_error err = {0};

		assert_non_null(m);
		if (!p->move_apply(params, s, m, &err)) {
			/* Only where rules forbid it (a wall, a label). */
			assert_false(p->reversible);
			assert_true(p->state_equal(params, s, before));
		} else {
			void *after = p->state_dup(params, s, NULL);

			applied++;
			assert_true(p->move_cost(params, m, 0) >= 0);
			inv = p->move_inverse(params, m, &err);
			if (inv == NULL)
				fail_msg("%s:%s: no inverse of '%s': %s", p->id, text, m, err.msg);
			if (p->move_apply(params, s, inv, &err)) {
				if (!p->state_equal(params, s, before))
					fail_msg("%s:%s: %s then %s is not the identity", p->id, text, m, inv);
				/* ... and playing the move again goes forward again */
				assert_true(p->move_apply(params, s, m, NULL));
				assert_true(p->state_equal(params, s, after));
			} else if (p->reversible) {
				fail_msg("%s:%s: the inverse %s of %s is refused: %s", p->id, text,
				    inv, m, err.msg);
			}
			free(inv);
			p->state_free(after);
		}
		p->state_free(before);
		free(m);
	}
	assert_true(applied > 0);
	p->state_free(s);
}

static void
inverses_undo_moves(void **unused)
{
	(void)unused;
	each_sample(0, check_inverses);
}

static void
check_scrambles(const struct puzzle *p, const void *params, const char *text)
{
	for (int k = 0; k < 5; k++) {
		void *s = scramble(p, params, 200 + k);
		struct tw_error why = {0};

		if (!p->state_solvable(params, s, &why))
			fail_msg("%s:%s: scramble %d unsolvable: %s", p->id, text, k, why.msg);
		if (p->state_is_solved(params, s))
			fail_msg("%s:%s: scramble %d is solved", p->id, text, k);
		p->state_free(s);
	}
}

static void
scrambles_are_solvable_and_not_solved(void **unused)
{
	(void)unused;
	each_sample(0, check_scrambles);
}

/* Solves s in metric (optimal or not), replays the answer and returns its
 * cost; -1 when the solver refuses (the reason in *why). An answer too
 * long to list (a rolling cube a billion cells across) is asked for with
 * partial_ok: its first moves, marked truncated, must replay. */
static long
solve_replay(const struct puzzle *p, const void *params, const void *s, int metric,
    bool optimal, struct tw_error *why)
{
	bool truncated = false;
	long total = -1;
	struct solve_request req = {.metric = metric, .optimal = optimal,
	    .partial_ok = true, .truncated = &truncated, .total_length = &total};
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err = {0};
	void *work;
	long cost;

	if (!p->solve(params, s, &req, &moves, why)) {
		assert_int_equal(moves.len, 0);
		return -1;
	}
	work = p->state_dup(params, s, NULL);
	if (!puzzle_apply_list(p, params, work, &moves, &err))
		fail_msg("%s: the answer does not replay: %s", p->id, err.msg);
	if (truncated) {
		/* Cut short, a proven shortest answer included (the rolling
		 * cube's): its whole length is what counts. */
		assert_true(moves.len > 0);
		assert_true(total >= (long)moves.len);
		p->state_free(work);
		movelist_clear(&moves);
		return total;
	}
	if (!p->state_is_solved(params, work))
		fail_msg("%s: the answer does not solve", p->id);
	cost = puzzle_list_cost(p, params, &moves, metric);
	assert_true(cost >= 0);
	p->state_free(work);
	movelist_clear(&moves);
	return cost;
}

static void
check_solutions(const struct puzzle *p, const void *params, const char *text)
{
	for (int m = 0; p->metrics[m] != NULL; m++) {
		void *s = scramble(p, params, 300 + m);
		struct tw_error why = {0};

		if (solve_replay(p, params, s, m, false, &why) < 0)
			fail_msg("%s:%s (%s): %s", p->id, text, p->metrics[m], why.msg);
		p->state_free(s);
		if (test_tier() != TIER_SLOW && m >= 1)
			break;   /* two metrics outside the slow suite */
	}
}

static void
solutions_replay_to_solved(void **unused)
{
	(void)unused;
	each_sample(tier_pick(0, 0, 4), check_solutions);
}

static void
check_optimal(const struct puzzle *p, const void *params, const char *text)
{
	/* The 3x3x3's optimal mode takes a 2.55 GB table and seconds to
	 * minutes a position: tests/solver/test_cube3_optimal.c checks it.
	 * From the 4x4x4 on, proven-shortest answers reach a few turns from
	 * solved, and a full scramble spends the search's whole work before
	 * it is refused: tests/solver/test_cube_near.c checks them on
	 * practice boards. */
	if (!p->optimal_solver || (strcmp(p->id, "cube") == 0 && strcmp(text, "3") == 0) ||
	    (strcmp(p->id, "cube") == 0 && atoi(text) >= 4 && strstr(text, "turns=") == NULL))
		return;
	for (int m = 0; p->metrics[m] != NULL; m++) {
		for (int k = 0; k < 3; k++) {
			void *s = scramble(p, params, 400 + k);
			struct tw_error why = {0};
			long best = solve_replay(p, params, s, m, true, &why), plain;

			if (best >= 0) {
				plain = solve_replay(p, params, s, m, false, &why);
				if (best > plain)
					fail_msg("%s:%s (%s): optimal %ld, default %ld", p->id, text,
					    p->metrics[m], best, plain);
			}
			p->state_free(s);
		}
	}
}

static void
optimal_answers_are_no_longer_than_the_default(void **unused)
{
	(void)unused;
	each_sample(tier_pick(0, 6, 3), check_optimal);
}

/* A solve running in its own thread. */
struct run {
	const struct puzzle *p;
	const void *params, *state;
	atomic_bool cancel;
	atomic_int progress;
	_Atomic(const char *) phase;
	atomic_bool done;
	bool ok;
	struct movelist moves;
	struct tw_error err;
	double finished;
};

static void *
run_solve(void *arg)
{
	struct run *r = arg;
	struct solve_request req = {.cancel = &r->cancel, .progress = &r->progress,
	    .phase = &r->phase, .partial_ok = false};

	r->ok = r->p->solve(r->params, r->state, &req, &r->moves, &r->err);
	r->finished = now();
	atomic_store(&r->done, true);
	return NULL;
}

static void
start_run(struct run *r, const struct puzzle *p, const void *params, const void *s)
{
	pthread_t t;

	memset(r, 0, sizeof *r);
	r->p = p;
	r->params = params;
	r->state = s;
	atomic_init(&r->cancel, false);
	atomic_init(&r->progress, -1);
	atomic_init(&r->phase, NULL);
	atomic_init(&r->done, false);
	assert_int_equal(pthread_create(&t, NULL, run_solve, r), 0);
	pthread_detach(t);
}

static void
sleep_ms(int ms)
{
	nanosleep(&(struct timespec){ms / 1000, (long)(ms % 1000) * 1000000}, NULL);
}

/* The last (largest) sample of each puzzle: the progress read while the
 * solver works never falls and stays in 0..1000; then the same position
 * again, cancelled once the solver reports it has started. */
static void
check_progress_and_cancel(const struct puzzle *p, const void *params, const char *text)
{
	void *s = scramble(p, params, 500);
	struct run r;
	int last = -1, reads = 0;
	double started = now(), took, cancelled_at;

	start_run(&r, p, params, s);
	while (!atomic_load(&r.done)) {
		int v = atomic_load(&r.progress);

		if (v < last || v > 1000)
			fail_msg("%s:%s: progress went from %d to %d", p->id, text, last, v);
		last = v;
		reads++;
		sleep_ms(1);
	}
	took = r.finished - started;
	if (!r.ok)
		fail_msg("%s:%s: %s", p->id, text, r.err.msg);
	assert_true(atomic_load(&r.progress) == -1 || atomic_load(&r.progress) == 1000);
	movelist_clear(&r.moves);
	printf("# %s:%s solved in %.3f s, progress read %d times, last %d\n", p->id, text,
	    took, reads, atomic_load(&r.progress));

	start_run(&r, p, params, s);
	started = now();
	/* Started: it reported something, or a tenth of its solve time. */
	while (!atomic_load(&r.done) && atomic_load(&r.progress) < 0 &&
	    atomic_load(&r.phase) == NULL && now() - started < took / 10)
		sleep_ms(1);
	cancelled_at = now();
	atomic_store(&r.cancel, true);
	while (!atomic_load(&r.done))
		sleep_ms(1);
	if (r.ok) {
		/* It finished first: only a quick solver may. */
		if (took > 0.2)
			fail_msg("%s:%s: took %.2f s and ignored the cancel flag", p->id, text, took);
		movelist_clear(&r.moves);
	} else {
		assert_string_equal(r.err.msg, "cancelled");
		assert_int_equal(r.err.kind, TW_ERROR_CANCELLED);
		assert_int_equal(r.moves.len, 0);
		movelist_clear(&r.moves);
		if (r.finished - cancelled_at > (test_tier() == TIER_SANITIZED ? 3.0 : 1.0))
			fail_msg("%s:%s: cancelled after %.2f s", p->id, text, r.finished - cancelled_at);
		printf("# %s:%s cancelled in %.3f s\n", p->id, text, r.finished - cancelled_at);
	}
	p->state_free(s);
}

static void
progress_rises_and_cancel_stops_the_solver(void **unused)
{
	(void)unused;
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		int last = 0;
		void *params;

		if (!checked(p))
			continue;
		while (p->sample_params[last + 1] != NULL)
			last++;
		params = parse_params(p, p->sample_params[last]);
		check_progress_and_cancel(p, params, p->sample_params[last]);
		p->params_free(params);
	}
}

/* A table build asked to stop before it starts stops at once with
 * "cancelled". */
static void
table_builds_stop_when_cancelled(void **unused)
{
	(void)unused;
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		atomic_bool cancel = true;
		atomic_int progress = 0;
		struct tw_error err = {0};
		double t0;

		if (!checked(p) || p->prepare_tables == NULL)
			continue;
		t0 = now();
		assert_false(p->prepare_tables(&progress, &cancel, &err));
		assert_string_equal(err.msg, "cancelled");
		assert_int_equal(err.kind, TW_ERROR_CANCELLED);
		assert_true(now() - t0 < 1.0);
	}
}

/* A new puzzle's tables build whole, with progress rising to 1000. Only
 * with an argument (a test-only puzzle's quick tables): the four puzzles'
 * builds take minutes and are checked by the cache test (tests/e2e) and
 * the solver tests. */
static void
table_builds_finish_with_rising_progress(void **unused)
{
	(void)unused;
	for (size_t i = 0; only != NULL && twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		atomic_bool cancel = false;
		atomic_int progress = 0;
		struct tw_error err = {0};

		if (!checked(p) || p->prepare_tables == NULL)
			continue;
		if (!p->prepare_tables(&progress, &cancel, &err))
			fail_msg("%s: %s", p->id, err.msg);
		assert_int_equal(atomic_load(&progress), 1000);
	}
}

/* The one list of puzzles names every puzzle once, and (with an argument)
 * the puzzle to check is among them. */
static void
every_puzzle_is_listed_once(void **unused)
{
	size_t n = 0;

	(void)unused;
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++, n++)
		for (size_t j = 0; j < i; j++)
			assert_true(strcmp(twirl_puzzles[i]->id, twirl_puzzles[j]->id) != 0);
	assert_true(n >= 4);
	if (only != NULL)
		assert_non_null(puzzle_find(twirl_puzzles, only));
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_puzzle_is_listed_once),
		cmocka_unit_test(params_parse_format_and_parse_again_to_the_same),
		cmocka_unit_test(positions_parse_format_and_parse_again_to_the_same),
		cmocka_unit_test(refused_moves_leave_the_position_untouched),
		cmocka_unit_test(inverses_undo_moves),
		cmocka_unit_test(scrambles_are_solvable_and_not_solved),
		cmocka_unit_test(solutions_replay_to_solved),
		cmocka_unit_test(optimal_answers_are_no_longer_than_the_default),
		cmocka_unit_test(progress_rises_and_cancel_stops_the_solver),
		cmocka_unit_test(table_builds_stop_when_cancelled),
		cmocka_unit_test(table_builds_finish_with_rising_progress),
	};

	storage_use_table_cache();
	if (argc > 1)
		only = argv[1];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
