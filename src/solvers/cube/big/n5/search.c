/* The 5x5x5 phase reduction's search, phases 1 and 2 (n5.h). */
#include "solvers/cube/big/n5/n5.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/stage.h"
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

/* The phases' states (core/stage.h): phase 1's masks x and t and, for
 * the combined table, the key; phase 2's coordinates and wing parity. */
struct state1 {
	uint32_t x, t;
	uint64_t key;
};

struct state2 {
	int x, t, par;
};

struct run {
	const struct r5_model *md;
	const struct r5_tables *t;
	const struct r5_coords *k;
	const uint64_t *xt;          /* phase 1's combined table, or NULL */
	const struct r5_syms *sy;
	int want1, kept1, want2;
	struct stage_run sr;         /* both phases' work */
	struct cand1 *c1;
	int n1;
	long found1;
	struct r5_end *ends;
	struct cube *end_cube;       /* each end's cube, for the duplicate check */
	int n2;
	int parent;                  /* phase 2: the phase-1 candidate searched on */
	int view;
	struct cube root;
	/* The enumerations' states (core/stage.h). */
	struct state1 kids1[(R5_MAX_PHASE1 + 1) * R5_MOVES];
	struct state2 kids2[(R5_MAX_PHASE2 + 1) * R5_MOVES];
};

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

/* A phase-1 solution of len moves (path): kept among the best kept1
 * by len + phase-2 bound, ties in the order found. */
static void
keep1(struct run *r, const uint8_t *path, int len)
{
	struct cand1 c;
	int i, at, x, t, par;

	c.view = (uint8_t)r->view;
	c.len = (uint8_t)len;
	memcpy(c.moves, path, (size_t)len);
	c.cube = r->root;
	for (i = 0; i < len; i++)
		r5_apply(r->md, &c.cube, path[i]);
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

/* Phase 1's search (core/stage.h): ctx is the run. */
/* The children that X and T let through, their combined table entries
 * fetched together (the search waits on memory), then cut on those in
 * the last plies (when its largest value, R5_XT_EXACT + 2, could cut). */
static int
children1(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run *r = ctx;
	const struct r5_coords *k = r->k;
	const struct state1 *s = state;
	struct state1 *kid = kids;
	bool combined = r->xt != NULL && left - 1 < R5_XT_EXACT + 2;
	int m, n = 0, i, kept = 0;

	for (m = 0; m < R5_MOVES; m++) {
		uint32_t x2, t2, xr, tr;
		int hx, ht;

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x2 = r5_move_mask(k->x_move1[m], s->x);
		xr = r5_rank1(k, x2);
		hx = r->t->prune1_x[xr];
		if (hx > left - 1)
			continue;
		t2 = r5_move_mask(k->t_move1[m], s->t);
		tr = r5_rank1(k, t2);
		ht = r->t->prune1_t[tr];
		/* Past the bound, or at the goal early (a shorter solution
		 * that an earlier depth has found). */
		if (ht > left - 1 || (hx == 0 && ht == 0 && left > 1))
			continue;
		moves[n] = (uint8_t)m;
		kid[n].x = x2;
		kid[n].t = t2;
		if (combined) {
			kid[n].key = r5_xt_key(r->sy, k, xr, t2);
			r5_xt_prefetch(r->xt, kid[n].key);
		}
		n++;
	}
	if (!combined)
		return n;
	for (i = 0; i < n; i++)
		if (r5_xt_bound(r->xt, kid[i].key) <= left - 1) {
			kid[kept] = kid[i];
			moves[kept++] = moves[i];
		}
	return kept;
}

static bool
end1(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;

	(void)state;
	keep1(r, path, len);
	return r->found1 >= r->want1;
}

static const struct stage_def phase1 = {
	.state_bytes = sizeof(struct state1),
	.max_depth = R5_MAX_PHASE1,
	.children = children1,
	.at_depth = end1,
};

/* A phase-2 end of cand1 parent after len2 moves (path): kept unless
 * the same cube in the same view is kept. */
static void
keep2(struct run *r, int parent, const uint8_t *path, int len2)
{
	const struct cand1 *p = &r->c1[parent];
	struct r5_end *e = &r->ends[r->n2];
	struct cube c = p->cube;
	int i;

	for (i = 0; i < len2; i++)
		r5_apply(r->md, &c, path[i]);
	for (i = 0; i < r->n2; i++)
		if (r->ends[i].view == p->view && memcmp(r->end_cube[i].f, c.f, R5_FACELETS) == 0)
			return;
	e->view = p->view;
	e->len1 = p->len;
	e->len2 = (uint8_t)len2;
	memcpy(e->moves, p->moves, p->len);
	memcpy(e->moves + p->len, path, (size_t)len2);
	r->end_cube[r->n2++] = c;
}

/* Phase 2's search (core/stage.h): ctx is the run; children are cut on
 * their table entries before anything else is done for them. */
static int
children2(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run *r = ctx;
	const struct r5_tables *tb = r->t;
	const struct state2 *s = state;
	struct state2 *kid = kids;
	int j, n = 0;

	for (j = 0; j < R5_PHASE2_MOVES; j++) {
		int m = r->md->phase2_moves[j], x2, t2, par2, hx, ht;

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		x2 = tb->x2_move[s->x][j];
		par2 = s->par ^ r->md->wing_odd[m];
		hx = tb->prune2_x[x2 * 2 + par2];
		if (hx > left - 1)
			continue;
		t2 = tb->t2_move[s->t][j];
		ht = tb->prune2_t[t2 * 2 + par2];
		if (ht > left - 1 || (hx == 0 && ht == 0 && left > 1))
			continue;
		kid[n] = (struct state2){.x = x2, .t = t2, .par = par2};
		moves[n++] = (uint8_t)m;
	}
	return n;
}

static bool
end2(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;

	(void)state;
	keep2(r, r->parent, path, len);
	return r->n2 >= r->want2;
}

static const struct stage_def phase2 = {
	.state_bytes = sizeof(struct state2),
	.max_depth = R5_MAX_PHASE2,
	.children = children2,
	.at_depth = end2,
};

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

	for (d = 0; d <= R5_MAX_PHASE1 && r->found1 < r->want1 && !r->sr.stopped; d++)
		for (v = 0; v < R5_VIEWS && r->found1 < r->want1; v++) {
			struct state1 *s = &r->kids1[0];

			r->view = v;
			r5_view(md, c, v, &r->root);
			s->x = r5_x_mask(md, &r->root, FACE_R, FACE_L);
			s->t = r5_t_mask(md, &r->root, FACE_R, FACE_L);
			r->sr.prev = -1;
			if (r->t->prune1_x[r5_rank1(r->k, s->x)] <= d && r->t->prune1_t[r5_rank1(r->k, s->t)] <= d)
				(void)stage_enumerate(&phase1, r, &r->sr, r->kids1, d);
		}
	res->nodes1 = nodes0 = r->sr.nodes;
	res->phase1_found = r->found1;
	res->phase1_kept = r->n1;
	res->seconds1 = tw_monotonic_seconds() - t0;
	if (r->n1 == 0)
		return;
	qsort(r->c1, (size_t)r->n1, sizeof *r->c1, by_value1);
	r->sr.n_moves = R5_PHASE2_MOVES;    /* phase 2's children a state at most */
	t0 = tw_monotonic_seconds();
	for (total = r->c1[0].value; r->n2 < r->want2 && !r->sr.stopped &&
	    total <= r->c1[0].value + R5_MAX_PHASE2; total++)
		for (i = 0; i < r->n1 && r->c1[i].value <= total && r->n2 < r->want2; i++) {
			const struct cand1 *p = &r->c1[i];
			struct state2 *s = &r->kids2[0];
			int len2 = total - p->len;

			if (len2 > R5_MAX_PHASE2 || phase2_bound(r, &p->cube, &s->x, &s->t, &s->par) > len2)
				continue;
			r->parent = i;
			r->sr.prev = p->len > 0 ? p->moves[p->len - 1] : -1;
			(void)stage_enumerate(&phase2, r, &r->sr, r->kids2, len2);
		}
	res->nodes2 = r->sr.nodes - nodes0;
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
	stage_run_start(&r->sr, NULL, R5_MOVES, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : R5_MAX_NODES,
	    opt != NULL ? opt->cancel : NULL);
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
	if (!r5_search_ended(r->sr.cancel, r->n2, 2, err))
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
