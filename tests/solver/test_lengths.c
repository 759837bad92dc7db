/* Solution lengths do not grow: for every solver, a fixed set of
 * positions (seeded game IDs) is solved through the puzzle table, every
 * answer replayed to solved, and the mean length in the row's metric is
 * compared with the figure recorded here. The test fails when the mean
 * grows by more than 2 %; a solver that gets shorter updates its figure in
 * the same commit (the test prints a reminder when a mean is 2 % under).
 * Rows marked heavy run in the slow suite only (the 9x9x9 to 11x11x11,
 * 10 to 19 s a solve; test_cube_reduce solves a 9x9x9 whole in the
 * default tier, watching its progress; the 8x8x8, one seed, 5 s, stays
 * in the default tier); rows marked plain
 * (the 6x6x6 to 11x11x11, seconds a solve, half a minute and more under
 * the sanitizers) are left out of the sanitized tier.
 * Big cubes are counted in OBTM (an inner slice counts 2), the metric the
 * public big-cube solvers report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tier.h"
#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/storage.h"

struct row {
	const char *board;     /* game ID without the seed: "torus:4x4" */
	const char *metric;
	bool optimal;
	int seeds;             /* seeds 1..seeds */
	double recorded;       /* mean length in metric, as last measured */
	bool heavy;            /* seconds a solve: the slow suite only */
	bool plain;            /* not under the sanitizers (TIER_SANITIZED) */
};

static const struct row rows[] = {
	{"torus:4x4", "drag", false, 20, 31.30, false, false},
	{"torus:4x4", "push", false, 20, 39.85, false, false},
	{"torus:9x7", "drag", false, 10, 177.80, false, false},
	{"torus:20x20", "drag", false, 5, 1314.40, false, false},
	{"torus:20x20", "push", false, 5, 5337.20, false, false},
	{"rollcube:8x8", "moves", false, 20, 5.90, false, false},
	{"rollcube:1000x1000", "moves", false, 5, 414.60, false, false},
	{"rollcube:3x6:rule=abbott:map=..x.../.1..*./......", "moves", false, 10, 6.70, false, false},
	{"rollcube:6x8:map=...x..../.x....x./..3x.x../.x...2x./....x.../x......x", "moves",
	    false, 10, 10.00, false, false},
	{"nrp:4x4k2", "qtm", false, 20, 50.65, false, false},
	{"nrp:5x6k5", "qtm", false, 5, 540.20, false, false},
	{"nrp:7x8k7", "qtm", false, 2, 1252.50, false, false},
	{"nrp:10x10k8", "qtm", false, 3, 1105.67, false, false},
	{"nrp:16x16k2", "qtm", false, 3, 2973.67, false, false},
	{"nrp:8x8k4o", "qtm", false, 3, 387.67, false, false},
	{"nrp:16x16k3o", "qtm", false, 2, 3027.00, false, false},
	{"nrp:7x8k7o", "qtm", false, 2, 1727.50, false, false},
	{"nrp:15x16k15", "qtm", false, 1, 8077.00, false, false},
	{"nrp:3x3k2", "qtm", true, 20, 7.60, false, false},
	{"nrp:3x4k2", "htm", true, 5, 8.80, false, false},
	{"cube:2", "htm", false, 20, 9.00, false, false},
	{"cube:2", "qtm", false, 20, 10.85, false, false},
	{"cube:3", "htm", false, 20, 19.90, false, false},
	{"cube:4", "obtm", false, 3, 44.00, false, false},
	{"cube:5", "obtm", false, 2, 69.50, false, false},
	{"cube:6", "obtm", false, 2, 131.50, false, true},
	{"cube:7", "obtm", false, 2, 192.50, false, true},
	{"cube:8", "obtm", false, 1, 284.00, false, true},
	{"cube:9", "obtm", false, 1, 385.00, true, true},
	{"cube:10", "obtm", false, 1, 538.00, true, true},
	{"cube:11", "obtm", false, 1, 685.00, true, true},
};

/* The answer's length in metric; the answer replayed must solve. */
static long
solve_one(const char *id, int metric, bool optimal)
{
	struct solve_request req = {.metric = metric, .optimal = optimal};
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err = {0};
	struct gameid g;
	void *s, *work;
	long len;

	if (!gameid_parse(twirl_puzzles, id, &g, &err))
		fail_msg("%s: %s", id, err.msg);
	s = gameid_start_state(&g, 0, &err);
	assert_non_null(s);
	if (!g.puzzle->solve(g.params, s, &req, &moves, &err))
		fail_msg("%s: %s", id, err.msg);
	work = g.puzzle->state_dup(g.params, s, NULL);
	assert_true(puzzle_apply_list(g.puzzle, g.params, work, &moves, NULL));
	if (!g.puzzle->state_is_solved(g.params, work))
		fail_msg("%s: the answer does not solve", id);
	len = puzzle_list_cost(g.puzzle, g.params, &moves, metric);
	g.puzzle->state_free(work);
	g.puzzle->state_free(s);
	movelist_clear(&moves);
	gameid_free(&g);
	return len;
}

static void
mean_lengths_have_not_grown(void **unused)
{
	int grown = 0;

	(void)unused;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		const struct puzzle *p;
		char id[160];
		long total = 0;
		double mean;
		int metric;

		if ((r->heavy && test_tier() != TIER_SLOW) || (r->plain && test_tier() == TIER_SANITIZED))
			continue;
		snprintf(id, sizeof id, "%s", r->board);
		*strchr(id, ':') = '\0';
		p = puzzle_find(twirl_puzzles, id);
		assert_non_null(p);
		metric = puzzle_metric_index(p, r->metric);
		assert_true(metric >= 0);
		for (int seed = 1; seed <= r->seeds; seed++) {
			snprintf(id, sizeof id, "%s#%d", r->board, seed);
			total += solve_one(id, metric, r->optimal);
		}
		mean = (double)total / r->seeds;
		printf("# %s %s%s, seeds 1..%d: mean %.2f (recorded %.2f)%s\n", r->board,
		    r->metric, r->optimal ? " optimal" : "", r->seeds, mean, r->recorded,
		    mean > r->recorded * 1.02 ? "  GROWN" :
		    mean < r->recorded * 0.98 ? "  shorter: record the new figure" : "");
		grown += mean > r->recorded * 1.02;
	}
	assert_int_equal(grown, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mean_lengths_have_not_grown),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
