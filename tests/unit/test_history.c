/* Undo/redo history: restart is undoable, a new move drops the redo tail,
 * hints are marked, an illegal move changes nothing; long games keep a
 * position only every HISTORY_CHECKPOINT events, and undo, redo and the
 * position after any event still agree with a game that kept them all;
 * memory grows by far less than a position an event. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/resource.h>

#include "tier.h"

#include "engine/history.h"
#include "engine/rng.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"

static struct torus_params params = {.rows = 2, .cols = 3};

static struct history *
fresh(void)
{
	struct torus_state *start = torus_state_solved(&params, NULL);
	struct history *h = history_new(&torus_puzzle, &params, start, NULL);

	free(start);
	assert_non_null(h);
	return h;
}

static void
assert_position(const struct history *h, const char *want)
{
	char *got = torus_state_format(&params, history_state(h), NULL);

	assert_string_equal(got, want);
	free(got);
}

static void
undo_and_redo_walk_the_moves(void **unused)
{
	struct history *h = fresh();

	(void)unused;
	assert_false(history_can_undo(h));
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	assert_true(history_move(h, "S2", HISTORY_MOVE, NULL));
	assert_position(h, "3,5,2,4,1,6");
	assert_string_equal(history_undo(h)->move, "S2");
	assert_position(h, "3,1,2,4,5,6");
	assert_string_equal(history_undo(h)->move, "E1");
	assert_position(h, "1,2,3,4,5,6");
	assert_null(history_undo(h));
	assert_string_equal(history_redo(h)->move, "E1");
	assert_string_equal(history_redo(h)->move, "S2");
	assert_null(history_redo(h));
	assert_position(h, "3,5,2,4,1,6");
	history_free(h);
}

static void
new_move_drops_the_redo_tail(void **unused)
{
	struct history *h = fresh();

	(void)unused;
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	assert_true(history_move(h, "E2", HISTORY_MOVE, NULL));
	history_undo(h);
	assert_true(history_can_redo(h));
	assert_true(history_move(h, "N3", HISTORY_MOVE, NULL));
	assert_false(history_can_redo(h));
	assert_int_equal(h->len, 2);
	assert_string_equal(h->entries[1].move, "N3");
	history_free(h);
}

static void
restart_is_an_undoable_event(void **unused)
{
	struct history *h = fresh();
	struct tw_error err;

	(void)unused;
	assert_false(history_restart(h, &err));
	assert_string_equal(err.msg, "already at the start position");
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	assert_true(history_move(h, "W2^2", HISTORY_MOVE, NULL));
	assert_true(history_restart(h, &err));
	assert_position(h, "1,2,3,4,5,6");
	assert_int_equal(history_moves(h), 0);
	assert_int_equal(history_undo(h)->kind, HISTORY_RESTART);
	assert_position(h, "3,1,2,6,4,5");
	assert_int_equal(history_moves(h), 2);
	history_free(h);
}

static void
counts_follow_metric_and_restart(void **unused)
{
	struct history *h = fresh();

	(void)unused;
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	assert_true(history_move(h, "W2^2", HISTORY_MOVE, NULL));
	assert_int_equal(history_moves(h), 2);
	assert_int_equal(history_cost(h, TORUS_DRAG), 2);
	assert_int_equal(history_cost(h, TORUS_PUSH), 3);
	assert_true(history_restart(h, NULL));
	assert_true(history_move(h, "N1", HISTORY_MOVE, NULL));
	assert_int_equal(history_cost(h, TORUS_PUSH), 1);
	history_free(h);
}

static void
hint_moves_are_marked(void **unused)
{
	struct history *h = fresh();

	(void)unused;
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	assert_false(history_hints_used(h));
	assert_true(history_move(h, "W1", HISTORY_HINT, NULL));
	assert_true(history_hints_used(h));
	assert_int_equal(h->entries[1].kind, HISTORY_HINT);
	history_undo(h);
	assert_false(history_hints_used(h));
	history_free(h);
}

static void
illegal_move_changes_nothing(void **unused)
{
	struct history *h = fresh();
	struct tw_error err = {0};

	(void)unused;
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	history_undo(h);
	assert_false(history_move(h, "E3", HISTORY_MOVE, &err));
	assert_non_null(strstr(err.msg, "row 3 does not exist"));
	assert_position(h, "1,2,3,4,5,6");
	assert_true(history_can_redo(h));
	history_free(h);
}

/* A reference history that keeps every position, as text. */
struct shadow {
	char **pos;        /* pos[i]: after i events; pos[0] the start */
	size_t len, cursor;
};

static void
shadow_push(struct shadow *sh, const struct history *h)
{
	while (sh->len > sh->cursor + 1)
		free(sh->pos[--sh->len]);
	sh->pos[sh->len++] = torus_state_format(h->params, history_state(h), NULL);
	sh->cursor = sh->len - 1;
}

/* Thousands of random moves, undos, redos and restarts across many
 * checkpoints: after every step the current position, and now and then
 * the position after a random earlier event, equal the reference's. */
static void
long_games_agree_with_a_history_that_keeps_every_position(void **unused)
{
	struct torus_params big = {.rows = 4, .cols = 5};
	struct torus_state *start = torus_state_solved(&big, NULL);
	struct history *h = history_new(&torus_puzzle, &big, start, NULL);
	struct shadow sh = {calloc(20001, sizeof(char *)), 0, 0};
	struct tw_rng rng;
	int step;

	(void)unused;
	assert_non_null(h);
	assert_non_null(sh.pos);
	sh.pos[sh.len++] = torus_state_format(&big, start, NULL);
	tw_rng_seed(&rng, 64);
	for (step = 0; step < 20000; step++) {
		int r = (int)tw_rng_below(&rng, 20);
		char *now;

		if (r < 14) {
			static const char dirs[] = "NESW";
			char move[16];

			snprintf(move, sizeof move, "%c%d", dirs[tw_rng_below(&rng, 4)],
			    1 + (int)tw_rng_below(&rng, 4));
			assert_true(history_move(h, move, HISTORY_MOVE, NULL));
			shadow_push(&sh, h);
		} else if (r < 17) {
			assert_int_equal(history_undo(h) != NULL, sh.cursor > 0);
			if (sh.cursor > 0)
				sh.cursor--;
		} else if (r < 19) {
			assert_int_equal(history_redo(h) != NULL, sh.cursor + 1 < sh.len);
			if (sh.cursor + 1 < sh.len)
				sh.cursor++;
		} else if (history_restart(h, NULL)) {
			shadow_push(&sh, h);
		}
		assert_int_equal(h->cursor, sh.cursor);
		assert_int_equal(h->len, sh.len - 1);
		now = torus_state_format(&big, history_state(h), NULL);
		assert_string_equal(now, sh.pos[sh.cursor]);
		free(now);
		if (step % 97 == 0) {
			size_t i = (size_t)tw_rng_below(&rng, (uint64_t)sh.len);
			void *s = history_state_after(h, i, NULL);
			char *text = torus_state_format(&big, s, NULL);

			assert_string_equal(text, sh.pos[i]);
			free(text);
			torus_puzzle.state_free(s);
		}
	}
	assert_true(h->ncheckpoints >= 10);
	while (sh.len > 0)
		free(sh.pos[--sh.len]);
	free(sh.pos);
	free(start);
	history_free(h);
}

static long
peak_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* 300,000 moves of a 16 x 16 torus (a position is over 1 KB): memory
 * grows by the event list, not by a position an event. Not measured
 * under the sanitizers, whose allocator keeps freed memory. */
static void
a_long_game_costs_bytes_an_event_not_a_position(void **unused)
{
	struct torus_params big = {.rows = 16, .cols = 16};
	struct torus_state *start;
	struct history *h;
	long before, grown;
	int i;

	(void)unused;
	if (test_tier() == TIER_SANITIZED)
		skip();
	start = torus_state_solved(&big, NULL);
	before = peak_kb();
	h = history_new(&torus_puzzle, &big, start, NULL);
	for (i = 0; i < 300000; i++)
		assert_true(history_move(h, i % 2 ? "E3" : "N7", HISTORY_MOVE, NULL));
	for (i = 0; i < 1000; i++)
		assert_non_null(history_undo(h));
	grown = peak_kb() - before;
	printf("# 300000 moves: %ld KB more at peak (%.0f bytes an event)\n", grown,
	    grown * 1024.0 / 300000);
	assert_true(grown < 300000 / 10);   /* under 100 bytes an event */
	free(start);
	history_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(undo_and_redo_walk_the_moves),
		cmocka_unit_test(new_move_drops_the_redo_tail),
		cmocka_unit_test(restart_is_an_undoable_event),
		cmocka_unit_test(counts_follow_metric_and_restart),
		cmocka_unit_test(hint_moves_are_marked),
		cmocka_unit_test(illegal_move_changes_nothing),
		cmocka_unit_test(long_games_agree_with_a_history_that_keeps_every_position),
		cmocka_unit_test(a_long_game_costs_bytes_an_event_not_a_position),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
