/* The odd cubes' staged reductions, centres first (n7.h,
 * odd_cube_solve): every centre by passes of the 7x7x7's centre stages
 * on 7x7x7s of grouped layers whose edges are ignored (every pass
 * staged, then every pass solved: centre_passes), then the edges
 * orbit by orbit from the middle out by the 5x5x5 phase reduction (an
 * even cube's innermost orbit, which the even cubes' solver (even/),
 * ends with too, by the 4x4x4's), every turn written on the cube and
 * the answer replayed. After dwalton76's odd cubes (docs/papers.md
 * [dwalton76]: all centres on fake 7x7x7s, every one staged before
 * any is solved, then each wing orbit paired on a fake 5x5x5). */
#include "solvers/cube/big/n7/n7.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cube/cube.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/n4/n4.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n6/n6.h"
#include "solvers/clock.h"
#include "solvers/tablecache.h"

/* The work of a pass's stage 5 in its second and third views (the
 * first has stage 5's own): on 9x9x9s to 11x11x11s 3e7 took 9.4, 12.7
 * and 18.2 s a solve, 1e7 6.8, 10.2 and 11.0 s, 0.7, 1.7 and 4.4 OBTM
 * longer (docs/cube-solvers.md). */
#define R7_VIEW_NODES 10000000L
/* A later view's limit when it runs beside the first (views_in_parallel):
 * any end stage 5's first search can find. */
#define R7_ANY_TURNS 99
/* The most turns of a pass's stage C, and tokens of a 5x5x5 answer. */
#define R7_MAX_STAGE_C 64
#define R7_MAX_ORBIT 600
/* Room for the single-layer turns of a solve of an n-cube by plan p. */
#define R7_TURNS(n, p) ((size_t)(n) * ((size_t)(p) * (R7_MAX_PATH + R7_MAX_STAGE_C) + \
	(size_t)((n) - 2) / 2 * R7_MAX_ORBIT))

/* The progress figure (thousandths of the solve after the caller's
 * share): the tables' first build (or load) fills up to PROGRESS_TABLE,
 * the centre passes up to centres_end (by size: their share of the
 * solve's time, measured on one solve each: 0.5 of the 9x9x9's 7.2 s,
 * 0.85 of the 11x11x11's 15.8 s), the edge orbits the rest. */
enum { PROGRESS_TABLE = 60 };

static int
centres_end(int n)
{
	return n >= 11 ? 850 : n >= 9 ? 520 : 600;
}

/* Every edge and corner facelet of col (fixed centres home) shown as
 * its face's colour: the centre stages do not read them, and the
 * 5x5x5's searches (stage S1's) take the cube as a whole. */
static void
edges_home(uint8_t *col)
{
	int f, r, c;

	for (f = 0; f < 6; f++)
		for (r = 0; r < R7_N; r++)
			for (c = 0; c < R7_N; c++)
				if (r == 0 || c == 0 || r == R7_N - 1 || c == R7_N - 1)
					col[f * R7_N * R7_N + r * R7_N + c] = (uint8_t)f;
}

bool
all_centres_home(const struct cube *c)
{
	int k = c->n, f, i, j;

	for (f = 0; f < 6; f++)
		for (i = 1; i < k - 1; i++)
			for (j = 1; j < k - 1; j++)
				if (c->f[f * k * k + i * k + j] != c->f[f * k * k + k / 2 * k + k / 2])
					return false;
	return true;
}

/* The 5x5x5 that the 7x7x7 of grouping g7 groups as (its layers {1}
 * {2} {3,4,5} {6} {7}), as a grouping of the n-cube. */
static struct cube_grouping
grouped5_of(const struct cube_grouping *g7)
{
	static const int from[5] = {0, 1, 2, 5, 6}, to[5] = {0, 1, 4, 5, 6}, rep[5] = {0, 1, 3, 5, 6};
	struct cube_grouping g = {.n = g7->n, .k = 5};
	int j;

	for (j = 0; j < 5; j++) {
		g.lo[j] = g7->lo[from[j]];
		g.hi[j] = g7->hi[to[j]];
		g.rep[j] = g7->rep[rep[j]];
	}
	return g;
}

/* The 7x7x7 of grouping g7 of cur as the stages take it: colours
 * renamed so that the fixed centres are home (a rotation of the
 * colours: the moves are the same), edges shown home. */
static void
pass_colours(const struct cube *cur, const struct cube_grouping *g7, uint8_t *col)
{
	struct cube c7;

	cube_grouping_read(cur, g7, &c7);
	r7_colours(&c7, col);
	r7_centres_home(col);
	edges_home(col);
}

/* path's moves played on cur through g7. */
static void
play_path(struct cube *cur, const struct cube_grouping *g7, const struct r7_path *path, uint16_t *turns, int *len)
{
	const struct r7_model *md = r7_model();
	int i;

	for (i = 0; i < path->len; i++) {
		int m = path->m[i];

		cube_grouping_turn(cur, g7, md->face[m], md->first[m], md->last[m], md->turns[m], turns, len);
	}
}

bool
centre_pass_stage(struct cube *cur, const struct cube_grouping *g7, const struct r7_options *opt, uint16_t *turns,
    int *len, int *view, struct tw_error *err)
{
	struct r7_path *path = calloc(1, sizeof *path);
	uint8_t col[R7_FACELETS];
	bool ok;

	if (path == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	pass_colours(cur, g7, col);
	ok = r7_stage_staging(col, opt, path, NULL, view, err);
	if (ok)
		play_path(cur, g7, path, turns, len);
	free(path);
	return ok;
}

/* Stage C on cur (a pass's stage 5 done) through the grouped 5x5x5 of
 * g7, played on cur and appended to turns: its OBTM, -1 on error. */
static int
pass_stage_c(struct cube *cur, const struct cube_grouping *g7, const struct r7_options *opt, uint16_t *turns,
    int *len, struct tw_error *err)
{
	struct cube_move mc[R7_MAX_STAGE_C];
	struct cube_grouping g5 = grouped5_of(g7);
	struct cube c5;
	int i, nc, obtm = 0;

	cube_grouping_read(cur, &g5, &c5);
	cube5_centres_home(&c5);
	if (!r7_stage_c(&c5, opt, mc, R7_MAX_STAGE_C, &nc, err))
		return -1;
	for (i = 0; i < nc; i++) {
		cube_grouping_turn(cur, &g5, (int)mc[i].face, mc[i].first, mc[i].last, mc[i].turns, turns, len);
		obtm += (int)cube_move_metric_cost(5, &mc[i], CUBE_OBTM);
	}
	return obtm;
}

/* One view's try at a pass's stage 5, then stage C, on a copy of the
 * pass's cube: what centre_pass_solve compares. */
struct view_try {
	const struct cube *cur;
	const struct cube_grouping *g7;
	const struct r7_options *opt;   /* stage C's (may be NULL) */
	struct r7_options opt5;         /* stage 5's: opt with the view's work */
	int view, max_turns;            /* r7_stage_5's */
	bool ok;                        /* false: err says why */
	struct tw_error err;
	int obtm5;                      /* stage 5's OBTM; -1: no end */
	int end_bound;                  /* its pass's bound (max_turns >= 0) */
	int obtm;                       /* stage 5's and stage C's OBTM */
	struct cube w;                  /* cur after them */
	uint16_t *turns;                /* their single-layer turns */
	int len;
};

static void
view_try_run(struct view_try *t)
{
	struct r7_path *path = calloc(1, sizeof *path);
	uint8_t col[R7_FACELETS];
	int obtm_c;

	t->ok = false;
	t->obtm5 = -1;
	t->len = 0;
	t->w = *t->cur;
	if (path == NULL) {
		tw_error_set_kind(&t->err, TW_ERROR_NO_MEMORY, "out of memory");
		return;
	}
	pass_colours(&t->w, t->g7, col);
	if (!r7_stage_5(col, &t->opt5, t->view, t->max_turns, path, &t->obtm5, NULL, &t->end_bound, &t->err))
		goto done;
	if (t->obtm5 >= 0) {
		play_path(&t->w, t->g7, path, t->turns, &t->len);
		if ((obtm_c = pass_stage_c(&t->w, t->g7, t->opt, t->turns, &t->len, &t->err)) < 0)
			goto done;
		t->obtm = t->obtm5 + obtm_c;
	}
	t->ok = true;
done:
	free(path);
}

/* A thread's share of the views: count tries from first, in order. */
struct view_share {
	struct view_try *first;
	int count;
};

static void *
view_share_run(void *arg)
{
	struct view_share *sh = arg;
	int i;

	for (i = 0; i < sh->count; i++)
		view_try_run(&sh->first[i]);
	return NULL;
}

/* The threads that opt asks a pass of `views` views to run on. */
static int
view_threads(const struct r7_options *opt, int views)
{
	int n = opt != NULL && opt->threads > 1 ? opt->threads : 1;

	if (n > R7_MAX_THREADS)
		n = R7_MAX_THREADS;
	return n > views ? views : n;
}

/* The later views' tries (1 .. views-1) shared out to threads - 1 threads
 * while this one runs the first view's; each later view searches for
 * ends of any length (R7_ANY_TURNS), and the caller keeps an end only
 * if its pass's bound is within the limit the view would have had in
 * order, which gives the end a search with that limit finds (stage_ida:
 * the passes do not depend on the last one). Views whose thread could
 * not start run here after the first. */
static void
views_in_parallel(struct view_try *tries, int views, int threads)
{
	pthread_t thread[R7_MAX_THREADS];
	struct view_share share[R7_MAX_THREADS];
	bool started[R7_MAX_THREADS] = {false};
	int k, at = 1, workers = threads - 1;

	for (k = 0; k < workers; k++) {
		share[k].first = &tries[at];
		share[k].count = (views - 1) * (k + 1) / workers - (at - 1);
		at += share[k].count;
		started[k] = pthread_create(&thread[k], NULL, view_share_run, &share[k]) == 0;
	}
	view_try_run(&tries[0]);
	for (k = 0; k < workers; k++)
		if (started[k])
			pthread_join(thread[k], NULL);
		else
			view_share_run(&share[k]);
}

bool
centre_pass_solve(struct cube *cur, const struct cube_grouping *g7, const struct r7_options *opt, int view, int views,
    const struct cube_reduce_options *report, int from, int to, uint16_t *turns, int *len,
    struct tw_error *err)
{
	size_t room = (size_t)cur->n * (R7_MAX_PATH + R7_MAX_STAGE_C);
	struct view_try tries[3];
	struct cube c7;
	int v, best = -1, best_obtm = -1, best5 = -1, threads;
	bool ok = false, parallel;

	if (views < 1 || views > 3) {
		tw_error_set(err, "internal error: %d views of a centre pass", views);
		return false;
	}
	threads = view_threads(opt, views);
	parallel = threads > 1;
	for (v = 0; v < views; v++) {
		struct view_try *t = &tries[v];

		*t = (struct view_try){.cur = cur, .g7 = g7, .opt = opt, .view = (view + v) % 3,
		    .max_turns = v == 0 ? -1 : R7_ANY_TURNS};
		if (opt != NULL)
			t->opt5 = *opt;
		if (v > 0 && (t->opt5.max_nodes <= 0 || t->opt5.max_nodes > R7_VIEW_NODES))
			t->opt5.max_nodes = R7_VIEW_NODES;
		t->turns = malloc(sizeof *t->turns * room);
	}
	for (v = 0; v < views; v++)
		if (tries[v].turns == NULL) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			goto done;
		}
	if (parallel)
		views_in_parallel(tries, views, threads);
	for (v = 0; v < views; v++) {
		struct view_try *t = &tries[v];

		/* The first view searches as stage I does; the others only for
		 * ends at most one turn longer than the best's stage 5 (a
		 * shorter stage C may pay for it), by stage 5's first search
		 * with less work. */
		if (!parallel) {
			if (v > 0)
				t->max_turns = best5 + 1;
			view_try_run(t);
		}
		if (!t->ok) {
			if (err != NULL)
				*err = t->err;
			goto done;
		}
		if (t->obtm5 >= 0 && (v == 0 || t->end_bound <= best5 + 1) && (best < 0 || t->obtm < best_obtm)) {
			best = v;
			best_obtm = t->obtm;
			best5 = t->obtm5;
		}
		/* The first view, with the whole work, takes about three
		 * quarters of the pass's time, each later one about a quarter
		 * of what is left (measured on a 10x10x10): 3/4, 15/16, 1. */
		cube_reduce_report(report, "centres", v == views - 1 ? to :
		    to - (to - from) / (1 << (2 * (v + 1))));
	}
	if (best < 0) {
		/* The first view's search fails rather than end with none. */
		tw_error_set(err, "internal error: no view of a centre pass kept");
		goto done;
	}
	*cur = tries[best].w;
	memcpy(turns + *len, tries[best].turns, sizeof *turns * (size_t)tries[best].len);
	*len += tries[best].len;
	cube_grouping_read(cur, g7, &c7);
	if (!all_centres_home(&c7)) {
		tw_error_set(err, "internal error: a centre pass left centres off");
		goto done;
	}
	ok = true;
done:
	for (v = 0; v < views; v++)
		free(tries[v].turns);
	return ok;
}

bool
centre_passes(struct cube *cur, const struct cube_grouping *g7, int passes, const struct r7_options *ro,
    const struct cube_reduce_options *opt, int from, int to, uint16_t *turns, int *len, struct tw_error *err)
{
	int view[MAX_CENTRE_PASSES], p, views = passes > 1 ? 3 : 1;

	if (passes > MAX_CENTRE_PASSES) {
		tw_error_set(err, "internal error: %d centre passes", passes);
		return false;
	}
	for (p = 0; p < 2 * passes; p++) {
		/* Staging a pass is quick, solving it is most of the
		 * passes' time: the stages fill a tenth of from..to, each
		 * solve an equal part of the rest. */
		int solves_from = from + (to - from) / 10, q = p - passes;
		int before = q < 0 ? from + (to - from) / 10 * p / passes :
		    solves_from + (to - solves_from) * q / passes;
		int at = q < 0 ? from + (to - from) / 10 * (p + 1) / passes :
		    solves_from + (to - solves_from) * (q + 1) / passes;
		bool done = p < passes ? centre_pass_stage(cur, &g7[p], ro, turns, len, &view[p], err) :
		    centre_pass_solve(cur, &g7[q], ro, view[q], views, opt, before, at,
		    turns, len, err);

		if (!done || cube_reduce_cancelled(opt, err))
			return false;
		cube_reduce_report(opt, "centres", at);
	}
	return true;
}

/* Whether the n-cube c's centres are home and its wings k to n-1-k
 * (0-based places along every edge) one colour with the midge. */
static bool
orbit_reduced(const struct cube *c, int k)
{
	int n = c->n, f, i;

	if (!all_centres_home(c))
		return false;
	for (f = 0; f < 6; f++) {
		const char *face = c->f + f * n * n;

		for (i = k; i <= n - 1 - k; i++)
			if (face[i] != face[n / 2] || face[(n - 1) * n + i] != face[(n - 1) * n + n / 2] ||
			    face[i * n] != face[n / 2 * n] || face[i * n + n - 1] != face[n / 2 * n + n - 1])
				return false;
	}
	return true;
}

bool
edge_orbit(struct cube *cur, int k, bool whole, const struct cube_reduce_options *opt, uint16_t *turns,
    int *len, int *len_edges, struct cube_reduce_stats *s5, struct tw_error *err)
{
	int n = cur->n;
	struct cube_grouping g = {n, 5, {0, 1, (uint8_t)(k + 1), (uint8_t)(n - 1 - k), (uint8_t)(n - 1)},
	    {0, (uint8_t)k, (uint8_t)(n - 2 - k), (uint8_t)(n - 2), (uint8_t)(n - 1)},
	    {0, (uint8_t)k, (uint8_t)(n / 2), (uint8_t)(n - 1 - k), (uint8_t)(n - 1)}};
	struct movelist l5 = MOVELIST_EMPTY;
	struct cube_reduce_options o = {0};
	struct cube c5;
	size_t reduced;
	bool ok = false, inner4 = n % 2 == 0 && k == n / 2 - 1;

	if (opt != NULL)
		o = *opt;
	/* An orbit not solved whole needs its 5x5x5 (4x4x4) reduced, not
	 * its 3x3x3 solved: a later orbit does that. */
	o.reduction_only = !whole;

	if (inner4) {
		/* An even cube's innermost wings have no midge between them:
		 * the 4x4x4 of layers {1} {2..n/2} {n/2+1..n-1} {n} pairs them. */
		g = (struct cube_grouping){n, 4, {0, 1, (uint8_t)(n / 2), (uint8_t)(n - 1)},
		    {0, (uint8_t)(n / 2 - 1), (uint8_t)(n - 2), (uint8_t)(n - 1)},
		    {0, (uint8_t)(n / 2 - 1), (uint8_t)(n / 2), (uint8_t)(n - 1)}};
		cube_grouping_read(cur, &g, &c5);
		if (!cube4_reduce_solve(&c5, &o, &l5, s5, err))
			goto done;
	} else {
		cube_grouping_read(cur, &g, &c5);
		cube5_centres_home(&c5);
		if (!cube5_reduce_solve(&c5, &o, &l5, s5, err))
			goto done;
	}
	if (l5.len > R7_MAX_ORBIT) {
		tw_error_set(err, "internal error: a 5x5x5 answer of %zu turns", l5.len);
		goto done;
	}
	reduced = (size_t)(s5->moves[REDUCE_CENTRES] + s5->moves[REDUCE_EDGES] + s5->moves[REDUCE_PARITY]);
	ok = cube_grouping_play(cur, &g, &l5, reduced, len_edges, turns, len, err);
	if (ok && !whole && !orbit_reduced(cur, k)) {
		tw_error_set(err, "internal error: edge orbit %d not paired", k);
		ok = false;
	}
done:
	movelist_clear(&l5);
	return ok;
}

bool
edge_orbits(struct cube *cur, const struct cube_reduce_options *opt, int from, int to, uint16_t *turns,
    int *len, int *len_edges, double *finish_seconds, struct tw_error *err)
{
	int orbits = (cur->n - 2) / 2, k;

	for (k = orbits; k >= 1; k--) {
		struct cube_reduce_options o5 = {0};
		struct cube_reduce_stats s5;
		int at = from + (to - from) * (orbits - k) / orbits;

		cube_reduce_report(opt, "edges", at);
		if (opt != NULL) {
			o5 = *opt;
			/* The orbits' 5x5x5s (and an even cube's 4x4x4) fill the
			 * figure but name no phase of their own: their centres are
			 * home already, and only the last one's 3x3x3 is kept. */
			o5.phase = NULL;
			o5.progress_from = cube_reduce_figure(opt, opt->progress_from, at);
			o5.progress_to = cube_reduce_figure(opt, opt->progress_from,
			    from + (to - from) * (orbits - k + 1) / orbits);
		}
		if (!edge_orbit(cur, k, k == 1, opt != NULL ? &o5 : NULL, turns, len, len_edges, &s5, err))
			return false;
		if (k == 1)
			*finish_seconds += s5.seconds[REDUCE_FINISH];
		else if (cube_reduce_cancelled(opt, err))
			return false;
	}
	return true;
}

bool
centre_passes_load(const struct cube_reduce_options *opt, int to, struct tw_error *err)
{
	struct table_progress prog = {0}, part;

	if (opt == NULL)
		return r7_centres_load(NULL, err) && r6_centres_load(NULL, err) && r7_stage5_load(NULL, err) &&
		    r7_stage_c_load(NULL, err);
	prog = (struct table_progress){.progress = opt->progress, .cancel = opt->cancel, .phase = opt->phase};
	prog.from = opt->progress_from;
	prog.to = cube_reduce_figure(opt, opt->progress_from, to);
	/* About 8, 7, 1.3 and 5 s to build. */
	part = table_progress_part(&prog, 0, 380);
	if (!r7_centres_load(&part, err))
		return false;
	part = table_progress_part(&prog, 380, 700);
	if (!r6_centres_load(&part, err))
		return false;
	part = table_progress_part(&prog, 700, 760);
	if (!r7_stage5_load(&part, err))
		return false;
	part = table_progress_part(&prog, 760, 1000);
	return r7_stage_c_load(&part, err);
}

bool
odd_cube_solve(const struct odd_cube_plan *plan, const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct r7_options ro = {0};
	struct cube cur = *c;
	uint16_t *turns;
	int n = plan->n, len = 0, len_centres, len_edges = 0;
	size_t first = out->len;
	double t0 = tw_monotonic_seconds(), t_centres, finish = 0;
	bool ok = false;

	if (c->n != n) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the %dx%dx%d staged reduction takes %s %dx%dx%d, not %dx%dx%d", n, n, n,
		    n == 11 ? "an" : "a", n, n, n, c->n, c->n, c->n);
		return false;
	}
	if (!r6_model_check(err))
		return false;
	turns = malloc(sizeof *turns * R7_TURNS(n, plan->passes));
	if (turns == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	if (opt != NULL) {
		ro.cancel = opt->cancel;
		ro.threads = opt->threads;
	}
	cube_reduce_report(opt, "centres", 0);
	if (!centre_passes_load(opt, PROGRESS_TABLE, err))
		goto done;
	cube_reduce_report(opt, "centres", PROGRESS_TABLE);
	if (!centre_passes(&cur, plan->pass, plan->passes, &ro, opt, PROGRESS_TABLE, centres_end(n), turns,
	    &len, err))
		goto done;
	len_centres = len;
	t_centres = tw_monotonic_seconds();
	if (!edge_orbits(&cur, opt, centres_end(n), 1000, turns, &len, &len_edges, &finish, err))
		goto done;
	if (!cube_staged_answer(c, turns, len, len_centres, len_edges, out, stats, err))
		goto done;
	cube_reduce_report(opt, "3x3x3", 1000);
	if (stats != NULL) {
		stats->seconds[REDUCE_CENTRES] = t_centres - t0;
		stats->seconds[REDUCE_FINISH] = finish;
		stats->seconds[REDUCE_EDGES] = tw_monotonic_seconds() - t_centres - finish;
	}
	ok = true;
done:
	/* A search stopped by the caller says so, whatever it reported. */
	if (!ok) {
		(void)cube_reduce_cancelled(opt, err);
		movelist_truncate(out, first);
	}
	free(turns);
	return ok;
}
