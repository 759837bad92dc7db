/* The 5x5x5 model of the phase reduction (model.h). */
#include "solvers/cube/big/n5/model.h"

#include <pthread.h>
#include <string.h>

/* The whole-cube turn of each view. */
static const char *const view_turn[R5_VIEWS] = {NULL, "z", "y"};
/* The cube the start-up checks run on. */
static const char scramble[] =
    "R Uw F2 Lw' D B' Rw2 U' Fw L2 Dw' B R' Bw U2 F' Lw D2 Rw' Uw2 B2 Fw' L D' R2 Lw Bw2 Dw";

static struct r5_model model;
static const char *model_problem;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

void
r5_apply(const struct r5_model *md, struct cube *c, int m)
{
	cube_apply_src(c, md->src[m]);
}

void
r5_view(const struct r5_model *md, const struct cube *c, int v, struct cube *out)
{
	(void)md;
	cube_view_turn(c, view_turn[v], out);
}

int
r5_wing_id(const struct r5_model *md, const struct cube *c, int p)
{
	int c0 = cube_colour(c, md->wing_facelet[p][0]), c1 = cube_colour(c, md->wing_facelet[p][1]);
	int s = md->slot_of_colours[c0][c1];

	if (s == 0xff)
		return 0;
	return s * 2 + md->handed[p][c0 > c1];
}

int
r5_midge_id(const struct r5_model *md, const struct cube *c, int s)
{
	int f0 = md->midge_facelet[s][0], f1 = md->midge_facelet[s][1];
	int c0 = cube_colour(c, f0), c1 = cube_colour(c, f1);
	int home = md->slot_of_colours[c0][c1];
	/* Rank by axis: U-D 0, R-L 1, F-B 2 (face % 3). The colour on the
	 * slot's higher-ranked facelet. */
	int on_ref = f0 / 25 % 3 < f1 / 25 % 3 ? c0 : c1, other = on_ref == c0 ? c1 : c0;

	if (home == 0xff)
		return 0;
	return home * 2 + (on_ref % 3 > other % 3);
}

bool
r5_wing_parity(const struct r5_model *md, const struct cube *c)
{
	int home_place[R5_WINGS], perm[R5_WINGS], p;

	for (p = 0; p < R5_WINGS; p++)
		home_place[md->wing_home_id[p]] = p;
	for (p = 0; p < R5_WINGS; p++)
		perm[p] = home_place[r5_wing_id(md, c, p)];
	return cube_odd_permutation(perm, R5_WINGS);
}

static uint32_t
mask_of(const struct cube *c, const uint8_t *facelet, int colour_a, int colour_b)
{
	uint32_t mask = 0;
	int p;

	for (p = 0; p < 24; p++) {
		int col = cube_colour(c, facelet[p]);

		if (col == colour_a || col == colour_b)
			mask |= 1u << p;
	}
	return mask;
}

uint32_t
r5_x_mask(const struct r5_model *md, const struct cube *c, int colour_a, int colour_b)
{
	return mask_of(c, md->x_facelet, colour_a, colour_b);
}

uint32_t
r5_t_mask(const struct r5_model *md, const struct cube *c, int colour_a, int colour_b)
{
	return mask_of(c, md->t_facelet, colour_a, colour_b);
}

static void
build_moves(struct r5_model *md)
{
	int m;

	for (m = 0; m < R5_MOVES; m++)
		cube_outer_move(R5_N, m, md->src[m], md->name[m], &md->axis[m], &md->order[m]);
}

static int
slot_of_faces(const struct r5_model *md, int a, int b)
{
	int s;

	for (s = 0; s < R5_SLOTS; s++)
		if ((md->slot_faces[s][0] == a && md->slot_faces[s][1] == b) ||
		    (md->slot_faces[s][0] == b && md->slot_faces[s][1] == a))
			return s;
	return -1;
}

/* The T-centre index k (0..3) of (r, c), or -1. */
static int
t_index(int r, int c)
{
	static const int at[4][2] = {{1, 2}, {2, 1}, {2, 3}, {3, 2}};
	int k;

	for (k = 0; k < 4; k++)
		if (at[k][0] == r && at[k][1] == c)
			return k;
	return -1;
}

/* Sorts the facelets into places; of[d] gets the place of facelet d
 * within its kind (centre kinds by formula, pairs by discovery). */
static const char *
build_facelets(struct r5_model *md, int *x_of, int *t_of, int *wing_of, int *midge_of)
{
	int f, r, c, nw = 0, nm = 0, ncorner = 0;
	uint8_t midge_pairs[R5_SLOTS][2];

	for (f = 0; f < 6; f++)
		for (r = 0; r < 5; r++)
			for (c = 0; c < 5; c++) {
				int i = f * 25 + r * 5 + c, other[2], k = cube_partners(R5_N, i, other);
				bool rim_r = r == 0 || r == 4, rim_c = c == 0 || c == 4;

				if ((r == 1 || r == 3) && (c == 1 || c == 3)) {
					x_of[i] = f * 4 + (r == 3) * 2 + (c == 3);
					md->x_facelet[x_of[i]] = (uint8_t)i;
				} else if (t_index(r, c) >= 0) {
					t_of[i] = f * 4 + t_index(r, c);
					md->t_facelet[t_of[i]] = (uint8_t)i;
				} else if (r == 2 && c == 2) {
					md->fixed_facelet[f] = (uint8_t)i;
				} else if (rim_r != rim_c) {
					if (k != 1)
						return "an edge facelet without one partner";
					if (other[0] < i)
						continue;
					if (r == 2 || c == 2) {
						if (nm == R5_SLOTS)
							return "more than 12 midges";
						midge_pairs[nm][0] = (uint8_t)i;
						midge_pairs[nm][1] = (uint8_t)other[0];
						midge_of[i] = midge_of[other[0]] = nm++;
					} else {
						if (nw == R5_WINGS)
							return "more than 24 wings";
						md->wing_facelet[nw][0] = (uint8_t)i;
						md->wing_facelet[nw][1] = (uint8_t)other[0];
						wing_of[i] = wing_of[other[0]] = nw++;
					}
				} else if (k == 2 && other[0] > i && other[1] > i) {
					if (ncorner == 8)
						return "more than 8 corners";
					md->corner_facelet[ncorner][0] = (uint8_t)i;
					md->corner_facelet[ncorner][1] = (uint8_t)other[0];
					md->corner_facelet[ncorner++][2] = (uint8_t)other[1];
				}
			}
	if (nw != R5_WINGS || nm != R5_SLOTS || ncorner != 8)
		return "wing, midge or corner counts";
	/* Slots in the order their first wing is met; midge place s is slot s. */
	memset(md->slot_faces, 6, sizeof md->slot_faces);
	for (r = 0, c = 0; r < R5_WINGS; r++) {
		int a = md->wing_facelet[r][0] / 25, b = md->wing_facelet[r][1] / 25;
		int s = slot_of_faces(md, a, b);

		if (s < 0) {
			if (c == R5_SLOTS)
				return "more than 12 slots";
			md->slot_faces[c][0] = (uint8_t)a;
			md->slot_faces[c][1] = (uint8_t)b;
			s = c++;
		}
		md->wing_slot[r] = (uint8_t)s;
	}
	memset(md->midge_facelet, 0xff, sizeof md->midge_facelet);
	for (r = 0; r < R5_SLOTS; r++) {
		int s = slot_of_faces(md, midge_pairs[r][0] / 25, midge_pairs[r][1] / 25);

		if (s < 0 || md->midge_facelet[s][0] != 0xff)
			return "a midge without its own slot";
		memcpy(md->midge_facelet[s], midge_pairs[r], 2);
	}
	for (r = 0; r < R5_SLOTS; r++)
		midge_of[md->midge_facelet[r][0]] = midge_of[md->midge_facelet[r][1]] = r;
	return NULL;
}

/* Identities, and where each place goes under every move. */
static const char *
build_places(struct r5_model *md)
{
	int x_of[R5_FACELETS], t_of[R5_FACELETS], wing_of[R5_FACELETS], midge_of[R5_FACELETS];
	int k, c, m;
	struct cube solved;
	const char *problem;

	memset(x_of, -1, sizeof x_of);
	memset(t_of, -1, sizeof t_of);
	memset(wing_of, -1, sizeof wing_of);
	memset(midge_of, -1, sizeof midge_of);
	if ((problem = build_facelets(md, x_of, t_of, wing_of, midge_of)) != NULL)
		return problem;
	memset(md->slot_of_colours, 0xff, sizeof md->slot_of_colours);
	for (k = 0; k < R5_SLOTS; k++) {
		md->slot_of_colours[md->slot_faces[k][0]][md->slot_faces[k][1]] = (uint8_t)k;
		md->slot_of_colours[md->slot_faces[k][1]][md->slot_faces[k][0]] = (uint8_t)k;
	}
	for (k = 0; k < R5_WINGS; k++) {
		int f0 = md->wing_facelet[k][0], f1 = md->wing_facelet[k][1], pos[3];

		/* The lower colour on f0 (handed[k][0]) or on f1. */
		cube_facelet_position(R5_N, f0, pos);
		md->handed[k][0] = (uint8_t)cube_handedness(f0 / 25, f1 / 25, pos);
		md->handed[k][1] = (uint8_t)cube_handedness(f1 / 25, f0 / 25, pos);
	}
	cube_solved(&solved, R5_N);
	for (k = 0; k < R5_WINGS; k++)
		md->wing_home_id[k] = (uint8_t)r5_wing_id(md, &solved, k);
	for (k = 0; k < R5_WINGS; k++)
		for (c = 0; c < k; c++)
			if (md->wing_home_id[k] == md->wing_home_id[c])
				return "two wings with one identity";
	for (k = 0; k < R5_SLOTS; k++)
		if (r5_midge_id(md, &solved, k) != k * 2)
			return "a midge not oriented at home";
	for (m = 0; m < R5_MOVES; m++) {
		int to[R5_FACELETS], perm[R5_WINGS];
		struct cube turned = solved;

		for (k = 0; k < R5_FACELETS; k++)
			to[md->src[m][k]] = k;
		for (k = 0; k < R5_XCENTRES; k++) {
			md->x_to[m][k] = (uint8_t)x_of[to[md->x_facelet[k]]];
			md->t_to[m][k] = (uint8_t)t_of[to[md->t_facelet[k]]];
		}
		for (k = 0; k < R5_WINGS; k++)
			perm[k] = md->wing_to[m][k] = (uint8_t)wing_of[to[md->wing_facelet[k][0]]];
		md->wing_odd[m] = cube_odd_permutation(perm, R5_WINGS);
		/* Each midge starts oriented, so its orientation after m is the
		 * move's flip (that the flip does not depend on the midge is
		 * checked in check_midges). */
		r5_apply(md, &turned, m);
		for (k = 0; k < R5_SLOTS; k++) {
			int s = midge_of[to[md->midge_facelet[k][0]]];

			md->midge_to[m][k] = (uint8_t)s;
			md->midge_flip[m][k] = (uint8_t)(r5_midge_id(md, &turned, s) & 1);
		}
	}
	return NULL;
}

/* The flip rule holds on a scrambled cube under every move, and only R,
 * L, Rw, Lw quarter turns flip (every midge they move). */
static const char *
check_midges(const struct r5_model *md)
{
	struct cube c;
	int m, s;

	cube_solved(&c, R5_N);
	if (!cube_apply_alg(&c, scramble, NULL))
		return "scramble";
	for (m = 0; m < R5_MOVES; m++) {
		struct cube turned = c;
		bool rl_quarter = m / 6 % 3 == 1 && m % 3 != 1;

		r5_apply(md, &turned, m);
		for (s = 0; s < R5_SLOTS; s++) {
			int before = r5_midge_id(md, &c, s), after = r5_midge_id(md, &turned, md->midge_to[m][s]);
			bool moved = md->midge_to[m][s] != s;

			if (before >> 1 != after >> 1 || ((before ^ after) & 1) != md->midge_flip[m][s])
				return "a midge flip that depends on the midge";
			if (md->midge_flip[m][s] != (rl_quarter && moved))
				return "a midge flipped by a turn other than R, L, Rw, Lw quarter turns";
		}
	}
	return NULL;
}

/* Phase 2: U, F, D, B turns, their wide half turns, Rw and Lw turns.
 * Halves: U, F, D, B face turns and every half turn. */
static const char *
build_move_sets(struct r5_model *md)
{
	int m, n2 = 0, nh = 0;

	for (m = 0; m < R5_MOVES; m++) {
		int face = m / 6, wide = m / 3 % 2, t = m % 3 + 1;

		if (face % 3 == 1 ? wide : !wide || t == 2)
			md->phase2_moves[n2++] = (uint8_t)m;
		if ((!wide && face % 3 != 1) || t == 2)
			md->half_moves[nh++] = (uint8_t)m;
	}
	return n2 == R5_PHASE2_MOVES && nh == R5_HALF_MOVES ? NULL : "move set sizes";
}

/* The wing places fall into two orbits under half_moves, each with one
 * place of every slot (the halves); every other turn mixes them. */
static const char *
build_halves(struct r5_model *md)
{
	int k, p, s, changed, label[R5_WINGS], m, other;

	for (p = 0; p < R5_WINGS; p++)
		label[p] = p;
	do {
		changed = 0;
		for (k = 0; k < R5_HALF_MOVES; k++)
			for (p = 0; p < R5_WINGS; p++) {
				int q = md->wing_to[md->half_moves[k]][p];
				int low = label[p] < label[q] ? label[p] : label[q];

				if (label[p] != low || label[q] != low) {
					label[p] = label[q] = low;
					changed = 1;
				}
			}
	} while (changed);
	for (p = 0, other = -1; p < R5_WINGS; p++)
		if (label[p] != label[0] && other != label[p]) {
			if (other >= 0)
				return "more than two wing orbits";
			other = label[p];
		}
	memset(md->half_place, 0xff, sizeof md->half_place);
	for (p = 0; p < R5_WINGS; p++) {
		int h = label[p] == label[0] ? 0 : 1;

		s = md->wing_slot[p];
		if (md->half_place[h][s] != 0xff)
			return "a half with two places of one slot";
		md->half_of[p] = (uint8_t)h;
		md->half_place[h][s] = (uint8_t)p;
	}
	for (m = 0; m < R5_MOVES; m++) {
		bool keeps = (m / 3 % 2 == 0 && m / 6 % 3 != 1) || m % 3 == 1, mixed = false;

		for (p = 0; p < R5_WINGS; p++)
			mixed |= md->half_of[md->wing_to[m][p]] != md->half_of[p];
		if (mixed == keeps)
			return "a turn that mixes the halves, or one that should and does not";
	}
	return NULL;
}

static const char *
build_views(struct r5_model *md)
{
	const char *problem = NULL;
	int v;

	for (v = 0; v < R5_VIEWS && problem == NULL; v++)
		problem = cube_view_moves(R5_N, &md->src[0][0], view_turn[v], scramble, md->view_move[v]);
	return problem;
}

static void
build_model(void)
{
	build_moves(&model);
	model_problem = build_places(&model);
	if (model_problem == NULL)
		model_problem = check_midges(&model);
	if (model_problem == NULL)
		model_problem = build_move_sets(&model);
	if (model_problem == NULL)
		model_problem = build_halves(&model);
	if (model_problem == NULL)
		model_problem = build_views(&model);
}

const struct r5_model *
r5_model_get(struct tw_error *err)
{
	pthread_once(&model_once, build_model);
	if (model_problem != NULL) {
		tw_error_set(err, "internal error: the 5x5x5 model: %s", model_problem);
		return NULL;
	}
	return &model;
}
