/* The greedy step search (internal.h): a stage's scores, the candidate
 * steps (free turns, insertions, macros under setups, 3-cycles through
 * wrong pieces, pairing macros, wing swaps), their costs against the
 * written moves, the lookahead, and the stage loop that takes the best
 * step until the stage is done. */
#include "solvers/cube/big/greedy/internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void
stage_count(struct stage *st, const uint8_t *col)
{
	int i;

	st->score = st->broken = 0;
	for (i = 0; i < st->t->nf; i++) {
		if (st->cls[i] == CLS_T)
			st->score += col[i] == st->tgt[i];
		else if (st->cls[i] == CLS_P)
			st->broken += col[i] != st->tgt[i];
	}
	if (st->edges)
		for (i = 0; i < NSLOTS; i++) {
			st->slot[i] = slot_score(st->t, col, i);
			st->score += st->slot[i];
		}
}

/* Plays move m on col, keeping the stage's counts; with centres_only,
 * off the edges, only the centre facelets (all that a centre stage
 * counts: for a search's tries, which it takes back). */
static void
stage_turn(struct stage *st, uint8_t *col, int m, bool centres_only)
{
	const struct rtab *t = st->t;
	uint8_t tmp[MAXF];
	const uint16_t *d = t->dst + t->off[m], *s = t->src + t->off[m];
	int i, len = centres_only && !st->edges ? t->clen[m] : t->len[m];

	for (i = 0; i < len; i++)
		tmp[i] = col[s[i]];
	for (i = 0; i < len; i++) {
		int q = d[i];

		if (st->cls[q] == CLS_T)
			st->score += (tmp[i] == st->tgt[q]) - (col[q] == st->tgt[q]);
		else if (st->cls[q] == CLS_P)
			st->broken += (col[q] == st->tgt[q]) - (tmp[i] == st->tgt[q]);
		col[q] = tmp[i];
	}
	if (st->edges)
		for (i = 0; i < t->nmslot[m]; i++) {
			int k = t->mslot[m][i];

			st->score -= st->slot[k];
			st->slot[k] = slot_score(t, col, k);
			st->score += st->slot[k];
		}
}

/* Plays move m on col, keeping the stage's counts. */
static void
stage_move(struct stage *st, uint8_t *col, int m)
{
	stage_turn(st, col, m, false);
}

/* A search's try of move m (taken back by search_move(move_inverse(m))):
 * in a centre stage, the centres only. */
static void
search_move(struct stage *st, uint8_t *col, int m)
{
	stage_turn(st, col, m, true);
}

/* The best step found so far: its moves, their cost (see step_cost) and
 * gain. */
struct best {
	int len, cost, gain;
	uint16_t moves[MAX_DEPTH * 2 + MAX_MACRO * 4];
};

static bool
better(int gain, int cost, const struct best *b)
{
	if (gain <= 0)
		return false;
	if (b->gain <= 0)
		return true;
	/* Gain per move, then the bigger gain. */
	if (gain * b->cost != b->gain * cost)
		return gain * b->cost > b->gain * cost;
	return gain > b->gain;
}

/* The wing orbits (bit j as in rd_wing_parity) whose parity the moves
 * change: each quarter turn of an inner layer but an odd cube's middle
 * one changes its orbit's. */
static unsigned
seq_wing_parity(const struct rtab *t, const uint16_t *moves, int len)
{
	unsigned mask = 0;
	int n = t->n, k, l;

	for (k = 0; k < len; k++) {
		int m = moves[k];

		if (turns_of(m) == 2)
			continue;
		for (l = t->lo_of[m]; l <= t->hi_of[m]; l++)
			if (l > 0 && l < n - 1 && 2 * l != n - 1)
				mask ^= 1u << (l < n - 1 - l ? l : n - 1 - l);
	}
	return mask;
}

/* One bit a centre macro, all clear between uses (eval_listed), or
 * NULL; and the bound at the step's position. */
struct centre_aids {
	uint64_t *mark;
	struct centre_bound at;
};

struct search {
	struct stage *st;
	uint8_t *col;
	int base;                    /* score at the start of the step */
	uint16_t path[MAX_DEPTH];
	struct best best;
	bool forced;                 /* take the best gain even if not positive */
	int prev;                    /* the last move of the step before, or -1 */
	int ncand, maxcand;          /* the best maxcand steps, best first */
	struct best cand[MAX_LOOKAHEAD];
	const struct centre_aids *aids;  /* centre stages, else NULL */
};

/* What a step of len moves starting with `first` adds to the output: a
 * step that opens with the inverse of the last move cancels it (a slice
 * taken back and turned again: pairing on a free slice); one that opens
 * on the last move's layers, or widens its block, merges with it. */
static int
step_cost(const struct search *s, int len, int first)
{
	const struct rtab *t = s->st->t;
	int p = s->prev;

	if (p < 0 || move_axis(t, p) != move_axis(t, first))
		return len;
	if (first == move_inverse(p))
		return len > 2 ? len - 2 : 1;
	/* Turns of the same layers add up; equal turns of adjacent layers
	 * that reach a face make one wider block. */
	if ((t->lo_of[p] == t->lo_of[first] && t->hi_of[p] == t->hi_of[first]) ||
	    (turns_of(p) == turns_of(first) &&
	    (t->hi_of[p] + 1 == t->lo_of[first] || t->hi_of[first] + 1 == t->lo_of[p]) &&
	    (t->lo_of[p] == 0 || t->lo_of[first] == 0 ||
	    t->hi_of[p] == t->n - 1 || t->hi_of[first] == t->n - 1)))
		return len > 1 ? len - 1 : 1;
	return len;
}

/* Keeps the step among the best s->maxcand (for the lookahead). */
static void
offer(struct search *s, int gain, int cost, int len, const uint16_t *moves)
{
	int i, j;

	for (i = 0; i < s->ncand && !better(gain, cost, &s->cand[i]); i++)
		;
	if (i >= s->maxcand || gain <= 0)
		return;
	if (s->ncand < s->maxcand)
		s->ncand++;
	for (j = s->ncand - 1; j > i; j--)
		s->cand[j] = s->cand[j - 1];
	s->cand[i].gain = gain;
	s->cand[i].cost = cost;
	s->cand[i].len = len;
	memcpy(s->cand[i].moves, moves, (size_t)len * sizeof *moves);
}

static void
consider(struct search *s, int len)
{
	int gain = s->st->score - s->base, cost;

	/* Neither kept nor offered without a gain. */
	if (s->st->broken != 0 || gain <= 0 ||
	    (s->st->keep_parity && seq_wing_parity(s->st->t, s->path, len) != 0))
		return;
	cost = step_cost(s, len, s->path[0]);
	if (s->maxcand > 0)
		offer(s, gain, cost, len, s->path);
	if (better(gain, cost, &s->best)) {
		s->best.gain = gain;
		s->best.cost = cost;
		s->best.len = len;
		memcpy(s->best.moves, s->path, (size_t)len * sizeof *s->path);
	}
}

/* Every sequence of up to `left` more single-layer turns; same-axis turns
 * in increasing layer order only. */
static void
search_free(struct search *s, int depth, int left, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m;

	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(n, m) == axis_of(n, last) &&
		    layer_of(n, m) <= layer_of(n, last))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		consider(s, depth + 1);
		if (left > 1)
			search_free(s, depth + 1, left - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

static void keep_step(struct search *s, const struct macro *mac, int pre, int depth, int gain,
    int cost);

/* Scores P S M S^-1 where P = s->path[0..pre) is already played and
 * S = s->path[pre..pre+depth) is a setup: M moves the sticker at
 * S^-1(from) to S^-1(to); only those facelets are looked at. potential:
 * the most M can gain (at most the targets it moves a sticker to that
 * show a wrong colour: struct centre_bound), or -1 if not known. */
static void
eval_macro(struct search *s, const struct macro *mac, int pre, int depth, int potential)
{
	const struct rtab *t = s->st->t;
	struct stage *st = s->st;
	uint16_t to[MAXF];
	uint8_t val[MAXF], old[MAXF];
	int len = pre + 2 * depth + mac->len, score = st->score, broken = st->broken;
	int cost = step_cost(s, len, pre + depth > 0 ? s->path[0] : mac->moves[0]);
	unsigned slots = 0;           /* the edges it moves wings of */
	int k;
	bool bounded;

	/* A better gain per move needs gain > bar.gain * cost / bar.cost (bar:
	 * the best step, or the last kept one when a full list is kept); off
	 * the edges a macro gains at most one per facelet it changes. */
	const struct best *bar = s->maxcand == 0 ? &s->best :
	    s->ncand == s->maxcand ? &s->cand[s->ncand - 1] : NULL;

	bounded = !st->edges && !s->forced && bar != NULL && bar->gain > 0;
	if (bounded && mac->count * bar->cost <= bar->gain * cost)
		return;
	if (potential >= 0 && !s->forced && !st->edges) {
		int most = st->score - s->base + potential;

		/* Neither taken nor offered: a step needs a gain, and one
		 * no better than bar is kept by neither. */
		if (most <= 0 || (bounded && !better(most, cost, bar)))
			return;
	}
	/* The centre macros are even in every wing orbit: only the prefix
	 * can change a parity (a setup is undone). */
	if (st->keep_parity && pre > 0 && seq_wing_parity(t, s->path, pre) != 0)
		return;
	for (k = 0; k < mac->count; k++) {
		int a = t->from[mac->off + k], q = t->to[mac->off + k], j;

		for (j = depth - 1; j >= 0; j--) {
			const uint16_t *fwd = t->fwd + (size_t)move_inverse(s->path[pre + j]) * (size_t)t->nf;

			a = fwd[a];
			q = fwd[q];
		}
		to[k] = (uint16_t)q;
		val[k] = s->col[a];
		old[k] = s->col[q];
		if (st->cls[q] == CLS_T) {
			score += (val[k] == st->tgt[q]) - (old[k] == st->tgt[q]);
			/* Each facelet left adds at most one. (The potential
			 * bounds only the whole gain, checked above.) */
			if (bounded && !better(score - s->base + mac->count - 1 - k, cost, bar))
				return;
		} else if (st->cls[q] == CLS_P) {
			broken += (old[k] == st->tgt[q]) - (val[k] == st->tgt[q]);
			/* With nothing broken before, every finished facelet
			 * shows its colour: one broken here stays broken. */
			if (st->broken == 0 && broken != 0)
				return;
		}
		if (st->edges && t->slot_of[q] >= 0)
			slots |= 1u << t->slot_of[q];
	}
	if (broken != 0)
		return;
	if (slots != 0) {
		for (k = 0; k < mac->count; k++)
			s->col[to[k]] = val[k];
		for (k = 0; k < NSLOTS; k++)
			if (slots & 1u << k)
				score += slot_score(t, s->col, k) - st->slot[k];
		for (k = 0; k < mac->count; k++)
			s->col[to[k]] = old[k];
	}
	keep_step(s, mac, pre, depth, score - s->base, cost);
}

/* Takes the step P S M S^-1 (as in eval_macro) as the best, or offers it
 * for the lookahead, if its gain and cost earn that. */
static void
keep_step(struct search *s, const struct macro *mac, int pre, int depth, int gain, int cost)
{
	int len = pre + 2 * depth + mac->len, k;
	/* Zeroed: GCC's -O3 cannot see that the three loops below fill all
	 * len entries that are copied out. */
	uint16_t moves[MAX_DEPTH * 2 + MAX_MACRO * 4] = {0};
	bool take, offering;

	take = s->forced ? gain > s->best.gain || (gain == s->best.gain && cost < s->best.cost) :
	    better(gain, cost, &s->best);
	offering = s->maxcand > 0 && gain > 0 && !s->forced;
	if (!take && !offering)
		return;
	for (k = 0; k < pre + depth; k++)
		moves[k] = s->path[k];
	for (k = 0; k < mac->len; k++)
		moves[pre + depth + k] = mac->moves[k];
	for (k = 0; k < depth; k++)
		moves[pre + depth + mac->len + k] = (uint16_t)move_inverse(s->path[pre + depth - 1 - k]);
	if (offering)
		offer(s, gain, cost, len, moves);
	if (take) {
		s->best.gain = gain;
		s->best.cost = cost;
		s->best.len = len;
		memcpy(s->best.moves, moves, (size_t)len * sizeof *moves);
	}
}

/* Scores P M for the pairing macro i (P = s->path[0..pre), played):
 * eval_macro's score, read slot by slot from the facelets the slots
 * show after M (rtab's psrc) instead of playing M. A pairing macro
 * moves wings only, none a target or kept facelet. */
static void
eval_pairing(struct search *s, int i, int pre)
{
	const struct rtab *t = s->st->t;
	const struct macro *mac = &t->pmac[i];
	const uint16_t *src = t->psrc + t->psrc_off[i];
	const uint8_t *col = s->col;
	int n = t->n, ref = 2 * (t->ref - 1), score = s->st->score, sl, k;
	unsigned slots = t->pslots[i];

	for (sl = 0; slots != 0; sl++, slots >>= 1) {
		int a, b, sum = 0;

		if (!(slots & 1))
			continue;
		a = col[src[ref]];
		b = col[src[ref + 1]];
		for (k = 0; k < 2 * (n - 2); k += 2)
			sum += col[src[k]] == a && col[src[k + 1]] == b;
		/* The reference wing matches itself (odd n: the midge). */
		score += sum - 1 - s->st->slot[sl];
		src += 2 * (n - 2);
	}
	keep_step(s, mac, pre, 0, score - s->base, step_cost(s, pre + mac->len,
	    pre > 0 ? s->path[0] : mac->moves[0]));
}

/* Edge pairing steps: up to `setup` outer turns, then a pairing macro
 * (see rd_build_pairing) about an axis other than the last turn's. */
static void
search_pairing(struct search *s, int depth, int setup, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m, i;

	for (i = 0; i < t->npmac; i++) {
		int k = s->st->reversed ? t->npmac - 1 - i : i;

		if (last < 0 || move_axis(t, t->pmac[k].moves[0]) != axis_of(n, last))
			eval_pairing(s, k, depth);
	}
	if (setup == 0)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (!is_face_turn(t, m) || (last >= 0 && axis_of(n, m) == axis_of(n, last) &&
		    layer_of(n, m) <= layer_of(n, last)))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		search_pairing(s, depth + 1, setup - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

/* Scores the macros of macs that fx lists under one of the facelets
 * at[0..nat), each once and in increasing order (as a scan of every
 * macro would meet them, so that ties go the same way), as eval_macro(s,
 * mac, pre, depth); mark is zero before and after (one bit a macro). */
static void
eval_listed(struct search *s, const struct macro *macs, const struct facelet_index *fx,
    const uint16_t *at, int nat, const struct centre_set *sets, const struct centre_bound *cb,
    int pre, int depth)
{
	uint64_t *mark = s->aids->mark;
	int i, k, lo = INT_MAX, hi = -1;

	for (i = 0; i < nat; i++)
		for (k = fx->start[at[i]]; k < fx->start[at[i] + 1]; k++) {
			int w = fx->list[k] >> 6;

			mark[w] |= (uint64_t)1 << (fx->list[k] & 63);
			lo = w < lo ? w : lo;
			hi = w > hi ? w : hi;
		}
	for (k = lo; k <= hi; k++) {
		uint64_t bits = mark[k];

		mark[k] = 0;
		for (; bits != 0; bits &= bits - 1) {
			int j = k * 64 + __builtin_ctzll(bits);

			eval_macro(s, &macs[j], pre, depth, sets != NULL ? rd_centre_gain_bound(cb, &sets[j]) : -1);
		}
	}
}

/* Centre steps: up to `setup` turns that keep the finished centres (a
 * prefix, not undone), then an insertion B X B^-1 or nothing. Where the
 * prefix has gained nothing, only the insertions that move a sticker
 * onto a wrong target are scored (s->mark: the others cannot gain). */
static void
search_insertions(struct search *s, int depth, int setup, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m, i;

	if (s->aids != NULL) {
		struct centre_bound cb;

		rd_centre_bound_at(s->st, s->col, &cb);
		if (s->aids->mark != NULL && s->st->score <= s->base) {
			uint16_t wrong[MAXF];

			eval_listed(s, t->imac, &t->ito, wrong, rd_wrong_targets(s->st, s->col, wrong),
			    t->iset, &cb, depth, 0);
		} else {
			for (i = 0; i < t->nimac; i++)
				eval_macro(s, &t->imac[i], depth, 0, rd_centre_gain_bound(&cb, &t->iset[i]));
		}
	} else {
		for (i = 0; i < t->nimac; i++)
			eval_macro(s, &t->imac[i], depth, 0, -1);
	}
	if (setup == 0)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(n, m) == axis_of(n, last) && layer_of(n, m) <= layer_of(n, last))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		if (s->st->broken == 0)   /* the prefix alone: search_free's */
			search_insertions(s, depth + 1, setup - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

/* The centre 3-cycles that can gain under every setup of up to maxdepth
 * turns: those that move a sticker onto the image S(w) of a wrong
 * target w (wrong[0..nwrong) mapped by the setup so far), the same
 * steps as search_macros finds over all of them. */
static void
search_gaining_cycles(struct search *s, const uint16_t *wrong, int nwrong, int depth,
    int maxdepth, int last)
{
	const struct rtab *t = s->st->t;
	int i, m;

	eval_listed(s, t->cmac, &t->cto, wrong, nwrong, NULL, NULL, 0, depth);
	if (depth == maxdepth)
		return;
	for (m = 0; m < t->nmoves; m++) {
		uint16_t moved[MAXF];
		const uint16_t *fwd = t->fwd + (size_t)m * (size_t)t->nf;

		if (last >= 0 && axis_of(t->n, m) == axis_of(t->n, last) &&
		    layer_of(t->n, m) <= layer_of(t->n, last))
			continue;
		for (i = 0; i < nwrong; i++)
			moved[i] = fwd[wrong[i]];
		s->path[depth] = (uint16_t)m;
		search_gaining_cycles(s, moved, nwrong, depth + 1, maxdepth, m);
	}
}

/* Every macro under every setup of up to maxdepth turns (sets: the
 * centres each moves a sticker to, read with no setup; or NULL). */
static void
search_macros(struct search *s, const struct macro *macs, const struct centre_set *sets, int count,
    int depth, int maxdepth, int last)
{
	const struct rtab *t = s->st->t;
	int i, m;

	if (sets != NULL && depth == 0 && s->aids != NULL)
		for (i = 0; i < count; i++)
			eval_macro(s, &macs[i], 0, 0, rd_centre_gain_bound(&s->aids->at, &sets[i]));
	else
		for (i = 0; i < count; i++)
			eval_macro(s, &macs[i], 0, depth, -1);
	if (depth == maxdepth)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(t->n, m) == axis_of(t->n, last) &&
		    layer_of(t->n, m) <= layer_of(t->n, last))
			continue;
		s->path[depth] = (uint16_t)m;
		search_macros(s, macs, sets, count, depth + 1, maxdepth, m);
	}
}

/* Wing 3-cycles that can fix something: a fixing cycle moves at least two
 * wrong wings, so under each setup S only the macros through two of the
 * wrong wings' images S(w) are scored (looked up by wing pair). */
static void
search_pairs(struct search *s, const struct pair_index *px, const struct macro *macs,
    const uint16_t *wrong, int nwrong, int depth, int maxdepth, int last)
{
	const struct rtab *t = s->st->t;
	int i, j, m, w = px->nid;

	for (i = 0; i < nwrong; i++)
		for (j = i + 1; j < nwrong; j++) {
			int a = px->id[wrong[i]], b = px->id[wrong[j]], k;
			int pair = a < b ? a * w + b : b * w + a;

			if (a < 0 || b < 0)
				continue;
			for (k = px->start[pair]; k < px->start[pair + 1]; k++)
				eval_macro(s, &macs[px->list[k]], 0, depth, -1);
		}
	if (depth == maxdepth)
		return;
	for (m = 0; m < t->nmoves; m++) {
		uint16_t moved[MAXF];
		const uint16_t *fwd = t->fwd + (size_t)m * (size_t)t->nf;

		if (last >= 0 && axis_of(t->n, m) == axis_of(t->n, last) &&
		    layer_of(t->n, m) <= layer_of(t->n, last))
			continue;
		/* Setups of three turns take outer turns only: 18^3 of them,
		 * where every layer makes 54^3 on 6x6x6 (a second a search) and
		 * 99^3 on 11x11x11, for the rare 3-cycle found only there. */
		if (maxdepth >= 3 && !is_face_turn(t, m))
			continue;
		for (i = 0; i < nwrong; i++)
			moved[i] = fwd[wrong[i]];
		s->path[depth] = (uint16_t)m;
		search_pairs(s, px, macs, moved, nwrong, depth + 1, maxdepth, m);
	}
}

/* Centres that a fixing 3-cycle may move: targets showing a wrong colour,
 * and free centres showing a colour some wrong target needs. */
static int
wrong_centres(const struct stage *st, const uint8_t *col, uint16_t *out)
{
	const struct rtab *t = st->t;
	bool needed[6] = {false};
	int i, count = 0;

	for (i = 0; i < t->nf; i++)
		if (st->cls[i] == CLS_T && col[i] != st->tgt[i])
			needed[st->tgt[i]] = true;
	for (i = 0; i < t->nf; i++) {
		if (!t->centre[i])
			continue;
		if (st->cls[i] == CLS_T ? col[i] != st->tgt[i] :
		    st->cls[i] == CLS_NONE && needed[col[i]])
			out[count++] = (uint16_t)i;
	}
	return count;
}

/* The wings that do not match their slot's reference (and the reference
 * of every slot not finished), one facelet each. */
static int
wrong_wings(const struct stage *st, const uint8_t *col, uint16_t *out)
{
	const struct rtab *t = st->t;
	int s, k, count = 0;

	for (s = 0; s < NSLOTS; s++) {
		int a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

		if (st->slot[s] == t->n - 3)
			continue;
		for (k = 1; k < t->n - 1; k++)
			if ((k == t->ref && t->n % 2 == 0) ||
			    (k != t->ref && (col[t->wing[s][k][0]] != a ||
			    col[t->wing[s][k][1]] != b)))
				out[count++] = (uint16_t)t->wing[s][k][0];
	}
	return count;
}

/* One facelet of every wing of the slots not yet paired. */
static int
unfinished_wings(const struct stage *st, uint16_t *out)
{
	const struct rtab *t = st->t;
	int s, k, count = 0;

	for (s = 0; s < NSLOTS; s++)
		if (st->slot[s] != t->n - 3)
			for (k = 1; k < t->n - 1; k++)
				out[count++] = (uint16_t)t->wing[s][k][0];
	return count;
}

/* The wing swaps of the orbits (coordinates k and n-1-k) that have a wing
 * not matching its slot's reference: when no 3-cycle gains, such an orbit
 * is most often left with an odd permutation, and a swap in an orbit
 * without wrong wings would only undo an earlier one. */
static int
swaps_in_wrong_orbits(const struct stage *st, const uint8_t *col, struct macro *out)
{
	const struct rtab *t = st->t;
	const struct macro *swaps = t->wmac + t->nwmac - t->nswap;
	bool wrong[CUBE_MAX_N] = {false};
	int n = t->n, s, k, i, count = 0;

	for (s = 0; s < NSLOTS; s++) {
		int a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

		for (k = 1; k < n - 1; k++)
			if (k != t->ref && (col[t->wing[s][k][0]] != a || col[t->wing[s][k][1]] != b))
				wrong[k < n - 1 - k ? k : n - 1 - k] = true;
	}
	for (i = 0; i < t->nswap; i++) {
		for (k = 0; k < swaps[i].count; k++) {
			int id = t->wing_id[t->to[swaps[i].off + k]];

			if (id >= 0) {
				id %= n;
				if (wrong[id < n - 1 - id ? id : n - 1 - id])
					out[count++] = swaps[i];
				break;
			}
		}
	}
	return count;
}

/* The wing swaps in the orbits of mask (bit j as in rd_wing_parity). */
static int
swaps_in_orbits(const struct rtab *t, unsigned mask, struct macro *out)
{
	const struct macro *swaps = t->wmac + t->nwmac - t->nswap;
	int n = t->n, k, i, count = 0;

	for (i = 0; i < t->nswap; i++)
		for (k = 0; k < swaps[i].count; k++) {
			int id = t->wing_id[t->to[swaps[i].off + k]];

			if (id >= 0) {
				id %= n;
				if (mask & (1u << (id < n - 1 - id ? id : n - 1 - id)))
					out[count++] = swaps[i];
				break;
			}
		}
	return count;
}

bool
rd_cancelled(const struct run *r)
{
	if (r->opt != NULL && r->opt->cancel != NULL && atomic_load(r->opt->cancel)) {
		tw_error_cancelled(r->err);
		return true;
	}
	return false;
}

void
rd_report(const struct run *r, int phase, int permille)
{
	if (r->opt == NULL)
		return;
	if (r->opt->phase != NULL)
		atomic_store(r->opt->phase, cube_reduce_phase_name[phase]);
	if (r->opt->progress != NULL) {
		/* Tries share the first 900 per mille; the finish the rest.
		 * One overall figure that never falls (a later step may start
		 * below where an earlier one reached). */
		int v = phase <= REDUCE_PARITY && r->nvariants > 1 ?
		    (r->variant * 900 + permille * 9 / 10) / r->nvariants : permille;

		if (v > atomic_load(r->opt->progress))
			atomic_store(r->opt->progress, v);
	}
}

/* A step search from the stage's position on col, after the move prev. */
static void
search_start(struct search *s, struct stage *st, uint8_t *col, int prev)
{
	memset(s, 0, sizeof *s);
	s->st = st;
	s->col = col;
	s->base = st->score;
	s->prev = prev;
}

/* The centre steps: every sequence of up to free_depth turns, the
 * insertions after up to `setup` turns, the rectangle 3-cycles and the
 * conjugates. */
static void
search_centre_steps(struct search *s, int free_depth, int setup)
{
	const struct rtab *t = s->st->t;

	search_free(s, 0, free_depth, -1);
	search_insertions(s, 0, setup, -1);
	search_macros(s, t->bmac, t->bset, t->nbmac, 0, 0, -1);
	search_macros(s, t->hmac, t->hset, t->nhmac, 0, 0, -1);
}

/* Of the steps kept in s->cand, takes the one whose best next step gives
 * the most gain per move over the two (one that leaves no gaining step
 * is counted with a 3-cycle after it: one piece, 8 moves). The next step
 * is a centre step (free_depth, setup as in rd_run_stage) or, in the edges
 * phase, a pairing macro under no setup turn: a nineteenth of the first
 * step's search each, and about as good a guide as the full search
 * (two candidates on 7x7x7: 101.9 edge moves against 101.1). */
static void
look_ahead(struct search *s, int goal, int free_depth, int setup)
{
	struct stage *st = s->st;
	long num = 0, den = 1;
	int c, k, pick = 0;

	for (c = 0; c < s->ncand; c++) {
		const struct best *b = &s->cand[c];
		long g = b->gain, m = b->cost;

		for (k = 0; k < b->len; k++)
			search_move(st, s->col, b->moves[k]);
		if (st->score < goal) {
			struct search next;
			struct centre_aids aids;

			search_start(&next, st, s->col, b->moves[b->len - 1]);
			if (s->aids != NULL) {
				aids.mark = s->aids->mark;
				rd_centre_bound_at(st, s->col, &aids.at);
				next.aids = &aids;
			}
			if (st->edges)
				search_pairing(&next, 0, 0, -1);
			else
				search_centre_steps(&next, free_depth, setup);
			g += next.best.gain > 0 ? next.best.gain : 1;
			m += next.best.gain > 0 ? next.best.cost : 8;
		}
		for (k = b->len - 1; k >= 0; k--)
			search_move(st, s->col, move_inverse(b->moves[k]));
		if (c == 0 || g * den > num * m) {
			num = g;
			den = m;
			pick = c;
		}
	}
	s->best = s->cand[pick];
}

/* Runs greedy steps until the stage's score reaches goal (rd_run_stage;
 * aids: a centre stage's, NULL in the edges phase). */
static bool
run_stage(struct run *r, struct stage *st, int goal, int phase, int lo, int hi,
    int free_depth, int setup, struct centre_aids *aids)
{
	/* free_depth: centres, the depth of the free search; setup: turns
	 * before a centre insertion or an edge pairing macro. */
	struct search s;
	int start = st->score, forced = 0, shuffles = 0, prev = -1;
	bool after_forced = false;

	stage_count(st, r->col);
	start = st->score;
	while (st->score < goal) {
		int k;

		if (rd_cancelled(r))
			return false;
		rd_report(r, phase, lo + (hi - lo) * (st->score - start) /
		    (goal - start > 0 ? goal - start : 1));
		search_start(&s, st, r->col, prev);
		s.aids = aids;
		if (aids != NULL)
			rd_centre_bound_at(st, r->col, &aids->at);
		if (st->edges) {
			s.maxcand = r->edge_lookahead;
			search_pairing(&s, 0, setup, -1);
			if (s.ncand > 1)
				look_ahead(&s, goal, 0, 0);
		} else {
			s.maxcand = r->lookahead;
			search_centre_steps(&s, free_depth, setup);
			if (s.ncand > 1)
				look_ahead(&s, goal, r->lookahead_depth, setup);
		}
		if (s.best.gain <= 0) {
			int d;

			if (st->edges) {
				/* 3-cycles through two wrong wings under setups of
				 * up to three turns (three: outer turns), and the
				 * wing swaps of the odd orbits. */
				uint16_t wrong[NSLOTS * CUBE_MAX_N];
				int nwrong = wrong_wings(st, r->col, wrong), nodd;

				/* A swap in an even orbit needs a second one later. */
				nodd = swaps_in_orbits(r->t, rd_wing_parity(r->t, r->col, r->face_colour),
				    st->swaps);
				for (d = 0; d <= 3 && s.best.gain <= 0; d++) {
					search_pairs(&s, &r->t->wpairs, r->t->wmac, wrong, nwrong, 0, d, -1);
					if (d <= 2 && !after_forced)
						search_macros(&s, st->swaps, NULL, nodd, 0, d, -1);
				}
			} else {
				/* Setups of up to one turn, then 3-cycles through a
				 * wrong centre and a centre of a colour it needs under
				 * setups of up to three (three: outer turns). */
				uint16_t *wrong = malloc(MAXF * sizeof *wrong);
				int nwrong;

				uint16_t targets[MAXF];
				int ntargets = rd_wrong_targets(st, r->col, targets);

				for (d = 0; d <= 1 && s.best.gain <= 0; d++)
					if (aids != NULL && aids->mark != NULL)
						search_gaining_cycles(&s, targets, ntargets, 0, d, -1);
					else
						search_macros(&s, r->t->cmac, NULL, r->t->ncmac, 0, d, -1);
				if (wrong == NULL) {
					tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
					return false;
				}
				nwrong = wrong_centres(st, r->col, wrong);
				for (d = 0; d <= 3 && s.best.gain <= 0; d++)
					search_pairs(&s, &r->t->cpairs, r->t->cmac, wrong, nwrong, 0, d, -1);
				free(wrong);
			}
		}
		if (s.best.gain <= 0 && st->edges && forced < 16) {
			/* Stuck. With every wing orbit even, the wrong wings
			 * need 3-cycles only, but none found gains: up to three
			 * times a pairing, the best 3-cycle through wings of
			 * unfinished slots under up to one setup turn, even
			 * without gain. Else (an odd orbit left) swap two
			 * wings (the best such swap, even at a loss) and go on
			 * with 3-cycles. */
			forced++;
			search_start(&s, st, r->col, prev);
			s.forced = true;
			s.best.gain = -(1 << 30);
			if (shuffles < 3 && rd_wing_parity(r->t, r->col, r->face_colour) == 0) {
				uint16_t wings[NSLOTS * CUBE_MAX_N];
				int nwings = unfinished_wings(st, wings), d;

				shuffles++;
				for (d = 0; d <= 1; d++)
					search_pairs(&s, &r->t->wpairs, r->t->wmac, wings, nwings, 0, d, -1);
			}
			if (s.best.len == 0)
				search_macros(&s, st->swaps, NULL, swaps_in_wrong_orbits(st, r->col, st->swaps),
				    0, 2, -1);
			if (s.best.len == 0)
				s.best.gain = 0;
			after_forced = true;
		} else {
			after_forced = false;
		}
		if (s.best.len == 0) {
			tw_error_set_kind(r->err, TW_ERROR_OUT_OF_WORK, "the %s phase found no way on (score %d of %d): is the cube valid?",
			    cube_reduce_phase_name[phase], st->score, goal);
			return false;
		}
		for (k = 0; k < s.best.len; k++)
			stage_move(st, r->col, s.best.moves[k]);
		prev = s.best.moves[s.best.len - 1];
		if (!rd_seq_push_moves(r->t, &r->phase[phase], s.best.moves, s.best.len)) {
			tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
		if (st->cap > 0 && rd_write_moves(r->t->n, &r->phase[phase], NULL, r->err) > st->cap) {
			st->gave_up = true;
			return false;
		}
	}
	return true;
}

/* Runs greedy steps until the stage's score reaches goal. */
bool
rd_run_stage(struct run *r, struct stage *st, int goal, int phase, int lo, int hi,
    int free_depth, int setup)
{
	const struct rtab *t = r->t;
	int most = t->ncmac > t->nimac ? t->ncmac : t->nimac;
	struct centre_aids aids = {0};
	bool ok;

	/* Out of memory for the marks: every 3-cycle and insertion is
	 * scored, the same steps. */
	if (!st->edges)
		aids.mark = calloc((size_t)most / 64 + 1, sizeof *aids.mark);
	ok = run_stage(r, st, goal, phase, lo, hi, free_depth, setup, st->edges ? NULL : &aids);
	free(aids.mark);
	return ok;
}
