/* Proven-shortest answers on the torus: IDA* under the walking-distance
 * bound (optimal.h, docs/torus-optimal.md), and the breadth-first search
 * over every position of a small board that the tests and the distance
 * bench check it against. */
#include "solvers/torus/optimal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The walking-distance reductions. ----
 *
 * A reduction of `lines` lines of `len` tiles each, for the moves that
 * carry tiles across lines: for the column moves of an m x n board, the
 * lines are its m rows (len n), and a tile's type is its home row; for
 * the row moves, the lines are its n columns (len m) and a type is a
 * home column. A state is how many tiles of each type each line holds
 * (the order inside a line is free: the other axis's moves reorder it at
 * no cost), a lines x lines matrix whose rows and columns all sum to
 * len; solved is len on the diagonal. A move shifts by k: one tile of
 * any type it holds leaves each line r for line r + k. A state's key is
 * its matrix read as the digits of a number in base len + 1: a sum of
 * one weight a tile, so that the search updates it as tiles move, a
 * tile at a time. */

#define WD_EMPTY UINT64_MAX
#define WD_MAX_LINES TORUS_OPTIMAL_MAX_SIDE

struct wd_table {
	int lines, len, metric;
	/* Tiles are told apart by class: a tile at home in line h has
	 * class cls[h], of `types`. The full reduction has a class per
	 * line; the grouped one (the 5x5's) three: its own line, the next
	 * two, the two after (cls 0 1 1 2 2). */
	int types;
	uint8_t cls[WD_MAX_LINES];
	bool offered;
	char why[160];              /* when not offered */
	/* weight[line][type] = (len + 1)^(line * types + type): a tile
	 * of class type in line adds it to the key. */
	uint64_t weight[WD_MAX_LINES][WD_MAX_LINES];
	uint64_t *keys;             /* open addressing; UINT64_MAX empty */
	uint8_t *dist;
	size_t cap, count;
	int max;                    /* the largest distance */
};


static size_t
wd_slot(const struct wd_table *t, uint64_t key)
{
	size_t i = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (t->cap - 1);

	while (t->keys[i] != WD_EMPTY && t->keys[i] != key)
		i = (i + 1) & (t->cap - 1);
	return i;
}

static bool
wd_grow(struct wd_table *t)
{
	size_t old_cap = t->cap, i;
	uint64_t *old_keys = t->keys;
	uint8_t *old_dist = t->dist;

	t->cap = old_cap ? old_cap * 2 : 1 << 12;
	t->keys = malloc(t->cap * sizeof *t->keys);
	t->dist = malloc(t->cap);
	if (t->keys == NULL || t->dist == NULL) {
		free(t->keys);
		free(t->dist);
		t->keys = old_keys;
		t->dist = old_dist;
		t->cap = old_cap;
		return false;
	}
	memset(t->keys, 0xff, t->cap * sizeof *t->keys);
	for (i = 0; i < old_cap; i++) {
		if (old_keys[i] != WD_EMPTY) {
			size_t s = wd_slot(t, old_keys[i]);

			t->keys[s] = old_keys[i];
			t->dist[s] = old_dist[i];
		}
	}
	free(old_keys);
	free(old_dist);
	return true;
}

static uint64_t
wd_key(const struct wd_table *t, const uint8_t *counts)
{
	uint64_t key = 0;

	for (int r = 0; r < t->lines; r++)
		for (int type = 0; type < t->types; type++)
			key += counts[r * t->types + type] * t->weight[r][type];
	return key;
}

static void
wd_decode(const struct wd_table *t, uint64_t key, uint8_t *counts)
{
	for (int i = 0; i < t->lines * t->types; i++) {
		counts[i] = (uint8_t)(key % (uint64_t)(t->len + 1));
		key /= (uint64_t)(t->len + 1);
	}
}

struct wd_build {
	struct wd_table *t;
	uint64_t *next;
	size_t next_len, next_cap;
	int d;
	bool failed;                /* out of memory or over the cap */
	uint8_t counts[WD_MAX_LINES * WD_MAX_LINES];
	uint64_t key;               /* of counts */
};

static void
wd_visit(struct wd_build *b, uint64_t key)
{
	struct wd_table *t = b->t;
	size_t s;

	if ((t->count + 1) * 2 > t->cap && !wd_grow(t)) {
		b->failed = true;
		return;
	}
	s = wd_slot(t, key);
	if (t->keys[s] != WD_EMPTY)
		return;
	if (t->count >= TORUS_WD_MAX_STATES) {
		snprintf(t->why, sizeof t->why, "its walking-distance reduction has more than %d states",
		    TORUS_WD_MAX_STATES);
		b->failed = true;
		return;
	}
	t->keys[s] = key;
	t->dist[s] = (uint8_t)(b->d + 1);
	t->count++;
	if (b->next_len == b->next_cap) {
		size_t cap = b->next_cap ? b->next_cap * 2 : 1024;
		uint64_t *grown = realloc(b->next, cap * sizeof *grown);

		if (grown == NULL) {
			b->failed = true;
			return;
		}
		b->next = grown;
		b->next_cap = cap;
	}
	b->next[b->next_len++] = key;
}

/* Every choice of one tile type from each line r.., the key's change
 * for each shift k summed in delta[k] on the way down; at the end,
 * every shift's neighbour of b->key. */
static void
wd_expand(struct wd_build *b, int r, const uint64_t *delta)
{
	struct wd_table *t = b->t;
	int L = t->lines;
	uint64_t sum[WD_MAX_LINES];

	if (b->failed)
		return;
	if (r == L) {
		for (int k = 1; k < L; k++)
			if (t->metric != TORUS_PUSH || k == 1 || k == L - 1)
				wd_visit(b, b->key + delta[k]);
		return;
	}
	for (int type = 0; type < t->types; type++) {
		if (b->counts[r * t->types + type] == 0)
			continue;
		/* Unsigned wrap-around makes the sum of the changes exact. */
		for (int k = 1; k < L; k++)
			sum[k] = delta[k] + t->weight[(r + k) % L][type] - t->weight[r][type];
		wd_expand(b, r + 1, sum);
	}
}

/* Builds t (lines, len, metric set) by breadth-first search from solved;
 * t->offered false with t->why when it is too large. */
static void
wd_build(struct wd_table *t)
{
	struct wd_build b = {.t = t};
	uint64_t *level = NULL, w = 1;
	size_t level_len = 0, i;
	int L = t->lines, a, k;

	/* Keys must fit 64 bits: (len + 1)^(lines * types) does on every
	 * board offered (3^36 on the 2x6, the largest). */
	for (a = 0; a < L; a++) {
		for (k = 0; k < t->types; k++) {
			t->weight[a][k] = w;
			if (w > UINT64_MAX / (uint64_t)(t->len + 1)) {
				snprintf(t->why, sizeof t->why,
				    "its walking-distance reduction is too large to index");
				return;
			}
			w *= (uint64_t)(t->len + 1);
		}
	}
	if (!wd_grow(t)) {
		snprintf(t->why, sizeof t->why, "out of memory");
		return;
	}
	memset(b.counts, 0, sizeof b.counts);
	for (a = 0; a < L; a++)
		b.counts[a * t->types + t->cls[a]] = (uint8_t)t->len;
	b.d = -1;
	wd_visit(&b, wd_key(t, b.counts));
	while (!b.failed && b.next_len > 0) {
		free(level);
		level = b.next;
		level_len = b.next_len;
		b.next = NULL;
		b.next_len = b.next_cap = 0;
		b.d++;
		t->max = b.d;
		for (i = 0; i < level_len && !b.failed; i++) {
			uint64_t zero[WD_MAX_LINES] = {0};

			b.key = level[i];
			wd_decode(t, level[i], b.counts);
			wd_expand(&b, 0, zero);
		}
	}
	free(level);
	free(b.next);
	if (b.failed) {
		if (t->why[0] == '\0')
			snprintf(t->why, sizeof t->why, "out of memory");
		return;
	}
	t->offered = true;
}

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static struct wd_table *wd_tables[64];

/* The reduction (lines, len) in metric, full or grouped, built on first
 * use and kept for the process; NULL when out of memory. */
static const struct wd_table *
wd_get(int lines, int len, int metric, bool grouped)
{
	struct wd_table *t = NULL;
	int i;

	pthread_mutex_lock(&wd_lock);
	for (i = 0; i < 64 && wd_tables[i] != NULL; i++) {
		if (wd_tables[i]->lines == lines && wd_tables[i]->len == len &&
		    wd_tables[i]->metric == metric && (wd_tables[i]->types < lines) == grouped) {
			t = wd_tables[i];
			break;
		}
	}
	if (t == NULL && (t = calloc(1, sizeof *t)) != NULL) {
		t->lines = lines;
		t->len = len;
		t->metric = metric;
		t->types = grouped ? 3 : lines;
		if (lines > WD_MAX_LINES) {
			snprintf(t->why, sizeof t->why, "its %d lines are more than a reduction holds",
			    lines);
		} else {
			for (int h = 0; h < lines && h < WD_MAX_LINES; h++)
				t->cls[h] = (uint8_t)(!grouped ? h : h == 0 ? 0 : h <= 2 ? 1 : 2);
			wd_build(t);
		}
		if (!t->offered) {
			/* Only the verdict is kept. */
			free(t->keys);
			free(t->dist);
			t->keys = NULL;
			t->dist = NULL;
		}
		if (i < 64)
			wd_tables[i] = t;
	}
	pthread_mutex_unlock(&wd_lock);
	return t;
}

static int
wd_lookup(const struct wd_table *t, uint64_t key)
{
	size_t s = wd_slot(t, key);

	return t->keys[s] == WD_EMPTY ? -1 : t->dist[s];
}

bool
torus_optimal_offered(int m, int n, int metric, struct tw_error *err)
{
	if (m < TORUS_MIN_SIDE || n < TORUS_MIN_SIDE || m > TORUS_MAX_SIDE || n > TORUS_MAX_SIDE) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "a %dx%d board is not a torus board", m, n);
		return false;
	}
	if ((m * n > TORUS_OPTIMAL_MAX_CELLS || m > TORUS_OPTIMAL_MAX_SIDE ||
	    n > TORUS_OPTIMAL_MAX_SIDE) && !(m == 5 && n == 5)) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "no proven shortest answers on a %dx%d torus: they are offered on boards of at "
		    "most %d cells and %d a side (2x2 to 2x6, 3x3 to 3x5, 4x4) and on the 5x5, "
		    "where the search's bound reaches", m, n, TORUS_OPTIMAL_MAX_CELLS,
		    TORUS_OPTIMAL_MAX_SIDE);
		return false;
	}
	(void)metric;
	return true;
}

/* The board's two reductions, built on first use; false with err when
 * they cannot be (out of memory; over TORUS_WD_MAX_STATES, which the
 * offered boards stay far below). */
static bool
reductions(int m, int n, int metric, const struct wd_table **v, const struct wd_table **h,
    struct tw_error *err)
{
	bool grouped = m == 5 && n == 5;

	*v = wd_get(m, n, metric, grouped);
	*h = *v != NULL && (*v)->offered ? wd_get(n, m, metric, grouped) : NULL;
	if (*v == NULL || ((*v)->offered && *h == NULL)) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	if (!(*v)->offered || !(*h)->offered) {
		tw_error_set(err, "no proven shortest answers on a %dx%d torus: %s", m, n,
		    !(*v)->offered ? (*v)->why : (*h)->why);
		return false;
	}
	return true;
}

/* ---- The search. ---- */

struct search {
	int m, n, metric;
	const struct wd_table *v, *h;
	uint8_t board[TORUS_MAX_SIDE * TORUS_MAX_SIDE]; /* tile index 0..mn-1 a cell */
	int parity;                 /* of the board's permutation */
	/* A grouped reduction is read in every rotation of the lines (the
	 * lines renumbered from each line in turn), and the largest bound
	 * kept; a full one in one. The keys of each rotation (keys_of),
	 * and the weight a tile at home in line `home` adds in `line`
	 * (wv for the column moves' reduction, wh for the row moves'). */
	int rotations;
	uint64_t kv[WD_MAX_LINES], kh[WD_MAX_LINES];
	uint64_t wv[WD_MAX_LINES][WD_MAX_LINES][WD_MAX_LINES];
	uint64_t wh[WD_MAX_LINES][WD_MAX_LINES][WD_MAX_LINES];
	/* The path: line (rows 0..m-1, columns m..m+n-1) and amount (east
	 * or south, 1..len-1) of each move. */
	int line[256], amount[256], depth;
	long long nodes, budget;
	atomic_bool *cancel;
	atomic_int *progress;
	bool out_of_work, cancelled;
	int next_bound;
};

/* The weights of each rotation, then the keys of the board from
 * scratch: kv for the column moves (rows as lines, home rows as
 * classes), kh for the row moves. */
static void
keys_of(struct search *s)
{
	int m = s->m, n = s->n;

	for (int rho = 0; rho < s->rotations; rho++) {
		for (int line = 0; line < m; line++)
			for (int home = 0; home < m; home++)
				s->wv[rho][line][home] = s->v->weight[(line - rho + m) % m]
				    [s->v->cls[(home - rho + m) % m]];
		for (int line = 0; line < n; line++)
			for (int home = 0; home < n; home++)
				s->wh[rho][line][home] = s->h->weight[(line - rho + n) % n]
				    [s->h->cls[(home - rho + n) % n]];
		s->kv[rho] = s->kh[rho] = 0;
		for (int r = 0; r < m; r++) {
			for (int c = 0; c < n; c++) {
				int t = s->board[r * n + c];

				s->kv[rho] += s->wv[rho][r][t / n];
				s->kh[rho] += s->wh[rho][c][t % n];
			}
		}
	}
}

/* The fewest moves of one axis by its reduction t: the largest over
 * the rotations' keys. */
static int
axis_bound(const struct wd_table *t, const uint64_t *keys, int rotations)
{
	int best = 0;

	for (int rho = 0; rho < rotations; rho++) {
		int d = wd_lookup(t, keys[rho]);

		best = d > best ? d : best;
	}
	return best;
}

/* The fewest column moves and row moves by the reductions. */
static int
bound_columns(const struct search *s)
{
	return axis_bound(s->v, s->kv, s->rotations);
}

static int
bound_rows(const struct search *s)
{
	return axis_bound(s->h, s->kh, s->rotations);
}

/* The bound from the two parts, raised to the parity where every push
 * of an axis is an odd permutation. */
static int
bound_of(const struct search *s, int hv, int hh)
{
	bool row_odd = s->n % 2 == 0, col_odd = s->m % 2 == 0;

	if (s->metric != TORUS_PUSH)
		return hv + hh;
	if (row_odd && col_odd)
		return hv + hh + ((hv + hh + s->parity) & 1);
	if (col_odd)
		hv += (hv + s->parity) & 1;
	else if (row_odd)
		hh += (hh + s->parity) & 1;
	return hv + hh;
}

/* Shifts a line (rows 0..m-1, then columns) east or south by k,
 * updating the parity and the reductions' keys: a row shift moves its
 * tiles between columns (kh), a column shift between rows (kv). */
static void
shift(struct search *s, int line, int k)
{
	uint8_t tmp[TORUS_MAX_SIDE];
	int m = s->m, n = s->n, i;

	if (line < m) {
		uint8_t *row = s->board + line * n;

		for (i = 0; i < n; i++) {
			int to = (i + k) % n, home = row[i] % n;

			tmp[to] = row[i];
			for (int rho = 0; rho < s->rotations; rho++)
				s->kh[rho] += s->wh[rho][to][home] - s->wh[rho][i][home];
		}
		memcpy(row, tmp, (size_t)n);
		s->parity ^= (k * (n - 1)) & 1;
	} else {
		int c = line - m;

		for (i = 0; i < m; i++) {
			int to = (i + k) % m, home = s->board[i * n + c] / n;

			tmp[to] = s->board[i * n + c];
			for (int rho = 0; rho < s->rotations; rho++)
				s->kv[rho] += s->wv[rho][to][home] - s->wv[rho][i][home];
		}
		for (i = 0; i < m; i++)
			s->board[i * n + c] = tmp[i];
		s->parity ^= (k * (m - 1)) & 1;
	}
}

/* Depth-first search under bound from a node g moves from the start,
 * with the reductions' bounds hv, hh; true when solved within it. */
static bool
dfs(struct search *s, int g, int bound, int hv, int hh)
{
	int f = g + bound_of(s, hv, hh), last = s->depth > 0 ? s->line[s->depth - 1] : -1;

	if (f > bound) {
		if (f < s->next_bound)
			s->next_bound = f;
		return false;
	}
	if (hv == 0 && hh == 0)
		return true;    /* every tile in its home row and column */
	if (++s->nodes >= s->budget) {
		s->out_of_work = true;
		return false;
	}
	if ((s->nodes & 0xffff) == 0) {
		if (s->cancel != NULL && atomic_load(s->cancel)) {
			s->cancelled = true;
			return false;
		}
		if (s->progress != NULL)
			atomic_store(s->progress, (int)(s->nodes * 1000 / s->budget));
	}
	if (s->depth >= (int)(sizeof s->line / sizeof s->line[0]))
		return false;
	for (int line = 0; line < s->m + s->n; line++) {
		bool is_row = line < s->m;
		int len = is_row ? s->n : s->m;

		/* One line is never shifted twice running, and lines of one
		 * axis commute: they go in increasing order. */
		if (line == last || (last >= 0 && (last < s->m) == is_row && line < last))
			continue;
		for (int k = 1; k < len; k++) {
			int cost = s->metric == TORUS_PUSH ? (k <= len - k ? k : len - k) : 1;
			bool found;

			shift(s, line, k);
			s->line[s->depth] = line;
			s->amount[s->depth] = k;
			s->depth++;
			found = dfs(s, g + cost, bound, is_row ? hv : bound_columns(s),
			    is_row ? bound_rows(s) : hh);
			if (found)
				return true;
			s->depth--;
			shift(s, line, len - k);
			if (s->out_of_work || s->cancelled)
				return false;
		}
	}
	return false;
}

static struct search *
search_new(const struct torus_state *state, int metric, struct tw_error *err)
{
	struct search *s;
	int i, cells = state->rows * state->cols;

	const struct wd_table *v, *h;

	if (!torus_optimal_offered(state->rows, state->cols, metric, err) ||
	    !reductions(state->rows, state->cols, metric, &v, &h, err))
		return NULL;
	s = tw_calloc(1, sizeof *s, err);
	if (s == NULL)
		return NULL;
	s->m = state->rows;
	s->n = state->cols;
	s->metric = metric;
	s->v = v;
	s->h = h;
	for (i = 0; i < cells; i++)
		s->board[i] = (uint8_t)(state->tile[i] - 1);
	s->parity = torus_parity(state);
	s->rotations = v->types < v->lines ? s->m : 1;
	keys_of(s);
	return s;
}

int
torus_optimal_bound(const struct torus_state *state, int metric)
{
	struct search *s = search_new(state, metric, NULL);
	int b;

	if (s == NULL)
		return -1;
	b = bound_of(s, bound_columns(s), bound_rows(s));
	free(s);
	return b;
}

static char *
format_move(const struct search *s, int line, int k, struct tw_error *err)
{
	struct torus_params p = {.rows = s->m, .cols = s->n};
	bool row = line < s->m;
	char buf[16];

	torus_shift_format(&p, row, row ? line + 1 : line - s->m + 1, k, buf, sizeof buf);
	return tw_strdup(buf, err);
}

bool
torus_solve_optimal(const struct torus_params *params, const struct torus_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	struct search *s;
	int bound, hv, hh;
	bool ok = false;

	if (state->rows != params->rows || state->cols != params->cols) {
		tw_error_set(err, "state is %dx%d, params say %dx%d", state->rows, state->cols,
		    params->rows, params->cols);
		return false;
	}
	if (!torus_state_solvable(params, state, err))
		return false;
	if ((s = search_new(state, req->metric, err)) == NULL)
		return false;
	s->budget = TORUS_OPTIMAL_NODES;
	s->cancel = req->cancel;
	s->progress = req->progress;
	hv = bound_columns(s);
	hh = bound_rows(s);
	bound = bound_of(s, hv, hh);
	for (;;) {
		if (req->max_length > 0 && bound > req->max_length) {
			if (req->none_within_max != NULL)
				*req->none_within_max = true;
			tw_error_set_kind(err, TW_ERROR_NO_SOLUTION,
			    "no answer of at most %d moves (%s) exists", req->max_length,
			    torus_metrics[req->metric]);
			goto done;
		}
		s->next_bound = INT_MAX;
		s->depth = 0;
		if (req->cancel != NULL && atomic_load(req->cancel))
			s->cancelled = true;
		else if (dfs(s, 0, bound, hv, hh))
			break;
		if (s->cancelled) {
			tw_error_cancelled(err);
			goto done;
		}
		if (s->out_of_work) {
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK,
			    "no proven shortest answer within the search's work (%lld nodes): "
			    "this %dx%d position is too far from solved to prove one "
			    "(every answer has more than %d moves)",
			    (long long)TORUS_OPTIMAL_NODES, s->m, s->n, bound - 1);
			goto done;
		}
		bound = s->next_bound;
	}
	for (int i = 0; i < s->depth; i++)
		if (!movelist_push_owned(out, format_move(s, s->line[i], s->amount[i], err), err))
			goto done;
	if (req->progress != NULL)
		atomic_store(req->progress, 1000);
	ok = true;
done:
	free(s);
	return ok;
}

/* ---- Every position of a small board. ---- */

/* Set bits of every 12-bit mask, for the Lehmer code. */
static uint8_t popcount12[1 << 12];
static pthread_once_t popcount12_once = PTHREAD_ONCE_INIT;

static void
popcount12_fill(void)
{
	for (int i = 1; i < 1 << 12; i++)
		popcount12[i] = (uint8_t)(popcount12[i >> 1] + (i & 1));
}

static uint32_t
perm_rank(const uint8_t *p, int cells)
{
	uint32_t rank = 0, unused = (1u << cells) - 1;

	for (int i = 0; i < cells; i++) {
		rank = rank * (uint32_t)(cells - i) + popcount12[unused & ((1u << p[i]) - 1)];
		unused &= ~(1u << p[i]);
	}
	return rank;
}

static void
perm_unrank(uint32_t rank, int cells, const uint32_t *fact, uint8_t *p)
{
	uint8_t left[16];
	int i, j;

	for (i = 0; i < cells; i++)
		left[i] = (uint8_t)i;
	for (i = 0; i < cells; i++) {
		uint32_t f = fact[cells - 1 - i], q = rank / f;

		rank %= f;
		p[i] = left[q];
		for (j = (int)q; j < cells - 1 - i; j++)
			left[j] = left[j + 1];
	}
}

uint32_t
torus_position_rank(const struct torus_state *state)
{
	uint8_t p[16];
	int cells = state->rows * state->cols;

	pthread_once(&popcount12_once, popcount12_fill);
	for (int i = 0; i < cells && i < 16; i++)
		p[i] = (uint8_t)(state->tile[i] - 1);
	return perm_rank(p, cells);
}

int
torus_distances(int m, int n, int metric, long long *counts, int max, uint8_t **dist_out,
    atomic_bool *cancel, struct tw_error *err)
{
	int cells = m * n, d, filled = 0;
	uint32_t fact[13], total, r;
	uint8_t *dist;
	bool more = true;

	if (m < TORUS_MIN_SIDE || n < TORUS_MIN_SIDE || cells > 12) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "every position is searched on boards of at most 12 cells, not %dx%d", m, n);
		return -1;
	}
	pthread_once(&popcount12_once, popcount12_fill);
	fact[0] = 1;
	for (d = 1; d <= 12; d++)
		fact[d] = fact[d - 1] * (uint32_t)d;
	total = fact[cells];
	dist = malloc(total);
	if (dist == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (%u bytes)", total);
		return -1;
	}
	memset(dist, 255, total);
	dist[0] = 0;            /* the identity ranks 0 */
	for (d = 0; more && d < 254; d++) {
		long long here = 0;

		more = false;
		for (r = 0; r < total; r++) {
			uint8_t p[16], q[16];

			if (dist[r] != d)
				continue;
			here++;
			if ((here & 0xfffff) == 0 && cancel != NULL && atomic_load(cancel)) {
				free(dist);
				tw_error_cancelled(err);
				return -1;
			}
			perm_unrank(r, cells, fact, p);
			/* Rows, then columns; the push metric's moves are the
			 * unit shifts, the drag metric's every amount. */
			for (int line = 0; line < m + n; line++) {
				bool is_row = line < m;
				int len = is_row ? n : m;

				for (int k = 1; k < len; k++) {
					uint32_t to;

					if (metric == TORUS_PUSH && k != 1 && k != len - 1)
						continue;
					memcpy(q, p, (size_t)cells);
					for (int i = 0; i < len; i++) {
						if (is_row)
							q[line * n + (i + k) % n] = p[line * n + i];
						else
							q[(i + k) % m * n + line - m] = p[i * n + line - m];
					}
					to = perm_rank(q, cells);
					if (dist[to] == 255) {
						dist[to] = (uint8_t)(d + 1);
						more = true;
					}
				}
			}
		}
		if (d < max)
			counts[d] = here;
		if (here > 0)
			filled = d + 1;
	}
	if (dist_out != NULL)
		*dist_out = dist;
	else
		free(dist);
	return filled < max ? filled : max;
}
