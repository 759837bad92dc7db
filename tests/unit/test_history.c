/* Undo/redo history: restart is undoable, a new move drops the redo tail,
 * hints are marked, an illegal move changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/history.h"
#include "engine/torus.h"
#include "solvers/puzzles.h"

static struct torus_params params = {2, 3};

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
	struct tw_error err = {""};

	(void)unused;
	assert_true(history_move(h, "E1", HISTORY_MOVE, NULL));
	history_undo(h);
	assert_false(history_move(h, "E3", HISTORY_MOVE, &err));
	assert_non_null(strstr(err.msg, "row 3 does not exist"));
	assert_position(h, "1,2,3,4,5,6");
	assert_true(history_can_redo(h));
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
