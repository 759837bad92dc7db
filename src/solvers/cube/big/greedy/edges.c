/* The greedy reduction after the centres (internal.h): edge pairing, the
 * even cubes' OLL and PLL parity, the 3x3x3 finish, and the pairings
 * tried per try. */
#include "solvers/cube/big/greedy/internal.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/cube3.h"

/* Progress lo..hi (of 1000). */
static bool
pair_edges(struct run *r, struct stage *st, int lo, int hi)
{
	const struct rtab *t = r->t;
	int n = t->n, i;

	for (i = 0; i < t->nf; i++)
		st->cls[i] = t->centre[i] ? CLS_P : CLS_NONE;
	st->edges = true;
	return rd_run_stage(r, st, NSLOTS * (n - 3), REDUCE_EDGES, lo, hi, 0, 1);
}

/* Reports progress permille (of 1000). */
static bool
fix_parity(struct run *r, int permille)
{
	const struct rtab *t = r->t;
	struct cube small;
	unsigned bad;
	int k;

	rd_report(r, REDUCE_PARITY, permille);
	rd_reduced_3x3(t, r->col, r->face_colour, &small);
	bad = cube3_defects(&small);
	if (t->n % 2 == 0 && (bad & CUBE3_FLIP) != 0) {
		for (k = 0; k < t->oll_len; k++)
			rd_apply_plain(t, r->col, t->oll[k]);
		if (!rd_seq_push(&r->phase[REDUCE_PARITY], t->oll, t->oll_len))
			goto oom;
	}
	if (t->n % 2 == 0 && (bad & CUBE3_PARITY) != 0) {
		for (k = 0; k < t->pll_len; k++)
			rd_apply_plain(t, r->col, t->pll[k]);
		if (!rd_seq_push(&r->phase[REDUCE_PARITY], t->pll, t->pll_len))
			goto oom;
	}
	rd_reduced_3x3(t, r->col, r->face_colour, &small);
	if (cube3_defects(&small) != 0 || !rd_centres_solved(t, r->col, r->face_colour) ||
	    !rd_edges_paired(t, r->col)) {
		tw_error_set_kind(r->err, TW_ERROR_BAD_INPUT, "the reduced cube is not a solvable 3x3x3 (defects %#x): is the cube valid?",
		    cube3_defects(&small));
		return false;
	}
	return true;
oom:
	tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
	return false;
}

bool
rd_finish_3x3(struct run *r)
{
	struct cube small;
	struct movelist ml = MOVELIST_EMPTY;
	struct cube3_options o = {.target = 20, .max_nodes = REDUCE_FINISH_NODES};
	size_t i;
	bool ok = true;

	rd_report(r, REDUCE_FINISH, 950);
	if (r->opt != NULL) {
		o.cancel = r->opt->cancel;
		if (r->opt->finish_time > 0)
			o.time_limit = r->opt->finish_time;
	}
	rd_reduced_3x3(r->t, r->col, r->face_colour, &small);
	if (!cube3_solve(&small, &o, &ml, r->err))
		return false;
	for (i = 0; ok && i < ml.len; i++) {
		const char *mv = ml.moves[i];
		int face = (int)(strchr(rd_face_letter, mv[0]) - rd_face_letter);
		int t = mv[1] == '2' ? 2 : mv[1] == '\'' ? 3 : 1;
		uint16_t m = (uint16_t)face_move(r->t->n, face, 1, t);

		rd_apply_plain(r->t, r->col, m);
		ok = rd_seq_push(&r->phase[REDUCE_FINISH], &m, 1);
	}
	movelist_clear(&ml);
	if (!ok)
		tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
	return ok;
}

/* Edge pairings per try: from 6x6x6 up the pairing is run a second
 * time with its macros scanned the other way (ties between equally good
 * steps go the other way, and the greedy takes another path), and the
 * shorter pairing and parity are kept. On 7x7x7, with the edge
 * lookahead and three centre steps looked at, that saves 1.9 moves on
 * 50 scrambles (327.9 against 329.8) for about 1 s a solve. On even
 * cubes the first pairing can stall, its slots' edges an odd
 * permutation, and pay a 15-move wing swap in every orbit (cube:10#4,
 * #6: 442 and 426 OBTM of edges and parity, 263 and 238 with the second
 * pairing); over cube:8#1..6, 9#1..6, 10#1..6 and 11#1..3 the second
 * pairing makes the solves 1.4, 1.0, 4.5 and 0.5 % shorter, for 1 to
 * 3 s a solve (BENCHMARKS.md). */
static const int pairings_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 2};

/* Edges and parity from the centres on r->col, pairings_for[n] times;
 * the shortest (in written moves) is left in r->phase and r->col. */
bool
rd_edges_and_parity(struct run *r, struct stage *st)
{
	const struct rtab *t = r->t;
	struct seq kept[REDUCE_PHASES] = {{NULL, 0, 0}};
	uint8_t start[MAXF], best_col[MAXF];
	long best = -1;
	int v, hi;
	bool ok = false;

	memcpy(start, r->col, sizeof start);
	for (v = 0; v < pairings_for[t->n]; v++) {
		long len;

		memcpy(r->col, start, sizeof start);
		r->phase[REDUCE_EDGES].len = r->phase[REDUCE_PARITY].len = 0;
		/* A later pairing stops once it is longer than the best. */
		st->reversed = v == 1;
		st->cap = v > 0 ? best : 0;
		st->gave_up = false;
		hi = 500 + 400 * (v + 1) / pairings_for[t->n];
		ok = pair_edges(r, st, 500 + 400 * v / pairings_for[t->n], hi) && fix_parity(r, hi);
		st->reversed = false;
		st->cap = 0;
		if (!ok) {
			/* A later pairing that gives up or ends stuck is dropped,
			 * not the try. */
			if (v > 0 && !rd_cancelled(r) && (st->gave_up ||
			    r->err->kind == TW_ERROR_OUT_OF_WORK || r->err->kind == TW_ERROR_BAD_INPUT))
				continue;
			goto out;
		}
		len = rd_write_moves(t->n, &r->phase[REDUCE_EDGES], NULL, r->err) +
		    rd_write_moves(t->n, &r->phase[REDUCE_PARITY], NULL, r->err);
		if (best < 0 || len < best) {
			best = len;
			memcpy(best_col, r->col, sizeof best_col);
			rd_swap_phases(r, kept, REDUCE_EDGES, REDUCE_FINISH);
		}
	}
	memcpy(r->col, best_col, sizeof best_col);
	rd_swap_phases(r, kept, REDUCE_EDGES, REDUCE_FINISH);
	ok = true;
out:
	free(kept[REDUCE_EDGES].m);
	free(kept[REDUCE_PARITY].m);
	return ok;
}
