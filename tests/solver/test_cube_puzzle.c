/* The cube puzzle: game IDs, validation reasons on every size, scrambles
 * (solvable, seeded, random moves on big cubes), metrics, the moves per
 * phase a solve reports (--stats) and the text net. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "solvers/cube/puzzle.h"
#include "solvers/registry.h"
#include "ui/storage.h"

static void
scrambles_are_solvable_seeded_and_unsolved(void **unused)
{
	int n;

	(void)unused;
	for (n = 2; n <= 11; n++) {
		char id[32];
		struct gameid g;
		struct cube *a, *b;
		struct tw_error err;

		snprintf(id, sizeof id, "cube:%d#42", n);
		assert_true(gameid_parse(twirl_puzzles, id, &g, NULL));
		a = gameid_start_state(&g, 0, NULL);
		b = gameid_start_state(&g, 0, NULL);
		assert_string_equal(a->f, b->f);
		assert_false(cube_is_solved(a));
		if (!cube_state_solvable(g.params, a, &err))
			fail_msg("%s: %s", id, err.msg);
		free(a);
		free(b);
		gameid_free(&g);
	}
}

static void
big_cubes_are_checked_for_corners_and_centres(void **unused)
{
	struct cube c;
	struct tw_error err = {0};
	int params5 = 5, params4 = 4;
	char t;

	(void)unused;
	/* A twisted corner on a 4x4x4: URF's three stickers cycled. */
	cube_solved(&c, 4);
	cube_apply_alg(&c, "R U 2R", NULL);
	t = c.f[15];                    /* U, row 3, col 3 */
	c.f[15] = c.f[16];              /* R, row 0, col 0 */
	c.f[16] = c.f[35];              /* F, row 0, col 3 */
	c.f[35] = t;
	assert_false(cube_state_solvable(&params4, &c, &err));
	assert_non_null(strstr(err.msg, "twisted corner"));
	/* Centres of a 5x5x5 swapped between U and R. */
	cube_solved(&c, 5);
	c.f[12] = 'R';
	c.f[25 + 12] = 'U';
	assert_false(cube_state_solvable(&params5, &c, &err));
	assert_non_null(strstr(err.msg, "centres out of place"));
	/* A flipped middle edge of a 5x5x5: UR's stickers swapped. */
	cube_solved(&c, 5);
	cube_apply_alg(&c, "R U 2R", NULL);
	t = c.f[14];                    /* U, row 2, col 4 */
	c.f[14] = c.f[25 + 2];          /* R, row 0, col 2 */
	c.f[25 + 2] = t;
	assert_false(cube_state_solvable(&params5, &c, &err));
	assert_non_null(strstr(err.msg, "corners and middle edges: flipped edge"));
	/* Even cubes: a centre sticker of the wrong colour count, and an
	 * edge with opposite colours. */
	cube_solved(&c, 4);
	c.f[5] = 'R';                   /* a U centre sticker painted R */
	c.f[16 + 5] = 'U';              /* and an R one painted U: counts hold */
	assert_true(cube_state_solvable(&params4, &c, NULL));
	c.f[16 + 5] = 'F';
	assert_false(cube_state_solvable(&params4, &c, &err));
	assert_non_null(strstr(err.msg, "centres: 3 U centre stickers"));
	cube_solved(&c, 4);
	c.f[1] = 'B';                   /* U's edge sticker next to B: a BB edge */
	assert_false(cube_state_solvable(&params4, &c, &err));
	assert_non_null(strstr(err.msg, "an edge piece has colours BB, which no edge has"));
	/* A turned whole cube is fine. */
	cube_solved(&c, 5);
	cube_apply_alg(&c, "x y 2R", NULL);
	assert_true(cube_state_solvable(&params5, &c, NULL));
}

/* Swaps the stickers of the UF wing k in from the left corner. */
static void
flip_uf_wing(struct cube *c, int k)
{
	int n = c->n, u = (n - 1) * n + k, f = 2 * n * n + k;
	char t = c->f[u];

	c->f[u] = c->f[f];
	c->f[f] = t;
}

static void
wings_flipped_in_place_are_refused(void **unused)
{
	static const char *const alg[2] = {
	    "R U 2R 3Rw' F 2U' x y' z2 L D 2B' Lw2 r' u",
	    "R U 2R 3Rw' F 2U' x y' z2 L D 2B' Lw2 r' u M E' S2"};
	int n, seed;

	(void)unused;
	for (n = 4; n <= 11; n++) {
		struct cube c;
		struct tw_error err = {0};
		int k;

		/* Turned and scrambled cubes have every wing's twin. */
		cube_solved(&c, n);
		assert_true(cube_apply_alg(&c, alg[n % 2], &err));
		if (!cube_state_solvable(&n, &c, &err))
			fail_msg("%dx%dx%d after %s: %s", n, n, n, alg[n % 2], err.msg);
		for (seed = 1; seed <= 10; seed++) {
			char id[32];
			struct gameid g;
			struct cube *a;

			snprintf(id, sizeof id, "cube:%d#%d", n, seed);
			assert_true(gameid_parse(twirl_puzzles, id, &g, NULL));
			a = gameid_start_state(&g, 0, NULL);
			if (!cube_state_solvable(g.params, a, &err))
				fail_msg("%s: %s", id, err.msg);
			free(a);
			gameid_free(&g);
		}
		/* One wing of each orbit flipped, then turned: refused. */
		for (k = 1; k < (n - 1) / 2 + (n % 2 == 0); k++) {
			cube_solved(&c, n);
			flip_uf_wing(&c, k);
			assert_true(cube_apply_alg(&c, alg[n % 2], NULL));
			assert_false(cube_state_solvable(&n, &c, &err));
			if (strstr(err.msg, "UF wings") == NULL || strstr(err.msg, "flipped in place") == NULL)
				fail_msg("%dx%dx%d, wing %d flipped: %s", n, n, n, k, err.msg);
		}
	}
}

/* Wings traded between orbits keep every colour pair's count but not the
 * orbits' twins. */
static void
wings_moved_to_another_orbit_are_refused(void **unused)
{
	struct cube c;
	struct tw_error err = {0};
	int n = 6, nn = 36;
	char t;

	(void)unused;
	cube_solved(&c, n);
	/* UF's wing 1 in (U row 6 col 2, F row 1 col 2) and UB's wing 2 in
	 * (U row 1 col 3, B row 1 col 4). */
	t = c.f[5 * n + 1];
	c.f[5 * n + 1] = c.f[2];
	c.f[2] = t;
	t = c.f[2 * nn + 1];
	c.f[2 * nn + 1] = c.f[5 * nn + 3];
	c.f[5 * nn + 3] = t;
	assert_false(cube_state_solvable(&n, &c, &err));
	assert_non_null(strstr(err.msg, "are alike, not mirror twins"));
}

static void
metrics_count_turns_not_rotations(void **unused)
{
	int n = 4;

	(void)unused;
	assert_int_equal(cube_move_cost(&n, "R", 0), 1);
	assert_int_equal(cube_move_cost(&n, "R2", 0), 1);
	assert_int_equal(cube_move_cost(&n, "R2", 1), 2);
	assert_int_equal(cube_move_cost(&n, "3Rw'", 1), 1);
	assert_int_equal(cube_move_cost(&n, "x", 0), 0);
	assert_int_equal(cube_move_cost(&n, "Q", 0), -1);
}

/* A reduction's moves per phase are counted in OBTM and add up to the
 * answer's OBTM length, inner slices (2 each) included: a 5x5x5 whose
 * middle slices are turned starts with slice turns that bring its fixed
 * centres home. */
static void
stats_count_phases_in_obtm(void **unused)
{
	struct gameid g;
	struct solve_stats stats = {0};
	struct solve_request req = {0};
	struct movelist out = MOVELIST_EMPTY;
	struct tw_error err;
	struct cube *c;
	long sum = 0;
	int i, obtm = -1;

	(void)unused;
	assert_true(gameid_parse(twirl_puzzles, "cube:5#3", &g, NULL));
	c = gameid_start_state(&g, 0, NULL);
	assert_true(cube_apply_alg(c, "M E' R U 3R F2", NULL));
	for (i = 0; g.puzzle->metrics[i] != NULL; i++)
		if (strcmp(g.puzzle->metrics[i], "obtm") == 0)
			obtm = i;
	assert_true(obtm >= 0);
	req.stats = &stats;
	if (!g.puzzle->solve(g.params, c, &req, &out, &err))
		fail_msg("%s", err.msg);
	assert_string_equal(stats.metric, "obtm");
	for (i = 0; i < stats.phases; i++)
		sum += stats.moves[i];
	assert_int_equal(sum, puzzle_list_cost(g.puzzle, g.params, &out, obtm));
	assert_true(sum > (long)out.len);   /* the slice turns count 2 */
	movelist_clear(&out);
	free(c);
	gameid_free(&g);
}

static void
net_renders_u_above_f_and_d_below(void **unused)
{
	struct cube c;
	char *text;
	int n = 2;

	(void)unused;
	cube_solved(&c, 2);
	text = cube_state_render(&n, &c, NULL);
	assert_string_equal(text,
	    "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n");
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scrambles_are_solvable_seeded_and_unsolved),
		cmocka_unit_test(big_cubes_are_checked_for_corners_and_centres),
		cmocka_unit_test(wings_flipped_in_place_are_refused),
		cmocka_unit_test(wings_moved_to_another_orbit_are_refused),
		cmocka_unit_test(metrics_count_turns_not_rotations),
		cmocka_unit_test(stats_count_phases_in_obtm),
		cmocka_unit_test(net_renders_u_above_f_and_d_below),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
