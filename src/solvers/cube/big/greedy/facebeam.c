/* Phase F2 (internal.h): the second centre face by beam search, the first
 * kept: its steps and per-orbit tables, and its run in a try's frame. */
#include "solvers/cube/big/greedy/internal.h"

#include <stdlib.h>
#include <string.h>

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
const int rd_second_face_width[CUBE_MAX_N + 1] = {0, 0, 0, 0, 0, 0, 1000, 1000, 0, 0, 0, 0};

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
	return rd_mask_rank(packed);
}

void
rd_face_beam_free(struct face_beam *fb)
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
			rd_orbit_perm(t, index[o], turns[q], one);
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
bool
rd_build_face_beam(struct rtab *t, int kept, int goal, struct face_beam **out)
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
	fb->nstates = (int)rd_binom24[nfree][4];
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
				    (size_t)s] = (uint16_t)face_beam_state(fb, rd_perm_mask(perm[s][o], mask_of[c]));
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
int
rd_face_beam_run(struct run *r, const struct face_beam *fb, int first, int second, int width,
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

	frame = rd_stage_frame(t, first, second);
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
		tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
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

		if (rd_cancelled(r))
			goto out;
		rd_report(r, REDUCE_CENTRES, lo + (hi - lo) * (start_sum - best_sum) / start_sum);
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
				if (rd_level_seen(hash, hsize, state[cs], (size_t)norb * sizeof *to, to,
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
			rd_apply_plain(t, r->col, path[k]);
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
		if (!rd_seq_push_moves(t, &r->phase[REDUCE_CENTRES], path, len)) {
			tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
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
