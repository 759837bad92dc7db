/* The big cubes' staging core (solvers/cube/big/core/stage.h), on a
 * puzzle small enough to search whole: sorting a stack of 7 pancakes by
 * flipping a top part (moves: flip the top k, k = 2..7), bounded by the
 * gap count (Helmert, "Landmark heuristics for the pancake problem",
 * 2010: each flip changes one gap at most, so it never overestimates):
 *   - from every one of the 5,040 stacks, stage_ida's answer replays to
 *     the sorted stack and is exactly as long as a breadth-first search
 *     finds, both with every flip costing 1 (STAGE_COUNT_CHILDREN) and
 *     with flips of more than 4 costing 2 (move costs, by Dijkstra's
 *     distances; STAGE_COUNT_EXPANSIONS);
 *   - at_zero: an end refused with a bound above 0 is searched on, one
 *     refused with STAGE_LEAF is not, and collecting every end of the
 *     last bound finds as many as the breadth-first search counts
 *     shortest paths;
 *   - a move list searches only its moves, in its order;
 *   - the budget: a run with too little work stops (-1, stopped), and
 *     STAGE_COUNT_CHILDREN counts one node per child made;
 *   - cancel stops a run that would otherwise take all its work;
 *   - stage_enumerate: every path of exactly k flips that sorts the
 *     stack at its end and not before, as many as trying every path
 *     finds, for k the distance and one and two more; with the phase's
 *     own children (no flip of 2), as many as trying those; stopping
 *     when the phase has enough, with the last end's path;
 *   - a run of more moves a state than the core holds is refused;
 *   - a larger last bound changes nothing before it: with the gap count
 *     doubled (not admissible, so that a pass may end on a path cheaper
 *     than its bound), from every stack a run to last = 4N ends in pass
 *     run.bound, a run to that bound finds the same path with the same
 *     nodes, and a run to one less finds none, also when the work runs
 *     out first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "solvers/cube/big/core/stage.h"

#define N 7
#define STATES 5040                    /* 7! */
#define FLIPS (N - 1)                  /* move m flips the top m + 2 */

struct stack {
	uint8_t p[N];                      /* p[0] the top; sorted: 0, 1, .., N - 1 */
};

struct pancakes {
	bool costly;                       /* flips of more than 4 cost 2 */
	/* at_zero: refuse ends whose path starts with flip 2, returning
	 * this (STAGE_LEAF or a bound above 0); STAGE_END: refuse none. */
	int refuse_flip2;
	bool collect;                      /* at_zero: count every end, search on */
	long ends, steps;
	long enough;                       /* at_depth: true at this many ends (0 never) */
};

static int
flip_cost(const struct pancakes *pc, int m)
{
	return pc->costly && m + 2 > 4 ? 2 : 1;
}

static void
flip(const struct stack *s, int m, struct stack *out)
{
	int k = m + 2, i;

	*out = *s;
	for (i = 0; i < k; i++)
		out->p[i] = s->p[k - 1 - i];
}

static int
gaps(const struct stack *s)
{
	int i, g = 0;

	for (i = 0; i < N; i++) {
		int below = i + 1 < N ? s->p[i + 1] : N;   /* the plate */
		int d = s->p[i] - below;

		g += d != 1 && d != -1;
	}
	return g;
}

static bool
sorted(const struct stack *s)
{
	int i;

	for (i = 0; i < N; i++)
		if (s->p[i] != i)
			return false;
	return true;
}

static int
estimate(void *ctx, const void *state, int limit)
{
	(void)ctx;
	(void)limit;
	return gaps(state);
}

static bool
may_follow(void *ctx, int prev, int m, int g, int bound)
{
	(void)ctx;
	(void)g;
	(void)bound;
	return m != prev;                  /* a flip undoes itself */
}

static void
step(void *ctx, const void *state, int m, void *child)
{
	((struct pancakes *)ctx)->steps++;
	flip(state, m, child);
}

static int
cost(void *ctx, int m)
{
	return flip_cost(ctx, m);
}

static int
at_zero(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct pancakes *pc = ctx;

	(void)state;
	if (pc->collect) {
		pc->ends++;
		return STAGE_LEAF;
	}
	if (pc->refuse_flip2 != STAGE_END && len > 0 && path[0] == 0)
		return pc->refuse_flip2;
	return STAGE_END;
}

static bool
at_depth(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct pancakes *pc = ctx;

	(void)path;
	(void)len;
	if (!sorted(state))
		fail_msg("an end that is not sorted");
	pc->ends++;
	return pc->enough > 0 && pc->ends >= pc->enough;
}

/* The phase's own children: no flip of 2 (and none that repeats). */
static int
children_no_flip2(void *ctx, const void *state, int prev, int left, void *kids, uint8_t *moves)
{
	struct stack *k = kids;
	int m, n = 0;

	(void)ctx;
	for (m = 1; m < FLIPS; m++) {
		int h;

		if (m == prev)
			continue;
		flip(state, m, &k[n]);
		h = gaps(&k[n]);
		if (h > left - 1 || (h == 0 && left > 1))
			continue;
		moves[n++] = (uint8_t)m;
	}
	return n;
}

static const struct stage_def unit_cost = {
	.state_bytes = sizeof(struct stack),
	.max_depth = 2 * N,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = estimate,
	.may_follow = may_follow,
	.step = step,
	.at_zero = at_zero,
	.at_depth = at_depth,
};

static const struct stage_def own_children = {
	.state_bytes = sizeof(struct stack),
	.max_depth = 2 * N,
	.children = children_no_flip2,
	.at_depth = at_depth,
};

static const struct stage_def with_cost = {
	.state_bytes = sizeof(struct stack),
	.max_depth = 2 * N,
	.count = STAGE_COUNT_EXPANSIONS,
	.estimate = estimate,
	.may_follow = may_follow,
	.step = step,
	.cost = cost,
	.at_zero = at_zero,
};

/* The stacks, numbered by their rank (Lehmer code). */
static int
rank_of(const struct stack *s)
{
	int i, j, r = 0;

	for (i = 0; i < N; i++) {
		int smaller = 0;

		for (j = i + 1; j < N; j++)
			smaller += s->p[j] < s->p[i];
		r = r * (N - i) + smaller;
	}
	return r;
}

static void
unrank(int r, struct stack *s)
{
	int code[N], i, j;
	bool used[N] = {false};

	for (i = N - 1; i >= 0; i--) {
		code[i] = r % (N - i);
		r /= N - i;
	}
	for (i = 0; i < N; i++) {
		int k = code[i];

		for (j = 0; j < N; j++)
			if (!used[j] && k-- == 0)
				break;
		used[j] = true;
		s->p[i] = (uint8_t)j;
	}
}

/* Distances to sorted by Dijkstra (flips are their own inverses, so a
 * search from sorted gives every stack's distance to it), and the
 * number of shortest paths; costs of 1 and 2 need no heap: a bucket a
 * distance. */
static void
distances(const struct pancakes *pc, int *dist, long *paths)
{
	static int bucket[4 * N][STATES];
	int count[4 * N] = {0}, d, i, m;
	struct stack s = {{0}};

	for (i = 0; i < STATES; i++) {
		dist[i] = -1;
		paths[i] = 0;
	}
	for (i = 0; i < N; i++)
		s.p[i] = (uint8_t)i;
	dist[rank_of(&s)] = 0;
	paths[rank_of(&s)] = 1;
	bucket[0][count[0]++] = rank_of(&s);
	for (d = 0; d < 4 * N; d++)
		for (i = 0; i < count[d]; i++) {
			int r = bucket[d][i];

			if (dist[r] != d)
				continue;
			unrank(r, &s);
			for (m = 0; m < FLIPS; m++) {
				struct stack t;
				int nd = d + flip_cost(pc, m), q;

				flip(&s, m, &t);
				q = rank_of(&t);
				if (dist[q] < 0 || nd < dist[q]) {
					dist[q] = nd;
					paths[q] = paths[r];
					assert_true(nd < 4 * N && count[nd] < STATES);
					bucket[nd][count[nd]++] = q;
				} else if (nd == dist[q]) {
					paths[q] += paths[r];
				}
			}
		}
}

/* Every stack: the answer replays to sorted at the distance's cost. */
static void
check_every_stack(const struct stage_def *def, struct pancakes *pc)
{
	static int dist[STATES];
	static long paths[STATES];
	struct stack stack[2 * N + 1];
	int r;

	distances(pc, dist, paths);
	for (r = 0; r < STATES; r++) {
		struct stage_run run;
		struct stack s;
		int i, paid = 0;

		stage_run_start(&run, NULL, FLIPS, 1000000L, NULL);
		unrank(r, &stack[0]);
		s = stack[0];
		assert_int_equal(stage_ida(def, pc, &run, stack, gaps(&stack[0]), 4 * N), 1);
		for (i = 0; i < run.len; i++) {
			struct stack t;

			flip(&s, run.path[i], &t);
			s = t;
			paid += flip_cost(pc, run.path[i]);
		}
		assert_true(sorted(&s));
		if (paid != dist[r])
			fail_msg("stack %d: answer costs %d, the shortest %d", r, paid, dist[r]);
	}
}

static void
unit_cost_answers_are_shortest(void **state)
{
	struct pancakes pc = {.refuse_flip2 = STAGE_END};

	(void)state;
	check_every_stack(&unit_cost, &pc);
}

static void
move_costs_answers_are_cheapest(void **state)
{
	struct pancakes pc = {.costly = true, .refuse_flip2 = STAGE_END};

	(void)state;
	check_every_stack(&with_cost, &pc);
}

/* The fewest flips from s to sorted by a path that does not start
 * with flip 2 nor repeat a flip (may_follow), by trying every path of
 * up to len flips. */
static int
shortest_not_first_flip2(const struct stack *s, int prev, int done, int len)
{
	int m, best = 99;

	if (sorted(s) && done > 0)
		return done;
	if (done == len)
		return 99;
	for (m = done == 0 ? 1 : 0; m < FLIPS; m++) {
		struct stack t;
		int k;

		if (m == prev)
			continue;
		flip(s, m, &t);
		k = shortest_not_first_flip2(&t, m, done + 1, len);
		best = k < best ? k : best;
	}
	return best;
}

/* The stack 1 0 2 3 .. : flip 2 sorts it; refusing that end leaves a
 * detour as long as the paths tried one by one find, whether the
 * refused end is a leaf or searched on with a bound of 1 (which costs
 * more nodes: its children are made); collecting counts the shortest
 * paths. */
static void
at_zero_refuses_and_collects(void **state)
{
	static int dist[STATES];
	static long paths[STATES];
	struct pancakes pc;
	struct stack stack[2 * N + 1];
	struct stage_run run;
	int r, i, k, found = 0, detour;
	long steps[2];

	(void)state;
	for (i = 0; i < N; i++)
		stack[0].p[i] = (uint8_t)i;
	stack[0].p[0] = 1;
	stack[0].p[1] = 0;
	detour = shortest_not_first_flip2(&stack[0], -1, 0, 6);
	assert_true(detour > 1 && detour <= 6);
	for (k = 0; k < 2; k++) {
		pc = (struct pancakes){.refuse_flip2 = k == 0 ? STAGE_LEAF : 1};
		stage_run_start(&run, NULL, FLIPS, 1000000L, NULL);
		assert_int_equal(stage_ida(&unit_cost, &pc, &run, stack, 1, 10), 1);
		assert_int_equal(run.len, detour);
		assert_int_not_equal(run.path[0], 0);
		steps[k] = pc.steps;
	}
	assert_true(steps[0] < steps[1]);

	/* Collect: every end of the shortest bound, on 200 stacks. */
	pc = (struct pancakes){.collect = true, .refuse_flip2 = STAGE_END};
	distances(&pc, dist, paths);
	for (r = 0; r < STATES; r += 25) {
		unrank(r, &stack[0]);
		if (dist[r] == 0)
			continue;
		pc.ends = 0;
		stage_run_start(&run, NULL, FLIPS, 10000000L, NULL);
		assert_int_equal(stage_ida_pass(&unit_cost, &pc, &run, stack, dist[r]), false);
		assert_false(run.stopped);
		if (pc.ends != paths[r])
			fail_msg("stack %d: %ld ends collected, %ld shortest paths", r, pc.ends, paths[r]);
		found++;
	}
	assert_true(found > 150);
}

/* A move list: only flips 3 and 2, in that order. */
static void
move_list_is_followed(void **state)
{
	static const uint8_t list[] = {1, 0};
	struct pancakes pc = {.refuse_flip2 = STAGE_END};
	struct stack stack[2 * N + 1], s;
	struct stage_run run;
	int i;

	(void)state;
	for (i = 0; i < N; i++)
		stack[0].p[i] = (uint8_t)i;
	/* 2 0 1: flip 3 then flip 2 gives 1 0 2 .. then 0 1 2 ..; and flip
	 * 2 then flip 3: 0 2 1 -> 1 2 0: no. */
	stack[0].p[0] = 2;
	stack[0].p[1] = 0;
	stack[0].p[2] = 1;
	stage_run_start(&run, list, 2, 1000000L, NULL);
	assert_int_equal(stage_ida(&unit_cost, &pc, &run, stack, 1, 10), 1);
	s = stack[0];
	for (i = 0; i < run.len; i++) {
		struct stack t;

		assert_true(run.path[i] == 0 || run.path[i] == 1);
		flip(&s, run.path[i], &t);
		s = t;
	}
	assert_true(sorted(&s));
	assert_int_equal(run.len, 2);
	assert_int_equal(run.path[0], 1);
}

/* A stack farthest from sorted (8 flips for 7 pancakes). */
static void
farthest(struct stack *s)
{
	static int dist[STATES];
	static long paths[STATES];
	struct pancakes pc = {0};
	int r, best = 0;

	distances(&pc, dist, paths);
	for (r = 1; r < STATES; r++)
		if (dist[r] > dist[best])
			best = r;
	assert_true(dist[best] >= 7);
	unrank(best, s);
}

/* The budget: each child made is one node; a run short of work stops. */
static void
budget_stops_and_counts(void **state)
{
	struct pancakes pc = {.refuse_flip2 = STAGE_END};
	struct stack stack[2 * N + 1];
	struct stage_run run;

	(void)state;
	farthest(&stack[0]);
	stage_run_start(&run, NULL, FLIPS, 1000000L, NULL);
	assert_int_equal(stage_ida(&unit_cost, &pc, &run, stack, gaps(&stack[0]), 4 * N), 1);
	assert_true(run.nodes > 0);
	assert_int_equal(run.nodes, pc.steps);

	pc.steps = 0;
	stage_run_start(&run, NULL, FLIPS, 3, NULL);
	assert_int_equal(stage_ida(&unit_cost, &pc, &run, stack, gaps(&stack[0]), 4 * N), -1);
	assert_true(run.stopped);
	assert_int_equal(pc.steps, 3);
}

/* Blind (a bound of 1 short of sorted): a deep search would take all of
 * a large budget; cancel, read every 4,096 nodes, stops it early. */
static int
blind(void *ctx, const void *state, int limit)
{
	(void)ctx;
	(void)limit;
	return sorted(state) ? 0 : 1;
}

static int
estimate_doubled(void *ctx, const void *state, int limit)
{
	(void)ctx;
	(void)limit;
	return 2 * gaps(state);
}

static const struct stage_def doubled = {
	.state_bytes = sizeof(struct stack),
	.max_depth = 2 * N,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = estimate_doubled,
	.may_follow = may_follow,
	.step = step,
};

/* From every stack, with the budget budget: the run to 4N and the runs
 * to its end's bound and one less agree (see the top of the file). */
static void
check_last_bound(long budget)
{
	struct pancakes pc = {.refuse_flip2 = STAGE_END};
	struct stack stack[2 * N + 1];
	int r, below = 0, stopped = 0;

	for (r = 0; r < STATES; r++) {
		struct stage_run run, again;
		int found, cheaper;

		unrank(r, &stack[0]);
		stage_run_start(&run, NULL, FLIPS, budget, NULL);
		found = stage_ida(&doubled, &pc, &run, stack, 2 * gaps(&stack[0]), 4 * N);
		if (found != 1) {
			/* Out of work: as much work to any smaller last stops too,
			 * unless that last ends the run first. */
			assert_int_equal(found, -1);
			stopped++;
			continue;
		}
		assert_true(run.bound >= 2 * gaps(&stack[0]) && run.bound <= 4 * N);
		stage_run_start(&again, NULL, FLIPS, budget, NULL);
		assert_int_equal(stage_ida(&doubled, &pc, &again, stack, 2 * gaps(&stack[0]), run.bound), 1);
		assert_int_equal(again.bound, run.bound);
		assert_int_equal(again.nodes, run.nodes);
		assert_int_equal(again.len, run.len);
		assert_memory_equal(again.path, run.path, (size_t)run.len);
		cheaper = run.len < run.bound;
		below += cheaper;
		if (run.bound > 2 * gaps(&stack[0])) {
			stage_run_start(&again, NULL, FLIPS, budget, NULL);
			assert_int_equal(stage_ida(&doubled, &pc, &again, stack, 2 * gaps(&stack[0]), run.bound - 1), 0);
			assert_true(again.nodes < run.nodes);
		}
	}
	/* The doubled bound does end passes on cheaper paths, and the small
	 * budget does stop runs: both cases are met. */
	assert_true(below > 0);
	if (budget < 100000L)
		assert_true(stopped > 0);
	else
		assert_int_equal(stopped, 0);
}

static void
larger_last_changes_nothing_before_it(void **state)
{
	(void)state;
	check_last_bound(100000000L);
	check_last_bound(60);
}

static const struct stage_def blind_search = {
	.state_bytes = sizeof(struct stack),
	.max_depth = 2 * N,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = blind,
	.may_follow = may_follow,
	.step = step,
};

static void
cancel_stops_the_run(void **state)
{
	struct pancakes pc = {.refuse_flip2 = STAGE_END};
	struct stack stack[2 * N + 1];
	struct stage_run run;
	atomic_bool cancel = true;

	(void)state;
	farthest(&stack[0]);
	stage_run_start(&run, NULL, FLIPS, 1000000000L, &cancel);
	assert_int_equal(stage_ida(&blind_search, &pc, &run, stack, 1, 4 * N), -1);
	assert_true(stage_cancelled(&run));
	assert_int_equal(run.nodes, 4096);
}

/* Paths of exactly len flips from s (none repeating the one before,
 * none of 2 if no_flip2) that sort it at their end and not before. */
static long
paths_of(const struct stack *s, int prev, int len, bool no_flip2)
{
	long n = 0;
	int m;

	if (len == 0)
		return sorted(s);
	if (sorted(s))
		return 0;
	for (m = no_flip2 ? 1 : 0; m < FLIPS; m++) {
		struct stack t;

		if (m == prev)
			continue;
		flip(s, m, &t);
		n += paths_of(&t, m, len - 1, no_flip2);
	}
	return n;
}

static void
enumerate_finds_every_path(void **state)
{
	static int dist[STATES];
	static long paths[STATES];
	struct pancakes pc = {0};
	struct stack kids[(2 * N + 1) * FLIPS];
	struct stage_run run;
	int r, extra, tried = 0;

	(void)state;
	distances(&pc, dist, paths);
	for (r = 1; r < STATES; r += 97)
		for (extra = 0; extra <= 2; extra++) {
			int len = dist[r] + extra;

			unrank(r, &kids[0]);
			pc.ends = 0;
			stage_run_start(&run, NULL, FLIPS, 100000000L, NULL);
			assert_false(stage_enumerate(&unit_cost, &pc, &run, kids, len));
			assert_false(run.stopped);
			if (extra == 0 && pc.ends != paths[r])
				fail_msg("stack %d: %ld paths of %d, the shortest %ld", r, pc.ends, len, paths[r]);
			assert_int_equal(pc.ends, paths_of(&kids[0], -1, len, false));

			pc.ends = 0;
			unrank(r, &kids[0]);
			stage_run_start(&run, NULL, FLIPS, 100000000L, NULL);
			assert_false(stage_enumerate(&own_children, &pc, &run, kids, len));
			assert_int_equal(pc.ends, paths_of(&kids[0], -1, len, true));
			tried++;
		}
	assert_true(tried > 100);
}

static void
enumerate_stops_when_enough(void **state)
{
	struct pancakes pc = {.enough = 3};
	struct stack kids[(2 * N + 1) * FLIPS], s;
	struct stage_run run;
	int i, len;

	(void)state;
	farthest(&kids[0]);
	len = 10;                          /* more than the distance: many paths */
	assert_true(paths_of(&kids[0], -1, len, false) > 3);
	stage_run_start(&run, NULL, FLIPS, 100000000L, NULL);
	assert_true(stage_enumerate(&unit_cost, &pc, &run, kids, len));
	assert_int_equal(pc.ends, 3);
	assert_int_equal(run.len, len);
	s = kids[0];
	for (i = 0; i < run.len; i++) {
		struct stack t;

		flip(&s, run.path[i], &t);
		s = t;
	}
	assert_true(sorted(&s));

	/* More moves a state than the core holds: refused, no work done. */
	pc.ends = 0;
	stage_run_start(&run, NULL, STAGE_MAX_MOVES + 1, 100000000L, NULL);
	assert_false(stage_enumerate(&unit_cost, &pc, &run, kids, len));
	assert_int_equal(run.nodes, 0);
	assert_int_equal(stage_ida(&unit_cost, &pc, &run, kids, 0, 4 * N), 0);
	assert_int_equal(run.nodes, 0);

	/* Too little work: stopped. */
	pc.ends = 0;
	stage_run_start(&run, NULL, FLIPS, 10, NULL);
	assert_false(stage_enumerate(&unit_cost, &pc, &run, kids, len));
	assert_true(run.stopped);
	assert_int_equal(run.nodes, 11);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unit_cost_answers_are_shortest),
		cmocka_unit_test(move_costs_answers_are_cheapest),
		cmocka_unit_test(at_zero_refuses_and_collects),
		cmocka_unit_test(move_list_is_followed),
		cmocka_unit_test(budget_stops_and_counts),
		cmocka_unit_test(cancel_stops_the_run),
		cmocka_unit_test(enumerate_finds_every_path),
		cmocka_unit_test(enumerate_stops_when_enough),
		cmocka_unit_test(larger_last_changes_nothing_before_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
