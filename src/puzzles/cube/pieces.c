/* Pieces shared by the phase reductions (pieces.h). */
#include "puzzles/cube/pieces.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static const char face_letter[] = "URFDLB";
/* Each face's outward normal: x towards R, y towards U, z towards F. */
static const int normal[6][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};

bool
cube_odd_permutation(const int *perm, int n)
{
	bool seen[32] = {false}, odd = false;
	int i, j;

	for (i = 0; i < n; i++) {
		if (seen[i])
			continue;
		for (j = i; !seen[j]; j = perm[j]) {
			seen[j] = true;
			if (perm[j] != i)
				odd = !odd;
		}
	}
	return odd;
}

int
cube_handedness(int fa, int fb, const int pos[3])
{
	const int *u = normal[fa], *v = normal[fb];
	int cross[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};

	return pos[0] * cross[0] + pos[1] * cross[1] + pos[2] * cross[2] > 0;
}

void
cube_outer_move(int n, int m, uint8_t *src, char *name, uint8_t *axis, uint8_t *order)
{
	struct cube lab;
	struct cube_move mv = {0};
	int face = m / 6, wide = m / 3 % 2, t = m % 3 + 1, d, count = 6 * n * n;

	/* Each facelet labelled by its index + 1 (never NUL), as a byte. */
	lab.n = n;
	for (d = 0; d < count; d++)
		lab.f[d] = (char)(unsigned char)(d + 1);
	lab.f[count] = '\0';
	mv.face = (enum cube_face)face;
	mv.first = 1;
	mv.last = wide ? 2 : 1;
	mv.turns = t;
	cube_move_do(&lab, &mv);
	for (d = 0; d < count; d++)
		src[d] = (uint8_t)((unsigned char)lab.f[d] - 1);
	snprintf(name, 5, "%c%s%s", face_letter[face], wide ? "w" : "", t == 1 ? "" : t == 2 ? "2" : "'");
	*axis = (uint8_t)(face % 3);
	*order = (uint8_t)(face < 3 ? wide : 3 - wide);
}

void
cube_apply_src(struct cube *c, const uint8_t *src)
{
	char out[CUBE_MAX_FACELETS];
	int d, count = 6 * c->n * c->n;

	for (d = 0; d < count; d++)
		out[d] = c->f[src[d]];
	memcpy(c->f, out, (size_t)count);
}

void
cube_view_turn(const struct cube *c, const char *turn, struct cube *out)
{
	struct cube solved;
	char colour_map[6];
	int f, i, n = c->n, count = 6 * n * n;

	*out = *c;
	if (turn == NULL)
		return;
	cube_solved(&solved, n);
	cube_apply_alg(&solved, turn, NULL);
	cube_apply_alg(out, turn, NULL);
	/* Facelet (1, 1) of each face is a centre for n >= 3. */
	for (f = 0; f < 6; f++)
		colour_map[strchr(face_letter, solved.f[f * n * n + n + 1]) - face_letter] = face_letter[f];
	for (i = 0; i < count; i++)
		out->f[i] = colour_map[strchr(face_letter, out->f[i]) - face_letter];
}

const char *
cube_view_moves(int n, const uint8_t *src, const char *turn, const char *scramble,
    uint8_t *view_move)
{
	struct cube scrambled;
	int m, k, count = 6 * n * n;

	cube_solved(&scrambled, n);
	if (!cube_apply_alg(&scrambled, scramble, NULL))
		return "scramble";
	for (m = 0; m < CUBE_OUTER_MOVES; m++) {
		struct cube want, got;
		int found = 0;

		cube_view_turn(&scrambled, turn, &want);
		cube_apply_src(&want, src + (size_t)m * (size_t)count);
		for (k = 0; k < CUBE_OUTER_MOVES; k++) {
			struct cube turned = scrambled;

			cube_apply_src(&turned, src + (size_t)k * (size_t)count);
			cube_view_turn(&turned, turn, &got);
			if (memcmp(got.f, want.f, (size_t)count) == 0) {
				view_move[m] = (uint8_t)k;
				found++;
			}
		}
		if (found != 1)
			return "a view's move without one match";
	}
	return NULL;
}

void
cube_space_map(int a, int *axis, int *sign)
{
	static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
	int i;

	for (i = 0; i < 3; i++) {
		axis[i] = perms[a / 8][i];
		sign[i] = a >> i & 1 ? -1 : 1;
	}
}

bool
cube_table_bfs(uint8_t *table, uint32_t n, cube_expand_fn next, const void *ctx,
    const struct table_progress *prog, struct tw_error *err)
{
	uint32_t i, out[64];
	int depth, k, count;
	bool grew = true;

	for (depth = 0; grew && depth < CUBE_TABLE_UNSEEN - 1; depth++) {
		grew = false;
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_set(err, "cancelled");
			return false;
		}
		for (i = 0; i < n; i++) {
			if (table[i] != depth)
				continue;
			count = next(ctx, i, out);
			for (k = 0; k < count; k++)
				if (table[out[k]] == CUBE_TABLE_UNSEEN) {
					table[out[k]] = (uint8_t)(depth + 1);
					grew = true;
				}
		}
	}
	return true;
}

int
cube_face_turn_move(const char *token)
{
	int face = (int)(strchr(face_letter, token[0]) - face_letter);
	int t = token[1] == '2' ? 2 : token[1] == '\'' ? 3 : 1;

	return face * 6 + t - 1;
}
