/* The greedy reduction's macro library (internal.h): macros and their
 * effects, the 4x4x4 OLL and PLL parity sequences widened to N layers and
 * checked, centre and wing 3-cycles indexed by the pairs of pieces they
 * move, wing swaps, the edge pairing macros, and the centre insertions,
 * conjugates and rectangle 3-cycles. */
#include "solvers/cube/big/greedy/internal.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/cube3.h"

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
				rd_apply_plain(t, col, seq[i]);
			for (i = 0; i < 9 && outer[s][i][1] != 0; i++) {
				int m = face_move(t->n, outer[s][i][0], 1, outer[s][i][1]);

				rd_apply_plain(t, col, (uint16_t)m);
			}
			for (i = 0; i < len; i++)
				rd_apply_plain(t, col, seq[i]);
			if (!rd_centres_solved(t, col, standard_scheme) || !rd_edges_paired(t, col))
				return false;
			rd_reduced_3x3(t, col, standard_scheme, &small);
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
		rd_apply_plain(t, col, seq[i]);
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

bool
rd_build_macros(struct rtab *t)
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
		cube_apply_alg(&turned, rd_rot[i], NULL);
		/* After the rotation the face at position f shows colour
		 * turned.f[f*9+4]: a template move on face C becomes a move on
		 * the face where C went. */
		for (f = 0; f < 6; f++)
			face_map[strchr(rd_face_letter, turned.f[f * 9 + 4]) - rd_face_letter] = f;
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
bool
rd_build_pairing(struct rtab *t)
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

/* The pairing macros' slots and sources (internal.h). */
bool
rd_index_pairing(struct rtab *t)
{
	uint16_t src[MAXF];
	int n = t->n, i, k, sl, total = 0;

	t->pslots = malloc(((size_t)t->npmac + 1) * sizeof *t->pslots);
	t->psrc_off = malloc(((size_t)t->npmac + 1) * sizeof *t->psrc_off);
	if (t->pslots == NULL || t->psrc_off == NULL)
		return false;
	for (i = 0; i < t->npmac; i++) {
		const struct macro *m = &t->pmac[i];
		unsigned mask = 0;

		for (k = 0; k < m->count; k++)
			if (t->slot_of[t->to[m->off + k]] >= 0)
				mask |= 1u << t->slot_of[t->to[m->off + k]];
		t->pslots[i] = (uint16_t)mask;
		t->psrc_off[i] = total;
		total += __builtin_popcount(mask) * (n - 2) * 2;
	}
	t->psrc_off[t->npmac] = total;
	t->psrc = malloc(((size_t)total + 1) * sizeof *t->psrc);
	if (t->psrc == NULL)
		return false;
	for (k = 0; k < t->nf; k++)
		src[k] = (uint16_t)k;
	for (i = 0; i < t->npmac; i++) {
		const struct macro *m = &t->pmac[i];
		uint16_t *out = t->psrc + t->psrc_off[i];

		for (k = 0; k < m->count; k++)
			src[t->to[m->off + k]] = t->from[m->off + k];
		for (sl = 0; sl < NSLOTS; sl++)
			if (t->pslots[i] & 1u << sl)
				for (k = 1; k < n - 1; k++) {
					*out++ = src[t->wing[sl][k][0]];
					*out++ = src[t->wing[sl][k][1]];
				}
		for (k = 0; k < m->count; k++)
			src[t->to[m->off + k]] = t->to[m->off + k];
	}
	t->bytes += ((size_t)t->npmac + 1) * (sizeof *t->pslots + sizeof *t->psrc_off) +
	    (size_t)total * sizeof *t->psrc;
	return true;
}

/* Centre insertions B X B^-1: B a slice or wide block, X a quarter or
 * half turn of a face around B's axis. */
bool
rd_build_centre_insertions(struct rtab *t)
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

/* Indexes macs[0..count) by the facelets they move a sticker to. */
static bool
index_facelets(struct rtab *t, struct facelet_index *fx, const struct macro *macs, int count)
{
	int nf = t->nf, i, j, total = 0;

	fx->start = calloc((size_t)nf + 1, sizeof *fx->start);
	for (i = 0; i < count; i++)
		total += macs[i].count;
	fx->list = malloc((size_t)(total + 1) * sizeof *fx->list);
	if (fx->start == NULL || fx->list == NULL)
		return false;
	for (i = 0; i < count; i++)
		for (j = 0; j < macs[i].count; j++)
			fx->start[t->to[macs[i].off + j] + 1]++;
	for (j = 0; j < nf; j++)
		fx->start[j + 1] += fx->start[j];
	/* Filled in macro order, each facelet's list is increasing; filling
	 * moves each start to the next one's. */
	for (i = 0; i < count; i++)
		for (j = 0; j < macs[i].count; j++)
			fx->list[fx->start[t->to[macs[i].off + j]]++] = i;
	for (j = nf; j > 0; j--)
		fx->start[j] = fx->start[j - 1];
	fx->start[0] = 0;
	t->bytes += ((size_t)nf + 1 + (size_t)total) * sizeof(int);
	return true;
}

/* The centres each of macs[0..count) moves a sticker to. */
static struct centre_set *
centre_sets(struct rtab *t, const struct macro *macs, int count)
{
	struct centre_set *out = calloc((size_t)count + 1, sizeof *out);
	int i, k;

	if (out == NULL)
		return NULL;
	for (i = 0; i < count; i++)
		for (k = 0; k < macs[i].count; k++) {
			int b = t->centre_bit[t->to[macs[i].off + k]];

			if (b >= 0)
				out[i].w[b / 64] |= (uint64_t)1 << (b % 64);
		}
	t->bytes += ((size_t)count + 1) * sizeof *out;
	return out;
}

/* The centre 3-cycles' and insertions' facelet indexes, and the centre
 * sets (search.c). */
bool
rd_index_centre_macros(struct rtab *t)
{
	int i, b = 0;

	for (i = 0; i < t->nf; i++)
		t->centre_bit[i] = (int16_t)(t->centre[i] ? b++ : -1);
	if (b > 64 * CSET_WORDS)
		return false;   /* never: CSET_WORDS is made for CUBE_MAX_N */
	t->iset = centre_sets(t, t->imac, t->nimac);
	t->bset = centre_sets(t, t->bmac, t->nbmac);
	t->hset = centre_sets(t, t->hmac, t->nhmac);
	return t->iset != NULL && t->bset != NULL && t->hset != NULL &&
	    index_facelets(t, &t->cto, t->cmac, t->ncmac) &&
	    index_facelets(t, &t->ito, t->imac, t->nimac);
}

/* Centre conjugates B X F X^-1 B^-1: B a slice or wide block, X a single
 * layer off B's axis, F a face turn off X's axis. They are the first half
 * of the commutator [B, X F X^-1]: the second half only puts back centres
 * of faces that are not done yet, so where those do not count these
 * place a centre in 5 moves where a 3-cycle takes 8. Blocks B, times 6n
 * layers X, times 12 face turns F, each moving the (n-2)^2 centres of a
 * face: 50,000 in 8 MB on 7x7x7, 164,000 in 65 MB on 11x11x11. */
bool
rd_build_centre_conjugates(struct rtab *t)
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
bool
rd_build_centre_blocks(struct rtab *t)
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
