/* The 6x6x6 staged reduction, stage 6 (n6.h): the inner wings
 * paired (each edge's wings 2 and 3 one dedge), keeping stage 5's goal,
 * and the parities fixed so that the cube grouped as a 5x5x5 is
 * solvable.
 *
 * Pairing (the measured prototype's greedy, docs/papers.md, "Rubik's
 * cube": dwalton76's 6x6x6 stages; the 4x4x4's "slice, flip, slice
 * back"): macros P Y X Y', P no turn or one face turn, Y a turn of
 * three layers, X up to five face turns whose net turn on each of the
 * four faces around Y's axis is zero. Face turns only turn their own
 * face's centres, so X puts back the centres Y moved, and Y X Y' turns
 * the two faces on Y's axis at most: the inner X blocks stay solid and
 * home, the oblique pairs pairs. The macros' actions on the 24 inner
 * wing places are built once (one per distinct action, the shortest:
 * 60,714 macros, 1.9 MB, about 0.1 s) and cached (cube6-stage6-macros);
 * each step takes the macro with the most pairs gained per OBTM (a turn
 * that merges with the path's last one counts 0, one that cancels it
 * -1), the final one preferring an end whose 5x5x5 needs no swap fix.
 * If no macro gains, prefixes of two face turns are tried.
 *
 * Parities (4x4x4 algorithms with the 4x4x4's wide turns as turns of
 * three layers, its inner slice as layer 3; checked in
 * tests/solver/test_cube_reduce6_group.c): an odd permutation of the
 * inner wings (which the macros keep) is a flipped middle edge of the
 * 5x5x5: "3Rw2 B2 U2 3Lw U2 3Rw' U2 3Rw U2 F2 3Rw F2 3Lw' B2 3Rw2" (15
 * OBTM) first; the middle edges permuted against the corners at the end:
 * "3Rw2 F2 U2 3R2 U2 F2 3Rw2" (8 OBTM), which swaps two dedges (the
 * measured "3R2 U2 3R2 3Uw2 3R2 3Uw2" splits oblique pairs). Both map
 * every dedge's two places onto one dedge's, every inner X block onto
 * itself and every oblique pair onto one, so they keep pairs and
 * stage 5. */
#include "solvers/cube/big/n6/n6.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "solvers/tablecache.h"

#define S6_SLOTS 24
#define S6_XMAX 5            /* face turns in X */
#define S6_MACRO_MOVES (S6_XMAX + 2)
#define S6_DEFAULT_NODES 400000000L

static const char s6_oll[] = "3Rw2 B2 U2 3Lw U2 3Rw' U2 3Rw U2 F2 3Rw F2 3Lw' B2 3Rw2";
static const char s6_pll[] = "3Rw2 F2 U2 3R2 U2 F2 3Rw2";

struct s6_macro {
	uint8_t src[S6_SLOTS];       /* afterwards place s holds what place src[s] held */
	uint8_t len;                  /* turns (each 1 OBTM) */
	uint8_t m[S6_MACRO_MOVES];    /* Y X.. Y' */
};

struct s6_tables {
	uint8_t fa[S6_SLOTS], fb[S6_SLOTS];   /* a place's two facelets; places 2e, 2e+1 edge e */
	uint8_t slot_of[R6_FACELETS];          /* 0xff for others */
	uint8_t piece[S6_SLOTS][36];           /* place, colours fa * 6 + fb: wing (home place) */
	uint8_t from[R6_MOVES][S6_SLOTS];      /* move m: place s gets what from[m][s] held */
	uint8_t corner[8][3];                  /* corner facelets */
	uint8_t corner_home[64];               /* faces' mask: corner */
	uint8_t face_move[18];
	const struct s6_macro *mac;           /* in the cached block (s6_build) */
	int n_mac;
	uint8_t oll[32], pll[16];
	int n_oll, n_pll, pll_obtm;
};

static struct s6_tables *s6;
static pthread_once_t s6_once = PTHREAD_ONCE_INIT;

/* Parses a sequence of model move names; its length or -1. */
static int
s6_parse(const struct r6_model *md, const char *alg, uint8_t *out, int max)
{
	char buf[128], *save = NULL, *tok;
	int n = 0;

	strncpy(buf, alg, sizeof buf - 1);
	buf[sizeof buf - 1] = '\0';
	for (tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
		int m;

		for (m = 0; m < R6_MOVES && strcmp(md->name[m], tok) != 0; m++)
			;
		if (m == R6_MOVES || n == max)
			return -1;
		out[n++] = (uint8_t)m;
	}
	return n;
}

/* Places, their mates, the wings' identities (by a walk of turns from
 * the solved cube, following facelets) and the moves' actions. */
static bool
s6_build_places(struct s6_tables *t, const struct r6_model *md)
{
	uint8_t id[R6_FACELETS], tmp[R6_FACELETS];
	uint64_t x = 0x9E3779B97F4A7C15ull;
	int n = 0, d, m, s, filled = 0, step, k;

	memset(t->slot_of, 0xff, sizeof t->slot_of);
	for (d = 0; d < R6_FACELETS; d++) {
		int r = r6_row(d), c = r6_column(d), mate, e;

		if (md->kind[d] != R6_INNER_WING || t->slot_of[d] != 0xff || !(r == 2 || c == 2))
			continue;
		mate = r == 2 ? d + 6 : d + 1;
		e = md->wing_other[d];
		t->fa[n] = (uint8_t)d;
		t->fb[n] = (uint8_t)e;
		t->slot_of[d] = t->slot_of[e] = (uint8_t)n;
		n++;
		t->fa[n] = (uint8_t)mate;
		t->fb[n] = md->wing_other[mate];
		t->slot_of[mate] = t->slot_of[md->wing_other[mate]] = (uint8_t)n;
		n++;
	}
	if (n != S6_SLOTS)
		return false;
	for (m = 0; m < R6_MOVES; m++)
		for (s = 0; s < S6_SLOTS; s++) {
			uint8_t f = t->slot_of[md->src[m][t->fa[s]]];

			if (f == 0xff)
				return false;
			t->from[m][s] = f;
		}
	memset(t->piece, 0xff, sizeof t->piece);
	for (d = 0; d < R6_FACELETS; d++)
		id[d] = (uint8_t)d;
	for (step = 0; step < 200000 && filled < S6_SLOTS * S6_SLOTS; step++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		m = (int)(x % R6_MOVES);
		for (d = 0; d < R6_FACELETS; d++)
			tmp[d] = id[md->src[m][d]];
		memcpy(id, tmp, sizeof id);
		for (s = 0; s < S6_SLOTS; s++) {
			int c = r6_face(id[t->fa[s]]) * 6 + r6_face(id[t->fb[s]]);

			if (t->piece[s][c] == 0xff) {
				t->piece[s][c] = t->slot_of[id[t->fa[s]]];
				filled++;
			}
		}
	}
	if (filled != S6_SLOTS * S6_SLOTS)
		return false;
	/* Corners: the facelets that the same three face turns move. */
	memset(t->corner_home, 0xff, sizeof t->corner_home);
	for (d = 0, k = 0; d < R6_FACELETS; d++) {
		int mask = 0, f, e, c = 0;

		if (md->kind[d] != R6_CORNER)
			continue;
		for (f = 0; f < 6; f++)
			if (md->src[r6_move(f, 1, 1, 1)][d] != d)
				mask |= 1 << f;
		if (t->corner_home[mask] != 0xff)
			continue;
		for (e = 0; e < R6_FACELETS; e++) {
			int mk = 0;

			if (md->kind[e] != R6_CORNER)
				continue;
			for (f = 0; f < 6; f++)
				if (md->src[r6_move(f, 1, 1, 1)][e] != e)
					mk |= 1 << f;
			if (mk == mask && c < 3)
				t->corner[k][c++] = (uint8_t)e;
		}
		if (c != 3 || k == 8)
			return false;
		t->corner_home[mask] = (uint8_t)k++;
	}
	return k == 8;
}

static int
s6_macro_cmp(const void *a, const void *b)
{
	const struct s6_macro *x = a, *y = b;
	int c = memcmp(x->src, y->src, S6_SLOTS);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len - y->len;
	return memcmp(x->m, y->m, S6_MACRO_MOVES);
}

struct s6_gen {
	const struct r6_model *md;
	const struct s6_tables *t;
	struct s6_macro *mac;
	int n_mac, axis, cap;
	uint8_t x[S6_XMAX];
	int net[6];
};

/* Every X of up to S6_XMAX face turns (consecutive faces differ, of one
 * axis in one order) whose net turn off the axis is zero, with every Y. */
static bool
s6_gen_x(struct s6_gen *g, int depth, int prevf, int need)
{
	const struct s6_tables *t = g->t;
	int f, p;

	if (depth > 0 && need == 0) {
		int y;
		bool off = false;

		for (f = 0; f < depth; f++)
			off = off || g->md->face[g->x[f]] % 3 != g->axis;
		for (y = 0; off && y < 6; y++) {
			int yf = (y / 3) * 3 + g->axis, turns = y % 3 + 1;
			int ym = r6_move(yf, 1, 3, turns), yi = r6_move(yf, 1, 3, 4 - turns), s, i;
			struct s6_macro *mc;

			if (g->n_mac == g->cap) {
				struct s6_macro *nm = realloc(g->mac, sizeof *nm * (size_t)g->cap * 2);

				if (nm == NULL)
					return false;
				g->mac = nm;
				g->cap *= 2;
			}
			mc = &g->mac[g->n_mac++];
			memset(mc, 0, sizeof *mc);
			mc->m[0] = (uint8_t)ym;
			memcpy(mc->m + 1, g->x, (size_t)depth);
			mc->m[depth + 1] = (uint8_t)yi;
			mc->len = (uint8_t)(depth + 2);
			for (s = 0; s < S6_SLOTS; s++)
				mc->src[s] = (uint8_t)s;
			for (i = 0; i < mc->len; i++) {
				uint8_t nx[S6_SLOTS];

				for (s = 0; s < S6_SLOTS; s++)
					nx[s] = mc->src[t->from[mc->m[i]][s]];
				memcpy(mc->src, nx, sizeof nx);
			}
		}
	}
	if (depth == S6_XMAX || need > S6_XMAX - depth)
		return true;
	for (f = 0; f < 6; f++) {
		if (f == prevf || (prevf >= 0 && f % 3 == prevf % 3 && f > prevf))
			continue;
		for (p = 1; p <= 3; p++) {
			int was = g->net[f] != 0, now, n2;

			g->net[f] = (g->net[f] + p) & 3;
			now = g->net[f] != 0;
			n2 = f % 3 == g->axis ? need : need - was + now;
			g->x[depth] = (uint8_t)r6_move(f, 1, 1, p);
			if (!s6_gen_x(g, depth + 1, f, n2))
				return false;
			g->net[f] = (g->net[f] - p) & 3;
		}
	}
	return true;
}

/* The macros' block: their count (a uint32_t), then at S6_MACROS_AT the
 * macros, sorted by action, one per action (the shortest). */
#define S6_MACROS_MAX 65536
#define S6_MACROS_AT 8
#define S6_BLOCK (S6_MACROS_AT + (size_t)S6_MACROS_MAX * sizeof(struct s6_macro))

/* The macros into buf (S6_BLOCK bytes), made from ctx's places (a
 * struct s6_tables with its places built). */
static bool
s6_build_macros(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	struct s6_gen g = {.md = r6_model(), .t = ctx, .cap = 1 << 16};
	uint32_t n = 0;
	int i;

	(void)size;
	(void)prog;
	g.mac = malloc(sizeof *g.mac * (size_t)g.cap);
	if (g.mac == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (g.axis = 0; g.axis < 3; g.axis++)
		if (!s6_gen_x(&g, 0, -1, 0)) {
			free(g.mac);
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
	/* One macro per action, the shortest. */
	qsort(g.mac, (size_t)g.n_mac, sizeof *g.mac, s6_macro_cmp);
	for (i = 0; i < g.n_mac; i++)
		if (n == 0 || memcmp(g.mac[n - 1].src, g.mac[i].src, S6_SLOTS) != 0)
			g.mac[n++] = g.mac[i];
	if (n > S6_MACROS_MAX) {
		free(g.mac);
		tw_error_set(err, "internal error: %u 6x6x6 stage-6 macros, room for %d", (unsigned)n, S6_MACROS_MAX);
		return false;
	}
	memcpy(buf, &n, sizeof n);
	memcpy((unsigned char *)buf + S6_MACROS_AT, g.mac, sizeof *g.mac * n);
	free(g.mac);
	return true;
}

static void
s6_build(void)
{
	const struct r6_model *md = r6_model();
	struct s6_tables *t = calloc(1, sizeof *t);
	struct table_spec spec = {
		.name = "cube6-stage6-macros",
		.version = 1,
		.params = "P Y X Y', X up to 5 face turns, Y of three layers; one a wing action; 32 bytes each",
		.size = S6_BLOCK,
		.build = s6_build_macros,
	};
	const unsigned char *block;
	uint32_t n;
	int f, p, i;

	if (t == NULL)
		return;
	if (!s6_build_places(t, md))
		goto fail;
	for (f = 0; f < 6; f++)
		for (p = 1; p <= 3; p++)
			t->face_move[f * 3 + p - 1] = (uint8_t)r6_move(f, 1, 1, p);
	t->n_oll = s6_parse(md, s6_oll, t->oll, (int)sizeof t->oll);
	t->n_pll = s6_parse(md, s6_pll, t->pll, (int)sizeof t->pll);
	if (t->n_oll < 0 || t->n_pll < 0)
		goto fail;
	for (i = 0; i < t->n_pll; i++)
		t->pll_obtm += md->obtm[t->pll[i]];
	spec.ctx = t;
	block = table_get(&spec, NULL, NULL);
	if (block == NULL)
		goto fail;
	memcpy(&n, block, sizeof n);
	if (n == 0 || n > S6_MACROS_MAX)
		goto fail;
	t->mac = (const struct s6_macro *)(block + S6_MACROS_AT);
	t->n_mac = (int)n;
	s6 = t;
	return;
fail:
	free(t);
}

/* The wing (home place) at each place of col; false if a place shows
 * colours no wing has. */
static bool
s6_wings(const struct s6_tables *t, const uint8_t *col, uint8_t *w)
{
	int s;

	for (s = 0; s < S6_SLOTS; s++) {
		w[s] = t->piece[s][col[t->fa[s]] * 6 + col[t->fb[s]]];
		if (w[s] == 0xff)
			return false;
	}
	return true;
}

static int
s6_paired(const uint8_t *w)
{
	int e, n = 0;

	for (e = 0; e < 12; e++)
		n += w[2 * e] >> 1 == w[2 * e + 1] >> 1;
	return n;
}

static bool
s6_odd_wings(const uint8_t *w)
{
	int p[S6_SLOTS], s;

	for (s = 0; s < S6_SLOTS; s++)
		p[s] = w[s];
	return cube_odd_permutation(p, S6_SLOTS);
}

/* Of paired wings w: the dedges' permutation's parity. */
static bool
s6_odd_dedges(const uint8_t *w)
{
	int p[12], e;

	for (e = 0; e < 12; e++)
		p[e] = w[2 * e] >> 1;
	return cube_odd_permutation(p, 12);
}

/* The corners' permutation's parity; false in *ok if a corner's
 * colours are no corner's. */
static bool
s6_odd_corners(const struct s6_tables *t, const uint8_t *col, bool *ok)
{
	int p[8], k, seen = 0;

	*ok = true;
	for (k = 0; k < 8; k++) {
		int mask = 1 << col[t->corner[k][0]] | 1 << col[t->corner[k][1]] | 1 << col[t->corner[k][2]];

		p[k] = t->corner_home[mask];
		if (p[k] == 0xff || (seen >> p[k] & 1)) {
			*ok = false;
			return false;
		}
		seen |= 1 << p[k];
	}
	return cube_odd_permutation(p, 8);
}

static bool
s6_quarter(const struct r6_model *md, int m)
{
	return md->turns[m] != 2 && md->first[m] == 1;
}

struct s6_run {
	const struct r6_model *md;
	const struct s6_tables *t;
	atomic_bool *cancel;
	long nodes, max_nodes;
	bool stopped;
	uint8_t *col;
	uint8_t moves[STAGED_MAX_PATH];
	int n;
	bool odd;        /* parity of the quarter turns so far and the corners' start */
};

/* What appending move m saves by merging with the last move. */
static int
s6_merge_saving(const struct s6_run *r, int m)
{
	const struct r6_model *md = r->md;
	int l;

	if (r->n == 0)
		return 0;
	l = r->moves[r->n - 1];
	if (md->face[l] != md->face[m] || md->first[l] != md->first[m] || md->last[l] != md->last[m])
		return 0;
	return (md->turns[l] + md->turns[m]) % 4 == 0 ? 2 * md->obtm[m] : md->obtm[m];
}

/* Applies m to the cube and appends it, merged with the last move. */
static bool
s6_push(struct s6_run *r, int m)
{
	const struct r6_model *md = r->md;

	r6_apply(r->col, m);
	r->odd ^= s6_quarter(md, m);
	if (r->n > 0) {
		int l = r->moves[r->n - 1];

		if (md->face[l] == md->face[m] && md->first[l] == md->first[m] && md->last[l] == md->last[m]) {
			int turns = (md->turns[l] + md->turns[m]) % 4;

			r->n--;
			if (turns != 0)
				r->moves[r->n++] = (uint8_t)r6_move(md->face[m], md->first[m], md->last[m], turns);
			return true;
		}
	}
	if (r->n == STAGED_MAX_PATH)
		return false;
	r->moves[r->n++] = (uint8_t)m;
	return true;
}

struct s6_best {
	int gain, cost;
	int pre[2], n_pre;
	const struct s6_macro *mac;
};

/* The best macro after prefixes of n_pre face turns (0 <= n_pre <= 2). */
static void
s6_try_prefixes(struct s6_run *r, const uint8_t *w, int n_pre, struct s6_best *b)
{
	const struct s6_tables *t = r->t;
	const struct r6_model *md = r->md;
	int base = s6_paired(w), i0, i1, n0 = n_pre >= 1 ? 18 : 1, n1 = n_pre >= 2 ? 18 : 1;

	for (i0 = 0; i0 < n0; i0++)
		for (i1 = 0; i1 < n1; i1++) {
			uint8_t tp[S6_SLOTS];
			int pre[2], s, k, i, save;
			bool odd = r->odd;

			pre[0] = n_pre >= 1 ? t->face_move[i0] : -1;
			pre[1] = n_pre >= 2 ? t->face_move[i1] : -1;
			if (n_pre == 2 && md->face[pre[0]] % 3 == md->face[pre[1]] % 3 &&
			    md->face[pre[0]] >= md->face[pre[1]])
				continue;
			memcpy(tp, w, sizeof tp);
			for (k = 0; k < n_pre; k++) {
				uint8_t nx[S6_SLOTS];

				for (s = 0; s < S6_SLOTS; s++)
					nx[s] = tp[t->from[pre[k]][s]];
				memcpy(tp, nx, sizeof nx);
				odd ^= s6_quarter(md, pre[k]);
			}
			save = n_pre > 0 ? s6_merge_saving(r, pre[0]) : 0;
			for (i = 0; i < t->n_mac; i++) {
				const struct s6_macro *mc = &t->mac[i];
				const uint8_t *src = mc->src;
				int cnt = 0, e, gain, cost;

				if ((++r->nodes & 4095) == 0) {
					if (r->nodes > r->max_nodes || (r->cancel != NULL && atomic_load(r->cancel))) {
						r->stopped = true;
						return;
					}
				}
				for (e = 0; e < 12; e++)
					cnt += tp[src[2 * e]] >> 1 == tp[src[2 * e + 1]] >> 1;
				gain = cnt - base;
				if (gain <= 0)
					continue;
				cost = n_pre + mc->len - (n_pre > 0 ? save : s6_merge_saving(r, mc->m[0]));
				if (cnt == 12) {
					uint8_t fin[S6_SLOTS];
					bool o = odd;

					for (s = 0; s < S6_SLOTS; s++)
						fin[s] = tp[src[s]];
					for (k = 0; k < mc->len; k++)
						o ^= s6_quarter(md, mc->m[k]);
					if (o != s6_odd_dedges(fin))
						cost += t->pll_obtm;
				}
				if (b->mac == NULL || gain * b->cost > b->gain * cost ||
				    (gain * b->cost == b->gain * cost && gain > b->gain)) {
					b->gain = gain;
					b->cost = cost;
					b->n_pre = n_pre;
					b->pre[0] = pre[0];
					b->pre[1] = pre[1];
					b->mac = mc;
				}
			}
		}
}

/* s6_push for each of moves[0..n); false if the path fills up. */
static bool
s6_push_all(struct s6_run *r, const uint8_t *moves, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!s6_push(r, moves[i]))
			return false;
	return true;
}

size_t
r6_stage6_tables(void)
{
	pthread_once(&s6_once, s6_build);
	return s6 != NULL ? sizeof *s6 + S6_BLOCK : 0;
}

bool
r6_stage6(uint8_t *col, const struct staged_options *opt, struct staged_path *path, struct tw_error *err)
{
	struct s6_run *r;
	uint8_t w[S6_SLOTS];
	bool ok, done = false;
	int i;

	pthread_once(&s6_once, s6_build);
	if (s6 == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	r = calloc(1, sizeof *r);
	if (r == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	r->md = r6_model();
	r->t = s6;
	r->col = col;
	r->cancel = opt != NULL ? opt->cancel : NULL;
	r->max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : S6_DEFAULT_NODES;
	r->odd = s6_odd_corners(s6, col, &ok);
	if (!ok || !s6_wings(s6, col, w) || !r6_stage_done(col, 5)) {
		tw_error_set(err, "stage 6: not a cube at stage 5's end");
		goto out;
	}
	if (s6_odd_wings(w)) {
		if (!s6_push_all(r, s6->oll, s6->n_oll))
			goto full;
	}
	for (;;) {
		struct s6_best b = {0};
		int n_pre;

		if (!s6_wings(s6, col, w)) {
			tw_error_set(err, "stage 6: a wing lost");
			goto out;
		}
		if (s6_paired(w) == 12)
			break;
		for (n_pre = 1; n_pre <= 2 && b.mac == NULL; n_pre++) {
			if (n_pre == 1)
				s6_try_prefixes(r, w, 0, &b);
			s6_try_prefixes(r, w, n_pre, &b);
			if (r->stopped) {
				if (r->cancel != NULL && atomic_load(r->cancel))
					tw_error_cancelled(err);
				else
					tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-6 end within the search's work");
				goto out;
			}
		}
		if (b.mac == NULL) {
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-6 end within the search's work");
			goto out;
		}
		for (i = 0; i < b.n_pre; i++)
			if (!s6_push(r, b.pre[i]))
				goto full;
		if (!s6_push_all(r, b.mac->m, b.mac->len))
			goto full;
	}
	if (r->odd != s6_odd_dedges(w)) {
		if (!s6_push_all(r, s6->pll, s6->n_pll))
			goto full;
	}
	for (i = 0; i < r->n; i++)
		if (!staged_path_push(path, r->moves[i]))
			goto full;
	done = true;
	goto out;
full:
	tw_error_set(err, "stage 6: the path is full");
out:
	free(r);
	return done;
}
