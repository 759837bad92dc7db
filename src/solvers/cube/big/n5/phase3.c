/* The 5x5x5 phase reduction's search, phase 3 (n5.h, phase3_tables.h, phase3_wm.h). */
#include "solvers/cube/big/n5/n5.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/phase3_wm.h"
#include "solvers/clock.h"

#define EST_MAX 63                   /* estimates kept for start nodes: 6 bits */
#define EST_SLACK 8                  /* start nodes further than this past the best are dropped */

/* A phase-2 end seen in one axis view, and what the labellings need. */
struct base {
	struct cube cube;
	uint16_t parent;
	uint8_t axis, len12;
	/* Low wing places (midge relabelling) for the labelling's bits
	 * 0..5 and 6..11, OR-ed (XOR-ed). */
	uint32_t wings[2][64];
	uint16_t midges[2][64];
	uint16_t midges0;            /* orientations under labelling 0 */
	uint8_t x, t;
};

/* The search's state (core/stage.h): the coordinates and the ranks of
 * their table entries. */
struct kid3 {
	struct r5_p3_state s;
	uint32_t wing, cm;
};

struct run3 {
	const struct r5_model *md;
	const struct r5_p3_tables *t;
	const struct r5_p3_coords *k;
	const struct r5_p3_wm_table *wm;     /* NULL: without it */
	const struct r5_p3_wm_syms *wsy;
	struct base *bases;
	int n_bases, want;
	struct stage_run sr;                 /* the phase's work, over every start */
	const struct base *base;             /* the start being searched: its base */
	unsigned lab;                        /* and labelling */
	struct r5_end3 *ends;
	struct cube *end_cube;
	int n_ends;
	struct kid3 kids[(R5_MAX_PHASE3 + 1) * R5_P3_MOVES];
};

/* The base's state under labelling lab. */
static struct r5_p3_state
start_state(const struct base *b, unsigned lab)
{
	struct r5_p3_state s;

	s.wings = b->wings[0][lab & 63] | b->wings[1][lab >> 6 & 63];
	s.midges = (uint16_t)(b->midges0 ^ b->midges[0][lab & 63] ^ b->midges[1][lab >> 6 & 63]);
	s.x = b->x;
	s.t = b->t;
	return s;
}

/* The base of cube v (an axis view after phases 1 and 2). */
static void
make_base(const struct run3 *r, struct base *b)
{
	const struct r5_model *md = r->md;
	uint32_t place[2][R5_SLOTS];           /* [natural high][dedge]: its wing's place */
	uint16_t spread[R5_SLOTS];             /* dedge -> the bit of its midge's slot */
	int p, s, d, h, i;
	struct r5_p3_state s0 = r5_p3_state_of(r->k, md, &b->cube, 0);

	for (p = 0; p < R5_WINGS; p++) {
		int id = r5_wing_id(md, &b->cube, p);

		place[id != r->k->nat_low[id >> 1]][id >> 1] = 1u << p;
	}
	for (s = 0; s < R5_SLOTS; s++)
		spread[r5_midge_id(md, &b->cube, s) >> 1] = (uint16_t)(1u << s);
	for (h = 0; h < 2; h++)
		for (i = 0; i < 64; i++) {
			uint32_t w = 0;
			uint16_t m = 0;

			for (d = 0; d < 6; d++) {
				int bit = i >> d & 1;

				w |= place[bit][h * 6 + d];
				m |= bit ? spread[h * 6 + d] : 0;
			}
			b->wings[h][i] = w;
			b->midges[h][i] = m;
		}
	b->midges0 = s0.midges;
	b->x = s0.x;
	b->t = s0.t;
}

/* Whether c (an axis view) has at least 4 dedges with no piece in the E
 * slice (the slots joining two side faces). */
static bool
four_off_e(const struct r5_model *md, const struct cube *c)
{
	bool touches[R5_SLOTS] = {false};
	int s, p, n = 0;

	for (s = 0; s < R5_SLOTS; s++)
		if (md->slot_faces[s][0] % 3 != 0 && md->slot_faces[s][1] % 3 != 0)
			touches[r5_midge_id(md, c, s) >> 1] = true;
	for (p = 0; p < R5_WINGS; p++) {
		s = md->wing_slot[p];
		if (md->slot_faces[s][0] % 3 != 0 && md->slot_faces[s][1] % 3 != 0)
			touches[r5_wing_id(md, c, p) >> 1] = true;
	}
	for (s = 0; s < R5_SLOTS; s++)
		n += !touches[s];
	return n >= 4;
}

/* Whether phase 4 can start from c: 4 dedges off its fixed slice, the E
 * slice or (after x) the S ring (cube555's test). */
static bool
phase4_can_start(const struct r5_model *md, const struct cube *c)
{
	struct cube x;

	if (four_off_e(md, c))
		return true;
	cube_view_turn(c, "x", &x);
	return four_off_e(md, &x);
}

/* An end after len moves (path) from base b with labelling lab: kept
 * if phase 4 can start from it, unless one with the same axis,
 * labelling and cube is. */
static void
keep3(struct run3 *r, const struct base *b, unsigned lab, const uint8_t *path, int len)
{
	struct r5_end3 *e = &r->ends[r->n_ends];
	struct cube c = b->cube;
	int i;

	for (i = 0; i < len; i++)
		r5_apply(r->md, &c, path[i]);
	if (!phase4_can_start(r->md, &c))
		return;
	for (i = 0; i < r->n_ends; i++)
		if (r->ends[i].axis == b->axis && r->ends[i].labelling == lab &&
		    memcmp(r->end_cube[i].f, c.f, R5_FACELETS) == 0)
			return;
	e->parent = b->parent;
	e->axis = b->axis;
	e->labelling = (uint16_t)lab;
	e->len3 = (uint8_t)len;
	memcpy(e->moves, path, (size_t)len);
	r->end_cube[r->n_ends++] = c;
}

/* The search (core/stage.h): ctx is the run. Each child's table
 * entries are read (all children's fetched together first: the search
 * waits on memory) before it is kept. */
static int
children3(void *ctx, const void *state, int last, int left, void *kids, uint8_t *moves)
{
	const struct run3 *r = ctx;
	const struct r5_p3_tables *t = r->t;
	const struct kid3 *s = state;
	struct kid3 *kid = kids;
	int j, n = 0, i, kept = 0;

	for (j = 0; j < R5_P3_MOVES; j++) {
		int m = r->k->moves[j];

		if (!r5_turn_allowed(r->md, m, last))
			continue;
		kid[n].s = r5_p3_move(r->k, s->s, j);
		kid[n].wing = r5_p3_rank12(r->k, kid[n].s.wings);
		kid[n].cm = r5_p3_cm_index(kid[n].s);
		moves[n] = (uint8_t)m;
		__builtin_prefetch(&t->wing[kid[n].wing]);
		__builtin_prefetch(&t->cm[kid[n].cm]);
		if (r->wm != NULL)
			__builtin_prefetch(&r->wm->wclass[kid[n].wing]);
		n++;
	}
	for (i = 0; i < n; i++) {
		int hw = t->wing[kid[i].wing], hc = t->cm[kid[i].cm];

		/* Past the bound, or at the goal early (a shorter path that
		 * an earlier total has found). */
		if (hw > left - 1 || hc > left - 1 || (hw == 0 && hc == 0 && left > 1))
			continue;
		if (r->wm != NULL && r5_p3_wm_bound(r->wm, r->wsy, kid[i].wing, kid[i].s.midges) > left - 1)
			continue;
		kid[kept] = kid[i];
		moves[kept++] = moves[i];
	}
	return kept;
}

static bool
end3(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run3 *r = ctx;

	(void)state;
	keep3(r, r->base, r->lab, path, len);
	return r->n_ends >= r->want;
}

static const struct stage_def phase3_search = {
	.state_bytes = sizeof(struct kid3),
	.max_depth = R5_MAX_PHASE3,
	.children = children3,
	.at_depth = end3,
};

static unsigned
full_label(unsigned low11)
{
	return low11 | (unsigned)(__builtin_popcount(low11) & 1) << 11;
}

/* The estimates (len12 + bound, at most EST_MAX) of base b's 2,048
 * labellings into est: the table entries of all of them fetched in
 * stages (the work is waiting on memory). */
static void
base_estimates(const struct run3 *r, const struct base *b, uint8_t *est)
{
	const struct r5_p3_tables *t = r->t;
	uint32_t wr[R5_P3_LABELLINGS], ci[R5_P3_LABELLINGS], wi[R5_P3_LABELLINGS];
	uint16_t mid[R5_P3_LABELLINGS];
	unsigned lab;

	for (lab = 0; lab < R5_P3_LABELLINGS; lab++) {
		struct r5_p3_state s = start_state(b, full_label(lab));

		wr[lab] = r5_p3_rank12(r->k, s.wings);
		ci[lab] = r5_p3_cm_index(s);
		mid[lab] = s.midges;
		__builtin_prefetch(&t->wing[wr[lab]]);
		__builtin_prefetch(&t->cm[ci[lab]]);
		if (r->wm != NULL)
			__builtin_prefetch(&r->wm->wclass[wr[lab]]);
	}
	if (r->wm != NULL)
		for (lab = 0; lab < R5_P3_LABELLINGS; lab++) {
			wi[lab] = r5_p3_wm_index(r->wm, r->wsy, wr[lab], mid[lab]);
			__builtin_prefetch(&r->wm->prune[wi[lab] >> 1]);
		}
	for (lab = 0; lab < R5_P3_LABELLINGS; lab++) {
		int h = t->wing[wr[lab]], c = t->cm[ci[lab]], v;

		h = c > h ? c : h;
		if (r->wm != NULL) {
			c = r5_p3_wm_entry(r->wm, wi[lab]);
			h = c > h ? c : h;
		}
		v = b->len12 + h;
		est[lab] = (uint8_t)(v > EST_MAX ? EST_MAX : v);
	}
}

/* Start nodes: base << 17 | labelling's 11 low bits << 6 | estimate. */
static uint32_t
start_pack(int base, unsigned lab, int est)
{
	return (uint32_t)base << 17 | (lab & 0x7ffu) << 6 | (uint32_t)est;
}

/* Every start node within EST_SLACK of the best, by estimate (then in
 * base order: parents by total length, then axes); *n gets the count. */
static uint32_t *
make_starts(const struct run3 *r, long *n, struct tw_error *err)
{
	long count[EST_MAX + 2] = {0}, at[EST_MAX + 2], total = 0;
	int b, best = EST_MAX, e;
	unsigned lab;
	uint32_t *out;
	uint8_t *est = malloc((size_t)r->n_bases * R5_P3_LABELLINGS);

	if (est == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	for (b = 0; b < r->n_bases; b++) {
		base_estimates(r, &r->bases[b], est + (size_t)b * R5_P3_LABELLINGS);
		for (lab = 0; lab < R5_P3_LABELLINGS; lab++)
			best = est[(size_t)b * R5_P3_LABELLINGS + lab] < best ? est[(size_t)b * R5_P3_LABELLINGS + lab] : best;
	}
	for (b = 0; b < r->n_bases * R5_P3_LABELLINGS; b++)
		if (est[b] <= best + EST_SLACK && est[b] < EST_MAX)
			count[est[b]]++;
	for (e = 0; e <= EST_MAX; e++) {
		at[e] = total;
		total += count[e];
	}
	out = malloc((size_t)(total > 0 ? total : 1) * sizeof *out);
	if (out == NULL) {
		free(est);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return NULL;
	}
	for (b = 0; b < r->n_bases; b++)
		for (lab = 0; lab < R5_P3_LABELLINGS; lab++) {
			e = est[(size_t)b * R5_P3_LABELLINGS + lab];
			if (e <= best + EST_SLACK && e < EST_MAX)
				out[at[e]++] = start_pack(b, lab, e);
		}
	free(est);
	*n = total;
	return out;
}

/* By total length: for each total, every start node whose estimate is
 * within it, searched with the rest of the total. */
static bool
phase3(struct run3 *r, struct r5_result3 *res, struct tw_error *err)
{
	long n, i;
	uint32_t *starts = make_starts(r, &n, err);
	int total;

	if (starts == NULL)
		return false;
	res->starts = n;
	for (total = n > 0 ? (int)(starts[0] & 63) : 0; n > 0 && r->n_ends < r->want && !r->sr.stopped &&
	    total <= (int)(starts[0] & 63) + R5_MAX_PHASE3; total++)
		for (i = 0; i < n && (int)(starts[i] & 63) <= total && r->n_ends < r->want; i++) {
			const struct base *b = &r->bases[starts[i] >> 17];
			unsigned lab = full_label(starts[i] >> 6 & 0x7ff);
			int depth = total - b->len12;

			if (depth > R5_MAX_PHASE3)
				continue;
			r->base = b;
			r->lab = lab;
			r->kids[0].s = start_state(b, lab);
			(void)stage_enumerate(&phase3_search, r, &r->sr, r->kids, depth);
		}
	free(starts);
	return true;
}

bool
r5_phase3(const struct cube *c, const struct r5_result *p12, const struct r5_options *opt,
    struct r5_result3 *res, struct tw_error *err)
{
	struct run3 *r;
	bool ok = false;
	double t0;
	int i, v;

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
	r->want = opt != NULL && opt->phase3_ends > 0 ? opt->phase3_ends : R5_PHASE3_ENDS;
	stage_run_start(&r->sr, NULL, R5_P3_MOVES, opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : R5_MAX_NODES,
	    opt != NULL ? opt->cancel : NULL);
	r->bases = malloc((size_t)(p12->n_ends > 0 ? p12->n_ends : 1) * R5_VIEWS * sizeof *r->bases);
	r->ends = malloc((size_t)r->want * sizeof *r->ends);
	r->end_cube = malloc((size_t)r->want * sizeof *r->end_cube);
	if (r->bases == NULL || r->ends == NULL || r->end_cube == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	if ((r->md = r5_model_get(err)) == NULL || (r->t = r5_p3_tables_get(&r->k, NULL, err)) == NULL)
		goto done;
	if ((opt == NULL || !opt->plain_bound3) && (r->wm = r5_p3_wm_get(&r->wsy, NULL, err)) == NULL)
		goto done;
	t0 = tw_monotonic_seconds();
	for (i = 0; i < p12->n_ends && i < 0x7fff; i++) {
		uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2];
		int n = r5_end_moves(&p12->ends[i], moves), j;
		struct cube after = *c;

		for (j = 0; j < n; j++)
			r5_apply(r->md, &after, moves[j]);
		for (v = 0; v < R5_VIEWS; v++) {
			struct base *b = &r->bases[r->n_bases++];

			r5_view(r->md, &after, v, &b->cube);
			b->parent = (uint16_t)i;
			b->axis = (uint8_t)v;
			b->len12 = (uint8_t)n;
			make_base(r, b);
		}
	}
	if (!phase3(r, res, err))
		goto done;
	res->nodes = r->sr.nodes;
	res->seconds = tw_monotonic_seconds() - t0;
	if (!r5_search_ended(r->sr.cancel, r->n_ends, 3, err))
		goto done;
	res->ends = r->ends;
	res->n_ends = r->n_ends;
	r->ends = NULL;
	ok = true;
done:
	free(r->bases);
	free(r->ends);
	free(r->end_cube);
	free(r);
	return ok;
}

void
r5_result3_free(struct r5_result3 *res)
{
	free(res->ends);
	res->ends = NULL;
	res->n_ends = 0;
}

int
r5_end3_moves(const struct r5_result *p12, const struct r5_end3 *e, uint8_t *out)
{
	const struct r5_model *md = r5_model_get(NULL);
	int n = r5_end_moves(&p12->ends[e->parent], out), i;

	for (i = 0; i < e->len3; i++)
		out[n + i] = md->view_move[e->axis][e->moves[i]];
	return n + e->len3;
}
