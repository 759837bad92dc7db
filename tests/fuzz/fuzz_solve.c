/* Solvers on small positions (game ID and position text together at most
 * 90 characters, so that one input solves in milliseconds): a solvable
 * position is solved, and the answer, replayed by the engine, ends
 * solved; an unsolvable one is refused with a reason; where a proven
 * shortest answer is offered it is no longer than the default answer, in
 * each metric. */
#include "fuzz.h"

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/storage.h"

#define MAX_TEXT 90

static long
solve_and_replay(const struct puzzle *p, const void *params, const void *state,
    int metric, bool optimal, bool *refused)
{
	struct solve_request req = {0};
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err = {0};
	void *work;
	long cost;

	req.metric = metric;
	req.optimal = optimal;
	*refused = false;
	if (!p->solve(params, state, &req, &moves, &err)) {
		FUZZ_CHECK(err.msg[0] != '\0');
		*refused = true;
		movelist_clear(&moves);
		return -1;
	}
	work = p->state_dup(params, state, NULL);
	FUZZ_CHECK(work != NULL);
	FUZZ_CHECK(puzzle_apply_list(p, params, work, &moves, NULL));
	FUZZ_CHECK(p->state_is_solved(params, work));
	cost = puzzle_list_cost(p, params, &moves, metric);
	FUZZ_CHECK(cost >= 0);
	p->state_free(work);
	movelist_clear(&moves);
	return cost;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* The user's table cache, which ./dev.sh fuzz fills first: a first
	 * build (the 3x3x3's phase-1 table, most of a minute under the
	 * sanitizers) would pass the 10 s an input may take. */
	storage_use_table_cache();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *ps = NULL, *ss = NULL;
	struct gameid g;
	struct tw_error why = {0};
	void *state = NULL;

	if (text == NULL)
		return 0;
	if (!gameid_parse(twirl_puzzles, text, &g, NULL)) {
		free(text);
		return 0;
	}
	state = gameid_start_state(&g, 3, NULL);
	ps = g.puzzle->params_format(g.params, NULL);
	ss = state != NULL ? g.puzzle->state_format(g.params, state, NULL) : NULL;
	if (state != NULL && ps != NULL && ss != NULL &&
	    strlen(ps) + strlen(ss) <= MAX_TEXT) {
		const struct puzzle *p = g.puzzle;
		bool refused;

		if (!p->state_solvable(g.params, state, &why)) {
			FUZZ_CHECK(why.msg[0] != '\0');
		} else {
			for (int m = 0; p->metrics[m] != NULL && m < 2; m++) {
				long plain = solve_and_replay(p, g.params, state, m, false, &refused);
				long best;

				FUZZ_CHECK(!refused);
				/* The 3x3x3's optimal mode takes a 2.55 GB table and
				 * seconds to minutes a position (test_cube3_optimal
				 * checks it). */
				if (!p->optimal_solver || (strcmp(p->id, "cube") == 0 && strcmp(ps, "3") == 0))
					continue;
				best = solve_and_replay(p, g.params, state, m, true, &refused);
				FUZZ_CHECK(refused || best <= plain);
			}
		}
	}
	if (state != NULL)
		g.puzzle->state_free(state);
	free(ps);
	free(ss);
	gameid_free(&g);
	free(text);
	return 0;
}
