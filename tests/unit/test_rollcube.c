/* The rolling cube engine: the die's 24 orientations, rolls, both rule
 * sets, the goal rule, game IDs and level files with their errors, and the
 * facts of docs/papers.md, "Rolling cube", checked by search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "engine/rng.h"
#include "engine/rollcube/rollcube.h"
#include "solvers/registry.h"

static void
standard_die_rolls_as_the_paper_says(void **unused)
{
	struct die d = die_standard;

	(void)unused;
	assert_true(die_valid(d));
	/* Rolling east brings the west face (2) up; twice brings 6 up. */
	d = die_roll(d, DIR_E);
	assert_int_equal(d.top, 2);
	assert_int_equal(d.east, 1);
	d = die_roll(d, DIR_E);
	assert_int_equal(d.top, 6);
	/* Rolling north brings the south face (3) up. */
	d = die_roll(die_standard, DIR_N);
	assert_int_equal(d.top, 3);
	assert_int_equal(d.north, 1);
	assert_int_equal(d.east, 5);
}

static void
rolls_reach_exactly_24_orientations(void **unused)
{
	struct die queue[64];
	bool have[24] = {false};
	int head = 0, tail = 0, count = 0, d, i;

	(void)unused;
	queue[tail++] = die_standard;
	have[die_index(die_standard)] = true;
	while (head < tail) {
		struct die cur = queue[head++];

		count++;
		for (d = 0; d < 4; d++) {
			struct die next = die_roll(cur, (enum rollcube_dir)d);

			assert_true(die_valid(next));
			assert_in_range(die_index(next), 0, 23);
			if (!have[die_index(next)]) {
				have[die_index(next)] = true;
				queue[tail++] = next;
			}
			/* Every roll is undone by the opposite roll. */
			struct die back = die_roll(next, (enum rollcube_dir)((d + 2) % 4));

			assert_memory_equal(&back, &cur, sizeof cur);
		}
	}
	assert_int_equal(count, 24);
	for (i = 0; i < 24; i++)
		assert_true(have[i]);
	/* A mirror-image die is not one of them. */
	assert_false(die_valid((struct die){1, 4, 2}));
}

static struct rollcube_state *
state_of(const char *id, struct gameid *g)
{
	struct tw_error err;

	if (!gameid_parse(twirl_puzzles, id, g, &err))
		fail_msg("%s: %s", id, err.msg);
	assert_int_equal(g->kind, GAMEID_STATE);
	return g->state;
}

static void
expect_roll_error(const char *id, const char *move, const char *reason)
{
	struct gameid g;
	struct rollcube_state *s = state_of(id, &g), before = *s;
	struct tw_error err = {0};

	assert_false(rollcube_move_apply(g.params, s, move, &err));
	if (strstr(err.msg, reason) == NULL)
		fail_msg("%s %s: got '%s', want '%s'", id, move, err.msg, reason);
	assert_memory_equal(s, &before, sizeof before);
	gameid_free(&g);
}

static void
illegal_rolls_are_refused_with_the_rule(void **unused)
{
	(void)unused;
	expect_roll_error("rollcube:3x3:start=1,1:goal=3,3:label=1", "W", "roll off the board");
	expect_roll_error("rollcube:3x3:start=1,1:goal=3,3:label=1", "S", "roll off the board");
	expect_roll_error("rollcube:3x3:map=.../.../.x.:start=1,1:goal=3,3:label=1", "E",
	    "cell (2,1) is blocked");
	/* top-after: rolling east shows 2, so a 4 cell refuses it. */
	expect_roll_error("rollcube:3x3:map=.../.../.4.:start=1,1:goal=3,3:label=1", "E",
	    "takes the die only with 4 on top after the roll (it would show 2)");
	/* abbott: 1 is on top before, so only a 1 cell takes it. */
	expect_roll_error("rollcube:3x3:rule=abbott:map=.../.../.2.:start=1,1:goal=3,3:label=1",
	    "E", "you may tip onto 2 only with 2 on top (it shows 1)");
	expect_roll_error("rollcube:1x3:start=1,1:goal=2,1:label=1", "E",
	    "the goal takes the die only with 1 on top (it would show 2)");
	expect_roll_error("rollcube:3x3:start=1,1:goal=3,3:label=1", "Q", "a move is N, E, S or W");
	expect_roll_error("rollcube:3x3:start=1,1:goal=3,3:label=1", "N E", "a move is N, E, S or W");
	/* A path is checked roll by roll, and fails whole. */
	expect_roll_error("rollcube:3x3:start=1,1:goal=3,3:label=1", "NNN", "roll off the board");
	expect_roll_error("rollcube:3x3:map=.../.x./...:start=1,1:goal=3,3:label=1", "N(E)^2",
	    "cell (2,2) is blocked");
}

static void
rule_sets_let_the_right_rolls_through(void **unused)
{
	struct gameid g;
	struct rollcube_state *s;

	(void)unused;
	s = state_of("rollcube:3x3:map=.../.../.2.:start=1,1:goal=3,3:label=1", &g);
	assert_true(rollcube_move_apply(g.params, s, "E", NULL));  /* shows 2 */
	gameid_free(&g);
	s = state_of("rollcube:3x3:rule=abbott:map=.../.../.1*:start=1,1:goal=3,3:label=1", &g);
	assert_true(rollcube_move_apply(g.params, s, "E", NULL));  /* 1 was on top */
	assert_true(rollcube_move_apply(g.params, s, "E", NULL));  /* wild */
	gameid_free(&g);
}

static void
ids_round_trip(void **unused)
{
	static const char *const ids[] = {
		"rollcube:12x9:start=1,1:goal=5,6:label=3",
		"rollcube:1000000000x1000000000:start=3,5:goal=999999990,999999000:label=4",
		"rollcube:3x4:rule=abbott:map=..x./.1*./....:start=1,1,2,4:goal=4,3:label=any",
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct gameid g;
		char *text;

		state_of(ids[i], &g);
		text = gameid_format_state(g.puzzle, g.params, g.state, NULL);
		assert_string_equal(text, ids[i]);
		free(text);
		gameid_free(&g);
	}
}

static void
bad_ids_name_the_bad_part(void **unused)
{
	static const char *const bad[][2] = {
		{"rollcube:0x5:start=1,1:goal=1,1:label=1", "1 to 2147483647 cells"},
		{"rollcube:3x3:start=4,1:goal=1,1:label=1", "start (4,1) is off the 3x3 board"},
		{"rollcube:3x3:start=1,1:goal=1,9:label=1", "goal (1,9) is off"},
		{"rollcube:3x3:start=1,1:goal=2,2:label=7", "label should be 1 to 6 or any"},
		{"rollcube:3x3:start=1,1:label=2", "needs start=X,Y and goal=X,Y"},
		{"rollcube:3x3:start=1,1,1,6:goal=2,2:label=2", "no die has 1 on top and 6 north"},
		{"rollcube:3x3:rule=sideways:start=1,1:goal=2,2", "the rules are top-after and abbott"},
		{"rollcube:2x3:map=.../..:start=1,1:goal=2,2", "map row 2 has 2 cells"},
		{"rollcube:2x3:map=...:start=1,1:goal=2,2", "the map has 1 row, the board has 2"},
		{"rollcube:2x2:map=.q/..:start=1,1:goal=2,2", "'q' is not a cell"},
		{"rollcube:2x2:map=.x/..:start=1,1:goal=2,2", "the goal is on a blocked cell"},
		{"rollcube:201x3:map=...:start=1,1:goal=2,2", "at most 200x200"},
		/* A key given twice is refused (and the first map is freed). */
		{"rollcube:1x2:map=..:map=..:start=1,1:goal=2,1", "map= given twice"},
		{"rollcube:3x3:rule=abbott:rule=top-after:start=1,1:goal=2,2", "rule= given twice"},
		{"rollcube:3x3:start=1,1:goal=2,2:start=2,1", "start= given twice"},
		{"rollcube:3x3:start=1,1:goal=2,2:goal=2,1", "goal= given twice"},
		{"rollcube:3x3:start=1,1:goal=2,2:label=1:label=2", "label= given twice"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct gameid g;
		struct tw_error err = {0};

		assert_false(gameid_parse(twirl_puzzles, bad[i][0], &g, &err));
		if (strstr(err.msg, bad[i][1]) == NULL)
			fail_msg("%s: got '%s', want '%s'", bad[i][0], err.msg, bad[i][1]);
	}
}

static void
level_files_parse_and_errors_name_line_and_column(void **unused)
{
	static const char good[] =
	    "name=Corner\nauthor=twirl\nrule=top-after\nstart=1,1\ngoal=4,3\nlabel=6\n"
	    "\n....\n.#2.\n....\n";
	static const char *const bad[][2] = {
		{"name=x\nstart=1,1\ngoal=2,2\n\n..\n.?\n", "line 6, column 2: '?' is not a cell"},
		{"name=x\nstart=1,1\ngoal=2,2\n\n...\n..\n", "line 6: map row 2 has 2 cells"},
		{"name=x\nrule=fast\nstart=1,1\ngoal=2,2\n\n..\n..\n", "line 2, column 6: rule 'fast'"},
		{"name=x\nstart=1,1\n\n..\n..\n", "needs start=X,Y and goal=X,Y"},
		{"name=x\nstart=1,1\ngoal=2,2\n", "no map"},
		{"name=x\nstart=3,1\ngoal=2,2\n\n..\n..\n", "header: start (3,1) is off"},
		{"name=x\nstart=1,1\ngoal=2,2\nstart=2,1\n\n..\n..\n",
		    "line 4: start= given twice (first on line 2)"},
		{"name=x\nname=y\nstart=1,1\ngoal=2,2\n\n..\n..\n", "line 2: name= given twice"},
	};
	struct rollcube_params p;
	struct rollcube_state s;
	char *name;
	size_t i;

	(void)unused;
	if (!rollcube_level_parse(good, &p, &s, &name, NULL))
		fail_msg("good level refused");
	assert_string_equal(name, "Corner");
	assert_int_equal(p.rows, 3);
	assert_int_equal(p.cols, 4);
	assert_int_equal(rollcube_cell(&p, 2, 2), CELL_BLOCKED);
	assert_int_equal(rollcube_cell(&p, 3, 2), 2);
	assert_int_equal(s.gx, 4);
	assert_int_equal(s.label, 6);
	free(name);
	rollcube_params_clear(&p);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tw_error err = {0};

		assert_false(rollcube_level_parse(bad[i][0], &p, &s, &name, &err));
		if (strstr(err.msg, bad[i][1]) == NULL)
			fail_msg("level %zu: got '%s', want '%s'", i, err.msg, bad[i][1]);
	}
}

/* Counts (cell, orientation) states reachable from the standard die at
 * (1,1) on an open board, by breadth-first search with no goal. */
static int
reachable_states(int m, int n)
{
	struct rollcube_params p = {m, n, RULE_TOP_AFTER, NULL};
	static bool seen[64 * 24];
	struct rollcube_state queue[64 * 24];
	int head = 0, tail = 0, d;

	memset(seen, 0, sizeof seen);
	queue[tail++] = (struct rollcube_state){1, 1, die_standard, 0, 0, 0};
	seen[die_index(die_standard)] = true;
	while (head < tail) {
		struct rollcube_state cur = queue[head++];

		for (d = 0; d < 4; d++) {
			struct rollcube_state next = cur;
			int id;

			if (!rollcube_roll(&p, &next, (enum rollcube_dir)d, NULL))
				continue;
			id = (int)((next.y - 1) * n + next.x - 1) * 24 + die_index(next.die);
			if (!seen[id]) {
				seen[id] = true;
				queue[tail++] = next;
			}
		}
	}
	return tail;
}

static void
reachable_states_are_12mn_but_on_thin_boards(void **unused)
{
	int m, n;

	(void)unused;
	for (m = 1; m <= 6; m++) {
		for (n = 1; n <= 6; n++) {
			int got = reachable_states(m, n);

			if (m == 1 || n == 1 || (m == 2 && n == 2))
				assert_true(got < 12 * m * n);
			else
				assert_int_equal(got, 12 * m * n);
		}
	}
}

static void
shortest_paths_exceed_manhattan_by_0_2_4_or_6(void **unused)
{
	int x, y, gx, gy, label, extra_seen[8] = {0};

	(void)unused;
	for (x = 1; x <= 5; x++)
	for (y = 1; y <= 5; y++)
	for (gx = 1; gx <= 5; gx++)
	for (gy = 1; gy <= 5; gy++)
	for (label = 1; label <= 6; label++) {
		struct rollcube_params p = {5, 5, RULE_TOP_AFTER, NULL};
		struct rollcube_state s = {x, y, die_standard, gx, gy, (uint8_t)label};
		struct movelist path = MOVELIST_EMPTY;
		int manhattan = abs(gx - x) + abs(gy - y), extra;

		if (x == gx && y == gy)
			continue;
		assert_true(rollcube_bfs(&p, &s, 1000, NULL, &path, NULL));
		extra = (int)path.len - manhattan;
		assert_true(extra == 0 || extra == 2 || extra == 4 || extra == 6);
		extra_seen[extra]++;
		assert_true(puzzle_apply_list(&rollcube_puzzle, &p, &s, &path, NULL));
		assert_true(rollcube_state_is_solved(&p, &s));
		movelist_clear(&path);
	}
	assert_true(extra_seen[0] > 0 && extra_seen[2] > 0 && extra_seen[4] > 0 &&
	    extra_seen[6] > 0);
}

/* A run applied in closed form lands where rolling it roll by roll does,
 * and fails exactly when that does (off the board, the goal with the
 * wrong label): random runs on small open boards, each compared. */
static void
runs_in_closed_form_match_roll_by_roll(void **unused)
{
	static const char letters[] = "NESW";
	struct rollcube_params p;
	struct tw_rng rng;
	int trial, agreed_fail = 0, agreed_ok = 0;

	(void)unused;
	memset(&p, 0, sizeof p);
	tw_rng_seed(&rng, 2026);
	for (trial = 0; trial < 20000; trial++) {
		struct rollcube_state a, b;
		char move[64], one[2] = {0, 0};
		int len = 1 + (int)tw_rng_below(&rng, 3), k = 1 + (int)tw_rng_below(&rng, 14), i, j;
		bool ok_a = true, ok_b;
		struct tw_error err = {0};

		p.rows = 1 + (int64_t)tw_rng_below(&rng, 9);
		p.cols = 1 + (int64_t)tw_rng_below(&rng, 9);
		a.x = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)p.cols);
		a.y = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)p.rows);
		a.gx = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)p.cols);
		a.gy = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)p.rows);
		a.label = (uint8_t)tw_rng_below(&rng, 7);
		a.die = die_standard;
		for (i = (int)tw_rng_below(&rng, 24); i > 0; i--)
			a.die = die_roll(a.die, (enum rollcube_dir)tw_rng_below(&rng, 4));
		move[0] = '(';
		for (i = 0; i < len; i++)
			move[1 + i] = letters[tw_rng_below(&rng, 4)];
		snprintf(move + 1 + len, sizeof move - 1 - (size_t)len, ")^%d", k);
		b = a;
		for (j = 0; j < k && ok_a; j++)
			for (i = 0; i < len && ok_a; i++) {
				one[0] = move[1 + i];
				ok_a = rollcube_move_apply(&p, &a, one, NULL);
			}
		ok_b = rollcube_move_apply(&p, &b, move, &err);
		if (ok_a != ok_b)
			fail_msg("%s on %lldx%lld from (%lld,%lld), goal (%lld,%lld) label %d: roll by roll %s, closed form %s (%s)",
			    move, (long long)p.rows, (long long)p.cols, (long long)b.x, (long long)b.y,
			    (long long)b.gx, (long long)b.gy, b.label, ok_a ? "ok" : "fails",
			    ok_b ? "ok" : "fails", err.msg);
		if (ok_a) {
			assert_true(rollcube_state_equal(&p, &a, &b));
			agreed_ok++;
		} else {
			agreed_fail++;
		}
	}
	/* Both outcomes are exercised. */
	assert_true(agreed_ok > 2000);
	assert_true(agreed_fail > 2000);
}

static void
paths_undo_cost_and_refuse_bad_text(void **unused)
{
	struct rollcube_params *p;
	struct rollcube_state *s, *start;
	struct tw_error err = {0};
	char *inv;
	size_t used;

	(void)unused;
	p = rollcube_params_parse("1000000000x1000000000", &used, NULL);
	assert_non_null(p);
	start = rollcube_state_parse(p, "start=1,1:goal=999999990,999999990:label=3", NULL);
	assert_non_null(start);
	s = rollcube_state_dup(p, start, NULL);
	/* Two billion rolls in one move, in constant time, and back. */
	assert_true(rollcube_move_apply(p, s, "NN(EN)^999999980E", &err));
	assert_int_equal(s->x, 999999982);
	assert_int_equal(s->y, 999999983);
	assert_int_equal(rollcube_move_cost(p, "NN(EN)^999999980E", 0), 1999999963);
	inv = rollcube_move_inverse(p, "NN(EN)^999999980E", NULL);
	assert_string_equal(inv, "W(SW)^999999980SS");
	assert_true(rollcube_move_apply(p, s, inv, NULL));
	assert_true(rollcube_state_equal(p, s, start));
	free(inv);
	assert_false(rollcube_move_apply(p, s, "(E)^2000000000", &err));
	assert_non_null(strstr(err.msg, "off the board"));
	assert_true(rollcube_state_equal(p, s, start));
	assert_false(rollcube_move_apply(p, s, "(E)^0", &err));
	assert_int_equal(err.kind, TW_ERROR_BAD_INPUT);
	assert_false(rollcube_move_apply(p, s, "(E)^", &err));
	assert_false(rollcube_move_apply(p, s, "(E", &err));
	assert_false(rollcube_move_apply(p, s, "()^3", &err));
	assert_false(rollcube_move_apply(p, s, "X", &err));
	assert_non_null(strstr(err.msg, "a move is N, E, S or W"));
	assert_false(rollcube_move_apply(p, s, "", &err));
	assert_false(rollcube_move_apply(p, s, "(E)^99999999999999999999", &err));
	assert_non_null(strstr(err.msg, "at most"));
	assert_false(rollcube_move_apply(p, s, "(EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE)^2", &err));
	assert_non_null(strstr(err.msg, "at most 40 rolls"));
	assert_int_equal(rollcube_move_cost(p, "(E)^x", 0), -1);
	assert_true(rollcube_state_equal(p, s, start));
	rollcube_state_free(s);
	rollcube_state_free(start);
	rollcube_params_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(standard_die_rolls_as_the_paper_says),
		cmocka_unit_test(runs_in_closed_form_match_roll_by_roll),
		cmocka_unit_test(paths_undo_cost_and_refuse_bad_text),
		cmocka_unit_test(rolls_reach_exactly_24_orientations),
		cmocka_unit_test(illegal_rolls_are_refused_with_the_rule),
		cmocka_unit_test(rule_sets_let_the_right_rolls_through),
		cmocka_unit_test(ids_round_trip),
		cmocka_unit_test(bad_ids_name_the_bad_part),
		cmocka_unit_test(level_files_parse_and_errors_name_line_and_column),
		cmocka_unit_test(reachable_states_are_12mn_but_on_thin_boards),
		cmocka_unit_test(shortest_paths_exceed_manhattan_by_0_2_4_or_6),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
