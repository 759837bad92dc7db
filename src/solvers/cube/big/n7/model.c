/* The 7x7x7 model of the staged reduction (model.h). */
#include "solvers/cube/big/n7/model.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"

static const char face_letter[] = "URFDLB";
static const uint8_t range_first[R7_RANGES] = {1, 1, 1, 2, 2, 3, 4, 3};
static const uint8_t range_last[R7_RANGES] = {1, 2, 3, 2, 3, 3, 4, 5};

static struct r7_model model;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

int
r7_move(int face, int first, int last, int turns)
{
	int r;

	if (face < 0 || face > 5 || turns < 1 || turns > 3)
		return -1;
	for (r = 0; r < R7_RANGES; r++)
		if (range_first[r] == first && range_last[r] == last)
			return (face * R7_RANGES + r) * 3 + turns - 1;
	return -1;
}

void
r7_apply(uint8_t *col, int m)
{
	const uint16_t *src = r7_model()->src[m];   /* built on first use */
	uint8_t out[R7_FACELETS];
	int d;

	for (d = 0; d < R7_FACELETS; d++)
		out[d] = col[src[d]];
	memcpy(col, out, sizeof out);
}

void
r7_colours(const struct cube *c, uint8_t *col)
{
	int d;

	for (d = 0; d < R7_FACELETS; d++)
		col[d] = (uint8_t)cube_colour(c, d);
}

void
r7_to_cube(const uint8_t *col, struct cube *c)
{
	int d;

	c->n = R7_N;
	for (d = 0; d < R7_FACELETS; d++)
		c->f[d] = face_letter[col[d]];
	c->f[R7_FACELETS] = '\0';
}

static void
build_model(void)
{
	int face, r, t, d;

	for (face = 0; face < 6; face++)
		for (r = 0; r < R7_RANGES; r++)
			for (t = 1; t <= 3; t++) {
				int m = (face * R7_RANGES + r) * 3 + t - 1, lo = range_first[r], hi = range_last[r];
				/* 294 facelets do not fit a char label each: the
				 * permutation is read off one marked facelet at a time. */
				struct cube_move mv = {0};
				const char *suffix = t == 1 ? "" : t == 2 ? "2" : "'";

				mv.face = (enum cube_face)face;
				mv.first = lo;
				mv.last = hi;
				mv.turns = t;
				for (d = 0; d < R7_FACELETS; d++) {
					struct cube lab;
					int e;

					/* Facelet d marked 'U', all else 'R': where does it go? */
					lab.n = R7_N;
					memset(lab.f, 'R', R7_FACELETS);
					lab.f[R7_FACELETS] = '\0';
					lab.f[d] = 'U';
					cube_move_do(&lab, &mv);
					for (e = 0; e < R7_FACELETS && lab.f[e] != 'U'; e++)
						;
					model.src[m][e] = (uint16_t)d;
				}
				model.face[m] = (uint8_t)face;
				model.first[m] = (uint8_t)lo;
				model.last[m] = (uint8_t)hi;
				model.turns[m] = (uint8_t)t;
				model.axis[m] = (uint8_t)(face % 3);
				model.obtm[m] = lo == 1 ? 1 : 2;
				if (lo == 1 && hi == 1)
					snprintf(model.name[m], sizeof model.name[m], "%c%s", face_letter[face], suffix);
				else if (lo == 1)
					snprintf(model.name[m], sizeof model.name[m], "%d%cw%s", hi, face_letter[face], suffix);
				else if (lo == hi)
					snprintf(model.name[m], sizeof model.name[m], "%d%c%s", lo, face_letter[face], suffix);
				else
					snprintf(model.name[m], sizeof model.name[m], "%d-%d%c%s", lo, hi,
					    face_letter[face], suffix);
			}
}

const struct r7_model *
r7_model(void)
{
	pthread_once(&model_once, build_model);
	return &model;
}

/* The fake 6x6x6's rows and columns: the 7x7x7's without the middle. */
static const int keep6[6] = {0, 1, 2, 4, 5, 6};

void
r7_fake6(const uint8_t *col, uint8_t *col6)
{
	int f, r, c;

	for (f = 0; f < 6; f++)
		for (r = 0; r < 6; r++)
			for (c = 0; c < 6; c++)
				col6[f * 36 + r * 6 + c] = col[f * 49 + keep6[r] * 7 + keep6[c]];
}

void
r7_view_colours(const uint8_t *col, int view, uint8_t *out)
{
	static const char *const turn[3] = {NULL, "z", "y"};
	struct cube c, v;

	r7_to_cube(col, &c);
	cube_view_turn(&c, turn[view], &v);
	r7_colours(&v, out);
}
