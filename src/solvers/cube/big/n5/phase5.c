/* The 5x5x5 phase reduction's search, phase 5 (n5.h, phase45.h). */
#include "solvers/cube/big/n5/n5.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/phase45.h"
#include "solvers/clock.h"

struct st5 {
	uint32_t c;
	uint16_t l, h, ud;
};

struct start5 {
	struct st5 s;
	uint16_t parent;
	uint8_t len, est;
};

struct run5 {
	const struct r5_model *md;
	const struct r5_p45 *k;
	struct stage_run sr;           /* the phase's work, over every start */
	const struct start5 *st;       /* the start being searched */
	bool found;
	struct r5_end5 *end;
	struct st5 kids[(R5_MAX_PHASE5 + 1) * R5_Q5];
};

/* The state's bound, or, once it is sure to be above limit, a value
 * above limit (enough to prune a child): the small tables first, the
 * two 4-bit wing tables (94 MB, a read from memory each) only while
 * they can decide. */
static int
bound5(const struct r5_p45 *k, struct st5 s, int limit)
{
	int a = k->t->p5_w[0][s.l], b = k->t->p5_w[1][s.h], c = k->t->p5_c[s.c];

	a = b > a ? b : a;
	a = c > a ? c : a;
	if (a > limit)
		return a;
	b = r5_p5_low_bound(k, s.l, s.ud);
	a = b > a ? b : a;
	if (a > limit)
		return a;
	b = r5_p5_high_bound(k, s.h, s.ud);
	return b > a ? b : a;
}

/* The phase's search (core/stage.h): ctx is the run; a child's bound
 * is read as it is made. */
static int
children5(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run5 *r = ctx;
	const struct r5_p45 *k = r->k;
	const struct st5 *s = state;
	struct st5 *t = kids, c[R5_Q5];
	uint8_t made[R5_Q5];
	int j, i, n = 0, nc = 0;

	/* Every child first, with its two wing table entries (94 MB, a read
	 * from memory each) asked for at once, so that the reads overlap;
	 * then their bounds in move order. */
	for (j = 0; j < R5_Q5; j++) {
		int m = k->t->q5[j];
		struct st5 *x = &c[nc];

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x->c = k->t->c5[s->c][j];
		x->l = k->t->w5[0][s->l][j];
		x->h = k->t->w5[1][s->h][j];
		x->ud = k->t->c5ud[s->ud][j];
		__builtin_prefetch(&k->p5_lc[((size_t)x->l * R5_AXC + x->ud) >> 1]);
		__builtin_prefetch(&k->p5_lc[((size_t)k->t->mirror_w[x->h] * R5_AXC + k->t->mirror_ud[x->ud]) >> 1]);
		made[nc++] = (uint8_t)m;
	}
	for (i = 0; i < nc; i++) {
		int b = bound5(k, c[i], left - 1);

		if (b > left - 1 || (b == 0 && left > 1))
			continue;
		t[n] = c[i];
		moves[n++] = made[i];
	}
	return n;
}

/* The end: the first one found. */
static bool
end5(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run5 *r = ctx;

	(void)state;
	r->found = true;
	r->end->parent = r->st->parent;
	r->end->len5 = (uint8_t)len;
	memcpy(r->end->moves, path, (size_t)len);
	return true;
}

static const struct stage_def phase5 = {
	.state_bytes = sizeof(struct st5),
	.max_depth = R5_MAX_PHASE5,
	.children = children5,
	.at_depth = end5,
};

/* The start of the phase-5 frame cube c5; false if phase 5 cannot take it. */
static bool
start_of(const struct r5_p45 *k, const struct r5_model *md, const struct cube *c5, struct start5 *x)
{
	int wing[2][R5_SLOTS], s, p, h, ci;
	uint8_t rel[2][8];

	if (!r5_p45_halves_match(k, md, c5))
		return false;
	ci = r5_p45_c5_index(k, r5_p45_axis_coord(c5, 0), r5_p45_axis_coord(c5, 1), r5_p45_axis_coord(c5, 2));
	if (ci < 0)
		return false;
	for (p = 0; p < R5_WINGS; p++)
		wing[md->half_of[p]][r5_wing_id(md, c5, p) >> 1] = k->t->idx_of_place[p];
	for (s = 0; s < 8; s++) {
		int d = r5_midge_id(md, c5, k->t->list8[s]) >> 1;

		for (h = 0; h < 2; h++) {
			if (wing[h][d] == 0xff)
				return false;
			rel[h][s] = (uint8_t)wing[h][d];
		}
	}
	x->s.c = (uint32_t)ci;
	x->s.l = (uint16_t)r5_rank_perm8(rel[0]);
	x->s.h = (uint16_t)r5_rank_perm8(rel[1]);
	x->s.ud = (uint16_t)r5_p45_axis_coord(c5, 0);
	return true;
}

static int
by_est(const void *a, const void *b)
{
	const struct start5 *x = a, *y = b;

	return x->est != y->est ? x->est - y->est : x->parent - y->parent;
}

bool
r5_phase5(const struct cube *c, const struct r5_result *p12, const struct r5_result3 *p3,
    const struct r5_result4 *p4, const struct r5_options *opt, struct r5_end5 *res, struct tw_error *err)
{
	struct run5 r = {0};
	struct start5 *st;
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
	stage_run_start(&r.sr, NULL, R5_Q5, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : R5_MAX_NODES,
	    opt != NULL ? opt->cancel : NULL);
	r.end = res;
	st = malloc((size_t)(p4->n_ends > 0 ? p4->n_ends : 1) * sizeof *st);
	if (st == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (i = 0; i < p4->n_ends && i < 0xffff; i++) {
		uint8_t moves[R5_MAX_REDUCTION];
		int len = r5_end4_moves(p12, p3, &p4->ends[i], moves), j, h;
		struct cube c5;
		const struct r5_end3 *e3 = &p3->ends[p4->ends[i].parent];

		(void)e3;		/* The phase-4 frame: the end's axis view (x-turned for the S ring), then x. */
		{
			const struct r5_end *e = &p12->ends[e3->parent];
			uint8_t m12[R5_MAX_PHASE1 + R5_MAX_PHASE2];
			int n12 = r5_end_moves(e, m12);
			struct cube a = *c, v, w;

			for (j = 0; j < n12; j++)
				r5_apply(r.md, &a, m12[j]);
			r5_view(r.md, &a, e3->axis, &v);
			for (j = 0; j < e3->len3; j++)
				r5_apply(r.md, &v, e3->moves[j]);
			if (p4->ends[i].sring) {
				cube_view_turn(&v, "x", &w);
				v = w;
			}
			for (j = 0; j < p4->ends[i].len4; j++)
				r5_apply(r.md, &v, p4->ends[i].moves[j]);
			cube_view_turn(&v, "x", &c5);
		}
		if (!start_of(r.k, r.md, &c5, &st[n]))
			continue;
		h = bound5(r.k, st[n].s, INT_MAX);
		if (h == 0xff)
			continue;
		st[n].parent = (uint16_t)i;
		st[n].len = (uint8_t)len;
		st[n].est = (uint8_t)(len + h);
		n++;
	}
	qsort(st, (size_t)n, sizeof *st, by_est);
	res->starts = n;
	for (total = n > 0 ? st[0].est : 0; n > 0 && !r.found && !r.sr.stopped && total <= st[0].est + R5_MAX_PHASE5;
	    total++)
		for (i = 0; i < n && st[i].est <= total && !r.found && !r.sr.stopped; i++)
			if (total - st[i].len <= R5_MAX_PHASE5) {
				r.st = &st[i];
				r.kids[0] = st[i].s;
				(void)stage_enumerate(&phase5, &r, &r.sr, r.kids, total - st[i].len);
			}
	free(st);
	res->nodes = r.sr.nodes;
	res->seconds = tw_monotonic_seconds() - t0;
	return r5_search_ended(r.sr.cancel, r.found, 5, err);
}

int
r5_end5_moves(const struct r5_result *p12, const struct r5_result3 *p3, const struct r5_result4 *p4,
    const struct r5_end5 *e, uint8_t *out)
{
	const struct r5_model *md = r5_model_get(NULL);
	const struct r5_p45 *k = r5_p45_get(NULL);
	const struct r5_end4 *e4 = &p4->ends[e->parent];
	const struct r5_end3 *e3 = &p3->ends[e4->parent];
	int n = r5_end4_moves(p12, p3, e4, out), i;

	for (i = 0; i < e->len5; i++) {
		int m = k->t->xmap[e->moves[i]];

		if (e4->sring)
			m = k->t->xmap[m];
		out[n + i] = md->view_move[e3->axis][m];
	}
	return n + e->len5;
}
