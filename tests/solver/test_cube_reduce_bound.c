/* The greedy reduction's shortcuts in scoring a step (src/solvers/cube/
 * greedy/search.c), each of which must leave the chosen steps as they
 * were: the bound on what a centre macro can gain (rd_centre_gain_bound)
 * is never below the gain the macro makes, on random positions and
 * stages with one and with three target colours, and it is not vacuous
 * (some macros are bounded at 0, some meet it); a pairing macro's listed
 * sources (rtab psrc) are what its slots show after the macro is played,
 * and the slots it leaves out are untouched. On 5x5x5 and 8x8x8 (odd and
 * even: the middle reference wing and not). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "solvers/cube/big/greedy/internal.h"

static uint32_t rng = 12345;

static int
rand_below(int k)
{
	rng = rng * 1103515245u + 12345u;
	return (int)((rng >> 8) % (uint32_t)k);
}

/* A random position: solved (facelet f shows its face, f / n^2), then
 * `turns` random single-layer turns. */
static void
scramble(const struct rtab *t, uint8_t *col, int turns)
{
	int i;

	for (i = 0; i < t->nf; i++)
		col[i] = (uint8_t)(i / (t->n * t->n));
	for (i = 0; i < turns; i++)
		rd_apply_plain(t, col, rand_below(t->nmoves));
}

/* A centre stage: the centres of the faces in `targets` (bit per face)
 * are targets of their own face's colour, those in `kept` must keep it;
 * odd n keeps the middle centres, as rd_solve_centres does. */
static void
make_stage(const struct rtab *t, struct stage *st, unsigned targets, unsigned kept)
{
	int nn = t->n * t->n, i;

	memset(st, 0, sizeof *st);
	st->t = t;
	for (i = 0; i < t->nf; i++) {
		st->tgt[i] = (uint8_t)(i / nn);
		st->cls[i] = !t->centre[i] ? CLS_NONE : targets & 1u << (i / nn) ? CLS_T :
		    kept & 1u << (i / nn) ? CLS_P : CLS_NONE;
	}
	if (t->n % 2 == 1)
		for (i = 0; i < 6; i++)
			st->cls[i * nn + (t->n / 2) * t->n + t->n / 2] = CLS_P;
}

/* The gain the macro makes on col in st: targets it gives their colour,
 * less those it takes it from. */
static int
played_gain(const struct stage *st, const uint8_t *col, const struct macro *mac)
{
	const struct rtab *t = st->t;
	int k, gain = 0;

	for (k = 0; k < mac->count; k++) {
		int a = t->from[mac->off + k], q = t->to[mac->off + k];

		if (st->cls[q] == CLS_T)
			gain += (col[a] == st->tgt[q]) - (col[q] == st->tgt[q]);
	}
	return gain;
}

static void
check_bound(int n)
{
	static const unsigned stages[][2] = {
		{1u << 0, 0},                                   /* one colour */
		{1u << 1, 1u << 0},
		{1u << 2 | 1u << 4 | 1u << 5, 1u << 0 | 1u << 3},  /* three */
	};
	const struct rtab *t = rd_table_for(n, NULL);
	int pos, si, zero = 0, tight = 0, checked = 0;

	assert_non_null(t);
	for (pos = 0; pos < 4; pos++) {
		uint8_t col[MAXF];

		scramble(t, col, 20 + 20 * pos);
		for (si = 0; si < 3; si++) {
			const struct {
				const struct macro *macs;
				const struct centre_set *sets;
				int count;
			} lists[3] = {{t->imac, t->iset, t->nimac}, {t->bmac, t->bset, t->nbmac},
				{t->hmac, t->hset, t->nhmac}};
			struct stage st;
			struct centre_bound cb;
			int l, i;

			make_stage(t, &st, stages[si][0], stages[si][1]);
			rd_centre_bound_at(&st, col, &cb);
			for (l = 0; l < 3; l++)
				for (i = 0; i < lists[l].count; i += l == 2 ? 7 : 1) {
					int gain = played_gain(&st, col, &lists[l].macs[i]);
					int bound = rd_centre_gain_bound(&cb, &lists[l].sets[i]);

					if (gain > bound)
						fail_msg("%dx%dx%d, position %d, stage %d, list %d, macro %d: gain %d over the bound %d",
						    n, n, n, pos, si, l, i, gain, bound);
					zero += bound == 0;
					tight += bound > 0 && gain == bound;
					checked++;
				}
		}
	}
	/* A bound that never prunes or is never met would be a weak one. */
	assert_true(zero > checked / 10);
	assert_true(tight > 0);
}

static void
check_pairing_sources(int n)
{
	const struct rtab *t = rd_table_for(n, NULL);
	int pos, i;

	assert_non_null(t);
	assert_true(t->npmac > 0);
	for (pos = 0; pos < 2; pos++) {
		uint8_t col[MAXF];

		scramble(t, col, 40);
		for (i = 0; i < t->npmac; i++) {
			const struct macro *mac = &t->pmac[i];
			const uint16_t *src = t->psrc + t->psrc_off[i];
			uint8_t after[MAXF];
			int k, sl, j;

			memcpy(after, col, sizeof after);
			for (k = 0; k < mac->len; k++)
				rd_apply_plain(t, after, mac->moves[k]);
			for (sl = 0; sl < NSLOTS; sl++)
				for (k = 1; k < n - 1; k++)
					for (j = 0; j < 2; j++) {
						int f = t->wing[sl][k][j];
						int want = t->pslots[i] & 1u << sl ? col[*src++] : col[f];

						if (after[f] != want)
							fail_msg("%dx%dx%d, pairing macro %d, slot %d, wing %d: shows %d, the index says %d",
							    n, n, n, i, sl, k, after[f], want);
					}
			assert_ptr_equal(src, t->psrc + t->psrc_off[i + 1]);
		}
	}
}

static void
centre_gain_bound_is_admissible_5(void **unused)
{
	(void)unused;
	check_bound(5);
}

static void
centre_gain_bound_is_admissible_8(void **unused)
{
	(void)unused;
	check_bound(8);
}

static void
pairing_sources_match_the_played_macro_5(void **unused)
{
	(void)unused;
	check_pairing_sources(5);
}

static void
pairing_sources_match_the_played_macro_8(void **unused)
{
	(void)unused;
	check_pairing_sources(8);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(centre_gain_bound_is_admissible_5),
		cmocka_unit_test(centre_gain_bound_is_admissible_8),
		cmocka_unit_test(pairing_sources_match_the_played_macro_5),
		cmocka_unit_test(pairing_sources_match_the_played_macro_8),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
