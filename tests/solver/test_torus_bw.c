/* The black-and-white torus's solvers (solvers/torus/bw.h):
 *   - on the 2x3, 3x3 and 2x4 (and a 4x4 goal of stripes), every
 *     position with the goal's count of black pieces: the answer replays
 *     to the goal and is exactly as long as a breadth-first search over
 *     the engine's own moves finds, in both metrics, and the paper's
 *     counting bound is never above it;
 *   - boards too large to search, to 20x20: answers replay to the goal,
 *     no shorter than the bound, the same every time; --optimal refused;
 *   - a position with the wrong count is refused with the reason;
 *   - a seeded random pair (torus:MxN:bw:random#SEED): the seed draws
 *     the goal and the start, the same every time, other seeds other
 *     goals; the drawn board's ID names its goal and gives the same
 *     game again; without a seed the params stay as written. */
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
#include "engine/gameid.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "solvers/torus/bw.h"

static struct torus_params *
params_of(const char *text)
{
	size_t used;
	struct tw_error err;
	struct torus_params *p = torus_params_parse(text, &used, &err);

	if (p == NULL)
		fail_msg("%s: %s", text, err.msg);
	return p;
}

static uint32_t
mask_of(const struct torus_state *s)
{
	uint32_t mask = 0;

	for (int i = 0; i < s->rows * s->cols; i++)
		mask |= (uint32_t)(s->tile[i] != 0) << i;
	return mask;
}

static void
state_of(uint32_t mask, int m, int n, struct torus_state *s)
{
	s->rows = m;
	s->cols = n;
	for (int i = 0; i < m * n; i++)
		s->tile[i] = (uint16_t)((mask >> i) & 1);
}

/* Solves s, replays the answer to the goal; its cost in metric. */
static long
solve_replay(const struct torus_params *p, const struct torus_state *s, int metric, bool optimal)
{
	struct movelist a = MOVELIST_EMPTY;
	struct torus_state t = *s;
	struct tw_error err;
	long cost = 0;

	if (!torus_bw_solve(p, s, &(struct solve_request){.metric = metric, .optimal = optimal},
	    &a, &err))
		fail_msg("%dx%d: %s", p->rows, p->cols, err.msg);
	for (size_t i = 0; i < a.len; i++) {
		assert_true(torus_move_apply(p, &t, a.moves[i], NULL));
		cost += torus_move_cost(p, a.moves[i], metric);
	}
	assert_true(torus_state_is_solved(p, &t));
	movelist_clear(&a);
	return cost;
}

static void
small_boards_against_a_search_of_the_engine(void **unused)
{
	static const char *const boards[] = {"2x3:bw", "3x3:bw", "2x4:goal=x.x./.x.x",
	    "4x4:goal=x.x./x.x./x.x./x.x."};

	(void)unused;
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		struct torus_params *p = params_of(boards[b]);
		int m = p->rows, n = p->cols, cells = m * n;

		for (int metric = TORUS_DRAG; metric <= TORUS_PUSH; metric++) {
			uint32_t total = 1u << cells, head = 0, tail = 0;
			uint32_t *queue = malloc(sizeof *queue * total);
			uint8_t *dist = malloc(total);
			struct torus_state s, goal = {0};
			int checked = 0;

			assert_non_null(queue);
			assert_non_null(dist);
			memset(dist, 255, total);
			goal.rows = m;
			goal.cols = n;
			for (int i = 0; i < cells; i++)
				goal.tile[i] = p->goal[i];
			dist[mask_of(&goal)] = 0;
			queue[tail++] = mask_of(&goal);
			/* The push metric's moves are the unit shifts. */
			while (head < tail) {
				uint32_t x = queue[head++];

				for (int dir = TORUS_N; dir <= TORUS_W; dir++) {
					bool row = dir == TORUS_E || dir == TORUS_W;

					for (int line = 1; line <= (row ? m : n); line++) {
						for (int k = 1; k < (row ? n : m); k++) {
							struct torus_move mv = {(enum torus_dir)dir, line, k};
							uint32_t y;

							if (metric == TORUS_PUSH && k != 1)
								continue;
							state_of(x, m, n, &s);
							torus_move_do(&s, &mv);
							y = mask_of(&s);
							if (dist[y] == 255) {
								dist[y] = (uint8_t)(dist[x] + 1);
								queue[tail++] = y;
							}
						}
					}
				}
			}
			for (uint32_t x = 0; x < total; x++) {
				if (dist[x] == 255)
					continue;
				/* Every position on the small boards, a sample on
				 * the 4x4. */
				if (cells > 9 && x % 97 != 0)
					continue;
				state_of(x, m, n, &s);
				assert_true(torus_bw_lower_bound(p, &s) <= dist[x]);
				if (solve_replay(p, &s, metric, x % 2 == 0) != dist[x])
					fail_msg("%s (%s): not the shortest answer", boards[b],
					    torus_metrics[metric]);
				checked++;
			}
			assert_true(checked > 0);
			free(queue);
			free(dist);
		}
		free(p);
	}
}

static void
large_boards_are_solved(void **unused)
{
	static const char *const boards[] = {"5x5:goal=x..../.x.../..x../...x./....x", "6x6:bw",
	    "7x4:goal=x.../.x../..x./...x/x.../.x../..x.", "20x20:bw", "9x9:bw"};
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 31);
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		struct torus_params *p = params_of(boards[b]);

		for (int i = 0; i < tier_pick(10, 3, 1); i++) {
			struct torus_state *s = torus_scramble(p, &rng, NULL);
			struct movelist a = MOVELIST_EMPTY, again = MOVELIST_EMPTY, none = MOVELIST_EMPTY;
			struct tw_error err;
			long drag = solve_replay(p, s, TORUS_DRAG, false);

			assert_true(drag >= torus_bw_lower_bound(p, s));
			assert_true(solve_replay(p, s, TORUS_PUSH, false) >= torus_bw_lower_bound(p, s));
			assert_true(torus_bw_solve(p, s, &(struct solve_request){0}, &a, &err));
			assert_true(torus_bw_solve(p, s, &(struct solve_request){0}, &again, &err));
			assert_int_equal(a.len, again.len);
			for (size_t j = 0; j < a.len; j++)
				assert_string_equal(a.moves[j], again.moves[j]);
			assert_false(torus_bw_solve(p, s, &(struct solve_request){.optimal = true},
			    &none, &err));
			assert_int_equal(err.kind, TW_ERROR_BAD_INPUT);
			movelist_clear(&a);
			movelist_clear(&again);
			free(s);
		}
		free(p);
	}
}

static void
a_wrong_count_is_refused(void **unused)
{
	struct torus_params *p = params_of("4x4:bw");
	struct tw_error err;
	struct torus_state *s = torus_state_parse(p, "xxx./..../..../....", &err);
	struct movelist a = MOVELIST_EMPTY;

	(void)unused;
	assert_non_null(s);
	assert_false(torus_bw_solve(p, s, &(struct solve_request){0}, &a, &err));
	assert_non_null(strstr(err.msg, "3 black pieces where the goal has 8"));
	assert_int_equal(a.len, 0);
	free(s);
	free(p);
}

/* The game ID of gid's start position; caller frees. */
static char *
start_id(const struct gameid *gid)
{
	void *s = gameid_start_state(gid, 0, NULL);
	char *id;

	assert_non_null(s);
	id = gameid_format_state(gid->puzzle, gid->params, s, NULL);
	assert_non_null(id);
	gid->puzzle->state_free(s);
	return id;
}

static void
a_seeded_random_pair(void **unused)
{
	struct gameid a, b, c, again;
	struct tw_error err = {0};
	const struct torus_params *pa;
	char *ia, *ib, *ic, *text, *seeded_id;
	int goals_differ = 0;

	(void)unused;
	assert_true(gameid_parse(twirl_puzzles, "torus:5x6:bw:random#7", &a, &err));
	assert_true(gameid_parse(twirl_puzzles, "torus:5x6:bw:random#7", &b, &err));
	pa = a.params;
	assert_true(pa->bw);
	assert_false(pa->random_goal);
	assert_int_equal(memcmp(pa->goal, ((const struct torus_params *)b.params)->goal, 30), 0);
	ia = start_id(&a);
	ib = start_id(&b);
	assert_string_equal(ia, ib);
	/* The goal keeps the default's count, placed at random. */
	{
		int black = 0;

		for (int i = 0; i < 30; i++)
			black += pa->goal[i];
		assert_int_equal(black, 2 * 6);
	}
	/* The drawn board's own ID names its goal and gives the same game. */
	text = a.puzzle->params_format(a.params, &err);
	assert_non_null(strstr(text, ":goal="));
	seeded_id = malloc(strlen(text) + 16);
	assert_non_null(seeded_id);
	sprintf(seeded_id, "torus:%s#7", text);
	assert_true(gameid_parse(twirl_puzzles, seeded_id, &again, &err));
	ic = start_id(&again);
	assert_string_equal(ia, ic);
	free(ic);
	gameid_free(&again);
	/* Other seeds, other goals. */
	for (int s = 1; s <= 5; s++) {
		char id[48];

		snprintf(id, sizeof id, "torus:5x6:bw:random#%d", s);
		assert_true(gameid_parse(twirl_puzzles, id, &c, &err));
		goals_differ += memcmp(((const struct torus_params *)c.params)->goal, pa->goal, 30) != 0;
		gameid_free(&c);
	}
	assert_true(goals_differ >= 4);
	/* Without a seed, the params as written. */
	assert_true(gameid_parse(twirl_puzzles, "torus:5x6:bw:random", &c, &err));
	free(text);
	text = c.puzzle->params_format(c.params, &err);
	assert_string_equal(text, "5x6:bw:random");
	gameid_free(&c);
	free(text);
	free(seeded_id);
	free(ia);
	free(ib);
	gameid_free(&a);
	gameid_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_boards_against_a_search_of_the_engine),
		cmocka_unit_test(large_boards_are_solved),
		cmocka_unit_test(a_wrong_count_is_refused),
		cmocka_unit_test(a_seeded_random_pair),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
