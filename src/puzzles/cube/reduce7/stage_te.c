/* The 7x7x7 staged reduction's stage T (README.md), after stage I:
 * every outer T onto its oblique pair (each T triple one colour), by
 * commutators [Y, Z] of a middle slice Y and a layer-2 slice Z,
 * conjugated by a face turn or not, and by Y h Y' with h one or two
 * turns of the grouped 5x5x5 that keep Y's column but for its outer T:
 * these act on everything but the outer T as grouped 5x5x5 moves
 * (checked when built), so only the T triples change. A beam search
 * over steps "a face turn or none, then a macro", ranked by OBTM so far
 * + lambda * unmatched pairs; a step's first turn merges with the step
 * before it when they turn the same layers (Y' then Y cancel), and the
 * path is written merged. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static inline int
at(int f, int r, int c)
{
	return f * 49 + r * 7 + c;
}

static inline int
inverse(int m)
{
	int t = m % 3 + 1;

	return m - (t - 1) + (3 - t);
}

#define TE_MAX_MACROS 16384
#define TE_MAX_ORBIT 72
#define TE_HASH 32749

struct te_macro {
	uint8_t len, cost, na;
	uint8_t m[10];
	uint8_t nu;
	uint8_t aff[24], up[24], down[24]; /* score pairs, see init_affected */
	uint8_t p[TE_MAX_ORBIT]; /* after it, orbit place k shows what place p[k] showed */
};

struct te_set {
	int n, orbit_n;
	bool grouped; /* purity: everything but the outer T moves as a grouped 5x5x5 */
	uint16_t orbit[TE_MAX_ORBIT];
	int16_t place[R7_FACELETS];
	int16_t seen[TE_HASH];   /* macro per orbit permutation hash, -1 if none */
	struct te_macro mac[TE_MAX_MACROS];
};

/* Composite permutation of moves ms[0..len): after them d shows what
 * s[d] showed. */
static void
compose(const int *ms, int len, uint16_t *s)
{
	const struct r7_model *md = r7_model();
	uint16_t t[R7_FACELETS];
	int i, d;

	for (d = 0; d < R7_FACELETS; d++)
		s[d] = (uint16_t)d;
	for (i = 0; i < len; i++) {
		for (d = 0; d < R7_FACELETS; d++)
			t[d] = s[md->src[ms[i]][d]];
		memcpy(s, t, sizeof t);
	}
}

/* The grouped 5x5x5's facelet (README.md) that 7x7x7 facelet d belongs
 * to: rows and columns {0} {1} {2,3,4} {5} {6}. */
static int
group5(int d)
{
	static const int g[7] = {0, 1, 2, 2, 2, 3, 4};

	return r7_face(d) * 25 + g[r7_row(d)] * 5 + g[r7_column(d)];
}

static bool
outer_t(int d)
{
	int r = r7_row(d), c = r7_column(d);

	return ((r == 1 || r == 5) && c == 3) || ((c == 1 || c == 5) && r == 3);
}

/* s acts on everything but the outer T as a move of the grouped 5x5x5
 * does: every group (its outer T left out) lands whole on one group,
 * and every face's inner 3x3 stays on its face (the fixed centres). So
 * a cube grouped but for the outer T stays so. */
static bool
acts_grouped(const uint16_t *s)
{
	int16_t to[150], from[150];
	int d;

	memset(to, -1, sizeof to);
	memset(from, -1, sizeof from);
	for (d = 0; d < R7_FACELETS; d++) {
		int gd = group5(d), gs = group5(s[d]);

		if (outer_t(d) != outer_t(s[d]))
			return false;
		if (outer_t(d))
			continue;
		if ((to[gs] >= 0 && to[gs] != gd) || (from[gd] >= 0 && from[gd] != gs))
			return false;
		to[gs] = (int16_t)gd;
		from[gd] = (int16_t)gs;
		if (gd % 25 == 12 && gs != gd)
			return false;
	}
	return true;
}

/* Adds the macro if it moves only orbit facelets (pure) and keeps the
 * orbit; false if it does not. */
static bool
add(struct te_set *set, const int *ms, int len)
{
	const struct r7_model *md = r7_model();
	struct te_macro *mc;
	uint16_t s[R7_FACELETS];
	int d, k, cost = 0;

	if (set->n >= TE_MAX_MACROS)
		return false;
	compose(ms, len, s);
	/* Every facelet outside the orbit stays, or (Y h Y') everything
	 * but the outer T moves as a grouped 5x5x5 turn. */
	if (set->grouped) {
		if (!acts_grouped(s))
			return false;
	} else {
		for (d = 0; d < R7_FACELETS; d++)
			if (set->place[d] < 0 && s[d] != d)
				return false;
	}
	mc = &set->mac[set->n];
	for (k = 0; k < set->orbit_n; k++) {
		if (set->place[s[set->orbit[k]]] < 0)
			return false;
		mc->p[k] = (uint8_t)set->place[s[set->orbit[k]]];
	}
	/* One macro per orbit permutation (the cheapest, as the sets are
	 * built cheapest first), none that keeps the orbit. */
	{
		uint32_t h = 2166136261u;
		int slot;

		for (k = 0; k < set->orbit_n && mc->p[k] == k; k++)
			;
		if (k == set->orbit_n)
			return false;
		for (k = 0; k < set->orbit_n; k++)
			h = (h ^ mc->p[k]) * 16777619u;
		for (slot = (int)(h % TE_HASH); set->seen[slot] >= 0; slot = (slot + 1) % TE_HASH)
			if (memcmp(set->mac[set->seen[slot]].p, mc->p, (size_t)set->orbit_n) == 0)
				return false;
		set->seen[slot] = (int16_t)set->n;
	}
	for (k = 0; k < len; k++) {
		mc->m[k] = (uint8_t)ms[k];
		cost += md->obtm[ms[k]];
	}
	mc->len = (uint8_t)len;
	mc->cost = (uint8_t)cost;
	set->n++;
	return true;
}

static void
set_orbit(struct te_set *set)
{
	int d, k = 0;

	memset(set->place, -1, sizeof set->place);
	for (d = 0; d < R7_FACELETS; d++) {
		int r = d % 49 / 7, c = d % 7;
		bool in;

		/* The outer T and the obliques beside them (stage T's goal
		 * reads them, and face turns move them). */
		in = ((r == 1 || r == 5) && c >= 2 && c <= 4) || ((c == 1 || c == 5) && r >= 2 && r <= 4);
		if (in) {
			set->place[d] = (int16_t)k;
			set->orbit[k++] = (uint16_t)d;
		}
	}
	set->orbit_n = k;
	set->n = 0;
	set->grouped = false;
	memset(set->seen, -1, sizeof set->seen);
}

static void
add_faces(struct te_set *set)
{
	int f, k, j;

	for (f = 0; f < 6; f++)
		for (k = 1; k <= 3; k++) {
			int m = r7_move(f, 1, 1, k);
			uint16_t s[R7_FACELETS];
			struct te_macro *mc = &set->mac[set->n++];

			compose(&m, 1, s);
			for (j = 0; j < set->orbit_n; j++)
				mc->p[j] = (uint8_t)set->place[s[set->orbit[j]]];
			mc->m[0] = (uint8_t)m;
			mc->len = 1;
			mc->cost = r7_model()->obtm[m];
		}
}

static struct te_set *
build_t(void)
{
	struct te_set *set = malloc(sizeof *set);
	int ya, yt, zf, zt, s;

	if (set == NULL)
		return NULL;
	set_orbit(set);
	/* Setups: none (s == 18) or a face turn. */
	for (s = 18; s >= 0; s--)
		for (ya = 0; ya < 3; ya++)
			for (yt = 1; yt <= 3; yt++)
				for (zf = 0; zf < 6; zf++)
					for (zt = 1; zt <= 3; zt++) {
						int y = r7_move(ya, 4, 4, yt), z = r7_move(zf, 2, 2, zt), ms[6], len = 0;

						if (zf % 3 == ya)
							continue;
						if (s < 18)
							ms[len++] = r7_move(s / 3, 1, 1, s % 3 + 1);
						ms[len++] = y;
						ms[len++] = z;
						ms[len++] = inverse(y);
						ms[len++] = inverse(z);
						if (s < 18)
							ms[len++] = inverse(ms[0]);
						add(set, ms, len);
					}
	{
		/* Y h Y' (h not undone): h of one or two turns that keep the
		 * middle slice Y's column but for its outer T (layer-2 slices
		 * of the faces Y turns, turns of Y's own faces and their 1-2
		 * blocks). h is a grouped 5x5x5 move, so only the outer T change
		 * against their obliques. */
		set->grouped = true;
		for (ya = 0; ya < 3; ya++) {
			int hs[24], nh = 0, f, t, i, j;

			for (f = 0; f < 6; f++)
				for (t = 1; t <= 3; t++) {
					if (f % 3 != ya)
						hs[nh++] = r7_move(f, 2, 2, t);
					else {
						hs[nh++] = r7_move(f, 1, 1, t);
						hs[nh++] = r7_move(f, 1, 2, t);
					}
				}
			for (yt = 1; yt <= 3; yt++) {
				int y = r7_move(ya, 4, 4, yt);

				for (i = 0; i < nh; i++) {
					int ms[3] = {y, hs[i], inverse(y)};

					add(set, ms, 3);
				}
				for (i = 0; i < nh; i++)
					for (j = 0; j < nh; j++) {
						int ms[4] = {y, hs[i], hs[j], inverse(y)};

						if (r7_model()->face[hs[i]] == r7_model()->face[hs[j]])
							continue;
						add(set, ms, 4);
					}
			}
		}
	}
	/* Single 3-cycles: [Y, s Z s'] with s a face turn (their supports
	 * then meet in one outer T). */
	for (s = 0; s < 18; s++)
		for (ya = 0; ya < 3; ya++)
			for (yt = 1; yt <= 3; yt++)
				for (zf = 0; zf < 6; zf++)
					for (zt = 1; zt <= 3; zt++) {
						int y = r7_move(ya, 4, 4, yt), z = r7_move(zf, 2, 2, zt), f = r7_move(s / 3, 1, 1, s % 3 + 1);
						int ms[8] = {y, f, z, inverse(f), inverse(y), f, inverse(z), inverse(f)};

						if (zf % 3 == ya)
							continue;
						add(set, ms, 8);
					}
	return set;
}

/* Stage T: pairs (outer T place, the oblique place beside it). */
static int t_pairs[24][2];

static void
init_t_pairs(const struct te_set *set)
{
	int f, q, n = 0;

	for (f = 0; f < 6; f++)
		for (q = 0; q < 4; q++) {
			int t = q == 0 ? at(f, 1, 3) : q == 1 ? at(f, 5, 3) : q == 2 ? at(f, 3, 1) : at(f, 3, 5);
			int o = q == 0 ? at(f, 1, 2) : q == 1 ? at(f, 5, 2) : q == 2 ? at(f, 2, 1) : at(f, 2, 5);

			t_pairs[n][0] = set->place[t];
			t_pairs[n][1] = set->place[o];
			n++;
		}
}

static void
apply_p(const uint8_t *p, int n, const uint8_t *in, uint8_t *out)
{
	int k;

	for (k = 0; k < n; k++)
		out[k] = in[p[k]];
}

/* Each macro's score pairs, so that a gain costs a few look-ups. A pair
 * that gets both its places from one pair (a unit) keeps that pair's
 * match; the units' sources S and targets R differ only in S \ R (up: a
 * match gained) and R \ S (down: one lost). The other pairs (aff) are
 * compared in full. */
static void
init_affected(struct te_set *set, int (*pairs)[2])
{
	int i, j, k;

	for (i = 0; i < set->n; i++) {
		struct te_macro *mc = &set->mac[i];
		bool in_r[24] = {false}, in_s[24] = {false};

		mc->na = mc->nu = 0;
		for (j = 0; j < 24; j++) {
			for (k = 0; k < 24; k++)
				if (mc->p[pairs[j][0]] == pairs[k][0] && mc->p[pairs[j][1]] == pairs[k][1])
					break;
			if (k < 24) {
				in_r[j] = true;
				in_s[k] = true;
			} else
				mc->aff[mc->na++] = (uint8_t)j;
		}
		for (j = 0, k = 0; j < 24; j++)
			if (in_s[j] && !in_r[j])
				mc->up[mc->nu++] = (uint8_t)j;
		for (j = 0; j < 24; j++)
			if (in_r[j] && !in_s[j])
				mc->down[k++] = (uint8_t)j;
	}
}

/* Merged steps and face-turn setups (none: E+T 81.1 against 69.9 OBTM
 * when this file held stage E too, README.md). */
static const bool te_merge = true;
static const bool te_setups = true;

/* OBTM saved when move b follows move a: the same layers of the same
 * face merge into one turn, or cancel. */
static int
merge_save(int a, int b)
{
	const struct r7_model *md = r7_model();

	if (a < 0 || a / 3 != b / 3)
		return 0;
	return md->obtm[a] + md->obtm[b] - ((md->turns[a] + md->turns[b]) % 4 != 0 ? md->obtm[a] : 0);
}

/* Appends m to path, merged with the last move if it turns the same
 * layers (not before index from). */
static bool
push_merged(struct r7_path *path, int from, int m)
{
	if (path->len > from && path->m[path->len - 1] / 3 == m / 3) {
		const struct r7_model *md = r7_model();
		int t = (md->turns[path->m[path->len - 1]] + md->turns[m]) % 4;

		if (t == 0)
			path->len--;
		else
			path->m[path->len - 1] = (uint16_t)(m - (md->turns[m] - 1) + (t - 1));
		return true;
	}
	if (path->len >= R7_MAX_PATH)
		return false;
	path->m[path->len++] = (uint16_t)m;
	return true;
}

/* The pairs that macro mc matches on oc less those it unmatches. */
static inline int
gain(const struct te_macro *mc, int (*pairs)[2], const uint8_t *oc)
{
	int j, g = 0;

	for (j = 0; j < mc->na; j++) {
		int a = pairs[mc->aff[j]][0], b = pairs[mc->aff[j]][1];

		g += (oc[mc->p[a]] == oc[mc->p[b]]) - (oc[a] == oc[b]);
	}
	for (j = 0; j < mc->nu; j++) {
		int a = pairs[mc->up[j]][0], b = pairs[mc->up[j]][1], c = pairs[mc->down[j]][0], d = pairs[mc->down[j]][1];

		g += (oc[a] == oc[b]) - (oc[c] == oc[d]);
	}
	return g;
}

static int
score(int (*pairs)[2], const uint8_t *oc)
{
	int k, s = 0;

	for (k = 0; k < 24; k++)
		s += oc[pairs[k][0]] == oc[pairs[k][1]];
	return s;
}

/* Beam search over steps "setup (none or a face turn, not undone), then
 * a macro": at each depth every child of every beam node is ranked by
 * g + lambda * unmatched (g its OBTM so far), the best TE_BEAM distinct
 * ones are kept, and the cheapest end found is taken once no beam node
 * can beat it. */
struct te_node {
	uint8_t oc[TE_MAX_ORBIT];
	int16_t g, score, setup, mac;
	int16_t last; /* the step's last move (-1 for the start) */
	int32_t parent;
};

struct te_cand {
	double key;
	int32_t parent;
	int16_t setup, mac, g, score;
};

/* The beam width and lambda (OBTM per unmatched pair in the rank).
 * Measured on 23 cubes (README.md): widths 32 -> 64 took E+T from 75.2
 * to 69.9, 128 gained nothing in twice the time; lambda barely matters
 * (T 1.2-4). */
#define TE_BEAM 64
#define TE_LAMBDA 1.7
/* A stage that finds no end (one random cube in 50 stalled stage E at
 * 64: seed 77 of bench_cube_reduce --size 7, its 10th) runs again with
 * the beam this many times wider, then again as much wider: the same
 * answers for every cube that needed no retry. */
#define TE_RETRY_WIDER 4
#define TE_TRIES 3

static bool
cand_worse(const struct te_cand *x, const struct te_cand *y)
{
	if (x->key != y->key)
		return x->key > y->key;
	if (x->parent != y->parent)
		return x->parent > y->parent;
	if (x->setup != y->setup)
		return x->setup > y->setup;
	return x->mac > y->mac;
}

/* Max-heap of the k best (smallest) candidates. */
static void
heap_offer(struct te_cand *h, int *n, int cap, const struct te_cand *c)
{
	int i;

	if (*n < cap) {
		i = (*n)++;
		while (i > 0 && cand_worse(c, &h[(i - 1) / 2])) {
			h[i] = h[(i - 1) / 2];
			i = (i - 1) / 2;
		}
		h[i] = *c;
		return;
	}
	if (!cand_worse(&h[0], c))
		return;
	i = 0;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		const struct te_cand *big = c;

		if (l < *n && cand_worse(&h[l], big)) {
			m = l;
			big = &h[l];
		}
		if (r < *n && cand_worse(&h[r], big))
			m = r;
		if (m == i)
			break;
		h[i] = h[m];
		i = m;
	}
	h[i] = *c;
}

static int
cand_cmp(const void *x, const void *y)
{
	const struct te_cand *a = x, *b = y;

	return cand_worse(a, b) ? 1 : cand_worse(b, a) ? -1 : 0;
}

static uint64_t
hash_oc(const uint8_t *oc, int n)
{
	uint64_t h = 1469598103934665603ull;
	int k;

	for (k = 0; k < n; k++)
		h = (h ^ oc[k]) * 1099511628211ull;
	return h | 1;
}

#define TE_MAX_DEPTH 40

/* One stage's beam search of width B on col (in place; its moves
 * appended to path merged); false if it found no end (*left unmatched
 * pairs), ran out of memory or path, or *cancel was set (then *stopped);
 * col and path are then as they were unless the path filled up. */
static bool
beam(const struct te_set *set, const struct te_set *faces, int (*pairs)[2], double lambda, int B, uint8_t *col,
    struct r7_path *path, int *left, int *steps, atomic_bool *cancel, bool *stopped)
{
	int K = 2 * B, n_nodes = 1, lo = 0, hi = 1, depth, i, k, from = path->len;
	/* Each depth adds at most K nodes (the ends among them leave the beam). */
	struct te_node *nodes = malloc(sizeof *nodes * (size_t)(K * TE_MAX_DEPTH + 2));
	struct te_cand *heap = malloc(sizeof *heap * (size_t)K);
	uint64_t *seen = calloc(4096, sizeof *seen);
	int best = -1;
	int best_cost = 1 << 30;
	double rate = 0; /* the most pairs a macro can match per OBTM */
	bool ok = false;

	if (nodes == NULL || heap == NULL || seen == NULL)
		goto out;
	for (i = 0; i < set->n; i++)
		if ((double)(set->mac[i].na + set->mac[i].nu) / set->mac[i].cost > rate)
			rate = (double)(set->mac[i].na + set->mac[i].nu) / set->mac[i].cost;
	for (k = 0; k < set->orbit_n; k++)
		nodes[0].oc[k] = col[set->orbit[k]];
	nodes[0].g = 0;
	nodes[0].score = (int16_t)score(pairs, nodes[0].oc);
	nodes[0].parent = -1;
	nodes[0].last = -1;
	bool merging = te_merge;
	*left = 24 - nodes[0].score;
	if (nodes[0].score == 24) {
		best = 0;
		best_cost = 0;
	}
	for (depth = 0; depth < TE_MAX_DEPTH && lo < hi && best != 0; depth++) {
		int nh = 0, nc, min_gain = 1;

		if (cancel != NULL && atomic_load(cancel)) {
			*stopped = true;
			goto out;
		}

again:
		for (i = lo; i < hi; i++) {
			const struct te_node *nd = &nodes[i];
			int s;

			for (s = -1; s < (te_setups ? faces->n : 0); s++) {
				uint8_t a[TE_MAX_ORBIT];
				const uint8_t *oc = nd->oc;
				int cs = 0, sc = nd->score, j, prev = nd->last;

				if (s >= 0) {
					int sm = faces->mac[s].m[0];

					apply_p(faces->mac[s].p, set->orbit_n, nd->oc, a);
					oc = a;
					cs = faces->mac[s].cost - merge_save(prev, sm);
					prev = sm;
					sc = score(pairs, a);
				}
				for (j = 0; j < set->n; j++) {
					const struct te_macro *mc = &set->mac[j];
					int gn, g = nd->g + cs + mc->cost, most = mc->na + mc->nu;

					if (prev >= 0 && prev / 3 == mc->m[0] / 3)
						g -= merge_save(prev, mc->m[0]);
					struct te_cand c;

					/* It cannot beat the K-th best: its key with every
					 * pair it touches matched is already over. */
					if (nh == K && g + lambda * (24 - sc - (most < 24 - sc ? most : 24 - sc)) > heap[0].key)
						continue;
					gn = gain(mc, pairs, oc);

					if (gn < min_gain)
						continue;
					if (best >= 0 && g + (24 - sc - gn) / rate >= best_cost)
						continue;
					c.key = g + lambda * (24 - sc - gn);
					c.parent = i;
					c.setup = (int16_t)s;
					c.mac = (int16_t)j;
					c.g = (int16_t)g;
					c.score = (int16_t)(sc + gn);
					heap_offer(heap, &nh, K, &c);
				}
			}
		}
		/* No step gains: take the best that do not (a lone step never
		 * stalled in the measured cubes; this keeps the search going). */
		if (nh == 0 && min_gain > 0 && best < 0) {
			min_gain = -24;
			goto again;
		}
		qsort(heap, (size_t)nh, sizeof heap[0], cand_cmp);
		memset(seen, 0, 4096 * sizeof *seen);
		lo = hi;
		for (nc = 0; nc < nh && n_nodes - lo < B; nc++) {
			const struct te_cand *c = &heap[nc];
			struct te_node *nd = &nodes[n_nodes];
			uint8_t a[TE_MAX_ORBIT];
			const uint8_t *src = nodes[c->parent].oc;
			uint64_t h;
			int slot;

			if (c->setup >= 0) {
				apply_p(faces->mac[c->setup].p, set->orbit_n, src, a);
				src = a;
			}
			apply_p(set->mac[c->mac].p, set->orbit_n, src, nd->oc);
			h = hash_oc(nd->oc, set->orbit_n);
			for (slot = (int)(h & 4095); seen[slot] != 0 && seen[slot] != h; slot = (slot + 1) & 4095)
				;
			if (seen[slot] == h)
				continue;
			seen[slot] = h;
			nd->g = c->g;
			nd->score = c->score;
			nd->setup = c->setup;
			nd->mac = c->mac;
			nd->parent = c->parent;
			nd->last = merging ? set->mac[c->mac].m[set->mac[c->mac].len - 1] : -1;
			if (nd->score == 24) {
				if (nd->g < best_cost) {
					best_cost = nd->g;
					best = n_nodes;
				}
				/* An end is not expanded: keep it out of the beam. */
				if (n_nodes != lo) {
					struct te_node t = nodes[lo];

					nodes[lo] = *nd;
					*nd = t;
					if (best == n_nodes)
						best = lo;
				}
				lo++;
			}
			n_nodes++;
		}
		hi = n_nodes;
	}
	if (best < 0)
		goto out;
	{
		int chain[TE_MAX_DEPTH + 1], nch = 0;

		for (i = best; i > 0; i = nodes[i].parent)
			chain[nch++] = i;
		*steps = nch;
		while (nch-- > 0) {
			const struct te_node *nd = &nodes[chain[nch]];
			const struct te_macro *ms[2] = {nd->setup >= 0 ? &faces->mac[nd->setup] : NULL, &set->mac[nd->mac]};
			int q;

			for (q = 0; q < 2; q++)
				if (ms[q] != NULL)
					for (k = 0; k < ms[q]->len; k++) {
						if (!push_merged(path, from, ms[q]->m[k]))
							goto out;
						r7_apply(col, ms[q]->m[k]);
					}
		}
	}
	for (k = 0; k < set->orbit_n; k++)
		nodes[0].oc[k] = col[set->orbit[k]];
	*left = 24 - score(pairs, nodes[0].oc);
	ok = *left == 0;
out:
	free(nodes);
	free(heap);
	free(seen);
	return ok;
}

/* beam, and on a stall again TE_RETRY_WIDER times wider, TE_TRIES in
 * all; *left the unmatched pairs at the start if every try stalls. */
static bool
beam_tries(const struct te_set *set, const struct te_set *faces, int (*pairs)[2], double lambda, int width,
    uint8_t *col, struct r7_path *path, int *left, int *steps, atomic_bool *cancel, bool *stopped)
{
	int k, from = path->len;

	for (k = 0; k < TE_TRIES; k++, width *= TE_RETRY_WIDER) {
		if (beam(set, faces, pairs, lambda, width, col, path, left, steps, cancel, stopped))
			return true;
		if (*stopped || path->len != from)
			return false;
	}
	return false;
}

static struct te_set *set_t, *faces_t;

static void
build_sets(void)
{
	struct te_set *t = build_t(), *ft = malloc(sizeof *ft);

	if (t == NULL || ft == NULL) {
		free(t);
		free(ft);
		return;
	}
	set_orbit(ft);
	/* Face turns (setups, not pure: they turn a face's centre, which
	 * the stage's goal does not see): the orbit permutation only. */
	add_faces(ft);
	init_t_pairs(t);
	init_affected(t, t_pairs);
	set_t = t;
	faces_t = ft;
}

static pthread_once_t sets_once = PTHREAD_ONCE_INIT;

bool
r7_stage_t(uint8_t *col, const struct r7_options *opt, struct r7_path *path, int *left_t, struct tw_error *err)
{
	atomic_bool *cancel = opt != NULL ? opt->cancel : NULL;
	bool stopped = false;
	int macros_t = 0;

	pthread_once(&sets_once, build_sets);
	if (set_t == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	*left_t = -1;
	if (!beam_tries(set_t, faces_t, t_pairs, TE_LAMBDA, TE_BEAM, col, path, left_t, &macros_t, cancel,
	    &stopped)) {
		if (stopped)
			tw_error_set(err, "cancelled");
		else
			tw_error_set(err, "stage T stalled, %d of 24 outer T unmatched", *left_t);
		return false;
	}
	return true;
}
