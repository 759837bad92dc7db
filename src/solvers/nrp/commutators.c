/* 3-cycles as commutators of words of small support.
 *
 * Where the window is k x (k+1), its only 3-cycles that the power search
 * finds are powers w^e of a short word with e in the hundreds. But words
 * of four or five turns there already move only about 3k of the k(k+1)
 * cells ((A B)^2 moves 3k - 1), and the commutator [X, Y] of two
 * permutations whose supports share exactly one cell is a 3-cycle (the
 * standard argument: every other cell is moved by X and put back by X^-1,
 * or likewise by Y). So X runs over the short words of small support, Y
 * over conjugates C^-1 X' C of them by short words C, and the shortest
 * [X, Y] whose supports meet in one cell is kept: 32 turns on every
 * k x (k+1) window tried (k = 5..15). On an orientable board a tile
 * turned in place counts as moved, so [X, Y] turns no tile off its three
 * cells, and its block turns cancel, so it keeps the rotation sums. */
#include "solvers/nrp/constructive.h"

#include <stdlib.h>
#include <string.h>

/* Longest X (and X') and longest conjugator C tried. */
#define SMALL_LEN 5
#define CONJ_LEN 3
/* Words kept as X candidates, conjugators, and support checks allowed:
 * a work budget, so the macros found do not depend on the machine. */
#define MAX_SMALL 3000
#define MAX_CONJ 3000
#define ENUM_BUDGET 400000L
#define CHECK_BUDGET 20000000L

struct word_effect {
	int len;
	int word[SMALL_LEN > CONJ_LEN ? SMALL_LEN : CONJ_LEN];
	uint8_t perm[MAXN];   /* cell the tile from cell c ends on */
	int nsupp;
	uint8_t supp[MAXN];   /* cells whose tile moves or turns */
};

struct enumerator {
	const struct geom *win;
	int max_len, max_supp;
	long budget;
	struct word_effect *out;
	int count, cap;
	int word[SMALL_LEN];
	uint8_t perm[SMALL_LEN + 1][MAXN];
	uint8_t inc[SMALL_LEN + 1][MAXN];
};

static void
enumerate(struct enumerator *e, int len)
{
	const struct geom *win = e->win;

	if (len > 0) {
		struct word_effect *we;
		int nsupp = 0;
		uint8_t supp[MAXN];

		for (int c = 0; c < win->N; c++)
			if (e->perm[len][c] != c || e->inc[len][c] != 0)
				supp[nsupp++] = (uint8_t)c;
		if (nsupp > 0 && nsupp <= e->max_supp && e->count < e->cap) {
			we = &e->out[e->count++];
			we->len = len;
			memcpy(we->word, e->word, (size_t)len * sizeof *e->word);
			memcpy(we->perm, e->perm[len], (size_t)win->N);
			we->nsupp = nsupp;
			memcpy(we->supp, supp, (size_t)nsupp);
		}
	}
	/* max_len is at most SMALL_LEN (short_words' callers); the second
	 * test states it where the compiler sees the arrays' bounds. */
	if (len >= e->max_len || len >= SMALL_LEN)
		return;
	for (int mv = 0; mv < win->nmv && e->budget > 0; mv++) {
		int b = mv / 3, t = mv % 3 + 1;

		if (len > 0 && e->word[len - 1] / 3 == b)
			continue;
		e->budget--;
		for (int c = 0; c < win->N; c++) {
			int at = e->perm[len][c];

			e->perm[len + 1][c] = win->dest[mv][at];
			e->inc[len + 1][c] = (uint8_t)((e->inc[len][c] +
			    (win->orientable && block_has(win, b, at) ? t : 0)) & 3);
		}
		e->word[len] = mv;
		enumerate(e, len + 1);
	}
}

/* The words of the window up to max_len turns (no two neighbours on one
 * block) whose support has at most max_supp cells, shortest first
 * (breadth by length: iterative deepening). Returns the count, -1 when
 * out of memory; *out is the caller's to free. */
static int
short_words(const struct geom *win, int max_len, int max_supp, int cap, struct word_effect **out)
{
	struct enumerator *e = calloc(1, sizeof *e);
	int count;

	*out = malloc((size_t)cap * sizeof **out);
	if (e == NULL || *out == NULL) {
		free(e);
		free(*out);
		*out = NULL;
		return -1;
	}
	e->win = win;
	e->max_supp = max_supp;
	e->out = *out;
	e->cap = cap;
	for (int c = 0; c < win->N; c++) {
		e->perm[0][c] = (uint8_t)c;
		e->inc[0][c] = 0;
	}
	/* depth by depth: a depth that fills the list or runs out of budget
	 * is dropped for the one before, so the list holds every word up to
	 * its longest length */
	int depth = 0;

	for (int d = 1; d <= max_len; d++) {
		e->max_len = d;
		e->budget = ENUM_BUDGET;
		e->count = 0;
		enumerate(e, 0);
		if (e->budget <= 0 || e->count == cap)
			break;
		depth = d;
	}
	if (depth != e->max_len) {
		/* the last depth was dropped: the one before again */
		e->max_len = depth;
		e->budget = ENUM_BUDGET;
		e->count = 0;
		if (depth > 0)
			enumerate(e, 0);
	}
	/* shortest first (a stable insertion sort of the depth-first order) */
	for (int i = 1; i < e->count; i++) {
		struct word_effect tmp;
		int j = i;

		if (e->out[i].len >= e->out[i - 1].len)
			continue;
		tmp = e->out[i];
		while (j > 0 && e->out[j - 1].len > tmp.len) {
			e->out[j] = e->out[j - 1];
			j--;
		}
		e->out[j] = tmp;
	}
	count = e->count;
	free(e);
	return count;
}

/* Free reduction: neighbouring turns of one block merge. */
static int
reduce_word(int *w, int len)
{
	int out = 0;

	for (int i = 0; i < len; i++) {
		if (out > 0 && w[out - 1] / 3 == w[i] / 3) {
			int sum = (w[out - 1] % 3 + 1 + w[i] % 3 + 1) % 4;

			if (sum == 0)
				out--;
			else
				w[out - 1] = 3 * (w[i] / 3) + sum - 1;
		} else {
			w[out++] = w[i];
		}
	}
	return out;
}

static void
append(int *dst, int *len, const int *src, int n, bool inverse)
{
	for (int i = 0; i < n; i++)
		dst[(*len)++] = inverse ? inverse_move(src[n - 1 - i]) : src[i];
}

/* The shortest 3-cycles found, per class, with distinct cell sets. */
#define KEEP 4
struct found {
	struct macro m[2][KEEP];
	int count[2];
};

static bool
same_cells(const struct macro *m, int a, int b, int c)
{
	int n = 0;

	for (int i = 0; i < 3; i++)
		n += m->cell[i] == a || m->cell[i] == b || m->cell[i] == c;
	return n == 3;
}

/* Keeps [X, C^-1 Y C] among the shortest of its class where it is short
 * enough and its cells are new (or it beats the one on the same cells);
 * its effect is computed afresh, and it is kept only if it is the
 * 3-cycle it must be. */
static void
consider(const struct geom *win, const struct word_effect *x, const struct word_effect *y,
    const struct word_effect *c, struct found *f, bool *oom)
{
	int word[4 * (SMALL_LEN + 2 * CONJ_LEN)], len = 0, moved[4], nmoved = 0;
	uint8_t perm[MAXN], inc[MAXN];

	append(word, &len, x->word, x->len, false);
	append(word, &len, c->word, c->len, true);
	append(word, &len, y->word, y->len, false);
	append(word, &len, c->word, c->len, false);
	append(word, &len, x->word, x->len, true);
	append(word, &len, c->word, c->len, true);
	append(word, &len, y->word, y->len, true);
	append(word, &len, c->word, c->len, false);
	len = reduce_word(word, len);
	for (int i = 0; i < win->N; i++) {
		perm[i] = (uint8_t)i;
		inc[i] = 0;
	}
	for (int i = 0; i < len; i++)
		for (int cell = 0; cell < win->N; cell++) {
			if (win->orientable && block_has(win, word[i] / 3, perm[cell]))
				inc[cell] = (uint8_t)((inc[cell] + word[i] % 3 + 1) & 3);
			perm[cell] = win->dest[word[i]][perm[cell]];
		}
	for (int cell = 0; cell < win->N; cell++) {
		if (perm[cell] != cell) {
			if (nmoved == 3)
				return;
			moved[nmoved++] = cell;
		} else if (inc[cell] != 0) {
			return;
		}
	}
	if (nmoved != 3)
		return;
	{
		int a = moved[0], pa = perm[a], ppa = perm[pa], cls = colour(win, a), at;
		struct macro *list = f->m[cls];

		if (perm[ppa] != a)
			return;
		for (at = 0; at < f->count[cls] && !same_cells(&list[at], a, pa, ppa); at++)
			;
		if (at < f->count[cls]) {
			if (list[at].len <= len)
				return;
		} else if (f->count[cls] < KEEP) {
			at = f->count[cls]++;
		} else if (list[KEEP - 1].len > len) {
			at = KEEP - 1;
		} else {
			return;
		}
		nrp_set_macro(&list[at], win, word, len, 1, a, pa, ppa, 0, oom);
		if (*oom)
			return;
		list[at].clean = true;
		/* shortest first */
		for (; at > 0 && list[at - 1].len > list[at].len; at--) {
			struct macro t = list[at];

			list[at] = list[at - 1];
			list[at - 1] = t;
		}
	}
}

bool
nrp_commutator_cycles(const struct geom *win, struct macro best[2], struct macro *extra,
    int max_extra, int *nextra)
{
	struct word_effect *small = NULL, *conj = NULL;
	struct found f;
	int nsmall, nconj;
	long checks = CHECK_BUDGET;
	bool oom = false, odd = win->k % 2 == 1;
	uint8_t *mark = calloc((size_t)win->N, 1);

	memset(&f, 0, sizeof f);
	if (nextra != NULL)
		*nextra = 0;
	if (mark == NULL)
		return false;
	nsmall = short_words(win, SMALL_LEN, win->N / 2, MAX_SMALL, &small);
	nconj = short_words(win, CONJ_LEN, win->N, MAX_CONJ, &conj);
	if (nsmall < 0 || nconj < 0) {
		free(small);
		free(conj);
		free(mark);
		return false;
	}
	/* the empty conjugator first: Y may be a short word itself */
	for (int i = 0; i < nsmall && checks > 0 && !oom; i++) {
		const struct word_effect *x = &small[i];

		for (int s = 0; s < x->nsupp; s++)
			mark[x->supp[s]] = 1;
		for (int j = 0; j < nsmall && checks > 0; j++) {
			const struct word_effect *y = &small[j];

			for (int ci = -1; ci < nconj && checks > 0; ci++) {
				const struct word_effect *c = ci < 0 ? NULL : &conj[ci];
				int clen = c == NULL ? 0 : c->len, total = 2 * (x->len + y->len + 2 * clen), limit;
				int overlap = 0, l0 = f.count[0] > 0 ? f.m[0][0].len : -1;
				int l1 = f.count[1] > 0 ? f.m[1][0].len : -1;

				/* what is still worth finding: a class with nothing,
				 * or one shorter than the longer (odd k) or the shorter
				 * (even k: either class serves) of the two found */
				if (l0 < 0 || l1 < 0)
					limit = odd || (l0 < 0 && l1 < 0) ? 1 << 30 : (l0 >= 0 ? l0 : l1);
				else
					limit = odd ? (l0 > l1 ? l0 : l1) : (l0 < l1 ? l0 : l1);
				if (total >= limit + 4) /* the free reduction rarely saves more */
					break;
				checks--;
				for (int s = 0; s < y->nsupp && overlap < 2; s++)
					if (mark[c == NULL ? y->supp[s] : c->perm[y->supp[s]]])
						overlap++;
				if (overlap == 1) {
					static const struct word_effect none;

					consider(win, x, y, c == NULL ? &none : c, &f, &oom);
				}
			}
		}
		for (int s = 0; s < x->nsupp; s++)
			mark[x->supp[s]] = 0;
	}
	free(small);
	free(conj);
	free(mark);
	for (int cls = 0; cls < 2; cls++)
		for (int i = 0; i < f.count[cls]; i++) {
			struct macro *dst = NULL;

			if (i == 0 && (best[cls].word == NULL || best[cls].len > f.m[cls][0].len)) {
				free(best[cls].word);
				dst = &best[cls];
			} else if (i > 0 && extra != NULL && *nextra < max_extra) {
				dst = &extra[(*nextra)++];
			}
			if (dst == NULL) {
				free(f.m[cls][i].word);
				continue;
			}
			*dst = f.m[cls][i];
		}
	return !oom;
}
