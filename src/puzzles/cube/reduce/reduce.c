#include "puzzles/cube/reduce/reduce.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/cube/cube3.h"
#include "puzzles/cube/reduce4/reduce4.h"
#include "puzzles/cube/reduce5/reduce5.h"

const char *const cube_reduce_phase_name[REDUCE_PHASES] = {
	"centres", "edges", "parity", "3x3x3",
};

#define MAXF CUBE_MAX_FACELETS
#define NSLOTS 12
#define MAX_DEPTH 24          /* longest candidate: setups, macro, setups */
#define MAX_MACRO 16
#define MAX_LOOKAHEAD 4       /* steps looked at two deep */
#define MAX_PARITY 192
#define MAX_ALL (9 * CUBE_MAX_N + 18 * (CUBE_MAX_N - 3))
#define ORB_MAX (((CUBE_MAX_N - 2) * (CUBE_MAX_N - 2)) / 4)
#define OTYPE_MAX 8
enum { STAGE_A, STAGE_B, STAGE_C, STAGE_F1, STAGE_PHASES };

struct otype;
struct face_beam;

static const char face_letter[] = "URFDLB";

/* The 24 orientations of the whole cube. */
static const char *const rot[24] = {"", "y", "y2", "y'", "x", "x y",
    "x y2", "x y'", "x2", "x2 y", "x2 y2", "x2 y'", "x'", "x' y",
    "x' y2", "x' y'", "z", "z y", "z y2", "z y'", "z'", "z' y",
    "z' y2", "z' y'"};

/*
 * Moves. A single layer turn is an index m = (axis * n + layer) * 3 + t - 1:
 * axis 0, 1, 2 turns about U, R, F; layer 0 is the U (R, F) layer and n - 1
 * the D (L, B) layer; t quarter turns clockwise as seen from U (R, F).
 * Each move is stored as the facelets it changes: after it, facelet dst[i]
 * shows what src[i] showed.
 */
static int axis_of(int n, int m) { return m / (3 * n); }
static int layer_of(int n, int m) { return m / 3 % n; }
static int turns_of(int m) { return m % 3 + 1; }
static int move_index(int n, int axis, int layer, int t) { return (axis * n + layer) * 3 + t - 1; }
static int move_inverse(int m) { return m - m % 3 + 2 - m % 3; }

/* A macro: a sequence that changes few facelets, with its effect: the
 * sticker at from[i] goes to to[i]. */
struct macro {
	int len, off, count;
	uint16_t moves[MAX_MACRO];
};

/* Macros by the pairs of pieces they move: pair a * nid + b (a < b). */
struct pair_index {
	const int16_t *id;           /* facelet -> piece, -1 for none */
	int nid;
	int *start, *list;
};

struct rtab {
	/* Moves 0..nmoves) turn one layer; moves nmoves..nall) turn a wide
	 * block (layers 0..d-1 or n-d..n-1 of an axis, 2 <= d <= n-2), in
	 * triples of the same quarter-turn coding. */
	int n, nf, nmoves, nall;
	int8_t lo_of[MAX_ALL], hi_of[MAX_ALL];
	int *off, *len;
	int *clen;                   /* the first clen[m] pairs move centres */
	uint16_t *dst, *src;
	uint16_t *fwd;               /* fwd[m * nf + p]: where the sticker at p goes */
	int8_t slot_of[MAXF];        /* wing facelets: their edge, else -1 */
	uint8_t centre[MAXF];
	int wing[NSLOTS][CUBE_MAX_N][2];  /* slot, coordinate along it, the two facelets */
	int ref;                     /* the reference coordinate (middle on odd n) */
	uint8_t mslot[MAX_ALL][8], nmslot[MAX_ALL];
	struct macro *cmac, *wmac;   /* centre 3-cycles; wing 3-cycles and swaps */
	int ncmac, nwmac, nswap;      /* the last nswap of wmac are swaps */
	struct macro *pmac;          /* edge pairing: block, mid, block back */
	int npmac;
	struct macro *bmac;          /* centre 3-cycles of rectangles */
	int nbmac;
	struct macro *imac;          /* centre insertions B X B^-1 */
	int nimac;
	struct macro *hmac;          /* centre conjugates B X F X^-1 B^-1 */
	int nhmac;
	/* Wing 3-cycles by the pairs of wings they move: wing_id[facelet]
	 * (slot * n + coordinate); centre 3-cycles by pairs of facelets. */
	int16_t wing_id[MAXF], centre_id[MAXF];
	int nwings;
	/* wing_flip[h][p]: a wing whose home is h (slot * n + coordinate)
	 * shows, at p, its wing[h][0] sticker on wing[p][1] (wings cannot
	 * turn in place, so this is fixed by h and p). */
	int8_t wing_flip[NSLOTS * CUBE_MAX_N][NSLOTS * CUBE_MAX_N];
	struct pair_index wpairs, cpairs;
	uint16_t *from, *to;         /* macro effects */
	int npool, cappool;
	/* Even n: sequences for OLL and PLL parity that keep the reduction. */
	uint16_t oll[MAX_PARITY], pll[MAX_PARITY];
	int oll_len, pll_len;
	/* Staged centres: the 24 rotations, the centre orbits (facelet k is
	 * rot k of the base) and their types' tables. */
	uint16_t *rot;
	int norb, notypes;
	uint16_t orb_pos[ORB_MAX][24];
	uint8_t orb_type[ORB_MAX];
	struct otype *otypes;
	struct face_beam *f2;        /* phase F2's steps and tables, or NULL */
	size_t bytes;
	double seconds;
};

/* The wide block of d layers (2 <= d <= n-2) from an axis's own face
 * (side 0) or the opposite one (side 1), t quarter turns. */
static int
block_move(const struct rtab *t, int axis, int side, int d, int tt)
{
	return t->nmoves + ((axis * 2 + side) * (t->n - 3) + d - 2) * 3 + tt - 1;
}

/* The axis of any move, single layer or block. */
static int
move_axis(const struct rtab *t, int m)
{
	return m < t->nmoves ? axis_of(t->n, m) : (m - t->nmoves) / (6 * (t->n - 3));
}

/* Whether m turns an outer face alone. */
static bool
is_face_turn(const struct rtab *t, int m)
{
	return m < t->nmoves && (layer_of(t->n, m) == 0 || layer_of(t->n, m) == t->n - 1);
}

static double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Internal move of a face-named turn: face F (0..5 in URFDLB), layer depth
 * d (1 = outer) from F, t quarter turns clockwise seen from F. */
static int
face_move(int n, int face, int depth, int t)
{
	if (face < 3)
		return move_index(n, face, depth - 1, t);
	return move_index(n, face - 3, n - depth, 4 - t);
}

/* The facelet colour array (0..5) of a cube and back. */
static void
colours_of(const struct cube *c, uint8_t *col)
{
	int i;

	for (i = 0; i < 6 * c->n * c->n; i++)
		col[i] = (uint8_t)(strchr(face_letter, c->f[i]) - face_letter);
}

static void
apply_plain(const struct rtab *t, uint8_t *col, int m)
{
	uint8_t tmp[MAXF];
	const uint16_t *d = t->dst + t->off[m], *s = t->src + t->off[m];
	int i, len = t->len[m];

	for (i = 0; i < len; i++)
		tmp[i] = col[s[i]];
	for (i = 0; i < len; i++)
		col[d[i]] = tmp[i];
}

/* Label tracking for building macros: lab[q] = the position whose sticker
 * is now at q. */
static void
apply_labels(const struct rtab *t, uint16_t *lab, int m)
{
	uint16_t tmp[MAXF];
	const uint16_t *d = t->dst + t->off[m], *s = t->src + t->off[m];
	int i, len = t->len[m];

	for (i = 0; i < len; i++)
		tmp[i] = lab[s[i]];
	for (i = 0; i < len; i++)
		lab[d[i]] = tmp[i];
}

static bool
pool_reserve(struct rtab *t, int more)
{
	if (t->npool + more > t->cappool) {
		int cap = t->cappool == 0 ? 4096 : t->cappool;
		uint16_t *a, *b;

		while (cap < t->npool + more)
			cap *= 2;
		a = realloc(t->from, (size_t)cap * sizeof *a);
		if (a == NULL)
			return false;
		t->from = a;
		b = realloc(t->to, (size_t)cap * sizeof *b);
		if (b == NULL)
			return false;
		t->to = b;
		t->cappool = cap;
	}
	return true;
}

/* Computes the effect of moves[0..len) into mac (its pairs appended to the
 * pool); returns the number of facelets it changes, or -1 (out of memory). */
static int
macro_make(struct rtab *t, const uint16_t *moves, int len, struct macro *mac)
{
	uint16_t lab[MAXF];
	int i, count = 0;

	for (i = 0; i < t->nf; i++)
		lab[i] = (uint16_t)i;
	for (i = 0; i < len; i++)
		apply_labels(t, lab, moves[i]);
	for (i = 0; i < t->nf; i++)
		count += lab[i] != i;
	if (!pool_reserve(t, count))
		return -1;
	mac->len = len;
	memcpy(mac->moves, moves, (size_t)len * sizeof *moves);
	mac->off = t->npool;
	mac->count = count;
	for (i = 0; i < t->nf; i++) {
		if (lab[i] != i) {
			t->from[t->npool] = lab[i];
			t->to[t->npool] = (uint16_t)i;
			t->npool++;
		}
	}
	return count;
}

static bool
macro_push(struct macro **list, int *count, const struct macro *mac)
{
	if ((*count & (*count - 1)) == 0) {
		struct macro *grown = realloc(*list, (size_t)(*count == 0 ? 1 : 2 * *count) * sizeof **list);

		if (grown == NULL)
			return false;
		*list = grown;
	}
	(*list)[(*count)++] = *mac;
	return true;
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
static bool
centres_solved(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour)
{
	int i;

	for (i = 0; i < t->nf; i++)
		if (t->centre[i] && col[i] != face_colour[i / (t->n * t->n)])
			return false;
	return true;
}

static int
slot_score(const struct rtab *t, const uint8_t *col, int s)
{
	int k, sum = 0, a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

	for (k = 1; k < t->n - 1; k++)
		if (k != t->ref)
			sum += col[t->wing[s][k][0]] == a && col[t->wing[s][k][1]] == b;
	return sum;
}

static bool
edges_paired(const struct rtab *t, const uint8_t *col)
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
static unsigned
wing_parity(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour)
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
static void
reduced_3x3(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour,
    struct cube *out)
{
	int n = t->n, f, r, c, map[3] = {0, t->ref, n - 1};
	char name[6];

	for (f = 0; f < 6; f++)
		name[face_colour[f]] = face_letter[f];
	cube_solved(out, 3);
	for (f = 0; f < 6; f++)
		for (r = 0; r < 3; r++)
			for (c = 0; c < 3; c++)
				out->f[f * 9 + r * 3 + c] =
				    name[col[f * n * n + map[r] * n + map[c]]];
}

/* A template move: face, depth (0: the sequence's slice block), turns. */
struct tmove { int face, depth, t; };

/* The turns of layers lo..hi (depths from face) as single-layer moves. */
static int
block_moves(int n, int face, int lo, int hi, int t, uint16_t *out)
{
	int d;

	for (d = lo; d <= hi; d++)
		out[d - lo] = (uint16_t)face_move(n, face, d, t);
	return hi - lo + 1;
}

enum { F_U, F_R, F_F, F_D, F_L, F_B };

/* 4x4x4 OLL parity, r2 B2 U2 l U2 r' U2 r U2 F2 r F2 l' B2 r2, with r and
 * l the layers lo..hi from R and from L, each face f of the template
 * turned to face_map[f] (the identity for the cube as it stands). */
static int
oll_sequence(int n, int lo, int hi, const int *face_map, uint16_t *out)
{
	static const struct tmove tpl[15] = {
		{F_R, 0, 2}, {F_B, 1, 2}, {F_U, 1, 2}, {F_L, 0, 1}, {F_U, 1, 2},
		{F_R, 0, 3}, {F_U, 1, 2}, {F_R, 0, 1}, {F_U, 1, 2}, {F_F, 1, 2},
		{F_R, 0, 1}, {F_F, 1, 2}, {F_L, 0, 3}, {F_B, 1, 2}, {F_R, 0, 2},
	};
	int i, len = 0;

	for (i = 0; i < 15; i++) {
		int face = face_map[tpl[i].face];

		if (tpl[i].depth == 1)
			out[len++] = (uint16_t)face_move(n, face, 1, tpl[i].t);
		else
			len += block_moves(n, face, lo, hi, tpl[i].t, out + len);
	}
	return len;
}

/* 4x4x4 PLL parity, r2 U2 r2 Uw2 r2 Uw2, with Uw the layers 1..hi from U
 * and the k-th r the layers 1..hi from R where bit k of wide is set (one
 * token), else 2..hi. */
static int
pll_sequence(int n, unsigned wide, int hi, uint16_t *out)
{
	int len = 0, k;

	for (k = 0; k < 3; k++) {
		len += block_moves(n, F_R, (wide >> k & 1) ? 1 : 2, hi, 2, out + len);
		if (k == 0)
			out[len++] = (uint16_t)face_move(n, F_U, 1, 2);
		else
			len += block_moves(n, F_U, 1, hi, 2, out + len);
	}
	return len;
}

static bool
is_centre_cycle(const struct rtab *t, const struct macro *m)
{
	int i;

	if (m->count != 3)
		return false;
	for (i = 0; i < 3; i++)
		if (!t->centre[t->to[m->off + i]])
			return false;
	return true;
}

static bool
is_wing_cycle(const struct rtab *t, const struct macro *m)
{
	int i;

	if (m->count != 6)
		return false;
	for (i = 0; i < 6; i++) {
		int p = t->to[m->off + i], s = t->slot_of[p], k;

		if (s < 0)
			return false;
		if (t->n % 2 == 1) {
			for (k = 1; k < t->n - 1; k++)
				if (t->wing[s][k][0] == p || t->wing[s][k][1] == p)
					break;
			if (k == t->ref)
				return false;
		}
	}
	return true;
}

static void
solved_colours(const struct rtab *t, uint8_t *col)
{
	int i;

	for (i = 0; i < t->nf; i++)
		col[i] = (uint8_t)(i / (t->n * t->n));
}

static const uint8_t standard_scheme[6] = {0, 1, 2, 3, 4, 5};

/* Whether seq keeps a reduced cube reduced and changes its 3x3x3's
 * defects by exactly want: played on a solved cube, and on reduced cubes
 * with the outer layers scrambled, with and without the defects it makes
 * (a sequence with wide turns moves the outer layers too). */
static bool
parity_sequence_ok(const struct rtab *t, const uint16_t *seq, int len, unsigned want)
{
	/* 3x3x3 scrambles as (face, quarter turns) pairs, face order URFDLB. */
	static const int8_t outer[3][9][2] = {
		{{0, 0}},
		{{1, 1}, {0, 1}, {2, 3}, {3, 2}, {4, 1}, {5, 3}, {0, 1}, {1, 2}, {2, 1}},
		{{2, 2}, {4, 3}, {0, 1}, {5, 1}, {3, 3}, {1, 2}, {2, 3}, {4, 1}, {0, 2}},
	};
	uint8_t col[MAXF];
	struct cube small;
	int s, pre, i;

	for (s = 0; s < 3; s++)
		for (pre = 0; pre < 2; pre++) {
			solved_colours(t, col);
			for (i = 0; pre && i < len; i++)
				apply_plain(t, col, seq[i]);
			for (i = 0; i < 9 && outer[s][i][1] != 0; i++) {
				int m = face_move(t->n, outer[s][i][0], 1, outer[s][i][1]);

				apply_plain(t, col, (uint16_t)m);
			}
			for (i = 0; i < len; i++)
				apply_plain(t, col, seq[i]);
			if (!centres_solved(t, col, standard_scheme) || !edges_paired(t, col))
				return false;
			reduced_3x3(t, col, standard_scheme, &small);
			if (cube3_defects(&small) != (pre ? 0 : want))
				return false;
		}
	return true;
}

/* A wing swap on one slice, used while pairing: played on a solved cube
 * it keeps the centres' colours and changes exactly two wings. */
static bool
wing_swap_ok(const struct rtab *t, const uint16_t *seq, int len)
{
	uint8_t col[MAXF], ref[MAXF];
	int i, changed = 0;

	solved_colours(t, col);
	memcpy(ref, col, (size_t)t->nf);
	for (i = 0; i < len; i++)
		apply_plain(t, col, seq[i]);
	for (i = 0; i < t->nf; i++) {
		if (col[i] != ref[i]) {
			if (t->slot_of[i] < 0)
				return false;
			changed++;
		}
	}
	return changed == 4;
}

/* Indexes macs[0..count) by the pairs of pieces (ids) they move. */
static bool
index_pairs(struct rtab *t, struct pair_index *px, const struct macro *macs, int count)
{
	int w = px->nid, i, k, j, total = 0;

	px->start = calloc((size_t)w * (size_t)w + 1, sizeof *px->start);
	px->list = malloc((size_t)(3 * count + 1) * sizeof *px->list);
	if (px->start == NULL || px->list == NULL)
		return false;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < count; i++) {
			const struct macro *m = &macs[i];
			int ids[6], n_ids = 0, a, b;

			for (j = 0; j < m->count; j++) {
				int id = px->id[t->to[m->off + j]], seen;

				for (seen = 0; seen < n_ids && ids[seen] != id; seen++)
					;
				if (seen == n_ids && n_ids < 6)
					ids[n_ids++] = id;
			}
			for (a = 0; a < n_ids; a++)
				for (b = a + 1; b < n_ids; b++) {
					int lo = ids[a] < ids[b] ? ids[a] : ids[b];
					int hi = ids[a] < ids[b] ? ids[b] : ids[a];

					if (k == 0)
						px->start[lo * w + hi + 1]++;
					else
						px->list[px->start[lo * w + hi]++] = i;
				}
		}
		if (k == 0) {
			for (j = 0; j < w * w; j++)
				px->start[j + 1] += px->start[j];
			total = px->start[w * w];
		} else {
			/* Filling moved each start to the next one's. */
			for (j = w * w; j > 0; j--)
				px->start[j] = px->start[j - 1];
			px->start[0] = 0;
		}
	}
	t->bytes += ((size_t)w * (size_t)w + 1 + (size_t)total) * sizeof(int);
	return true;
}

static bool
build_macros(struct rtab *t)
{
	int n = t->n, a, la, ta, b, fl, tf, lb, tx, i;
	uint16_t seq[MAX_PARITY];
	struct macro mac;

	/* Centre 3-cycles [A, F X F'] with A, X slices on one axis. */
	for (a = 0; a < 3; a++)
		for (la = 1; la < n - 1; la++)
			for (ta = 1; ta <= 3; ta++)
				for (b = 0; b < 3; b++)
					for (fl = 0; fl < 2 && b != a; fl++)
						for (tf = 1; tf <= 3; tf += 2)
							for (lb = 1; lb < n - 1; lb++)
								for (tx = 1; tx <= 3 && lb != la; tx++) {
									int A = move_index(n, a, la, ta);
									int F = move_index(n, b, fl * (n - 1), tf);
									int X = move_index(n, a, lb, tx);
									uint16_t s[8] = {(uint16_t)A, (uint16_t)F,
									    (uint16_t)X, (uint16_t)move_inverse(F),
									    (uint16_t)move_inverse(A), (uint16_t)F,
									    (uint16_t)move_inverse(X),
									    (uint16_t)move_inverse(F)};
									int save = t->npool, cnt = macro_make(t, s, 8, &mac);

									if (cnt < 0)
										return false;
									if (is_centre_cycle(t, &mac)) {
										if (!macro_push(&t->cmac, &t->ncmac, &mac))
											return false;
									} else {
										t->npool = save;
									}
								}
	/* Wing 3-cycles [A, F G F'] with A a slice, F and G outer turns. */
	for (a = 0; a < 3; a++)
		for (la = 1; la < n - 1; la++)
			for (ta = 1; ta <= 3; ta++) {
				int fa, fb, tg, ff;

				for (fa = 0; fa < 6; fa++)
					for (ff = 1; ff <= 3; ff++)
						for (fb = 0; fb < 6; fb++)
							for (tg = 1; tg <= 3; tg++) {
								int A = move_index(n, a, la, ta);
								int F = face_move(n, fa, 1, ff), G = face_move(n, fb, 1, tg);
								uint16_t s[8];
								int save = t->npool, cnt;

								if (fa % 3 == fb % 3)
									continue;
								s[0] = (uint16_t)A; s[1] = (uint16_t)F; s[2] = (uint16_t)G;
								s[3] = (uint16_t)move_inverse(F);
								s[4] = (uint16_t)move_inverse(A); s[5] = (uint16_t)F;
								s[6] = (uint16_t)move_inverse(G);
								s[7] = (uint16_t)move_inverse(F);
								cnt = macro_make(t, s, 8, &mac);
								if (cnt < 0)
									return false;
								if (is_wing_cycle(t, &mac)) {
									if (!macro_push(&t->wmac, &t->nwmac, &mac))
										return false;
								} else {
									t->npool = save;
								}
							}
			}
	t->wpairs.id = t->wing_id;
	t->wpairs.nid = t->nwings;
	t->cpairs.id = t->centre_id;
	t->cpairs.nid = t->nf;
	if (!index_pairs(t, &t->wpairs, t->wmac, t->nwmac) ||
	    !index_pairs(t, &t->cpairs, t->cmac, t->ncmac))
		return false;
	/* Wing swaps: the OLL-parity sequence on one slice, turned to each
	 * of the 24 orientations of the cube. */
	for (i = 0; i < 24; i++) {
		struct cube turned;
		int face_map[6], f, d;

		cube_solved(&turned, 3);
		cube_apply_alg(&turned, rot[i], NULL);
		/* After the rotation the face at position f shows colour
		 * turned.f[f*9+4]: a template move on face C becomes a move on
		 * the face where C went. */
		for (f = 0; f < 6; f++)
			face_map[strchr(face_letter, turned.f[f * 9 + 4]) - face_letter] = f;
		for (d = 2; d <= n / 2; d++) {
			if (n % 2 == 1 && d == (n + 1) / 2)
				continue;
			oll_sequence(n, d, d, face_map, seq);
			if (wing_swap_ok(t, seq, 15)) {
				int save = t->npool;

				if (macro_make(t, seq, 15, &mac) < 0)
					return false;
				if (!macro_push(&t->wmac, &t->nwmac, &mac)) {
					t->npool = save;
					return false;
				}
				t->nswap++;
			}
		}
	}
	/* Even cubes: sequences for OLL and PLL parity that keep the
	 * reduction. From 6x6x6 r is the wide block of layers 1..n/2 where
	 * that works (one token, against two for layers 2..n/2; the outer
	 * layer's share is a 3x3x3 turn, which the finish absorbs), else the
	 * inner layers 2..n/2 together (on 4x4x4 one slice, one token and
	 * one STM), else (OLL) one slice at a time. */
	if (n % 2 == 0) {
		static const int same_faces[6] = {0, 1, 2, 3, 4, 5};
		/* PLL: the most wide r's that work first. */
		static const unsigned masks[8] = {7, 3, 5, 6, 1, 2, 4, 0};
		int len, d, lo;

		for (lo = n >= 6 ? 1 : 2; lo <= 3; lo++) {
			len = 0;
			if (lo < 3)
				len = oll_sequence(n, lo, n / 2, same_faces, seq);
			else
				for (d = 2; d <= n / 2; d++)
					len += oll_sequence(n, d, d, same_faces, seq + len);
			if (parity_sequence_ok(t, seq, len, CUBE3_FLIP))
				break;
		}
		if (lo > 3)
			return false;
		t->oll_len = len;
		memcpy(t->oll, seq, sizeof t->oll);
		for (i = n >= 6 ? 0 : 7; i < 8; i++) {
			len = pll_sequence(n, masks[i], n / 2, seq);
			if (parity_sequence_ok(t, seq, len, CUBE3_PARITY))
				break;
		}
		if (i == 8)
			return false;
		t->pll_len = len;
		memcpy(t->pll, seq, sizeof t->pll);
	}
	t->bytes += (size_t)(t->ncmac + t->nwmac) * sizeof(struct macro) +
	    (size_t)t->npool * 2 * sizeof(uint16_t);
	return true;
}

/* Appends the macro of moves[0..len) to list, keeping only the facelets
 * of its effect that its phase looks at: the centre facelets for the
 * centre macros (nothing else counts there), the edge facelets for the
 * pairing macros (the centres are solved in the edges phase, and a
 * pairing macro only turns a face's centres within the face). */
static bool
phase_macro_push(struct rtab *t, const uint16_t *moves, int len, bool edges,
    struct macro **list, int *count)
{
	struct macro mac;
	int k, kept;

	if (macro_make(t, moves, len, &mac) < 0)
		return false;
	for (k = kept = 0; k < mac.count; k++) {
		int q = t->to[mac.off + k];

		if (edges ? t->slot_of[q] >= 0 : t->centre[q]) {
			t->from[mac.off + kept] = t->from[mac.off + k];
			t->to[mac.off + kept] = (uint16_t)q;
			kept++;
		}
	}
	mac.count = kept;
	t->npool = mac.off + kept;
	return kept == 0 || macro_push(list, count, &mac);
}

/* Edge pairing macros B X Y X^-1 B^-1: B a block about one axis (an
 * inner slice or a wide block, one token either way), X an outer turn of
 * a face off that axis and Y one of a face on it. X comes back before B
 * does, so every centre comes back. */
static bool
build_pairing(struct rtab *t)
{
	int n = t->n, m, save = t->npool;

	for (m = 0; m < t->nall; m++) {
		int axis = move_axis(t, m), x, tx, y, ty;

		if (is_face_turn(t, m))
			continue;
		for (x = 0; x < 6; x++)
			for (tx = 1; tx <= 3; tx++)
				for (y = 0; y < 6; y++)
					for (ty = 1; ty <= 3; ty++) {
						int X = face_move(n, x, 1, tx);
						uint16_t seq[5] = {(uint16_t)m, (uint16_t)X,
						    (uint16_t)face_move(n, y, 1, ty),
						    (uint16_t)move_inverse(X), (uint16_t)move_inverse(m)};

						if (x % 3 == axis || y % 3 != axis)
							continue;
						if (!phase_macro_push(t, seq, 5, true, &t->pmac, &t->npmac))
							return false;
					}
	}
	t->bytes += (size_t)t->npmac * sizeof(struct macro) +
	    (size_t)(t->npool - save) * 2 * sizeof(uint16_t);
	return true;
}

/* Centre insertions B X B^-1: B a slice or wide block, X a quarter or
 * half turn of a face around B's axis. */
static bool
build_centre_insertions(struct rtab *t)
{
	int n = t->n, save = t->npool, m, f, tf;

	for (m = 0; m < t->nall; m++) {
		if (is_face_turn(t, m))
			continue;
		for (f = 0; f < 6; f++)
			for (tf = 1; tf <= 3; tf++) {
				int X = face_move(n, f, 1, tf);
				uint16_t seq[3] = {(uint16_t)m, (uint16_t)X, (uint16_t)move_inverse(m)};

				if (f % 3 != move_axis(t, m) &&
				    !phase_macro_push(t, seq, 3, false, &t->imac, &t->nimac))
					return false;
			}
	}
	t->bytes += (size_t)t->nimac * sizeof(struct macro) +
	    (size_t)(t->npool - save) * 2 * sizeof(uint16_t);
	return true;
}

/* Centre conjugates B X F X^-1 B^-1: B a slice or wide block, X a single
 * layer off B's axis, F a face turn off X's axis. They are the first half
 * of the commutator [B, X F X^-1]: the second half only puts back centres
 * of faces that are not done yet, so where those do not count these
 * place a centre in 5 moves where a 3-cycle takes 8. Blocks B, times 6n
 * layers X, times 12 face turns F, each moving the (n-2)^2 centres of a
 * face: 50,000 in 8 MB on 7x7x7, 164,000 in 65 MB on 11x11x11. */
static bool
build_centre_conjugates(struct rtab *t)
{
	int n = t->n, save = t->npool, b, x, f, tf;

	for (b = 0; b < t->nall; b++) {
		if (is_face_turn(t, b))
			continue;
		for (x = 0; x < t->nmoves; x++) {
			if (move_axis(t, x) == move_axis(t, b))
				continue;
			for (f = 0; f < 6; f++)
				for (tf = 1; tf <= 3; tf++) {
					int F = face_move(n, f, 1, tf);
					uint16_t seq[5] = {(uint16_t)b, (uint16_t)x, (uint16_t)F,
					    (uint16_t)move_inverse(x), (uint16_t)move_inverse(b)};

					if (f % 3 != move_axis(t, x) &&
					    !phase_macro_push(t, seq, 5, false, &t->hmac, &t->nhmac))
						return false;
				}
		}
	}
	t->bytes += (size_t)t->nhmac * sizeof(struct macro) +
	    (size_t)(t->npool - save) * 2 * sizeof(uint16_t);
	return true;
}

/* The move turning the inner layers lo..hi of an axis (1 <= lo <= hi <=
 * n-2) t quarter turns as one token: a slice, or a wide block whose outer
 * layer only turns a face's own centres; -1 if there is none. */
static int
range_move(const struct rtab *t, int axis, int lo, int hi, int tt)
{
	int n = t->n;

	if (lo == hi)
		return move_index(n, axis, lo, tt);
	if (lo == 1 && hi <= n - 3)
		return block_move(t, axis, 0, hi + 1, tt);
	if (hi == n - 2 && lo >= 2)
		return block_move(t, axis, 1, n - lo, tt);
	return -1;
}

/* Centre commutators [A, F X F^-1] with A and X disjoint ranges of inner
 * layers on one axis, at least one of them two layers or more, and F a
 * quarter turn of a face around that axis: a 3-cycle of |A| x |X|
 * rectangles of centres. Only their centre facelets are kept: they are
 * for the centres phase, where nothing else counts. */
static bool
build_centre_blocks(struct rtab *t)
{
	int n = t->n, save = t->npool, a, alo, ahi, xlo, xhi, ta, tx, f, tf;

	if (n <= 5)
		return true;        /* there they made the solves longer */
	for (a = 0; a < 3; a++)
		for (alo = 1; alo <= n - 2; alo++)
			for (ahi = alo; ahi <= n - 2; ahi++)
				for (xlo = 1; xlo <= n - 2; xlo++)
					for (xhi = xlo; xhi <= n - 2; xhi++) {
		if ((xhi >= alo && xlo <= ahi) || (alo == ahi && xlo == xhi) ||
		    range_move(t, a, alo, ahi, 1) < 0 || range_move(t, a, xlo, xhi, 1) < 0)
			continue;
		for (ta = 1; ta <= 3; ta++)
			for (tx = 1; tx <= 3; tx++)
				for (f = 0; f < 6; f++)
					for (tf = 1; tf <= 3; tf += 2) {
						int A = range_move(t, a, alo, ahi, ta), X = range_move(t, a, xlo, xhi, tx);
						int F = face_move(n, f, 1, tf);
						uint16_t seq[8] = {(uint16_t)A, (uint16_t)F, (uint16_t)X,
						    (uint16_t)move_inverse(F), (uint16_t)move_inverse(A),
						    (uint16_t)F, (uint16_t)move_inverse(X),
						    (uint16_t)move_inverse(F)};
						if (f % 3 == a)
							continue;
						if (!phase_macro_push(t, seq, 8, false, &t->bmac, &t->nbmac))
							return false;
					}
	}
	t->bytes += (size_t)t->nbmac * sizeof(struct macro) +
	    (size_t)(t->npool - save) * 2 * sizeof(uint16_t);
	return true;
}

/*
 * Staged centres, after Kociemba's NxNxN solver (RubikNxNxNSolver, its
 * centre phases). Every centre facelet off the middle lies in an orbit of
 * 24 under the whole-cube rotations: facelet k of an orbit is w_k(base),
 * w_k the k-th rotation. In a phase an orbit's state is a 24-bit mask of
 * where some colours are; each phase moves the masks to their goal:
 *  A  the colours of the first axis (U, D of the frame) onto its faces,
 *     with every turn;
 *  B  the colours of a second axis (R, L) onto its faces, with face turns,
 *     any turn about the first axis and half turns of the rest (A stays);
 *  C  U, R and F onto their faces (and so D, L, B onto theirs), with outer
 *     face turns and half turns of the rest (the axes stay);
 *  F1 (sizes not staged) the first face's colour onto U alone, with every
 *     turn: the start of the face-by-face centres.
 * Orbits whose moves act alike share a type; a type has one distance
 * table per phase, breadth-first from the goal over the distinct
 * permutations the phase's moves make of its 24 facelets. On odd cubes no
 * phase turns the middle layer, so the middle centres stay.
 */

/* Beam widths of the staged centre phases, per size; 0: not staged. From
 * 6x6x6 up the beam stalls a few moves short of the goal of phase A with
 * the orbits coupled by their shared slices, and the greedy that finishes
 * it costs more than the stages save. */
static const int stage_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 2000, 2000, 0, 0, 0, 0, 0, 0};

/* Beam widths of phase F1 (the first face) on the sizes solved face by
 * face; 0: the greedy steps alone. On 7x7x7 the beam brings the face to
 * a few moves of done in 12 to 19 moves and the greedy finishes it: 7.1
 * moves fewer a solve on 35 scrambles, 4.3 with the second edge pairing
 * dropped to pay for its time (it came back with the three-step centre
 * lookahead: BENCHMARKS.md). On 6x6x6 it made the solves no shorter. */
static const int first_face_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 0, 20000, 0, 0, 0, 0};

/* The phases a size uses. */
static bool
stage_phase_used(int n, int phase)
{
	return phase == STAGE_F1 ? first_face_width[n] > 0 : stage_width[n] > 0;
}

struct otype {
	uint8_t (*perm[STAGE_PHASES])[24];   /* distinct permutations, sorted */
	int nperm[STAGE_PHASES];
	uint8_t *dist[STAGE_PHASES];         /* by rank of the mask; 0xff: never */
};

/* rank_lo[x]: the combinatorial rank of the low 12 bits alone; rank_hi[h][c]
 * what the high 12 bits add after c low bits. rank = sum C(p_i, i + 1). */
static uint32_t binom24[25][25];
static uint32_t rank_lo[1 << 12];
static uint32_t rank_hi[1 << 12][13];
static uint8_t ones12[1 << 12];     /* bits set: a lookup, no popcount instruction assumed */

static void
rank_init(void)
{
	int i, j;

	for (i = 0; i <= 24; i++) {
		binom24[i][0] = 1;
		for (j = 1; j <= i; j++)
			binom24[i][j] = binom24[i - 1][j - 1] + (j < i ? binom24[i - 1][j] : 0);
	}
	for (i = 0; i < 1 << 12; i++) {
		int c, k, b;

		ones12[i] = (uint8_t)__builtin_popcount((unsigned)i);
		for (b = 0, k = 0, rank_lo[i] = 0; b < 12; b++)
			if (i >> b & 1)
				rank_lo[i] += binom24[b][++k];
		for (c = 0; c <= 12; c++)
			for (b = 0, k = c, rank_hi[i][c] = 0; b < 12; b++)
				if (i >> b & 1 && k < 24)
					rank_hi[i][c] += binom24[12 + b][++k];
	}
}

static uint32_t
mask_rank(uint32_t m)
{
	uint32_t lo = m & 0xfff;

	return rank_lo[lo] + rank_hi[m >> 12][ones12[lo]];
}

/* Where phase `phase` may turn, with the first axis `axis` (of the frame). */
static bool
stage_move_ok(const struct rtab *t, int phase, int axis, int m)
{
	int n = t->n;

	if (n % 2 == 1 && t->lo_of[m] <= n / 2 && t->hi_of[m] >= n / 2)
		return false;
	if (phase == STAGE_B)
		return is_face_turn(t, m) || move_axis(t, m) == axis || turns_of(m) == 2;
	if (phase == STAGE_C)
		return is_face_turn(t, m) || turns_of(m) == 2;
	return true;
}

/* The permutation move m makes of an orbit whose facelets are pos[0..24)
 * (index[p]: k for p = pos[k], else -1): perm[k] = where facelet k goes. */
static void
orbit_perm(const struct rtab *t, const int8_t *index, int m, uint8_t *perm)
{
	int k, i;

	for (k = 0; k < 24; k++)
		perm[k] = (uint8_t)k;
	for (i = t->off[m]; i < t->off[m] + t->len[m]; i++)
		if (index[t->src[i]] >= 0)
			perm[index[t->src[i]]] = (uint8_t)index[t->dst[i]];
}

static int
perm_cmp(const void *a, const void *b)
{
	return memcmp(a, b, 24);
}

/* The sorted distinct permutations, identity left out, that the moves of
 * a phase make of one orbit; returns how many (out has room for nall). */
static int
orbit_perms(const struct rtab *t, const int8_t *index, int phase, int axis, uint8_t (*out)[24])
{
	static const uint8_t id[24] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
	    13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};
	int m, count = 0, i, k;

	for (m = 0; m < t->nall; m++) {
		if (!stage_move_ok(t, phase, axis, m))
			continue;
		orbit_perm(t, index, m, out[count]);
		if (memcmp(out[count], id, 24) != 0)
			count++;
	}
	qsort(out, (size_t)count, sizeof *out, perm_cmp);
	for (i = 0, k = 0; i < count; i++)
		if (k == 0 || memcmp(out[i], out[k - 1], 24) != 0)
			memmove(out[k++], out[i], 24);
	return k;
}

static uint32_t
perm_mask(const uint8_t *perm, uint32_t m)
{
	uint32_t out = 0;

	while (m != 0) {
		out |= 1u << perm[__builtin_ctz(m)];
		m &= m - 1;
	}
	return out;
}

/* A permutation of 24 as byte lookups: to[b][x] is where the bits
 * x << 8b go. */
struct perm_lut {
	uint32_t to[3][256];
};

static void
perm_lut_fill(const uint8_t *perm, struct perm_lut *lut)
{
	int b, x;

	for (b = 0; b < 3; b++)
		for (x = 0; x < 256; x++)
			lut->to[b][x] = perm_mask(perm, (uint32_t)x << (8 * b));
}

static uint32_t
perm_lut_apply(const struct perm_lut *lut, uint32_t m)
{
	return lut->to[0][m & 0xff] | lut->to[1][m >> 8 & 0xff] | lut->to[2][m >> 16];
}

/* Distances to goal under the permutations, by mask rank. */
static uint8_t *
stage_table(const uint8_t (*perm)[24], int nperm, uint32_t goal)
{
	uint32_t size = binom24[24][__builtin_popcount(goal)], head = 0, tail = 0;
	uint32_t *queue = malloc((size_t)size * sizeof *queue);
	uint8_t *dist = malloc(size);
	struct perm_lut *lut;
	int p;

	lut = malloc((size_t)nperm * sizeof *lut);
	if (queue == NULL || dist == NULL || lut == NULL) {
		free(queue);
		free(dist);
		free(lut);
		return NULL;
	}
	for (p = 0; p < nperm; p++)
		perm_lut_fill(perm[p], &lut[p]);
	memset(dist, 0xff, size);
	dist[mask_rank(goal)] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		uint32_t m = queue[head++];
		int d = dist[mask_rank(m)];

		for (p = 0; p < nperm; p++) {
			uint32_t m2 = perm_lut_apply(&lut[p], m);
			uint32_t r2 = mask_rank(m2);

			if (dist[r2] == 0xff) {
				dist[r2] = (uint8_t)(d + 1);
				queue[tail++] = m2;
			}
		}
	}
	free(queue);
	free(lut);
	return dist;
}

/* The faces of the frame's goal in each phase: A U and D, B R and L, C U,
 * R and F, F1 U. */
static bool
stage_goal_face(int phase, int face)
{
	if (phase == STAGE_F1)
		return face == 0;
	return phase == STAGE_A ? face % 3 == 0 : phase == STAGE_B ? face % 3 == 1 : face < 3;
}

static uint32_t
orbit_goal(const struct rtab *t, const uint16_t *pos, int phase)
{
	uint32_t goal = 0;
	int k;

	for (k = 0; k < 24; k++)
		if (stage_goal_face(phase, pos[k] / (t->n * t->n)))
			goal |= 1u << k;
	return goal;
}

/* The 24 rotations (rot[r * nf + p]: where the sticker at p goes), the
 * orbits and their types, and the types' tables for the phases the size
 * uses. */
static bool
build_staged(struct rtab *t)
{
	int n = t->n, nf = t->nf, nn = n * n, nrot = 1, r, g, i, k, p, o, ph;
	uint16_t *gen[2];
	int8_t *index = malloc((size_t)nf);
	uint8_t (*perm)[24] = malloc((size_t)STAGE_PHASES * (size_t)t->nall * sizeof *perm);
	bool ok = false;

	t->rot = malloc((size_t)24 * (size_t)nf * sizeof *t->rot);
	gen[0] = malloc((size_t)nf * sizeof *gen[0]);
	gen[1] = malloc((size_t)nf * sizeof *gen[1]);
	t->otypes = calloc(OTYPE_MAX, sizeof *t->otypes);
	if (index == NULL || perm == NULL || t->rot == NULL || gen[0] == NULL ||
	    gen[1] == NULL || t->otypes == NULL)
		goto out;
	/* y and x: every layer of axis 0 (1) a quarter turn. */
	for (g = 0; g < 2; g++)
		for (p = 0; p < nf; p++) {
			int q = p, layer;

			for (layer = 0; layer < n; layer++)
				q = t->fwd[(size_t)move_index(n, g, layer, 1) * (size_t)nf + (size_t)q];
			gen[g][p] = (uint16_t)q;
		}
	for (p = 0; p < nf; p++)
		t->rot[p] = (uint16_t)p;
	for (r = 0; r < nrot && nrot < 24; r++)
		for (g = 0; g < 2 && nrot < 24; g++) {
			uint16_t *next = t->rot + (size_t)nrot * (size_t)nf;

			for (p = 0; p < nf; p++)
				next[p] = gen[g][t->rot[(size_t)r * (size_t)nf + (size_t)p]];
			for (i = 0; i < nrot; i++)
				if (memcmp(next, t->rot + (size_t)i * (size_t)nf, (size_t)nf * sizeof *next) == 0)
					break;
			if (i == nrot)
				nrot++;
		}
	/* The orbits, by their base on U. */
	memset(index, -1, (size_t)nf);
	for (p = 0; p < nn; p++) {
		if (!t->centre[p] || index[p] >= 0 || (n % 2 == 1 && p == (n / 2) * n + n / 2))
			continue;
		o = t->norb++;
		for (k = 0; k < 24; k++) {
			t->orb_pos[o][k] = t->rot[(size_t)k * (size_t)nf + (size_t)p];
			index[t->orb_pos[o][k]] = 1;
		}
	}
	/* Types: the same permutations in every phase (the goals agree too:
	 * every base is on U, so facelet k's face is w_k's image of U). */
	for (o = 0; o < t->norb; o++) {
		int ty, np[STAGE_PHASES];

		memset(index, -1, (size_t)nf);
		for (k = 0; k < 24; k++)
			index[t->orb_pos[o][k]] = (int8_t)k;
		for (ph = 0; ph < STAGE_PHASES; ph++)
			np[ph] = !stage_phase_used(n, ph) ? 0 :
			    orbit_perms(t, index, ph, 0, perm + (size_t)ph * (size_t)t->nall);
		for (ty = 0; ty < t->notypes; ty++) {
			for (ph = 0; ph < STAGE_PHASES; ph++)
				if (np[ph] != t->otypes[ty].nperm[ph] || (np[ph] > 0 &&
				    memcmp(perm + (size_t)ph * (size_t)t->nall, t->otypes[ty].perm[ph],
				    (size_t)np[ph] * 24) != 0))
					break;
			if (ph == STAGE_PHASES)
				break;
		}
		if (ty == OTYPE_MAX)
			goto out;
		if (ty == t->notypes) {
			struct otype *ot = &t->otypes[ty];

			t->notypes++;
			for (ph = 0; ph < STAGE_PHASES; ph++) {
				uint32_t goal = orbit_goal(t, t->orb_pos[o], ph);

				ot->nperm[ph] = np[ph];
				if (!stage_phase_used(n, ph))
					continue;     /* no table (NULL) */
				ot->perm[ph] = malloc((size_t)(np[ph] > 0 ? np[ph] : 1) * sizeof *perm);
				if (ot->perm[ph] == NULL)
					goto out;
				memcpy(ot->perm[ph], perm + (size_t)ph * (size_t)t->nall, (size_t)np[ph] * 24);
				ot->dist[ph] = stage_table((const uint8_t (*)[24])ot->perm[ph], np[ph], goal);
				if (ot->dist[ph] == NULL)
					goto out;
				t->bytes += binom24[24][__builtin_popcount(goal)];
			}
		}
		t->orb_type[o] = (uint8_t)ty;
	}
	t->bytes += (size_t)24 * (size_t)nf * sizeof *t->rot;
	ok = true;
out:
	free(index);
	free(perm);
	free(gen[0]);
	free(gen[1]);
	return ok;
}

/*
 * Phase F2 on the sizes solved face by face: the second face (the first
 * one's opposite) with the first kept, by a beam search in a frame where
 * the first face is U and the second D. Its steps are the turns that keep
 * U's centres on U and the insertions B X B^-1 (B an inner slice, X a
 * face turn off B's axis: the usual way to fill the second face) that do,
 * a step costing its turns. An orbit's state is where D's colour is among
 * its free facelets, the 20 off U: 4 of 20, 4,845 states. Built in the
 * standard frame; a try's frame renames the turns. (The same for the
 * third face, U and D kept, made the centres longer: BENCHMARKS.md.)
 */
#define FB_STEPS_MAX 1024        /* room for steps: 7x7x7 has 408 */

struct face_beam {
	int kept;                      /* the kept faces, a bit each (standard frame) */
	int goal;                      /* the goal face */
	int nstep, nstates;
	uint16_t (*turns)[3];          /* a step's turns, standard frame */
	uint8_t *cost;                 /* its turns: 1 or 3 */
	uint32_t free;                 /* orbit facelets k off the kept faces: bit k */
	uint16_t *trans;               /* [(o * nstates + c) * nstep + s]: c after step s */
	uint8_t *dist;                 /* [o * nstates + c]: turns to the goal; 0xff never */
};

/* Beam widths of phase F2; 0: the greedy steps alone. In the same time
 * it takes 7x7x7 to 338.5 moves a solve on 35 scrambles where the greedy
 * took 343.0, and 6x6x6 to 232.4 on 54 where it took 236.6 (BENCHMARKS.md). */
static const int second_face_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 1000, 1000, 0, 0, 0, 0};

/* A 24-bit mask of free orbit facelets as a state (its rank among the
 * free facelets). */
static uint32_t
face_beam_state(const struct face_beam *fb, uint32_t mask)
{
	uint32_t packed = 0;
	int k, j = 0;

	for (k = 0; k < 24; k++)
		if (fb->free >> k & 1) {
			packed |= (mask >> k & 1u) << j;
			j++;
		}
	return mask_rank(packed);
}

static void
face_beam_free(struct face_beam *fb)
{
	if (fb == NULL)
		return;
	free(fb->turns);
	free(fb->cost);
	free(fb->trans);
	free(fb->dist);
	free(fb);
}

/* One candidate step of `len` turns: its permutations of the orbits in
 * perm[o], a kept face's facelets left in place (they all show its
 * colour); false when it takes a centre off a kept face or moves no free
 * facelet. */
static bool
face_beam_perms(const struct rtab *t, const struct face_beam *fb, const int8_t (*index)[MAXF],
    const uint16_t *turns, int len, uint8_t (*perm)[24])
{
	int o, k, q, nn = t->n * t->n;
	bool moves = false;

	for (o = 0; o < t->norb; o++) {
		uint8_t one[24];

		for (k = 0; k < 24; k++)
			perm[o][k] = (uint8_t)k;
		for (q = 0; q < len; q++) {
			orbit_perm(t, index[o], turns[q], one);
			for (k = 0; k < 24; k++)
				perm[o][k] = one[perm[o][k]];
		}
		for (k = 0; k < 24; k++) {
			int face = t->orb_pos[o][k] / nn, to = t->orb_pos[o][perm[o][k]] / nn;

			if ((fb->kept >> face & 1) != 0 || (fb->kept >> to & 1) != 0) {
				if (to != face)
					return false;
				perm[o][k] = (uint8_t)k;
			} else if (perm[o][k] != k) {
				moves = true;
			}
		}
	}
	return moves;
}

/* Builds the phase with kept faces `kept` (a bit each) and goal face
 * `goal` (standard frame) into *out: the steps (turns first, so that an
 * insertion equal to a turn is left out), their action on every state and
 * the distances, by a shortest-path search from the goal (the steps come
 * with their inverses). False when out of memory, or with more than
 * FB_STEPS_MAX steps (no size has). */
static bool
build_face_beam(struct rtab *t, int kept, int goal, struct face_beam **out)
{
	int n = t->n, nn = n * n, norb = t->norb, o, k, m, f, tf, s, pass, d, nfree;
	struct face_beam *fb = calloc(1, sizeof *fb);
	int8_t (*index)[MAXF] = malloc((size_t)ORB_MAX * sizeof *index);
	uint8_t (*perm)[ORB_MAX][24] = malloc((size_t)FB_STEPS_MAX * sizeof *perm);
	uint32_t *mask_of = NULL;
	bool ok = false;

	*out = fb;
	if (fb == NULL || index == NULL || perm == NULL)
		goto out;
	fb->kept = kept;
	fb->goal = goal;
	fb->turns = malloc((size_t)FB_STEPS_MAX * sizeof *fb->turns);
	fb->cost = malloc(FB_STEPS_MAX);
	if (fb->turns == NULL || fb->cost == NULL)
		goto out;
	memset(index, -1, (size_t)ORB_MAX * sizeof *index);
	for (o = 0; o < norb; o++)
		for (k = 0; k < 24; k++)
			index[o][t->orb_pos[o][k]] = (int8_t)k;
	for (k = 0; k < 24; k++)
		if ((kept >> (t->orb_pos[0][k] / nn) & 1) == 0)
			fb->free |= 1u << k;
	nfree = __builtin_popcount(fb->free);
	fb->nstates = (int)binom24[nfree][4];
	for (pass = 0; pass < 2; pass++)
		for (m = 0; m < t->nall; m++) {
			uint16_t cand[18][3];
			int nc = 0, c, len = pass == 0 ? 1 : 3;

			if (pass == 0 && !(n % 2 == 1 && t->lo_of[m] <= n / 2 && t->hi_of[m] >= n / 2))
				cand[nc++][0] = (uint16_t)m;
			if (pass == 1 && m < t->nmoves && !is_face_turn(t, m))
				for (f = 0; f < 6; f++)
					for (tf = 1; tf <= 3; tf++)
						if (f % 3 != move_axis(t, m)) {
							cand[nc][0] = (uint16_t)m;
							cand[nc][1] = (uint16_t)face_move(n, f, 1, tf);
							cand[nc++][2] = (uint16_t)move_inverse(m);
						}
			for (c = 0; c < nc; c++) {
				if (fb->nstep == FB_STEPS_MAX)
					goto out;
				if (!face_beam_perms(t, fb, (const int8_t (*)[MAXF])index, cand[c], len,
				    perm[fb->nstep]))
					continue;
				for (s = 0; s < fb->nstep; s++)
					if (memcmp(perm[s], perm[fb->nstep], (size_t)norb * 24) == 0)
						break;
				if (s < fb->nstep)
					continue;
				memcpy(fb->turns[fb->nstep], cand[c], sizeof cand[c]);
				fb->cost[fb->nstep++] = (uint8_t)len;
			}
		}
	fb->trans = malloc((size_t)norb * (size_t)fb->nstates * (size_t)fb->nstep * sizeof *fb->trans);
	fb->dist = malloc((size_t)norb * (size_t)fb->nstates);
	mask_of = malloc((size_t)fb->nstates * sizeof *mask_of);
	if (fb->trans == NULL || fb->dist == NULL || mask_of == NULL)
		goto out;
	/* The states' masks: 4 of the free facelets, in rank order. */
	{
		uint32_t packed = 0xf;
		int c;

		for (c = 0; c < fb->nstates; c++) {
			uint32_t low = packed & -packed, ripple = packed + low, mask = 0;
			int j = 0;

			for (k = 0; k < 24; k++)
				if (fb->free >> k & 1) {
					mask |= (packed >> j & 1u) << k;
					j++;
				}
			mask_of[c] = mask;
			packed = ripple | (((packed ^ ripple) >> 2) / low);
		}
	}
	for (o = 0; o < norb; o++) {
		uint8_t *dist = fb->dist + (size_t)o * (size_t)fb->nstates;
		uint32_t goal_mask = 0;
		bool more = true;
		int c;

		for (c = 0; c < fb->nstates; c++)
			for (s = 0; s < fb->nstep; s++)
				fb->trans[((size_t)o * (size_t)fb->nstates + (size_t)c) * (size_t)fb->nstep +
				    (size_t)s] = (uint16_t)face_beam_state(fb, perm_mask(perm[s][o], mask_of[c]));
		for (k = 0; k < 24; k++)
			if (t->orb_pos[o][k] / nn == goal)
				goal_mask |= 1u << k;
		memset(dist, 0xff, (size_t)fb->nstates);
		dist[face_beam_state(fb, goal_mask)] = 0;
		/* Costs are small integers: settle distance d, then d + 1. */
		for (d = 0; more && d < 250; d++) {
			more = false;
			for (c = 0; c < fb->nstates; c++) {
				const uint16_t *row = fb->trans + ((size_t)o * (size_t)fb->nstates + (size_t)c) *
				    (size_t)fb->nstep;

				if (dist[c] == 0xff || dist[c] < d)
					continue;
				more = true;
				if (dist[c] > d)
					continue;
				for (s = 0; s < fb->nstep; s++)
					if (dist[row[s]] > d + fb->cost[s])
						dist[row[s]] = (uint8_t)(d + fb->cost[s]);
			}
		}
	}
	t->bytes += sizeof *fb + (size_t)fb->nstep * (sizeof *fb->turns + 1) +
	    (size_t)norb * (size_t)fb->nstates * ((size_t)fb->nstep * sizeof *fb->trans + 1);
	ok = true;
out:
	free(index);
	free(perm);
	free(mask_of);
	return ok;
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
	face_beam_free(t->f2);
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

static const struct rtab *
table_for(int n, bool *built)
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
	start = now_seconds();
	if (binom24[0][0] == 0)
		rank_init();
	t = calloc(1, sizeof *t);
	if (t != NULL) {
		t->n = n;
		t->nf = 6 * n * n;
		t->bytes = sizeof *t;
		find_slots(t);
		moves_ok = build_moves(t);
		if (moves_ok)
			build_wing_flips(t);
		if (!moves_ok || !build_macros(t) || !build_pairing(t) ||
		    !build_centre_blocks(t) || !build_centre_insertions(t) ||
		    !build_centre_conjugates(t) ||
		    ((stage_width[n] > 0 || first_face_width[n] > 0 || second_face_width[n] > 0) &&
		    !build_staged(t)) ||
		    (second_face_width[n] > 0 && !build_face_beam(t, 1 << 0, 3, &t->f2))) {
			rtab_free(t);
			t = NULL;
		} else {
			t->seconds = now_seconds() - start;
		}
	}
	tables[n] = t;
	pthread_mutex_unlock(&table_lock);
	if (built != NULL)
		*built = t != NULL;
	return t;
}

double
cube_reduce_prepare(int n, size_t *bytes)
{
	bool built;
	const struct rtab *t;

	if (n < 4 || n > CUBE_MAX_N)
		return 0;
	if (n == 4) {
		/* The phase reduction's tables (its greedy fallback builds its
		 * own only if it is ever needed). */
		double t0 = now_seconds();

		if (!cube4_reduce_prepare(NULL))
			return 0;
		if (bytes != NULL)
			*bytes += cube4_reduce_table_bytes();
		return now_seconds() - t0;
	}
	if (n == 5) {
		double t0 = now_seconds();

		if (!cube5_reduce_prepare(NULL))
			return 0;
		if (bytes != NULL)
			*bytes += cube5_reduce_table_bytes();
		return now_seconds() - t0;
	}
	t = table_for(n, &built);
	if (t == NULL)
		return 0;
	if (bytes != NULL)
		*bytes += t->bytes;
	return built ? t->seconds : 0;
}

/*
 * A stage of the greedy search. Facelets of class T count one each when
 * they show their target colour; facelets of class P must show it when a
 * step ends. With edges set, every slot adds its pairing score.
 */
enum { CLS_NONE, CLS_T, CLS_P };

struct stage {
	const struct rtab *t;
	uint8_t cls[MAXF], tgt[MAXF];
	bool edges;
	bool reversed;   /* pairing macros scanned last first (ties go the other way) */
	long cap;        /* > 0: give up once the phase is written in more moves */
	bool gave_up;
	bool keep_parity;  /* centres: no step may change a wing orbit's parity */
	int slot[NSLOTS];
	int score, broken;
	struct macro *swaps;  /* room for t->nswap wing swaps, a stuck step's choice */
};

static void
stage_count(struct stage *st, const uint8_t *col)
{
	int i;

	st->score = st->broken = 0;
	for (i = 0; i < st->t->nf; i++) {
		if (st->cls[i] == CLS_T)
			st->score += col[i] == st->tgt[i];
		else if (st->cls[i] == CLS_P)
			st->broken += col[i] != st->tgt[i];
	}
	if (st->edges)
		for (i = 0; i < NSLOTS; i++) {
			st->slot[i] = slot_score(st->t, col, i);
			st->score += st->slot[i];
		}
}

/* Plays move m on col, keeping the stage's counts; with centres_only,
 * off the edges, only the centre facelets (all that a centre stage
 * counts: for a search's tries, which it takes back). */
static void
stage_turn(struct stage *st, uint8_t *col, int m, bool centres_only)
{
	const struct rtab *t = st->t;
	uint8_t tmp[MAXF];
	const uint16_t *d = t->dst + t->off[m], *s = t->src + t->off[m];
	int i, len = centres_only && !st->edges ? t->clen[m] : t->len[m];

	for (i = 0; i < len; i++)
		tmp[i] = col[s[i]];
	for (i = 0; i < len; i++) {
		int q = d[i];

		if (st->cls[q] == CLS_T)
			st->score += (tmp[i] == st->tgt[q]) - (col[q] == st->tgt[q]);
		else if (st->cls[q] == CLS_P)
			st->broken += (col[q] == st->tgt[q]) - (tmp[i] == st->tgt[q]);
		col[q] = tmp[i];
	}
	if (st->edges)
		for (i = 0; i < t->nmslot[m]; i++) {
			int k = t->mslot[m][i];

			st->score -= st->slot[k];
			st->slot[k] = slot_score(t, col, k);
			st->score += st->slot[k];
		}
}

/* Plays move m on col, keeping the stage's counts. */
static void
stage_move(struct stage *st, uint8_t *col, int m)
{
	stage_turn(st, col, m, false);
}

/* A search's try of move m (taken back by search_move(move_inverse(m))):
 * in a centre stage, the centres only. */
static void
search_move(struct stage *st, uint8_t *col, int m)
{
	stage_turn(st, col, m, true);
}

/* The best step found so far: its moves, their cost (see step_cost) and
 * gain. */
struct best {
	int len, cost, gain;
	uint16_t moves[MAX_DEPTH * 2 + MAX_MACRO * 4];
};

static bool
better(int gain, int cost, const struct best *b)
{
	if (gain <= 0)
		return false;
	if (b->gain <= 0)
		return true;
	/* Gain per move, then the bigger gain. */
	if (gain * b->cost != b->gain * cost)
		return gain * b->cost > b->gain * cost;
	return gain > b->gain;
}

/* The wing orbits (bit j as in wing_parity) whose parity the moves
 * change: each quarter turn of an inner layer but an odd cube's middle
 * one changes its orbit's. */
static unsigned
seq_wing_parity(const struct rtab *t, const uint16_t *moves, int len)
{
	unsigned mask = 0;
	int n = t->n, k, l;

	for (k = 0; k < len; k++) {
		int m = moves[k];

		if (turns_of(m) == 2)
			continue;
		for (l = t->lo_of[m]; l <= t->hi_of[m]; l++)
			if (l > 0 && l < n - 1 && 2 * l != n - 1)
				mask ^= 1u << (l < n - 1 - l ? l : n - 1 - l);
	}
	return mask;
}

struct search {
	struct stage *st;
	uint8_t *col;
	int base;                    /* score at the start of the step */
	uint16_t path[MAX_DEPTH];
	struct best best;
	bool forced;                 /* take the best gain even if not positive */
	int prev;                    /* the last move of the step before, or -1 */
	int ncand, maxcand;          /* the best maxcand steps, best first */
	struct best cand[MAX_LOOKAHEAD];
};

/* What a step of len moves starting with `first` adds to the output: a
 * step that opens with the inverse of the last move cancels it (a slice
 * taken back and turned again: pairing on a free slice); one that opens
 * on the last move's layers, or widens its block, merges with it. */
static int
step_cost(const struct search *s, int len, int first)
{
	const struct rtab *t = s->st->t;
	int p = s->prev;

	if (p < 0 || move_axis(t, p) != move_axis(t, first))
		return len;
	if (first == move_inverse(p))
		return len > 2 ? len - 2 : 1;
	/* Turns of the same layers add up; equal turns of adjacent layers
	 * that reach a face make one wider block. */
	if ((t->lo_of[p] == t->lo_of[first] && t->hi_of[p] == t->hi_of[first]) ||
	    (turns_of(p) == turns_of(first) &&
	    (t->hi_of[p] + 1 == t->lo_of[first] || t->hi_of[first] + 1 == t->lo_of[p]) &&
	    (t->lo_of[p] == 0 || t->lo_of[first] == 0 ||
	    t->hi_of[p] == t->n - 1 || t->hi_of[first] == t->n - 1)))
		return len > 1 ? len - 1 : 1;
	return len;
}

/* Keeps the step among the best s->maxcand (for the lookahead). */
static void
offer(struct search *s, int gain, int cost, int len, const uint16_t *moves)
{
	int i, j;

	for (i = 0; i < s->ncand && !better(gain, cost, &s->cand[i]); i++)
		;
	if (i >= s->maxcand || gain <= 0)
		return;
	if (s->ncand < s->maxcand)
		s->ncand++;
	for (j = s->ncand - 1; j > i; j--)
		s->cand[j] = s->cand[j - 1];
	s->cand[i].gain = gain;
	s->cand[i].cost = cost;
	s->cand[i].len = len;
	memcpy(s->cand[i].moves, moves, (size_t)len * sizeof *moves);
}

static void
consider(struct search *s, int len)
{
	int gain = s->st->score - s->base, cost;

	/* Neither kept nor offered without a gain. */
	if (s->st->broken != 0 || gain <= 0 ||
	    (s->st->keep_parity && seq_wing_parity(s->st->t, s->path, len) != 0))
		return;
	cost = step_cost(s, len, s->path[0]);
	if (s->maxcand > 0)
		offer(s, gain, cost, len, s->path);
	if (better(gain, cost, &s->best)) {
		s->best.gain = gain;
		s->best.cost = cost;
		s->best.len = len;
		memcpy(s->best.moves, s->path, (size_t)len * sizeof *s->path);
	}
}

/* Every sequence of up to `left` more single-layer turns; same-axis turns
 * in increasing layer order only. */
static void
search_free(struct search *s, int depth, int left, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m;

	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(n, m) == axis_of(n, last) &&
		    layer_of(n, m) <= layer_of(n, last))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		consider(s, depth + 1);
		if (left > 1)
			search_free(s, depth + 1, left - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

/* Scores P S M S^-1 where P = s->path[0..pre) is already played and
 * S = s->path[pre..pre+depth) is a setup: M moves the sticker at
 * S^-1(from) to S^-1(to); only those facelets are looked at. */
static void
eval_macro(struct search *s, const struct macro *mac, int pre, int depth)
{
	const struct rtab *t = s->st->t;
	struct stage *st = s->st;
	uint16_t to[MAXF];
	uint8_t val[MAXF], old[MAXF];
	int len = pre + 2 * depth + mac->len, score = st->score, broken = st->broken;
	int cost = step_cost(s, len, pre + depth > 0 ? s->path[0] : mac->moves[0]);
	unsigned slots = 0;           /* the edges it moves wings of */
	int k, gain;
	uint16_t moves[MAX_DEPTH * 2 + MAX_MACRO * 4];
	bool take, offering, bounded;

	/* A better gain per move needs gain > bar.gain * cost / bar.cost (bar:
	 * the best step, or the last kept one when a full list is kept); off
	 * the edges a macro gains at most one per facelet it changes. */
	const struct best *bar = s->maxcand == 0 ? &s->best :
	    s->ncand == s->maxcand ? &s->cand[s->ncand - 1] : NULL;

	bounded = !st->edges && !s->forced && bar != NULL && bar->gain > 0;
	if (bounded && mac->count * bar->cost <= bar->gain * cost)
		return;
	/* The centre macros are even in every wing orbit: only the prefix
	 * can change a parity (a setup is undone). */
	if (st->keep_parity && pre > 0 && seq_wing_parity(t, s->path, pre) != 0)
		return;
	for (k = 0; k < mac->count; k++) {
		int a = t->from[mac->off + k], q = t->to[mac->off + k], j;

		for (j = depth - 1; j >= 0; j--) {
			const uint16_t *fwd = t->fwd + (size_t)move_inverse(s->path[pre + j]) * (size_t)t->nf;

			a = fwd[a];
			q = fwd[q];
		}
		to[k] = (uint16_t)q;
		val[k] = s->col[a];
		old[k] = s->col[q];
		if (st->cls[q] == CLS_T) {
			score += (val[k] == st->tgt[q]) - (old[k] == st->tgt[q]);
			/* Each facelet left adds at most one. */
			if (bounded && !better(score - s->base + mac->count - 1 - k, cost, bar))
				return;
		} else if (st->cls[q] == CLS_P) {
			broken += (old[k] == st->tgt[q]) - (val[k] == st->tgt[q]);
			/* With nothing broken before, every finished facelet
			 * shows its colour: one broken here stays broken. */
			if (st->broken == 0 && broken != 0)
				return;
		}
		if (st->edges && t->slot_of[q] >= 0)
			slots |= 1u << t->slot_of[q];
	}
	if (broken != 0)
		return;
	if (slots != 0) {
		for (k = 0; k < mac->count; k++)
			s->col[to[k]] = val[k];
		for (k = 0; k < NSLOTS; k++)
			if (slots & 1u << k)
				score += slot_score(t, s->col, k) - st->slot[k];
		for (k = 0; k < mac->count; k++)
			s->col[to[k]] = old[k];
	}
	gain = score - s->base;
	take = s->forced ? gain > s->best.gain || (gain == s->best.gain && cost < s->best.cost) :
	    better(gain, cost, &s->best);
	offering = s->maxcand > 0 && gain > 0 && !s->forced;
	if (!take && !offering)
		return;
	for (k = 0; k < pre + depth; k++)
		moves[k] = s->path[k];
	for (k = 0; k < mac->len; k++)
		moves[pre + depth + k] = mac->moves[k];
	for (k = 0; k < depth; k++)
		moves[pre + depth + mac->len + k] = (uint16_t)move_inverse(s->path[pre + depth - 1 - k]);
	if (offering)
		offer(s, gain, cost, len, moves);
	if (take) {
		s->best.gain = gain;
		s->best.cost = cost;
		s->best.len = len;
		memcpy(s->best.moves, moves, (size_t)len * sizeof *moves);
	}
}

/* Edge pairing steps: up to `setup` outer turns, then a pairing macro
 * (see build_pairing) about an axis other than the last turn's. */
static void
search_pairing(struct search *s, int depth, int setup, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m, i;

	for (i = 0; i < t->npmac; i++) {
		const struct macro *mac = &t->pmac[s->st->reversed ? t->npmac - 1 - i : i];

		if (last < 0 || move_axis(t, mac->moves[0]) != axis_of(n, last))
			eval_macro(s, mac, depth, 0);
	}
	if (setup == 0)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (!is_face_turn(t, m) || (last >= 0 && axis_of(n, m) == axis_of(n, last) &&
		    layer_of(n, m) <= layer_of(n, last)))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		search_pairing(s, depth + 1, setup - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

/* Centre steps: up to `setup` turns that keep the finished centres (a
 * prefix, not undone), then an insertion B X B^-1 or nothing. */
static void
search_insertions(struct search *s, int depth, int setup, int last)
{
	const struct rtab *t = s->st->t;
	int n = t->n, m, i;

	for (i = 0; i < t->nimac; i++)
		eval_macro(s, &t->imac[i], depth, 0);
	if (setup == 0)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(n, m) == axis_of(n, last) && layer_of(n, m) <= layer_of(n, last))
			continue;
		search_move(s->st, s->col, m);
		s->path[depth] = (uint16_t)m;
		if (s->st->broken == 0)   /* the prefix alone: search_free's */
			search_insertions(s, depth + 1, setup - 1, m);
		search_move(s->st, s->col, move_inverse(m));
	}
}

/* Every macro under every setup of up to maxdepth turns. */
static void
search_macros(struct search *s, const struct macro *macs, int count, int depth,
    int maxdepth, int last)
{
	const struct rtab *t = s->st->t;
	int i, m;

	for (i = 0; i < count; i++)
		eval_macro(s, &macs[i], 0, depth);
	if (depth == maxdepth)
		return;
	for (m = 0; m < t->nmoves; m++) {
		if (last >= 0 && axis_of(t->n, m) == axis_of(t->n, last) &&
		    layer_of(t->n, m) <= layer_of(t->n, last))
			continue;
		s->path[depth] = (uint16_t)m;
		search_macros(s, macs, count, depth + 1, maxdepth, m);
	}
}

/* Wing 3-cycles that can fix something: a fixing cycle moves at least two
 * wrong wings, so under each setup S only the macros through two of the
 * wrong wings' images S(w) are scored (looked up by wing pair). */
static void
search_pairs(struct search *s, const struct pair_index *px, const struct macro *macs,
    const uint16_t *wrong, int nwrong, int depth, int maxdepth, int last)
{
	const struct rtab *t = s->st->t;
	int i, j, m, w = px->nid;

	for (i = 0; i < nwrong; i++)
		for (j = i + 1; j < nwrong; j++) {
			int a = px->id[wrong[i]], b = px->id[wrong[j]], k;
			int pair = a < b ? a * w + b : b * w + a;

			if (a < 0 || b < 0)
				continue;
			for (k = px->start[pair]; k < px->start[pair + 1]; k++)
				eval_macro(s, &macs[px->list[k]], 0, depth);
		}
	if (depth == maxdepth)
		return;
	for (m = 0; m < t->nmoves; m++) {
		uint16_t moved[MAXF];
		const uint16_t *fwd = t->fwd + (size_t)m * (size_t)t->nf;

		if (last >= 0 && axis_of(t->n, m) == axis_of(t->n, last) &&
		    layer_of(t->n, m) <= layer_of(t->n, last))
			continue;
		/* Setups of three turns take outer turns only: 18^3 of them,
		 * where every layer makes 54^3 on 6x6x6 (a second a search) and
		 * 99^3 on 11x11x11, for the rare 3-cycle found only there. */
		if (maxdepth >= 3 && !is_face_turn(t, m))
			continue;
		for (i = 0; i < nwrong; i++)
			moved[i] = fwd[wrong[i]];
		s->path[depth] = (uint16_t)m;
		search_pairs(s, px, macs, moved, nwrong, depth + 1, maxdepth, m);
	}
}

/* Centres that a fixing 3-cycle may move: targets showing a wrong colour,
 * and free centres showing a colour some wrong target needs. */
static int
wrong_centres(const struct stage *st, const uint8_t *col, uint16_t *out)
{
	const struct rtab *t = st->t;
	bool needed[6] = {false};
	int i, count = 0;

	for (i = 0; i < t->nf; i++)
		if (st->cls[i] == CLS_T && col[i] != st->tgt[i])
			needed[st->tgt[i]] = true;
	for (i = 0; i < t->nf; i++) {
		if (!t->centre[i])
			continue;
		if (st->cls[i] == CLS_T ? col[i] != st->tgt[i] :
		    st->cls[i] == CLS_NONE && needed[col[i]])
			out[count++] = (uint16_t)i;
	}
	return count;
}

/* The wings that do not match their slot's reference (and the reference
 * of every slot not finished), one facelet each. */
static int
wrong_wings(const struct stage *st, const uint8_t *col, uint16_t *out)
{
	const struct rtab *t = st->t;
	int s, k, count = 0;

	for (s = 0; s < NSLOTS; s++) {
		int a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

		if (st->slot[s] == t->n - 3)
			continue;
		for (k = 1; k < t->n - 1; k++)
			if ((k == t->ref && t->n % 2 == 0) ||
			    (k != t->ref && (col[t->wing[s][k][0]] != a ||
			    col[t->wing[s][k][1]] != b)))
				out[count++] = (uint16_t)t->wing[s][k][0];
	}
	return count;
}

/* One facelet of every wing of the slots not yet paired. */
static int
unfinished_wings(const struct stage *st, uint16_t *out)
{
	const struct rtab *t = st->t;
	int s, k, count = 0;

	for (s = 0; s < NSLOTS; s++)
		if (st->slot[s] != t->n - 3)
			for (k = 1; k < t->n - 1; k++)
				out[count++] = (uint16_t)t->wing[s][k][0];
	return count;
}

/* The wing swaps of the orbits (coordinates k and n-1-k) that have a wing
 * not matching its slot's reference: when no 3-cycle gains, such an orbit
 * is most often left with an odd permutation, and a swap in an orbit
 * without wrong wings would only undo an earlier one. */
static int
swaps_in_wrong_orbits(const struct stage *st, const uint8_t *col, struct macro *out)
{
	const struct rtab *t = st->t;
	const struct macro *swaps = t->wmac + t->nwmac - t->nswap;
	bool wrong[CUBE_MAX_N] = {false};
	int n = t->n, s, k, i, count = 0;

	for (s = 0; s < NSLOTS; s++) {
		int a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

		for (k = 1; k < n - 1; k++)
			if (k != t->ref && (col[t->wing[s][k][0]] != a || col[t->wing[s][k][1]] != b))
				wrong[k < n - 1 - k ? k : n - 1 - k] = true;
	}
	for (i = 0; i < t->nswap; i++) {
		for (k = 0; k < swaps[i].count; k++) {
			int id = t->wing_id[t->to[swaps[i].off + k]];

			if (id >= 0) {
				id %= n;
				if (wrong[id < n - 1 - id ? id : n - 1 - id])
					out[count++] = swaps[i];
				break;
			}
		}
	}
	return count;
}

/* The wing swaps in the orbits of mask (bit j as in wing_parity). */
static int
swaps_in_orbits(const struct rtab *t, unsigned mask, struct macro *out)
{
	const struct macro *swaps = t->wmac + t->nwmac - t->nswap;
	int n = t->n, k, i, count = 0;

	for (i = 0; i < t->nswap; i++)
		for (k = 0; k < swaps[i].count; k++) {
			int id = t->wing_id[t->to[swaps[i].off + k]];

			if (id >= 0) {
				id %= n;
				if (mask & (1u << (id < n - 1 - id ? id : n - 1 - id)))
					out[count++] = swaps[i];
				break;
			}
		}
	return count;
}

/* A growing list of moves (internal indices). */
struct seq {
	uint16_t *m;
	int len, cap;
};

static long write_moves(int n, const struct seq *q, struct movelist *out, struct tw_error *err);

static bool
seq_push(struct seq *q, const uint16_t *moves, int len)
{
	if (len == 0)
		return true;
	if (q->len + len > q->cap) {
		int cap = q->cap == 0 ? 256 : q->cap;
		uint16_t *grown;

		while (cap < q->len + len)
			cap *= 2;
		grown = realloc(q->m, (size_t)cap * sizeof *grown);
		if (grown == NULL)
			return false;
		q->m = grown;
		q->cap = cap;
	}
	memcpy(q->m + q->len, moves, (size_t)len * sizeof *moves);
	q->len += len;
	return true;
}

/* Appends moves to q, each block as its single-layer turns. */
static bool
seq_push_moves(const struct rtab *t, struct seq *q, const uint16_t *moves, int len)
{
	int i, k;

	for (i = 0; i < len; i++) {
		if (moves[i] < t->nmoves) {
			if (!seq_push(q, &moves[i], 1))
				return false;
			continue;
		}
		for (k = t->lo_of[moves[i]]; k <= t->hi_of[moves[i]]; k++) {
			uint16_t m = (uint16_t)move_index(t->n, move_axis(t, moves[i]), k,
			    turns_of(moves[i]));

			if (!seq_push(q, &m, 1))
				return false;
		}
	}
	return true;
}

struct run {
	const struct rtab *t;
	const struct cube_reduce_options *opt;
	uint8_t col[MAXF];
	uint8_t face_colour[6];
	struct seq phase[REDUCE_PHASES];
	struct tw_error *err;
	int variant, nvariants;      /* this try at centres and edges, of how many */
	int lookahead;               /* centre steps looked at two deep (0: none) */
	int edge_lookahead;          /* edge pairing steps looked at two deep */
	int lookahead_depth;         /* the free search's depth for the second */
	bool even_wings;             /* wing orbits made even before the third face */
};

static bool
cancelled(const struct run *r)
{
	if (r->opt != NULL && r->opt->cancel != NULL && atomic_load(r->opt->cancel)) {
		tw_error_set(r->err, "cancelled");
		return true;
	}
	return false;
}

static void
report(const struct run *r, int phase, int permille)
{
	if (r->opt == NULL)
		return;
	if (r->opt->phase != NULL)
		atomic_store(r->opt->phase, cube_reduce_phase_name[phase]);
	if (r->opt->progress != NULL) {
		/* Tries share the first 900 per mille; the finish the rest.
		 * One overall figure that never falls (a later step may start
		 * below where an earlier one reached). */
		int v = phase <= REDUCE_PARITY && r->nvariants > 1 ?
		    (r->variant * 900 + permille * 9 / 10) / r->nvariants : permille;

		if (v > atomic_load(r->opt->progress))
			atomic_store(r->opt->progress, v);
	}
}

/* A step search from the stage's position on col, after the move prev. */
static void
search_start(struct search *s, struct stage *st, uint8_t *col, int prev)
{
	memset(s, 0, sizeof *s);
	s->st = st;
	s->col = col;
	s->base = st->score;
	s->prev = prev;
}

/* The centre steps: every sequence of up to free_depth turns, the
 * insertions after up to `setup` turns, the rectangle 3-cycles and the
 * conjugates. */
static void
search_centre_steps(struct search *s, int free_depth, int setup)
{
	const struct rtab *t = s->st->t;

	search_free(s, 0, free_depth, -1);
	search_insertions(s, 0, setup, -1);
	search_macros(s, t->bmac, t->nbmac, 0, 0, -1);
	search_macros(s, t->hmac, t->nhmac, 0, 0, -1);
}

/* Of the steps kept in s->cand, takes the one whose best next step gives
 * the most gain per move over the two (one that leaves no gaining step
 * is counted with a 3-cycle after it: one piece, 8 moves). The next step
 * is a centre step (free_depth, setup as in run_stage) or, in the edges
 * phase, a pairing macro under no setup turn: a nineteenth of the first
 * step's search each, and about as good a guide as the full search
 * (two candidates on 7x7x7: 101.9 edge moves against 101.1). */
static void
look_ahead(struct search *s, int goal, int free_depth, int setup)
{
	struct stage *st = s->st;
	long num = 0, den = 1;
	int c, k, pick = 0;

	for (c = 0; c < s->ncand; c++) {
		const struct best *b = &s->cand[c];
		long g = b->gain, m = b->cost;

		for (k = 0; k < b->len; k++)
			search_move(st, s->col, b->moves[k]);
		if (st->score < goal) {
			struct search next;

			search_start(&next, st, s->col, b->moves[b->len - 1]);
			if (st->edges)
				search_pairing(&next, 0, 0, -1);
			else
				search_centre_steps(&next, free_depth, setup);
			g += next.best.gain > 0 ? next.best.gain : 1;
			m += next.best.gain > 0 ? next.best.cost : 8;
		}
		for (k = b->len - 1; k >= 0; k--)
			search_move(st, s->col, move_inverse(b->moves[k]));
		if (c == 0 || g * den > num * m) {
			num = g;
			den = m;
			pick = c;
		}
	}
	s->best = s->cand[pick];
}

/* Runs greedy steps until the stage's score reaches goal. */
static bool
run_stage(struct run *r, struct stage *st, int goal, int phase, int lo, int hi,
    int free_depth, int setup)
{
	/* free_depth: centres, the depth of the free search; setup: turns
	 * before a centre insertion or an edge pairing macro. */
	struct search s;
	int start = st->score, forced = 0, shuffles = 0, prev = -1;
	bool after_forced = false;

	stage_count(st, r->col);
	start = st->score;
	while (st->score < goal) {
		int k;

		if (cancelled(r))
			return false;
		report(r, phase, lo + (hi - lo) * (st->score - start) /
		    (goal - start > 0 ? goal - start : 1));
		search_start(&s, st, r->col, prev);
		if (st->edges) {
			s.maxcand = r->edge_lookahead;
			search_pairing(&s, 0, setup, -1);
			if (s.ncand > 1)
				look_ahead(&s, goal, 0, 0);
		} else {
			s.maxcand = r->lookahead;
			search_centre_steps(&s, free_depth, setup);
			if (s.ncand > 1)
				look_ahead(&s, goal, r->lookahead_depth, setup);
		}
		if (s.best.gain <= 0) {
			int d;

			if (st->edges) {
				/* 3-cycles through two wrong wings under setups of
				 * up to three turns (three: outer turns), and the
				 * wing swaps of the odd orbits. */
				uint16_t wrong[NSLOTS * CUBE_MAX_N];
				int nwrong = wrong_wings(st, r->col, wrong), nodd;

				/* A swap in an even orbit needs a second one later. */
				nodd = swaps_in_orbits(r->t, wing_parity(r->t, r->col, r->face_colour),
				    st->swaps);
				for (d = 0; d <= 3 && s.best.gain <= 0; d++) {
					search_pairs(&s, &r->t->wpairs, r->t->wmac, wrong, nwrong, 0, d, -1);
					if (d <= 2 && !after_forced)
						search_macros(&s, st->swaps, nodd, 0, d, -1);
				}
			} else {
				/* Setups of up to one turn, then 3-cycles through a
				 * wrong centre and a centre of a colour it needs under
				 * setups of up to three (three: outer turns). */
				uint16_t *wrong = malloc(MAXF * sizeof *wrong);
				int nwrong;

				for (d = 0; d <= 1 && s.best.gain <= 0; d++)
					search_macros(&s, r->t->cmac, r->t->ncmac, 0, d, -1);
				if (wrong == NULL) {
					tw_error_set(r->err, "out of memory");
					return false;
				}
				nwrong = wrong_centres(st, r->col, wrong);
				for (d = 0; d <= 3 && s.best.gain <= 0; d++)
					search_pairs(&s, &r->t->cpairs, r->t->cmac, wrong, nwrong, 0, d, -1);
				free(wrong);
			}
		}
		if (s.best.gain <= 0 && st->edges && forced < 16) {
			/* Stuck. With every wing orbit even, the wrong wings
			 * need 3-cycles only, but none found gains: up to three
			 * times a pairing, the best 3-cycle through wings of
			 * unfinished slots under up to one setup turn, even
			 * without gain. Else (an odd orbit left) swap two
			 * wings (the best such swap, even at a loss) and go on
			 * with 3-cycles. */
			forced++;
			search_start(&s, st, r->col, prev);
			s.forced = true;
			s.best.gain = -(1 << 30);
			if (shuffles < 3 && wing_parity(r->t, r->col, r->face_colour) == 0) {
				uint16_t wings[NSLOTS * CUBE_MAX_N];
				int nwings = unfinished_wings(st, wings), d;

				shuffles++;
				for (d = 0; d <= 1; d++)
					search_pairs(&s, &r->t->wpairs, r->t->wmac, wings, nwings, 0, d, -1);
			}
			if (s.best.len == 0)
				search_macros(&s, st->swaps, swaps_in_wrong_orbits(st, r->col, st->swaps),
				    0, 2, -1);
			if (s.best.len == 0)
				s.best.gain = 0;
			after_forced = true;
		} else {
			after_forced = false;
		}
		if (s.best.len == 0) {
			tw_error_set(r->err, "the %s phase found no way on (score %d of %d): is the cube valid?",
			    cube_reduce_phase_name[phase], st->score, goal);
			return false;
		}
		for (k = 0; k < s.best.len; k++)
			stage_move(st, r->col, s.best.moves[k]);
		prev = s.best.moves[s.best.len - 1];
		if (!seq_push_moves(r->t, &r->phase[phase], s.best.moves, s.best.len)) {
			tw_error_set(r->err, "out of memory");
			return false;
		}
		if (st->cap > 0 && write_moves(r->t->n, &r->phase[phase], NULL, r->err) > st->cap) {
			st->gave_up = true;
			return false;
		}
	}
	return true;
}

static int
centre_count(const struct rtab *t, const uint8_t *col, int face, int colour)
{
	int i, nn = t->n * t->n, sum = 0;

	for (i = face * nn; i < (face + 1) * nn; i++)
		sum += t->centre[i] && col[i] == colour;
	return sum;
}

/* The colour each face gets: on odd cubes the middle centre's, on even
 * cubes a turn of the colour scheme: the one with the most centres in
 * place, or on tries 6, 7 ... the second most, and so on. */
static void
choose_scheme(struct run *r)
{
	const struct rtab *t = r->t;
	int n = t->n, f, i, k, sum[24];
	uint8_t scheme[24][6];
	bool used[24] = {false};

	if (n % 2 == 1) {
		for (f = 0; f < 6; f++)
			r->face_colour[f] = r->col[f * n * n + (n / 2) * n + n / 2];
		return;
	}
	for (i = 0; i < 24; i++) {
		struct cube turned;

		cube_solved(&turned, 3);
		cube_apply_alg(&turned, rot[i], NULL);
		sum[i] = 0;
		for (f = 0; f < 6; f++) {
			scheme[i][f] = (uint8_t)(strchr(face_letter, turned.f[f * 9 + 4]) - face_letter);
			sum[i] += centre_count(t, r->col, f, scheme[i][f]);
		}
	}
	for (k = 0; k <= r->variant / 6 % 24; k++) {
		int best = -1;

		for (i = 0; i < 24; i++)
			if (!used[i] && (best < 0 || sum[i] > sum[best]))
				best = i;
		used[best] = true;
		memcpy(r->face_colour, scheme[best], 6);
	}
}

static int
opposite(int f)
{
	return (f + 3) % 6;
}
#define STAGE_LEVELS 80
#define BEAM_TRANS_MAX (16u << 20)   /* at most so many entries in a beam's rank table */
#define STAGE_STALL 8          /* levels without a new best sum */

/* Progress (of 1000) in the centre phase: the staged phases take 0..250
 * (phase F1 0..100), the face-by-face stages after them the rest up to 500. */
static int
stage_progress(int phase, int done, int all)
{
	if (phase == STAGE_F1)
		return 100 * done / (all > 0 ? all : 1);
	return phase * 100 + (phase == STAGE_C ? 50 : 100) * done / (all > 0 ? all : 1);
}

/* A state of the beam: its parent on the level before and the move (an
 * index in the phase's move list) from there. */
struct beam_node {
	int parent;
	uint16_t move;
};

struct beam_child {
	int parent, score, sum;
	uint16_t move;
};

/* The frame of a try: the rotation that takes U to face `first` and R to
 * face `second` (an adjacent one). */
static int
stage_frame(const struct rtab *t, int first, int second)
{
	int nn = t->n * t->n, r;

	for (r = 0; r < 24; r++) {
		const uint16_t *turned = t->rot + (size_t)r * (size_t)t->nf;

		if (turned[nn / 2] / nn == first && turned[nn + nn / 2] / nn == second)
			return r;
	}
	return 0;
}

static uint32_t
beam_hash(const uint32_t *m, int count)
{
	uint32_t h = 2166136261u;
	int i;

	for (i = 0; i < count; i++)
		h = (h ^ m[i]) * 16777619u;
	return h ^ h >> 15;
}

/* Open addressing over a beam level's states (`bytes` each, state i at
 * states + i * bytes; hash has hsize slots, a power of two, 0xffffffff
 * free): true when `to` (hash h) is there already, else records it as
 * state `index`. */
static bool
level_seen(uint32_t *hash, uint32_t hsize, const void *states, size_t bytes, const void *to,
    uint32_t h, uint32_t index)
{
	for (h &= hsize - 1; hash[h] != 0xffffffffu; h = (h + 1) & (hsize - 1))
		if (memcmp((const char *)states + (size_t)hash[h] * bytes, to, bytes) == 0)
			return true;
	hash[h] = index;
	return false;
}

/*
 * One staged phase in frame `frame` by beam search: each level keeps the
 * `width` distinct states with the least sum of the orbits' distances
 * (then the least largest one). Plays the moves to the goal, or when the
 * least sum stalls for STAGE_STALL levels, to the state with the least
 * sum (if less than at the start), on r->col and adds them to the centre
 * phase. Returns 1 when the phase is done, 0 when it is not, -1 on an
 * error (cancelled, out of memory).
 */
static int
stage_beam(struct run *r, int frame, int phase, int width)
{
	const struct rtab *t = r->t;
	int n = t->n, nn = n * n, norb = t->norb, axis, f, o, k, m, nmv = 0, level;
	int mv[MAX_ALL], nb = 1, found = -1, result = -1;
	int start_sum = 0, best_sum, best_level = -1, best_index = -1;
	const uint16_t *turned = t->rot + (size_t)frame * (size_t)t->nf;
	struct perm_lut *lut = NULL;
	uint32_t *cur = NULL, *next = NULL, *hash = NULL, hsize;
	struct beam_node *node = NULL;
	struct beam_child *child = NULL;
	int *bucket = NULL, *order = NULL, *csum = NULL, *cbig = NULL;
	bool want[6] = {false};
	int8_t *index = malloc((size_t)t->nf);
	const uint8_t *dist[ORB_MAX];
	uint16_t *trans = NULL;    /* [(o * size + rank) * nmv + j]: rank after move j */
	uint32_t size = 0;         /* masks of an orbit when trans is used, else 0 */

	axis = turned[nn / 2] / nn % 3;
	for (f = 0; f < 6; f++)
		if (stage_goal_face(phase, f))
			want[r->face_colour[turned[f * nn + nn / 2] / nn]] = true;
	for (m = 0; m < t->nall; m++)
		if (stage_move_ok(t, phase, axis, m))
			mv[nmv++] = m;
	for (hsize = 1; hsize < 2u * (uint32_t)width; hsize *= 2)
		;
	lut = malloc((size_t)norb * (size_t)nmv * sizeof *lut);
	cur = malloc((size_t)width * (size_t)norb * sizeof *cur);
	next = malloc((size_t)width * (size_t)norb * sizeof *next);
	hash = malloc((size_t)hsize * sizeof *hash);
	node = malloc((size_t)STAGE_LEVELS * (size_t)width * sizeof *node);
	child = malloc((size_t)width * (size_t)nmv * sizeof *child);
	bucket = malloc((size_t)(32 * 16 * ORB_MAX + 2) * sizeof *bucket);
	order = malloc((size_t)width * (size_t)nmv * sizeof *order);
	csum = malloc((size_t)nmv * sizeof *csum);
	cbig = malloc((size_t)nmv * sizeof *cbig);
	if (index == NULL || lut == NULL || cur == NULL || next == NULL || hash == NULL ||
	    node == NULL || child == NULL || bucket == NULL || order == NULL || csum == NULL ||
	    cbig == NULL) {
		tw_error_set(r->err, "out of memory");
		goto out;
	}
	/* The permutations in the frame, as byte lookups; the start masks. */
	for (o = 0; o < norb; o++) {
		uint8_t perm[24];

		dist[o] = t->otypes[t->orb_type[o]].dist[phase];
		memset(index, -1, (size_t)t->nf);
		for (k = 0; k < 24; k++)
			index[turned[t->orb_pos[o][k]]] = (int8_t)k;
		for (m = 0; m < nmv; m++) {
			orbit_perm(t, index, mv[m], perm);
			perm_lut_fill(perm, &lut[o * nmv + m]);
		}
		cur[o] = 0;
		for (k = 0; k < 24; k++)
			if (want[r->col[turned[t->orb_pos[o][k]]]])
				cur[o] |= 1u << k;
		if (dist[o][mask_rank(cur[o])] == 0xff) {
			result = 0;           /* not reachable in this phase */
			goto out;
		}
		start_sum += dist[o][mask_rank(cur[o])];
	}
	if (start_sum == 0) {
		result = 1;
		goto out;
	}
	/* Few masks (phase F1: 4 of 24 bits, 10,626 masks): every move's
	 * image of every mask, as ranks, one row of moves per orbit and mask,
	 * so that a node's children read one row per orbit; the states are
	 * then ranks. */
	size = binom24[24][__builtin_popcount(cur[0])];
	if (size <= 65536 && (size_t)norb * size * (size_t)nmv <= BEAM_TRANS_MAX) {
		uint32_t mask = (1u << __builtin_popcount(cur[0])) - 1, rk;

		trans = malloc((size_t)norb * size * (size_t)nmv * sizeof *trans);
		if (trans == NULL) {
			tw_error_set(r->err, "out of memory");
			goto out;
		}
		for (rk = 0; rk < size; rk++) {
			uint32_t low = mask & -mask, ripple = mask + low;

			for (o = 0; o < norb; o++)
				for (m = 0; m < nmv; m++)
					trans[((size_t)o * size + mask_rank(mask)) * (size_t)nmv + (size_t)m] =
					    (uint16_t)mask_rank(perm_lut_apply(&lut[o * nmv + m], mask));
			mask = ripple | (((mask ^ ripple) >> 2) / low);   /* next, as many bits */
		}
		for (o = 0; o < norb; o++)
			cur[o] = mask_rank(cur[o]);
	} else {
		size = 0;
	}
	best_sum = start_sum;
	for (level = 0; level < STAGE_LEVELS && found < 0 && level - best_level <= STAGE_STALL; level++) {
		int nc = 0, i, j, s, top = 32 * 16 * ORB_MAX + 1, kept = 0;

		if (cancelled(r))
			goto out;
		report(r, REDUCE_CENTRES, stage_progress(phase, start_sum - best_sum, start_sum));
		memset(bucket, 0, (size_t)(top + 1) * sizeof *bucket);
		for (i = 0; i < nb; i++) {
			int last = level == 0 ? -1 : mv[node[(level - 1) * width + i].move];

			memset(csum, 0, (size_t)nmv * sizeof *csum);
			memset(cbig, 0, (size_t)nmv * sizeof *cbig);
			for (o = 0; o < norb; o++) {
				const uint16_t *row = size == 0 ? NULL :
				    trans + ((size_t)o * size + cur[i * norb + o]) * (size_t)nmv;

				for (j = 0; j < nmv; j++) {
					int d = size > 0 ? dist[o][row[j]] : dist[o][mask_rank(
					    perm_lut_apply(&lut[o * nmv + j], cur[i * norb + o]))];

					csum[j] += d;
					cbig[j] = d > cbig[j] ? d : cbig[j];
				}
			}
			for (j = 0; j < nmv; j++) {
				int sum = csum[j], big = cbig[j];

				if (last >= 0 && move_axis(t, mv[j]) == move_axis(t, last) && mv[j] <= last)
					continue;
				if (big == 0xff)
					continue;     /* an orbit the phase cannot finish from there */
				s = sum * 32 + (big < 31 ? big : 31);
				child[nc].sum = sum;
				if (s > top - 1)
					s = top - 1;
				child[nc].parent = i;
				child[nc].move = (uint16_t)j;
				child[nc].score = s;
				bucket[s + 1]++;
				nc++;
			}
		}
		/* Counting sort by score, then the first `width` distinct. */
		for (s = 0; s < top; s++)
			bucket[s + 1] += bucket[s];
		for (i = 0; i < nc; i++)
			order[bucket[child[i].score]++] = i;
		memset(hash, 0xff, (size_t)hsize * sizeof *hash);
		for (i = 0; i < nc && kept < width; i++) {
			const struct beam_child *c = &child[order[i]];
			uint32_t *to = next + (size_t)kept * (size_t)norb;

			for (o = 0; o < norb; o++)
				to[o] = size > 0 ? trans[((size_t)o * size + cur[c->parent * norb + o]) *
				    (size_t)nmv + c->move] :
				    perm_lut_apply(&lut[o * nmv + c->move], cur[c->parent * norb + o]);
			if (level_seen(hash, hsize, next, (size_t)norb * sizeof *to, to,
			    beam_hash(to, norb), (uint32_t)kept))
				continue;
			node[level * width + kept].parent = c->parent;
			node[level * width + kept].move = c->move;
			if (c->sum < best_sum) {
				best_sum = c->sum;
				best_level = level;
				best_index = kept;
			}
			if (c->sum == 0)
				found = kept;
			kept++;
			if (found >= 0)
				break;
		}
		if (kept == 0)
			break;
		{
			uint32_t *swap = cur;

			cur = next;
			next = swap;
		}
		nb = kept;
	}
	if (best_level < 0) {
		result = 0;
		goto out;
	}
	{
		uint16_t path[STAGE_LEVELS];
		int len = best_level + 1, i = best_index;

		for (k = len - 1; k >= 0; k--) {
			path[k] = (uint16_t)mv[node[k * width + i].move];
			i = node[k * width + i].parent;
		}
		for (k = 0; k < len; k++)
			apply_plain(t, r->col, path[k]);
		if (!seq_push_moves(t, &r->phase[REDUCE_CENTRES], path, len)) {
			tw_error_set(r->err, "out of memory");
			goto out;
		}
	}
	if (found < 0) {
		result = 0;
		goto out;
	}
	result = 1;
out:
	free(index);
	free(lut);
	free(cur);
	free(next);
	free(hash);
	free(node);
	free(child);
	free(bucket);
	free(order);
	free(csum);
	free(cbig);
	free(trans);
	return result;
}

/* The turn that acts in frame `turned` as turn m does in the standard
 * frame; -1 if none does (it always does: the frame is a rotation). */
static int
frame_move(const struct rtab *t, const uint16_t *turned, int m)
{
	int m2, i, j;

	for (m2 = 0; m2 < t->nall; m2++) {
		if (t->len[m2] != t->len[m])
			continue;
		for (i = 0; i < t->len[m]; i++) {
			int from = turned[t->src[t->off[m] + i]], to = turned[t->dst[t->off[m] + i]];

			for (j = t->off[m2]; j < t->off[m2] + t->len[m2] && t->src[j] != from; j++)
				;
			if (j == t->off[m2] + t->len[m2] || t->dst[j] != to)
				break;
		}
		if (i == t->len[m])
			return m2;
	}
	return -1;
}

/* Whether every centre of the frame's faces in `kept` (a bit each) shows
 * that face's colour. */
static bool
faces_done(const struct rtab *t, const uint8_t *col, const uint16_t *turned,
    const uint8_t *face_colour, int kept)
{
	int nn = t->n * t->n, p;

	for (p = 0; p < t->nf; p++)
		if ((kept >> (p / nn) & 1) != 0 && t->centre[p] &&
		    col[turned[p]] != face_colour[turned[p / nn * nn + nn / 2] / nn])
			return false;
	return true;
}

/* A state of a face beam: its parent, on the level its step's cost
 * before, and the step. */
struct fb_node {
	int parent;
	uint16_t step;
};

struct fb_child {
	int parent;
	uint16_t step, score;
};

#define FB_LEVELS 96           /* turns of the longest path kept */
#define FB_STALL 12            /* turns without a new best sum */
#define FB_SCORES 65536

/*
 * The face beam fb (phase F2) in the frame whose U is face `first` and R
 * face `second`: level L holds the `width` distinct states reached in L
 * turns with the least sum of the orbits' distances (then the least
 * largest), a step of cost c feeding level L + c. Plays the moves to the
 * state of least sum (the first found) when the goal is reached or the
 * sum stalls for FB_STALL turns, on r->col, and adds them to the centre
 * phase. Progress lo..hi (of 1000). Returns 1 when the face is done, 0
 * when not (or a kept face is not done), -1 on an error (cancelled, out
 * of memory, an internal check; r->err says which).
 */
static int
face_beam_run(struct run *r, const struct face_beam *fb, int first, int second, int width,
    int lo, int hi)
{
	const struct rtab *t = r->t;
	int n = t->n, nn = n * n, norb = t->norb, nst = fb->nstep, frame, gcol, o, k, i, j;
	int level, best_level = -1, best_index = -1, found = -1, start_sum = 0, best_sum;
	int npool[4] = {0}, nb[4] = {0}, result = -1;
	const uint16_t *turned;
	struct fb_child *pool[4] = {NULL};
	uint16_t *state[4] = {NULL};
	struct fb_node *node = malloc((size_t)FB_LEVELS * (size_t)width * sizeof *node);
	int *bucket = malloc((FB_SCORES + 1) * sizeof *bucket), *order = NULL, *csum = NULL, *cbig = NULL;
	uint32_t *hash = NULL, hsize;

	frame = stage_frame(t, first, second);
	turned = t->rot + (size_t)frame * (size_t)t->nf;
	gcol = r->face_colour[turned[fb->goal * nn + nn / 2] / nn];
	for (hsize = 1; hsize < 2u * (uint32_t)width; hsize *= 2)
		;
	hash = malloc((size_t)hsize * sizeof *hash);
	order = malloc((size_t)width * (size_t)nst * sizeof *order);
	csum = malloc((size_t)nst * sizeof *csum);
	cbig = malloc((size_t)nst * sizeof *cbig);
	for (k = 0; k < 4; k++) {
		pool[k] = malloc((size_t)width * (size_t)nst * sizeof *pool[k]);
		state[k] = malloc((size_t)width * (size_t)norb * sizeof *state[k]);
		if (pool[k] == NULL || state[k] == NULL)
			break;
	}
	if (node == NULL || bucket == NULL || hash == NULL || order == NULL || csum == NULL ||
	    cbig == NULL || k < 4) {
		tw_error_set(r->err, "out of memory");
		goto out;
	}
	for (o = 0; o < norb; o++) {
		uint32_t mask = 0;

		for (k = 0; k < 24; k++)
			if (r->col[turned[t->orb_pos[o][k]]] == gcol)
				mask |= 1u << k;
		if ((mask & ~fb->free) != 0) {
			result = 0;             /* a kept face is not done */
			goto out;
		}
		state[0][o] = (uint16_t)face_beam_state(fb, mask);
		start_sum += fb->dist[o * fb->nstates + state[0][o]];
	}
	if (start_sum == 0) {
		result = 1;
		goto out;
	}
	nb[0] = 1;
	best_sum = start_sum;
	for (level = 0; level < FB_LEVELS - 3 && found < 0 &&
	    level - (best_level < 0 ? 0 : best_level) <= FB_STALL; level++) {
		int cs = level % 4, kept = 0, s;

		if (cancelled(r))
			goto out;
		report(r, REDUCE_CENTRES, lo + (hi - lo) * (start_sum - best_sum) / start_sum);
		if (level > 0) {
			/* Counting sort of the level's children by score, then
			 * the first `width` distinct. */
			memset(bucket, 0, (FB_SCORES + 1) * sizeof *bucket);
			for (i = 0; i < npool[cs]; i++)
				bucket[pool[cs][i].score + 1]++;
			for (s = 0; s < FB_SCORES; s++)
				bucket[s + 1] += bucket[s];
			for (i = 0; i < npool[cs]; i++)
				order[bucket[pool[cs][i].score]++] = i;
			memset(hash, 0xff, (size_t)hsize * sizeof *hash);
			for (i = 0; i < npool[cs] && kept < width; i++) {
				const struct fb_child *c = &pool[cs][order[i]];
				const uint16_t *from = state[(level - fb->cost[c->step]) % 4] +
				    (size_t)c->parent * (size_t)norb;
				uint16_t *to = state[cs] + (size_t)kept * (size_t)norb;
				uint32_t h = 2166136261u;
				int sum = 0;

				for (o = 0; o < norb; o++) {
					to[o] = fb->trans[((size_t)o * fb->nstates + from[o]) * (size_t)nst + c->step];
					sum += fb->dist[o * fb->nstates + to[o]];
					h = (h ^ to[o]) * 16777619u;
				}
				if (level_seen(hash, hsize, state[cs], (size_t)norb * sizeof *to, to,
				    h ^ h >> 15, (uint32_t)kept))
					continue;
				node[level * width + kept].parent = c->parent;
				node[level * width + kept].step = c->step;
				if (sum < best_sum) {
					best_sum = sum;
					best_level = level;
					best_index = kept;
				}
				kept++;
				if (sum == 0) {
					found = kept - 1;
					break;
				}
			}
			nb[cs] = kept;
			npool[cs] = 0;
			if (found >= 0)
				break;
		}
		/* The children of the level, by orbit: one row of trans each. */
		for (i = 0; i < nb[cs]; i++) {
			int last = level == 0 ? -1 : node[level * width + i].step;

			memset(csum, 0, (size_t)nst * sizeof *csum);
			memset(cbig, 0, (size_t)nst * sizeof *cbig);
			for (o = 0; o < norb; o++) {
				const uint16_t *row = fb->trans + ((size_t)o * fb->nstates +
				    state[cs][(size_t)i * (size_t)norb + (size_t)o]) * (size_t)nst;
				const uint8_t *dist = fb->dist + (size_t)o * fb->nstates;

				for (j = 0; j < nst; j++) {
					int d = dist[row[j]];

					csum[j] += d;
					cbig[j] = d > cbig[j] ? d : cbig[j];
				}
			}
			for (j = 0; j < nst; j++) {
				int to = (level + fb->cost[j]) % 4;
				struct fb_child *c;

				if (cbig[j] == 0xff)
					continue;
				if (last >= 0 && fb->cost[j] == 1 && fb->cost[last] == 1 &&
				    move_axis(t, fb->turns[j][0]) == move_axis(t, fb->turns[last][0]) &&
				    fb->turns[j][0] <= fb->turns[last][0])
					continue;     /* turns about one axis: one order */
				c = &pool[to][npool[to]++];
				c->parent = i;
				c->step = (uint16_t)j;
				k = csum[j] * 32 + (cbig[j] < 31 ? cbig[j] : 31);
				c->score = (uint16_t)(k < FB_SCORES - 1 ? k : FB_SCORES - 1);
			}
		}
	}
	if (best_level < 0) {
		result = 0;
		goto out;
	}
	{
		uint16_t path[FB_LEVELS];
		int len = 0, steps[FB_LEVELS], nsteps = 0, at = best_level, ix = best_index, q;

		while (at > 0) {
			int s = node[at * width + ix].step;

			steps[nsteps++] = s;
			ix = node[at * width + ix].parent;
			at -= fb->cost[s];
		}
		for (q = nsteps - 1; q >= 0; q--)
			for (k = 0; k < fb->cost[steps[q]]; k++) {
				int m = frame_move(t, turned, fb->turns[steps[q]][k]);

				if (m < 0) {
					tw_error_set(r->err, "internal error: no turn for a face beam's step");
					goto out;
				}
				path[len++] = (uint16_t)m;
			}
		for (k = 0; k < len; k++)
			apply_plain(t, r->col, path[k]);
		/* The cube must now be where the beam went: the first face
		 * kept, the orbits at the distances it planned. */
		for (o = 0, start_sum = 0; o < norb; o++) {
			uint32_t mask = 0;

			for (k = 0; k < 24; k++)
				if (r->col[turned[t->orb_pos[o][k]]] == gcol)
					mask |= 1u << k;
			start_sum += (mask & ~fb->free) != 0 ? 1 << 20 :
			    fb->dist[o * fb->nstates + face_beam_state(fb, mask)];
		}
		if (start_sum != best_sum || !faces_done(t, r->col, turned, r->face_colour, fb->kept)) {
			tw_error_set(r->err, "internal error: a face beam's turns do not give the state it planned");
			goto out;
		}
		if (!seq_push_moves(t, &r->phase[REDUCE_CENTRES], path, len)) {
			tw_error_set(r->err, "out of memory");
			goto out;
		}
	}
	result = found >= 0;
out:
	for (k = 0; k < 4; k++) {
		free(pool[k]);
		free(state[k]);
	}
	free(node);
	free(bucket);
	free(order);
	free(csum);
	free(cbig);
	free(hash);
	return result;
}

/* Finishes staged phase A or B where the beam stalled: the greedy steps on
 * the colours seen as the phases see them (0 for the first axis's, 1 for
 * the second's, 2 for the rest), the earlier phase's faces kept. */
static bool
stage_finish(struct run *r, struct stage *st, int frame, int phase)
{
	const struct rtab *t = r->t;
	const uint16_t *turned = t->rot + (size_t)frame * (size_t)t->nf;
	int n = t->n, nn = n * n, per = (n - 2) * (n - 2) - n % 2, map[6], f, i;
	int before = r->phase[REDUCE_CENTRES].len;
	uint8_t real[MAXF];
	bool ok;

	for (f = 0; f < 6; f++) {
		int c = r->face_colour[turned[f * nn + nn / 2] / nn];

		map[c] = f % 3 == 0 ? 0 : f % 3 == 1 && phase == STAGE_B ? 1 : 2;
	}
	memset(st->cls, CLS_NONE, sizeof st->cls);
	for (i = 0; i < t->nf; i++) {
		int m = map[r->face_colour[i / nn]];

		st->tgt[i] = (uint8_t)m;
		if (t->centre[i] && m == phase)
			st->cls[i] = CLS_T;
		else if (t->centre[i] && m < phase)
			st->cls[i] = CLS_P;
	}
	if (n % 2 == 1)
		for (f = 0; f < 6; f++)
			st->cls[f * nn + (n / 2) * n + n / 2] = CLS_P;
	st->edges = false;
	memcpy(real, r->col, sizeof real);
	for (i = 0; i < t->nf; i++)
		r->col[i] = (uint8_t)map[r->col[i]];
	ok = run_stage(r, st, 2 * per, REDUCE_CENTRES, stage_progress(phase, 0, 1),
	    stage_progress(phase, 1, 1), n <= 7 ? 3 : 2, n <= 5 ? 2 : 1);
	memcpy(r->col, real, sizeof real);
	for (i = before; i < r->phase[REDUCE_CENTRES].len; i++)
		apply_plain(t, r->col, r->phase[REDUCE_CENTRES].m[i]);
	return ok;
}

/* The staged phases A, B, C in the try's frame (first axis by the try,
 * second by the try / 3); A and B are finished by greedy steps where the
 * beam stalls, C by the face-by-face stages after. */
static bool
stage_centres(struct run *r, struct stage *st)
{
	int first = r->variant % 3, second = (first + 1 + r->variant / 3 % 2) % 3, ph;
	int frame = stage_frame(r->t, first, second);

	for (ph = 0; ph <= STAGE_C; ph++) {
		int got = stage_beam(r, frame, ph, stage_width[r->t->n]);

		if (got < 0)
			return false;
		if (got == 0) {
			if (ph == STAGE_C)
				break;
			if (!stage_finish(r, st, frame, ph))
				return false;
		}
	}
	return true;
}

/* The right centres on the four faces off the axis. */
static int
side_centres(const struct run *r, int axis)
{
	int f, sum = 0;

	for (f = 0; f < 6; f++)
		if (f % 3 != axis)
			sum += centre_count(r->t, r->col, f, r->face_colour[f]);
	return sum;
}

/* With the first two (opposite) faces done: one quarter turn of an inner
 * slice about their axis for each odd wing orbit (layer j or n-1-j, either
 * way: of the 4 per orbit, the turns that leave a side face with the most
 * of its centres), so that the edges need no wing swap; then the third
 * face and the last three again (order[2..5]). Not where the turns would
 * take more than n-2 right centres off the side faces an orbit (a quarter
 * of what one takes off finished side faces, as on a reduced cube with
 * OLL parity): there the swap or the parity sequence is cheaper. */
static bool
even_wing_orbits(struct run *r, int *order)
{
	const struct rtab *t = r->t;
	int n = t->n, axis = order[0] % 3, orb[CUBE_MAX_N], nodd = 0, ncombo = 1;
	int j, combo, f, k, most = -1, best = -1, before = side_centres(r, axis);
	unsigned odd = wing_parity(t, r->col, r->face_colour);
	uint16_t turn[CUBE_MAX_N], kept[CUBE_MAX_N];
	uint8_t save[MAXF];
	bool used[6] = {false};

	for (j = 1; 2 * j < n - 1; j++)
		if (odd & (1u << j)) {
			orb[nodd++] = j;
			ncombo *= 4;
		}
	if (nodd == 0)
		return true;
	memcpy(save, r->col, sizeof save);
	for (combo = 0; combo < ncombo; combo++) {
		int c = combo, top = 0;

		for (j = 0; j < nodd; j++, c /= 4) {
			turn[j] = (uint16_t)move_index(n, axis, c % 2 ? n - 1 - orb[j] : orb[j], c / 2 % 2 ? 3 : 1);
			apply_plain(t, r->col, turn[j]);
		}
		for (f = 0; f < 6; f++) {
			int got = centre_count(t, r->col, f, r->face_colour[f]);

			if (f % 3 != axis && got > top)
				top = got;
		}
		if (top > most) {
			most = top;
			memcpy(kept, turn, sizeof kept);
		}
		memcpy(r->col, save, sizeof save);
	}
	for (j = 0; j < nodd; j++)
		apply_plain(t, r->col, kept[j]);
	if (side_centres(r, axis) + (n - 2) * nodd < before) {
		memcpy(r->col, save, sizeof save);
		return true;
	}
	if (!seq_push_moves(t, &r->phase[REDUCE_CENTRES], kept, nodd)) {
		tw_error_set(r->err, "out of memory");
		return false;
	}
	used[order[0]] = used[order[1]] = true;
	for (f = 0; f < 6; f++) {
		int got = centre_count(t, r->col, f, r->face_colour[f]);

		if (!used[f] && got > best) {
			best = got;
			order[2] = f;
		}
	}
	order[3] = opposite(order[2]);
	used[order[2]] = used[order[3]] = true;
	for (f = 0, k = 4; f < 6; f++)
		if (!used[f])
			order[k++] = f;
	return true;
}

static bool
solve_centres(struct run *r, struct stage *st)
{
	const struct rtab *t = r->t;
	int n = t->n, nn = n * n, per = (n - 2) * (n - 2) - n % 2, order[6], done = 0, i, f;
	bool used[6] = {false};
	int depth = n <= 7 ? 3 : 2;
	/* Progress after the staged phases. */
	int base = stage_width[n] > 0 ? stage_progress(STAGE_C, 1, 1) :
	    first_face_width[n] > 0 ? stage_progress(STAGE_F1, 1, 1) : 0;

	st->keep_parity = false;
	if (stage_width[n] > 0 && !stage_centres(r, st))
		return false;

	/* The face with most of its centres first (try v: the v-th most),
	 * its opposite, the best of the four left, then the last three. */
	for (i = 0; i < 6; i++) {
		int best = -1, bf = 0;

		if (i == 0) {
			int rank[6], k;

			for (f = 0; f < 6; f++)
				rank[f] = centre_count(t, r->col, f, r->face_colour[f]) * 8 + 7 - f;
			for (k = 0; k <= r->variant % 6; k++) {
				for (f = 0, bf = -1; f < 6; f++)
					if (!used[f] && (bf < 0 || rank[f] > rank[bf]))
						bf = f;
				used[bf] = true;
			}
			memset(used, 0, sizeof used);
			order[0] = bf;
			used[bf] = true;
			continue;
		}
		if (i == 1 || i == 3) {
			order[i] = opposite(order[i - 1]);
			used[order[i]] = true;
			continue;
		}
		for (f = 0; f < 6; f++) {
			int c = centre_count(t, r->col, f, r->face_colour[f]);

			if (!used[f] && c > best) {
				best = c;
				bf = f;
			}
		}
		order[i] = bf;
		used[bf] = true;
	}
	/* The first face by beam search (phase F1), as far as it gets; the
	 * greedy steps below finish it. */
	if (first_face_width[n] > 0 && stage_width[n] == 0 &&
	    stage_beam(r, stage_frame(t, order[0], (order[0] + 1) % 6), STAGE_F1,
	    first_face_width[n]) < 0)
		return false;
	memset(st->cls, CLS_NONE, sizeof st->cls);
	for (i = 0; i < t->nf; i++)
		st->tgt[i] = r->face_colour[i / nn];
	st->edges = false;
	for (i = 0; i < 4; i++) {
		int k, last = i == 3 ? 6 : i + 1, goal = 0;


		if (i == 2 && r->even_wings) {
			if (!even_wing_orbits(r, order))
				return false;
			st->keep_parity = wing_parity(t, r->col, r->face_colour) == 0;
		}
		/* The second face by beam search (phase F2), as far as it
		 * gets; the greedy steps finish it. */
		if (i == 1 && second_face_width[n] > 0 &&
		    face_beam_run(r, t->f2, order[0], (order[0] + 1) % 6, second_face_width[n],
		    base + (500 - base) / 6, base + (500 - base) * 2 / 6) < 0)
			return false;

		for (k = done; k < last; k++) {
			int p;

			for (p = order[k] * nn; p < (order[k] + 1) * nn; p++)
				if (t->centre[p])
					st->cls[p] = CLS_T;
		}
		/* Odd cubes: the middle centres fix the colours; they stay. */
		if (n % 2 == 1)
			for (f = 0; f < 6; f++)
				st->cls[f * nn + (n / 2) * n + n / 2] = CLS_P;
		for (k = 0; k < last; k++)
			goal += per;
		for (k = 0; k < done; k++)
			goal -= per;
		if (!run_stage(r, st, goal, REDUCE_CENTRES, base + (500 - base) * done / 6,
		    base + (500 - base) * last / 6, depth, 1))
			return false;
		for (k = done; k < last; k++) {
			int p;

			for (p = order[k] * nn; p < (order[k] + 1) * nn; p++)
				if (t->centre[p])
					st->cls[p] = CLS_P;
		}
		done = last;
	}
	st->keep_parity = false;
	return true;
}

/* Progress lo..hi (of 1000). */
static bool
pair_edges(struct run *r, struct stage *st, int lo, int hi)
{
	const struct rtab *t = r->t;
	int n = t->n, i;

	for (i = 0; i < t->nf; i++)
		st->cls[i] = t->centre[i] ? CLS_P : CLS_NONE;
	st->edges = true;
	return run_stage(r, st, NSLOTS * (n - 3), REDUCE_EDGES, lo, hi, 0, 1);
}

/* Reports progress permille (of 1000). */
static bool
fix_parity(struct run *r, int permille)
{
	const struct rtab *t = r->t;
	struct cube small;
	unsigned bad;
	int k;

	report(r, REDUCE_PARITY, permille);
	reduced_3x3(t, r->col, r->face_colour, &small);
	bad = cube3_defects(&small);
	if (t->n % 2 == 0 && (bad & CUBE3_FLIP) != 0) {
		for (k = 0; k < t->oll_len; k++)
			apply_plain(t, r->col, t->oll[k]);
		if (!seq_push(&r->phase[REDUCE_PARITY], t->oll, t->oll_len))
			goto oom;
	}
	if (t->n % 2 == 0 && (bad & CUBE3_PARITY) != 0) {
		for (k = 0; k < t->pll_len; k++)
			apply_plain(t, r->col, t->pll[k]);
		if (!seq_push(&r->phase[REDUCE_PARITY], t->pll, t->pll_len))
			goto oom;
	}
	reduced_3x3(t, r->col, r->face_colour, &small);
	if (cube3_defects(&small) != 0 || !centres_solved(t, r->col, r->face_colour) ||
	    !edges_paired(t, r->col)) {
		tw_error_set(r->err, "the reduced cube is not a solvable 3x3x3 (defects %#x): is the cube valid?",
		    cube3_defects(&small));
		return false;
	}
	return true;
oom:
	tw_error_set(r->err, "out of memory");
	return false;
}

static bool
finish_3x3(struct run *r)
{
	struct cube small;
	struct movelist ml = MOVELIST_EMPTY;
	struct cube3_options o = {.target = 20, .max_nodes = REDUCE_FINISH_NODES};
	size_t i;
	bool ok = true;

	report(r, REDUCE_FINISH, 950);
	if (r->opt != NULL) {
		o.cancel = r->opt->cancel;
		if (r->opt->finish_time > 0)
			o.time_limit = r->opt->finish_time;
	}
	reduced_3x3(r->t, r->col, r->face_colour, &small);
	if (!cube3_solve(&small, &o, &ml, r->err))
		return false;
	for (i = 0; ok && i < ml.len; i++) {
		const char *mv = ml.moves[i];
		int face = (int)(strchr(face_letter, mv[0]) - face_letter);
		int t = mv[1] == '2' ? 2 : mv[1] == '\'' ? 3 : 1;
		uint16_t m = (uint16_t)face_move(r->t->n, face, 1, t);

		apply_plain(r->t, r->col, m);
		ok = seq_push(&r->phase[REDUCE_FINISH], &m, 1);
	}
	movelist_clear(&ml);
	if (!ok)
		tw_error_set(r->err, "out of memory");
	return ok;
}

/*
 * Writing moves. A run of turns about one axis is a vector v of net turns
 * per layer; it is written in the fewest tokens (then the fewest slice
 * turns) as outer blocks from the U (R, F) side, outer blocks from the D
 * (L, B) side and single layers. With P[i] the net turn of the U-side
 * blocks that reach layer i and S[i] that of the D-side ones, a U-side
 * block ends where P changes and a D-side one starts where S does, and
 * layer i takes a token of its own when v[i] - P[i] - S[i] is not 0 (mod
 * 4); no block turns every layer (a rotation): P[n-1] = S[0] = 0. The
 * search over P and S is exact, so two runs written together never take
 * more tokens than written apart.
 */
struct token { int axis, lo, hi, t; };

static int
axis_tokens(int n, int axis, const int *v, struct token *out)
{
	/* Costs are tokens * 64 + slice turns; state q = P * 4 + S. */
	enum { TOKEN = 64, NONE = 1 << 28 };
	int cost[CUBE_MAX_N][16], back[CUBE_MAX_N][16], state[CUBE_MAX_N];
	int i, q, w, count = 0, best = NONE;

	for (q = 0; q < 16; q++)
		cost[0][q] = q % 4 != 0 ? NONE : ((v[0] - q / 4) % 4 + 4) % 4 != 0 ? TOKEN + 1 : 0;
	for (i = 1; i < n; i++) {
		int up = i < n - i ? i : n - i;   /* slice turns of the blocks changing here */

		for (q = 0; q < 16; q++) {
			int own = ((v[i] - q / 4 - q % 4) % 4 + 4) % 4 != 0 ? TOKEN + 1 : 0;

			cost[i][q] = NONE;
			for (w = 0; w < 16; w++) {
				int c = cost[i - 1][w] + own + (w / 4 != q / 4 ? TOKEN + up : 0) +
				    (w % 4 != q % 4 ? TOKEN + up : 0);

				if (cost[i - 1][w] < NONE && c < cost[i][q]) {
					cost[i][q] = c;
					back[i][q] = w;
				}
			}
		}
	}
	for (q = 0; q < 4; q++)   /* P[n-1] = 0 */
		if (cost[n - 1][q] < best) {
			best = cost[n - 1][q];
			state[n - 1] = q;
		}
	for (i = n - 1; i > 0; i--)
		state[i - 1] = back[i][state[i]];
	for (i = 1; i < n; i++)
		if (state[i - 1] / 4 != state[i] / 4)
			out[count++] = (struct token){axis, 0, i - 1, (state[i - 1] / 4 - state[i] / 4 + 4) % 4};
	for (i = 0; i < n; i++) {
		int left = ((v[i] - state[i] / 4 - state[i] % 4) % 4 + 4) % 4;

		if (left != 0)
			out[count++] = (struct token){axis, i, i, left};
	}
	for (i = 1; i < n; i++)
		if (state[i - 1] % 4 != state[i] % 4)
			out[count++] = (struct token){axis, i, n - 1, (state[i] % 4 - state[i - 1] % 4 + 4) % 4};
	return count;
}

static void
token_text(int n, const struct token *tk, char *buf, size_t size)
{
	static const char *const suffix[4] = {"", "", "2", "'"};
	int k = tk->hi - tk->lo + 1;

	if (tk->lo == 0 && k == 1)
		snprintf(buf, size, "%c%s", face_letter[tk->axis], suffix[tk->t]);
	else if (tk->hi == n - 1 && k == 1)
		snprintf(buf, size, "%c%s", face_letter[tk->axis + 3], suffix[4 - tk->t]);
	else if (tk->lo == 0 || tk->hi == n - 1) {
		char num[12] = "";
		bool near = tk->lo == 0;

		if (k > 2)
			snprintf(num, sizeof num, "%d", k);
		snprintf(buf, size, "%s%cw%s", num,
		    face_letter[tk->axis + (near ? 0 : 3)], suffix[near ? tk->t : 4 - tk->t]);
	}
	else if (tk->lo < n - 1 - tk->lo)
		snprintf(buf, size, "%d%c%s", tk->lo + 1, face_letter[tk->axis], suffix[tk->t]);
	else
		snprintf(buf, size, "%d%c%s", n - tk->lo, face_letter[tk->axis + 3],
		    suffix[4 - tk->t]);
}

/* Writes q as tokens to out (if not NULL); returns how many. Runs of one
 * axis are merged on a stack, so a run that cancels out lets its
 * neighbours merge too (R U U' R' is nothing). */
static long
write_moves(int n, const struct seq *q, struct movelist *out, struct tw_error *err)
{
	struct run_v { int axis; int v[CUBE_MAX_N]; } *stack;
	int top = 0, i, k;
	long count = 0;
	struct token tk[2 * CUBE_MAX_N + 2];

	stack = malloc((size_t)(q->len + 1) * sizeof *stack);
	if (stack == NULL) {
		tw_error_set(err, "out of memory");
		return -1;
	}
	for (i = 0; i < q->len; i++) {
		int axis = axis_of(n, q->m[i]);
		bool zero = true;

		if (top == 0 || stack[top - 1].axis != axis) {
			stack[top].axis = axis;
			memset(stack[top].v, 0, sizeof stack[top].v);
			top++;
		}
		stack[top - 1].v[layer_of(n, q->m[i])] =
		    (stack[top - 1].v[layer_of(n, q->m[i])] + turns_of(q->m[i])) % 4;
		for (k = 0; k < n; k++)
			zero = zero && stack[top - 1].v[k] == 0;
		if (zero)
			top--;
	}
	for (i = 0; i < top; i++) {
		int nt = axis_tokens(n, stack[i].axis, stack[i].v, tk);

		for (k = 0; k < nt; k++) {
			char buf[16];

			token_text(n, &tk[k], buf, sizeof buf);
			if (out != NULL && !movelist_push(out, buf, err)) {
				free(stack);
				return -1;
			}
		}
		count += nt;
	}
	free(stack);
	return count;
}

long
cube_move_stm(int n, const struct cube_move *mv)
{
	return cube_move_metric_cost(n, mv, CUBE_STM);
}

/* Exchanges the moves of phases from..to-1 with kept's. */
static void
swap_phases(struct run *r, struct seq *kept, int from, int to)
{
	int p;

	for (p = from; p < to; p++) {
		struct seq tmp = kept[p];

		kept[p] = r->phase[p];
		r->phase[p] = tmp;
	}
}

/* Centre steps looked at two deep (the best 2, or 3 on 7x7x7), by size,
 * and the depth of the free search for the second step. On 6x6x6 it
 * saves 5 to 15 moves; on 7x7x7 5 to 15 (10.5 on 30 scrambles) for 2.4
 * to 3.8 s a solve, where a second step searched three deep took about
 * twice the centre time for no clear gain. Three steps on 7x7x7: 332.3
 * -> 329.8 moves on 50 scrambles, four 332.6; 5x5x5 came out 2 moves
 * longer and 4x4x4 the same (BENCHMARKS.md). */
static const int lookahead_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0};
static const int lookahead_depth_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0};

/* Edge pairing steps looked at two deep: the best four by gain per move,
 * each with the best pairing macro after it. On 7x7x7 the edges took
 * 108.0 -> 93.9 moves on 8 scrambles (two candidates with the full
 * search after each: 101.1 in 2.4 times the edges' time; eight: 94.4). */
static const int edge_lookahead_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4};

/* Wing orbits made even before the third centre face (sizes solved face
 * by face): the edges then need no wing swap, 15 moves each, about one a
 * solve on 7x7x7 (BENCHMARKS.md). */
static const bool even_wings_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};

/* Tries at centres and edges per size: as many as fit the time targets. */
static const int variants_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 12, 6, 3, 2, 2, 2, 1, 1};

/* Edge pairings per try: on 6x6x6 and 7x7x7 the pairing is run a second
 * time with its macros scanned the other way (ties between equally good
 * steps go the other way, and the greedy takes another path), and the
 * shorter pairing and parity are kept. On 7x7x7 with the edge lookahead
 * that saves 1.9 moves on 50 scrambles (with three centre steps looked
 * at, 329.8 -> 327.9) for about 1 s a solve; from 8x8x8 up it is not
 * worth its time (BENCHMARKS.md). */
static const int pairings_for[CUBE_MAX_N + 1] = {0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 1, 1};

/* Edges and parity from the centres on r->col, pairings_for[n] times;
 * the shortest (in written moves) is left in r->phase and r->col. */
static bool
edges_and_parity(struct run *r, struct stage *st)
{
	const struct rtab *t = r->t;
	struct seq kept[REDUCE_PHASES] = {{NULL, 0, 0}};
	uint8_t start[MAXF], best_col[MAXF];
	long best = -1;
	int v, hi;
	bool ok = false;

	memcpy(start, r->col, sizeof start);
	for (v = 0; v < pairings_for[t->n]; v++) {
		long len;

		memcpy(r->col, start, sizeof start);
		r->phase[REDUCE_EDGES].len = r->phase[REDUCE_PARITY].len = 0;
		/* A later pairing stops once it is longer than the best. */
		st->reversed = v == 1;
		st->cap = v > 0 ? best : 0;
		st->gave_up = false;
		hi = 500 + 400 * (v + 1) / pairings_for[t->n];
		ok = pair_edges(r, st, 500 + 400 * v / pairings_for[t->n], hi) && fix_parity(r, hi);
		st->reversed = false;
		st->cap = 0;
		if (!ok) {
			/* A later pairing that gives up or ends stuck is dropped,
			 * not the try. */
			if (v > 0 && !cancelled(r) && (st->gave_up ||
			    strstr(r->err->msg, "is the cube valid") != NULL))
				continue;
			goto out;
		}
		len = write_moves(t->n, &r->phase[REDUCE_EDGES], NULL, r->err) +
		    write_moves(t->n, &r->phase[REDUCE_PARITY], NULL, r->err);
		if (best < 0 || len < best) {
			best = len;
			memcpy(best_col, r->col, sizeof best_col);
			swap_phases(r, kept, REDUCE_EDGES, REDUCE_FINISH);
		}
	}
	memcpy(r->col, best_col, sizeof best_col);
	swap_phases(r, kept, REDUCE_EDGES, REDUCE_FINISH);
	ok = true;
out:
	free(kept[REDUCE_EDGES].m);
	free(kept[REDUCE_PARITY].m);
	return ok;
}

/* One try from cube c: `prefix` slice turns first, then centres (the
 * first face by r->variant), edges and parity; times add to stats. */
static bool
reduce_try(struct run *r, struct stage *st, const struct cube *c, int prefix,
    struct cube_reduce_stats *stats)
{
	double t1;
	int p;

	colours_of(c, r->col);
	choose_scheme(r);
	for (p = 0; p < REDUCE_PHASES; p++)
		r->phase[p].len = 0;
	for (p = 0; p < prefix; p++) {
		uint16_t m = (uint16_t)move_index(c->n, p % 3, 1 + p % (c->n - 2), 1);

		apply_plain(r->t, r->col, m);
		if (!seq_push(&r->phase[REDUCE_CENTRES], &m, 1)) {
			tw_error_set(r->err, "out of memory");
			return false;
		}
	}
	t1 = now_seconds();
	if (!solve_centres(r, st))
		return false;
	if (stats != NULL)
		stats->seconds[REDUCE_CENTRES] += now_seconds() - t1;
	t1 = now_seconds();   /* the parity's time (microseconds) counts as the edges' */
	if (!edges_and_parity(r, st))
		return false;
	if (stats != NULL)
		stats->seconds[REDUCE_EDGES] += now_seconds() - t1;
	return true;
}

bool
cube_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct run *r;
	struct stage *st;
	struct seq all = {NULL, 0, 0};
	struct tw_error inner, *caller_err = err;
	struct seq kept[REDUCE_PHASES] = {{NULL, 0, 0}};
	uint8_t best_col[MAXF], best_scheme[6];
	bool ok = false;
	int p, attempt;
	long best = -1;
	double t1;
	size_t first = out->len;

	if (c->n < 4 || c->n > CUBE_MAX_N) {
		tw_error_set(err, "the reduction solver takes cubes from 4x4x4 to %dx%dx%d, not %dx%dx%d",
		    CUBE_MAX_N, CUBE_MAX_N, CUBE_MAX_N, c->n, c->n, c->n);
		return false;
	}
	/* The 4x4x4 by its phase reduction; the greedy one below only if that
	 * runs out of work. */
	if (c->n == 4) {
		struct tw_error e4 = {{0}};

		if (cube4_reduce_solve(c, opt, out, stats, &e4))
			return true;
		if (strstr(e4.msg, "within the search's work") == NULL) {
			if (err != NULL)
				*err = e4;
			return false;
		}
	}
	/* The 5x5x5 alike. */
	if (c->n == 5) {
		struct tw_error e5 = {{0}};

		if (cube5_reduce_solve(c, opt, out, stats, &e5))
			return true;
		if (strstr(e5.msg, "within the search's work") == NULL) {
			if (err != NULL)
				*err = e5;
			return false;
		}
	}
	r = calloc(1, sizeof *r);
	st = calloc(1, sizeof *st);
	if (r == NULL || st == NULL) {
		free(r);
		free(st);
		tw_error_set(err, "out of memory");
		return false;
	}
	r->opt = opt;
	r->err = &inner;
	err = &inner;
	r->nvariants = variants_for[c->n];
	r->lookahead = lookahead_for[c->n];
	r->edge_lookahead = edge_lookahead_for[c->n];
	r->lookahead_depth = lookahead_depth_for[c->n];
	r->even_wings = even_wings_for[c->n];
	if (opt != NULL && opt->progress != NULL)
		atomic_store(opt->progress, 0);   /* this solve's figure starts here */
	report(r, REDUCE_CENTRES, 0);
	r->t = table_for(c->n, NULL);
	if (r->t == NULL) {
		tw_error_set(err, "out of memory building the %dx%dx%d tables", c->n, c->n, c->n);
		goto done;
	}
	st->t = r->t;
	st->swaps = malloc(((size_t)r->t->nswap + 1) * sizeof *st->swaps);
	if (st->swaps == NULL) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	if (stats != NULL)
		memset(stats, 0, sizeof *stats);
	/* Several tries at centres, edges and parity, each from a different
	 * first face; the shortest is kept. The greedy phases can, rarely, end
	 * where no step they know gains (seen once in hundreds of 10x10x10
	 * solves): if every try does, start again with 1..5 slice turns in
	 * front. */
	for (attempt = 0; attempt <= 5 && best < 0; attempt++)
		for (r->variant = 0; r->variant < (attempt == 0 ? r->nvariants : 1); r->variant++) {
			long len;

			if (!reduce_try(r, st, c, attempt, stats)) {
				if (strstr(err->msg, "found no way on") == NULL)
					goto done;
				continue;
			}
			for (len = 0, p = 0; p < REDUCE_FINISH; p++)
				len += write_moves(c->n, &r->phase[p], NULL, err);
			if (best < 0 || len < best) {
				best = len;
				memcpy(best_col, r->col, sizeof best_col);
				memcpy(best_scheme, r->face_colour, sizeof best_scheme);
				swap_phases(r, kept, 0, REDUCE_FINISH);
			}
		}
	if (best < 0)
		goto done;
	memcpy(r->col, best_col, sizeof best_col);
	memcpy(r->face_colour, best_scheme, sizeof best_scheme);
	swap_phases(r, kept, 0, REDUCE_FINISH);
	t1 = now_seconds();
	if (!finish_3x3(r))
		goto done;
	if (stats != NULL)
		stats->seconds[REDUCE_FINISH] = now_seconds() - t1;
	for (p = 0; p < REDUCE_PHASES; p++) {
		if (stats != NULL)
			stats->moves[p] = write_moves(c->n, &r->phase[p], NULL, err);
		if (!seq_push(&all, r->phase[p].m, r->phase[p].len)) {
			tw_error_set(err, "out of memory");
			goto done;
		}
	}
	if (write_moves(c->n, &all, out, err) < 0)
		goto done;
	/* Replay what is returned with the engine's own parser. */
	{
		struct cube check = *c;
		size_t i;

		for (i = first; i < out->len; i++) {
			struct cube_move mv;

			if (!cube_move_parse(c->n, out->moves[i], &mv, err))
				goto done;
			cube_move_do(&check, &mv);
		}
		if (!cube_is_solved(&check)) {
			tw_error_set(err, "internal error: the %dx%dx%d solution does not solve the cube",
			    c->n, c->n, c->n);
			goto done;
		}
	}
	report(r, REDUCE_FINISH, 1000);
	ok = true;
done:
	if (!ok) {
		if (caller_err != NULL)
			*caller_err = inner;
		while (out->len > first) {
			out->len--;
			free(out->moves[out->len]);
		}
	}
	for (p = 0; p < REDUCE_PHASES; p++) {
		free(r->phase[p].m);
		free(kept[p].m);
	}
	free(all.m);
	free(r);
	free(st->swaps);
	free(st);
	return ok;
}
