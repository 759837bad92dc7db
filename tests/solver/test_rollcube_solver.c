/* Rolling cube solvers: the shipped levels are all solvable and none is
 * trivial; maze BFS paths are legal and as short as an independent search
 * says, under both rule sets; solvability and scrambles on huge open
 * boards cost constant time and memory, a scramble on a map finds a
 * solvable goal however few cells are free, and the game gets a long
 * answer whole, its straights as runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/rollcube/rollcube.h"
#include "engine/gameid.h"
#include "solvers/registry.h"
#include "solvers/rollcube/solve.h"

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long len;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = calloc((size_t)len + 1, 1);
	assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	return text;
}

static void
every_level_is_solvable_and_not_trivial(void **unused)
{
	const char *data = getenv("TWIRL_DATA_DIR");
	char dir[512];
	struct dirent *de;
	int count = 0;
	DIR *d;

	(void)unused;
	assert_non_null(data);
	snprintf(dir, sizeof dir, "%s/rollcube", data);
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)) != NULL) {
		struct rollcube_params p;
		struct rollcube_state s, t;
		struct movelist path = MOVELIST_EMPTY;
		struct tw_error err;
		char file[800], *text, *name;
		int manhattan;

		if (strstr(de->d_name, ".level") == NULL)
			continue;
		snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
		text = slurp(file);
		if (!rollcube_level_parse(text, &p, &s, &name, &err))
			fail_msg("%s: %s", file, err.msg);
		assert_non_null(name);
		if (!rollcube_bfs(&p, &s, 40000, NULL, &path, &err))
			fail_msg("%s: %s", file, err.msg);
		manhattan = (int)(llabs(s.gx - s.x) + llabs(s.gy - s.y));
		if ((int)path.len <= manhattan)
			fail_msg("%s is trivial: %zu moves, Manhattan %d", file, path.len, manhattan);
		t = s;
		assert_true(puzzle_apply_list(&rollcube_puzzle, &p, &t, &path, NULL));
		assert_true(rollcube_state_is_solved(&p, &t));
		printf("# %s %-20s %2zu moves (Manhattan %d)\n", de->d_name, name,
		    path.len, manhattan);
		count++;
		movelist_clear(&path);
		rollcube_params_clear(&p);
		free(name);
		free(text);
	}
	closedir(d);
	assert_true(count >= 24);
}

/* Distance from s to solved by a plain search over whole states: the
 * reference the solver's BFS is compared with. */
static int
reference_distance(const struct rollcube_params *p, const struct rollcube_state *s)
{
	enum { MAXQ = 20000 };
	static struct rollcube_state queue[MAXQ];
	static int dist[MAXQ];
	int head = 0, tail = 0, i, d;

	if (rollcube_state_is_solved(p, s))
		return 0;
	if (s->x == s->gx && s->y == s->gy)
		return -1;
	queue[tail] = *s;
	dist[tail++] = 0;
	while (head < tail) {
		struct rollcube_state cur = queue[head];
		int cd = dist[head++];

		for (d = 0; d < 4; d++) {
			struct rollcube_state next = cur;
			bool seen = false;

			if (!rollcube_roll(p, &next, (enum rollcube_dir)d, NULL))
				continue;
			if (rollcube_state_is_solved(p, &next))
				return cd + 1;
			if (next.x == next.gx && next.y == next.gy)
				continue;
			for (i = 0; i < tail && !seen; i++)
				seen = rollcube_state_equal(p, &queue[i], &next);
			if (!seen && tail < MAXQ) {
				queue[tail] = next;
				dist[tail++] = cd + 1;
			}
		}
	}
	return -1;
}

static void
maze_paths_are_legal_and_shortest_under_both_rules(void **unused)
{
	struct tw_rng rng;
	int k, solved = 0, unsolvable = 0;

	(void)unused;
	tw_rng_seed(&rng, 31);
	for (k = 0; k < 300; k++) {
		struct rollcube_params p = {3 + (int64_t)tw_rng_below(&rng, 3),
		    3 + (int64_t)tw_rng_below(&rng, 3), k % 2 ? RULE_ABBOTT : RULE_TOP_AFTER, NULL};
		struct rollcube_state s;
		struct movelist path = MOVELIST_EMPTY;
		struct tw_error err;
		int i, ref;

		p.cells = calloc((size_t)(p.rows * p.cols), 1);
		for (i = 0; i < p.rows * p.cols; i++) {
			int r = (int)tw_rng_below(&rng, 10);

			p.cells[i] = (uint8_t)(r < 2 ? CELL_BLOCKED : r < 4 ? 1 + tw_rng_below(&rng, 6) :
			    r == 4 && p.rule == RULE_ABBOTT ? CELL_WILD : CELL_FREE);
		}
		s = (struct rollcube_state){1, 1, die_standard, p.cols, p.rows,
		    (uint8_t)tw_rng_below(&rng, 7)};
		p.cells[0] = CELL_FREE;
		p.cells[p.rows * p.cols - 1] = CELL_FREE;
		ref = reference_distance(&p, &s);
		if (rollcube_bfs(&p, &s, 1000, NULL, &path, &err)) {
			struct rollcube_state t = s;

			assert_int_equal((int)path.len, ref);
			assert_true(puzzle_apply_list(&rollcube_puzzle, &p, &t, &path, NULL));
			assert_true(rollcube_state_is_solved(&p, &t));
			solved++;
		} else {
			assert_string_equal(err.msg, "no path");
			assert_int_equal(ref, -1);
			unsolvable++;
		}
		movelist_clear(&path);
		free(p.cells);
	}
	/* Both outcomes occur, so both branches were tested. */
	assert_true(solved > 50);
	assert_true(unsolvable > 10);
}

/* Peak resident memory of this process so far, in MB. */
static long
peak_mb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

/* Open boards of millions of cells are answered by SRC: the check, the
 * scramble (which checks every draw) and a save naming such a board run
 * no breadth-first search over 24 states a cell (on 4,194,304 cells one
 * would take 10 s and 640 MB). The process stays small. */
static void
huge_open_boards_are_checked_without_search(void **unused)
{
	static const char *const ids[] = {
		"rollcube:1x4194304#1", "rollcube:4194304x1#2", "rollcube:2048x2048#3",
		"rollcube:2048x2048:start=1,1:goal=2048,2048:label=3",
		/* On one row the top follows from the distance: 3 rolls east
		 * show 5, 2 show 6. */
		"rollcube:1x4194304:start=1,1:goal=4194304,1:label=5",
		"rollcube:1x4194304:start=1,1:goal=4194303,1:label=2",
	};
	static const bool solvable[] = {true, true, true, true, true, false};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct gameid g;
		struct tw_error err = {0};
		void *s;

		assert_true(gameid_parse(twirl_puzzles, ids[i], &g, &err));
		s = gameid_start_state(&g, 0, &err);
		if (s == NULL)
			fail_msg("%s: %s", ids[i], err.msg);
		if (rollcube_state_solvable(g.params, s, &err) != solvable[i])
			fail_msg("%s: solvable should be %d (%s)", ids[i], solvable[i], err.msg);
		if (!solvable[i])
			assert_non_null(strstr(err.msg, "on a single line the die shows"));
		free(s);
		gameid_free(&g);
	}
	if (peak_mb() > 100)
		fail_msg("peak memory %ld MB", peak_mb());
}

/* A map with two free cells: almost every draw lands on a blocked cell,
 * and the goal is then drawn from what the start reaches. */
static void
sparse_maps_still_scramble(void **unused)
{
	struct rollcube_params p = {200, 200, RULE_TOP_AFTER, NULL};
	struct tw_rng rng;
	int k;

	(void)unused;
	p.cells = malloc(200 * 200);
	assert_non_null(p.cells);
	memset(p.cells, CELL_BLOCKED, 200 * 200);
	p.cells[0] = p.cells[1] = CELL_FREE;
	tw_rng_seed(&rng, 5);
	for (k = 0; k < 3; k++) {
		struct tw_error err = {0};
		struct rollcube_state *s = rollcube_scramble(&p, &rng, &err);

		if (s == NULL)
			fail_msg("%s", err.msg);
		assert_true(s->y == 1 && s->gy == 1 && s->x + s->gx == 3);
		assert_true(rollcube_state_solvable(&p, s, NULL));
		free(s);
	}
	p.cells[1] = CELL_BLOCKED;   /* one free cell: nowhere to go */
	{
		struct tw_error err = {0};

		assert_null(rollcube_scramble(&p, &rng, &err));
		assert_non_null(strstr(err.msg, "no solvable start and goal"));
	}
	free(p.cells);
}

/* The game's request (partial_ok) on boards whose answers are long: the
 * whole answer in about a hundred moves whose runs replay to the goal,
 * as many rolls as SRC's shortest path, in constant time. */
static void
long_answers_come_whole_as_runs_for_the_game(void **unused)
{
	static const char *const ids[] = {
	    "rollcube:1000000000x1000000000:start=1,1:goal=999999990,999999990:label=3",
	    "rollcube:2147483647x5:start=1,1:goal=4,2147483000:label=6",
	    "rollcube:9x30000:start=2,3:goal=29990,7:label=any",
	};
	size_t i, k;

	(void)unused;
	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct gameid g;
		struct rollcube_state *s;
		struct movelist out = MOVELIST_EMPTY;
		bool truncated = true;
		long total = 0, rolls = 0;
		struct solve_request req = {.partial_ok = true, .truncated = &truncated,
		    .total_length = &total};
		struct tw_error err = {0};

		if (!gameid_parse(twirl_puzzles, ids[i], &g, &err))
			fail_msg("%s: %s", ids[i], err.msg);
		s = gameid_start_state(&g, 0, NULL);
		assert_non_null(s);
		if (!rollcube_solve_entry(g.params, s, &req, &out, &err))
			fail_msg("%s: %s", ids[i], err.msg);
		assert_false(truncated);
		assert_true(total > ROLLCUBE_GAME_LISTED);
		assert_int_equal(total, rollcube_gps_moves(g.params, s));
		assert_true(out.len < 400);
		/* The first move is one roll: a hint shows one step. */
		assert_int_equal(strlen(out.moves[0]), 1);
		for (k = 0; k < out.len; k++) {
			if (!rollcube_move_apply(g.params, s, out.moves[k], &err))
				fail_msg("%s: move %zu (%s): %s", ids[i], k + 1, out.moves[k], err.msg);
			rolls += rollcube_move_cost(g.params, out.moves[k], 0);
		}
		assert_true(rollcube_state_is_solved(g.params, s));
		assert_int_equal(rolls, total);
		movelist_clear(&out);
		free(s);
		gameid_free(&g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_level_is_solvable_and_not_trivial),
		cmocka_unit_test(maze_paths_are_legal_and_shortest_under_both_rules),
		cmocka_unit_test(huge_open_boards_are_checked_without_search),
		cmocka_unit_test(sparse_maps_still_scramble),
		cmocka_unit_test(long_answers_come_whole_as_runs_for_the_game),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
