/* The torus's proven-shortest answers (solvers/torus/optimal.h) against
 * breadth-first search over every position of small boards:
 *   - the searches' counts: (mn)! positions, half of them on odd x odd
 *     boards (every move an even permutation), and Amano et al.'s
 *     diameters in the drag metric (2x3 7, 2x4 8, 3x3 8; the 2x5's 12
 *     in the slow suite);
 *   - the walking-distance bound never exceeds the true distance, on
 *     every position of the 2x3, 2x4 and 3x3;
 *   - IDA*'s answers replay to solved and are exactly as long as the
 *     distance, on every 2x3 position and on random 2x4 and 3x3 ones,
 *     in both metrics;
 *   - --max-length is a proof: one move short of the distance, no
 *     answer and none_within_max; the same answer every time;
 *   - the 5x5 (grouped bound) near solved: answers no longer than the
 *     scramble, the bound no higher;
 *   - refusals: boards not offered, unsolvable positions, cancel. */
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
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "solvers/torus/optimal.h"

/* The position of rank r (the inverse of torus_position_rank). */
static void
position_of(uint32_t r, int m, int n, struct torus_state *s)
{
	uint8_t left[16];
	uint32_t fact = 1;
	int cells = m * n, i, j;

	s->rows = m;
	s->cols = n;
	for (i = 0; i < cells; i++)
		left[i] = (uint8_t)(i + 1);
	for (i = 1; i < cells; i++)
		fact *= (uint32_t)i;
	for (i = 0; i < cells; i++) {
		uint32_t q = r / fact;

		r %= fact;
		s->tile[i] = left[q];
		for (j = (int)q; j < cells - 1 - i; j++)
			left[j] = left[j + 1];
		if (cells - 1 - i > 0)
			fact /= (uint32_t)(cells - 1 - i);
	}
}

static long
answer_cost(const struct torus_params *p, const struct movelist *a, int metric)
{
	return puzzle_list_cost(&torus_puzzle, p, a, metric);
}

/* Solves s optimally, replays the answer and checks it is d long. */
static void
check_answer(const struct torus_state *s, int metric, int d)
{
	struct torus_params p = {.rows = s->rows, .cols = s->cols};
	struct solve_request req = {.metric = metric, .optimal = true};
	struct movelist a = MOVELIST_EMPTY;
	struct torus_state t = *s;
	struct tw_error err;

	if (!torus_solve_optimal(&p, s, &req, &a, &err))
		fail_msg("%dx%d (%s): %s", p.rows, p.cols, torus_metrics[metric], err.msg);
	for (size_t i = 0; i < a.len; i++)
		assert_true(torus_move_apply(&p, &t, a.moves[i], NULL));
	assert_true(torus_state_is_solved(&p, &t));
	if (answer_cost(&p, &a, metric) != d)
		fail_msg("%dx%d (%s): an answer of %ld where the distance is %d", p.rows, p.cols,
		    torus_metrics[metric], answer_cost(&p, &a, metric), d);
	movelist_clear(&a);
}

static const struct {
	int m, n;
	int drag, push;          /* diameters; the drag ones are the paper's */
	long long positions;
} boards[] = {
	{2, 2, 4, 4, 24},
	{2, 3, 7, 7, 720},
	{2, 4, 8, 10, 40320},
	{3, 3, 8, 8, 181440},
};

static void
each_board_checks_against_its_search(void **unused)
{
	(void)unused;
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		int m = boards[b].m, n = boards[b].n;

		for (int metric = TORUS_DRAG; metric <= TORUS_PUSH; metric++) {
			long long counts[64] = {0}, total = 0;
			uint8_t *dist = NULL;
			uint32_t all = 1, r;
			struct tw_rng rng;
			int k = torus_distances(m, n, metric, counts, 64, &dist, NULL, NULL), i;

			assert_true(k > 0);
			for (i = 0; i < k; i++)
				total += counts[i];
			assert_int_equal(total, boards[b].positions);
			assert_int_equal(k - 1, metric == TORUS_DRAG ? boards[b].drag : boards[b].push);
			for (i = 2; i <= m * n; i++)
				all *= (uint32_t)i;
			/* The parity rule and the bound on every position; the
			 * answers on every 2x3 one, on 300 random ones else. */
			tw_rng_seed(&rng, 77 + b);
			for (r = 0; r < all; r++) {
				struct torus_state s;
				struct torus_params p = {.rows = m, .cols = n};
				bool solvable;

				position_of(r, m, n, &s);
				assert_int_equal(torus_position_rank(&s), r);
				solvable = torus_state_solvable(&p, &s, NULL);
				assert_int_equal(dist[r] != 255, solvable);
				if (!solvable)
					continue;
				if (torus_optimal_bound(&s, metric) > dist[r])
					fail_msg("%dx%d (%s): bound %d over the distance %d", m, n,
					    torus_metrics[metric], torus_optimal_bound(&s, metric), dist[r]);
				if (all <= 720 || tw_rng_below(&rng, all) < 300)
					check_answer(&s, metric, dist[r]);
			}
			free(dist);
		}
	}
}

/* The 2x5's 3.6 million positions: the paper's 12, and 13 pushes. */
static void
the_2x5_diameters(void **unused)
{
	long long counts[64];

	(void)unused;
	if (test_tier() != TIER_SLOW)
		skip();
	assert_int_equal(torus_distances(2, 5, TORUS_DRAG, counts, 64, NULL, NULL, NULL), 13);
	assert_int_equal(torus_distances(2, 5, TORUS_PUSH, counts, 64, NULL, NULL, NULL), 14);
}

/* A 4x4 position: its answer replays, is no longer than the default
 * solver's scramble, and --max-length one short proves there is none. */
static void
max_length_is_a_proof(void **unused)
{
	struct torus_params p = {.rows = 4, .cols = 4};
	struct torus_state *s = torus_state_solved(&p, NULL);
	struct movelist a = MOVELIST_EMPTY, again = MOVELIST_EMPTY, none = MOVELIST_EMPTY;
	const char *scramble[] = {"E1", "S2^2", "W3", "N4", "E2^2", "S1", "W4"};
	bool none_within = false;
	struct tw_error err;
	long d;

	(void)unused;
	for (size_t i = 0; i < sizeof scramble / sizeof scramble[0]; i++)
		assert_true(torus_move_apply(&p, s, scramble[i], NULL));
	assert_true(torus_solve_optimal(&p, s, &(struct solve_request){.metric = TORUS_DRAG,
	    .optimal = true}, &a, &err));
	d = answer_cost(&p, &a, TORUS_DRAG);
	assert_true(d >= 1 && d <= 7);
	check_answer(s, TORUS_DRAG, (int)d);
	/* The same answer again. */
	assert_true(torus_solve_optimal(&p, s, &(struct solve_request){.metric = TORUS_DRAG,
	    .optimal = true}, &again, &err));
	assert_int_equal(again.len, a.len);
	for (size_t i = 0; i < a.len; i++)
		assert_string_equal(again.moves[i], a.moves[i]);
	/* Within d it is found; within d - 1 there is none. */
	movelist_clear(&again);
	assert_true(torus_solve_optimal(&p, s, &(struct solve_request){.metric = TORUS_DRAG,
	    .optimal = true, .max_length = (int)d}, &again, &err));
	assert_false(torus_solve_optimal(&p, s, &(struct solve_request){.metric = TORUS_DRAG,
	    .optimal = true, .max_length = (int)d - 1, .none_within_max = &none_within}, &none, &err));
	assert_true(none_within);
	assert_int_equal(err.kind, TW_ERROR_NO_SOLUTION);
	assert_int_equal(none.len, 0);
	movelist_clear(&a);
	movelist_clear(&again);
	torus_state_free(s);
}

/* The 5x5, under the grouped reduction: positions k random moves from
 * solved (k up to 8) get an answer of at most k moves that replays, and
 * the bound never exceeds k, in both metrics. */
static void
the_5x5_near_solved(void **unused)
{
	struct torus_params p = {.rows = 5, .cols = 5};
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 55);
	for (int i = 0; i < tier_pick(200, 40, 10); i++) {
		struct torus_state *s = torus_state_solved(&p, NULL);
		int k = 1 + i % 8, push = (int)torus_random_shifts(s, k, 2, &rng);

		for (int metric = TORUS_DRAG; metric <= TORUS_PUSH; metric++) {
			struct movelist a = MOVELIST_EMPTY;
			struct torus_state t = *s;
			struct tw_error err;
			int most = metric == TORUS_DRAG ? k : push;

			assert_true(torus_optimal_bound(s, metric) <= most);
			if (!torus_solve_optimal(&p, s, &(struct solve_request){.metric = metric,
			    .optimal = true}, &a, &err))
				fail_msg("5x5 after %d moves: %s", k, err.msg);
			assert_true(answer_cost(&p, &a, metric) <= most);
			assert_true(answer_cost(&p, &a, metric) >= torus_optimal_bound(s, metric));
			for (size_t j = 0; j < a.len; j++)
				assert_true(torus_move_apply(&p, &t, a.moves[j], NULL));
			assert_true(torus_state_is_solved(&p, &t));
			movelist_clear(&a);
		}
		torus_state_free(s);
	}
}

static void
refusals_say_why(void **unused)
{
	struct torus_params big = {.rows = 6, .cols = 6}, odd = {.rows = 3, .cols = 3}, p44 = {.rows = 4, .cols = 4};
	struct torus_state *s = torus_state_solved(&big, NULL), *t;
	struct movelist a = MOVELIST_EMPTY;
	atomic_bool cancel = true;
	struct tw_error err;

	(void)unused;
	assert_false(torus_solve_optimal(&big, s, &(struct solve_request){.optimal = true}, &a,
	    &err));
	assert_int_equal(err.kind, TW_ERROR_BAD_INPUT);
	assert_non_null(strstr(err.msg, "6x6"));
	assert_false(torus_optimal_offered(2, 7, TORUS_DRAG, NULL));
	assert_false(torus_optimal_offered(4, 5, TORUS_DRAG, NULL));
	assert_true(torus_optimal_offered(6, 2, TORUS_PUSH, NULL));
	torus_state_free(s);
	/* An odd permutation of the 3x3: no answer at all. */
	s = torus_state_solved(&odd, NULL);
	s->tile[0] = 2;
	s->tile[1] = 1;
	assert_false(torus_solve_optimal(&odd, s, &(struct solve_request){.optimal = true}, &a,
	    &err));
	assert_non_null(strstr(err.msg, "odd"));
	torus_state_free(s);
	/* Cancelled before it starts, on a position deep enough to look. */
	s = torus_state_solved(&p44, NULL);
	t = s;
	for (int i = 1; i <= 4; i++) {
		char mv[8];

		snprintf(mv, sizeof mv, "E%d", i);
		assert_true(torus_move_apply(&p44, t, mv, NULL));
		snprintf(mv, sizeof mv, "S%d^2", i);
		assert_true(torus_move_apply(&p44, t, mv, NULL));
	}
	assert_false(torus_solve_optimal(&p44, s, &(struct solve_request){.optimal = true,
	    .cancel = &cancel}, &a, &err));
	assert_int_equal(err.kind, TW_ERROR_CANCELLED);
	assert_int_equal(a.len, 0);
	torus_state_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_board_checks_against_its_search),
		cmocka_unit_test(the_2x5_diameters),
		cmocka_unit_test(max_length_is_a_proof),
		cmocka_unit_test(the_5x5_near_solved),
		cmocka_unit_test(refusals_say_why),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
