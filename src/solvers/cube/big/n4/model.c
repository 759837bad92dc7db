/* The 4x4x4 model of the phase reduction (model.h). */
#include "solvers/cube/big/n4/model.h"

#include <pthread.h>
#include <string.h>

/* The whole-cube turn of each view. */
static const char *const view_turn[R4_VIEWS] = {NULL, "z", "y"};

static struct r4_model model;
static const char *model_problem;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

void
r4_apply(const struct r4_model *md, struct cube *c, int m)
{
	cube_apply_src(c, md->src[m]);
}

static bool
is_centre(int r, int c)
{
	return r >= 1 && r <= 2 && c >= 1 && c <= 2;
}

static bool
is_wing(int r, int c)
{
	return (r == 0 || r == 3) != (c == 0 || c == 3);
}

static int
slot_of_faces(const struct r4_model *md, int a, int b)
{
	int s;

	for (s = 0; s < R4_SLOTS; s++)
		if ((md->slot_faces[s][0] == a && md->slot_faces[s][1] == b) ||
		    (md->slot_faces[s][0] == b && md->slot_faces[s][1] == a))
			return s;
	return -1;
}

int
r4_wing_id(const struct r4_model *md, const struct cube *c, int p)
{
	int c0 = cube_colour(c, md->wing_facelet[p][0]), c1 = cube_colour(c, md->wing_facelet[p][1]);
	int s = md->slot_of_colours[c0][c1];

	if (s == 0xff)
		return 0;   /* not a wing of this cube: r4_reduced refuses it */
	return s * 2 + md->handed[p][c0 > c1];
}

bool
r4_wing_parity(const struct r4_model *md, const struct cube *c)
{
	int home_place[R4_WINGS], perm[R4_WINGS], p;

	for (p = 0; p < R4_WINGS; p++)
		home_place[md->wing_home_id[p]] = p;
	for (p = 0; p < R4_WINGS; p++)
		perm[p] = home_place[r4_wing_id(md, c, p)];
	return cube_odd_permutation(perm, R4_WINGS);
}

static int
corner_id(const struct r4_model *md, const struct cube *c, int k)
{
	unsigned want = 0;
	int i, j;

	for (i = 0; i < 3; i++)
		want |= 1u << cube_colour(c, md->corner_facelet[k][i]);
	for (j = 0; j < 8; j++) {
		unsigned home = 0;

		for (i = 0; i < 3; i++)
			home |= 1u << (md->corner_facelet[j][i] / 16);
		if (home == want)
			return j;
	}
	return 0;
}

bool
r4_corner_parity(const struct r4_model *md, const struct cube *c)
{
	int perm[8], k;

	for (k = 0; k < 8; k++)
		perm[k] = corner_id(md, c, k);
	return cube_odd_permutation(perm, 8);
}

/* The first wide half turn of axis a in path[0..len), or -1. */
static int
first_wide(const struct r4_model *md, const uint8_t *path, int len, int a)
{
	int i;

	for (i = 0; i < len; i++)
		if (md->wide_partner[path[i]] >= 0 && md->axis[path[i]] == a)
			return i;
	return -1;
}

bool
r4_lift_half_turn(const struct r4_model *md, int h, const uint8_t *path, int len, uint8_t *out)
{
	int swap[2] = {-1, -1}, turned = 0, i;

	if (h != 0 && (swap[0] = first_wide(md, path, len, h - 1)) < 0) {
		swap[0] = first_wide(md, path, len, h % 3);
		swap[1] = first_wide(md, path, len, (h + 1) % 3);
		if (swap[0] < 0 || swap[1] < 0)
			return false;
	}
	for (i = 0; i < len; i++) {
		int m = turned != 0 ? md->half_turn_conj[turned - 1][path[i]] : path[i];

		if (i == swap[0] || i == swap[1]) {
			m = md->wide_partner[m];
			turned ^= md->axis[m] + 1;
		}
		out[i] = (uint8_t)m;
	}
	return turned == h;
}

bool
r4_reduced(const struct r4_model *md, const struct cube *c)
{
	int p, s;

	for (p = 0; p < R4_CENTRES; p++)
		if (cube_colour(c, md->centre_facelet[p]) != p / 4)
			return false;
	for (s = 0; s < R4_SLOTS; s++) {
		int a = md->half_place[0][s], b = md->half_place[1][s];

		if (cube_colour(c, md->wing_facelet[a][0]) != cube_colour(c, md->wing_facelet[b][0]) ||
		    cube_colour(c, md->wing_facelet[a][1]) != cube_colour(c, md->wing_facelet[b][1]))
			return false;
	}
	return true;
}

void
r4_to_3x3(const struct cube *c, struct cube *out)
{
	static const int at[3] = {0, 1, 3};
	int f, r, k;

	out->n = 3;
	for (f = 0; f < 6; f++)
		for (r = 0; r < 3; r++)
			for (k = 0; k < 3; k++)
				out->f[f * 9 + r * 3 + k] = c->f[f * 16 + at[r] * 4 + at[k]];
	out->f[54] = '\0';
}

void
r4_view(const struct r4_model *md, const struct cube *c, int v, struct cube *out)
{
	(void)md;
	cube_view_turn(c, view_turn[v], out);
}

static void
build_moves(struct r4_model *md)
{
	int m;

	for (m = 0; m < R4_MOVES; m++)
		cube_outer_move(4, m, md->src[m], md->name[m], &md->axis[m], &md->order[m]);
}

/* Where each facelet goes under m. */
static void
facelet_to(const struct r4_model *md, int m, int *to)
{
	int d;

	for (d = 0; d < R4_FACELETS; d++)
		to[md->src[m][d]] = d;
}

static const char *
build_places(struct r4_model *md)
{
	int f, r, c, k, m, nc = 0, nw = 0, ncorner = 0, wing_of[R4_FACELETS];
	struct cube solved;

	memset(wing_of, -1, sizeof wing_of);
	for (f = 0; f < 6; f++)
		for (r = 0; r < 4; r++)
			for (c = 0; c < 4; c++) {
				int i = f * 16 + r * 4 + c, other[2];

				if (is_centre(r, c)) {
					md->centre_facelet[nc++] = (uint8_t)i;
				} else if (is_wing(r, c)) {
					if (cube_partners(4, i, other) != 1)
						return "a wing facelet without one partner";
					if (other[0] > i) {
						md->wing_facelet[nw][0] = (uint8_t)i;
						md->wing_facelet[nw][1] = (uint8_t)other[0];
						wing_of[i] = wing_of[other[0]] = nw++;
					}
				} else if (cube_partners(4, i, other) == 2 && other[0] > i && other[1] > i) {
					md->corner_facelet[ncorner][0] = (uint8_t)i;
					md->corner_facelet[ncorner][1] = (uint8_t)other[0];
					md->corner_facelet[ncorner++][2] = (uint8_t)other[1];
				}
			}
	if (nc != R4_CENTRES || nw != R4_WINGS || ncorner != 8)
		return "centre, wing or corner counts";
	/* Slots in the order their first wing is met. */
	for (k = 0; k < R4_SLOTS; k++)
		md->slot_faces[k][0] = md->slot_faces[k][1] = 6;
	for (k = 0, c = 0; k < R4_WINGS; k++) {
		int a = md->wing_facelet[k][0] / 16, b = md->wing_facelet[k][1] / 16;
		int s = slot_of_faces(md, a, b);

		if (s < 0) {
			if (c == R4_SLOTS)
				return "more than 12 slots";
			md->slot_faces[c][0] = (uint8_t)a;
			md->slot_faces[c][1] = (uint8_t)b;
			s = c++;
		}
		md->wing_slot[k] = (uint8_t)s;
	}
	memset(md->slot_of_colours, 0xff, sizeof md->slot_of_colours);
	for (k = 0; k < R4_SLOTS; k++) {
		md->slot_of_colours[md->slot_faces[k][0]][md->slot_faces[k][1]] = (uint8_t)k;
		md->slot_of_colours[md->slot_faces[k][1]][md->slot_faces[k][0]] = (uint8_t)k;
	}
	for (k = 0; k < R4_WINGS; k++) {
		int f0 = md->wing_facelet[k][0], f1 = md->wing_facelet[k][1], pos[3];

		/* The lower colour on f0 (handed[k][0]) or on f1. */
		cube_facelet_position(4, f0, pos);
		md->handed[k][0] = (uint8_t)cube_handedness(f0 / 16, f1 / 16, pos);
		md->handed[k][1] = (uint8_t)cube_handedness(f1 / 16, f0 / 16, pos);
	}
	cube_solved(&solved, 4);
	for (k = 0; k < R4_WINGS; k++)
		md->wing_home_id[k] = (uint8_t)r4_wing_id(md, &solved, k);
	for (k = 0; k < R4_WINGS; k++)
		for (c = 0; c < k; c++)
			if (md->wing_home_id[k] == md->wing_home_id[c])
				return "two wings with one identity";
	for (m = 0; m < R4_MOVES; m++) {
		int to[R4_FACELETS], perm[R4_WINGS];

		facelet_to(md, m, to);
		for (k = 0; k < R4_CENTRES; k++) {
			int dst = to[md->centre_facelet[k]];

			md->centre_to[m][k] = (uint8_t)((dst / 16) * 4 + (dst % 16 / 4 - 1) * 2 + dst % 4 - 1);
		}
		for (k = 0; k < R4_WINGS; k++)
			perm[k] = md->wing_to[m][k] = (uint8_t)wing_of[to[md->wing_facelet[k][0]]];
		md->wing_odd[m] = cube_odd_permutation(perm, R4_WINGS);
	}
	return NULL;
}

/* Phase 2 keeps the R-L axis's centres on R and L: every face turn, Rw
 * and Lw, and the other wide half turns. Phase 3 keeps the wing halves
 * apart as well: U, D, F, B, every half turn. */
static const char *
build_move_sets(struct r4_model *md)
{
	int m, n2 = 0, n3 = 0;

	for (m = 0; m < R4_MOVES; m++) {
		int face = m / 6, wide = m / 3 % 2, t = m % 3 + 1;

		if (!wide || face % 3 == 1 || t == 2)
			md->phase2_moves[n2++] = (uint8_t)m;
		if ((!wide && face % 3 != 1) || t == 2) {
			md->phase3_searched[n3] = !(wide && face >= 3);
			md->phase3_moves[n3++] = (uint8_t)m;
		}
	}
	return n2 == R4_PHASE2_MOVES && n3 == R4_PHASE3_MOVES ? NULL : "move set sizes";
}

/* The whole-cube half turn about axis a is its two wide half turns
 * together (a 4x4x4 has four layers); each move's conjugate by it is
 * found among the moves. */
static const char *
build_half_turns(struct r4_model *md)
{
	int a, m, k, d;

	memset(md->wide_partner, -1, sizeof md->wide_partner);
	for (a = 0; a < 3; a++) {
		int near = a * 6 + 4, far = (a + 3) * 6 + 4;   /* Uw2 and Dw2 */
		uint8_t turn[R4_FACELETS];

		md->wide_partner[near] = (int8_t)far;
		md->wide_partner[far] = (int8_t)near;
		for (d = 0; d < R4_FACELETS; d++)
			turn[d] = md->src[near][md->src[far][d]];
		for (m = 0; m < R4_MOVES; m++) {
			uint8_t conj[R4_FACELETS];

			for (d = 0; d < R4_FACELETS; d++)
				conj[d] = turn[md->src[m][turn[d]]];
			for (k = 0; k < R4_MOVES && memcmp(md->src[k], conj, sizeof conj) != 0; k++)
				;
			if (k == R4_MOVES)
				return "a move whose conjugate by a whole-cube half turn is no move";
			md->half_turn_conj[a][m] = (uint8_t)k;
		}
	}
	return NULL;
}

/* The wing places fall into two orbits under phase 3's turns, each with
 * one place of every slot (the halves). */
static const char *
build_halves(struct r4_model *md)
{
	int k, p, s, changed, label[R4_WINGS];

	for (p = 0; p < R4_WINGS; p++)
		label[p] = p;
	do {
		changed = 0;
		for (k = 0; k < R4_PHASE3_MOVES; k++)
			for (p = 0; p < R4_WINGS; p++) {
				int q = md->wing_to[md->phase3_moves[k]][p];
				int low = label[p] < label[q] ? label[p] : label[q];

				if (label[p] != low || label[q] != low) {
					label[p] = label[q] = low;
					changed = 1;
				}
			}
	} while (changed);
	memset(md->half_place, 0xff, sizeof md->half_place);
	for (p = 0; p < R4_WINGS; p++) {
		int h = label[p] == label[0] ? 0 : 1;

		s = md->wing_slot[p];
		if (md->half_place[h][s] != 0xff)
			return "a half with two places of one slot";
		md->half_of[p] = (uint8_t)h;
		md->half_place[h][s] = (uint8_t)p;
	}
	for (k = 0; k < R4_PHASE3_MOVES; k++) {
		int perm[R4_SLOTS];

		for (s = 0; s < R4_SLOTS; s++) {
			int h;

			for (h = 0; h < 2; h++) {
				int q = md->wing_to[md->phase3_moves[k]][md->half_place[h][s]];

				if (md->half_of[q] != h)
					return "a phase-3 turn that mixes the halves";
				md->half_slot_to[h][k][s] = md->wing_slot[q];
			}
			perm[s] = md->half_slot_to[0][k][s];
		}
		md->half_odd[k] = cube_odd_permutation(perm, R4_SLOTS);
		/* A quarter turn is odd on the corners. */
		md->parity_flip[k] = (md->phase3_moves[k] % 3 != 1) != md->half_odd[k];
	}
	for (k = 0; k < R4_MOVES; k++)
		for (p = 0; p < R4_WINGS; p++)
			if (md->half_of[md->wing_to[k][p]] == 0)
				md->half0_from[k][md->wing_slot[md->wing_to[k][p]]] = (uint8_t)p;
	return NULL;
}

/* view_move[v][m]: the move m' on a cube C with view(C m') = view(C) m,
 * found by trying every m' on a scrambled cube. */
static const char *
build_views(struct r4_model *md)
{
	const char *problem = NULL;
	int v;

	for (v = 0; v < R4_VIEWS && problem == NULL; v++)
		problem = cube_view_moves(4, &md->src[0][0], view_turn[v],
		    "R Uw F2 Lw' D B' Rw2 U' Fw L2 Dw' B R' Bw U2 F' Lw D2 Rw' Uw2 B2 Fw' L D' R2",
		    md->view_move[v]);
	return problem;
}

static void
build_model(void)
{
	build_moves(&model);
	model_problem = build_places(&model);
	if (model_problem == NULL)
		model_problem = build_move_sets(&model);
	if (model_problem == NULL)
		model_problem = build_half_turns(&model);
	if (model_problem == NULL)
		model_problem = build_halves(&model);
	if (model_problem == NULL)
		model_problem = build_views(&model);
}

const struct r4_model *
r4_model_get(struct tw_error *err)
{
	pthread_once(&model_once, build_model);
	if (model_problem != NULL) {
		tw_error_set(err, "internal error: the 4x4x4 model: %s", model_problem);
		return NULL;
	}
	return &model;
}
