/* Pieces shared by the big cubes' reductions (pieces.h). */
#include "solvers/cube/big/core/pieces.h"

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
			tw_error_cancelled(err);
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

/* C(n, k), n <= 24, k <= 12 (0 for k > n). */
const uint32_t cube_binomials[25][13] = {
	{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{1, 3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	{1, 4, 6, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0},
	{1, 5, 10, 10, 5, 1, 0, 0, 0, 0, 0, 0, 0},
	{1, 6, 15, 20, 15, 6, 1, 0, 0, 0, 0, 0, 0},
	{1, 7, 21, 35, 35, 21, 7, 1, 0, 0, 0, 0, 0},
	{1, 8, 28, 56, 70, 56, 28, 8, 1, 0, 0, 0, 0},
	{1, 9, 36, 84, 126, 126, 84, 36, 9, 1, 0, 0, 0},
	{1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1, 0, 0},
	{1, 11, 55, 165, 330, 462, 462, 330, 165, 55, 11, 1, 0},
	{1, 12, 66, 220, 495, 792, 924, 792, 495, 220, 66, 12, 1},
	{1, 13, 78, 286, 715, 1287, 1716, 1716, 1287, 715, 286, 78, 13},
	{1, 14, 91, 364, 1001, 2002, 3003, 3432, 3003, 2002, 1001, 364, 91},
	{1, 15, 105, 455, 1365, 3003, 5005, 6435, 6435, 5005, 3003, 1365, 455},
	{1, 16, 120, 560, 1820, 4368, 8008, 11440, 12870, 11440, 8008, 4368, 1820},
	{1, 17, 136, 680, 2380, 6188, 12376, 19448, 24310, 24310, 19448, 12376, 6188},
	{1, 18, 153, 816, 3060, 8568, 18564, 31824, 43758, 48620, 43758, 31824, 18564},
	{1, 19, 171, 969, 3876, 11628, 27132, 50388, 75582, 92378, 92378, 75582, 50388},
	{1, 20, 190, 1140, 4845, 15504, 38760, 77520, 125970, 167960, 184756, 167960, 125970},
	{1, 21, 210, 1330, 5985, 20349, 54264, 116280, 203490, 293930, 352716, 352716, 293930},
	{1, 22, 231, 1540, 7315, 26334, 74613, 170544, 319770, 497420, 646646, 705432, 646646},
	{1, 23, 253, 1771, 8855, 33649, 100947, 245157, 490314, 817190, 1144066, 1352078, 1352078},
	{1, 24, 276, 2024, 10626, 42504, 134596, 346104, 735471, 1307504, 1961256, 2496144, 2704156},
};

uint32_t
cube_colex_unrank(uint32_t rank, int n, int k)
{
	uint32_t mask = 0;

	for (n--; k > 0; n--)
		if (cube_binomials[n][k] <= rank) {
			rank -= cube_binomials[n][k];
			mask |= 1u << n;
			k--;
		}
	return mask;
}

void
cube_colex_rank_parts(uint32_t *part, int kmax)
{
	int b, c, i;
	unsigned x;

	for (b = 0; b < 3; b++)
		for (c = 0; c <= kmax; c++)
			for (x = 0; x < 256; x++) {
				uint32_t sum = 0;
				int j = c;

				for (i = 0; i < 8; i++)
					if (x >> i & 1) {
						j++;
						sum += j <= kmax ? cube_binomials[b * 8 + i][j] : 0;
					}
				part[((size_t)b * (size_t)(kmax + 1) + (size_t)c) * 256 + x] = sum;
			}
}

int
cube_merge_block_turns(uint8_t *moves, int n, int from, int *merged_from)
{
	int i, kept = 0;

	*merged_from = 0;
	for (i = 0; i < n; i++) {
		int m = moves[i];

		if (kept > 0 && moves[kept - 1] / 3 == m / 3) {
			int t = (moves[kept - 1] % 3 + 1 + m % 3 + 1) % 4;

			if (i >= from)
				*merged_from += t == 0 ? 2 : 1;
			if (t == 0)
				kept--;
			else
				moves[kept - 1] = (uint8_t)(m / 3 * 3 + t - 1);
			continue;
		}
		moves[kept++] = (uint8_t)m;
	}
	return kept;
}
