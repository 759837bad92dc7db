/* Game IDs: GAME:PARAMS, GAME:PARAMS#SEED, GAME:PARAMS:STATE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"

/* twirl scramble torus:4x4#8812, pinned: a shared game ID names the
 * same position forever. */
#define GOLDEN_4X4_8812 "8,2,15,11,5,3,13,6,16,9,12,7,14,1,4,10"

static void
params_only_id_names_the_board(void **unused)
{
	struct gameid g;
	struct tw_error err;
	const struct torus_params *p;

	(void)unused;
	assert_true(gameid_parse(twirl_puzzles, "torus:3x5", &g, &err));
	assert_ptr_equal(g.puzzle, &torus_puzzle);
	assert_int_equal(g.kind, GAMEID_PARAMS);
	p = g.params;
	assert_int_equal(p->rows, 3);
	assert_int_equal(p->cols, 5);
	gameid_free(&g);
	assert_true(gameid_parse(twirl_puzzles, "torus", &g, &err));
	p = g.params;
	assert_int_equal(p->rows, 4);
	gameid_free(&g);
}

static void
seeded_id_gives_the_same_position_every_time(void **unused)
{
	struct gameid g;
	struct tw_error err;
	void *a, *b;
	char *text;

	(void)unused;
	assert_true(gameid_parse(twirl_puzzles, "torus:4x4#8812", &g, &err));
	assert_int_equal(g.kind, GAMEID_SEED);
	assert_string_equal(g.seed, "8812");
	a = gameid_start_state(&g, 1, &err);
	b = gameid_start_state(&g, 2, &err);
	assert_true(torus_state_equal(g.params, a, b));
	/* Pinned: changing the PRNG or the scramble breaks shared IDs. */
	text = torus_state_format(g.params, a, NULL);
	assert_string_equal(text, GOLDEN_4X4_8812);
	free(text);
	free(a);
	free(b);
	text = gameid_format_seed(g.puzzle, g.params, g.seed, NULL);
	assert_string_equal(text, "torus:4x4#8812");
	free(text);
	gameid_free(&g);
}

static void
state_id_round_trips(void **unused)
{
	struct gameid g;
	struct tw_error err;
	char *text;

	(void)unused;
	assert_true(gameid_parse(twirl_puzzles, "torus:2x3:6,5,4,3,2,1", &g, &err));
	assert_int_equal(g.kind, GAMEID_STATE);
	text = gameid_format_state(g.puzzle, g.params, g.state, NULL);
	assert_string_equal(text, "torus:2x3:6,5,4,3,2,1");
	free(text);
	gameid_free(&g);
}

static void
bad_ids_name_the_bad_part(void **unused)
{
	static const struct {
		const char *id, *reason;
	} bad[] = {
		{"", "has no puzzle name"},
		{":4x4", "has no puzzle name"},
		{"cubes:3", "unknown puzzle 'cubes' (known: torus, rollcube, nrp, cube)"},
		{"toruses:4x4", "unknown puzzle 'toruses'"},
		{"torus:4x", "game ID params '4x': board size should be ROWSxCOLS"},
		{"torus:1x4", "1 row: "},
		{"torus:4x4#", "empty seed"},
		{"torus:4x4#a b", "seed 'a b' has a bad character at position 2"},
		{"torus:4x4#a:b", "bad character"},
		{"torus:4x4x", "unexpected 'x' after the params '4x4'"},
		{"torus:2x3:1,2,3", "state: 3 tiles given"},
		{"torus:2x3:1,1,2,3,4,5", "state: tile 1 appears twice"},
		{"torus:2x3:", "state: expected a tile number"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct gameid g;
		struct tw_error err = {0};

		assert_false(gameid_parse(twirl_puzzles, bad[i].id, &g, &err));
		if (strstr(err.msg, bad[i].reason) == NULL)
			fail_msg("'%s': got '%s', want '%s'", bad[i].id, err.msg,
			    bad[i].reason);
		assert_int_equal(err.kind, TW_ERROR_BAD_INPUT);
		assert_null(g.params);
		assert_null(g.state);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(params_only_id_names_the_board),
		cmocka_unit_test(seeded_id_gives_the_same_position_every_time),
		cmocka_unit_test(state_id_round_trips),
		cmocka_unit_test(bad_ids_name_the_bad_part),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
