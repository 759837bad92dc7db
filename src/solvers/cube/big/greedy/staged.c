/* The staged centre phases A, B, C and F1 (internal.h): the centre orbits
 * under the cube's rotations, combinatorial ranks of 24-bit masks, the
 * orbit types' distance tables, and the beam search that plays a phase
 * on a cube. */
#include "solvers/cube/big/greedy/internal.h"

#include <stdlib.h>
#include <string.h>

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
const int rd_stage_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 2000, 2000, 0, 0, 0, 0, 0, 0};

/* Beam widths of phase F1 (the first face) on the sizes solved face by
 * face; 0: the greedy steps alone. On 7x7x7 the beam brings the face to
 * a few moves of done in 12 to 19 moves and the greedy finishes it: 7.1
 * moves fewer a solve on 35 scrambles (BENCHMARKS.md). On 6x6x6 it
 * makes the solves no shorter. */
const int rd_first_face_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 0, 20000, 0, 0, 0, 0};

/* The phases a size uses. */
static bool
stage_phase_used(int n, int phase)
{
	return phase == STAGE_F1 ? rd_first_face_width[n] > 0 : rd_stage_width[n] > 0;
}

/* rank_lo[x]: the combinatorial rank of the low 12 bits alone; rank_hi[h][c]
 * what the high 12 bits add after c low bits. rank = sum C(p_i, i + 1). */
uint32_t rd_binom24[25][25];
static uint32_t rank_lo[1 << 12];
static uint32_t rank_hi[1 << 12][13];
static uint8_t ones12[1 << 12];     /* bits set: a lookup, no popcount instruction assumed */

void
rd_rank_init(void)
{
	int i, j;

	for (i = 0; i <= 24; i++) {
		rd_binom24[i][0] = 1;
		for (j = 1; j <= i; j++)
			rd_binom24[i][j] = rd_binom24[i - 1][j - 1] + (j < i ? rd_binom24[i - 1][j] : 0);
	}
	for (i = 0; i < 1 << 12; i++) {
		int c, k, b;

		ones12[i] = (uint8_t)__builtin_popcount((unsigned)i);
		for (b = 0, k = 0, rank_lo[i] = 0; b < 12; b++)
			if (i >> b & 1)
				rank_lo[i] += rd_binom24[b][++k];
		for (c = 0; c <= 12; c++)
			for (b = 0, k = c, rank_hi[i][c] = 0; b < 12; b++)
				if (i >> b & 1 && k < 24)
					rank_hi[i][c] += rd_binom24[12 + b][++k];
	}
}

uint32_t
rd_mask_rank(uint32_t m)
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
void
rd_orbit_perm(const struct rtab *t, const int8_t *index, int m, uint8_t *perm)
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
		rd_orbit_perm(t, index, m, out[count]);
		if (memcmp(out[count], id, 24) != 0)
			count++;
	}
	qsort(out, (size_t)count, sizeof *out, perm_cmp);
	for (i = 0, k = 0; i < count; i++)
		if (k == 0 || memcmp(out[i], out[k - 1], 24) != 0)
			memmove(out[k++], out[i], 24);
	return k;
}

uint32_t
rd_perm_mask(const uint8_t *perm, uint32_t m)
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
			lut->to[b][x] = rd_perm_mask(perm, (uint32_t)x << (8 * b));
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
	uint32_t size = rd_binom24[24][__builtin_popcount(goal)], head = 0, tail = 0;
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
	dist[rd_mask_rank(goal)] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		uint32_t m = queue[head++];
		int d = dist[rd_mask_rank(m)];

		for (p = 0; p < nperm; p++) {
			uint32_t m2 = perm_lut_apply(&lut[p], m);
			uint32_t r2 = rd_mask_rank(m2);

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
bool
rd_build_staged(struct rtab *t)
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
				t->bytes += rd_binom24[24][__builtin_popcount(goal)];
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

#define STAGE_LEVELS 80
#define BEAM_TRANS_MAX (16u << 20)   /* at most so many entries in a beam's rank table */
#define STAGE_STALL 8          /* levels without a new best sum */

/* Progress (of 1000) in the centre phase: the staged phases take 0..250
 * (phase F1 0..100), the face-by-face stages after them the rest up to 500. */
int
rd_stage_progress(int phase, int done, int all)
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
int
rd_stage_frame(const struct rtab *t, int first, int second)
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
bool
rd_level_seen(uint32_t *hash, uint32_t hsize, const void *states, size_t bytes, const void *to,
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
int
rd_stage_beam(struct run *r, int frame, int phase, int width)
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
		tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
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
			rd_orbit_perm(t, index, mv[m], perm);
			perm_lut_fill(perm, &lut[o * nmv + m]);
		}
		cur[o] = 0;
		for (k = 0; k < 24; k++)
			if (want[r->col[turned[t->orb_pos[o][k]]]])
				cur[o] |= 1u << k;
		if (dist[o][rd_mask_rank(cur[o])] == 0xff) {
			result = 0;           /* not reachable in this phase */
			goto out;
		}
		start_sum += dist[o][rd_mask_rank(cur[o])];
	}
	if (start_sum == 0) {
		result = 1;
		goto out;
	}
	/* Few masks (phase F1: 4 of 24 bits, 10,626 masks): every move's
	 * image of every mask, as ranks, one row of moves per orbit and mask,
	 * so that a node's children read one row per orbit; the states are
	 * then ranks. */
	size = rd_binom24[24][__builtin_popcount(cur[0])];
	if (size <= 65536 && (size_t)norb * size * (size_t)nmv <= BEAM_TRANS_MAX) {
		uint32_t mask = (1u << __builtin_popcount(cur[0])) - 1, rk;

		trans = malloc((size_t)norb * size * (size_t)nmv * sizeof *trans);
		if (trans == NULL) {
			tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
			goto out;
		}
		for (rk = 0; rk < size; rk++) {
			uint32_t low = mask & -mask, ripple = mask + low;

			for (o = 0; o < norb; o++)
				for (m = 0; m < nmv; m++)
					trans[((size_t)o * size + rd_mask_rank(mask)) * (size_t)nmv + (size_t)m] =
					    (uint16_t)rd_mask_rank(perm_lut_apply(&lut[o * nmv + m], mask));
			mask = ripple | (((mask ^ ripple) >> 2) / low);   /* next, as many bits */
		}
		for (o = 0; o < norb; o++)
			cur[o] = rd_mask_rank(cur[o]);
	} else {
		size = 0;
	}
	best_sum = start_sum;
	for (level = 0; level < STAGE_LEVELS && found < 0 && level - best_level <= STAGE_STALL; level++) {
		int nc = 0, i, j, s, top = 32 * 16 * ORB_MAX + 1, kept = 0;

		if (rd_cancelled(r))
			goto out;
		rd_report(r, REDUCE_CENTRES, rd_stage_progress(phase, start_sum - best_sum, start_sum));
		memset(bucket, 0, (size_t)(top + 1) * sizeof *bucket);
		for (i = 0; i < nb; i++) {
			int last = level == 0 ? -1 : mv[node[(level - 1) * width + i].move];

			memset(csum, 0, (size_t)nmv * sizeof *csum);
			memset(cbig, 0, (size_t)nmv * sizeof *cbig);
			for (o = 0; o < norb; o++) {
				const uint16_t *row = size == 0 ? NULL :
				    trans + ((size_t)o * size + cur[i * norb + o]) * (size_t)nmv;

				for (j = 0; j < nmv; j++) {
					int d = size > 0 ? dist[o][row[j]] : dist[o][rd_mask_rank(
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
			if (rd_level_seen(hash, hsize, next, (size_t)norb * sizeof *to, to,
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
			rd_apply_plain(t, r->col, path[k]);
		if (!rd_seq_push_moves(t, &r->phase[REDUCE_CENTRES], path, len)) {
			tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
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
