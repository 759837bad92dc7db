/* The 5x5x5 phase reduction's phase-4 and phase-5 tables (src/solvers/
 * cube/n5/phase45.h), a part of test_cube_reduce5: the centre tables
 * as lower bounds along random walks of phase 5's turns from solved, and
 * the two big tables of 4 bits an entry (phase 4's dedges, phase 5's
 * wings x U-D centres, read for half 1 through the mirror) exact on
 * sampled states: 0 only at the goal, elsewhere one more than the least
 * of the state's children. A wrong mirror, a wrong packing or a wrong
 * breadth-first fill breaks that equation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tier.h"
#include "test_cube_reduce5.h"
#include "engine/rng.h"
#include "solvers/cube/big/n5/phase45.h"

static const struct r5_p45 *
tables(void)
{
	struct tw_error err;
	const struct r5_p45 *k = r5_p45_get(&err);

	if (k == NULL)
		fail_msg("%s", err.msg);
	return k;
}

void
p45_tables_on_walks(void **unused)
{
	const struct r5_model *md = r5_model_get(NULL);
	const struct r5_p45 *k = tables();
	int walks = tier_pick(200, 40, 10), w, i, mx[3] = {0};
	struct tw_rng rng;

	(void)unused;
	for (i = 0; i < R5_C5_STATES; i++)
		mx[0] = k->t->p5_c[i] > mx[0] ? k->t->p5_c[i] : mx[0];
	for (i = 0; i < R5_PERM8; i++)
		mx[1] = k->t->p5_w[0][i] > mx[1] ? k->t->p5_w[0][i] : mx[1];
	for (i = 0; i < R5_AXC * R5_AXC; i++)
		mx[2] = k->t->p4_c[i] != 0xff && k->t->p4_c[i] > mx[2] ? k->t->p4_c[i] : mx[2];
	print_message("phase 5: %d centre states (depth %d), wings depth %d; phase 4 centres depth %d\n", R5_C5_STATES,
	    mx[0], mx[1], mx[2]);
	tw_rng_seed(&rng, 5508);
	for (w = 0; w < walks; w++) {
		struct cube c;
		int len = (int)tw_rng_below(&rng, 25), ci;

		for (i = 0; i < R5_FACELETS; i++)
			c.f[i] = "URFDLB"[i / 25];
		c.f[R5_FACELETS] = 0;
		c.n = R5_N;
		for (i = 0; i < len; i++)
			r5_apply(md, &c, k->t->q5[tw_rng_below(&rng, R5_Q5)]);
		ci = r5_p45_c5_index(k, r5_p45_axis_coord(&c, 0), r5_p45_axis_coord(&c, 1), r5_p45_axis_coord(&c, 2));
		assert_true(ci >= 0);
		assert_true(k->t->p5_c[ci] <= len);
		assert_true(r5_p45_halves_match(k, md, &c));
	}
}

/* Phase 5's bound from one half's wings (half 0 directly, half 1 through
 * the mirror) and the U-D centres. */
static int
p5_bound(const struct r5_p45 *k, int half, int w, int ud)
{
	return half == 0 ? r5_p5_low_bound(k, w, ud) : r5_p5_high_bound(k, w, ud);
}

void
p45_big_tables_exact(void **unused)
{
	const struct r5_p45 *k = tables();
	int samples = tier_pick(1000000, 100000, 20000), s, j, half, zeros = 0;
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 4545);
	/* The goals. */
	assert_int_equal(r5_nibble(k->p4_mlh, k->t->mlh_goal), 0);
	assert_int_equal(p5_bound(k, 0, 0, (int)k->t->lc_goal), 0);
	assert_int_equal(p5_bound(k, 1, 0, (int)k->t->lc_goal), 0);
	for (s = 0; s < samples; s++) {
		/* Phase 4: set x low x high, its 16 turns. */
		uint32_t i = (uint32_t)tw_rng_below(&rng, R5_MLH_ENTRIES);
		uint32_t h = i % R5_ORD4, l = i / R5_ORD4 % R5_ORD4, m = i / R5_ORD4 / R5_ORD4;
		int d = r5_nibble(k->p4_mlh, i), least = 99;

		for (j = 0; j < R5_Q4; j++) {
			uint32_t o = ((uint32_t)k->t->s4[m][j] * R5_ORD4 + k->t->sw4[0][m][l][j]) * R5_ORD4 + k->t->sw4[1][m][h][j];
			int e = r5_nibble(k->p4_mlh, o);

			least = e < least ? e : least;
		}
		if (d == 0) {
			zeros++;
			assert_int_equal(i, k->t->mlh_goal);
		} else if (d != least + 1) {
			fail_msg("phase 4's dedge table: entry %u is %d, its children's least %d", i, d, least);
		}
		/* Phase 5: each half's wings x U-D centres, its 14 turns. */
		for (half = 0; half < 2; half++) {
			int w = (int)tw_rng_below(&rng, R5_PERM8), ud = (int)tw_rng_below(&rng, R5_AXC);

			d = p5_bound(k, half, w, ud);
			least = 99;
			for (j = 0; j < R5_Q5; j++) {
				int e = p5_bound(k, half, k->t->w5[half][w][j], k->t->c5ud[ud][j]);

				least = e < least ? e : least;
			}
			if (d == 0)
				assert_true(w == 0 && ud == (int)k->t->lc_goal);
			else if (d != least + 1)
				fail_msg("phase 5's wing table, half %d: (%d, %d) is %d, its children's least %d", half,
				    w, ud, d, least);
		}
	}
	print_message("%d samples of each big table exact (%d at phase 4's goal)\n", samples, zeros);
}
