/* The 7x7x7 staged reduction prototype's stage M (a measurement, see
 * README.md): after stages I and W, every outer T onto its oblique pair
 * (each T triple (1,2) (1,3) (1,4) one colour) and every midge between
 * its inner wing pair (positions 2, 3, 4 of each edge one dedge), by a
 * greedy over macros Y X Y' (Y a middle slice turn; X one or two turns
 * that put back what Y moved of the inner 3x3: half turns of the four
 * faces around Y's axis, any turn of its two faces, of its 1-2 layer
 * blocks and of any layer-2 slice), each step taking the macro with the
 * most gain per OBTM; a free turn (face, layer 2, 1-2 and 3-5 blocks)
 * first when no macro gains. Not a search: it stalls on parities. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <string.h>

static inline int
at(int f, int r, int c)
{
	return f * 49 + r * 7 + c;
}

/* Matched outer T (of 24) + 2 x matched midges (of 12). */
static int
score(const uint8_t *col)
{
	int f, q, s = 0;

	for (f = 0; f < 6; f++) {
		if (col[at(f, 1, 3)] == col[at(f, 1, 2)] && col[at(f, 1, 3)] == col[at(f, 1, 4)])
			s++;
		if (col[at(f, 5, 3)] == col[at(f, 5, 2)] && col[at(f, 5, 3)] == col[at(f, 5, 4)])
			s++;
		if (col[at(f, 3, 1)] == col[at(f, 2, 1)] && col[at(f, 3, 1)] == col[at(f, 4, 1)])
			s++;
		if (col[at(f, 3, 5)] == col[at(f, 2, 5)] && col[at(f, 3, 5)] == col[at(f, 4, 5)])
			s++;
		/* Each midge seen from both its faces: one point per sticker. */
		for (q = 0; q < 4; q++) {
			int a = q == 0 ? at(f, 0, 2) : q == 1 ? at(f, 6, 2) : q == 2 ? at(f, 2, 0) : at(f, 2, 6);
			int m = q == 0 ? at(f, 0, 3) : q == 1 ? at(f, 6, 3) : q == 2 ? at(f, 3, 0) : at(f, 3, 6);

			if (col[a] == col[m])
				s++;
		}
	}
	return s;
}

#define M_MAX_MACROS 12000

struct macro {
	uint8_t len, cost;
	uint16_t m[6];
};

static int
build_macros(struct macro *mac)
{
	const struct r7_model *md = r7_model();
	int n = 0, ax, yt, i, j;
	int xs[64], nx;

	for (ax = 0; ax < 3; ax++) {
		nx = 0;
		for (i = 0; i < 6; i++) {
			if (i % 3 == ax) {
				int t;

				for (t = 1; t <= 3; t++) {
					xs[nx++] = r7_move(i, 1, 1, t);
					xs[nx++] = r7_move(i, 1, 2, t);
				}
			} else
				xs[nx++] = r7_move(i, 1, 1, 2);
		}
		for (i = 0; i < 6; i++) {
			int t;

			for (t = 1; t <= 3; t++)
				xs[nx++] = r7_move(i, 2, 2, t);
		}
		for (yt = 1; yt <= 3; yt++) {
			int y = r7_move(ax, 4, 4, yt), yi = r7_move(ax, 4, 4, 4 - yt);

			for (i = 0; i < nx; i++)
				for (j = -1; j < nx; j++) {
					struct macro *c;

					if (j >= 0 && md->face[xs[i]] == md->face[xs[j]])
						continue;
					if (n >= M_MAX_MACROS)
						return n;
					c = &mac[n++];
					c->len = 0;
					c->m[c->len++] = (uint16_t)y;
					c->m[c->len++] = (uint16_t)xs[i];
					if (j >= 0)
						c->m[c->len++] = (uint16_t)xs[j];
					c->m[c->len++] = (uint16_t)yi;
					c->cost = 0;
					for (int k = 0; k < c->len; k++)
						c->cost = (uint8_t)(c->cost + md->obtm[c->m[k]]);
				}
		}
	}
	return n;
}

bool
r7_stage_m(uint8_t *col, struct r7_path *path, int *left, struct tw_error *err)
{
	static struct macro mac[M_MAX_MACROS];
	static int n_mac;
	const struct r7_model *md = r7_model();
	int goal = 24 + 24, steps;
	int free_moves[64], n_free = 0, f, t;

	if (n_mac == 0)
		n_mac = build_macros(mac);
	for (f = 0; f < 6; f++)
		for (t = 1; t <= 3; t++) {
			free_moves[n_free++] = r7_move(f, 1, 1, t);
			free_moves[n_free++] = r7_move(f, 2, 2, t);
			if (f < 3)
				free_moves[n_free++] = r7_move(f, 3, 5, t);
		}
	for (steps = 0; steps < 60 && score(col) < goal; steps++) {
		int base = score(col), best = -1, i, k;
		double best_rate = 0;
		uint8_t tmp[R7_FACELETS];

		for (i = 0; i < n_mac; i++) {
			int g;

			memcpy(tmp, col, sizeof tmp);
			for (k = 0; k < mac[i].len; k++)
				r7_apply(tmp, mac[i].m[k]);
			if (!r7_stage_done(tmp, 'I'))
				continue;
			g = score(tmp) - base;
			if (g > 0 && (double)g / mac[i].cost > best_rate) {
				best_rate = (double)g / mac[i].cost;
				best = i;
			}
		}
		if (best >= 0) {
			for (k = 0; k < mac[best].len; k++) {
				r7_apply(col, mac[best].m[k]);
				if (path->len < R7_MAX_PATH)
					path->m[path->len++] = mac[best].m[k];
			}
			continue;
		}
		/* No macro gains: a free turn then the best macro. */
		{
			int bf = -1, bm = -1, j;

			best_rate = 0;
			for (j = 0; j < n_free; j++) {
				uint8_t pre[R7_FACELETS];

				memcpy(pre, col, sizeof pre);
				r7_apply(pre, free_moves[j]);
				for (i = 0; i < n_mac; i++) {
					int g;

					memcpy(tmp, pre, sizeof tmp);
					for (k = 0; k < mac[i].len; k++)
						r7_apply(tmp, mac[i].m[k]);
					g = score(tmp) - base;
					if (g > 0 && (double)g / (mac[i].cost + md->obtm[free_moves[j]]) > best_rate &&
					    r7_stage_done(tmp, 'I')) {
						best_rate = (double)g / (mac[i].cost + md->obtm[free_moves[j]]);
						bf = j;
						bm = i;
					}
				}
			}
			if (bf < 0)
				break;
			r7_apply(col, free_moves[bf]);
			if (path->len < R7_MAX_PATH)
				path->m[path->len++] = (uint16_t)free_moves[bf];
			for (k = 0; k < mac[bm].len; k++) {
				r7_apply(col, mac[bm].m[k]);
				if (path->len < R7_MAX_PATH)
					path->m[path->len++] = mac[bm].m[k];
			}
		}
	}
	*left = goal - score(col);
	if (*left != 0) {
		tw_error_set(err, "stage M stalled with %d of 48 points missing", *left);
		return false;
	}
	return true;
}
