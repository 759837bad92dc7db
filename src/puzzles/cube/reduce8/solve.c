/* The 8x8x8 staged reduction's whole solver (reduce8.h): two centre
 * passes and the innermost wings by reduce6's stages on 6x6x6s of
 * grouped layers, then the 7x7x7 the cube groups as by reduce7, every
 * turn written on the 8x8x8 and the answer replayed. */
#include "puzzles/cube/reduce8/reduce8.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/puzzle.h"
#include "puzzles/cube/reduce/grouped.h"
#include "puzzles/cube/reduce6/model.h"
#include "puzzles/cube/reduce7/reduce7.h"
#include "sys/clock.h"

#define R8_N 8
/* The most tokens the 7x7x7 solver's answer may have here. */
#define R8_MAX_GROUPED 2000

/* A smaller cube of grouped layers: layers lo[j]..hi[j] (0-based, from
 * any face: the groups are mirror images) turn as its layer j, and its
 * facelet row or column j reads the 8x8x8's rep[j], the group's layer
 * nearest the middle. */
struct grouping {
	int k;
	uint8_t lo[7], hi[7], rep[7];
};

static const struct grouping pass1 = {6, {0, 1, 3, 4, 5, 7}, {0, 2, 3, 4, 6, 7}, {0, 2, 3, 4, 5, 7}};
static const struct grouping pass2 = {6, {0, 1, 2, 4, 6, 7}, {0, 1, 3, 5, 6, 7}, {0, 1, 3, 4, 6, 7}};
static const struct grouping odd7 = {7, {0, 1, 2, 3, 5, 6, 7}, {0, 1, 2, 4, 5, 6, 7}, {0, 1, 2, 3, 5, 6, 7}};

/* The progress figure (thousandths of the solve after the caller's
 * share): reduce6's stage-2 endgame (a first build) fills up to
 * PROGRESS_TABLE, and each variant an equal share of the rest; of a
 * variant's share, pass 1 fills up to PROGRESS_PASS1, pass 2 to
 * PROGRESS_PASS2, the wings to PROGRESS_WINGS, the 7x7x7's solve (and
 * a first build of its tables) the rest. */
enum { PROGRESS_TABLE = 60, PROGRESS_PASS1 = 280, PROGRESS_PASS2 = 410, PROGRESS_WINGS = 440 };

/* The cube of grouped layers g that c reads as (facelets as letters). */
static void
grouped_cube(const struct cube *c, const struct grouping *g, struct cube *out)
{
	int f, r, col, k = g->k;

	out->n = k;
	for (f = 0; f < 6; f++)
		for (r = 0; r < k; r++)
			for (col = 0; col < k; col++)
				out->f[(f * k + r) * k + col] = c->f[(f * R8_N + g->rep[r]) * R8_N + g->rep[col]];
	out->f[6 * k * k] = '\0';
}

/* Whether every facelet of c shows its group's colour (c reads as the
 * grouped cube exactly); the first that does not in err. */
static bool
groups_whole(const struct cube *c, const struct grouping *g, struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	int f, r, col, i, j;

	for (f = 0; f < 6; f++)
		for (r = 0; r < g->k; r++)
			for (col = 0; col < g->k; col++)
				for (i = g->lo[r]; i <= g->hi[r]; i++)
					for (j = g->lo[col]; j <= g->hi[col]; j++)
						if (c->f[(f * R8_N + i) * R8_N + j] !=
						    c->f[(f * R8_N + g->rep[r]) * R8_N + g->rep[col]]) {
							tw_error_set(err, "facelet %c%d%d splits from its group", letter[f], i, j);
							return false;
						}
	return true;
}

/* Turns layers first..last (1-based) of the grouped cube g about face
 * by quarter turns on c, appending them to turns as the 8x8x8's layer
 * turns. */
static void
push_grouped(struct cube *c, const struct grouping *g, int face, int first, int last, int quarter,
    uint16_t *turns, int *len)
{
	struct cube_move mv = {.face = (enum cube_face)face, .first = g->lo[first - 1] + 1,
	    .last = g->hi[last - 1] + 1, .turns = quarter};

	cube_move_do(c, &mv);
	cube_push_block_turns(R8_N, face, mv.first, mv.last, quarter, turns, len);
}

/* A reduce6 path in view view of pass g's 6x6x6, played on c. */
static void
push_path(struct cube *c, const struct grouping *g, int view, const struct r6_path *path,
    uint16_t *turns, int *len)
{
	const struct r6_model *md = r6_model();
	int i;

	for (i = 0; i < path->len; i++) {
		int m = md->view_move[view][path->m[i]];

		push_grouped(c, g, md->face[m], md->first[m], md->last[m], md->turns[m], turns, len);
	}
}

/* Centre pass 1 (reduce8.h): reduce6's stages 1 to 5 on the 6x6x6
 * pass1 reads, then its oblique pairs home; played on c. */
static bool
centre_pass1(struct cube *c, const struct r6_options *ro, uint16_t *turns, int *len, struct tw_error *err)
{
	struct cube c6;
	struct r6_path path;
	uint8_t col[R6_FACELETS], vcol[R6_FACELETS];
	int view = 0;

	grouped_cube(c, &pass1, &c6);
	r6_colours(&c6, col);
	if (!r6_stages_1to4(col, ro, &view, vcol, &path, NULL, err) || !r6_stage5(vcol, ro, &path, err) ||
	    !r8_pairs_home(vcol, &path, err))
		return false;
	push_path(c, &pass1, view, &path, turns, len);
	return true;
}

/* Centre pass 2 (reduce8.h) by the 7x7x7's stages 1 to 5 (reduce7.h):
 * pass 1 left every inner X block of pass 2's 6x6x6 solid, so that
 * 6x6x6 is a 7x7x7 without its middle layer whose inner 3x3 (its inner
 * X block, and a middle row and column the 8x8x8 does not have, put in
 * home) is staged, the 7x7x7's stage S1 done. Its stage 1 is bounded by
 * the mixed oblique pair table, reduce6's is not: with the inner X
 * already solid reduce6's stage 1 took up to 2.3e8 nodes (6 s). The
 * colours are renamed first after the inner X blocks (a rotation of
 * the solved scheme after pass 1), so that the fixed centres the 7x7x7
 * is given are home. */
static bool
centre_pass2(struct cube *c, const struct r6_options *ro, uint16_t *turns, int *len, struct tw_error *err)
{
	struct cube c6;
	struct r6_path path;
	uint8_t col6[R6_FACELETS], col7[7 * 7 * 6], vcol7[7 * 7 * 6];
	int name[6] = {-1, -1, -1, -1, -1, -1}, f, r, k, d, view = 0;

	grouped_cube(c, &pass2, &c6);
	r6_colours(&c6, col6);
	for (f = 0; f < 6; f++) {
		int b = col6[f * 36 + 2 * 6 + 2];

		if (name[b] >= 0) {
			tw_error_set(err, "internal error: pass 2: the inner X blocks are not six colours");
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
	if (!r7_stages_1to4(col7, ro, &view, vcol7, &path, NULL, err) || !r7_stage5(vcol7, ro, &path, NULL, err))
		return false;
	push_path(c, &pass2, view, &path, turns, len);
	return true;
}

bool
cube8_reduce_prepare(struct tw_error *err)
{
	if (!cube6_reduce_prepare(err) || !cube7_reduce_prepare(err))
		return false;
	if (r8_pairs_tables() == 0) {
		tw_error_set(err, "out of memory");
		return false;
	}
	return true;
}

size_t
cube8_reduce_table_bytes(void)
{
	if (!cube8_reduce_prepare(NULL))
		return 0;
	/* reduce6's stage 6 and the 5x5x5's are counted in the 7x7x7's. */
	return r6_centres_tables() + r6_stage5_tables() + cube7_reduce_table_bytes() + r8_pairs_tables();
}

/* Whole-cube turns (face, quarter turns) the variants look at the cube
 * after: none, and y' x' (a third of a turn about the URF-DLB diagonal),
 * so that the stages meet another axis's centres first. The shorter
 * answer is kept. Measured on 20 random cubes (BENCHMARKS.md): one
 * variant 349.1 OBTM, these two 340.3, all three turns about the
 * diagonal 338.7 for half as much time again. */
#define R8_VARIANTS 2
static const int variant_turn[R8_VARIANTS][2][2] = {
	{{FACE_U, 0}, {FACE_U, 0}}, {{FACE_U, 3}, {FACE_R, 3}},
};

/* c turned whole as variant v says, its colours renamed after the faces
 * they now show on (the solved cube stays solved); face_of[f] is the
 * face of c that a turn of face f of the result turns. */
static void
variant_cube(const struct cube *c, int v, struct cube *out, int *face_of)
{
	static const char letter[] = "URFDLB";
	struct cube solved;
	char rename[256] = {0};
	int k, f, i;

	*out = *c;
	cube_solved(&solved, R8_N);
	for (k = 0; k < 2; k++) {
		struct cube_move mv = {.face = (enum cube_face)variant_turn[v][k][0], .first = 1, .last = R8_N,
		    .turns = variant_turn[v][k][1]};

		if (mv.turns == 0)
			continue;
		cube_move_do(out, &mv);
		cube_move_do(&solved, &mv);
	}
	for (f = 0; f < 6; f++) {
		char g = solved.f[f * R8_N * R8_N];

		rename[(unsigned char)g] = letter[f];
		face_of[f] = (int)(strchr(letter, g) - letter);
	}
	for (i = 0; i < 6 * R8_N * R8_N; i++)
		out->f[i] = rename[(unsigned char)out->f[i]];
}

/* One solve of c's variant v: its layer turns on c to turns (*len), the
 * ends of its centres and edges at *len_centres and *len_edges; the
 * seconds of its centres, edges and finish (as cube8_reduce_solve's
 * stats count them) added to seconds[REDUCE_...]. */
static bool
solve_variant(const struct cube *c, int v, const struct cube_reduce_options *opt, uint16_t *turns,
    int *len, int *len_centres, int *len_edges, double *seconds, struct tw_error *err)
{
	struct cube_reduce_stats s7;
	double t0 = tw_monotonic_seconds(), t1 = 0;
	struct r6_options ro = {0};
	struct cube_reduce_options o7 = {0};
	struct movelist l7 = MOVELIST_EMPTY;
	struct cube cur, c6, c7;
	struct r6_path path;
	uint8_t col[R6_FACELETS];
	uint16_t *vturns;
	int face_of[6], vlen = 0, i;
	bool ok = false;

	if (opt != NULL) {
		ro.cancel = opt->cancel;
		o7 = *opt;
	}
	vturns = malloc(sizeof *vturns * (4 * 3 * R6_MAX_PATH + 8 * R8_MAX_GROUPED));
	if (vturns == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	variant_cube(c, v, &cur, face_of);
	*len_edges = 0;
	if (!centre_pass1(&cur, &ro, vturns, &vlen, err)) {
		tw_error_prefix(err, "pass 1");
		goto done;
	}
	cube_reduce_report(opt, "centres", PROGRESS_PASS1);
	if (!centre_pass2(&cur, &ro, vturns, &vlen, err)) {
		tw_error_prefix(err, "pass 2");
		goto done;
	}
	*len_centres = vlen;
	t1 = tw_monotonic_seconds();
	seconds[REDUCE_CENTRES] += t1 - t0;
	cube_reduce_report(opt, "edges", PROGRESS_PASS2);
	/* The innermost wings on pass 1's 6x6x6, as given (view 0). */
	grouped_cube(&cur, &pass1, &c6);
	r6_colours(&c6, col);
	if (!r8_pairs_are_home(col)) {
		tw_error_set(err, "internal error: pass 2 moved pass 1's inner T pairs");
		goto done;
	}
	path.len = 0;
	if (!r6_stage6(col, &ro, &path, err))
		goto done;
	push_path(&cur, &pass1, 0, &path, vturns, &vlen);
	if (cube_reduce_cancelled(opt, err))
		goto done;
	cube_reduce_report(opt, "edges", PROGRESS_WINGS);
	/* The 7x7x7 the cube now groups as. */
	if (!groups_whole(&cur, &odd7, err)) {
		tw_error_prefix(err, "internal error: after the passes, not grouped as a 7x7x7:");
		goto done;
	}
	grouped_cube(&cur, &odd7, &c7);
	if (!cube_state_solvable(NULL, &c7, err)) {
		tw_error_prefix(err, "internal error: the grouped 7x7x7");
		goto done;
	}
	o7.progress_from = opt != NULL ? cube_reduce_figure(opt, opt->progress_from, PROGRESS_WINGS) : 0;
	if (!cube7_reduce_solve(&c7, &o7, &l7, &s7, err))
		goto done;
	seconds[REDUCE_FINISH] += s7.seconds[REDUCE_FINISH];
	seconds[REDUCE_EDGES] += tw_monotonic_seconds() - t1 - s7.seconds[REDUCE_FINISH];
	if (l7.len > R8_MAX_GROUPED) {
		tw_error_set(err, "internal error: a 7x7x7 answer of %zu turns", l7.len);
		goto done;
	}
	for (i = 0; i < (int)l7.len; i++) {
		struct cube_move mv;

		if (!cube_move_parse(7, l7.moves[i], &mv, err)) {
			tw_error_prefix(err, "internal error: the 7x7x7 solver's turn %s", l7.moves[i]);
			goto done;
		}
		push_grouped(&cur, &odd7, mv.face, mv.first, mv.last, mv.turns, vturns, &vlen);
		if (i + 1 == (int)(s7.moves[REDUCE_CENTRES] + s7.moves[REDUCE_EDGES]))
			*len_edges = vlen;
	}
	if (*len_edges == 0)
		*len_edges = vlen;
	/* The variant's turns as turns of c: a layer of face f is the same
	 * layer of face face_of[f]. */
	for (i = 0; i < vlen; i++) {
		int m = vturns[i], axis = m / 3 / R8_N, layer = m / 3 % R8_N, t = m % 3 + 1;
		int face = face_of[axis], k = 0;
		uint16_t one[1];

		/* Layer layer + 1 from face axis, i.e. from face_of[axis]. */
		cube_push_block_turns(R8_N, face, layer + 1, layer + 1, t, one, &k);
		turns[i] = one[0];
	}
	*len = vlen;
	ok = true;
done:
	movelist_clear(&l7);
	free(vturns);
	return ok;
}

bool
cube8_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct tw_error failed = {{0}};
	double seconds[REDUCE_PHASES] = {0};
	uint16_t *turns = NULL, *best = NULL;
	int len = 0, len_centres = 0, len_edges = 0, best_len = 0, best_centres = 0, best_edges = 0, v;
	long best_obtm = -1;
	size_t first = out->len;
	double t0 = tw_monotonic_seconds();
	bool ok = false;

	if (c->n != R8_N) {
		tw_error_set(err, "the 8x8x8 staged reduction takes an 8x8x8, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	turns = malloc(sizeof *turns * (4 * 3 * R6_MAX_PATH + 8 * R8_MAX_GROUPED));
	best = malloc(sizeof *best * (4 * 3 * R6_MAX_PATH + 8 * R8_MAX_GROUPED));
	if (turns == NULL || best == NULL) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	cube_reduce_report(opt, "centres", 0);
	/* reduce6's stage-2 endgame: a first build names itself on the hint
	 * line; the 7x7x7's and 5x5x5's own first builds come in their share. */
	if (opt != NULL) {
		struct table_progress prog = {opt->progress, opt->cancel, opt->phase, 0, 0};

		prog.from = opt->progress_from;
		prog.to = cube_reduce_figure(opt, opt->progress_from, PROGRESS_TABLE);
		if (!r6_centres_load(&prog, err))
			goto done;
	}
	if (r8_pairs_tables() == 0) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	cube_reduce_report(opt, "centres", PROGRESS_TABLE);
	for (v = 0; v < R8_VARIANTS; v++) {
		struct movelist w = MOVELIST_EMPTY;
		struct tw_error e = {{0}};
		long obtm;

		struct cube_reduce_options ov = {0}, *pv = NULL;

		/* Each variant fills its share of the figure after the tables. */
		if (opt != NULL) {
			int from = cube_reduce_figure(opt, opt->progress_from, PROGRESS_TABLE);

			ov = *opt;
			ov.progress_from = cube_reduce_figure(opt, from, 1000 * v / R8_VARIANTS);
			ov.progress_to = cube_reduce_figure(opt, from, 1000 * (v + 1) / R8_VARIANTS);
			pv = &ov;
		}
		if (!solve_variant(c, v, pv, turns, &len, &len_centres, &len_edges, seconds, &e)) {
			/* A variant out of its work leaves the others; any other
			 * failure ends the solve. */
			if (strstr(e.msg, "within the search's work") == NULL) {
				if (err != NULL)
					*err = e;
				goto done;
			}
			failed = e;
			continue;
		}
		if (cube_write_layer_turns(R8_N, turns, len, &w, err) < 0)
			goto done;
		obtm = cube_list_obtm(R8_N, &w, 0);
		movelist_clear(&w);
		if (best_obtm < 0 || obtm < best_obtm) {
			best_obtm = obtm;
			memcpy(best, turns, sizeof *turns * (size_t)len);
			best_len = len;
			best_centres = len_centres;
			best_edges = len_edges;
		}
	}
	if (best_obtm < 0) {
		if (err != NULL)
			*err = failed;
		goto done;
	}
	if (cube_write_layer_turns(R8_N, best, best_len, out, err) < 0)
		goto done;
	if (!cube_answer_solves(c, out, first, err))
		goto done;
	if (stats != NULL) {
		cube_stats_from_turns(R8_N, best, best_centres, best_edges, (long)(out->len - first), stats);
		/* Seconds of every variant, the tables' loading with the centres. */
		memcpy(stats->seconds, seconds, sizeof seconds);
		stats->seconds[REDUCE_CENTRES] += tw_monotonic_seconds() - t0 - seconds[REDUCE_CENTRES] -
		    seconds[REDUCE_EDGES] - seconds[REDUCE_FINISH];
	}
	cube_reduce_report(opt, "3x3x3", 1000);
	ok = true;
done:
	if (!ok) {
		(void)cube_reduce_cancelled(opt, err);
		while (out->len > first) {
			out->len--;
			free(out->moves[out->len]);
		}
	}
	free(turns);
	free(best);
	return ok;
}
