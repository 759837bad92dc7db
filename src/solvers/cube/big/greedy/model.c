/* The greedy reduction's model (internal.h): face letters and the cube's
 * 24 orientations, the move tables (single layers and wide blocks as the
 * facelets they change), the edge slots and their wings, what a position's
 * colours say (centres solved, edges paired, wing orbit parities, the
 * reduced 3x3x3), and the tables of each size, built once and kept. */
#include "solvers/cube/big/greedy/internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


const char rd_face_letter[] = "URFDLB";

/* The 24 orientations of the whole cube. */
const char *const rd_rot[24] = {"", "y", "y2", "y'", "x", "x y",
    "x y2", "x y'", "x2", "x2 y", "x2 y2", "x2 y'", "x'", "x' y",
    "x' y2", "x' y'", "z", "z y", "z y2", "z y'", "z'", "z' y",
    "z' y2", "z' y'"};

double
rd_now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
rd_apply_plain(const struct rtab *t, uint8_t *col, int m)
{
	uint8_t tmp[MAXF];
	const uint16_t *d = t->dst + t->off[m], *s = t->src + t->off[m];
	int i, len = t->len[m];

	for (i = 0; i < len; i++)
		tmp[i] = col[s[i]];
	for (i = 0; i < len; i++)
		col[d[i]] = tmp[i];
}

/* Edge slots: the facelets of every wing, grouped by the edge they lie on,
 * by their coordinate along it. */
static void
find_slots(struct rtab *t)
{
	int n = t->n, nn = n * n, pairs[6][6], f, r, c, count = 0;

	memset(pairs, -1, sizeof pairs);
	memset(t->slot_of, -1, sizeof t->slot_of);
	memset(t->wing_id, -1, sizeof t->wing_id);
	memset(t->centre_id, -1, sizeof t->centre_id);
	t->nwings = NSLOTS * n;
	memset(t->centre, 0, sizeof t->centre);
	for (f = 0; f < 6; f++) {
		for (r = 0; r < n; r++) {
			for (c = 0; c < n; c++) {
				int i = f * nn + r * n + c, other[2], g, k;
				bool rb = r == 0 || r == n - 1, cb = c == 0 || c == n - 1;

				if (!rb && !cb) {
					t->centre[i] = 1;
					t->centre_id[i] = (int16_t)i;
					continue;
				}
				if (rb == cb)
					continue;   /* a corner */
				cube_partners(n, i, other);
				g = other[0] / nn;
				if (g < f)
					continue;   /* seen from the other face */
				if (pairs[f][g] < 0)
					pairs[f][g] = count++;
				k = rb ? c : r;
				t->wing[pairs[f][g]][k][0] = i;
				t->wing[pairs[f][g]][k][1] = other[0];
				t->slot_of[i] = t->slot_of[other[0]] = (int8_t)pairs[f][g];
				t->wing_id[i] = t->wing_id[other[0]] = (int16_t)(pairs[f][g] * n + k);
			}
		}
	}
	t->ref = (n - 1) / 2;
}

/* Fills move m: the turn mv as (dst, src) pairs, and fwd when given. */
static void
move_fill(struct rtab *t, int m, const struct cube_move *mv, int *total, uint16_t *fwd)
{
	struct cube lo, hi;
	int nf = t->nf, i, pass;

	lo.n = hi.n = t->n;
	for (i = 0; i < nf; i++) {
		lo.f[i] = (char)(i & 0xff);
		hi.f[i] = (char)(i >> 8);
		if (fwd != NULL)
			fwd[i] = (uint16_t)i;
	}
	lo.f[nf] = hi.f[nf] = '\0';
	cube_move_do(&lo, mv);
	cube_move_do(&hi, mv);
	t->off[m] = *total;
	t->lo_of[m] = (int8_t)(mv->first - 1);
	t->hi_of[m] = (int8_t)(mv->last - 1);
	/* Centres first: the centre stages' searches move only those. */
	for (pass = 1; pass >= 0; pass--) {
		for (i = 0; i < nf; i++) {
			int from = (unsigned char)lo.f[i] | (unsigned char)hi.f[i] << 8;

			if (from != i && t->centre[i] == pass) {
				t->dst[*total] = (uint16_t)i;
				t->src[*total] = (uint16_t)from;
				if (fwd != NULL)
					fwd[from] = (uint16_t)i;
				(*total)++;
			}
		}
		if (pass == 1)
			t->clen[m] = *total - t->off[m];
	}
	t->len[m] = *total - t->off[m];
}

static bool
build_moves(struct rtab *t)
{
	int n = t->n, nf = t->nf, axis, layer, tt, total = 0, i, d, side;
	static const enum cube_face axis_face[3] = {FACE_U, FACE_R, FACE_F};

	t->nmoves = 9 * n;
	t->nall = t->nmoves + 18 * (n - 3);
	t->off = calloc((size_t)t->nall, sizeof *t->off);
	t->len = calloc((size_t)t->nall, sizeof *t->len);
	t->clen = calloc((size_t)t->nall, sizeof *t->clen);
	t->dst = malloc((size_t)t->nall * (size_t)nf * sizeof *t->dst);
	t->src = malloc((size_t)t->nall * (size_t)nf * sizeof *t->src);
	t->fwd = malloc((size_t)t->nmoves * (size_t)nf * sizeof *t->fwd);
	if (t->off == NULL || t->len == NULL || t->clen == NULL || t->dst == NULL ||
	    t->src == NULL || t->fwd == NULL)
		return false;
	for (axis = 0; axis < 3; axis++)
		for (layer = 0; layer < n; layer++)
			for (tt = 1; tt <= 3; tt++) {
				struct cube_move mv = {axis_face[axis], layer + 1, layer + 1, tt, ""};
				int m = move_index(n, axis, layer, tt);

				move_fill(t, m, &mv, &total, t->fwd + (size_t)m * (size_t)nf);
			}
	for (axis = 0; axis < 3; axis++)
		for (side = 0; side < 2; side++)
			for (d = 2; d <= n - 2; d++)
				for (tt = 1; tt <= 3; tt++) {
					struct cube_move mv = {axis_face[axis], side == 0 ? 1 : n - d + 1,
					    side == 0 ? d : n, tt, ""};

					move_fill(t, block_move(t, axis, side, d, tt), &mv, &total, NULL);
				}
	for (i = 0; i < t->nall; i++) {
		int k, s;

		t->nmslot[i] = 0;
		for (k = 0; k < t->len[i]; k++) {
			int j;

			s = t->slot_of[t->dst[t->off[i] + k]];
			if (s < 0)
				continue;
			for (j = 0; j < t->nmslot[i] && t->mslot[i][j] != s; j++)
				;
			if (j == t->nmslot[i] && j < 8)
				t->mslot[i][t->nmslot[i]++] = (uint8_t)s;
		}
	}
	t->bytes += (size_t)t->nall * (size_t)nf * 2 * sizeof(uint16_t) +
	    (size_t)t->nmoves * (size_t)nf * sizeof(uint16_t);
	return true;
}

/* The target colours of a solved cube: face f shows colour f. */
bool
rd_centres_solved(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour)
{
	int i;

	for (i = 0; i < t->nf; i++)
		if (t->centre[i] && col[i] != face_colour[i / (t->n * t->n)])
			return false;
	return true;
}

bool
rd_edges_paired(const struct rtab *t, const uint8_t *col)
{
	int s;

	for (s = 0; s < NSLOTS; s++)
		if (slot_score(t, col, s) != t->n - 3)
			return false;
	return true;
}

/* The wing orbits whose permutation is odd on col, the faces coloured
 * face_colour: bit j for the orbit of coordinates j and n-1-j (j >= 1,
 * 2j < n-1). A wing is known by its two colours and, of the slot's two
 * wings with those colours in the orbit, by t->wing_flip. The edges can
 * be paired without a wing swap (or, on even cubes, an OLL parity) only
 * when every orbit is even. */
unsigned
rd_wing_parity(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour)
{
	int n = t->n, nn = n * n, j;
	unsigned odd = 0;

	for (j = 1; 2 * j < n - 1; j++) {
		int pos[2 * NSLOTS], home[2 * NSLOTS], i, k, len, parity = 0;
		bool seen[2 * NSLOTS] = {false};

		for (i = 0; i < NSLOTS; i++) {
			pos[2 * i] = i * n + j;
			pos[2 * i + 1] = i * n + n - 1 - j;
		}
		for (i = 0; i < 2 * NSLOTS; i++) {
			const int *w = t->wing[pos[i] / n][pos[i] % n];
			int x = col[w[0]], y = col[w[1]];

			home[i] = -1;
			for (k = 0; k < 2 * NSLOTS && home[i] < 0; k++) {
				const int *h = t->wing[pos[k] / n][pos[k] % n];
				int a = face_colour[h[0] / nn], b = face_colour[h[1] / nn];

				if (t->wing_flip[pos[k]][pos[i]] ? x == b && y == a : x == a && y == b)
					home[i] = k;
			}
			if (home[i] < 0)
				return 0;   /* not a valid cube: the edges phase says so */
		}
		for (i = 0; i < 2 * NSLOTS; i++) {
			if (seen[i])
				continue;
			for (k = i, len = 0; !seen[k]; k = home[k], len++)
				seen[k] = true;
			parity ^= (len + 1) & 1;   /* a cycle of len is len-1 swaps */
		}
		if (parity)
			odd |= 1u << j;
	}
	return odd;
}

/* The reduced cube as a 3x3x3, colours renamed so that face f's colour is
 * face f's letter. */
void
rd_reduced_3x3(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour,
    struct cube *out)
{
	int n = t->n, f, r, c, map[3] = {0, t->ref, n - 1};
	char name[6];

	for (f = 0; f < 6; f++)
		name[face_colour[f]] = rd_face_letter[f];
	cube_solved(out, 3);
	for (f = 0; f < 6; f++)
		for (r = 0; r < 3; r++)
			for (c = 0; c < 3; c++)
				out->f[f * 9 + r * 3 + c] =
				    name[col[f * n * n + map[r] * n + map[c]]];
}

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rtab *tables[CUBE_MAX_N + 1];

static void
rtab_free(struct rtab *t)
{
	int i, ph;

	if (t == NULL)
		return;
	free(t->off);
	free(t->len);
	free(t->clen);
	free(t->dst);
	free(t->src);
	free(t->fwd);
	free(t->cmac);
	free(t->wmac);
	free(t->pmac);
	free(t->bmac);
	free(t->imac);
	free(t->hmac);
	free(t->wpairs.start);
	free(t->wpairs.list);
	free(t->cpairs.start);
	free(t->cpairs.list);
	free(t->cto.start);
	free(t->cto.list);
	free(t->ito.start);
	free(t->ito.list);
	free(t->iset);
	free(t->bset);
	free(t->hset);
	free(t->pslots);
	free(t->psrc);
	free(t->psrc_off);
	free(t->from);
	free(t->to);
	free(t->rot);
	if (t->otypes != NULL)
		for (i = 0; i < t->notypes; i++)
			for (ph = 0; ph < STAGE_PHASES; ph++) {
				free(t->otypes[i].perm[ph]);
				free(t->otypes[i].dist[ph]);
			}
	free(t->otypes);
	rd_face_beam_free(t->f2);
	free(t);
}

/* Fills t->wing_flip by following one wing's home sticker through the
 * single-layer turns from each home. */
static void
build_wing_flips(struct rtab *t)
{
	int n = t->n, h;

	for (h = 0; h < t->nwings; h++) {
		int queue[2 * NSLOTS * CUBE_MAX_N], head = 0, tail = 0;

		memset(t->wing_flip[h], -1, sizeof t->wing_flip[h]);
		if (h % n == 0 || h % n == n - 1)
			continue;   /* a corner's coordinate */
		t->wing_flip[h][h] = 0;
		queue[tail++] = t->wing[h / n][h % n][0];
		while (head < tail) {
			int a = queue[head++], m;

			for (m = 0; m < t->nmoves; m++) {
				int b = t->fwd[(size_t)m * (size_t)t->nf + (size_t)a], p = t->wing_id[b];

				if (t->wing_flip[h][p] < 0) {
					t->wing_flip[h][p] = (int8_t)(b == t->wing[p / n][p % n][1]);
					queue[tail++] = b;
				}
			}
		}
	}
}

const struct rtab *
rd_table_for(int n, bool *built)
{
	struct rtab *t;
	double start;
	bool moves_ok;

	pthread_mutex_lock(&table_lock);
	if (tables[n] != NULL) {
		pthread_mutex_unlock(&table_lock);
		if (built != NULL)
			*built = false;
		return tables[n];
	}
	start = rd_now_seconds();
	if (rd_binom24[0][0] == 0)
		rd_rank_init();
	t = calloc(1, sizeof *t);
	if (t != NULL) {
		t->n = n;
		t->nf = 6 * n * n;
		t->bytes = sizeof *t;
		find_slots(t);
		moves_ok = build_moves(t);
		if (moves_ok)
			build_wing_flips(t);
		if (!moves_ok || !rd_build_macros(t) || !rd_build_pairing(t) ||
		    !rd_build_centre_blocks(t) || !rd_build_centre_insertions(t) ||
		    !rd_build_centre_conjugates(t) || !rd_index_centre_macros(t) || !rd_index_pairing(t) ||
		    ((rd_stage_width[n] > 0 || rd_first_face_width[n] > 0 || rd_second_face_width[n] > 0) &&
		    !rd_build_staged(t)) ||
		    (rd_second_face_width[n] > 0 && !rd_build_face_beam(t, 1 << 0, 3, &t->f2))) {
			rtab_free(t);
			t = NULL;
		} else {
			t->seconds = rd_now_seconds() - start;
		}
	}
	tables[n] = t;
	pthread_mutex_unlock(&table_lock);
	if (built != NULL)
		*built = t != NULL;
	return t;
}
