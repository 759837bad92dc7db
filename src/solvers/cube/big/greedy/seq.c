/* Move lists of the greedy reduction (internal.h): appending turns and
 * blocks, exchanging a try's phases, and writing them as WCA tokens
 * (notation.c). */
#include "solvers/cube/big/greedy/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
rd_seq_push(struct seq *q, const uint16_t *moves, int len)
{
	if (len == 0)
		return true;
	if (q->len + len > q->cap) {
		int cap = q->cap == 0 ? 256 : q->cap;
		uint16_t *grown;

		while (cap < q->len + len)
			cap *= 2;
		grown = realloc(q->m, (size_t)cap * sizeof *grown);
		if (grown == NULL)
			return false;
		q->m = grown;
		q->cap = cap;
	}
	memcpy(q->m + q->len, moves, (size_t)len * sizeof *moves);
	q->len += len;
	return true;
}

/* Appends moves to q, each block as its single-layer turns. */
bool
rd_seq_push_moves(const struct rtab *t, struct seq *q, const uint16_t *moves, int len)
{
	int i, k;

	for (i = 0; i < len; i++) {
		if (moves[i] < t->nmoves) {
			if (!rd_seq_push(q, &moves[i], 1))
				return false;
			continue;
		}
		for (k = t->lo_of[moves[i]]; k <= t->hi_of[moves[i]]; k++) {
			uint16_t m = (uint16_t)move_index(t->n, move_axis(t, moves[i]), k,
			    turns_of(moves[i]));

			if (!rd_seq_push(q, &m, 1))
				return false;
		}
	}
	return true;
}


/* Writes q as tokens to out (if not NULL); returns how many, or -1 with
 * "out of memory" (cube_write_layer_turns). */
long
rd_write_moves(int n, const struct seq *q, struct movelist *out, struct tw_error *err)
{
	return cube_write_layer_turns(n, q->m, q->len, out, err);
}

/* Exchanges the moves of phases from..to-1 with kept's. */
void
rd_swap_phases(struct run *r, struct seq *kept, int from, int to)
{
	int p;

	for (p = from; p < to; p++) {
		struct seq tmp = kept[p];

		kept[p] = r->phase[p];
		r->phase[p] = tmp;
	}
}
