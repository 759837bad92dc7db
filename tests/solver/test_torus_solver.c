/* Solver properties: every solution, replayed by the engine, solves; it is
 * written canonically; unsolvable positions are refused; and breadth-first
 * search over the engine reproduces the paper's diameters and the
 * solvable counts the solver and checker rely on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "solvers/torus/solve.h"

static int
line_length(const struct torus_params *p, const struct torus_move *mv)
{
	return mv->dir == TORUS_E || mv->dir == TORUS_W ? p->cols : p->rows;
}

/* Solves s, replays the answer on a copy and checks it. Returns the
 * solution's length in drag moves. */
static long
solve_and_check(const struct torus_params *p, const struct torus_state *s,
    int metric)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct torus_state copy = *s;
	struct torus_move prev = {TORUS_N, 0, 0}, mv;
	struct tw_error err;
	long len;
	size_t i;

	if (!torus_solve(p, s, &(struct solve_request){.metric = metric}, &moves, &err))
		fail_msg("%dx%d: %s", p->rows, p->cols, err.msg);
	for (i = 0; i < moves.len; i++) {
		char back[16];
		bool prev_row, row;

		if (!torus_move_parse(p, moves.moves[i], &mv, &err))
			fail_msg("%dx%d: bad move '%s': %s", p->rows, p->cols,
			    moves.moves[i], err.msg);
		torus_move_format(&mv, back, sizeof back);
		assert_string_equal(back, moves.moves[i]);
		/* Short way round, and consecutive shifts of a line merged. */
		assert_true(2 * mv.amount <= line_length(p, &mv));
		prev_row = prev.dir == TORUS_E || prev.dir == TORUS_W;
		row = mv.dir == TORUS_E || mv.dir == TORUS_W;
		if (i > 0 && prev_row == row && prev.line == mv.line)
			fail_msg("%dx%d: unmerged %s %s", p->rows, p->cols,
			    moves.moves[i - 1], moves.moves[i]);
		torus_move_do(&copy, &mv);
		prev = mv;
	}
	if (!torus_state_is_solved(p, &copy)) {
		char *text = torus_state_format(p, s, NULL);

		fail_msg("%dx%d: solution does not solve %s", p->rows, p->cols, text);
	}
	len = (long)moves.len;
	movelist_clear(&moves);
	return len;
}

static void
random_positions_of_every_board_to_10x10_are_solved(void **unused)
{
	struct tw_rng rng;
	int count = tier_pick(1000, 100, 20), m, n, i;

	(void)unused;
	tw_rng_seed(&rng, 20260101);
	for (m = 2; m <= 10; m++) {
		for (n = 2; n <= 10; n++) {
			struct torus_params p = {.rows = m, .cols = n};
			long worst = 0;

			for (i = 0; i < count; i++) {
				struct torus_state *s = torus_scramble(&p, &rng, NULL);
				long len = solve_and_check(&p, s, i % 2 ? TORUS_PUSH : TORUS_DRAG);

				if (len > worst)
					worst = len;
				free(s);
			}
			/* The paper's bound 4mn + c max(m, n) with c = 4. */
			assert_true(worst <= 4 * m * n + 4 * (m > n ? m : n));
		}
	}
}

static void
random_positions_of_large_boards_are_solved(void **unused)
{
	static const int sizes[][2] = {{20, 20}, {19, 19}, {20, 19}, {19, 20},
	    {2, 20}, {20, 2}, {3, 17}, {16, 11}, {11, 16}, {15, 15}};
	struct tw_rng rng;
	int count = tier_pick(30, 10, 3), i;
	size_t k;

	(void)unused;
	tw_rng_seed(&rng, 77);
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct torus_params p = {.rows = sizes[k][0], .cols = sizes[k][1]};

		for (i = 0; i < count; i++) {
			struct torus_state *s = torus_scramble(&p, &rng, NULL);
			long len = solve_and_check(&p, s, TORUS_DRAG);

			assert_true(len <= 4 * p.rows * p.cols);
			free(s);
		}
	}
}

static void
solved_position_needs_no_moves(void **unused)
{
	struct torus_params p = {.rows = 4, .cols = 6};
	struct torus_state *s = torus_state_solved(&p, NULL);
	struct movelist moves = MOVELIST_EMPTY;

	(void)unused;
	assert_true(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG}, &moves, NULL));
	assert_int_equal(moves.len, 0);
	free(s);
}

static void
one_move_away_is_solved_in_one_move(void **unused)
{
	struct torus_params p = {.rows = 5, .cols = 5};
	struct torus_state *s = torus_state_solved(&p, NULL);
	struct movelist moves = MOVELIST_EMPTY;

	(void)unused;
	torus_move_apply(&p, s, "E3^2", NULL);
	assert_true(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG}, &moves, NULL));
	assert_int_equal(moves.len, 1);
	assert_string_equal(moves.moves[0], "W3^2");
	movelist_clear(&moves);
	free(s);
}

static void
odd_by_odd_odd_positions_are_refused(void **unused)
{
	static const int sizes[][2] = {{3, 3}, {5, 3}, {7, 9}, {19, 19}};
	size_t k;

	(void)unused;
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct torus_params p = {.rows = sizes[k][0], .cols = sizes[k][1]};
		struct torus_state *s = torus_state_solved(&p, NULL);
		struct movelist moves = MOVELIST_EMPTY;
		struct tw_error err = {0};

		s->tile[0] = 2;
		s->tile[1] = 1;
		assert_false(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG}, &moves, &err));
		assert_non_null(strstr(err.msg, "odd permutation"));
		assert_int_equal(moves.len, 0);
		free(s);
	}
}

static void
a_cancel_flag_set_beforehand_stops_the_solver_at_once(void **unused)
{
	struct torus_params p = {.rows = 12, .cols = 12};
	struct tw_rng rng;
	struct torus_state *s;
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err = {0};
	atomic_bool cancel;

	(void)unused;
	atomic_init(&cancel, true);
	tw_rng_seed(&rng, 1);
	s = torus_scramble(&p, &rng, NULL);
	assert_false(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG, .cancel = &cancel}, &moves, &err));
	assert_string_equal(err.msg, "cancelled");
	free(s);
}

static void
push_metric_never_does_worse_in_push(void **unused)
{
	struct torus_params p = {.rows = 4, .cols = 6};
	struct tw_rng rng;
	int i;

	(void)unused;
	tw_rng_seed(&rng, 9);
	for (i = 0; i < 200; i++) {
		struct torus_state *s = torus_scramble(&p, &rng, NULL);
		struct movelist a = MOVELIST_EMPTY, b = MOVELIST_EMPTY;

		assert_true(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_DRAG}, &a, NULL));
		assert_true(torus_solve(&p, s, &(struct solve_request){.metric = TORUS_PUSH}, &b, NULL));
		assert_true(puzzle_list_cost(&torus_puzzle, &p, &b, TORUS_PUSH) <=
		    puzzle_list_cost(&torus_puzzle, &p, &a, TORUS_PUSH));
		movelist_clear(&a);
		movelist_clear(&b);
		free(s);
	}
}

/* Breadth-first search in the drag metric over all positions reachable
 * from solved, positions ranked by their Lehmer code. */
static uint64_t
rank(const uint16_t *perm, int len)
{
	uint64_t r = 0;
	int i, j;

	for (i = 0; i < len; i++) {
		int smaller = 0;

		for (j = i + 1; j < len; j++)
			smaller += perm[j] < perm[i];
		r = r * (uint64_t)(len - i) + (uint64_t)smaller;
	}
	return r;
}

static void
unrank(uint64_t r, int len, uint16_t *perm)
{
	int code[TORUS_MAX_SIDE * TORUS_MAX_SIDE], i, j;
	bool used[TORUS_MAX_SIDE * TORUS_MAX_SIDE + 1] = {false};

	for (i = len - 1; i >= 0; i--) {
		code[i] = (int)(r % (uint64_t)(len - i));
		r /= (uint64_t)(len - i);
	}
	for (i = 0; i < len; i++) {
		int k = code[i];

		for (j = 1; ; j++) {
			if (used[j])
				continue;
			if (k-- == 0)
				break;
		}
		used[j] = true;
		perm[i] = (uint16_t)j;
	}
}

static void
bfs(int m, int n, uint64_t *reached, int *diameter)
{
	struct torus_params p = {.rows = m, .cols = n};
	int cells = m * n, depth = 0;
	uint64_t total = 1, i, *queue, head = 0, tail = 0, level_end;
	unsigned char *seen;
	struct torus_state *s = torus_state_solved(&p, NULL);

	for (i = 2; i <= (uint64_t)cells; i++)
		total *= i;
	seen = calloc(total, 1);
	queue = malloc(total * sizeof *queue);
	assert_non_null(seen);
	assert_non_null(queue);
	queue[tail++] = rank(s->tile, cells);
	seen[queue[0]] = 1;
	level_end = tail;
	while (head < tail) {
		struct torus_state cur = *s, next;
		struct torus_move mv;
		uint64_t r = queue[head++];

		unrank(r, cells, cur.tile);
		for (mv.dir = TORUS_E; (int)mv.dir <= (int)TORUS_S; mv.dir += 1) {
			int lines = mv.dir == TORUS_E ? m : n;
			int len = mv.dir == TORUS_E ? n : m;

			for (mv.line = 1; mv.line <= lines; mv.line++) {
				for (mv.amount = 1; mv.amount < len; mv.amount++) {
					uint64_t nr;

					next = cur;
					torus_move_do(&next, &mv);
					nr = rank(next.tile, cells);
					if (!seen[nr]) {
						seen[nr] = 1;
						queue[tail++] = nr;
					}
				}
			}
		}
		if (head == level_end && head < tail) {
			depth++;
			level_end = tail;
		}
	}
	*reached = tail;
	*diameter = depth;
	free(seen);
	free(queue);
	free(s);
}

static void
bfs_reproduces_the_papers_diameters_and_solvable_counts(void **unused)
{
	/* Amano et al., section 5: diam(2x3) = 7, diam(2x4) = 8,
	 * diam(3x3) = 8, diam(2x5) = 12 (drag metric). */
	static const struct {
		int m, n, diameter;
		uint64_t reachable;
	} cases[] = {
		{2, 2, 0, 24}, {2, 3, 7, 720}, {2, 4, 8, 40320},
		{3, 3, 8, 181440}, {2, 5, 12, 3628800},
	};
	size_t k;

	(void)unused;
	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		uint64_t reached;
		int diameter;

		/* The 2x5's 3.6 million positions in the slow suite (the
		 * default tier's small boards are searched again, by the
		 * optimal solver's own search, in test_torus_optimal.c). */
		if (cases[k].m * cases[k].n > 9 && test_tier() != TIER_SLOW)
			continue;

		bfs(cases[k].m, cases[k].n, &reached, &diameter);
		printf("# torus %dx%d: %llu positions reachable, diameter %d (drag)\n",
		    cases[k].m, cases[k].n, (unsigned long long)reached, diameter);
		assert_int_equal(reached, cases[k].reachable);
		if (cases[k].diameter > 0)
			assert_int_equal(diameter, cases[k].diameter);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_positions_of_every_board_to_10x10_are_solved),
		cmocka_unit_test(random_positions_of_large_boards_are_solved),
		cmocka_unit_test(solved_position_needs_no_moves),
		cmocka_unit_test(one_move_away_is_solved_in_one_move),
		cmocka_unit_test(odd_by_odd_odd_positions_are_refused),
		cmocka_unit_test(a_cancel_flag_set_beforehand_stops_the_solver_at_once),
		cmocka_unit_test(push_metric_never_does_worse_in_push),
		cmocka_unit_test(bfs_reproduces_the_papers_diameters_and_solvable_counts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
