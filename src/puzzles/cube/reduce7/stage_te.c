/* The 7x7x7 staged reduction prototype's stages E and T (a first,
 * correct but costly way, see README.md), after stages I and W:
 *  E. every midge between its inner wing pair, by macros Y X Y' (Y a
 *     middle-slice quarter or half turn, X a commutator [F, G] of two
 *     face turns, so every face turns by net zero and every centre comes
 *     back; inner wing pairs move whole);
 *  T. every outer T home (each T triple one colour), by commutators
 *     [Y, Z] of a middle slice Y and a layer-2 slice Z (they share only
 *     outer T), conjugated by a face turn or not: they move outer T
 *     only (checked when built).
 * Each stage is a greedy on the matched count: the step with the most
 * gain per OBTM among one macro, a face turn then a macro, and (when
 * none gains) two macros. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <stdio.h>
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

struct te_macro {
	uint8_t len, cost;
	uint8_t m[10];
	uint8_t p[TE_MAX_ORBIT]; /* after it, orbit place k shows what place p[k] showed */
};

struct te_set {
	int n, orbit_n;
	bool midges;
	uint16_t orbit[TE_MAX_ORBIT];
	int16_t place[R7_FACELETS];
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
	/* Stage T: every facelet outside the orbit stays. Stage E: every
	 * face's centre (rows and columns 1 to 5) stays or turns as a whole,
	 * as a face turn turns it (that keeps every goal of stage I). */
	if (!set->midges) {
		for (d = 0; d < R7_FACELETS; d++)
			if (set->place[d] < 0 && s[d] != d)
				return false;
	} else {
		int f, q;

		for (f = 0; f < 6; f++) {
			bool any = false;

			for (q = 0; q < 4 && !any; q++) {
				const uint16_t *rot = q == 0 ? NULL : md->src[r7_move(f, 1, 1, q)];
				bool same = true;

				for (d = f * 49; d < f * 49 + 49 && same; d++) {
					int r = d % 49 / 7, c = d % 7;

					if (r >= 1 && r <= 5 && c >= 1 && c <= 5)
						same = s[d] == (rot == NULL ? d : rot[d]);
				}
				any = same;
			}
			if (!any)
				return false;
		}
	}
	mc = &set->mac[set->n];
	for (k = 0; k < set->orbit_n; k++) {
		if (set->place[s[set->orbit[k]]] < 0)
			return false;
		mc->p[k] = (uint8_t)set->place[s[set->orbit[k]]];
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
set_orbit(struct te_set *set, bool midges)
{
	int d, k = 0;

	memset(set->place, -1, sizeof set->place);
	for (d = 0; d < R7_FACELETS; d++) {
		int r = d % 49 / 7, c = d % 7;
		bool in;

		if (midges)
			in = (r == 0 || r == 6 || c == 0 || c == 6) && (r == 2 || r == 3 || r == 4 || c == 2 || c == 3 || c == 4) &&
			    !((r == 0 || r == 6) && (c == 0 || c == 6));
		else
			/* The outer T and the obliques beside them (stage T's
			 * goal reads them, and face turns move them). */
			in = ((r == 1 || r == 5) && c >= 2 && c <= 4) || ((c == 1 || c == 5) && r >= 2 && r <= 4);
		if (in) {
			set->place[d] = (int16_t)k;
			set->orbit[k++] = (uint16_t)d;
		}
	}
	set->orbit_n = k;
	set->n = 0;
	set->midges = midges;
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
			mc->cost = 1;
		}
}

static const int adjacent[6][4] = {{1, 2, 4, 5}, {0, 2, 3, 5}, {0, 1, 3, 4}, {1, 2, 4, 5}, {0, 2, 3, 5}, {0, 1, 3, 4}};

static struct te_set *
build_t(void)
{
	struct te_set *set = malloc(sizeof *set);
	int ya, yt, zf, zt, s;

	if (set == NULL)
		return NULL;
	set_orbit(set, false);
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

static struct te_set *
build_e(void)
{
	struct te_set *set = malloc(sizeof *set);
	int ya, yt, f, g, ft, gt;

	if (set == NULL)
		return NULL;
	set_orbit(set, true);
	for (ya = 0; ya < 3; ya++)
		for (yt = 1; yt <= 3; yt++)
			for (f = 0; f < 6; f++)
				for (g = 0; g < 4; g++)
					for (ft = 1; ft <= 3; ft++)
						for (gt = 1; gt <= 3; gt++) {
							int y = r7_move(ya, 4, 4, yt), a = r7_move(f, 1, 1, ft),
							    b = r7_move(adjacent[f][g], 1, 1, gt);
							int ms[6] = {y, a, b, inverse(a), inverse(b), inverse(y)};

							add(set, ms, 6);
							/* Y a b a' Y': b's face turns as a whole. */
							{
								int m5[5] = {y, a, b, inverse(a), inverse(y)};

								add(set, m5, 5);
							}
						}
	return set;
}

/* Stage T: pairs (outer T place, the oblique place beside it). */
static int t_pairs[24][2];

/* Matched outer T on colours oc of the orbit. */
static int
score_t(const struct te_set *set, const uint8_t *oc)
{
	int k, s = 0;

	(void)set;
	for (k = 0; k < 24; k++)
		s += oc[t_pairs[k][0]] == oc[t_pairs[k][1]];
	return s;
}

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

/* Midge facelets equal to their wing 2 neighbour (place pair list). */
static int e_pairs[24][2];

static int
score_e(const struct te_set *set, const uint8_t *oc)
{
	int k, s = 0;

	(void)set;
	for (k = 0; k < 24; k++)
		s += oc[e_pairs[k][0]] == oc[e_pairs[k][1]];
	return s;
}

static void
init_e_pairs(const struct te_set *set)
{
	int f, q, n = 0;

	for (f = 0; f < 6; f++)
		for (q = 0; q < 4; q++) {
			int a = q == 0 ? at(f, 0, 2) : q == 1 ? at(f, 6, 2) : q == 2 ? at(f, 2, 0) : at(f, 2, 6);
			int m = q == 0 ? at(f, 0, 3) : q == 1 ? at(f, 6, 3) : q == 2 ? at(f, 3, 0) : at(f, 3, 6);

			e_pairs[n][0] = set->place[m];
			e_pairs[n][1] = set->place[a];
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

struct ranked {
	int score, i;
};

static struct ranked order[TE_MAX_MACROS];
/* The first macros of a two-macro step tried (0: only when no single
 * step gains). 0 -> 200: E+T 136.6 -> 128.4 OBTM on 8 cubes (measured
 * before the obliques joined stage T's orbit); 1000: 104.1 against
 * 200's 104.4, 4.6 times slower. TE_TOP in the environment sets it (a measurement). */
static int te_top = 200;

static int
by_score(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	return b->score != a->score ? b->score - a->score : a->i - b->i;
}

static bool
greedy(const struct te_set *set, const struct te_set *faces, bool midges, uint8_t *col, struct r7_path *path,
    int *left, int *steps)
{
	int goal = midges ? 24 : 24, k, i;
	uint8_t oc[TE_MAX_ORBIT];
	int (*score)(const struct te_set *, const uint8_t *) = midges ? score_e : score_t;

	*steps = 0;
	for (;;) {
		uint8_t a[TE_MAX_ORBIT], b[TE_MAX_ORBIT];
		int cur, bi = -1, bj = -1, bkind = 0;
		double best = 0;

		for (k = 0; k < set->orbit_n; k++)
			oc[k] = col[set->orbit[k]];
		cur = score(set, oc);
		*left = goal - cur;
		if (cur == goal)
			return true;
		for (i = 0; i < set->n; i++) {
			int g;

			apply_p(set->mac[i].p, set->orbit_n, oc, a);
			g = score(set, a) - cur;
			if (g > 0 && (double)g / set->mac[i].cost > best) {
				best = (double)g / set->mac[i].cost;
				bi = i;
				bkind = 1;
			}
		}
		for (k = 0; k < faces->n; k++) {
			apply_p(faces->mac[k].p, set->orbit_n, oc, a);
			for (i = 0; i < set->n; i++) {
				int g;

				apply_p(set->mac[i].p, set->orbit_n, a, b);
				g = score(set, b) - cur;
				if (g > 0 && (double)g / (set->mac[i].cost + 1) > best) {
					best = (double)g / (set->mac[i].cost + 1);
					bi = i;
					bj = k;
					bkind = 2;
				}
			}
		}
		/* Two macros, the first among the te_top best alone (all of
		 * them when nothing gains). */
		if (bkind == 0 || te_top > 0) {
			int lim = bkind == 0 || te_top > set->n ? set->n : te_top, j;

			for (k = 0; k < set->n; k++) {
				apply_p(set->mac[k].p, set->orbit_n, oc, a);
				order[k].score = score(set, a) * 64 - set->mac[k].cost;
				order[k].i = k;
			}
			qsort(order, (size_t)set->n, sizeof order[0], by_score);
			for (j = 0; j < lim; j++) {
				k = order[j].i;
				apply_p(set->mac[k].p, set->orbit_n, oc, a);
				for (i = 0; i < set->n; i++) {
					int g;

					apply_p(set->mac[i].p, set->orbit_n, a, b);
					g = score(set, b) - cur;
					if (g > 0 && (double)g / (set->mac[i].cost + set->mac[k].cost) > best) {
						best = (double)g / (set->mac[i].cost + set->mac[k].cost);
						bi = i;
						bj = k;
						bkind = 3;
					}
				}
			}
		}
		if (bkind == 0)
			return false;
		{
			const struct te_macro *first = bkind == 2 ? &faces->mac[bj] : bkind == 3 ? &set->mac[bj] : NULL;
			const struct te_macro *second = &set->mac[bi];

			if (path->len + 12 > R7_MAX_PATH)
				return false;
			if (first != NULL)
				for (k = 0; k < first->len; k++) {
					r7_apply(col, first->m[k]);
					path->m[path->len++] = first->m[k];
				}
			for (k = 0; k < second->len; k++) {
				r7_apply(col, second->m[k]);
				path->m[path->len++] = second->m[k];
			}
		}
		(*steps)++;
	}
}

bool
r7_stage_te(uint8_t *col, struct r7_path *path, int *left_e, int *left_t, int *macros_e, int *macros_t,
    int *len_e, struct tw_error *err)
{
	static struct te_set *e, *t, *fe, *ft;

	if (e == NULL) {
		if (getenv("TE_TOP") != NULL)
			te_top = atoi(getenv("TE_TOP"));
		e = build_e();
		t = build_t();
		fe = malloc(sizeof *fe);
		ft = malloc(sizeof *ft);
		if (e == NULL || t == NULL || fe == NULL || ft == NULL) {
			tw_error_set(err, "out of memory");
			return false;
		}
		set_orbit(fe, true);
		set_orbit(ft, false);
		/* Face turns (setups, not pure: they turn a face's centre, which
		 * neither stage's goal sees): the orbit permutation only. */
		add_faces(fe);
		add_faces(ft);
		init_t_pairs(t);
		init_e_pairs(e);
	}
	if (!greedy(e, fe, true, col, path, left_e, macros_e)) {
		tw_error_set(err, "stage E stalled, %d of 24 midge stickers unmatched (%d macros in set)", *left_e, e->n);
		return false;
	}
	if (len_e != NULL)
		*len_e = path->len;
	if (!greedy(t, ft, false, col, path, left_t, macros_t)) {
		if (getenv("TE_DEBUG") != NULL) {
			int f;

			for (f = 0; f < 6; f++)
				fprintf(stderr, "face %d: outer T %d %d %d %d, centre %d\n", f, col[at(f, 1, 3)],
				    col[at(f, 3, 1)], col[at(f, 3, 5)], col[at(f, 5, 3)], col[at(f, 3, 3)]);
		}
		tw_error_set(err, "stage T stalled, %d of 24 outer T unmatched (%d macros in set)", *left_t, t->n);
		return false;
	}
	return true;
}
