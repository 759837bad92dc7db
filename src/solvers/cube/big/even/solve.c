/* The even cubes' staged reductions (even.h), 8x8x8 and 10x10x10:
 * the centre passes by the 6x6x6's and the 7x7x7's stages on 6x6x6s of
 * grouped layers, then the odd cube one smaller's centre passes on the
 * 7x7x7s it groups as, then every edge orbit (n7.h), every turn
 * written on the cube and the answer replayed. */
#include "solvers/cube/big/even/even.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cube/rules.h"
#include "solvers/cube/big/n4/n4.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/n6/model.h"
#include "solvers/cube/big/n7/n7.h"
#include "solvers/cube/big/odd/odd.h"
#include "solvers/clock.h"

/* Room for the layer turns of a solve of an n-cube: the passes' paths
 * (each turn at most n layers), the odd cube's passes (a stage path
 * and stage C each) and the orbits' answers (at most 600 tokens each). */
#define EVEN_TURNS(n) ((size_t)(n) * (4 * (size_t)STAGED_MAX_PATH + MAX_CENTRE_PASSES * ((size_t)R7_MAX_PATH + 64) + \
	(size_t)(n) / 2 * 600))

/* The most variants a plan tries. */
#define MAX_VARIANTS 2

/* An even cube's plan: its centre passes in order (the first by
 * the 6x6x6's stages 1 to 5, the others by the 7x7x7's stages 1 to 4 on a
 * 7x7x7 made of the 6x6x6 and a home middle, then the 6x6x6's stage 5;
 * home: the pass's oblique pairs brought
 * home after, so that the next pass keeps them), the odd cube one
 * smaller that the cube then groups as (its centres whole) and that
 * cube's plan of centre passes, and the variants (whole-cube turns)
 * tried. */
struct even_plan {
	int n, passes, variants;   /* variants: at most MAX_VARIANTS */
	struct cube_grouping pass[3];
	bool home[3];
	struct cube_grouping odd;
	const struct odd_cube_plan *odd_plan;
};

static const struct even_plan plan8 = {
	8, 2, 2,
	{{8, 6, {0, 1, 3, 4, 5, 7}, {0, 2, 3, 4, 6, 7}, {0, 2, 3, 4, 5, 7}},
	    {8, 6, {0, 1, 2, 4, 6, 7}, {0, 1, 3, 5, 6, 7}, {0, 1, 3, 4, 6, 7}}},
	{true, false},
	{8, 7, {0, 1, 2, 3, 5, 6, 7}, {0, 1, 2, 4, 5, 6, 7}, {0, 1, 2, 3, 5, 6, 7}},
	&odd_plan7,
};

/* The 10x10x10: rings of layers {2,3,4}, {2,3} and {2}; one variant. */
static const struct even_plan plan10 = {
	10, 3, 1,
	{{10, 6, {0, 1, 4, 5, 6, 9}, {0, 3, 4, 5, 8, 9}, {0, 3, 4, 5, 6, 9}},
	    {10, 6, {0, 1, 3, 5, 7, 9}, {0, 2, 4, 6, 8, 9}, {0, 2, 4, 5, 7, 9}},
	    {10, 6, {0, 1, 2, 5, 8, 9}, {0, 1, 4, 7, 8, 9}, {0, 1, 4, 5, 8, 9}}},
	{true, true, false},
	{10, 9, {0, 1, 2, 3, 4, 6, 7, 8, 9}, {0, 1, 2, 3, 5, 6, 7, 8, 9}, {0, 1, 2, 3, 4, 6, 7, 8, 9}},
	&odd_plan9,
};

/* The progress figure (thousandths of the solve after the caller's
 * share): the tables (a first build) fill up to PROGRESS_TABLE, and
 * each variant an equal share of the rest; of a variant's share, the
 * passes fill up to PROGRESS_PASSES (an equal part each), the odd
 * cube's centre passes up to PROGRESS_CENTRES, the edge orbits the
 * rest: the parts' shares of the time, measured on one 8x8x8 and one
 * 10x10x10 (the 6x6x6 passes about a fifth and a tenth, the odd cube's
 * centres about half and three quarters). */
enum { PROGRESS_TABLE = 60, PROGRESS_PASSES = 200, PROGRESS_CENTRES = 750 };

/* A 6x6x6 model path in view view of pass g's 6x6x6, played on c. */
static void
push_path(struct cube *c, const struct cube_grouping *g, int view, const struct staged_path *path,
    uint16_t *turns, int *len)
{
	const struct r6_model *md = r6_model();
	int i;

	for (i = 0; i < path->len; i++) {
		int m = md->view_move[view][path->m[i]];

		cube_grouping_turn(c, g, md->face[m], md->first[m], md->last[m], md->turns[m], turns, len);
	}
}

/* A first centre pass: the 6x6x6's stages 1 to 5 on the 6x6x6 g reads,
 * then (home) its oblique pairs home; played on c. */
static bool
centre_pass_r6(struct cube *c, const struct cube_grouping *g, bool home, const struct staged_options *ro,
    uint16_t *turns, int *len, struct tw_error *err)
{
	struct cube c6;
	struct staged_path path;
	uint8_t col[R6_FACELETS], vcol[R6_FACELETS];
	int view = 0;

	cube_grouping_read(c, g, &c6);
	r6_colours(&c6, col);
	if (!r6_stages_1to4(col, ro, &view, vcol, &path, NULL, err) || !r6_stage5(vcol, ro, &path, err) ||
	    (home && !even_pairs_home(vcol, &path, err)))
		return false;
	push_path(c, g, view, &path, turns, len);
	return true;
}

/* A later centre pass (even.h) by the 7x7x7's stages 1 to 4
 * (n7.h) without stages 1b and 3b, then the 6x6x6's stage 5: the
 * passes before left every inner X block of this pass's 6x6x6 solid,
 * so that 6x6x6 is a 7x7x7 without its middle layer whose inner 3x3
 * (its inner X block, and a middle row and column the cube does not
 * have, put in home) is staged, the 7x7x7's stage S1 done. Its stage 1
 * is bounded by the mixed oblique pair table, the 6x6x6's is not: with
 * the inner X already solid the 6x6x6's stage 1 takes up to 2.3e8 nodes
 * (6 s). The outer T of that 7x7x7 are the made-up middle, so they
 * need not ride with their pairs (stages 1b and 3b), and the pass's
 * goal is the 6x6x6's stage 5 on the 6x6x6 (every pair one colour), not
 * the 7x7x7's (every T triple one colour: the pairs home, as the
 * made-up middle is): a pass takes 43-50 OBTM so, where the 7x7x7's
 * stages 1 to 5 whole take 65-80 (docs/cube-solvers.md). The colours are renamed first after
 * the inner X blocks (a rotation of the solved scheme), so that the
 * fixed centres the 7x7x7 is given are home. Then (home) the 6x6x6's
 * oblique pairs home; played on c. */
static bool
centre_pass_r7(struct cube *c, const struct cube_grouping *g, bool home, const struct staged_options *ro,
    uint16_t *turns, int *len, struct tw_error *err)
{
	struct cube c6;
	struct staged_path path;
	uint8_t col6[R6_FACELETS], col7[7 * 7 * 6], vcol7[7 * 7 * 6];
	int name[6] = {-1, -1, -1, -1, -1, -1}, f, r, k, d, view = 0;

	cube_grouping_read(c, g, &c6);
	r6_colours(&c6, col6);
	for (f = 0; f < 6; f++) {
		int b = col6[f * 36 + 2 * 6 + 2];

		if (name[b] >= 0) {
			tw_error_set(err, "internal error: the inner X blocks are not six colours");
			return false;
		}
		name[b] = f;
	}
	for (d = 0; d < R6_FACELETS; d++)
		col6[d] = (uint8_t)name[col6[d]];
	for (f = 0; f < 6; f++)
		for (r = 0; r < 7; r++)
			for (k = 0; k < 7; k++)
				col7[(f * 7 + r) * 7 + k] = r == 3 || k == 3 ? (uint8_t)f :
				    col6[(f * 6 + r - (r > 3)) * 6 + k - (k > 3)];
	if (!r7_stages_1to4(col7, ro, false, &view, vcol7, &path, NULL, err))
		return false;
	r7_fake6(vcol7, col6);
	if (!r6_stage5(col6, ro, &path, err) || (home && !even_pairs_home(col6, &path, err)))
		return false;
	push_path(c, g, view, &path, turns, len);
	return true;
}

bool
cube8_reduce_prepare(struct tw_error *err)
{
	/* the 6x6x6's centre stages (its stage-2 endgame is loaded by the
	 * 7x7x7's) and stage 5 for the first pass; not its stage 6. */
	if (!cube7_reduce_prepare(err) || !cube4_reduce_prepare(err))
		return false;
	if (r6_centres_tables() == 0 || r6_stage5_tables() == 0 || even_pairs_tables() == 0) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	return true;
}

size_t
cube8_reduce_table_bytes(void)
{
	if (!cube8_reduce_prepare(NULL))
		return 0;
	/* The 5x5x5's are counted in the 7x7x7's. */
	return r6_centres_tables() + r6_stage5_tables() + cube7_reduce_table_bytes() + cube4_reduce_table_bytes() +
	    even_pairs_tables();
}

bool
cube10_reduce_prepare(struct tw_error *err)
{
	return cube8_reduce_prepare(err) && cube9_reduce_prepare(err);
}

size_t
cube10_reduce_table_bytes(void)
{
	/* The 9x9x9's are the 7x7x7's, counted in the 8x8x8's. */
	return cube8_reduce_table_bytes();
}

/* Whole-cube turns (face, quarter turns) the variants look at the cube
 * after: none, and y' x' (a third of a turn about the URF-DLB diagonal),
 * so that the stages meet another axis's centres first. The shorter
 * answer is kept. Measured on 20 random cubes (docs/cube-solvers.md): one
 * variant 349.1 OBTM, these two 340.3, all three turns about the
 * diagonal 338.7 for half as much time again. */
static const int variant_turn[2][2][2] = {
	{{FACE_U, 0}, {FACE_U, 0}}, {{FACE_U, 3}, {FACE_R, 3}},
};

/* c turned whole as variant v says, its colours renamed after the faces
 * they now show on (the solved cube stays solved); face_of[f] is the
 * face of c that a turn of face f of the result turns. */
static void
variant_cube(const struct cube *c, int v, struct cube *out, int *face_of)
{
	int n = c->n;
	static const char letter[] = "URFDLB";
	struct cube solved;
	char rename[256] = {0};
	int k, f, i;

	*out = *c;
	cube_solved(&solved, n);
	for (k = 0; k < 2; k++) {
		struct cube_move mv = {.face = (enum cube_face)variant_turn[v][k][0], .first = 1, .last = n,
		    .turns = variant_turn[v][k][1]};

		if (mv.turns == 0)
			continue;
		cube_move_do(out, &mv);
		cube_move_do(&solved, &mv);
	}
	for (f = 0; f < 6; f++) {
		char g = solved.f[f * n * n];

		rename[(unsigned char)g] = letter[f];
		face_of[f] = (int)(strchr(letter, g) - letter);
	}
	for (i = 0; i < 6 * n * n; i++)
		out->f[i] = rename[(unsigned char)out->f[i]];
}

/* One solve of c's variant v by plan pl: its layer turns on c to turns
 * (*len), the ends of its centres and edges at *len_centres and
 * *len_edges; the seconds of its centres, edges and finish (as the
 * solve's stats count them) added to seconds[REDUCE_...]. */
static bool
solve_variant(const struct even_plan *pl, const struct cube *c, int v, const struct cube_reduce_options *opt,
    uint16_t *turns, int *len, int *len_centres, int *len_edges, double *seconds, struct tw_error *err)
{
	double t0 = tw_monotonic_seconds(), t1 = 0, finish = 0;
	struct staged_options ro = {0};
	struct r7_options r7o = {0};
	struct cube cur, c6;
	struct cube_grouping odd[MAX_CENTRE_PASSES];
	uint8_t col[R6_FACELETS];
	uint16_t *vturns;
	int face_of[6], vlen = 0, i, p, n = pl->n;
	int progress_pass = PROGRESS_PASSES / pl->passes;
	bool ok = false;

	if (opt != NULL) {
		ro.cancel = opt->cancel;
		r7o.cancel = opt->cancel;
		r7o.threads = opt->threads;
	}
	vturns = malloc(sizeof *vturns * EVEN_TURNS(n));
	if (vturns == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	variant_cube(c, v, &cur, face_of);
	*len_edges = 0;
	for (p = 0; p < pl->passes; p++) {
		bool done_pass = p == 0 ? centre_pass_r6(&cur, &pl->pass[p], pl->home[p], &ro, vturns, &vlen, err) :
		    centre_pass_r7(&cur, &pl->pass[p], pl->home[p], &ro, vturns, &vlen, err);

		if (!done_pass) {
			tw_error_prefix(err, "centre pass %d", p + 1);
			goto done;
		}
		cube_reduce_report(opt, "centres", progress_pass * (p + 1));
	}
	/* The later passes moved the first one's T pairs only whole. */
	cube_grouping_read(&cur, &pl->pass[0], &c6);
	r6_colours(&c6, col);
	if (!even_pairs_are_home(col)) {
		tw_error_set(err, "internal error: the later passes moved the first one's T pairs");
		goto done;
	}
	/* The odd cube one smaller's centre passes, each on the cube's
	 * 7x7x7 that the pass's grouping of the odd cube reads. */
	for (p = 0; p < pl->odd_plan->passes; p++) {
		const struct cube_grouping *g = &pl->odd_plan->pass[p];
		int j;

		odd[p] = (struct cube_grouping){.n = n, .k = g->k};
		for (j = 0; j < g->k; j++) {
			odd[p].lo[j] = pl->odd.lo[g->lo[j]];
			odd[p].hi[j] = pl->odd.hi[g->hi[j]];
			odd[p].rep[j] = pl->odd.rep[g->rep[j]];
		}
	}
	if (!centre_passes(&cur, odd, pl->odd_plan->passes, &r7o, opt, PROGRESS_PASSES, PROGRESS_CENTRES, vturns,
	    &vlen, err))
		goto done;
	if (!all_centres_home(&cur)) {
		tw_error_set(err, "internal error: after the passes, centres off");
		goto done;
	}
	*len_centres = vlen;
	t1 = tw_monotonic_seconds();
	seconds[REDUCE_CENTRES] += t1 - t0;
	if (!edge_orbits(&cur, opt, PROGRESS_CENTRES, 1000, vturns, &vlen, len_edges, &finish, err))
		goto done;
	seconds[REDUCE_FINISH] += finish;
	seconds[REDUCE_EDGES] += tw_monotonic_seconds() - t1 - finish;
	/* The variant's turns as turns of c: a layer of face f is the same
	 * layer of face face_of[f]. */
	for (i = 0; i < vlen; i++) {
		int m = vturns[i], axis = m / 3 / n, layer = m / 3 % n, t = m % 3 + 1, k = 0;
		uint16_t one[1];

		cube_push_block_turns(n, face_of[axis], layer + 1, layer + 1, t, one, &k);
		turns[i] = one[0];
	}
	*len = vlen;
	ok = true;
done:
	free(vturns);
	return ok;
}

/* One variant's solve (solve_variant's arguments and results), on a
 * thread of its own or the caller's. */
struct variant_run {
	const struct even_plan *pl;
	const struct cube *c;
	int v;
	struct cube_reduce_options opt;
	bool has_opt;
	bool ok;
	struct tw_error err;
	uint16_t *turns;
	int len, len_centres, len_edges;
	double seconds[REDUCE_PHASES];
};

static void *
variant_run(void *arg)
{
	struct variant_run *r = arg;

	r->ok = solve_variant(r->pl, r->c, r->v, r->has_opt ? &r->opt : NULL, r->turns, &r->len, &r->len_centres,
	    &r->len_edges, r->seconds, &r->err);
	return NULL;
}

/* The threads that opt asks the plan's variants to run on. */
static int
variant_threads(const struct cube_reduce_options *opt, int variants)
{
	int n = opt != NULL && opt->threads > 1 ? opt->threads : 1;

	return n > variants ? variants : n;
}

/* The solve by plan pl (even.h's cube8_reduce_solve): every variant
 * solved, on as many threads as opt allows (one a variant; a variant's
 * own stage-5 views then run on its thread alone), and the shortest
 * answer in OBTM kept, the first of equals: the same answer on any
 * number of threads. */
static bool
even_solve(const struct even_plan *pl, const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct tw_error failed = {0};
	struct variant_run run[MAX_VARIANTS];
	pthread_t thread[MAX_VARIANTS];
	bool started[MAX_VARIANTS] = {false};
	double seconds[REDUCE_PHASES] = {0}, t0 = tw_monotonic_seconds();
	int n = pl->n, best = -1, v, p, threads;
	long best_obtm = -1;
	size_t first = out->len;
	bool ok = false;

	if (c->n != n) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the %dx%dx%d staged reduction takes %s %dx%dx%d, not %dx%dx%d", n, n, n,
		    n == 8 || n == 11 ? "an" : "a", n, n, n, c->n, c->n, c->n);
		return false;
	}
	if (!r6_model_check(err))
		return false;
	threads = variant_threads(opt, pl->variants);
	for (v = 0; v < pl->variants; v++) {
		run[v] = (struct variant_run){.pl = pl, .c = c, .v = v, .has_opt = opt != NULL};
		run[v].turns = malloc(sizeof *run[v].turns * EVEN_TURNS(n));
	}
	for (v = 0; v < pl->variants; v++)
		if (run[v].turns == NULL) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			goto done;
		}
	cube_reduce_report(opt, "centres", 0);
	/* The centre stages' tables (the 6x6x6's stage-2 endgame among them):
	 * a first build names itself on the hint line; the orbits' 4x4x4
	 * and 5x5x5 build theirs in their shares. */
	if (!centre_passes_load(opt, PROGRESS_TABLE, err))
		goto done;
	if (even_pairs_tables() == 0) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	cube_reduce_report(opt, "centres", PROGRESS_TABLE);
	seconds[REDUCE_CENTRES] = tw_monotonic_seconds() - t0;
	for (v = 0; v < pl->variants; v++) {
		struct cube_reduce_options *ov = &run[v].opt;
		int from;

		if (opt == NULL)
			continue;
		*ov = *opt;
		from = cube_reduce_figure(opt, opt->progress_from, PROGRESS_TABLE);
		if (threads > 1) {
			/* Side by side, the first variant fills the rest of the
			 * figure and the others only heed the cancel. */
			ov->progress_from = from;
			if (v > 0) {
				ov->progress = NULL;
				ov->phase = NULL;
			}
			ov->threads = 1;
		} else {
			/* One after the other, each fills its share. */
			ov->progress_from = cube_reduce_figure(opt, from, 1000 * v / pl->variants);
			ov->progress_to = cube_reduce_figure(opt, from, 1000 * (v + 1) / pl->variants);
		}
	}
	if (threads > 1)
		for (v = 1; v < pl->variants; v++)
			started[v] = pthread_create(&thread[v], NULL, variant_run, &run[v]) == 0;
	for (v = 0; v < pl->variants; v++)
		if (v == 0 || !started[v])
			variant_run(&run[v]);
	for (v = 1; v < pl->variants; v++)
		if (started[v])
			pthread_join(thread[v], NULL);
	for (v = 0; v < pl->variants; v++) {
		struct movelist w = MOVELIST_EMPTY;
		long obtm;

		for (p = 0; p < REDUCE_PHASES; p++)
			seconds[p] += run[v].seconds[p];
		if (!run[v].ok) {
			/* A variant out of its work leaves the others; any other
			 * failure ends the solve. */
			if (run[v].err.kind != TW_ERROR_OUT_OF_WORK) {
				if (err != NULL)
					*err = run[v].err;
				goto done;
			}
			failed = run[v].err;
			continue;
		}
		if (cube_write_layer_turns(n, run[v].turns, run[v].len, &w, err) < 0)
			goto done;
		obtm = cube_list_obtm(n, &w, 0);
		movelist_clear(&w);
		if (best_obtm < 0 || obtm < best_obtm) {
			best_obtm = obtm;
			best = v;
		}
	}
	if (best < 0) {
		if (err != NULL)
			*err = failed;
		goto done;
	}
	if (!cube_staged_answer(c, run[best].turns, run[best].len, run[best].len_centres, run[best].len_edges, out,
	    stats, err))
		goto done;
	if (stats != NULL)
		/* Seconds of every variant's phases, added; the tables'
		 * loading with the centres. */
		memcpy(stats->seconds, seconds, sizeof seconds);
	cube_reduce_report(opt, "3x3x3", 1000);
	ok = true;
done:
	if (!ok) {
		(void)cube_reduce_cancelled(opt, err);
		movelist_truncate(out, first);
	}
	for (v = 0; v < pl->variants; v++)
		free(run[v].turns);
	return ok;
}

bool
cube8_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return even_solve(&plan8, c, opt, out, stats, err);
}

bool
cube10_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return even_solve(&plan10, c, opt, out, stats, err);
}
