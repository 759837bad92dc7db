/* The 7x7x7 staged reduction's goals, stage S1 (the fake 5x5x5 through
 * the 5x5x5 phase reduction's phases 1 and 2) and stage I (S1,
 * centres7.c's stages 1 to 4, stage5_7.c), see n7.h and docs/cube-solvers.md. */
#include "solvers/cube/big/n7/n7.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "engine/cube/rules.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n6/n6.h"

static inline int
at(int f, int r, int c)
{
	return f * 49 + r * 7 + c;
}

int
r7_path_obtm(const struct r7_path *path, int from)
{
	const struct r7_model *md = r7_model();
	int i, sum = 0;

	for (i = from; i < path->len; i++)
		sum += md->obtm[path->m[i]];
	return sum;
}

static bool
push(struct r7_path *path, int m, struct tw_error *err)
{
	if (path->len >= R7_MAX_PATH) {
		tw_error_set(err, "the stages' path is full");
		return false;
	}
	path->m[path->len++] = (uint16_t)m;
	return true;
}

/* Whether the facelets (r, c) listed, on every face and in its four
 * rotations, are one colour on each face (per group of k). */
static bool
groups_one_colour(const uint8_t *col, const int (*rc)[2], int k)
{
	int f, q, i;

	for (f = 0; f < 6; f++)
		for (q = 0; q < 4; q++) {
			int first = -1;

			for (i = 0; i < k; i++) {
				int r = rc[i][0], c = rc[i][1], j, d;

				for (j = 0; j < q; j++) {   /* rotate (r, c) a quarter */
					int t = r;

					r = c;
					c = 6 - t;
				}
				d = col[at(f, r, c)];
				if (first < 0)
					first = d;
				else if (d != first)
					return false;
			}
		}
	return true;
}

bool
r7_stage_done(const uint8_t *col, int stage)
{
	static const int xblock[4][2] = {{2, 2}, {2, 4}, {4, 4}, {4, 2}};
	static const int pair[2][2] = {{1, 2}, {1, 4}};
	static const int inner9[9][2] = {{2, 2}, {2, 3}, {2, 4}, {3, 2}, {3, 3}, {3, 4}, {4, 2}, {4, 3}, {4, 4}};
	static const int triple[3][2] = {{1, 2}, {1, 3}, {1, 4}};
	uint8_t col6[216];

	switch (stage) {
	case 'A':
		r7_fake6(col, col6);
		return r6_stage_done(col6, 5) && groups_one_colour(col, xblock, 4) &&
		    groups_one_colour(col, pair, 2);
	case 'I':
		return r7_stage_done(col, 'A') && groups_one_colour(col, inner9, 9);
	case '2':
		return groups_one_colour(col, inner9, 9) && groups_one_colour(col, triple, 3);
	default:
		return false;
	}
}


void
r7_centres_home(uint8_t *col)
{
	uint8_t rename[6];
	int f, d;

	for (f = 0; f < 6; f++)
		rename[col[at(f, 3, 3)]] = (uint8_t)f;
	for (d = 0; d < R7_FACELETS; d++)
		col[d] = rename[col[d]];
}

/* Whether every face's inner 3x3 shows colours of its axis only. */
static bool
inner9_staged(const uint8_t *col)
{
	int f, r, c;

	for (f = 0; f < 6; f++)
		for (r = 2; r <= 4; r++)
			for (c = 2; c <= 4; c++)
				if (col[at(f, r, c)] % 3 != f % 3)
					return false;
	return true;
}

int
r7_phases12(const struct cube *c5, const struct r7_options *opt, uint8_t *moves, const char *stage,
    struct tw_error *err)
{
	struct r5_options o5 = {0};
	struct r5_result res = {0};
	int n;

	if (opt != NULL) {
		o5.cancel = opt->cancel;
		o5.max_nodes = opt->max_nodes;
	}
	if (!r5_phases12(c5, &o5, &res, err)) {
		tw_error_prefix(err, "%s", stage);
		return -1;
	}
	n = r5_end_moves(&res.ends[0], moves);
	r5_result_free(&res);
	return n;
}

bool
r7_stage_s1(uint8_t *col, const struct r7_options *opt, struct r7_path *path, struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	static const int keep[5] = {0, 2, 3, 4, 6};
	struct cube c5;
	uint8_t moves[R5_MAX_PHASE1 + R5_MAX_PHASE2];
	int f, r, c, n, i;

	c5.n = 5;
	for (f = 0; f < 6; f++)
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++)
				c5.f[f * 25 + r * 5 + c] = letter[col[at(f, keep[r], keep[c])]];
	c5.f[150] = '\0';
	n = r7_phases12(&c5, opt, moves, "stage S1 (the fake 5x5x5's phases 1 and 2)", err);
	if (n < 0)
		return false;
	for (i = 0; i < n; i++) {
		int m = moves[i], face = m / 6, wide = m % 6 / 3, turns = m % 3 + 1;
		int m7 = r7_move(face, 1, wide ? 3 : 2, turns);

		r7_apply(col, m7);
		if (!push(path, m7, err))
			return false;
	}
	if (!inner9_staged(col)) {
		tw_error_set(err, "internal error: stage S1's end does not stage the inner 3x3");
		return false;
	}
	return true;
}

/* Appends p6's moves (the 6x6x6's numbers in view `view`) to path as the
 * 7x7x7's, playing them on col. */
static bool
push_view_moves(uint8_t *col, const struct staged_path *p6, int view, struct r7_path *path, struct tw_error *err)
{
	const struct r6_model *m6 = r6_model();
	int i;

	for (i = 0; i < p6->len; i++) {
		int m = m6->view_move[view][p6->m[i]];
		int m7 = r7_move(m6->face[m], m6->first[m], m6->last[m], m6->turns[m]);

		r7_apply(col, m7);
		if (!push(path, m7, err))
			return false;
	}
	return true;
}

bool
r7_stage_staging(uint8_t *col, const struct r7_options *opt, struct r7_path *path, int *stage_moves, int *view,
    struct tw_error *err)
{
	struct staged_options o6 = {0};
	struct staged_path p6;
	uint8_t vcol[R7_FACELETS];
	int i, moves[4] = {0}, s1;

	if (opt != NULL) {
		o6.cancel = opt->cancel;
		o6.max_nodes = opt->max_nodes;
	}
	for (i = 0; i < 6; i++)
		if (col[at(i, 3, 3)] != i) {
			tw_error_set(err, "stage I: the fixed centres are not home");
			return false;
		}
	s1 = path->len;
	if (!r7_stage_s1(col, opt, path, err))
		return false;
	if (stage_moves != NULL)
		stage_moves[5] = r7_path_obtm(path, s1);
	*view = 0;
	if (!r7_stages_1to4(col, &o6, true, view, vcol, &p6, moves, err))
		return false;
	if (stage_moves != NULL)
		memcpy(stage_moves, moves, sizeof moves);
	return push_view_moves(col, &p6, *view, path, err);
}

bool
r7_stage_5(uint8_t *col, const struct r7_options *opt, int view, int max_turns, struct r7_path *path, int *obtm,
    long *nodes5, int *end_bound, struct tw_error *err)
{
	const struct r6_model *m6 = r6_model();
	struct staged_options o6 = {0};
	struct staged_path p6 = {0};
	uint8_t vcol[R7_FACELETS];
	int found, i;

	if (opt != NULL) {
		o6.cancel = opt->cancel;
		o6.max_nodes = opt->max_nodes;
	}
	*obtm = -1;
	r7_view_colours(col, view, vcol);
	found = max_turns < 0 ? (r7_stage5(vcol, &o6, &p6, nodes5, err) ? 1 : -1) :
	    r7_stage5_within(vcol, &o6, max_turns, &p6, nodes5, end_bound, err);
	if (found != 1)
		return found == 0;
	if (!push_view_moves(col, &p6, view, path, err))
		return false;
	if (!r7_stage_done(col, 'I') || !r7_stage_done(col, '2')) {
		tw_error_set(err, "internal error: stage I's end is not its goal");
		return false;
	}
	*obtm = 0;
	for (i = 0; i < p6.len; i++)
		*obtm += m6->obtm[p6.m[i]];
	return true;
}

bool
r7_stage_i(uint8_t *col, const struct r7_options *opt, struct r7_path *path,
    int *stage_moves, long *nodes5, struct tw_error *err)
{
	int view, obtm;

	if (!r7_stage_staging(col, opt, path, stage_moves, &view, err) ||
	    !r7_stage_5(col, opt, view, -1, path, &obtm, nodes5, NULL, err))
		return false;
	if (stage_moves != NULL)
		stage_moves[4] = obtm;
	return true;
}
