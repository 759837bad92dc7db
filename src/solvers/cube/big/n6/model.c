/* The 6x6x6 model of the staged reduction (model.h). */
#include "solvers/cube/big/n6/model.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"

static const char face_letter[] = "URFDLB";
static const char *const view_turn[R6_VIEWS] = {NULL, "z", "y"};
static const uint8_t range_first[R6_RANGES] = {1, 1, 1, 2, 2, 3};
static const uint8_t range_last[R6_RANGES] = {1, 2, 3, 2, 3, 3};

static struct r6_model model;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

int
r6_move(int face, int first, int last, int turns)
{
	int r;

	if (face < 0 || face > 5 || turns < 1 || turns > 3)
		return -1;
	for (r = 0; r < R6_RANGES; r++)
		if (range_first[r] == first && range_last[r] == last)
			return (face * R6_RANGES + r) * 3 + turns - 1;
	return -1;
}

int
r6_move_inverse(int m)
{
	return m - m % 3 + (2 - m % 3);
}

void
r6_apply(uint8_t *col, int m)
{
	const uint8_t *src = model.src[m];
	uint8_t out[R6_FACELETS];
	int d;

	for (d = 0; d < R6_FACELETS; d++)
		out[d] = col[src[d]];
	memcpy(col, out, sizeof out);
}

void
r6_colours(const struct cube *c, uint8_t *col)
{
	int d;

	for (d = 0; d < R6_FACELETS; d++)
		col[d] = (uint8_t)cube_colour(c, d);
}

static void
to_cube(const uint8_t *col, struct cube *c)
{
	int d;

	c->n = R6_N;
	for (d = 0; d < R6_FACELETS; d++)
		c->f[d] = face_letter[col[d]];
	c->f[R6_FACELETS] = '\0';
}

void
r6_view_colours(const uint8_t *col, int view, uint8_t *out)
{
	struct cube c, v;

	to_cube(col, &c);
	cube_view_turn(&c, view_turn[view], &v);
	r6_colours(&v, out);
}

static enum r6_kind
kind_of(int r, int c)
{
	bool rim_r = r == 0 || r == 5, rim_c = c == 0 || c == 5;
	int along, lo, hi;

	if (rim_r && rim_c)
		return R6_CORNER;
	if (rim_r || rim_c) {
		along = rim_r ? c : r;
		return along == 1 || along == 4 ? R6_OUTER_WING : R6_INNER_WING;
	}
	lo = r < c ? r : c;
	hi = r < c ? c : r;
	if ((r == 1 || r == 4) && (c == 1 || c == 4))
		return R6_OUTER_X;
	if (lo >= 2 && hi <= 3)
		return R6_INNER_X;
	return R6_OBLIQUE_A;   /* A or B: settled by the orbits below */
}

static int uf[R6_FACELETS];

static int
uf_find(int x)
{
	while (uf[x] != x)
		x = uf[x] = uf[uf[x]];
	return x;
}

static void
build_moves(void)
{
	int face, r, t, d;

	for (face = 0; face < 6; face++)
		for (r = 0; r < R6_RANGES; r++)
			for (t = 1; t <= 3; t++) {
				int m = (face * R6_RANGES + r) * 3 + t - 1;
				struct cube lab;
				struct cube_move mv = {0};
				const char *suffix = t == 1 ? "" : t == 2 ? "2" : "'";

				lab.n = R6_N;
				for (d = 0; d < R6_FACELETS; d++)
					lab.f[d] = (char)(unsigned char)(d + 1);
				lab.f[R6_FACELETS] = '\0';
				mv.face = (enum cube_face)face;
				mv.first = range_first[r];
				mv.last = range_last[r];
				mv.turns = t;
				cube_move_do(&lab, &mv);
				for (d = 0; d < R6_FACELETS; d++)
					model.src[m][d] = (uint8_t)((unsigned char)lab.f[d] - 1);
				model.face[m] = (uint8_t)face;
				model.first[m] = range_first[r];
				model.last[m] = range_last[r];
				model.turns[m] = (uint8_t)t;
				model.axis[m] = (uint8_t)(face % 3);
				model.obtm[m] = range_first[r] == 1 ? 1 : 2;
				if (range_first[r] == 1 && range_last[r] == 1)
					snprintf(model.name[m], sizeof model.name[m], "%c%s", face_letter[face], suffix);
				else if (range_first[r] == 1 && range_last[r] == 2)
					snprintf(model.name[m], sizeof model.name[m], "%cw%s", face_letter[face], suffix);
				else if (range_first[r] == 1)
					snprintf(model.name[m], sizeof model.name[m], "%d%cw%s", range_last[r],
					    face_letter[face], suffix);
				else if (range_first[r] == range_last[r])
					snprintf(model.name[m], sizeof model.name[m], "%d%c%s", range_first[r],
					    face_letter[face], suffix);
				else
					snprintf(model.name[m], sizeof model.name[m], "%d-%d%c%s", range_first[r],
					    range_last[r], face_letter[face], suffix);
			}
}

static void
build_kinds(void)
{
	int d, m, oblique_a;

	for (d = 0; d < R6_FACELETS; d++) {
		int r = r6_row(d), c = r6_column(d);

		model.kind[d] = (uint8_t)kind_of(r, c);
		model.partner[d] = 0xff;
		model.wing_other[d] = 0xff;
		if (model.kind[d] == R6_OBLIQUE_A)
			model.partner[d] = (uint8_t)(r6_face(d) * 36 +
			    (r == 1 || r == 4 ? r * 6 + 5 - c : (5 - r) * 6 + c));
		if (model.kind[d] == R6_OUTER_WING || model.kind[d] == R6_INNER_WING) {
			int other[2];

			if (cube_partners(R6_N, d, other) == 1)
				model.wing_other[d] = (uint8_t)other[0];
		}
	}
	/* The two oblique orbits: facelets joined by any turn. */
	for (d = 0; d < R6_FACELETS; d++)
		uf[d] = d;
	for (m = 0; m < R6_MOVES; m++)
		for (d = 0; d < R6_FACELETS; d++) {
			int a = uf_find(d), b = uf_find(model.src[m][d]);

			if (a != b)
				uf[a] = b;
		}
	oblique_a = uf_find(0 * 36 + 1 * 6 + 2);
	for (d = 0; d < R6_FACELETS; d++)
		if (model.kind[d] == R6_OBLIQUE_A && uf_find(d) != oblique_a)
			model.kind[d] = R6_OBLIQUE_B;
}

/* view_move[v][m]: the move m' with view(C m') = view(C) m, found on a
 * cube C scrambled so that no two moves act alike on it. */
static void
build_views(void)
{
	static const char scramble[] =
	    "R 3Uw' F2 2R B' 3Fw D2 Lw U' 3R F 2D' Rw2 B 3Lw' U 2F R' D Bw' 3U L2 Fw 2B U2 3Rw'";
	struct cube c;
	uint8_t base[R6_FACELETS], viewed[R6_FACELETS];
	int v, m, k;

	cube_solved(&c, R6_N);
	if (!cube_apply_alg(&c, scramble, NULL)) {
		model.inconsistent = true;
		return;
	}
	r6_colours(&c, base);
	for (v = 0; v < R6_VIEWS; v++) {
		r6_view_colours(base, v, viewed);
		for (m = 0; m < R6_MOVES; m++) {
			uint8_t want[R6_FACELETS];
			int found = 0;

			memcpy(want, viewed, sizeof want);
			r6_apply(want, m);
			for (k = 0; k < R6_MOVES; k++) {
				uint8_t moved[R6_FACELETS], got[R6_FACELETS];

				if (model.first[k] != model.first[m] || model.last[k] != model.last[m] ||
				    model.turns[k] != model.turns[m])
					continue;
				memcpy(moved, base, sizeof moved);
				r6_apply(moved, k);
				r6_view_colours(moved, v, got);
				if (memcmp(got, want, sizeof got) == 0) {
					model.view_move[v][m] = (uint8_t)k;
					found++;
				}
			}
			/* Exactly one move must match: otherwise the engine's
			 * geometry is wrong, a bug that every solve reports. */
			if (found != 1)
				model.inconsistent = true;
		}
	}
}

/* The wing places of one orbit: place k is facelets place[k][0..1],
 * the lower index first; n of them (24). */
static int
wing_places(int kind, uint8_t place[24][2])
{
	int d, n = 0;

	for (d = 0; d < R6_FACELETS; d++)
		if (model.kind[d] == kind && model.wing_other[d] > d) {
			place[n][0] = (uint8_t)d;
			place[n][1] = model.wing_other[d];
			n++;
		}
	return n;
}

static int
place_of(uint8_t place[24][2], int n, int d)
{
	int k;

	for (k = 0; k < n; k++)
		if (place[k][0] == d || place[k][1] == d)
			return k;
	return -1;
}

/* Whether perm (of n places) is odd, for each move and wing orbit. */
static void
build_wing_parity(void)
{
	static const int kinds[2] = {R6_OUTER_WING, R6_INNER_WING};
	uint8_t place[24][2];
	int o, m, k, n;

	for (o = 0; o < 2; o++) {
		n = wing_places(kinds[o], place);
		for (m = 0; m < R6_MOVES; m++) {
			int perm[24];

			/* The wing at the place of facelet src[d] goes to d's. */
			for (k = 0; k < n; k++)
				perm[place_of(place, n, model.src[m][place[k][0]])] = k;
			if (cube_odd_permutation(perm, n))
				model.wing_odd[m] |= (uint8_t)(o == 0 ? R6_OUTER_ODD : R6_INNER_ODD);
		}
	}
}

int
r6_wing_parity(const uint8_t *col)
{
	static const int kinds[2] = {R6_OUTER_WING, R6_INNER_WING};
	uint8_t place[24][2];
	int o, k, j, n, odd = 0;

	for (o = 0; o < 2; o++) {
		int perm[24], hand[24], seen = 0;

		n = wing_places(kinds[o], place);
		for (k = 0; k < n; k++) {
			int p[3];

			cube_facelet_position(R6_N, place[k][0], p);
			hand[k] = cube_handedness(r6_face(place[k][0]), r6_face(place[k][1]), p);
		}
		/* The wing on place k, colours a (first facelet) and b, has
		 * handedness h = hand[k] with a's face first, whatever turns
		 * brought it there: its home is the place of faces a, b whose
		 * handedness with a's face first is h. */
		for (k = 0; k < n; k++) {
			int a = col[place[k][0]], b = col[place[k][1]], h = hand[k];

			perm[k] = -1;
			for (j = 0; j < n; j++) {
				int fa = r6_face(place[j][0]), fb = r6_face(place[j][1]);

				if (fa == a && fb == b && hand[j] == h)
					perm[k] = j;
				else if (fa == b && fb == a && hand[j] != h)
					perm[k] = j;
			}
			if (perm[k] < 0 || (seen >> perm[k] & 1))
				return -1;
			seen |= 1 << perm[k];
		}
		if (cube_odd_permutation(perm, n))
			odd |= o == 0 ? R6_OUTER_ODD : R6_INNER_ODD;
	}
	return odd;
}

static void
build_model(void)
{
	build_moves();
	build_kinds();
	build_views();
	build_wing_parity();
}

const struct r6_model *
r6_model(void)
{
	pthread_once(&model_once, build_model);
	return &model;
}

bool
r6_model_check(struct tw_error *err)
{
	if (!r6_model()->inconsistent)
		return true;
	tw_error_set(err, "internal error: the 6x6x6 model's moves do not match the cube's geometry");
	return false;
}
