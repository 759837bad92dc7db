/* The 6x6x6 staged reduction's stages 1 to 4 (src/solvers/cube/big/n6/
 * centres.c): random cubes through them, every path replayed on the
 * view's colours to the output, each stage's goal checked with
 * r6_stage_done on the path's prefix that ends it (stage k's end after
 * the OBTM of stages 1..k), the stages' turn sets (2 and 4 turn at most
 * two layers, 3 and 4 keep R-L staged), the OBTM adding up, the same
 * answer twice; a solved cube needing nothing; cancelling, a too small
 * work budget and colours that are no cube refused with their errors.
 * The default tier runs six cubes (two under the sanitizers), the slow
 * suite forty (tests/common/tier.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tier.h"
#include "solvers/cube/big/n6/n6.h"
#include "ui/storage.h"

static const struct r6_model *md;

static int
setup(void **unused)
{
	(void)unused;
	md = r6_model();
	return 0;
}

static uint64_t
xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A random 6x6x6's colours: 300 random model moves from solved. */
static void
random_cube(uint64_t *seed, uint8_t *col)
{
	struct cube c;
	int i;

	cube_solved(&c, R6_N);
	r6_colours(&c, col);
	for (i = 0; i < 300; i++)
		r6_apply(col, (int)(xorshift(seed) % R6_MOVES));
}

/* Checks one run of the stages on col; returns its OBTM. */
static int
check_stages(const uint8_t *col, int index)
{
	struct staged_options opt = {NULL, 0};
	struct staged_path path, again;
	struct tw_error err = {0};
	uint8_t out[R6_FACELETS], w[R6_FACELETS], out2[R6_FACELETS];
	int view, view2, sm[4], sm2[4], k, i = 0, cost = 0, total = 0;

	if (!r6_stages_1to4(col, &opt, &view, out, &path, sm, &err))
		fail_msg("cube %d: %s", index, err.msg);
	assert_true(view >= 0 && view < R6_VIEWS);
	assert_true(r6_stage_done(out, 4));
	r6_view_colours(col, view, w);
	for (k = 0; k < 4; k++) {
		total += sm[k];
		for (; i < path.len && cost < total; i++) {
			int m = path.m[i];

			if (k == 1 || k == 3)
				assert_true(md->first[m] == 1 && md->last[m] <= 2);
			if (k >= 2)
				assert_true(md->axis[m] == 1 || md->turns[m] == 2 || md->last[m] == 1);
			r6_apply(w, m);
			cost += md->obtm[m];
		}
		assert_int_equal(cost, total);
		if (!r6_stage_done(w, k + 1))
			fail_msg("cube %d: stage %d's goal fails after its %d OBTM", index, k + 1, total);
		if (k < 3)
			assert_false(r6_stage_done(w, k + 2) && sm[k + 1] > 0);
	}
	assert_int_equal(i, path.len);
	assert_memory_equal(w, out, R6_FACELETS);
	/* Node budgets, not time: the same answer again. */
	if (index == 0) {
		assert_true(r6_stages_1to4(col, &opt, &view2, out2, &again, sm2, &err));
		assert_int_equal(view2, view);
		assert_int_equal(again.len, path.len);
		assert_memory_equal(again.m, path.m, (size_t)path.len);
		assert_memory_equal(sm2, sm, sizeof sm);
	}
	return total;
}

/* Random cubes (the game's scrambles of a 6x6x6, seeds 7000 on) whose
 * stage 3 needs more than 60 M nodes once its try with the wing parities
 * even has failed: 5 of 1,000 (one of them between 200 M and 400 M,
 * 14 s). The plain default tier solves the last (3 s), the slow suite
 * all five. */
static void
deep_stage3_ends_are_found(void **unused)
{
	static const char *const facelets[] = {
		"ULBDLFRUFBRUUURLLURLDDFFDUFRBDLDBFRDRLLFBUDDBUFFLFFFFBBRDLUUFLDDRRDRFDBFDRLUFBLLFDRBFLLURFUBUBDLFFRUULBURDLRRRURUFLBULRBRBRBDRRRUBBBUFBBLUBFDDRLRDBDBBBDLLLBBRRLUDRBRDFLFFRLBDLFUFDULUFRFFUUURBLDLUFDULFBFUBUDDDDRDBLLDU",
		"DDDDBFLDDLBUFURDLLBUFBFBUBULBDDFURDBRRUBFDBUFFDBLRULUUFUUDDLRLLDFFBULDFULDBBLUBUDFRDDRBFBFRLLDDUBRBBRULLLLLLDFBUDULRUDLLDLDLRDRBURBFLLLFFRFDFRBLRUURRFUUBRFRRUBRRLDDFBFDUBDFFDRFFBBBRLFRRBRDFUDFRRUFRFURRLBBRUBLLBFUULFU",
		"RLFUDDURBBRFBURDRLFBBLFDBURRLBLLLRDDRURDRRFFRLBRUDRUBUDFFBLFFFLLLBLLBLDLBDBFFBLLBDRUFDLBRBFFBLBLRDBUBDBLDDDBRUFRBDUFLUUFURURLRDUDURBRRRDBRLDRURFFFUURUUFFUDBDFFDLDUDFFBLUDFFDBDDBRBUFBLRFUFUUDBLRLLRDBLUUDFLLLUDURUUFBLF",
		"BULRLFBFRDBFFLULBDFFDLRDUUDDURRDFBFLBBLBDDRLFBFRFLRLUBDFDBFUUBDDRFDBLRUFULULRULDRFBDDRULUDFBDFRRBLLBFBBBBFBFDLLLLLULBUBDUBURDDUDFRUBBRURDRLULRLRLRLRLBUDUFRFRUFBLFRLBUDURDLFLUFDBBLRRDBUFDFULRURDBRBUURLFDBDDRFRFDUFFUFU",
		"LFBBRLULRULURLDFDLFLLBRUDFDUBRUFUFBURDRBLUDUBRRBBBDRDRFUDUUDRFFFULDLRDUDBDBLDFBRUDFFFBLUFRUDFBUUFRFRFBRFLBLFDLBDDLFDBUDDDBLULULLDFDFRRLFURURLDUBDRFDBRULURULRLBUDULLRRRLUDFFDULDULRFBBURLBUBRLBLFDFRBDRRLBBFBLFBBFRBBDFF",
	};
	int count = tier_pick(5, 1, 0), i;

	(void)unused;
	for (i = 0; i < count; i++) {
		struct cube c;
		uint8_t col[R6_FACELETS];
		int at = count == 5 ? i : 4;

		c.n = R6_N;
		memcpy(c.f, facelets[at], sizeof facelets[at][0] * R6_FACELETS);
		c.f[R6_FACELETS] = '\0';
		r6_colours(&c, col);
		check_stages(col, 100 + at);
	}
}

static void
random_cubes_staged(void **unused)
{
	int count = tier_pick(40, 6, 2), i, total = 0, most = 0;
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	(void)unused;
	for (i = 0; i < count; i++) {
		uint8_t col[R6_FACELETS];
		int t;

		random_cube(&seed, col);
		t = check_stages(col, i);
		total += t;
		most = t > most ? t : most;
	}
	/* Measured: 37.75 OBTM on average, at most 40, over 20 cubes. */
	if (total > 41 * count || most > 46)
		fail_msg("mean %.2f, longest %d OBTM over %d cubes", (double)total / count, most, count);
}

static void
solved_needs_nothing(void **unused)
{
	struct cube c;
	struct staged_path path;
	struct tw_error err = {0};
	uint8_t col[R6_FACELETS], out[R6_FACELETS];
	int view = -1, sm[4] = {1, 1, 1, 1};

	(void)unused;
	cube_solved(&c, R6_N);
	r6_colours(&c, col);
	assert_true(r6_stages_1to4(col, NULL, &view, out, &path, sm, &err));
	assert_int_equal(path.len, 0);
	assert_int_equal(sm[0] + sm[1] + sm[2] + sm[3], 0);
	assert_int_equal(view, 0);
	assert_memory_equal(out, col, R6_FACELETS);
}

static void
cancelled_and_out_of_work(void **unused)
{
	uint64_t seed = 12345;
	atomic_bool cancel = true;
	struct staged_options opt = {&cancel, 0};
	struct staged_path path;
	struct tw_error err = {0};
	uint8_t col[R6_FACELETS], out[R6_FACELETS];
	int view;

	(void)unused;
	random_cube(&seed, col);
	assert_false(r6_stages_1to4(col, &opt, &view, out, &path, NULL, &err));
	assert_string_equal(err.msg, "cancelled");
	opt.cancel = NULL;
	opt.max_nodes = 1000;
	assert_false(r6_stages_1to4(col, &opt, &view, out, &path, NULL, &err));
	assert_string_equal(err.msg, "no stage-1 end within the search's work");
	assert_int_equal(err.kind, TW_ERROR_OUT_OF_WORK);
}

static void
not_a_cube_refused(void **unused)
{
	struct cube c;
	struct staged_path path;
	struct tw_error err = {0};
	uint8_t col[R6_FACELETS], out[R6_FACELETS];
	int view, d;

	(void)unused;
	cube_solved(&c, R6_N);
	r6_colours(&c, col);
	for (d = 0; d < R6_FACELETS; d++)
		if (md->kind[d] == R6_INNER_X && r6_face(d) == 0)
			col[d] = 1;   /* eight R inner X, no U */
	assert_false(r6_stages_1to4(col, NULL, &view, out, &path, NULL, &err));
	assert_non_null(strstr(err.msg, "not a 6x6x6"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(solved_needs_nothing),
		cmocka_unit_test(not_a_cube_refused),
		cmocka_unit_test(cancelled_and_out_of_work),
		cmocka_unit_test(random_cubes_staged),
		cmocka_unit_test(deep_stage3_ends_are_found),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, setup, NULL);
}
