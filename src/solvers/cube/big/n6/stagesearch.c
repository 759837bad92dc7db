/* The centre stages' search (stagesearch.h), for n6/centres.c and
 * n7/centres7.c. */
#include "solvers/cube/big/n6/stagesearch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n6/model.h"

#define MAX_FACELETS (6 * 7 * 7)   /* the 7x7x7's */

uint8_t mask_bits8[256];
uint32_t mask_rank8_part[3 * 9 * 256];

static void
build_ranks(void)
{
	int i;

	for (i = 1; i < 256; i++)
		mask_bits8[i] = (uint8_t)(mask_bits8[i >> 1] + (i & 1));
	cube_colex_rank_parts(mask_rank8_part, 8);
}

void
mask_ranks_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, build_ranks);
}

/* A stage-1 end that stage 2 may start from. */
struct candidate {
	int score, len, view;
	uint32_t end[CENTRE_STAGES_MAX_SETS];
	uint8_t path[CENTRE_STAGES_MAX_STAGE];
};

/* A stage's state: masks of the sets. */
struct masks {
	uint32_t s[CENTRE_STAGES_MAX_SETS];
};

struct run {
	const struct centre_stages *d;
	const struct staged_options *opt;  /* the caller's (may be NULL) */
	int stage;
	struct stage_run sr;           /* the stage's work; stages 2 to 4: the end's path */
	struct masks stack[CENTRE_STAGES_MAX_STAGE + 1];
	/* Stages 3 and 4: the wing parities (model.h) at the stage's start
	 * and those an end must have even (parity_base ^ its turns'). */
	int parity_base, parity_even;
	/* Stage 1: ends collected at the current bound. */
	int view, n_ends;
	int n_cand;
	struct candidate cand[CENTRE_STAGES_CANDIDATES];
};

static inline uint32_t
move_mask(const struct centre_stages *d, int s, int m, uint32_t x)
{
	const uint32_t (*l)[256] = d->lut[s][m];

	return l[0][x & 255] | l[1][x >> 8 & 255] | l[2][x >> 16];
}

/* Stage 1's end s (path of len turns in r->view) into the candidates,
 * kept sorted by score (stage 2's max(X, T), then X + T, an end with
 * the inner wings' permutation odd as if one turn longer). */
static void
collect(struct run *r, const uint32_t *s, const uint8_t *path, int len, bool odd)
{
	int x = r->d->stage2_table(R6_TABLE_X2)[mask_rank8(s[r->d->set_outer_x])];
	int t = r->d->stage2_table(R6_TABLE_T2)[mask_rank8(s[r->d->set_oblique_a])];
	int score = 100 * (x > t ? x : t) + x + t + (odd ? CENTRE_STAGES_ODD_END : 0), i;
	size_t bytes = (size_t)r->d->sets * sizeof *s;

	r->n_ends++;
	for (i = 0; i < r->n_cand; i++)
		if (r->cand[i].view == r->view && memcmp(r->cand[i].end, s, bytes) == 0)
			return;
	if (r->n_cand == CENTRE_STAGES_CANDIDATES && score >= r->cand[CENTRE_STAGES_CANDIDATES - 1].score)
		return;
	i = r->n_cand < CENTRE_STAGES_CANDIDATES ? r->n_cand++ : CENTRE_STAGES_CANDIDATES - 1;
	for (; i > 0 && r->cand[i - 1].score > score; i--)
		r->cand[i] = r->cand[i - 1];
	r->cand[i].score = score;
	r->cand[i].len = len;
	r->cand[i].view = r->view;
	memcpy(r->cand[i].end, s, bytes);
	memcpy(r->cand[i].path, path, (size_t)len);
}

/* The stages' search (core/stage.h): ctx is the run. */
static int
estimate(void *ctx, const void *state, int limit)
{
	const struct run *r = ctx;

	(void)limit;
	return r->d->estimate(r->stage, ((const struct masks *)state)->s);
}

static bool
may_follow(void *ctx, int prev, int m, int g, int bound)
{
	const struct run *r = ctx;
	const struct r6_model *md = r6_model();

	(void)g;
	(void)bound;
	/* Turns of one axis commute: one order of their blocks. */
	return prev < 0 || md->axis[m] != md->axis[prev] || r->d->order[m] > r->d->order[prev];
}

static void
step(void *ctx, const void *state, int m, void *child)
{
	const struct run *r = ctx;
	const struct centre_stages *d = r->d;
	const uint32_t *s = ((const struct masks *)state)->s;
	uint32_t *t = ((struct masks *)child)->s;
	unsigned sets = d->stage_sets[r->stage];
	int k;

	for (k = 0; k < d->sets; k++)
		t[k] = sets >> k & 1 ? move_mask(d, k, m, s[k]) : s[k];
}

/* Stages 2 to 4 end at a state of bound 0 whose wing parities are even
 * where asked (else one turn more at least); stage 1 collects its ends
 * and stops after CENTRE_STAGES_STAGE1_ENDS of them. */
static int
at_zero(void *ctx, const void *state, const uint8_t *path, int len)
{
	struct run *r = ctx;
	const struct r6_model *md = r6_model();
	int parity = r->parity_base, j;

	for (j = 0; j < len; j++)
		parity ^= md->wing_odd[path[j]];
	if (r->stage != 1)
		return (parity & r->parity_even) == 0 ? STAGE_END : 1;
	collect(r, ((const struct masks *)state)->s, path, len, (parity & r->parity_even) != 0);
	return r->n_ends >= CENTRE_STAGES_STAGE1_ENDS ? STAGE_END : STAGE_LEAF;
}

static const struct stage_def stage_search = {
	.state_bytes = sizeof(struct masks),
	.max_depth = CENTRE_STAGES_MAX_STAGE,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = estimate,
	.may_follow = may_follow,
	.step = step,
	.at_zero = at_zero,
};

/* One pass from s under bound: true at the stage's end (stage 1: enough
 * ends), its path in r->sr. */
static bool
pass(struct run *r, const uint32_t *s, int bound)
{
	memcpy(r->stack[0].s, s, sizeof r->stack[0].s);
	return stage_ida_pass(&stage_search, r, &r->sr, r->stack, bound);
}

static bool
stage_failed(const struct run *r, int stage, struct tw_error *err)
{
	if (stage_cancelled(&r->sr))
		tw_error_cancelled(err);
	else
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-%d end within the search's work", stage);
	return false;
}

static void
start_run(struct run *r, int stage, const struct staged_options *opt)
{
	r->stage = stage;
	r->opt = opt;
	r->parity_even = 0;
	stage_run_start(&r->sr, r->d->moves[stage], r->d->n_moves[stage],
	    opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : r->d->nodes[stage], opt != NULL ? opt->cancel : NULL);
}

/* Stage 1 on the three views' colours vc: the candidates in r. */
static bool
stage1(struct run *r, uint8_t vc[R6_VIEWS][MAX_FACELETS], struct tw_error *err)
{
	const struct centre_stages *d = r->d;
	uint32_t s[R6_VIEWS][CENTRE_STAGES_MAX_SETS];
	int v, b, h0 = 1 << 20;

	r->n_cand = 0;
	r->n_ends = 0;
	for (v = 0; v < R6_VIEWS; v++) {
		int h;

		d->masks_of(vc[v], 1, s[v]);
		h = d->estimate(1, s[v]);
		h0 = h < h0 ? h : h0;
	}
	for (b = h0; b <= CENTRE_STAGES_MAX_STAGE && r->n_ends == 0 && !r->sr.stopped; b++)
		for (v = 0; v < R6_VIEWS && !r->sr.stopped; v++) {
			r->view = v;
			if (pass(r, s[v], b))
				break;
		}
	/* Ends found before the work ran out still count. */
	if (r->n_cand == 0 || stage_cancelled(&r->sr))
		return stage_failed(r, 1, err);
	return true;
}

/* Stage 2 from the candidates, interleaved by stage 1 + 2's length:
 * *chosen the candidate, its stage-2 path in r->sr.path, *len2 long. */
static bool
stage2(struct run *r, uint8_t vc[R6_VIEWS][MAX_FACELETS], int *chosen, int *len2,
    struct tw_error *err)
{
	const struct centre_stages *d = r->d;
	uint32_t s[CENTRE_STAGES_CANDIDATES][CENTRE_STAGES_MAX_SETS];
	int h[CENTRE_STAGES_CANDIDATES], k, total, lo = 1 << 20;

	for (k = 0; k < r->n_cand; k++) {
		uint8_t col[MAX_FACELETS];
		int i;

		memcpy(col, vc[r->cand[k].view], (size_t)d->facelets);
		for (i = 0; i < r->cand[k].len; i++)
			d->apply(col, r->cand[k].path[i]);
		if (d->stage_b != NULL && !d->stage_b(1, r->opt, col, r->cand[k].path, &r->cand[k].len, CENTRE_STAGES_MAX_STAGE, err))
			return false;
		d->masks_of(col, 1, s[k]);
		h[k] = d->estimate(2, s[k]);
		lo = r->cand[k].len + h[k] < lo ? r->cand[k].len + h[k] : lo;
	}
	for (total = lo; total <= lo + CENTRE_STAGES_MAX_STAGE && !r->sr.stopped; total++)
		for (k = 0; k < r->n_cand && !r->sr.stopped; k++) {
			int bound = total - r->cand[k].len;

			if (bound < h[k] || bound > CENTRE_STAGES_MAX_STAGE)
				continue;
			if (pass(r, s[k], bound)) {
				*chosen = k;
				*len2 = r->sr.len;
				return true;
			}
		}
	return stage_failed(r, 2, err);
}

/* Stage 3 or 4 (r->stage) on col (in place), its moves appended to
 * path, *len of them. */
static bool
stage34(struct run *r, uint8_t *col, struct staged_path *path, int *len, struct tw_error *err)
{
	const struct centre_stages *d = r->d;
	uint32_t s[CENTRE_STAGES_MAX_SETS];
	int b, i;
	bool found = false;

	d->masks_of(col, 0, s);
	r->parity_base = d->wing_parity(col);
	for (b = d->estimate(r->stage, s); b <= CENTRE_STAGES_MAX_STAGE && !found && !r->sr.stopped; b++)
		found = pass(r, s, b);
	if (!found)
		return stage_failed(r, r->stage, err);
	for (i = 0; i < r->sr.len; i++) {
		d->apply(col, r->sr.path[i]);
		if (!staged_path_push(path, r->sr.path[i])) {
			tw_error_set(err, "the stages' path is full");
			return false;
		}
	}
	*len = r->sr.len;
	return true;
}

/* Stage 3 or 4 ending with the wing parities even (inner for 3,
 * both for 4) within CENTRE_STAGES_NODES_PARITY, else stage34 without them. */
static bool
stage34_even(struct run *r, const struct staged_options *opt, int stage, uint8_t *col,
    struct staged_path *path, int *len, struct tw_error *err)
{
	start_run(r, stage, opt);
	r->parity_even = stage == 3 ? R6_INNER_ODD : R6_INNER_ODD | R6_OUTER_ODD;
	if (r->sr.max_nodes > CENTRE_STAGES_NODES_PARITY)
		r->sr.max_nodes = CENTRE_STAGES_NODES_PARITY;
	if (r->d->wing_parity(col) >= 0 && stage34(r, col, path, len, err))
		return true;
	if (stage_cancelled(&r->sr))
		return stage_failed(r, stage, err);
	start_run(r, stage, opt);
	return stage34(r, col, path, len, err);
}

static int
obtm_of(const uint8_t *m, int n)
{
	const struct r6_model *md = r6_model();
	int i, c = 0;

	for (i = 0; i < n; i++)
		c += md->obtm[m[i]];
	return c;
}

bool
centre_stages_1to4(const struct centre_stages *d, const uint8_t *col, const struct staged_options *opt,
    int *view, uint8_t *out, struct staged_path *path, int *stage_moves, struct tw_error *err)
{
	uint8_t vc[R6_VIEWS][MAX_FACELETS];
	struct run *r;
	const struct candidate *c;
	int v, k = 0, len2 = 0, len3 = 0, len4 = 0, i;
	bool ok = false;

	path->len = 0;
	if ((r = calloc(1, sizeof *r)) == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	r->d = d;
	for (v = 0; v < R6_VIEWS; v++)
		d->view_colours(col, v, vc[v]);
	/* Wing parities (model.h): stage 1 prefers ends with the inner
	 * wings' permutation even, stage 3 ends with it even (stage 2's and
	 * 4's turns keep it), stage 4 with the outer wings' even; stages 5
	 * and 6 keep both. So stage 6 needs no flipped middle edge fix and the
	 * 5x5x5 no wing parity fix (about 7 and 3.5 OBTM on average; a
	 * parity costs stages 3 and 4 about one turn in two). Should stage
	 * 3 or 4 not find such an end within a smaller work (a cube that
	 * meets the stage's goal with the wrong parity may need a long
	 * detour), it runs again without the parity and the later stages
	 * fix it. */
	start_run(r, 1, opt);
	r->parity_base = d->wing_parity(col);
	r->parity_even = r->parity_base < 0 ? 0 : R6_INNER_ODD;
	if (!stage1(r, vc, err))
		goto done;
	start_run(r, 2, opt);
	if (!stage2(r, vc, &k, &len2, err))
		goto done;
	c = &r->cand[k];
	*view = c->view;
	memcpy(out, vc[c->view], (size_t)d->facelets);
	for (i = 0; i < c->len; i++) {
		d->apply(out, c->path[i]);
		staged_path_push(path, c->path[i]);
	}
	for (i = 0; i < len2; i++) {
		d->apply(out, r->sr.path[i]);
		staged_path_push(path, r->sr.path[i]);
	}
	if (stage_moves != NULL) {
		stage_moves[0] = obtm_of(c->path, c->len);
		stage_moves[1] = obtm_of(r->sr.path, len2);
	}
	if (!stage34_even(r, opt, 3, out, path, &len3, err))
		goto done;
	if (d->stage_b != NULL) {
		uint8_t tmp[CENTRE_STAGES_MAX_STAGE];
		int nb = 0;

		if (!d->stage_b(3, opt, out, tmp, &nb, CENTRE_STAGES_MAX_STAGE, err))
			goto done;
		for (i = 0; i < nb; i++)
			staged_path_push(path, tmp[i]);
		len3 += nb;
	}
	if (stage_moves != NULL)
		stage_moves[2] = obtm_of(path->m + path->len - len3, len3);
	if (!stage34_even(r, opt, 4, out, path, &len4, err))
		goto done;
	if (stage_moves != NULL)
		stage_moves[3] = obtm_of(path->m + path->len - len4, len4);
	ok = true;
done:
	free(r);
	return ok;
}
