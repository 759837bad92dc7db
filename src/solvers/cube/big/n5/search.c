/* The 5x5x5 phase reduction's search, phases 1 and 2 (n5.h). */
#include "solvers/cube/big/n5/n5.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/phase1_table.h"
#include "solvers/cube/big/n5/phase3_wm.h"
#include "solvers/cube/big/n5/tables.h"
#include "solvers/clock.h"

struct cand1 {
	uint8_t view, len;
	uint8_t moves[R5_MAX_PHASE1];
	int value;                   /* len + phase-2 bound */
	long order;                  /* found order: ties keep it */
	struct cube cube;            /* the view's cube after the moves */
};

struct run {
	const struct r5_model *md;
	const struct r5_tables *t;
	const struct r5_coords *k;
	const uint64_t *xt;          /* phase 1's combined table, or NULL */
	const struct r5_syms *sy;
	int want1, kept1, want2;
	long max_nodes;
	atomic_bool *cancel;
	long nodes;
	bool stopped;                /* cancelled or out of work */
	struct cand1 *c1;
	int n1;
	long found1;
	struct r5_end *ends;
	struct cube *end_cube;       /* each end's cube, for the duplicate check */
	int n2;
	uint8_t path[R5_MAX_PHASE1 + R5_MAX_PHASE2];
	int view;
	struct cube root;
};

/* One more node; false once the search must stop (cancel or budget). */
static bool
tick(struct run *r)
{
	if (r->stopped)
		return false;
	if (++r->nodes > r->max_nodes)
		r->stopped = true;
	if ((r->nodes & 4095) == 0 && r->cancel != NULL && atomic_load(r->cancel))
		r->stopped = true;
	return !r->stopped;
}

/* Phase 2's bound of c (a view's cube with its R-L centres on R and L). */
static int
phase2_bound(const struct run *r, const struct cube *c, int *x, int *t, int *par)
{
	int hx, ht;

	*x = r5_x2(r->k, r->md, c);
	*t = r5_t2(r->k, r->md, c);
	*par = r5_wing_parity(r->md, c);
	hx = r->t->prune2_x[*x * 2 + *par];
	ht = r->t->prune2_t[*t * 2 + *par];
	return hx > ht ? hx : ht;
}

/* A phase-1 solution of len moves (r->path): kept among the best kept1
 * by len + phase-2 bound, ties in the order found. */
static void
keep1(struct run *r, int len)
{
	struct cand1 c;
	int i, at, x, t, par;

	c.view = (uint8_t)r->view;
	c.len = (uint8_t)len;
	memcpy(c.moves, r->path, (size_t)len);
	c.cube = r->root;
	for (i = 0; i < len; i++)
		r5_apply(r->md, &c.cube, r->path[i]);
	c.value = len + phase2_bound(r, &c.cube, &x, &t, &par);
	c.order = r->found1++;
	if (r->n1 == r->kept1 && c.value >= r->c1[r->n1 - 1].value)
		return;
	for (at = r->n1 < r->kept1 ? r->n1 : r->kept1 - 1; at > 0 && r->c1[at - 1].value > c.value; at--)
		r->c1[at] = r->c1[at - 1];
	r->c1[at] = c;
	if (r->n1 < r->kept1)
		r->n1++;
}

/* Every phase-1 path of exactly depth more moves from masks x, t (whose
 * bound is within depth) that reaches the goal only at its end. Each
 * child's table entries are read before it is searched: X, then T, then
 * (when its largest value, R5_XT_EXACT + 2, could cut) the combined one. */
static void
search1(struct run *r, uint32_t x, uint32_t t, int done, int depth, int last)
{
	const struct r5_coords *k = r->k;
	struct {
		uint32_t x, t;
		uint64_t key;
		uint8_t m;
	} kid[R5_MOVES];
	bool combined = r->xt != NULL && depth - 1 < R5_XT_EXACT + 2;
	int m, n = 0, i;

	if (r->found1 >= r->want1 || !tick(r))
		return;
	if (depth == 0) {
		keep1(r, done);
		return;
	}
	/* The children that X and T let through, their combined table
	 * entries fetched together (the search waits on memory). */
	for (m = 0; m < R5_MOVES; m++) {
		uint32_t x2, t2, xr, tr;
		int hx, ht;

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x2 = r5_move_mask(k->x_move1[m], x);
		xr = r5_rank1(k, x2);
		hx = r->t->prune1_x[xr];
		if (hx > depth - 1)
			continue;
		t2 = r5_move_mask(k->t_move1[m], t);
		tr = r5_rank1(k, t2);
		ht = r->t->prune1_t[tr];
		/* Past the bound, or at the goal early (a shorter solution
		 * that an earlier depth has found). */
		if (ht > depth - 1 || (hx == 0 && ht == 0 && depth > 1))
			continue;
		kid[n].m = (uint8_t)m;
		kid[n].x = x2;
		kid[n].t = t2;
		if (combined) {
			kid[n].key = r5_xt_key(r->sy, k, xr, t2);
			r5_xt_prefetch(r->xt, kid[n].key);
		}
		n++;
	}
	/* In the last plies, both kinds at once. */
	for (i = 0; i < n && r->found1 < r->want1; i++) {
		if (combined && r5_xt_bound(r->xt, kid[i].key) > depth - 1)
			continue;
		r->path[done] = kid[i].m;
		search1(r, kid[i].x, kid[i].t, done + 1, depth - 1, kid[i].m);
	}
}

/* A phase-2 end of cand1 parent after len2 moves (r->path, indices into
 * phase2_moves): kept unless the same cube in the same view is kept. */
static void
keep2(struct run *r, int parent, int len2)
{
	const struct cand1 *p = &r->c1[parent];
	struct r5_end *e = &r->ends[r->n2];
	struct cube c = p->cube;
	int i;

	for (i = 0; i < len2; i++)
		r5_apply(r->md, &c, r->md->phase2_moves[r->path[i]]);
	for (i = 0; i < r->n2; i++)
		if (r->ends[i].view == p->view && memcmp(r->end_cube[i].f, c.f, R5_FACELETS) == 0)
			return;
	e->view = p->view;
	e->len1 = p->len;
	e->len2 = (uint8_t)len2;
	memcpy(e->moves, p->moves, p->len);
	for (i = 0; i < len2; i++)
		e->moves[p->len + i] = r->md->phase2_moves[r->path[i]];
	r->end_cube[r->n2++] = c;
}

/* Every phase-2 path of exactly depth more moves from (x, t, par), whose
 * bound is within depth; children are cut on their table entries before
 * anything else is done for them. */
static void
search2(struct run *r, int parent, int x, int t, int par, int done, int depth, int last)
{
	const struct r5_tables *tb = r->t;
	int j;

	if (r->n2 >= r->want2 || !tick(r))
		return;
	if (depth == 0) {
		keep2(r, parent, done);
		return;
	}
	for (j = 0; j < R5_PHASE2_MOVES && r->n2 < r->want2; j++) {
		int m = r->md->phase2_moves[j], x2, t2, par2, hx, ht;

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x2 = tb->x2_move[x][j];
		par2 = par ^ r->md->wing_odd[m];
		hx = tb->prune2_x[x2 * 2 + par2];
		if (hx > depth - 1)
			continue;
		t2 = tb->t2_move[t][j];
		ht = tb->prune2_t[t2 * 2 + par2];
		if (ht > depth - 1 || (hx == 0 && ht == 0 && depth > 1))
			continue;
		r->path[done] = (uint8_t)j;
		search2(r, parent, x2, t2, par2, done + 1, depth - 1, m);
	}
}

static int
by_value1(const void *a, const void *b)
{
	const struct cand1 *p = a, *q = b;

	return p->value != q->value ? (p->value > q->value) - (p->value < q->value) :
	    (p->order > q->order) - (p->order < q->order);
}

/* Phase 1 over the three views, depth by depth, until want1 solutions;
 * then phase 2 by total length over the kept ones until want2 ends. */
static void
phases(struct run *r, const struct cube *c, struct r5_result *res)
{
	const struct r5_model *md = r->md;
	double t0 = tw_monotonic_seconds();
	long nodes0;
	int d, v, i, total;

	for (d = 0; d <= R5_MAX_PHASE1 && r->found1 < r->want1 && !r->stopped; d++)
		for (v = 0; v < R5_VIEWS && r->found1 < r->want1; v++) {
			uint32_t x, t;

			r->view = v;
			r5_view(md, c, v, &r->root);
			x = r5_x_mask(md, &r->root, FACE_R, FACE_L);
			t = r5_t_mask(md, &r->root, FACE_R, FACE_L);
			if (r->t->prune1_x[r5_rank1(r->k, x)] <= d && r->t->prune1_t[r5_rank1(r->k, t)] <= d)
				search1(r, x, t, 0, d, -1);
		}
	res->nodes1 = nodes0 = r->nodes;
	res->phase1_found = r->found1;
	res->phase1_kept = r->n1;
	res->seconds1 = tw_monotonic_seconds() - t0;
	if (r->n1 == 0)
		return;
	qsort(r->c1, (size_t)r->n1, sizeof *r->c1, by_value1);
	t0 = tw_monotonic_seconds();
	for (total = r->c1[0].value; r->n2 < r->want2 && !r->stopped &&
	    total <= r->c1[0].value + R5_MAX_PHASE2; total++)
		for (i = 0; i < r->n1 && r->c1[i].value <= total && r->n2 < r->want2; i++) {
			const struct cand1 *p = &r->c1[i];
			int len2 = total - p->len, x, t, par;

			if (len2 > R5_MAX_PHASE2 || phase2_bound(r, &p->cube, &x, &t, &par) > len2)
				continue;
			search2(r, i, x, t, par, 0, len2, p->len > 0 ? p->moves[p->len - 1] : -1);
		}
	res->nodes2 = r->nodes - nodes0;
	res->seconds2 = tw_monotonic_seconds() - t0;
}

bool
r5_phases12(const struct cube *c, const struct r5_options *opt, struct r5_result *res,
    struct tw_error *err)
{
	struct run *r;
	bool ok = false;

	memset(res, 0, sizeof *res);
	if (c->n != R5_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 5x5x5 phase reduction takes a 5x5x5, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	r = calloc(1, sizeof *r);
	if (r == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	r->want1 = opt != NULL && opt->phase1_solutions > 0 ? opt->phase1_solutions : R5_PHASE1_SOLUTIONS;
	r->kept1 = opt != NULL && opt->phase1_kept > 0 ? opt->phase1_kept : R5_PHASE1_KEPT;
	r->want2 = opt != NULL && opt->phase2_ends > 0 ? opt->phase2_ends : R5_PHASE2_ENDS;
	r->max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : R5_MAX_NODES;
	r->cancel = opt != NULL ? opt->cancel : NULL;
	r->c1 = malloc((size_t)r->kept1 * sizeof *r->c1);
	r->ends = malloc((size_t)r->want2 * sizeof *r->ends);
	r->end_cube = malloc((size_t)r->want2 * sizeof *r->end_cube);
	if (r->c1 == NULL || r->ends == NULL || r->end_cube == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	if ((r->md = r5_model_get(err)) == NULL || (r->t = r5_tables_get(&r->k, NULL, err)) == NULL)
		goto done;
	if (opt == NULL || !opt->plain_bound)
		r->xt = r5_xt_table(&r->sy);
	phases(r, c, res);
	if (!r5_search_ended(r->cancel, r->n2, 2, err))
		goto done;
	res->ends = r->ends;
	res->n_ends = r->n2;
	r->ends = NULL;
	ok = true;
done:
	free(r->c1);
	free(r->ends);
	free(r->end_cube);
	free(r);
	return ok;
}

bool
r5_search_ended(atomic_bool *cancel, int ends, int phase, struct tw_error *err)
{
	if (cancel != NULL && atomic_load(cancel)) {
		tw_error_cancelled(err);
		return false;
	}
	if (ends == 0) {
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no phase-%d end within the search's work", phase);
		return false;
	}
	return true;
}

void
r5_result_free(struct r5_result *res)
{
	free(res->ends);
	res->ends = NULL;
	res->n_ends = 0;
}

int
r5_end_moves(const struct r5_end *e, uint8_t *out)
{
	const struct r5_model *md = r5_model_get(NULL);
	int i, n = e->len1 + e->len2;

	for (i = 0; i < n; i++)
		out[i] = md->view_move[e->view][e->moves[i]];
	return n;
}

const char *
r5_move_name(int m)
{
	return r5_model_get(NULL)->name[m];
}

bool
cube5_phases_prepare(struct tw_error *err)
{
	return r5_tables_get(NULL, NULL, err) != NULL && r5_p3_tables_get(NULL, NULL, err) != NULL &&
	    r5_p3_wm_get(NULL, NULL, err) != NULL;
}

size_t
cube5_phases_table_bytes(void)
{
	return r5_table_bytes() + sizeof(struct r5_p3_tables) + sizeof(struct r5_p3_wm_table);
}
