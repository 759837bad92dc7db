/* The 5x5x5 phase reduction's search, phase 4 (n5.h, phase45.h). */
#include "solvers/cube/big/n5/n5.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/phase45.h"
#include "solvers/clock.h"

struct st4 {
	uint16_t m, l, h, ud, rl;
	uint16_t sl, sh;
	uint8_t set;
};

struct start4 {
	struct st4 s;
	uint16_t parent;
	uint8_t sring, len, est;
};

struct run4 {
	const struct r5_model *md;
	const struct r5_p45 *k;
	struct stage_run sr;           /* the phase's work, over every start */
	const struct start4 *st;       /* the start being searched */
	int want, n_ends;
	struct r5_end4 *ends;
	struct st4 kids[(R5_MAX_PHASE4 + 1) * R5_Q4];
};

/* The state's bound, or, once it is sure to be above limit, a value
 * above limit (enough to prune a child): the small tables first, the
 * 4-bit dedge table (94 MB, a read from memory) only while it can
 * decide. */
static int
bound4(const struct r5_p45 *k, struct st4 s, int limit)
{
	int a = k->t->p4_ml[(size_t)s.m * R5_ORD4 + s.l], b = k->t->p4_mh[(size_t)s.m * R5_ORD4 + s.h];
	int c = k->t->p4_c[(size_t)s.ud * R5_AXC + s.rl];

	a = b > a ? b : a;
	a = c > a ? c : a;
	if (a > limit)
		return a;
	b = r5_nibble(k->p4_mlh, ((size_t)s.set * R5_ORD4 + s.sl) * R5_ORD4 + s.sh);
	return b > a ? b : a;
}

/* The phase's search (core/stage.h): ctx is the run; a child's bound
 * is read as it is made. */
static int
children4(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run4 *r = ctx;
	const struct r5_p45 *k = r->k;
	const struct st4 *s = state;
	struct st4 *t = kids, c[R5_Q4];
	uint8_t made[R5_Q4];
	int j, i, n = 0, nc = 0;

	/* Every child first, with its two large tables' entries (24 and
	 * 94 MB, a read from memory each) asked for at once, so that the
	 * reads overlap; then their bounds in move order. */
	for (j = 0; j < R5_Q4; j++) {
		int m = k->t->q4[j];
		struct st4 *x = &c[nc];

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x->m = k->t->m4[s->m][j];
		x->l = k->t->w4[0][s->l][j];
		x->h = k->t->w4[1][s->h][j];
		x->ud = k->t->c4[0][s->ud][j];
		x->rl = k->t->c4[1][s->rl][j];
		x->set = k->t->s4[s->set][j];
		x->sl = k->t->sw4[0][s->set][s->sl][j];
		x->sh = k->t->sw4[1][s->set][s->sh][j];
		__builtin_prefetch(&k->t->p4_c[(size_t)x->ud * R5_AXC + x->rl]);
		__builtin_prefetch(&k->p4_mlh[(((size_t)x->set * R5_ORD4 + x->sl) * R5_ORD4 + x->sh) >> 1]);
		made[nc++] = (uint8_t)m;
	}
	for (i = 0; i < nc; i++) {
		int b = bound4(k, c[i], left - 1);

		if (b > left - 1 || (b == 0 && left > 1))
			continue;
		t[n] = c[i];
		moves[n++] = made[i];
	}
	return n;
}

/* An end: kept; enough at want of them. */
static bool
end4(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run4 *r = ctx;
	struct r5_end4 *e = &r->ends[r->n_ends++];

	(void)state;
	e->parent = r->st->parent;
	e->sring = r->st->sring;
	e->len4 = (uint8_t)len;
	memcpy(e->moves, path, (size_t)len);
	return r->n_ends >= r->want;
}

static const struct stage_def phase4 = {
	.state_bytes = sizeof(struct st4),
	.max_depth = R5_MAX_PHASE4,
	.children = children4,
	.at_depth = end4,
};

/* The cube of end e3 (in its axis view, after its moves). */
static void
end3_cube(const struct r5_model *md, const struct cube *c, const struct r5_result *p12,
    const struct r5_end3 *e3, struct cube *out)
{
	uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2];
	int n = r5_end_moves(&p12->ends[e3->parent], moves), i;
	struct cube after = *c;

	for (i = 0; i < n; i++)
		r5_apply(md, &after, moves[i]);
	r5_view(md, &after, e3->axis, out);
	for (i = 0; i < e3->len3; i++)
		r5_apply(md, out, e3->moves[i]);
}

/* Start nodes of the phase-4 frame cube c4 into st (at most 70). */
static int
starts_of(const struct r5_p45 *k, const struct r5_model *md, const struct cube *c4, int parent,
    int sring, int len, struct start4 *st)
{
	int mid[R5_SLOTS], wing[2][R5_SLOTS], elig[R5_SLOTS], ne = 0, s, p, n = 0, a, b, c, d;
	int ud = r5_p45_axis_coord(c4, 0), rl = r5_p45_axis_coord(c4, 1);

	if (!r5_p45_halves_match(k, md, c4))
		return 0;
	for (s = 0; s < R5_SLOTS; s++)
		mid[r5_midge_id(md, c4, s) >> 1] = k->t->idx_of_slot[s];
	for (p = 0; p < R5_WINGS; p++)
		wing[md->half_of[p]][r5_wing_id(md, c4, p) >> 1] = k->t->idx_of_place[p];
	for (d = 0; d < R5_SLOTS; d++)
		if (mid[d] != 0xff && wing[0][d] != 0xff && wing[1][d] != 0xff)
			elig[ne++] = d;
	for (a = 0; a < ne; a++)
		for (b = a + 1; b < ne; b++)
			for (c = b + 1; c < ne; c++)
				for (d = c + 1; d < ne; d++) {
					int ch[4] = {elig[a], elig[b], elig[c], elig[d]}, e, f, pm = 0, pl = 0, ph = 0, h;
					int sl = 0, sh = 0, set = 0;
					struct start4 *x = &st[n];

					for (e = 0; e < 4; e++) {
						int ord = 0;

						for (f = 0; f < 4; f++)
							ord += mid[ch[f]] < mid[ch[e]];
						pm |= mid[ch[e]] << (3 * e);
						pl |= wing[0][ch[e]] << (3 * e);
						ph |= wing[1][ch[e]] << (3 * e);
						sl |= wing[0][ch[e]] << (3 * ord);
						sh |= wing[1][ch[e]] << (3 * ord);
						set |= 1 << mid[ch[e]];
					}
					x->s.set = k->t->set_rank[set];
					x->s.sl = k->t->rank4[sl];
					x->s.sh = k->t->rank4[sh];
					x->s.m = k->t->rank4[pm];
					x->s.l = k->t->rank4[pl];
					x->s.h = k->t->rank4[ph];
					x->s.ud = (uint16_t)ud;
					x->s.rl = (uint16_t)rl;
					h = bound4(k, x->s, INT_MAX);
					if (h == 0xff)
						continue;
					x->parent = (uint16_t)parent;
					x->sring = (uint8_t)sring;
					x->len = (uint8_t)len;
					x->est = (uint8_t)(len + h);
					n++;
				}
	return n;
}

static int
by_est(const void *a, const void *b)
{
	const struct start4 *x = a, *y = b;

	if (x->est != y->est)
		return x->est - y->est;
	return (x->parent - y->parent) * 2 + (x->sring - y->sring);
}

bool
r5_phase4(const struct cube *c, const struct r5_result *p12, const struct r5_result3 *p3,
    const struct r5_options *opt, struct r5_result4 *res, struct tw_error *err)
{
	struct run4 r = {0};
	struct start4 *st = NULL;
	long n = 0, i;
	int total;
	double t0;

	memset(res, 0, sizeof *res);
	if (c->n != R5_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 5x5x5 phase reduction takes a 5x5x5, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	if ((r.md = r5_model_get(err)) == NULL || (r.k = r5_p45_get(err)) == NULL)
		return false;
	t0 = tw_monotonic_seconds();
	r.want = opt != NULL && opt->phase4_ends > 0 ? opt->phase4_ends : R5_PHASE4_ENDS;
	stage_run_start(&r.sr, NULL, R5_Q4, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : R5_MAX_NODES,
	    opt != NULL ? opt->cancel : NULL);
	st = malloc((size_t)(p3->n_ends > 0 ? p3->n_ends : 1) * 2 * 70 * sizeof *st);
	r.ends = malloc((size_t)r.want * sizeof *r.ends);
	if (st == NULL || r.ends == NULL) {
		free(st);
		free(r.ends);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (i = 0; i < p3->n_ends && i < 0xffff; i++) {
		const struct r5_end3 *e3 = &p3->ends[i];
		const struct r5_end *e = &p12->ends[e3->parent];
		struct cube c3, cx;

		end3_cube(r.md, c, p12, e3, &c3);
		n += starts_of(r.k, r.md, &c3, (int)i, 0, e->len1 + e->len2 + e3->len3, st + n);
		cube_view_turn(&c3, "x", &cx);
		n += starts_of(r.k, r.md, &cx, (int)i, 1, e->len1 + e->len2 + e3->len3, st + n);
	}
	qsort(st, (size_t)n, sizeof *st, by_est);
	res->starts = n;
	for (total = n > 0 ? st[0].est : 0; n > 0 && r.n_ends < r.want && !r.sr.stopped &&
	    total <= st[0].est + R5_MAX_PHASE4; total++)
		for (i = 0; i < n && st[i].est <= total && r.n_ends < r.want && !r.sr.stopped; i++)
			if (total - st[i].len <= R5_MAX_PHASE4) {
				r.st = &st[i];
				r.kids[0] = st[i].s;
				(void)stage_enumerate(&phase4, &r, &r.sr, r.kids, total - st[i].len);
			}
	free(st);
	res->nodes = r.sr.nodes;
	res->seconds = tw_monotonic_seconds() - t0;
	if (!r5_search_ended(r.sr.cancel, r.n_ends, 4, err)) {
		free(r.ends);
		return false;
	}
	res->ends = r.ends;
	res->n_ends = r.n_ends;
	return true;
}

void
r5_result4_free(struct r5_result4 *res)
{
	free(res->ends);
	res->ends = NULL;
	res->n_ends = 0;
}

int
r5_end4_moves(const struct r5_result *p12, const struct r5_result3 *p3, const struct r5_end4 *e,
    uint8_t *out)
{
	const struct r5_model *md = r5_model_get(NULL);
	const struct r5_p45 *k = r5_p45_get(NULL);
	const struct r5_end3 *e3 = &p3->ends[e->parent];
	int n = r5_end3_moves(p12, e3, out), i;

	for (i = 0; i < e->len4; i++)
		out[n + i] = md->view_move[e3->axis][e->sring ? k->t->xmap[e->moves[i]] : e->moves[i]];
	return n + e->len4;
}
