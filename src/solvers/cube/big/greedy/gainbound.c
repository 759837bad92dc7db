/* The greedy's bound on what a centre macro can gain (internal.h): the
 * targets that show a wrong colour, as a list and, per colour the
 * targets want, as centre sets; the bound itself, read against a
 * macro's set of centres, is inline in internal.h. search.c skips the
 * macros whose bound cannot beat the best step found. */
#include "solvers/cube/big/greedy/internal.h"

#include <string.h>

/* The targets showing a wrong colour: in a centre stage a step gains
 * only if it moves a sticker onto one of them, since the score counts
 * the targets that show their colour (edges off). */
int
rd_wrong_targets(const struct stage *st, const uint8_t *col, uint16_t *out)
{
	int i, count = 0;

	for (i = 0; i < st->t->nf; i++)
		if (st->cls[i] == CLS_T && col[i] != st->tgt[i])
			out[count++] = (uint16_t)i;
	return count;
}

/* The bound's sets at col (targets are centres). */
void
rd_centre_bound_at(const struct stage *st, const uint8_t *col, struct centre_bound *out)
{
	const struct rtab *t = st->t;
	int i, k;

	out->nv = 0;
	for (i = 0; i < t->nf; i++)
		if (t->centre_bit[i] >= 0 && st->cls[i] == CLS_T) {
			for (k = 0; k < out->nv && out->v[k] != st->tgt[i]; k++)
				;
			if (k == out->nv && k < 6) {
				out->v[out->nv++] = st->tgt[i];
				memset(&out->want[k], 0, sizeof out->want[k]);
				memset(&out->spare[k], 0, sizeof out->spare[k]);
			}
		}
	for (i = 0; i < t->nf; i++) {
		int b = t->centre_bit[i];
		uint64_t bit;

		if (b < 0)
			continue;
		bit = (uint64_t)1 << (b % 64);
		for (k = 0; k < out->nv; k++) {
			bool target = st->cls[i] == CLS_T && st->tgt[i] == out->v[k];

			if (target && col[i] != out->v[k])
				out->want[k].w[b / 64] |= bit;
			else if (!target && col[i] == out->v[k])
				out->spare[k].w[b / 64] |= bit;
		}
	}
}
