#include "puzzles/nrp/solve.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN NRP_MAX_CELLS
#define MAXB ((NRP_MAX_SIDE - 1) * (NRP_MAX_SIDE - 1))
#define MAXMV (3 * MAXB)
/* Words tried when searching a window for 3-cycles and twists. */
#define SEARCH_BUDGET 60000
/* Longest macro (power of a word) accepted from the search. */
#define MACRO_MAX 6000
/* 3-cycles and twists kept from the search (the best of each window). */
#define MAX_MACROS 24

/* Board geometry. A move code is 3 * block + (quarter turns - 1). */
struct geom {
	int m, n, k, N, nb, nmv, bcols;
	bool orientable;
	uint8_t br[MAXB], bc[MAXB];     /* block top-left, from 0 */
	uint8_t dest[MAXMV][MAXN];      /* cell after the move */
	int ncover[MAXN];
	uint8_t cover[MAXN][MAXB];      /* blocks containing the cell */
};

static void
geom_init(struct geom *g, int m, int n, int k, bool orientable)
{
	int b, c, t, i, j;

	g->m = m;
	g->n = n;
	g->k = k;
	g->N = m * n;
	g->bcols = n - k + 1;
	g->nb = (m - k + 1) * g->bcols;
	g->nmv = 3 * g->nb;
	g->orientable = orientable;
	for (c = 0; c < g->N; c++)
		g->ncover[c] = 0;
	for (b = 0; b < g->nb; b++) {
		g->br[b] = (uint8_t)(b / g->bcols);
		g->bc[b] = (uint8_t)(b % g->bcols);
		for (t = 1; t <= 3; t++) {
			uint8_t *d = g->dest[3 * b + t - 1];

			for (c = 0; c < g->N; c++)
				d[c] = (uint8_t)c;
			for (i = 0; i < k; i++) {
				for (j = 0; j < k; j++) {
					int di = i, dj = j, q;

					for (q = 0; q < t; q++) {
						int ni = dj;

						dj = k - 1 - di;
						di = ni;
					}
					d[(g->br[b] + i) * n + g->bc[b] + j] =
					    (uint8_t)((g->br[b] + di) * n + g->bc[b] + dj);
				}
			}
		}
		for (i = 0; i < k; i++)
			for (j = 0; j < k; j++) {
				c = (g->br[b] + i) * n + g->bc[b] + j;
				g->cover[c][g->ncover[c]++] = (uint8_t)b;
			}
	}
}

static int
colour(const struct geom *g, int cell)
{
	return (cell / g->n + cell % g->n) & 1;
}

static bool
block_has(const struct geom *g, int b, int cell)
{
	int r = cell / g->n - g->br[b], c = cell % g->n - g->bc[b];

	return r >= 0 && r < g->k && c >= 0 && c < g->k;
}

static bool
blocks_overlap(const struct geom *g, int a, int b)
{
	int dr = g->br[a] - g->br[b], dc = g->bc[a] - g->bc[b];

	return dr > -g->k && dr < g->k && dc > -g->k && dc < g->k;
}

static int
inverse_move(int mv)
{
	return mv - mv % 3 + (2 - mv % 3);
}

/* Colour of the centre cell of block b (odd k). */
static int
centre_colour(const struct geom *g, int b)
{
	return (g->br[b] + g->bc[b] + g->k - 1) & 1;
}

/* ---- The position being solved and the moves made. ---- */

struct work {
	const struct geom *g;
	uint8_t tile[MAXN];   /* tile id (home cell) at each cell */
	uint8_t pos[MAXN];    /* cell of each tile */
	uint8_t rot[MAXN];    /* rotation of the tile at each cell */
	int *mv;
	size_t len, cap;
	bool oom;
	atomic_bool *cancel;
};

static void
push_move(struct work *w, int mv)
{
	if (w->len == w->cap) {
		size_t cap = w->cap == 0 ? 256 : 2 * w->cap;
		int *p = realloc(w->mv, cap * sizeof *p);

		if (p == NULL) {
			w->oom = true;
			return;
		}
		w->mv = p;
		w->cap = cap;
	}
	w->mv[w->len++] = mv;
}

static void
do_move(struct work *w, int mv)
{
	const struct geom *g = w->g;
	int b = mv / 3, t = mv % 3 + 1, k = g->k, i, j;
	uint8_t tile[MAXN], rot[MAXN];

	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int c = (g->br[b] + i) * g->n + g->bc[b] + j, d = g->dest[mv][c];

			tile[d] = w->tile[c];
			rot[d] = (uint8_t)((w->rot[c] + (g->orientable ? t : 0)) & 3);
		}
	}
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int c = (g->br[b] + i) * g->n + g->bc[b] + j;

			w->tile[c] = tile[c];
			w->rot[c] = rot[c];
			w->pos[tile[c]] = (uint8_t)c;
		}
	}
	push_move(w, mv);
}

static void
do_word(struct work *w, const int *word, int len, bool inverse)
{
	int i;

	if (inverse)
		for (i = len - 1; i >= 0; i--)
			do_move(w, inverse_move(word[i]));
	else
		for (i = 0; i < len; i++)
			do_move(w, word[i]);
}

static bool
cancelled(const struct work *w)
{
	return w->cancel != NULL && atomic_load(w->cancel);
}

/* ---- Routing single tiles. ---- */

/* Shortest route for the tile at cell from to cell to, using only blocks b
 * with forbid[b] == 0 (forbid may be NULL). Writes the move codes to route
 * (room for N) and returns their count, -1 if there is no route. */
static int
route_tile(const struct geom *g, int from, int to, const uint8_t *forbid, int *route)
{
	int16_t prev[MAXN], how[MAXN];
	int queue[MAXN], head = 0, tail = 0, c, i, t, len;

	if (from == to)
		return 0;
	for (c = 0; c < g->N; c++)
		prev[c] = -1;
	prev[from] = (int16_t)from;
	queue[tail++] = from;
	while (head < tail && prev[to] < 0) {
		c = queue[head++];
		for (i = 0; i < g->ncover[c]; i++) {
			int b = g->cover[c][i];

			if (forbid != NULL && forbid[b])
				continue;
			for (t = 0; t < 3; t++) {
				int d = g->dest[3 * b + t][c];

				if (prev[d] < 0) {
					prev[d] = (int16_t)c;
					how[d] = (int16_t)(3 * b + t);
					queue[tail++] = d;
				}
			}
		}
	}
	if (prev[to] < 0)
		return -1;
	len = 0;
	for (c = to; c != from; c = prev[c])
		len++;
	i = len;
	for (c = to; c != from; c = prev[c])
		route[--i] = how[c];
	return len;
}

/* forbid[b] = 1 for every block touching one of the count cells. */
static void
forbid_cells(const struct geom *g, const int *cells, int count, uint8_t *forbid)
{
	int b, i;

	for (b = 0; b < g->nb; b++) {
		forbid[b] = 0;
		for (i = 0; i < count; i++)
			if (block_has(g, b, cells[i]))
				forbid[b] = 1;
	}
}

static int
follow(const struct geom *g, int cell, const int *moves, int len)
{
	for (int i = 0; i < len; i++)
		cell = g->dest[moves[i]][cell];
	return cell;
}

/* ---- Macros: 3-cycles and twists found by search on a window. ---- */

struct macro {
	int h, w;        /* window rows x columns; placed at (dr, dc) */
	int len;
	int *word;       /* move codes of the window's geometry */
	int cell[3];     /* window cells: a 3-cycle sends cell[0] -> cell[1] -> cell[2] -> cell[0];
	                  * a twist turns cell[0] by +amount and cell[1] by -amount */
	int amount;
};

/* A word's effect on the window: tile from cell c ends at perm[c] with
 * inc[c] more clockwise quarter turns. */
struct effect {
	uint8_t perm[MAXN];
	uint8_t inc[MAXN];
	int net[2];  /* quarter turns of blocks centred on each colour (odd k), mod 4 */
};

struct finder {
	const struct geom *win;
	int depth;
	int word[32];
	struct effect eff[32];
	long budget;
	/* the best 3-cycle per colour class of cell[0], and the best one that
	 * turns no tile outside its cycle (for twists) */
	struct macro best3[2], clean3[2];
	/* the 3-cycle a twist is built on, per class, and the best twist */
	const struct macro *twist_base[2];
	struct macro twist[2];
	bool want_twist;
	bool oom;
};

static long
gcd_long(long a, long b)
{
	while (b != 0) {
		long t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static void
set_macro(struct macro *mac, const struct geom *win, const int *word, int len,
    int reps, int c0, int c1, int c2, int amount, bool *oom)
{
	int *p = malloc((size_t)(len * reps > 0 ? len * reps : 1) * sizeof *p);
	int i;

	if (p == NULL) {
		*oom = true;
		return;
	}
	for (i = 0; i < len * reps; i++)
		p[i] = word[i % len];
	free(mac->word);
	mac->word = p;
	mac->len = len * reps;
	mac->h = win->m;
	mac->w = win->n;
	mac->cell[0] = c0;
	mac->cell[1] = c1;
	mac->cell[2] = c2;
	mac->amount = amount;
}

/* Examines one word: is a power of it a 3-cycle (with no net quarter turns
 * per block colour in orientable odd-k games, so that 3-cycles leave the
 * rotation sums alone), or a word fixing a base 3-cycle's cells while
 * turning them unequally (for the twist [T, g])? */
static void
examine(struct finder *f, int len)
{
	const struct geom *win = f->win;
	const struct effect *e = &f->eff[len];
	int W = win->N, c, j;
	int cyc_len[MAXN], cyc_sum[MAXN];
	uint8_t seen[MAXN] = {0};
	long lcm_other = 1;
	int threes = 0, three_at = -1, bad = 0;

	for (c = 0; c < W; c++) {
		int l = 0, s = 0;

		if (seen[c])
			continue;
		for (j = c; !seen[j]; j = e->perm[j]) {
			seen[j] = 1;
			l++;
			s += e->inc[j];
		}
		for (j = c; cyc_len[j] = l, cyc_sum[j] = s, e->perm[j] != c; j = e->perm[j])
			;
		if (l % 3 == 0) {
			threes++;
			if (l == 3)
				three_at = c;
			else
				bad = 1;
		} else if (l > 1) {
			lcm_other = lcm_other / gcd_long(lcm_other, l) * l;
			if (lcm_other > MACRO_MAX)
				bad = 1;
		}
	}
	if (threes == 1 && !bad && three_at >= 0 && lcm_other * len <= MACRO_MAX) {
		int cls = colour(win, three_at);
		bool ok = true;

		if (win->orientable && win->k % 2 == 1)
			for (j = 0; j < 2; j++)
				if (e->net[j] * lcm_other % 4 != 0)
					ok = false;
		if (ok && (f->best3[cls].word == NULL || f->best3[cls].len > lcm_other * len)) {
			/* w^e with e = lcm_other prime to 3 acts on the 3-cycle
			 * (a, pa, ppa) as itself or its inverse. */
			int a = three_at, pa = e->perm[a], ppa = e->perm[pa];

			if (lcm_other % 3 == 1)
				set_macro(&f->best3[cls], win, f->word, len, (int)lcm_other, a, pa, ppa, 0, &f->oom);
			else
				set_macro(&f->best3[cls], win, f->word, len, (int)lcm_other, a, ppa, pa, 0, &f->oom);
		}
		if (ok && win->orientable) {
			/* w^(e j), j in 1, 2, 4 (prime to 3), turns every tile off the
			 * 3-cycle by (e j / l) * (its cycle's turns): zero for some j. */
			int a = three_at, pa = e->perm[a], ppa = e->perm[pa];

			for (long mult = 1; mult <= 4; mult *= 2) {
				long ej = lcm_other * mult;
				bool clean = true;

				for (c = 0; c < W && clean; c++)
					if (cyc_len[c] != 3 && (ej / cyc_len[c]) * cyc_sum[c] % 4 != 0)
						clean = false;
				if (!clean)
					continue;
				if (ej * len <= MACRO_MAX && (f->clean3[cls].word == NULL || f->clean3[cls].len > ej * len)) {
					if (ej % 3 == 1)
						set_macro(&f->clean3[cls], win, f->word, len, (int)ej, a, pa, ppa, 0, &f->oom);
					else
						set_macro(&f->clean3[cls], win, f->word, len, (int)ej, a, ppa, pa, 0, &f->oom);
				}
				break;
			}
		}
	}
	if (!f->want_twist)
		return;
	for (int cls = 0; cls < 2; cls++) {
		const struct macro *t = f->twist_base[cls];
		long reps = 1;
		int rho[3], d[3], nonzero = 0, plus = -1, minus = -1;

		if (t == NULL)
			continue;
		for (j = 0; j < 3; j++) {
			int l = cyc_len[t->cell[j]];

			reps = reps / gcd_long(reps, l) * l;
		}
		if (reps * len > MACRO_MAX)
			continue;
		for (j = 0; j < 3; j++) {
			int cc = t->cell[j];

			rho[j] = (int)((reps / cyc_len[cc]) * cyc_sum[cc] % 4);
		}
		/* [T, g] turns the tile starting on cell[j] by rho(T cell[j]) - rho(cell[j]). */
		for (j = 0; j < 3; j++) {
			d[j] = ((rho[(j + 1) % 3] - rho[j]) % 4 + 4) % 4;
			if (d[j] != 0)
				nonzero++;
		}
		if (nonzero != 2)
			continue;
		for (j = 0; j < 3; j++) {
			if (d[j] == 0)
				continue;
			if (plus < 0)
				plus = j;
			else
				minus = j;
		}
		if ((d[plus] + d[minus]) % 4 != 0 || (win->k % 2 == 0 ? d[plus] != 2 : d[plus] % 2 == 0))
			continue;
		if (f->twist[cls].word == NULL || f->twist[cls].len > 2 * (t->len + reps * len)) {
			int total = 2 * (t->len + (int)reps * len), i, *p;

			p = malloc((size_t)total * sizeof *p);
			if (p == NULL) {
				f->oom = true;
				return;
			}
			/* T g T^-1 g^-1 */
			i = 0;
			for (j = 0; j < t->len; j++)
				p[i++] = t->word[j];
			for (j = 0; j < reps * len; j++)
				p[i++] = f->word[j % len];
			for (j = t->len - 1; j >= 0; j--)
				p[i++] = inverse_move(t->word[j]);
			for (j = (int)reps * len - 1; j >= 0; j--)
				p[i++] = inverse_move(f->word[j % len]);
			free(f->twist[cls].word);
			f->twist[cls].word = p;
			f->twist[cls].len = total;
			f->twist[cls].h = win->m;
			f->twist[cls].w = win->n;
			f->twist[cls].cell[0] = t->cell[plus];
			f->twist[cls].cell[1] = t->cell[minus];
			f->twist[cls].cell[2] = -1;
			f->twist[cls].amount = d[plus];
		}
	}
}

static void
extend(struct finder *f, int len)
{
	const struct geom *win = f->win;
	int mv;

	if (f->budget <= 0 || f->oom)
		return;
	if (len == f->depth) {
		f->budget--;
		examine(f, len);
		return;
	}
	for (mv = 0; mv < win->nmv; mv++) {
		const struct effect *e = &f->eff[len];
		struct effect *n = &f->eff[len + 1];
		int b = mv / 3, t = mv % 3 + 1, c;

		if (len > 0 && f->word[len - 1] / 3 == b)
			continue;
		for (c = 0; c < win->N; c++) {
			int at = e->perm[c];

			n->perm[c] = win->dest[mv][at];
			n->inc[c] = (uint8_t)((e->inc[c] + (block_has(win, b, at) ? t : 0)) & 3);
		}
		n->net[0] = e->net[0];
		n->net[1] = e->net[1];
		if (win->k % 2 == 1)
			n->net[centre_colour(win, b)] = (n->net[centre_colour(win, b)] + t) & 3;
		f->word[len] = mv;
		extend(f, len + 1);
	}
}

/* Iterative deepening over words of the window, within the budget. */
static void
search_window(struct finder *f, int max_depth)
{
	int c, extra = 0;

	for (c = 0; c < f->win->N; c++) {
		f->eff[0].perm[c] = (uint8_t)c;
		f->eff[0].inc[c] = 0;
	}
	f->eff[0].net[0] = f->eff[0].net[1] = 0;
	f->budget = SEARCH_BUDGET;
	for (f->depth = 1; f->depth <= max_depth && !f->oom; f->depth++) {
		bool both = f->win->k % 2 == 1;

		if (f->budget <= 0) {
			/* nothing yet for a class: keep looking, within reason */
			bool missing = f->want_twist
			    ? (both ? f->twist[0].word == NULL || f->twist[1].word == NULL
			    : f->twist[0].word == NULL && f->twist[1].word == NULL)
			    : (both ? f->best3[0].word == NULL || f->best3[1].word == NULL
			    : f->best3[0].word == NULL && f->best3[1].word == NULL);

			if (!missing || extra >= 4)
				break;
			f->budget = 4L * SEARCH_BUDGET;
			extra++;
		}
		extend(f, 0);
		/* deeper words only pay when what was found is long */
		if (f->want_twist) {
			if (both ? f->twist[0].word != NULL && f->twist[1].word != NULL
			    : f->twist[0].word != NULL || f->twist[1].word != NULL)
				break;
		} else if (both ? (f->best3[0].word != NULL && f->best3[0].len <= 3 * f->depth &&
		    f->best3[1].word != NULL && f->best3[1].len <= 3 * f->depth &&
		    (!f->win->orientable || (f->clean3[0].word != NULL && f->clean3[1].word != NULL)))
		    : ((f->best3[0].word != NULL && f->best3[0].len <= 3 * f->depth) ||
		    (f->best3[1].word != NULL && f->best3[1].len <= 3 * f->depth)) &&
		    (!f->win->orientable || f->clean3[0].word != NULL || f->clean3[1].word != NULL)) {
			break;
		}
	}
}

/* ---- The solver's context: macros, placements, tables. ---- */

struct nrp_ctx {
	struct geom *g;
	int nmacros;
	struct macro cyc[MAX_MACROS];    /* 3-cycles */
	int ntwists;
	struct macro twist[MAX_MACROS];  /* pure twists of two cells */
	uint8_t *dist1;           /* N x N single-tile distances, no blocks forbidden */
	/* triple tables (few blocks): one per colour class */
	uint16_t *tri_move[2];
	uint8_t *tri_dist[2];
	int tri_macro[2], tri_dr[2], tri_dc[2];
	/* 3-cycle fallback: a fixed placement per class with tables for each
	 * pair of its cells */
	bool fb_ready[2];
	int fb_macro[2], fb_dr[2], fb_dc[2];
	uint16_t *fb_move[2][3];
	/* pair tables for twists */
	uint16_t *pair_move[2];
	int pair_dr[2], pair_dc[2], pair_macro[2];
};

static void
ctx_free(struct nrp_ctx *x)
{
	int i;

	for (i = 0; i < MAX_MACROS; i++) {
		free(x->cyc[i].word);
		free(x->twist[i].word);
	}
	for (i = 0; i < 2; i++) {
		for (int j = 0; j < 3; j++) {
			free(x->fb_move[i][j]);
		}
		free(x->tri_move[i]);
		free(x->tri_dist[i]);
		free(x->pair_move[i]);
	}
	free(x->dist1);
	free(x->g);
}

static bool
window_special(int h, int w, int k)
{
	int lo = h < w ? h : w, hi = h < w ? w : h;

	return (k == h && k == w) || (k == 2 && lo == 2 && hi == 3) || (k == 3 && lo == 3 && hi == 4);
}

/* Board cell of a window cell placed at (dr, dc); board move of a window move. */
static int
place_cell(const struct geom *g, const struct macro *mac, int cell, int dr, int dc)
{
	return (cell / mac->w + dr) * g->n + cell % mac->w + dc;
}

static int
place_move(const struct geom *g, const struct macro *mac, int mv, int dr, int dc)
{
	int wbcols = mac->w - g->k + 1, lb = mv / 3;
	int r = lb / wbcols + dr, c = lb % wbcols + dc;

	return 3 * (r * g->bcols + c) + mv % 3;
}

static void
do_macro(struct work *w, const struct macro *mac, int dr, int dc, bool inverse, int reps)
{
	int i, r;

	for (r = 0; r < reps; r++) {
		if (inverse)
			for (i = mac->len - 1; i >= 0; i--)
				do_move(w, inverse_move(place_move(w->g, mac, mac->word[i], dr, dc)));
		else
			for (i = 0; i < mac->len; i++)
				do_move(w, place_move(w->g, mac, mac->word[i], dr, dc));
	}
}

/* Whether a macro does what it claims on its window (checked once per
 * solve; a failure is a bug in the search, reported, never played). */
static bool
macro_valid(const struct macro *mac, bool twist, bool orientable, int k)
{
	struct geom *win = malloc(sizeof *win);
	uint8_t perm[MAXN], inc[MAXN];
	bool ok = true;

	if (win == NULL)
		return false;
	geom_init(win, mac->h, mac->w, k, orientable);
	for (int c = 0; c < win->N; c++) {
		perm[c] = (uint8_t)c;
		inc[c] = 0;
	}
	for (int i = 0; i < mac->len; i++) {
		int mv = mac->word[i];

		for (int c = 0; c < win->N; c++) {
			if (block_has(win, mv / 3, perm[c]))
				inc[c] = (uint8_t)((inc[c] + mv % 3 + 1) & 3);
			perm[c] = win->dest[mv][perm[c]];
		}
	}
	for (int c = 0; c < win->N; c++) {
		int want = c, turn = 0;

		if (!twist) {
			for (int j = 0; j < 3; j++)
				if (mac->cell[j] == c)
					want = mac->cell[(j + 1) % 3];
		} else if (c == mac->cell[0]) {
			turn = mac->amount;
		} else if (c == mac->cell[1]) {
			turn = (4 - mac->amount) % 4;
		}
		if (perm[c] != want || (twist && inc[c] != turn))
			ok = false;
	}
	free(win);
	return ok;
}

/* Which colour classes a macro serves: the class of its cells, and the
 * other too when its window can be placed one cell over. */
static void
macro_classes(const struct geom *g, const struct macro *mac, bool *serves)
{
	int cls = g->k % 2 == 1 ? (mac->cell[0] / mac->w + mac->cell[0] % mac->w) & 1 : 0;

	serves[cls] = true;
	if (g->k % 2 == 1 && (mac->h < g->m || mac->w < g->n))
		serves[1 - cls] = true;
}

/* The macros for this board: the 4-move commutator where two blocks can
 * share one cell, and the best 3-cycles (and for orientable games twists)
 * of every window from k x (k+1) to (k+2) x (k+2) that fits and is not
 * exceptional. */
static bool
find_macros(struct nrp_ctx *x, struct tw_error *err)
{
	const struct geom *g = x->g;
	int k = g->k, classes = k % 2 == 1 ? 2 : 1, cls, i;
	static const int windows[][2] = {
		{1, 1}, {0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}, {2, 2},
	};
	bool serves3[2] = {false, false}, serves_twist[2] = {false, false};
	int shortest = MACRO_MAX + 1;
	struct geom *win = malloc(sizeof *win);

	if (win == NULL)
		goto oom;
	if (g->m >= 2 * k - 1 && g->n >= 2 * k - 1) {
		/* Blocks (0,0) and (k-1,k-1) share exactly the cell (k-1,k-1), so
		 * their commutator is a 3-cycle ([Lam], section 4.1). */
		struct macro *mac = &x->cyc[x->nmacros];
		int b2, word[4];
		uint8_t perm[MAXN];
		int c, moved = -1;
		bool oom = false;

		geom_init(win, 2 * k - 1, 2 * k - 1, k, g->orientable);
		b2 = (k - 1) * win->bcols + (k - 1);
		word[0] = 0;
		word[1] = 3 * b2;
		word[2] = 2;
		word[3] = 3 * b2 + 2;
		for (c = 0; c < win->N; c++) {
			perm[c] = (uint8_t)follow(win, c, word, 4);
			if (perm[c] != c && moved < 0)
				moved = c;
		}
		set_macro(mac, win, word, 4, 1, moved, perm[moved], perm[perm[moved]], 0, &oom);
		if (oom)
			goto oom;
		x->nmacros++;
		macro_classes(g, mac, serves3);
		shortest = 4;
	}
	for (i = 0; i < (int)(sizeof windows / sizeof windows[0]); i++) {
		int h = k + windows[i][0], w = k + windows[i][1];
		struct finder f;

		if (h > g->m || w > g->n || window_special(h, w, k))
			continue;
		/* no more windows once short macros serve every class */
		if (serves3[0] && (classes == 1 || serves3[1]) && shortest <= 16 &&
		    (!g->orientable || (serves_twist[0] && (classes == 1 || serves_twist[1]))))
			break;
		geom_init(win, h, w, k, g->orientable);
		memset(&f, 0, sizeof f);
		f.win = win;
		search_window(&f, 30);
		if (f.oom)
			goto oom;
		for (cls = 0; cls < 2; cls++) {
			if (f.best3[cls].word != NULL && x->nmacros < MAX_MACROS) {
				if (f.best3[cls].len < shortest)
					shortest = f.best3[cls].len;
				x->cyc[x->nmacros] = f.best3[cls];
				f.best3[cls].word = NULL;
				macro_classes(g, &x->cyc[x->nmacros], serves3);
				x->nmacros++;
			}
		}
		if (g->orientable) {
			/* Twists: a second pass looks for g fixing a clean 3-cycle's
			 * cells while turning them unequally. */
			struct finder t;

			memset(&t, 0, sizeof t);
			t.win = win;
			t.want_twist = true;
			for (cls = 0; cls < 2; cls++)
				if (f.clean3[cls].word != NULL)
					t.twist_base[cls] = &f.clean3[cls];
			search_window(&t, 30);
			for (cls = 0; cls < 2; cls++) {
				free(t.best3[cls].word);
				free(t.clean3[cls].word);
				if (t.twist[cls].word != NULL && x->ntwists < MAX_MACROS) {
					x->twist[x->ntwists] = t.twist[cls];
					t.twist[cls].word = NULL;
					macro_classes(g, &x->twist[x->ntwists], serves_twist);
					x->ntwists++;
				}
				free(t.twist[cls].word);
			}
			if (t.oom)
				goto oom;
		}
		for (cls = 0; cls < 2; cls++) {
			free(f.best3[cls].word);
			free(f.clean3[cls].word);
		}
	}
	free(win);
	if (!serves3[0] || (classes == 2 && !serves3[1])) {
		tw_error_set(err, "internal error: no 3-cycle found for the %dx%d board with k = %d",
		    g->m, g->n, k);
		return false;
	}
	for (i = 0; i < x->nmacros; i++)
		if (!macro_valid(&x->cyc[i], false, g->orientable, k)) {
			tw_error_set(err, "internal error: a 3-cycle for the %dx%d board with k = %d is wrong",
			    g->m, g->n, k);
			return false;
		}
	for (i = 0; i < x->ntwists; i++)
		if (!macro_valid(&x->twist[i], true, g->orientable, k)) {
			tw_error_set(err, "internal error: a twist for the %dx%d board with k = %d is wrong",
			    g->m, g->n, k);
			return false;
		}
	if (g->orientable && (!serves_twist[0] || (classes == 2 && !serves_twist[1]))) {
		tw_error_set(err, "internal error: no twist found for the %dx%d board with k = %d",
		    g->m, g->n, k);
		return false;
	}
	return true;
oom:
	free(win);
	tw_error_set(err, "out of memory");
	return false;
}

/* Found macros are kept per board shape for the process, so hints and
 * repeated solves skip the search (the last 8 shapes). */
struct macro_cache {
	bool used;
	int m, n, k;
	bool orientable;
	int nmacros, ntwists;
	struct macro cyc[MAX_MACROS], twist[MAX_MACROS];
};

static pthread_mutex_t macro_lock = PTHREAD_MUTEX_INITIALIZER;
static struct macro_cache macro_cache[8];
static int macro_cache_next;

static bool
copy_macros(struct macro *dst, const struct macro *src, int count)
{
	for (int i = 0; i < count; i++) {
		dst[i] = src[i];
		dst[i].word = malloc((size_t)(src[i].len > 0 ? src[i].len : 1) * sizeof(int));
		if (dst[i].word == NULL)
			return false;
		memcpy(dst[i].word, src[i].word, (size_t)src[i].len * sizeof(int));
	}
	return true;
}

static bool
cached_macros(struct nrp_ctx *x, struct tw_error *err)
{
	const struct geom *g = x->g;
	bool ok = true, found = false;
	int i;

	pthread_mutex_lock(&macro_lock);
	for (i = 0; i < 8 && !found; i++) {
		struct macro_cache *c = &macro_cache[i];

		if (c->used && c->m == g->m && c->n == g->n && c->k == g->k && c->orientable == g->orientable) {
			found = true;
			x->nmacros = c->nmacros;
			x->ntwists = c->ntwists;
			ok = copy_macros(x->cyc, c->cyc, c->nmacros) && copy_macros(x->twist, c->twist, c->ntwists);
		}
	}
	pthread_mutex_unlock(&macro_lock);
	if (found) {
		if (!ok)
			tw_error_set(err, "out of memory");
		return ok;
	}
	if (!find_macros(x, err))
		return false;
	pthread_mutex_lock(&macro_lock);
	{
		struct macro_cache *c = &macro_cache[macro_cache_next];

		for (i = 0; i < c->nmacros; i++)
			free(c->cyc[i].word);
		for (i = 0; i < c->ntwists; i++)
			free(c->twist[i].word);
		memset(c, 0, sizeof *c);
		if (copy_macros(c->cyc, x->cyc, x->nmacros) && copy_macros(c->twist, x->twist, x->ntwists)) {
			c->used = true;
			c->m = g->m;
			c->n = g->n;
			c->k = g->k;
			c->orientable = g->orientable;
			c->nmacros = x->nmacros;
			c->ntwists = x->ntwists;
			macro_cache_next = (macro_cache_next + 1) % 8;
		} else {
			/* leave the slot empty; what was copied is freed */
			for (i = 0; i < MAX_MACROS; i++) {
				free(c->cyc[i].word);
				free(c->twist[i].word);
			}
			memset(c, 0, sizeof *c);
		}
	}
	pthread_mutex_unlock(&macro_lock);
	return true;
}

/* ---- Setups: moving tiles onto a macro's cells. ---- */

static bool
build_dist1(struct nrp_ctx *x)
{
	const struct geom *g = x->g;
	int N = g->N, s, queue[MAXN];

	x->dist1 = malloc((size_t)N * (size_t)N);
	if (x->dist1 == NULL)
		return false;
	memset(x->dist1, 255, (size_t)N * (size_t)N);
	for (s = 0; s < N; s++) {
		uint8_t *d = &x->dist1[s * N];
		int head = 0, tail = 0;

		d[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int c = queue[head++];

			for (int i = 0; i < g->ncover[c]; i++)
				for (int t = 0; t < 3; t++) {
					int e = g->dest[3 * g->cover[c][i] + t][c];

					if (d[e] == 255) {
						d[e] = (uint8_t)(d[c] + 1 < 254 ? d[c] + 1 : 254);
						queue[tail++] = e;
					}
				}
		}
	}
	return true;
}

/* Routes count tiles from cells from[] onto cells to[] one at a time in
 * the given order, each avoiding the cells already filled. Returns the
 * number of moves written to out (room for count * N), -1 if stuck. */
static int
sequential_setup(const struct geom *g, const int *from, const int *to,
    const int *order, int count, int *out)
{
	int cur[3], done[3], total = 0, i, j;
	uint8_t forbid[MAXB];

	for (i = 0; i < count; i++)
		cur[i] = from[i];
	for (i = 0; i < count; i++) {
		int o = order[i], len;

		for (j = 0; j < i; j++)
			done[j] = to[order[j]];
		forbid_cells(g, done, i, forbid);
		len = route_tile(g, cur[o], to[o], forbid, out + total);
		if (len < 0)
			return -1;
		for (j = 0; j < count; j++)
			cur[j] = follow(g, cur[j], out + total, len);
		total += len;
	}
	return total;
}

/* Breadth-first search over ordered triples (or pairs) of cells towards
 * target: moves[s] - 1 is a move taking state s one step closer; dist_out
 * (may be NULL) receives the distances. */
static bool
build_tuple_table(const struct geom *g, const int *target, int arity,
    uint16_t **moves_out, uint8_t **dist_out)
{
	size_t N = (size_t)g->N, size = arity == 3 ? N * N * N : N * N, head = 0, tail = 0;
	uint16_t *moves = calloc(size, sizeof *moves);
	uint8_t *dist = malloc(size);  /* kept only when dist_out asks for it */
	uint32_t *queue = malloc(size * sizeof *queue);
	uint8_t inv[MAXMV][MAXN];
	size_t s;
	int mv;

	if (moves == NULL || dist == NULL || queue == NULL) {
		free(moves);
		free(dist);
		free(queue);
		return false;
	}
	for (mv = 0; mv < g->nmv; mv++)
		for (int c = 0; c < g->N; c++)
			inv[mv][g->dest[mv][c]] = (uint8_t)c;
	s = arity == 3 ? ((size_t)target[0] * N + (size_t)target[1]) * N + (size_t)target[2]
	    : (size_t)target[0] * N + (size_t)target[1];
	moves[s] = UINT16_MAX;  /* the target itself */
	dist[s] = 0;
	queue[tail++] = (uint32_t)s;
	while (head < tail) {
		size_t cur = queue[head++];
		int a, b, c = 0;

		if (arity == 3) {
			a = (int)(cur / (N * N));
			b = (int)(cur / N % N);
			c = (int)(cur % N);
		} else {
			a = (int)(cur / N);
			b = (int)(cur % N);
		}
		for (mv = 0; mv < g->nmv; mv++) {
			size_t p = arity == 3
			    ? ((size_t)inv[mv][a] * N + inv[mv][b]) * N + inv[mv][c]
			    : (size_t)inv[mv][a] * N + inv[mv][b];

			if (moves[p] == 0) {
				moves[p] = (uint16_t)(mv + 1);
				dist[p] = (uint8_t)(dist[cur] < 254 ? dist[cur] + 1 : 254);
				queue[tail++] = (uint32_t)p;
			}
		}
	}
	free(queue);
	*moves_out = moves;
	if (dist_out != NULL)
		*dist_out = dist;
	else
		free(dist);
	return true;
}

/* Walks the table from state (cells) to its target, writing the moves. */
static int
table_walk(const struct geom *g, const uint16_t *moves, const int *cells, int arity, int *out)
{
	size_t N = (size_t)g->N;
	int cur[3] = {cells[0], cells[1], arity == 3 ? cells[2] : 0}, len = 0;

	for (;;) {
		size_t s = arity == 3 ? ((size_t)cur[0] * N + (size_t)cur[1]) * N + (size_t)cur[2]
		    : (size_t)cur[0] * N + (size_t)cur[1];
		int mv;

		if (moves[s] == 0)
			return -1;
		if (moves[s] == UINT16_MAX)
			return len;
		mv = moves[s] - 1;
		out[len++] = mv;
		for (int i = 0; i < arity; i++)
			cur[i] = g->dest[mv][cur[i]];
	}
}

struct choice {
	int macro, dr, dc;
	bool inverse;
	int target[3];
	long score;
};

/* Which of T's cells each of the three tiles must reach, for the six ways
 * T or T^-1 can carry a -> b -> c -> a. */
static void
assignment(const int P[3], int way, int target[3], bool *inverse)
{
	int i = way % 3;

	*inverse = way >= 3;
	if (!*inverse) {
		target[0] = P[i];
		target[1] = P[(i + 1) % 3];
		target[2] = P[(i + 2) % 3];
	} else {
		target[0] = P[i];
		target[1] = P[(i + 2) % 3];
		target[2] = P[(i + 1) % 3];
	}
}

/* Fallback setup: two of the tiles by a table over pairs of cells (no
 * block forbidden), the third by its own route avoiding the first two's
 * cells; each choice of the third tile and of the six ways is tried on a
 * fixed central placement. On success fills top[0], *best_len and best. */
static bool
pair_then_single(struct nrp_ctx *x, const int from[3], int a, struct choice *top,
    int *best_len, int *best, int *buf, struct tw_error *err)
{
	const struct geom *g = x->g;
	int cls = g->k % 2 == 1 ? colour(g, a) : 0, P[3];
	const struct macro *mac;
	uint8_t forbid[MAXB];

	if (!x->fb_ready[cls]) {
		long best_d = -1;

		for (int mi = 0; mi < x->nmacros; mi++) {
			const struct macro *mc = &x->cyc[mi];

			for (int dr = 0; dr + mc->h <= g->m; dr++)
				for (int dc = 0; dc + mc->w <= g->n; dc++) {
					long d;

					if (g->k % 2 == 1 && colour(g, place_cell(g, mc, mc->cell[0], dr, dc)) != cls)
						continue;
					d = labs(2L * dr + mc->h - g->m) + labs(2L * dc + mc->w - g->n) + mc->len;
					if (best_d < 0 || d < best_d) {
						best_d = d;
						x->fb_macro[cls] = mi;
						x->fb_dr[cls] = dr;
						x->fb_dc[cls] = dc;
					}
				}
		}
		if (best_d < 0)
			return true;
		mac = &x->cyc[x->fb_macro[cls]];
		for (int i = 0; i < 3; i++)
			P[i] = place_cell(g, mac, mac->cell[i], x->fb_dr[cls], x->fb_dc[cls]);
		for (int j = 0; j < 3; j++) {
			int pair[2] = {P[(j + 1) % 3], P[(j + 2) % 3]};

			if (!build_tuple_table(g, pair, 2, &x->fb_move[cls][j], NULL)) {
				tw_error_set(err, "out of memory");
				return false;
			}
		}
		x->fb_ready[cls] = true;
	}
	mac = &x->cyc[x->fb_macro[cls]];
	for (int i = 0; i < 3; i++)
		P[i] = place_cell(g, mac, mac->cell[i], x->fb_dr[cls], x->fb_dc[cls]);
	for (int way = 0; way < 6; way++) {
		int target[3];
		bool inverse;

		assignment(P, way, target, &inverse);
		for (int j = 0; j < 3; j++) {
			/* the tile bound for P[j] goes last */
			int first[2] = {0, 0}, last = -1, len, len2, cur;

			for (int i = 0; i < 3; i++) {
				if (target[i] == P[(j + 1) % 3])
					first[0] = from[i];
				else if (target[i] == P[(j + 2) % 3])
					first[1] = from[i];
				else
					last = from[i];
			}
			len = table_walk(g, x->fb_move[cls][j], first, 2, buf);
			if (len < 0)
				continue;
			cur = follow(g, last, buf, len);
			{
				int done[2] = {P[(j + 1) % 3], P[(j + 2) % 3]};

				forbid_cells(g, done, 2, forbid);
			}
			len2 = route_tile(g, cur, P[j], forbid, buf + len);
			if (len2 < 0)
				continue;
			if (*best_len < 0 || len + len2 < *best_len) {
				*best_len = len + len2;
				memcpy(best, buf, (size_t)(len + len2) * sizeof *buf);
				top[0].macro = x->fb_macro[cls];
				top[0].dr = x->fb_dr[cls];
				top[0].dc = x->fb_dc[cls];
				top[0].inverse = inverse;
			}
		}
	}
	return true;
}

/* Cycles the tiles on cells a -> b -> c -> a (same colour for odd k),
 * leaving every other tile where it was. */
static bool
cycle3(struct nrp_ctx *x, struct work *w, int a, int b, int c, bool *no_setup,
    struct tw_error *err)
{
	const struct geom *g = x->g;
	struct choice top[12];
	int ntop = 0, i, from[3] = {a, b, c}, width;
	int *buf = malloc((size_t)16 * MAXN * sizeof *buf), *best = buf + 8 * MAXN;
	int best_len = -1, best_i = -1;

	if (buf == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	for (int mi = 0; mi < x->nmacros; mi++) {
		const struct macro *mac = &x->cyc[mi];

		for (int dr = 0; dr + mac->h <= g->m; dr++) {
			for (int dc = 0; dc + mac->w <= g->n; dc++) {
				int P[3];

				for (i = 0; i < 3; i++)
					P[i] = place_cell(g, mac, mac->cell[i], dr, dc);
				if (g->k % 2 == 1 && colour(g, P[0]) != colour(g, a))
					continue;
				for (int way = 0; way < 6; way++) {
					struct choice ch = {mi, dr, dc, false, {0, 0, 0}, 0};

					assignment(P, way, ch.target, &ch.inverse);
					for (i = 0; i < 3; i++)
						ch.score += 2 * x->dist1[from[i] * g->N + ch.target[i]];
					ch.score += mac->len;
					if (ntop < 12 || ch.score < top[ntop - 1].score) {
						int j = ntop < 12 ? ntop++ : 11;

						while (j > 0 && top[j - 1].score > ch.score) {
							top[j] = top[j - 1];
							j--;
						}
						top[j] = ch;
					}
				}
			}
		}
	}
	/* the three best-scored placements first, then wider */
	for (width = 0; width < 2 && best_len < 0; width++)
	for (i = width == 0 ? 0 : 3; i < (width == 0 ? (ntop < 3 ? ntop : 3) : ntop); i++) {
		static const int orders[6][3] = {{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}};

		for (int o = 0; o < (width == 0 ? 2 : 6); o++) {
			int len = sequential_setup(g, from, top[i].target, orders[o], 3, buf);

			if (len >= 0 && (best_len < 0 || 2 * len + x->cyc[top[i].macro].len <
			    2 * best_len + x->cyc[top[best_i].macro].len)) {
				best_len = len;
				best_i = i;
				memcpy(best, buf, (size_t)len * sizeof *buf);
			}
		}
	}
	if (best_len < 0 && !pair_then_single(x, from, a, top, &best_len, best, buf, err)) {
		free(buf);
		return false;
	}
	if (best_len >= 0 && best_i < 0)
		best_i = 0;
	if (best_len < 0) {
		/* Few blocks: search over triples of cells. */
		int cls = g->k % 2 == 1 ? colour(g, a) : 0;
		int way_best = -1, d_best = 255;

		if (x->tri_move[cls] == NULL) {
			size_t N = (size_t)g->N;

			if (N * N * N > ((size_t)1 << 24) || N * N * N * (size_t)g->nmv > (size_t)2000000000)
				goto fail;
			for (int mi = 0; mi < x->nmacros && x->tri_move[cls] == NULL; mi++) {
				const struct macro *mac = &x->cyc[mi];

				for (int dr = 0; dr + mac->h <= g->m && x->tri_move[cls] == NULL; dr++)
					for (int dc = 0; dc + mac->w <= g->n && x->tri_move[cls] == NULL; dc++) {
						int P[3];

						for (i = 0; i < 3; i++)
							P[i] = place_cell(g, mac, mac->cell[i], dr, dc);
						if (g->k % 2 == 1 && colour(g, P[0]) != cls)
							continue;
						if (!build_tuple_table(g, P, 3, &x->tri_move[cls], &x->tri_dist[cls])) {
							tw_error_set(err, "out of memory");
							free(buf);
							return false;
						}
						x->tri_macro[cls] = mi;
						x->tri_dr[cls] = dr;
						x->tri_dc[cls] = dc;
					}
			}
			if (x->tri_move[cls] == NULL)
				goto fail;
		}
		{
			const struct macro *mac = &x->cyc[x->tri_macro[cls]];
			int P[3], target[3];
			bool inverse;

			for (i = 0; i < 3; i++)
				P[i] = place_cell(g, mac, mac->cell[i], x->tri_dr[cls], x->tri_dc[cls]);
			for (int way = 0; way < 6; way++) {
				int state[3];
				size_t N = (size_t)g->N, s;

				assignment(P, way, target, &inverse);
				/* table order: the tiles bound for P[0], P[1], P[2] */
				for (i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						if (target[j] == P[i])
							state[i] = from[j];
				s = ((size_t)state[0] * N + (size_t)state[1]) * N + (size_t)state[2];
				if (x->tri_move[cls][s] != 0 && x->tri_dist[cls][s] < d_best) {
					d_best = x->tri_dist[cls][s];
					way_best = way;
				}
			}
			if (way_best < 0)
				goto fail;
			assignment(P, way_best, target, &inverse);
			{
				int state[3];

				for (i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						if (target[j] == P[i])
							state[i] = from[j];
				best_len = table_walk(g, x->tri_move[cls], state, 3, best);
			}
			top[0].macro = x->tri_macro[cls];
			top[0].dr = x->tri_dr[cls];
			top[0].dc = x->tri_dc[cls];
			top[0].inverse = inverse;
			best_i = 0;
			if (best_len < 0)
				goto fail;
		}
	}
	do_word(w, best, best_len, false);
	do_macro(w, &x->cyc[top[best_i].macro], top[best_i].dr, top[best_i].dc, top[best_i].inverse, 1);
	do_word(w, best, best_len, true);
	free(buf);
	return true;
fail:
	free(buf);
	*no_setup = true;
	tw_error_set(err, "internal error: no setup found for a 3-cycle on the %dx%d board with k = %d",
	    g->m, g->n, g->k);
	return false;
}

/* Turns the tile on cell a by quarter quarter-turns and the tile on cell
 * b back by as many (a twist macro conjugated into place). */
static bool
twist_pair(struct nrp_ctx *x, struct work *w, int a, int b, int quarter, struct tw_error *err)
{
	const struct geom *g = x->g;
	int cls = g->k % 2 == 1 ? colour(g, a) : 0;
	int *buf, len, reps, cells[2] = {a, b};
	const struct macro *mac;

	if (x->pair_move[cls] == NULL) {
		/* the placement nearest the board's centre keeps setups short */
		long best = -1;
		int S[2];

		for (int t = 0; t < x->ntwists; t++) {
			for (int dr = 0; dr + x->twist[t].h <= g->m; dr++)
				for (int dc = 0; dc + x->twist[t].w <= g->n; dc++) {
					int S0 = place_cell(g, &x->twist[t], x->twist[t].cell[0], dr, dc);
					long d;

					if (g->k % 2 == 1 && colour(g, S0) != cls)
						continue;
					d = 4 * (labs(2L * dr + x->twist[t].h - g->m) + labs(2L * dc + x->twist[t].w - g->n)) +
					    x->twist[t].len;
					if (best < 0 || d < best) {
						best = d;
						x->pair_dr[cls] = dr;
						x->pair_dc[cls] = dc;
						x->pair_macro[cls] = t;
					}
				}
		}
		if (best < 0) {
			tw_error_set(err, "internal error: no twist placement for the %dx%d board with k = %d",
			    g->m, g->n, g->k);
			return false;
		}
		mac = &x->twist[x->pair_macro[cls]];
		S[0] = place_cell(g, mac, mac->cell[0], x->pair_dr[cls], x->pair_dc[cls]);
		S[1] = place_cell(g, mac, mac->cell[1], x->pair_dr[cls], x->pair_dc[cls]);
		if (!build_tuple_table(g, S, 2, &x->pair_move[cls], NULL)) {
			tw_error_set(err, "out of memory");
			return false;
		}
	}
	mac = &x->twist[x->pair_macro[cls]];
	buf = malloc((size_t)2 * MAXN * sizeof *buf);
	if (buf == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	len = table_walk(g, x->pair_move[cls], cells, 2, buf);
	if (len < 0) {
		free(buf);
		tw_error_set(err, "internal error: no setup for a twist on the %dx%d board with k = %d",
		    g->m, g->n, g->k);
		return false;
	}
	for (reps = 1; reps < 4 && (reps * mac->amount) % 4 != quarter % 4; reps++)
		;
	do_word(w, buf, len, false);
	do_macro(w, mac, x->pair_dr[cls], x->pair_dc[cls], false, reps);
	do_word(w, buf, len, true);
	free(buf);
	return true;
}

/* ---- The phases. ---- */

static void
report(atomic_int *progress, const struct work *w)
{
	int home = 0;

	if (progress == NULL)
		return;
	for (int c = 0; c < w->g->N; c++)
		if (w->tile[c] == c)
			home++;
	/* Tiles home, as a figure that never falls: fixing rotations moves
	 * placed tiles away for a while. */
	if (1000 * home / w->g->N > atomic_load(progress))
		atomic_store(progress, 1000 * home / w->g->N);
}

static int
class_parity(const struct work *w, int cls)
{
	uint8_t seen[MAXN] = {0};
	int parity = 0;

	for (int c = 0; c < w->g->N; c++) {
		if (seen[c] || (cls >= 0 && colour(w->g, c) != cls))
			continue;
		for (int j = c; !seen[j]; j = w->tile[j]) {
			seen[j] = 1;
			if (j != c)
				parity ^= 1;
		}
	}
	return parity;
}

/* Row by row, each tile to its home by its own shortest route over blocks
 * that touch no placed tile; cells that cannot be reached so are left for
 * the 3-cycles. */
static bool
greedy(struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = w->g;
	uint8_t forbid[MAXB] = {0};
	int route[MAXN];

	for (int c = 0; c < g->N; c++) {
		int len;

		if (cancelled(w)) {
			tw_error_set(err, "cancelled");
			return false;
		}
		len = w->tile[c] == c ? 0 : route_tile(g, w->pos[c], c, forbid, route);
		if (len < 0)
			continue;
		do_word(w, route, len, false);
		for (int i = 0; i < g->ncover[c]; i++)
			forbid[g->cover[c][i]] = 1;
		report(progress, w);
	}
	return true;
}

/* Every misplaced tile home by 3-cycles: the tile for cell c comes from
 * where it is, c's tile goes to a third cell of its class, preferably a
 * misplaced one; another third cell is tried where no setup is found. */
static bool
place_by_cycles(struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;

	for (int c = 0; c < g->N; c++) {
		while (w->tile[c] != c) {
			int y = w->pos[c];
			bool done = false, no_setup = false;

			if (cancelled(w)) {
				tw_error_set(err, "cancelled");
				return false;
			}
			for (int pass = 0; pass < 2 && !done; pass++) {
				for (int d = c + 1; d < g->N && !done; d++) {
					if (d == y || (w->tile[d] != d) != (pass == 0) ||
					    (g->k % 2 == 1 && colour(g, d) != colour(g, c)))
						continue;
					if (pass == 1 && !no_setup)
						break; /* a lone swap: parity should have prevented it */
					no_setup = false;
					if (cycle3(x, w, y, c, d, &no_setup, err))
						done = true;
					else if (!no_setup)
						return false;
				}
			}
			if (!done) {
				if (!no_setup)
					tw_error_set(err, "internal error: a lone swap is left on the %dx%d board with k = %d",
					    g->m, g->n, g->k);
				return false;
			}
			if (w->oom) {
				tw_error_set(err, "out of memory");
				return false;
			}
			report(progress, w);
		}
	}
	return true;
}

/* Orientable games. The sum of the rotations on cells of one colour
 * changes, for odd k, by one per quarter turn of a block centred on that
 * colour ((k^2+1)/2 = 1 mod 4 of its cells) and by none for the other
 * ((k^2-1)/2 = 0 mod 4); the 3-cycles and twists have no net turns, so the
 * sums are set once with quarter turns of two neighbouring blocks, whose
 * tiles the 3-cycles then put back. For even k the sum is always 0 mod 4.
 * Then every tile but the last of its class is made upright by a twist
 * shared with that last tile, which ends upright by the sum. */
static bool
fix_rotations(struct nrp_ctx *x, struct work *w, atomic_int *progress, struct tw_error *err)
{
	const struct geom *g = x->g;
	int classes = g->k % 2 == 1 ? 2 : 1;

	if (g->k % 2 == 1) {
		int sum[2] = {0, 0};
		int blk[2] = {0, 1}; /* neighbours: centres of both colours */

		for (int c = 0; c < g->N; c++)
			sum[colour(g, c)] += w->rot[c];
		for (int i = 0; i < 2; i++) {
			int cls = centre_colour(g, blk[i]), q = (4 - sum[cls] % 4) % 4;

			if (q != 0)
				do_move(w, 3 * blk[i] + q - 1);
		}
		if (!place_by_cycles(x, w, progress, err))
			return false;
	}
	for (int cls = 0; cls < classes; cls++) {
		int last = -1;

		for (int c = g->N - 1; c >= 0 && last < 0; c--)
			if (classes == 1 || colour(g, c) == cls)
				last = c;
		for (int c = 0; c < last; c++) {
			if ((classes == 2 && colour(g, c) != cls) || w->rot[c] == 0)
				continue;
			if (cancelled(w)) {
				tw_error_set(err, "cancelled");
				return false;
			}
			if (!twist_pair(x, w, c, last, (4 - w->rot[c]) % 4, err))
				return false;
		}
	}
	return true;
}

/* The paper's parity step ([Lam], section 4): 3-cycles keep the
 * parity, so where it is odd but must end even, one quarter turn, of the
 * block that disturbs the fewest placed tiles. */
static void
fix_parity(struct work *w)
{
	const struct geom *g = w->g;
	int best = 0, best_home = g->N + 1;

	if (!((g->k % 4 == 2 && class_parity(w, -1)) ||
	    ((g->k % 8 == 3 || g->k % 8 == 5) && class_parity(w, 0))))
		return;
	for (int b = 0; b < g->nb; b++) {
		int home = 0;

		for (int c = 0; c < g->N; c++)
			if (w->tile[c] == c && block_has(g, b, c))
				home++;
		if (home < best_home) {
			best_home = home;
			best = b;
		}
	}
	do_move(w, 3 * best);
}

/* Turns of one block separated only by turns of blocks that do not
 * overlap it commute with those and merge: B B = B2, B B' = nothing. */
static size_t
shorten(const struct geom *g, int *mv, size_t len)
{
	size_t out = 0;

	for (size_t i = 0; i < len; i++) {
		int b = mv[i] / 3, t = mv[i] % 3 + 1;
		size_t j = out;
		bool merged = false;

		while (j > 0) {
			int pb = mv[j - 1] / 3;

			if (pb == b) {
				int sum = (mv[j - 1] % 3 + 1 + t) % 4;

				if (sum == 0) {
					memmove(&mv[j - 1], &mv[j], (out - j) * sizeof *mv);
					out--;
				} else {
					mv[j - 1] = 3 * b + sum - 1;
				}
				merged = true;
				break;
			}
			if (blocks_overlap(g, pb, b))
				break;
			j--;
		}
		if (!merged)
			mv[out++] = mv[i];
	}
	return out;
}

static bool
emit(const struct geom *g, const int *mv, size_t len, struct movelist *out, struct tw_error *err)
{
	for (size_t i = 0; i < len; i++) {
		struct nrp_move m = {g->br[mv[i] / 3] + 1, g->bc[mv[i] / 3] + 1, mv[i] % 3 + 1};
		char buf[24];

		nrp_move_format(&m, buf, sizeof buf);
		if (!movelist_push(out, buf, err))
			return false;
	}
	return true;
}

static bool
solve_constructive(const struct nrp_params *p, const struct nrp_state *s,
    atomic_bool *cancel, atomic_int *progress, struct movelist *out, struct tw_error *err)
{
	struct nrp_ctx x;
	struct work *w = NULL;
	bool ok = false;
	size_t len, prev;

	memset(&x, 0, sizeof x);
	x.g = malloc(sizeof *x.g);
	w = calloc(1, sizeof *w);
	if (x.g == NULL || w == NULL) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	geom_init(x.g, p->rows, p->cols, p->k, p->orientable);
	w->g = x.g;
	w->cancel = cancel;
	if (progress != NULL)
		atomic_store(progress, 0);
	for (int c = 0; c < x.g->N; c++) {
		w->tile[c] = (uint8_t)(s->tile[c] - 1);
		w->pos[s->tile[c] - 1] = (uint8_t)c;
		w->rot[c] = p->orientable ? s->rot[c] : 0;
	}
	if (!cached_macros(&x, err))
		goto done;
	if (!build_dist1(&x)) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	if (!greedy(w, progress, err))
		goto done;
	fix_parity(w);
	if (!place_by_cycles(&x, w, progress, err))
		goto done;
	if (p->orientable && !fix_rotations(&x, w, progress, err))
		goto done;
	if (w->oom) {
		tw_error_set(err, "out of memory");
		goto done;
	}
	for (int c = 0; c < x.g->N; c++) {
		if (w->tile[c] != c || w->rot[c] != 0) {
			tw_error_set(err, "internal error: the %dx%d board with k = %d was left unsolved",
			    p->rows, p->cols, p->k);
			goto done;
		}
	}
	len = w->len;
	do {
		prev = len;
		len = shorten(x.g, w->mv, len);
	} while (len < prev);
	ok = emit(x.g, w->mv, len, out, err);
done:
	if (w != NULL)
		free(w->mv);
	free(w);
	ctx_free(&x);
	return ok;
}

/* k = m = n: the board is the solved one turned; turn it back. */
static bool
solve_single_block(const struct nrp_state *s, struct movelist *out, struct tw_error *err)
{
	int n = s->cols, k = s->k;

	/* where tile 1 stands says how far the board is turned */
	for (int q = 0; q < 4; q++) {
		int r = 0, c = 0;

		for (int t = 0; t < q; t++) {
			int nr = c;

			c = k - 1 - r;
			r = nr;
		}
		if (s->tile[r * n + c] == 1) {
			struct nrp_move mv = {1, 1, (4 - q) % 4};
			char buf[24];

			if (q == 0)
				return true;
			nrp_move_format(&mv, buf, sizeof buf);
			return movelist_push(out, buf, err);
		}
	}
	tw_error_set(err, "internal error: tile 1 is not on a corner");
	return false;
}

bool
nrp_solve(const struct nrp_params *params, const struct nrp_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	if (req->optimal)
		return nrp_solve_optimal(params, state, req, out, err);
	if (!nrp_state_solvable(params, state, err))
		return false;
	if (nrp_state_is_solved(params, state))
		return true;
	if (params->k == params->rows && params->k == params->cols)
		return solve_single_block(state, out, err);
	if (window_special(params->rows, params->cols, params->k) || params->rows * params->cols <= 9)
		return nrp_solve_optimal(params, state, req, out, err);
	return solve_constructive(params, state, req->cancel, req->progress, out, err);
}

bool
nrp_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	return nrp_solve(params, state, req, out, err);
}
