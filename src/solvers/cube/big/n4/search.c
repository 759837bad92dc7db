/* The 4x4x4 phase reduction's search (n4.h). */
#include "solvers/cube/big/n4/n4.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/cube3.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n4/model.h"
#include "solvers/cube/big/n4/tables.h"
#include "solvers/clock.h"

#define PHASE1_SOLUTIONS 10000   /* phase-1 solutions looked at */
#define PHASE1_KEPT 500          /* of which the best are searched on */
#define PHASE2_SOLUTIONS 40     /* phase-2 ends kept for phase 3 */
#define PHASE3_ATTEMPTS 20       /* of them phase 3 searches, the best first */
#define MAX_PHASE1 14
#define MAX_PHASE2 12
#define MAX_PHASE3 20
#define MAX_NODES 50000000L      /* all three phases, then "no reduction"
                                  * (100 cubes take at most 9.4 M) */

struct cand1 {
	uint8_t view, len;
	uint8_t moves[MAX_PHASE1];
	int value;                   /* len + phase-2 distance */
	long order;                  /* found order: ties keep it */
	struct cube cube;            /* the view's cube after the moves */
};

struct p3state {
	uint8_t ud, fb, rl, p;
	uint8_t pi[R4_SLOTS];   /* the pairing (tables.h) */
};

struct cand2 {
	int parent, len;             /* phase-2 moves */
	uint8_t moves[MAX_PHASE2];
	int value;                   /* phases 1 and 2 + phase-3 bound */
	int bound;                   /* phase 3's bound at the start */
	int order;
	struct cube cube;
	struct p3state start;        /* phase 3's state at the start */
};

/* The phases' states (core/stage.h): phase 1's centre mask; phase 2's
 * centre coordinates, wing parity and wings (each place's wing). */
struct state1 {
	uint32_t mask;
};

struct state2 {
	int udfb, rl, par;
	uint8_t wings[R4_WINGS];
};

struct run {
	const struct r4_model *md;
	const struct r4_tables *t;
	const struct r4_coords *k;
	const struct r4_pairing *pairing;
	const struct cube_reduce_options *opt;
	int progress_base;            /* what a first table build filled of the progress */
	struct stage_run sr;         /* the three phases' work */
	struct cand1 *c1;
	int n1;
	long found1;
	struct cand2 *c2;
	int n2;
	int view;
	struct cube root;
	int parent, total;           /* phase 2: the phase-1 candidate, the total length */
	double phase3_start;         /* when phase 3 began (monotonic seconds) */
	uint8_t p3moves[MAX_PHASE3];
	int p3len;
	struct state1 kids1[(MAX_PHASE1 + 1) * R4_MOVES];
	struct state2 kids2[(MAX_PHASE2 + 1) * R4_MOVES];
	struct p3state kids3[(MAX_PHASE3 + 1) * R4_MOVES];
};

static bool
allowed(const struct r4_model *md, int m, int last)
{
	return last < 0 || md->axis[m] != md->axis[last] || md->order[m] > md->order[last];
}

/* The solve's progress: permille of the solve, after what a first build
 * of the tables filled (r->progress_base), so that one figure rises
 * through the caller's share (opt->progress_from to progress_to, all of
 * it if they are 0; cube_reduce_figure). */
static void
report(const struct run *r, const char *phase, int permille)
{
	if (r->opt == NULL)
		return;
	if (r->opt->phase != NULL)
		atomic_store(r->opt->phase, phase);
	if (r->opt->progress != NULL)
		atomic_store(r->opt->progress, cube_reduce_figure(r->opt, r->progress_base, permille));
}

/* Phase 2's index of c (a view's cube with its R-L centres home). */
static int
phase2_index(const struct run *r, const struct cube *c)
{
	return (r4_udfb(r->k, c, r->md) * R4_N_RL + r4_rl(r->k, c, r->md)) * 2 +
	    r4_wing_parity(r->md, c);
}

static void
keep1(struct run *r, const uint8_t *path, int len)
{
	struct cand1 c;
	int i, at;

	c.view = (uint8_t)r->view;
	c.len = (uint8_t)len;
	memcpy(c.moves, path, (size_t)len);
	c.cube = r->root;
	for (i = 0; i < len; i++)
		r4_apply(r->md, &c.cube, path[i]);
	c.value = len + r->t->prune2[phase2_index(r, &c.cube)];
	c.order = r->found1++;
	if (r->n1 == PHASE1_KEPT && c.value >= r->c1[r->n1 - 1].value)
		return;
	for (at = r->n1 < PHASE1_KEPT ? r->n1 : PHASE1_KEPT - 1; at > 0 && r->c1[at - 1].value > c.value; at--)
		r->c1[at] = r->c1[at - 1];
	r->c1[at] = c;
	if (r->n1 < PHASE1_KEPT)
		r->n1++;
}

/* Phase 1's search (core/stage.h): ctx is the run; each child's bound
 * is read as it is made. */
static int
children1(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run *r = ctx;
	uint32_t mask = ((const struct state1 *)state)->mask;
	struct state1 *kid = kids;
	int m, n = 0;

	for (m = 0; m < R4_MOVES; m++) {
		uint32_t next;
		int h;

		if (!allowed(r->md, m, last))
			continue;
		next = r->k->move1[m][0][mask & 0xff] | r->k->move1[m][1][mask >> 8 & 0xff] |
		    r->k->move1[m][2][mask >> 16];
		h = r->t->prune1[r4_rank1(next)];
		/* Past the bound, or at the goal early (a shorter solution
		 * that an earlier depth has found). */
		if (h > left - 1 || (h == 0 && left > 1))
			continue;
		kid[n].mask = next;
		moves[n++] = (uint8_t)m;
	}
	return n;
}

static bool
end1(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;

	(void)state;
	keep1(r, path, len);
	return r->found1 >= PHASE1_SOLUTIONS;
}

static const struct stage_def phase1 = {
	.state_bytes = sizeof(struct state1),
	.max_depth = MAX_PHASE1,
	.children = children1,
	.at_depth = end1,
};

/* Phase 3's state of c, or false when phase 3 cannot finish it: the
 * halves must hold one wing of every dedge each, their slot permutations
 * the same parity, and the centres a state phase 3 reaches. */
static bool
phase3_state(const struct run *r, const struct cube *c, struct p3state *s)
{
	const struct r4_model *md = r->md;
	int seen[R4_SLOTS] = {0}, perm_a[R4_SLOTS], perm_b[R4_SLOTS], slot;
	uint8_t a[R4_SLOTS], b[R4_SLOTS];
	bool odd_a = false, odd_b = false;

	for (slot = 0; slot < R4_SLOTS; slot++) {
		int da = r4_wing_id(md, c, md->half_place[0][slot]) / 2;
		int db = r4_wing_id(md, c, md->half_place[1][slot]) / 2;

		if (seen[da]++ != 0)
			return false;
		perm_a[slot] = da;
		perm_b[slot] = db;
		a[da] = (uint8_t)slot;
		b[db] = (uint8_t)slot;
	}
	for (slot = 0; slot < R4_SLOTS; slot++) {
		int j;

		for (j = slot + 1; j < R4_SLOTS; j++) {
			odd_a ^= perm_a[j] < perm_a[slot];
			odd_b ^= perm_b[j] < perm_b[slot];
		}
	}
	if (odd_a != odd_b)
		return false;
	for (slot = 0; slot < R4_SLOTS; slot++)
		s->pi[a[slot]] = b[slot];
	s->ud = (uint8_t)r4_ud(r->k, c, md);
	s->fb = (uint8_t)r4_fb(r->k, c, md);
	s->rl = (uint8_t)r4_rl(r->k, c, md);
	s->p = (uint8_t)(r4_corner_parity(md, c) ^ odd_a);
	return true;
}

static uint32_t
centres3(const struct p3state *s)
{
	return (((uint32_t)s->ud * R4_N_RL + s->fb) * R4_N_RL + s->rl) * 2 + s->p;
}

static int
phase3_bound(const struct run *r, const struct p3state *s)
{
	int h = r->t->prune3_centres[centres3(s)];
	int e = r4_pairing_bound(r->pairing, r4_pairing_index(r->pairing, s->pi, s->p));

	return e > h && h != R4_UNSEEN ? e : h;
}

static void
keep2(struct run *r, int parent, const uint8_t *path, int len, int total, const uint8_t *wings)
{
	struct cand2 c;
	struct p3state s;
	int i, h, slot;
	unsigned seen = 0;

	/* Most ends fail here: one wing of every dedge in each half. */
	for (slot = 0; slot < R4_SLOTS; slot++)
		seen |= 1u << (wings[r->md->half_place[0][slot]] >> 1);
	if (seen != (1u << R4_SLOTS) - 1)
		return;
	c.cube = r->c1[parent].cube;
	for (i = 0; i < len; i++)
		r4_apply(r->md, &c.cube, path[i]);
	if (!phase3_state(r, &c.cube, &s))
		return;
	/* The same end (in the same view) by another path of the same or a
	 * shorter total would only be searched again. */
	for (i = 0; i < r->n2; i++)
		if (r->c1[r->c2[i].parent].view == r->c1[parent].view &&
		    memcmp(r->c2[i].cube.f, c.cube.f, R4_FACELETS) == 0)
			return;
	h = phase3_bound(r, &s);
	if (h == R4_UNSEEN)
		return;
	c.start = s;
	c.bound = h;
	c.parent = parent;
	c.len = len;
	memcpy(c.moves, path, (size_t)len);
	c.value = total + h;
	c.order = r->n2;
	r->c2[r->n2++] = c;
}

/* Phase 2's search (core/stage.h): ctx is the run; each child's bound
 * is read before its wings are moved, since most children are cut
 * there. A child that is an end (left 1) is first tested as keep2 tests
 * it, one wing of every dedge in each half, through the places its
 * half-0 wings come from: most ends fail, and are cut before their wings
 * are moved. */
static int
children2(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run *r = ctx;
	const struct state2 *s = state;
	struct state2 *kid = kids;
	int j, p, n = 0;

	for (j = 0; j < R4_PHASE2_MOVES; j++) {
		int m = r->md->phase2_moves[j];
		int udfb2 = r->t->udfb_move[s->udfb][j], rl2 = r->t->rl_move[s->rl][j];
		int par2 = s->par ^ r->md->wing_odd[m];

		if (!allowed(r->md, m, last) ||
		    r->t->prune2[(udfb2 * R4_N_RL + rl2) * 2 + par2] > left - 1)
			continue;
		if (left == 1) {
			unsigned seen = 0, bit;

			for (p = 0; p < R4_SLOTS; p++) {
				bit = 1u << (s->wings[r->md->half0_from[m][p]] >> 1);
				if (seen & bit)
					break;
				seen |= bit;
			}
			if (p < R4_SLOTS)
				continue;
		}
		kid[n].udfb = udfb2;
		kid[n].rl = rl2;
		kid[n].par = par2;
		for (p = 0; p < R4_WINGS; p++)
			kid[n].wings[r->md->wing_to[m][p]] = s->wings[p];
		moves[n++] = (uint8_t)m;
	}
	return n;
}

static bool
end2(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;

	keep2(r, r->parent, path, len, r->total, ((const struct state2 *)state)->wings);
	return r->n2 >= PHASE2_SOLUTIONS;
}

static const struct stage_def phase2 = {
	.state_bytes = sizeof(struct state2),
	.max_depth = MAX_PHASE2,
	.children = children2,
	.at_depth = end2,
};

/* Phase 3's search (core/stage.h): ctx is the run. It turns 17 of the
 * 20 moves and ends with the centres home or turned by a whole-cube half
 * turn (model.h; end3 lifts the answer back to home). Each child's
 * centre bound is read first (a small table), the pairing table's
 * entries of the children that pass are fetched together, then they are
 * cut on those. */
static int
children3(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run *r = ctx;
	const struct p3state *s = state;
	struct p3state *kid = kids;
	uint32_t index[R4_PHASE3_MOVES];
	uint8_t centres[R4_PHASE3_MOVES];
	int j, d, n = 0, i, kept = 0;

	for (j = 0; j < R4_PHASE3_MOVES; j++) {
		int m = r->md->phase3_moves[j], h;
		struct p3state *c = &kid[n];

		if (!r->md->phase3_searched[j] || !allowed(r->md, m, last))
			continue;
		c->ud = r->t->ud_move[s->ud][j];
		c->fb = r->t->fb_move[s->fb][j];
		c->rl = r->t->rl3_move[s->rl][j];
		c->p = (uint8_t)(s->p ^ r->md->parity_flip[j]);
		h = r->t->prune3_centres[centres3(c)];
		if (h > left - 1)
			continue;
		for (d = 0; d < R4_SLOTS; d++)
			c->pi[r->md->half_slot_to[0][j][d]] = r->md->half_slot_to[1][j][s->pi[d]];
		index[n] = r4_pairing_index(r->pairing, c->pi, c->p);
		__builtin_prefetch(&r->pairing->table[index[n] >> 1]);
		centres[n] = (uint8_t)h;
		moves[n++] = (uint8_t)m;
	}
	for (i = 0; i < n; i++) {
		int h = r4_pairing_bound(r->pairing, index[i]);

		if (centres[i] > h)
			h = centres[i];
		/* Past the bound, or home early (a shorter phase 3 that an
		 * earlier total has tried). */
		if (h > left - 1 || (h == 0 && left > 1 && centres3(&kid[i]) == r->t->goal3[0]))
			continue;
		kid[kept] = kid[i];
		moves[kept++] = moves[i];
	}
	return kept;
}

/* The first end that lifts home is phase 3's. */
static bool
end3(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;
	uint32_t at = centres3(state);
	int h;

	for (h = 0; h < 4 && r->t->goal3[h] != at; h++)
		;
	if (h == 4 || !r4_lift_half_turn(r->md, h, path, len, r->p3moves))
		return false;
	r->p3len = len;
	return true;
}

static const struct stage_def phase3 = {
	.state_bytes = sizeof(struct p3state),
	.max_depth = MAX_PHASE3,
	.children = children3,
	.at_depth = end3,
};

static int
by_value1(const void *x, const void *y)
{
	const struct cand1 *a = x, *b = y;

	return a->value != b->value ? (a->value > b->value) - (a->value < b->value) :
	    (a->order > b->order) - (a->order < b->order);
}

static int
by_value2(const void *x, const void *y)
{
	const struct cand2 *a = x, *b = y;

	return a->value != b->value ? (a->value > b->value) - (a->value < b->value) :
	    (a->order > b->order) - (a->order < b->order);
}

static int
last_move_of1(const struct cand1 *c)
{
	return c->len > 0 ? c->moves[c->len - 1] : -1;
}

/* The three phases; on success the moves (in the cube's own frame) are
 * in moves[0..*len) with the phase lengths in lens[3]. */
static bool
reduce(struct run *r, const struct cube *c, uint8_t *moves, int *len, int *lens)
{
	const struct r4_model *md = r->md;
	int d, v, i, total, best3 = -1;

	report(r, "centres", 0);
	/* A cube whose phase 1 is solved in every view (its centres home: an
	 * even cube's innermost edge orbit) keeps those ends alone. */
	for (d = 0; d <= MAX_PHASE1 && r->found1 < PHASE1_SOLUTIONS && !r->sr.stopped &&
	    !(d == 1 && r->found1 == R4_VIEWS); d++)
		for (v = 0; v < R4_VIEWS; v++) {
			report(r, "centres", 10 + 5 * d);
			r->view = v;
			r4_view(md, c, v, &r->root);
			r->kids1[0].mask = r4_centre_mask(&r->root, md, 1, 4);
			r->sr.prev = -1;
			if (r->found1 < PHASE1_SOLUTIONS && r->t->prune1[r4_rank1(r->kids1[0].mask)] <= d)
				(void)stage_enumerate(&phase1, r, &r->sr, r->kids1, d);
		}
	if (r->sr.stopped || r->n1 == 0)
		return false;
	qsort(r->c1, (size_t)r->n1, sizeof *r->c1, by_value1);
	report(r, "centres", 100);
	r->sr.n_moves = R4_PHASE2_MOVES;    /* the most children a state, each phase */
	/* Phase 2 by total length, each kept phase-1 solution in turn. */
	for (total = r->c1[0].value; r->n2 < PHASE2_SOLUTIONS && !r->sr.stopped &&
	    total <= r->c1[0].value + MAX_PHASE2; total++) {
		report(r, "centres", 100 + 25 * (total - r->c1[0].value));
		for (i = 0; i < r->n1 && r->c1[i].value <= total && r->n2 < PHASE2_SOLUTIONS; i++) {
			const struct cand1 *p = &r->c1[i];
			int len2 = total - p->len;
			int idx = phase2_index(r, &p->cube), w;
			struct state2 *s = &r->kids2[0];

			if (len2 > MAX_PHASE2 || r->t->prune2[idx] > len2)
				continue;
			for (w = 0; w < R4_WINGS; w++)
				s->wings[w] = (uint8_t)r4_wing_id(md, &p->cube, w);
			s->udfb = idx / 2 / R4_N_RL;
			s->rl = idx / 2 % R4_N_RL;
			s->par = idx & 1;
			r->parent = i;
			r->total = total;
			r->sr.prev = last_move_of1(p);
			(void)stage_enumerate(&phase2, r, &r->sr, r->kids2, len2);
		}
	}
	if (r->sr.stopped || r->n2 == 0)
		return false;
	qsort(r->c2, (size_t)r->n2, sizeof *r->c2, by_value2);
	r->sr.n_moves = R4_PHASE3_MOVES;
	r->phase3_start = tw_monotonic_seconds();
	report(r, "edges", 400);
	/* Phase 3 by total length over the first PHASE3_ATTEMPTS ends. */
	for (total = r->c2[0].value; best3 < 0 && !r->sr.stopped && total <= r->c2[0].value + MAX_PHASE3; total++) {
		report(r, "edges", 400 + (total - r->c2[0].value < 10 ? 50 * (total - r->c2[0].value) : 500));
		for (i = 0; i < r->n2 && i < PHASE3_ATTEMPTS && r->c2[i].value <= total; i++) {
			const struct cand2 *q = &r->c2[i];
			const struct cand1 *p = &r->c1[q->parent];
			int last = q->len > 0 ? q->moves[q->len - 1] : last_move_of1(p);
			int depth = total - p->len - q->len;

			if (q->bound > depth ||
			    (q->bound == 0 && depth > 0 && centres3(&q->start) == r->t->goal3[0]))
				continue;
			r->kids3[0] = q->start;
			r->sr.prev = last;
			if (stage_enumerate(&phase3, r, &r->sr, r->kids3, depth)) {
				best3 = i;
				break;
			}
		}
	}
	if (best3 < 0)
		return false;
	{
		const struct cand2 *q = &r->c2[best3];
		const struct cand1 *p = &r->c1[q->parent];
		int n = 0;

		for (i = 0; i < p->len; i++)
			moves[n++] = md->view_move[p->view][p->moves[i]];
		for (i = 0; i < q->len; i++)
			moves[n++] = md->view_move[p->view][q->moves[i]];
		for (i = 0; i < r->p3len; i++)
			moves[n++] = md->view_move[p->view][r->p3moves[i]];
		lens[0] = p->len;
		lens[1] = q->len;
		lens[2] = r->p3len;
		*len = n;
	}
	return true;
}

bool
cube4_reduce_prepare(struct tw_error *err)
{
	return r4_tables_get(NULL, NULL, NULL, err) != NULL;
}

size_t
cube4_reduce_table_bytes(void)
{
	const struct r4_pairing *p;

	return r4_tables_get(NULL, &p, NULL, NULL) != NULL ?
	    sizeof(struct r4_tables) + r4_pairing_table_bytes(p) : 0;
}

bool
cube4_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct run *r;
	struct cube reduced, small;
	struct movelist finish = MOVELIST_EMPTY;
	struct cube3_options o = {.target = REDUCE_FINISH_TARGET4, .max_nodes = REDUCE_FINISH_NODES};
	uint8_t moves[MAX_PHASE1 + MAX_PHASE2 + MAX_PHASE3 + 32];
	int len = 0, lens[3], n, i, merged_away = 0;
	size_t first = out->len;
	double t0 = tw_monotonic_seconds(), t1;
	struct table_progress prog = {0};
	bool ok = false, whole;

	if (c->n != 4) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 4x4x4 phase reduction takes a 4x4x4, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	r = calloc(1, sizeof *r);
	if (r == NULL || (r->c1 = malloc(PHASE1_KEPT * sizeof *r->c1)) == NULL ||
	    (r->c2 = malloc(PHASE2_SOLUTIONS * sizeof *r->c2)) == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	r->opt = opt;
	stage_run_start(&r->sr, NULL, R4_MOVES, MAX_NODES, opt != NULL ? opt->cancel : NULL);
	/* A first build names itself on the hint line ("building tables"),
	 * fills the first 90 % of the progress and can be cancelled; the
	 * solve fills the rest. */
	if (opt != NULL) {
		prog.progress = opt->progress;
		prog.cancel = opt->cancel;
		prog.phase = opt->phase;
		prog.from = opt->progress_from;
		prog.to = cube_reduce_figure(opt, opt->progress_from, 900);
		r->progress_base = opt->progress_from;
	}
	report(r, "centres", 0);
	if ((r->md = r4_model_get(err)) == NULL ||
	    (r->t = r4_tables_get(&r->k, &r->pairing, &prog, err)) == NULL) {
		if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
			tw_error_cancelled(err);
		goto done;
	}
	if (opt != NULL && opt->progress != NULL && atomic_load(opt->progress) > opt->progress_from)
		r->progress_base = atomic_load(opt->progress);
	if (!reduce(r, c, moves, &len, lens)) {
		if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
			tw_error_cancelled(err);
		else
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no reduction within the search's work");
		goto done;
	}
	reduced = *c;
	for (i = 0; i < len; i++)
		r4_apply(r->md, &reduced, moves[i]);
	if (!r4_reduced(r->md, &reduced)) {
		tw_error_set(err, "internal error: the 4x4x4 phases did not reduce the cube");
		goto done;
	}
	t1 = tw_monotonic_seconds();
	report(r, "3x3x3", 950);
	if (opt != NULL) {
		o.cancel = opt->cancel;
		if (opt->finish_time > 0)
			o.time_limit = opt->finish_time;
	}
	/* A bigger cube's edge orbit takes the reduction alone. */
	whole = opt == NULL || !opt->reduction_only;
	r4_to_3x3(&reduced, &small);
	if (whole && !cube3_solve(&small, &o, &finish, err))
		goto done;
	/* The finish's first turn merges with phase 3's last when they turn
	 * the same block; the merges count against the finish. */
	if (len + (int)finish.len > (int)sizeof moves) {
		tw_error_set(err, "internal error: a 3x3x3 finish of %zu turns", finish.len);
		goto done;
	}
	for (i = 0; i < (int)finish.len; i++)
		moves[len + i] = (uint8_t)cube_face_turn_move(finish.moves[i]);
	n = cube_merge_block_turns(moves, len + (int)finish.len, len, &merged_away);
	for (i = 0; i < n; i++)
		if (!movelist_push(out, r->md->name[moves[i]], err))
			goto done;
	{
		struct cube check = *c;

		for (i = 0; i < n; i++)
			r4_apply(r->md, &check, moves[i]);
		if (!(whole ? cube_is_solved(&check) : r4_reduced(r->md, &check))) {
			tw_error_set(err, "internal error: the 4x4x4 solution does not %s the cube",
			    whole ? "solve" : "reduce");
			goto done;
		}
	}
	if (stats != NULL) {
		memset(stats, 0, sizeof *stats);
		stats->moves[REDUCE_CENTRES] = lens[0] + lens[1];
		stats->moves[REDUCE_EDGES] = lens[2];
		stats->moves[REDUCE_FINISH] = (long)finish.len - merged_away;
		stats->seconds[REDUCE_CENTRES] = r->phase3_start - t0;
		stats->seconds[REDUCE_EDGES] = t1 - r->phase3_start;
		stats->seconds[REDUCE_FINISH] = tw_monotonic_seconds() - t1;
	}
	report(r, "3x3x3", 1000);
	ok = true;
done:
	if (!ok)
		movelist_truncate(out, first);
	movelist_clear(&finish);
	if (r != NULL) {
		free(r->c1);
		free(r->c2);
	}
	free(r);
	return ok;
}
