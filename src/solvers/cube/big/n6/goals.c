/* The 6x6x6 stages' goals and the grouped 5x5x5 (n6.h). */
#include "solvers/cube/big/n6/n6.h"

#include "engine/cube/rules.h"

bool
staged_path_push(struct staged_path *path, int m)
{
	if (path->len >= STAGED_MAX_PATH)
		return false;
	path->m[path->len++] = (uint8_t)m;
	return true;
}

static bool
is_centre(const struct r6_model *md, int d)
{
	return md->kind[d] >= R6_OUTER_X;
}

/* Stages 1 and 3: the inner X of axis `axis`'s faces and the oblique
 * pairs split by that axis's colours. */
static bool
inner_staged(const struct r6_model *md, const uint8_t *col, int axis)
{
	int d;

	for (d = 0; d < R6_FACELETS; d++) {
		bool here = r6_face(d) % 3 == axis, mine = col[d] % 3 == axis;

		if (md->kind[d] == R6_INNER_X && here != mine)
			return false;
		if (md->partner[d] != 0xff && mine != (col[md->partner[d]] % 3 == axis))
			return false;
	}
	return true;
}

/* Stages 2 and 4: every centre of axis `axis`'s faces of its colours. */
static bool
all_staged(const struct r6_model *md, const uint8_t *col, int axis)
{
	int d;

	for (d = 0; d < R6_FACELETS; d++)
		if (is_centre(md, d) && r6_face(d) % 3 == axis && col[d] % 3 != axis)
			return false;
	return true;
}

/* The outward normal of face f (U R F D L B). */
static void
normal(int f, int v[3])
{
	static const int n[6][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};

	v[0] = n[f][0];
	v[1] = n[f][1];
	v[2] = n[f][2];
}

/* Stage 5: the inner X blocks one colour each, in a scheme that a
 * rotation of the solved cube has (opposite colours opposite, U x R = -F
 * in the colours' normals), and every oblique pair one colour. */
static bool
blocks_home(const struct r6_model *md, const uint8_t *col)
{
	int scheme[6], f, d, u[3], r[3], fr[3], x[3];

	for (f = 0; f < 6; f++) {
		int base = f * 36;

		scheme[f] = col[base + 2 * 6 + 2];
		if (col[base + 2 * 6 + 3] != scheme[f] || col[base + 3 * 6 + 2] != scheme[f] ||
		    col[base + 3 * 6 + 3] != scheme[f])
			return false;
	}
	for (f = 0; f < 3; f++)
		if (scheme[f + 3] != (scheme[f] + 3) % 6)
			return false;
	normal(scheme[0], u);
	normal(scheme[1], r);
	normal(scheme[2], fr);
	x[0] = u[1] * r[2] - u[2] * r[1];
	x[1] = u[2] * r[0] - u[0] * r[2];
	x[2] = u[0] * r[1] - u[1] * r[0];
	if (x[0] != -fr[0] || x[1] != -fr[1] || x[2] != -fr[2])
		return false;
	for (d = 0; d < R6_FACELETS; d++)
		if (md->partner[d] != 0xff && col[d] != col[md->partner[d]])
			return false;
	return true;
}

/* Stage 6: each edge's inner wings one dedge (facelets 2 and 3 along
 * every edge side one colour). */
static bool
inner_wings_paired(const struct r6_model *md, const uint8_t *col)
{
	int d;

	for (d = 0; d < R6_FACELETS; d++) {
		int r = r6_row(d), c = r6_column(d);

		if (md->kind[d] != R6_INNER_WING)
			continue;
		if ((r == 2 && col[d] != col[d + 6]) || (c == 2 && col[d] != col[d + 1]))
			return false;
	}
	return true;
}

bool
r6_stage_done(const uint8_t *col, int stage)
{
	const struct r6_model *md = r6_model();

	if (stage >= 1 && !inner_staged(md, col, 1))
		return false;
	if (stage >= 2 && !all_staged(md, col, 1))
		return false;
	if (stage >= 3 && !inner_staged(md, col, 0))
		return false;
	if (stage >= 4 && !all_staged(md, col, 0))
		return false;
	if (stage >= 5 && !blocks_home(md, col))
		return false;
	if (stage >= 6 && !inner_wings_paired(md, col))
		return false;
	return true;
}

bool
r6_grouped(const uint8_t *col, struct cube *c5, struct tw_error *err)
{
	static const char letter[] = "URFDLB";
	static const int keep[5] = {0, 1, 2, 4, 5};
	int f, r, c;

	for (f = 0; f < 6; f++)
		for (r = 0; r < 6; r++)
			for (c = 0; c < 6; c++) {
				int d = f * 36 + r * 6 + c;

				if ((r == 3 && col[d] != col[d - 6]) || (c == 3 && col[d] != col[d - 1])) {
					tw_error_set(err, "facelet %c%d%d splits from its neighbour: not grouped as a 5x5x5",
					    letter[f], r, c);
					return false;
				}
			}
	c5->n = 5;
	for (f = 0; f < 6; f++)
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++)
				c5->f[f * 25 + r * 5 + c] = letter[col[f * 36 + keep[r] * 6 + keep[c]]];
	c5->f[150] = '\0';
	if (!cube_state_solvable(NULL, c5, err)) {
		tw_error_prefix(err, "the grouped 5x5x5");
		return false;
	}
	return true;
}
