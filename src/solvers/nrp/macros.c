#include "solvers/nrp/constructive.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Words tried when searching a window for 3-cycles and twists. */
#define SEARCH_BUDGET 60000
/* Longest macro (power of a word) accepted from the search. */
#define MACRO_MAX 6000
/* More commutators kept per narrow window, on other cells. */
#define MAX_EXTRA 6
/* 3-cycles longer than this are worth the commutator search. */
#define COMMUTATOR_WORTH 24

/* ---- Macros: 3-cycles and twists found by search on a window. ---- */

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

void
nrp_set_macro(struct macro *mac, const struct geom *win, const int *word, int len,
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
				nrp_set_macro(&f->best3[cls], win, f->word, len, (int)lcm_other, a, pa, ppa, 0, &f->oom);
			else
				nrp_set_macro(&f->best3[cls], win, f->word, len, (int)lcm_other, a, ppa, pa, 0, &f->oom);
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
						nrp_set_macro(&f->clean3[cls], win, f->word, len, (int)ej, a, pa, ppa, 0, &f->oom);
					else
						nrp_set_macro(&f->clean3[cls], win, f->word, len, (int)ej, a, ppa, pa, 0, &f->oom);
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


void
nrp_ctx_free(struct nrp_ctx *x)
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
	for (i = 0; i < 2; i++) {
		for (int j = 0; j < MAX_CHAIN_TABLES; j++)
			free(x->chain[i][j].win);
		free(x->local[i].win);
	}
	free(x->dist1);
	free(x->g);
}

bool
nrp_window_special(int h, int w, int k)
{
	int lo = h < w ? h : w, hi = h < w ? w : h;

	return (k == h && k == w) || (k == 2 && lo == 2 && hi == 3) || (k == 3 && lo == 3 && hi == 4);
}

/* Board cell of a window cell placed at (dr, dc); board move of a window move. */
int
nrp_place_cell(const struct geom *g, const struct macro *mac, int cell, int dr, int dc)
{
	return (cell / mac->w + dr) * g->n + cell % mac->w + dc;
}

int
nrp_place_move(const struct geom *g, const struct macro *mac, int mv, int dr, int dc)
{
	int wbcols = mac->w - g->k + 1, lb = mv / 3;
	int r = lb / wbcols + dr, c = lb % wbcols + dc;

	return 3 * (r * g->bcols + c) + mv % 3;
}

void
nrp_do_macro(struct work *w, const struct macro *mac, int dr, int dc, bool inverse, int reps)
{
	int i, r;

	for (r = 0; r < reps; r++) {
		if (inverse)
			for (i = mac->len - 1; i >= 0; i--)
				nrp_do_move(w, inverse_move(nrp_place_move(w->g, mac, mac->word[i], dr, dc)));
		else
			for (i = 0; i < mac->len; i++)
				nrp_do_move(w, nrp_place_move(w->g, mac, mac->word[i], dr, dc));
	}
}

/* A macro's effect on its own window: the tile from cell c ends on
 * perm[c] turned inc[c] more quarter turns. False when out of memory. */
static bool
macro_effect(const struct macro *mac, int k, uint8_t *perm, uint8_t *inc)
{
	struct geom *win = malloc(sizeof *win);

	if (win == NULL)
		return false;
	nrp_geom_init(win, mac->h, mac->w, k, true);
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
	free(win);
	return true;
}

/* Whether a macro does what it claims on its window (checked once per
 * solve; a failure is a bug in the search, reported, never played). */
static bool
macro_valid(const struct macro *mac, bool twist, int k)
{
	uint8_t perm[MAXN], inc[MAXN];

	if (!macro_effect(mac, k, perm, inc))
		return false;
	for (int c = 0; c < mac->h * mac->w; c++) {
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
			return false;
	}
	return true;
}

/* Whether a 3-cycle turns no tile off its three cells (on an orientable
 * board; the commutators always qualify, powers of a word seldom). */
static bool
macro_clean(const struct macro *mac, int k)
{
	uint8_t perm[MAXN], inc[MAXN];

	if (!macro_effect(mac, k, perm, inc))
		return false;
	for (int c = 0; c < mac->h * mac->w; c++)
		if (c != mac->cell[0] && c != mac->cell[1] && c != mac->cell[2] && inc[c] != 0)
			return false;
	return true;
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

		nrp_geom_init(win, 2 * k - 1, 2 * k - 1, k, g->orientable);
		b2 = (k - 1) * win->bcols + (k - 1);
		word[0] = 0;
		word[1] = 3 * b2;
		word[2] = 2;
		word[3] = 3 * b2 + 2;
		for (c = 0; c < win->N; c++) {
			perm[c] = (uint8_t)nrp_follow(win, c, word, 4);
			if (perm[c] != c && moved < 0)
				moved = c;
		}
		nrp_set_macro(mac, win, word, 4, 1, moved, perm[moved], perm[perm[moved]], 0, &oom);
		if (oom)
			goto oom;
		mac->clean = macro_clean(mac, k);
		x->nmacros++;
		macro_classes(g, mac, serves3);
		shortest = 4;
	}
	for (i = 0; i < (int)(sizeof windows / sizeof windows[0]); i++) {
		int h = k + windows[i][0], w = k + windows[i][1], nextra;
		bool searched;
		struct macro extra[MAX_EXTRA];
		struct finder f;

		if (h > g->m || w > g->n || nrp_window_special(h, w, k))
			continue;
		/* no more windows once short macros serve every class */
		if (serves3[0] && (classes == 1 || serves3[1]) && shortest <= 16 &&
		    (!g->orientable || (serves_twist[0] && (classes == 1 || serves_twist[1]))))
			break;
		nrp_geom_init(win, h, w, k, g->orientable);
		memset(&f, 0, sizeof f);
		f.win = win;
		/* A window one block wide or high has no short powers (their
		 * exponents run to hundreds): its 3-cycles are commutators,
		 * and powers only where none is found. */
		nextra = 0;
		searched = false;
		if (h == k || w == k) {
			if (!nrp_commutator_cycles(win, f.best3, extra, MAX_EXTRA, &nextra))
				goto oom;
			if (classes == 2 ? f.best3[0].word == NULL || f.best3[1].word == NULL
			    : f.best3[0].word == NULL && f.best3[1].word == NULL) {
				for (cls = 0; cls < 2; cls++) {
					free(f.best3[cls].word);
					f.best3[cls].word = NULL;
				}
				for (int e = 0; e < nextra; e++)
					free(extra[e].word);
				nextra = 0;
			} else {
				searched = true;
				for (cls = 0; cls < 2 && g->orientable; cls++) {
					bool oom = false;

					if (f.best3[cls].word == NULL)
						continue;
					nrp_set_macro(&f.clean3[cls], win, f.best3[cls].word, f.best3[cls].len, 1,
					    f.best3[cls].cell[0], f.best3[cls].cell[1], f.best3[cls].cell[2], 0, &oom);
					if (oom)
						goto oom;
				}
			}
		}
		if (classes == 2 ? f.best3[0].word == NULL || f.best3[1].word == NULL
		    : f.best3[0].word == NULL && f.best3[1].word == NULL)
			search_window(&f, 30);
		if (f.oom)
			goto oom;
		/* Long powers only (not again where the commutators above
		 * served): commutators of small-support words are shorter
		 * there (commutators.c). */
		if (!searched && (f.best3[0].word == NULL || f.best3[1].word == NULL ||
		    f.best3[0].len > COMMUTATOR_WORTH || f.best3[1].len > COMMUTATOR_WORTH ||
		    (g->orientable && (f.clean3[0].word == NULL || f.clean3[1].word == NULL ||
		    f.clean3[0].len > COMMUTATOR_WORTH || f.clean3[1].len > COMMUTATOR_WORTH)))) {
			struct macro comm[2];

			memset(comm, 0, sizeof comm);
			if (!nrp_commutator_cycles(win, comm, NULL, 0, NULL))
				goto oom;
			for (cls = 0; cls < 2; cls++) {
				if (comm[cls].word == NULL)
					continue;
				if (g->orientable && (f.clean3[cls].word == NULL || f.clean3[cls].len > comm[cls].len)) {
					/* a commutator turns no tile off its cycle: a base for twists */
					bool oom = false;

					nrp_set_macro(&f.clean3[cls], win, comm[cls].word, comm[cls].len, 1,
					    comm[cls].cell[0], comm[cls].cell[1], comm[cls].cell[2], 0, &oom);
					if (oom) {
						free(comm[0].word);
						free(comm[1].word);
						goto oom;
					}
				}
				if (f.best3[cls].word == NULL || f.best3[cls].len > comm[cls].len) {
					free(f.best3[cls].word);
					f.best3[cls] = comm[cls];
					comm[cls].word = NULL;
				}
				free(comm[cls].word);
			}
		}
		for (cls = 0; cls < 2; cls++) {
			if (f.best3[cls].word != NULL && x->nmacros < MAX_MACROS) {
				if (f.best3[cls].len < shortest)
					shortest = f.best3[cls].len;
				x->cyc[x->nmacros] = f.best3[cls];
				f.best3[cls].word = NULL;
				x->cyc[x->nmacros].clean = macro_clean(&x->cyc[x->nmacros], g->k);
				macro_classes(g, &x->cyc[x->nmacros], serves3);
				x->nmacros++;
			}
		}
		/* the next shortest commutators, on other cells: more
		 * placements for the chain tables to choose from */
		for (int e = 0; e < nextra; e++) {
			if (x->nmacros < MAX_MACROS) {
				x->cyc[x->nmacros++] = extra[e];
				macro_classes(g, &extra[e], serves3);
			} else {
				free(extra[e].word);
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
		/* Chains on orientable boards need a 3-cycle that turns no
		 * other tile: the clean one too, where the shortest is not. */
		for (cls = 0; g->orientable && cls < 2; cls++) {
			bool have = false, oom = false;

			if (f.clean3[cls].word == NULL)
				continue;
			for (int mi = 0; mi < x->nmacros; mi++)
				if (x->cyc[mi].clean && x->cyc[mi].h == h && x->cyc[mi].w == w &&
				    colour(win, x->cyc[mi].cell[0]) == cls)
					have = true;
			if (have || x->nmacros == MAX_MACROS)
				continue;
			x->cyc[x->nmacros] = f.clean3[cls];
			x->cyc[x->nmacros].word = NULL;
			nrp_set_macro(&x->cyc[x->nmacros], win, f.clean3[cls].word, f.clean3[cls].len, 1,
			    f.clean3[cls].cell[0], f.clean3[cls].cell[1], f.clean3[cls].cell[2], 0, &oom);
			if (oom)
				goto oom;
			x->cyc[x->nmacros].clean = true;
			x->nmacros++;
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
		if (!macro_valid(&x->cyc[i], false, k)) {
			tw_error_set(err, "internal error: a 3-cycle for the %dx%d board with k = %d is wrong",
			    g->m, g->n, k);
			return false;
		}
	for (i = 0; i < x->ntwists; i++)
		if (!macro_valid(&x->twist[i], true, k)) {
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
	tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
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

bool
nrp_cached_macros(struct nrp_ctx *x, struct tw_error *err)
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
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
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

