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

#include "tier.h"
#include "engine/nrp/nrp.h"
#include "engine/perm.h"
#include "engine/rng.h"
#include "solvers/nrp/solve.h"
#include "ui/storage.h"

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

/* Solves s, checks the answer and returns its quarter turns (and its
 * tokens, a half turn one, in *tokens unless NULL). */
static long
solve_check_tokens(const struct nrp_params *p, const struct nrp_state *s, long *tokens)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	long len;

	if (!nrp_solve(p, s, &(struct solve_request){.metric = NRP_QTM}, &moves, &err)) {
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
	if (tokens != NULL)
		*tokens = (long)moves.len;
	movelist_clear(&moves);
	return len;
}

static long
solve_check(const struct nrp_params *p, const struct nrp_state *s)
{
	return solve_check_tokens(p, s, NULL);
}


/* Sixteen shapes, many random positions each (1,000 in the slow suite,
 * 40 in the default tier, 8 under the sanitizers; a tenth of that on
 * boards of 100 cells or more), including k = 4..8 and orientable games. */
static void
random_positions_of_sixteen_shapes_are_solved(void **unused)
{
	static const struct nrp_params shapes[] = {
		{4, 4, 2, false}, {5, 5, 3, false}, {6, 6, 4, false}, {7, 7, 5, false},
		{8, 8, 6, false}, {9, 9, 7, false}, {10, 10, 8, false}, {3, 4, 2, false},
		{4, 5, 4, false}, {16, 16, 2, false}, {5, 4, 3, true}, {6, 6, 2, true},
		{8, 8, 7, true}, {9, 9, 8, true}, {3, 4, 3, false}, {3, 3, 2, false},
	};
	int count = tier_pick(1000, 40, 8);

	(void)unused;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		const struct nrp_params *p = &shapes[i];
		struct tw_rng rng;
		long total = 0, max = 0;
		int n = p->rows * p->cols >= 100 ? (count + 9) / 10 : count;

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

/* The targets on the narrow boards (one block position across, where
 * 3-cycles are commutators of small-support words and chains place two
 * tiles a cycle): mean tokens within 12 times the counting bound
 * (nrp_counting_bound, solve.h), and orientable boards within twice the
 * plain board's mean (3 positions a board, 1 under the sanitizers, 20
 * in the slow suite). */
static void
narrow_boards_are_within_their_targets(void **unused)
{
	static const struct nrp_params shapes[] = {
		{5, 6, 5, false}, {6, 7, 6, false}, {7, 8, 7, false}, {8, 9, 8, false},
		{5, 6, 5, true}, {7, 8, 7, true},
	};
	double plain_mean[sizeof shapes / sizeof shapes[0]];
	int count = tier_pick(20, 3, 1);

	(void)unused;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		const struct nrp_params *p = &shapes[i];
		struct tw_rng rng;
		long total = 0;
		int bound = nrp_counting_bound(p);
		double mean;

		tw_rng_seed(&rng, 5000 + i);
		for (int j = 0; j < count; j++) {
			struct nrp_state *s = nrp_scramble(p, &rng, NULL);
			long tokens;

			assert_non_null(s);
			solve_check_tokens(p, s, &tokens);
			total += tokens;
			free(s);
		}
		mean = (double)total / count;
		plain_mean[i] = mean;
		printf("# %dx%dk%d%s: mean %.1f tokens, counting bound %d, ratio %.1f\n", p->rows, p->cols,
		    p->k, p->orientable ? "o" : "", mean, bound, mean / bound);
		assert_true(bound > 0);
		if (!p->orientable) {
			assert_true(mean <= 12.0 * bound);
		} else {
			for (size_t k = 0; k < i; k++)
				if (!shapes[k].orientable && shapes[k].rows == p->rows && shapes[k].cols == p->cols &&
				    shapes[k].k == p->k)
					assert_true(mean <= 2.0 * plain_mean[k]);
		}
	}
}

/* Solves one random position of board p (seeded by its shape). */
static void
solve_one_of_shape(const struct nrp_params *p)
{
	struct tw_rng rng;
	struct nrp_state *s;

	tw_rng_seed(&rng, (uint64_t)(p->rows * 10000 + p->cols * 100 + p->k * 2 +
	    p->orientable));
	s = nrp_scramble(p, &rng, NULL);
	assert_non_null(s);
	solve_check(p, s);
	free(s);
}

/* Every board with both sides at most max_side, every k, plain and
 * orientable: one random position each. */
static int
solve_every_shape_up_to(int max_side)
{
	int shapes = 0;

	for (int m = 2; m <= max_side; m++)
		for (int n = 2; n <= max_side; n++)
			for (int k = 2; k <= (m < n ? m : n); k++)
				for (int o = 0; o < 2; o++) {
					struct nrp_params p = {m, n, k, o == 1};

					solve_one_of_shape(&p);
					shapes++;
				}
	return shapes;
}

/* Every board shape: in the slow suite every board 2..16 x 2..16 with
 * every k, plain and orientable; in the default tier every board up to
 * 8 x 8 (5 x 5 under the sanitizers) and a fixed sample of the larger
 * ones covering their classes: the narrow k x (k + 1) boards, a block
 * that fills the board, k = 2 on the largest board, odd and even k,
 * orientable tiles, one-row boards. */
static void
every_board_shape_is_solved(void **unused)
{
	static const struct nrp_params large[] = {
		{16, 16, 2, false}, {16, 16, 16, false}, {9, 10, 9, false},
		{16, 15, 15, false}, {12, 13, 12, true}, {16, 16, 7, true},
		{2, 16, 2, false}, {16, 2, 2, true}, {10, 10, 8, false},
		{13, 11, 6, false}, {16, 16, 3, true}, {11, 14, 9, true},
		{15, 16, 15, false}, {8, 8, 4, true}, {7, 8, 7, true},
	};
	int max_side = tier_pick(NRP_MAX_SIDE, 8, 5), shapes;
	size_t i, extra = test_tier() == TIER_SLOW ? 0 :
	    test_tier() == TIER_SANITIZED ? 4 : sizeof large / sizeof large[0];

	(void)unused;
	shapes = solve_every_shape_up_to(max_side);
	for (i = 0; i < extra; i++)
		solve_one_of_shape(&large[i]);
	printf("# %d board shapes up to %dx%d and %zu larger ones solved\n", shapes,
	    max_side, max_side, extra);
}

/* Breadth-first distances from solved over a board's positions, keyed by
 * the packed tiles and rotations (a hash table; small boards only). */
struct bfs {
	size_t cap, count;
	uint64_t *key;
	uint8_t *dist;
};

static uint64_t
pack(const struct nrp_state *s)
{
	uint64_t key = 0;

	for (int i = 0; i < s->rows * s->cols; i++)
		key = key << 6 | (uint64_t)((s->tile[i] - 1) << 2 | s->rot[i]);
	return key + 1;
}

static size_t
slot(const struct bfs *b, uint64_t key)
{
	/* The product's high half: its low bits depend only on the key's
	 * low bits (the last few tiles), which crowded the probes. */
	size_t h = (size_t)((key * 0x9e3779b97f4a7c15u) >> 32) % b->cap;

	while (b->key[h] != 0 && b->key[h] != key)
		h = (h + 1) % b->cap;
	return h;
}

static void
bfs_build(struct bfs *b, const struct nrp_params *p, int metric, size_t cap)
{
	struct nrp_state *queue = malloc(cap / 2 * sizeof *queue), *solved;
	size_t head = 0, tail = 0;

	b->cap = cap;
	b->count = 0;
	b->key = calloc(cap, sizeof *b->key);
	b->dist = malloc(cap);
	assert_non_null(queue);
	assert_non_null(b->key);
	solved = nrp_state_solved(p, NULL);
	queue[tail++] = *solved;
	b->key[slot(b, pack(solved))] = pack(solved);
	b->dist[slot(b, pack(solved))] = 0;
	free(solved);
	while (head < tail) {
		struct nrp_state cur = queue[head++];
		int d = b->dist[slot(b, pack(&cur))];

		for (int r = 1; r + p->k - 1 <= p->rows; r++)
			for (int c = 1; c + p->k - 1 <= p->cols; c++)
				for (int t = 1; t <= 3; t++) {
					struct nrp_move mv = {r, c, t};
					struct nrp_state next = cur;
					size_t h;

					if (metric == NRP_QTM && t == 2)
						continue;
					nrp_move_do(&next, &mv);
					h = slot(b, pack(&next));
					if (b->key[h] == 0) {
						assert_true(tail < cap / 2);
						b->key[h] = pack(&next);
						b->dist[h] = (uint8_t)(d + 1);
						queue[tail++] = next;
					}
				}
	}
	b->count = tail;
	free(queue);
}

/* The optimal solver's lengths equal breadth-first distances, in both
 * metrics, on boards whose whole position graph fits a test. */
static void
optimal_lengths_equal_breadth_first_distances(void **unused)
{
	static const struct {
		struct nrp_params p;
		size_t cap;
	} boards[] = {
		{{3, 3, 2, false}, 1 << 20}, {{2, 4, 2, false}, 1 << 17},
		{{2, 3, 2, true}, 1 << 14}, {{3, 4, 3, false}, 1 << 12},
		{{2, 2, 2, true}, 1 << 4},
	};
	int count = tier_pick(200, 40, 10);

	(void)unused;
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		const struct nrp_params *p = &boards[i].p;

		for (int metric = NRP_QTM; metric <= NRP_HTM; metric++) {
			struct bfs b;
			struct tw_rng rng;
			int god = 0;

			bfs_build(&b, p, metric, boards[i].cap);
			for (size_t h = 0; h < b.cap; h++)
				if (b.key[h] != 0 && b.dist[h] > god)
					god = b.dist[h];
			tw_rng_seed(&rng, 77 + i);
			for (int j = 0; j < count; j++) {
				struct nrp_state *s = nrp_scramble(p, &rng, NULL);
				struct movelist moves = MOVELIST_EMPTY;
				struct tw_error err;
				long len = 0;

				if (!nrp_solve_optimal(p, s, &(struct solve_request){.metric = metric, .optimal = true}, &moves, &err))
					fail_msg("%dx%dk%d: %s", p->rows, p->cols, p->k, err.msg);
				replay_solves(p, s, &moves);
				for (size_t m = 0; m < moves.len; m++)
					len += nrp_move_cost(p, moves.moves[m], metric);
				assert_int_equal(len, b.dist[slot(&b, pack(s))]);
				movelist_clear(&moves);
				free(s);
			}
			printf("# %dx%dk%d%s %s: %zu positions, God's number %d, %d optimal answers = BFS\n",
			    p->rows, p->cols, p->k, p->orientable ? "o" : "",
			    metric == NRP_QTM ? "qtm" : "htm", b.count, god, count);
			free(b.key);
			free(b.dist);
		}
	}
}

/* Unsolvable positions are refused with the checker's reason; boards over
 * 12 cells are refused by the optimal solver. */
static void
unsolvable_and_oversized_positions_are_refused(void **unused)
{
	struct nrp_params p = {4, 4, 3, false}, big = {4, 4, 2, false};
	struct nrp_state *s = nrp_state_solved(&p, NULL);
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;

	(void)unused;
	s->tile[0] = 2;
	s->tile[1] = 1;
	assert_false(nrp_solve(&p, s, &(struct solve_request){.metric = NRP_QTM}, &moves, &err));
	assert_non_null(strstr(err.msg, "wrong colour"));
	free(s);
	s = nrp_state_solved(&big, NULL);
	assert_false(nrp_solve_optimal(&big, s, &(struct solve_request){.metric = NRP_QTM, .optimal = true}, &moves, &err));
	assert_non_null(strstr(err.msg, "at most 12 cells"));
	assert_int_equal(moves.len, 0);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unsolvable_and_oversized_positions_are_refused),
		cmocka_unit_test(optimal_lengths_equal_breadth_first_distances),
		cmocka_unit_test(every_board_shape_is_solved),
		cmocka_unit_test(random_positions_of_sixteen_shapes_are_solved),
		cmocka_unit_test(narrow_boards_are_within_their_targets),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
