/* The 6x6x6 staged reduction's stages 5 and 6 (src/solvers/cube/big/n6):
 * random "painted" cubes (a scrambled 6x6x6 whose centre facelets are
 * overwritten with another arrangement of their colours, which is still a
 * reachable cube: centres of one colour are interchangeable) at stage 4's
 * end through stages 5 and 6, and at stage 5's end through stage 6; each
 * result checked with r6_stage_done and r6_grouped, each path replayed
 * from the input. Forced parities: a flipped inner dedge (an odd inner
 * wing permutation) and two inner dedges swapped (middle edges against
 * corners); cancelled and exhausted searches. The default tier runs a
 * dozen cubes (fewer under the sanitizers), the slow suite 200. */
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

static uint64_t rng_state;

static uint64_t
next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void
solved(uint8_t *col)
{
	int d;

	for (d = 0; d < R6_FACELETS; d++)
		col[d] = (uint8_t)r6_face(d);
}

/* A scrambled cube (random model moves) whose centres are painted:
 * each centre orbit's eight facelets of each axis get the axis's two
 * colours four each at random places (staged), or their own face's
 * colour (home). */
static void
painted(uint8_t *col, bool home)
{
	const struct r6_model *md = r6_model();
	int i, k, a, d;

	solved(col);
	for (i = 0; i < 400; i++)
		r6_apply(col, (int)(next_random() % R6_MOVES));
	for (k = R6_OUTER_X; k <= R6_OBLIQUE_B; k++)
		for (a = 0; a < 3; a++) {
			uint8_t c[8] = {0};
			int place[8], n = 0;

			for (i = 0; i < 8; i++)
				c[i] = (uint8_t)(i < 4 ? a : a + 3);
			for (i = 7; i > 0; i--) {
				int j = (int)(next_random() % (uint64_t)(i + 1));
				uint8_t x = c[i];

				c[i] = c[j];
				c[j] = x;
			}
			for (d = 0; d < R6_FACELETS; d++)
				if (md->kind[d] == k && r6_face(d) % 3 == a)
					place[n++] = d;
			assert_int_equal(n, 8);
			for (i = 0; i < 8; i++)
				col[place[i]] = home ? (uint8_t)r6_face(place[i]) : c[i];
		}
}

static int
obtm(const struct staged_path *p, int from)
{
	int i, n = 0;

	for (i = from; i < p->len; i++)
		n += r6_model()->obtm[p->m[i]];
	return n;
}

static void
replay(const uint8_t *in, const struct staged_path *p, const uint8_t *out)
{
	uint8_t col[R6_FACELETS];
	int i;

	memcpy(col, in, sizeof col);
	for (i = 0; i < p->len; i++)
		r6_apply(col, p->m[i]);
	assert_memory_equal(col, out, sizeof col);
}

/* The inner wings' colours of facelets d and its wing partner swapped,
 * and of the wing next to it on the same edge: the inner dedge flipped. */
static void
flip_inner_dedge(uint8_t *col, int d)
{
	const struct r6_model *md = r6_model();
	int mate = r6_row(d) == 2 ? d + 6 : d + 1, o = md->wing_other[d], mo = md->wing_other[mate];
	uint8_t x;

	x = col[d];
	col[d] = col[o];
	col[o] = x;
	x = col[mate];
	col[mate] = col[mo];
	col[mo] = x;
}

static void
check_stage6(uint8_t *col, const uint8_t *in, struct staged_path *path, int from)
{
	struct tw_error err = {0};
	struct cube c5;

	if (!r6_stage6(col, NULL, path, &err))
		fail_msg("stage 6: %s", err.msg);
	assert_true(r6_stage_done(col, 6));
	if (!r6_grouped(col, &c5, &err))
		fail_msg("not grouped after stage 6: %s", err.msg);
	replay(in, path, col);
	assert_true(obtm(path, from) <= 120);
}

static void
stages_5_and_6(void **unused)
{
	int n = tier_pick(200, 12, 2), i;
	long s5 = 0, s6 = 0;

	(void)unused;
	rng_state = 0x243F6A8885A308D3ull;
	for (i = 0; i < n; i++) {
		uint8_t col[R6_FACELETS], in[R6_FACELETS];
		struct staged_path path = {0};
		struct tw_error err = {0};
		int l5;

		painted(col, false);
		memcpy(in, col, sizeof in);
		assert_true(r6_stage_done(col, 4));
		if (!r6_stage5(col, NULL, &path, &err))
			fail_msg("cube %d stage 5: %s", i, err.msg);
		assert_true(r6_stage_done(col, 5));
		replay(in, &path, col);
		l5 = path.len;
		assert_true(obtm(&path, 0) <= 16);
		s5 += obtm(&path, 0);
		check_stage6(col, in, &path, l5);
		s6 += obtm(&path, l5);
	}
	printf("# %d painted cubes: stage 5 %.2f OBTM, stage 6 %.2f OBTM\n", n, (double)s5 / n, (double)s6 / n);
}

static void
stage_6_alone(void **unused)
{
	int n = tier_pick(200, 12, 2), i;

	(void)unused;
	rng_state = 0x13198A2E03707344ull;
	for (i = 0; i < n; i++) {
		uint8_t col[R6_FACELETS], in[R6_FACELETS];
		struct staged_path path = {0};
		struct tw_error err = {0};

		painted(col, true);
		assert_true(r6_stage_done(col, 5));
		memcpy(in, col, sizeof in);
		check_stage6(col, in, &path, 0);
		(void)err;
	}
}

/* A solved cube with random face turns (they keep stage 6's goal) and
 * then, painted, one inner dedge flipped or two inner dedges swapped. */
static void
forced_parities(void **unused)
{
	const struct r6_model *md = r6_model();
	int trial;

	(void)unused;
	rng_state = 0xA4093822299F31D0ull;
	for (trial = 0; trial < 6; trial++) {
		uint8_t col[R6_FACELETS], in[R6_FACELETS];
		struct staged_path path = {0};
		struct tw_error err = {0};
		struct cube c5;
		int i, d;

		solved(col);
		if (trial % 3 == 0) {
			/* an inner dedge flipped: U's edge with F */
			flip_inner_dedge(col, 0 * 36 + 5 * 6 + 2);
		} else if (trial % 3 == 1) {
			/* the inner wings of U-F and U-B exchanged (colours moved with
			 * their places: U row 5 <-> U row 0, F row 0 <-> B row 0) */
			int uf = 0 * 36 + 5 * 6 + 2, ub = 0 * 36 + 0 * 6 + 2;

			for (i = 0; i < 2; i++) {
				int a = uf + i, b = ub + 1 - i;
				int fa = md->wing_other[a], fb = md->wing_other[b];
				uint8_t x = col[a];

				col[a] = col[b];
				col[b] = x;
				x = col[fa];
				col[fa] = col[fb];
				col[fb] = x;
			}
		} else {
			flip_inner_dedge(col, 0 * 36 + 2 * 6 + 0);
			flip_inner_dedge(col, 2 * 36 + 2 * 6 + 5);
			flip_inner_dedge(col, 3 * 36 + 0 * 6 + 2);
		}
		for (i = 0; i < 12; i++)
			r6_apply(col, r6_move((int)(next_random() % 6), 1, 1, (int)(next_random() % 3) + 1));
		assert_true(r6_stage_done(col, 6));
		assert_false(r6_grouped(col, &c5, &err));
		for (d = 0; d < R6_FACELETS; d++)
			in[d] = col[d];
		check_stage6(col, in, &path, 0);
		/* one fix: the flip's 15 OBTM or the swap's 8 */
		assert_true(path.len > 0);
	}
}

static void
cancelled_and_exhausted(void **unused)
{
	atomic_bool stop;
	struct staged_options opt = {&stop, 0};
	uint8_t col[R6_FACELETS], in[R6_FACELETS];
	struct staged_path path = {0};
	struct tw_error err = {0};

	(void)unused;
	atomic_init(&stop, true);
	rng_state = 0x082EFA98EC4E6C89ull;
	painted(col, false);
	memcpy(in, col, sizeof in);
	assert_false(r6_stage5(col, &opt, &path, &err));
	assert_string_equal(err.msg, "cancelled");
	assert_memory_equal(col, in, sizeof col);
	painted(col, true);
	assert_false(r6_stage6(col, &opt, &path, &err));
	assert_string_equal(err.msg, "cancelled");
	atomic_store(&stop, false);
	opt.max_nodes = 1000;
	painted(col, false);
	assert_false(r6_stage5(col, &opt, &path, &err));
	assert_string_equal(err.msg, "no stage-5 end within the search's work");
	assert_int_equal(err.kind, TW_ERROR_OUT_OF_WORK);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stages_5_and_6),
		cmocka_unit_test(stage_6_alone),
		cmocka_unit_test(forced_parities),
		cmocka_unit_test(cancelled_and_exhausted),
	};

	storage_use_table_cache();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
