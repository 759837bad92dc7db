/* Proven-shortest answers near solved, any cube size (perimeter.h). */
#include "solvers/cube/perimeter.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/error.h"

/* Single layers: 3 axes x 11 layers x 3 amounts. */
#define MAX_MOVES (3 * CUBE_MAX_N * 3)
/* Longest path the search walks: the forward part plus the descent. */
#define MAX_PATH 128
/* Cancel and the budget are looked at every this many positions. */
#define CHECK_EVERY 65536

struct perimeter_move {
	int axis;                /* 0 U-D, 1 R-L, 2 F-B */
	int order;               /* layer or block on its axis: one order a run */
	int cost;                /* in the search's metric */
	int inverse;             /* index of the inverse move */
	int first, count;        /* its cycles in model.pool: length, then places */
	char name[24];
};

struct model {
	int n, nf;
	int moves;
	struct perimeter_move mv[MAX_MOVES];
	uint16_t pool[MAX_MOVES * (CUBE_MAX_FACELETS + CUBE_MAX_FACELETS / 2)];
	int pool_len;
	uint64_t weight[CUBE_MAX_FACELETS];      /* a facelet's share of a key */
	uint16_t scan[CUBE_MAX_FACELETS];        /* the order colours are ranked in */
};

/* A position being walked: colours 0..5 and, per colour, the sum of the
 * weights of the facelets that show it. */
struct walker {
	uint8_t f[CUBE_MAX_FACELETS];
	uint64_t sum[6];
};

/* Positions within the radius: open addressing on the keys (0 empty). */
struct table {
	uint64_t *key;
	uint8_t *cost;
	size_t mask;
	long count, cap;
	int radius;
};

struct search {
	const struct model *m;
	struct table t;
	const struct cube_perimeter_options *opt;
	long long nodes, budget, next_check;
	int next_bound;
	bool cancelled, out_of_work, full;
	int depth;
	int path[MAX_PATH];
	struct walker w[MAX_PATH + 1];   /* w[i]: the position after path[0..i-1] */
};

static const uint64_t rank_weight[6] = {
	0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL,
	0xd6e8feb86659fd93ULL, 0xff51afd7ed558ccdULL, 0xc4ceb9fe1a85ec53ULL,
};

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
colour_of(char letter)
{
	static const char letters[] = "URFDLB";
	const char *p = strchr(letters, letter);

	return p != NULL && letter != '\0' ? (int)(p - letters) : 0;
}

/* The name of amount a (0: quarter, 1: half, 2: quarter back) of the
 * turn written base. */
static void
name_amount(char *out, size_t size, const char *base, int a)
{
	static const char *const suffix[] = {"", "2", "'"};

	snprintf(out, size, "%s%s", base, suffix[a]);
}

/* The base name of the block of the k layers from the reference face,
 * written from the nearer side (its complement and a whole-cube
 * rotation). */
static void
block_name(int n, int axis, int k, char *out, size_t size)
{
	static const char ref[] = "URF", opp[] = "DLB";
	char face = 2 * k <= n ? ref[axis] : opp[axis];
	int depth = 2 * k <= n ? k : n - k;

	if (depth == 1)
		snprintf(out, size, "%c", face);
	else if (depth == 2)
		snprintf(out, size, "%cw", face);
	else
		snprintf(out, size, "%d%cw", depth, face);
}

/* The move's facelet permutation as cycles in the pool: new[c0] =
 * old[c1], new[c1] = old[c2], ..., new[c_last] = old[c0]. */
static bool
add_cycles(struct model *m, struct perimeter_move *pm, struct tw_error *err)
{
	struct cube_move mv;
	struct cube lo, hi;
	int src[CUBE_MAX_FACELETS];
	bool seen[CUBE_MAX_FACELETS] = {false};

	if (!cube_move_parse(m->n, pm->name, &mv, err))
		return false;
	/* Each facelet's index, low and high byte, carried by the move. */
	lo.n = hi.n = m->n;
	for (int i = 0; i < m->nf; i++) {
		lo.f[i] = (char)(i & 0xff);
		hi.f[i] = (char)(i >> 8);
	}
	lo.f[m->nf] = hi.f[m->nf] = '\0';
	cube_move_do(&lo, &mv);
	cube_move_do(&hi, &mv);
	for (int i = 0; i < m->nf; i++)
		src[i] = (unsigned char)lo.f[i] | (unsigned char)hi.f[i] << 8;
	pm->first = m->pool_len;
	pm->count = 0;
	for (int i = 0; i < m->nf; i++) {
		int at = m->pool_len++, len = 0;

		if (seen[i] || src[i] == i) {
			m->pool_len--;
			continue;
		}
		for (int d = i; !seen[d]; d = src[d]) {
			seen[d] = true;
			m->pool[m->pool_len++] = (uint16_t)d;
			len++;
		}
		m->pool[at] = (uint16_t)len;
		pm->count++;
	}
	return true;
}

static bool
single_layers(enum cube_metric metric)
{
	return metric == CUBE_SQTM || metric == CUBE_STM || metric == CUBE_BTM;
}

bool
cube_perimeter_metric_ok(int n, enum cube_metric metric, struct tw_error *err)
{
	if (n < CUBE_MIN_N || n > CUBE_MAX_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "cube size %d: twirl has cubes from %d to %d",
		    n, CUBE_MIN_N, CUBE_MAX_N);
		return false;
	}
	if (metric == CUBE_BTM && n > 3) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "--optimal on the %dx%dx%d counts sqtm, stm, htm, qtm or obtm, not btm (its inner blocks of several layers have no notation)",
		    n, n, n);
		return false;
	}
	return true;
}

static struct model *
model_new(int n, enum cube_metric metric, struct tw_error *err)
{
	struct model *m = calloc(1, sizeof *m);
	uint64_t seed = 0x747769726c2d7065ULL;   /* fixed: the same keys on every run */
	int nn = n * n;

	if (m == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (%zu bytes)", sizeof *m);
		return NULL;
	}
	m->n = n;
	m->nf = 6 * nn;
	for (int i = 0; i < m->nf; i++)
		m->weight[i] = splitmix(&seed);
	/* The faces interleaved, so that a near-solved cube shows all six
	 * colours within the first few facelets scanned. */
	for (int i = 0; i < nn; i++)
		for (int face = 0; face < 6; face++)
			m->scan[i * 6 + face] = (uint16_t)(face * nn + i);
	for (int axis = 0; axis < 3; axis++) {
		/* A 2x2x2's far layer is the near one and a rotation. */
		int kinds = single_layers(metric) ? (n == 2 ? 1 : n) : n - 1;

		for (int k = 1; k <= kinds; k++) {
			char base[16];
			int group = m->moves;

			if (single_layers(metric))
				cube_layer_name(n, axis, k, base, sizeof base);
			else
				block_name(n, axis, k, base, sizeof base);
			for (int a = 0; a < 3; a++) {
				struct perimeter_move *pm = &m->mv[m->moves++];
				bool half_counts_two = metric == CUBE_SQTM || metric == CUBE_QTM;

				pm->axis = axis;
				pm->order = k;
				pm->cost = a == 1 && half_counts_two ? 2 : 1;
				pm->inverse = group + 2 - a;
				name_amount(pm->name, sizeof pm->name, base, a);
				if (!add_cycles(m, pm, err)) {
					free(m);
					return NULL;
				}
			}
		}
	}
	return m;
}

static void
walker_set(const struct model *m, struct walker *w, const struct cube *c)
{
	memset(w->sum, 0, sizeof w->sum);
	for (int i = 0; i < m->nf; i++) {
		w->f[i] = (uint8_t)colour_of(c->f[i]);
		w->sum[w->f[i]] += m->weight[i];
	}
}

/* child = parent turned by move: read from parent, so no undo is needed
 * (a copy of the few hundred bytes costs less than turning back). */
static void
walker_child(const struct model *m, const struct walker *parent, struct walker *child, int move)
{
	const struct perimeter_move *pm = &m->mv[move];
	const uint16_t *p = &m->pool[pm->first];

	memcpy(child->f, parent->f, (size_t)m->nf);
	memcpy(child->sum, parent->sum, sizeof child->sum);
	for (int c = 0; c < pm->count; c++) {
		int len = *p++;

		for (int j = 0; j < len; j++) {
			int d = p[j];
			uint8_t was = parent->f[d], now = parent->f[p[j + 1 < len ? j + 1 : 0]];

			if (was != now) {
				child->sum[was] -= m->weight[d];
				child->sum[now] += m->weight[d];
				child->f[d] = now;
			}
		}
		p += len;
	}
}

/* The position's key: its colours ranked in scan order, so that any
 * recolouring of it has the same key. Never 0. */
static uint64_t
walker_key(const struct model *m, const struct walker *w)
{
	int rank[6], next = 0;
	unsigned seen = 0;
	uint64_t h = 0;

	for (int i = 0; next < 6 && i < m->nf; i++) {
		int c = w->f[m->scan[i]];

		if (!(seen >> c & 1)) {
			seen |= 1u << c;
			rank[c] = next++;
		}
	}
	for (int c = 0; c < 6; c++)
		if (seen >> c & 1)
			h += rank_weight[rank[c]] * w->sum[c];
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	h ^= h >> 32;
	return h != 0 ? h : 1;
}

static bool
walker_solved(const struct model *m, const struct walker *w)
{
	int nn = m->n * m->n;

	for (int face = 0; face < 6; face++)
		for (int i = 1; i < nn; i++)
			if (w->f[face * nn + i] != w->f[face * nn])
				return false;
	return true;
}

static bool
table_alloc(struct table *t, size_t slots, struct tw_error *err)
{
	t->key = calloc(slots, sizeof *t->key);
	t->cost = malloc(slots);
	if (t->key == NULL || t->cost == NULL) {
		free(t->key);
		free(t->cost);
		t->key = NULL;
		t->cost = NULL;
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (%zu bytes)", slots * 9);
		return false;
	}
	t->mask = slots - 1;
	return true;
}

/* An empty table that grows as it fills, to at most cap positions. */
static bool
table_init(struct table *t, long cap, struct tw_error *err)
{
	t->count = 0;
	t->cap = cap;
	t->radius = -1;
	return table_alloc(t, 4096, err);
}

/* Twice the slots, every entry moved over; false when out of memory
 * (the table then as it was). */
static bool
table_grow(struct table *t)
{
	struct table bigger = *t;

	if (!table_alloc(&bigger, (t->mask + 1) * 2, NULL))
		return false;
	for (size_t i = 0; i <= t->mask; i++) {
		size_t j;

		if (t->key[i] == 0)
			continue;
		for (j = t->key[i] & bigger.mask; bigger.key[j] != 0; j = (j + 1) & bigger.mask)
			;
		bigger.key[j] = t->key[i];
		bigger.cost[j] = t->cost[i];
	}
	free(t->key);
	free(t->cost);
	*t = bigger;
	return true;
}

static void
table_free(struct table *t)
{
	free(t->key);
	free(t->cost);
	t->key = NULL;
	t->cost = NULL;
}

/* The entry of key: its distance, or -1 when absent or beyond the radius
 * (an unfinished pass's entries). */
static int
table_get(const struct table *t, uint64_t key)
{
	for (size_t i = key & t->mask;; i = (i + 1) & t->mask) {
		if (t->key[i] == key)
			return t->cost[i] <= t->radius ? t->cost[i] : -1;
		if (t->key[i] == 0)
			return -1;
	}
}

/* Records key at cost unless it is there at most as far; false when the
 * table is full (cap positions, or no memory to grow). */
static bool
table_put(struct table *t, uint64_t key, int cost)
{
	size_t i;

	for (i = key & t->mask; t->key[i] != 0; i = (i + 1) & t->mask)
		if (t->key[i] == key) {
			if (cost < t->cost[i])
				t->cost[i] = (uint8_t)cost;
			return true;
		}
	if (t->count >= t->cap)
		return false;
	if ((size_t)t->count * 2 >= t->mask) {
		/* Below half full, so that probes stay short. */
		if (!table_grow(t))
			return false;
		for (i = key & t->mask; t->key[i] != 0; i = (i + 1) & t->mask)
			;
	}
	t->key[i] = key;
	t->cost[i] = (uint8_t)cost;
	t->count++;
	return true;
}

/* Cancel and the budget, every CHECK_EVERY positions; false to stop. */
static bool
keep_going(struct search *s)
{
	if (++s->nodes < s->next_check)
		return !s->cancelled && !s->out_of_work;
	s->next_check = s->nodes + CHECK_EVERY;
	if (s->opt->cancel != NULL && atomic_load(s->opt->cancel))
		s->cancelled = true;
	if (s->nodes > s->budget)
		s->out_of_work = true;
	if (s->opt->progress != NULL) {
		long long done = s->nodes * 1000 / s->budget;

		atomic_store(s->opt->progress, (int)(done < 1000 ? done : 1000));
	}
	return !s->cancelled && !s->out_of_work;
}

/* Whether move may follow last (-1: none): one order for the moves of an
 * axis, and no layer twice in a row (its amounts are moves of their
 * own). */
static bool
may_follow(const struct model *m, int last, int move)
{
	return last < 0 || m->mv[last].axis != m->mv[move].axis ||
	    m->mv[last].order < m->mv[move].order;
}

/* One pass of the table's build: every position within bound of the
 * solved one, each recorded at the least cost it is met at. */
static bool
fill(struct search *s, int level, int g, int bound, int last)
{
	if (!table_put(&s->t, walker_key(s->m, &s->w[level]), g)) {
		s->full = true;
		return false;
	}
	if (!keep_going(s))
		return false;
	for (int k = 0; k < s->m->moves; k++) {
		bool ok;

		if (g + s->m->mv[k].cost > bound || !may_follow(s->m, last, k))
			continue;
		walker_child(s->m, &s->w[level], &s->w[level + 1], k);
		ok = fill(s, level + 1, g + s->m->mv[k].cost, bound, k);
		if (!ok)
			return false;
	}
	return true;
}

/* Grows the table pass by pass until the next pass would overflow it or
 * the start position (key start) is in it. */
static bool
build_table(struct search *s, const struct cube *solved, uint64_t start)
{
	long before = 0;

	for (int r = 0; r < 255; r++) {
		long count = s->t.count;

		if (r >= 2 && before > 0 && (double)count * count / before > (double)s->t.cap)
			break;
		walker_set(s->m, &s->w[0], solved);
		if (!fill(s, 0, 0, r, -1)) {
			if (s->full) {
				s->full = false;
				return true;
			}
			return false;
		}
		s->t.radius = r;
		before = count;
		if (table_get(&s->t, start) >= 0)
			break;
	}
	return true;
}

/* From the position at the path's end, inside the table at distance h:
 * the table's moves down to solved, appended to the path. False (the
 * path as it was) when the entry was another position's key. */
static bool
descend(struct search *s, int h)
{
	int start = s->depth;

	while (h > 0 && s->depth < MAX_PATH) {
		int k;

		for (k = 0; k < s->m->moves; k++) {
			walker_child(s->m, &s->w[s->depth], &s->w[s->depth + 1], k);
			if (table_get(&s->t, walker_key(s->m, &s->w[s->depth + 1])) ==
			    h - s->m->mv[k].cost)
				break;
		}
		if (k == s->m->moves)
			break;
		s->path[s->depth++] = k;
		h -= s->m->mv[k].cost;
	}
	if (h == 0 && walker_solved(s->m, &s->w[s->depth]))
		return true;
	s->depth = start;
	return false;
}

/* IDA* under the table's bound: true with the path of an answer of cost
 * at most bound. */
static bool
forward(struct search *s, int g, int bound, int last)
{
	int h;

	if (!keep_going(s))
		return false;
	h = table_get(&s->t, walker_key(s->m, &s->w[s->depth]));
	if (h < 0)
		h = s->t.radius + 1;
	if (g + h > bound) {
		if (g + h < s->next_bound)
			s->next_bound = g + h;
		return false;
	}
	if (h <= s->t.radius && descend(s, h))
		return true;
	if (s->depth >= MAX_PATH - 1)
		return false;
	for (int k = 0; k < s->m->moves; k++) {
		bool found;

		if (!may_follow(s->m, last, k))
			continue;
		walker_child(s->m, &s->w[s->depth], &s->w[s->depth + 1], k);
		s->path[s->depth++] = k;
		found = forward(s, g + s->m->mv[k].cost, bound, k);
		if (found)
			return true;
		s->depth--;
		if (s->cancelled || s->out_of_work)
			return false;
	}
	return false;
}

static void
say(const struct cube_perimeter_options *opt, const char *phase)
{
	if (opt->phase != NULL)
		atomic_store(opt->phase, phase);
}

/* The model and the table for c, the table grown towards c. */
static bool
search_start(struct search *s, const struct cube *c, const struct cube_perimeter_options *opt,
    struct tw_error *err)
{
	struct cube solved;
	struct walker start;

	memset(s, 0, sizeof *s);
	s->opt = opt;
	s->budget = opt->nodes > 0 ? opt->nodes : CUBE_PERIMETER_NODES;
	s->next_check = CHECK_EVERY;
	if (!cube_perimeter_metric_ok(c->n, opt->metric, err))
		return false;
	if ((s->m = model_new(c->n, opt->metric, err)) == NULL)
		return false;
	if (!table_init(&s->t, opt->table_states > 0 ? opt->table_states :
	    CUBE_PERIMETER_TABLE_STATES, err))
		return false;
	say(opt, "perimeter table");
	cube_solved(&solved, c->n);
	walker_set(s->m, &start, c);
	if (!build_table(s, &solved, walker_key(s->m, &start))) {
		if (s->cancelled)
			tw_error_cancelled(err);
		else
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK,
			    "the perimeter table took the search's whole work (%lld positions)",
			    (long long)s->budget);
		return false;
	}
	s->w[0] = start;
	return true;
}

static void
search_end(struct search *s)
{
	table_free(&s->t);
	free((void *)s->m);
}

int
cube_perimeter_lower_bound(const struct cube *c, const struct cube_perimeter_options *opt,
    struct tw_error *err)
{
	struct search *s = malloc(sizeof *s);
	int h;

	if (s == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return -1;
	}
	if (!search_start(s, c, opt, err)) {
		search_end(s);
		free(s);
		return -1;
	}
	h = table_get(&s->t, walker_key(s->m, &s->w[0]));
	if (h < 0)
		h = s->t.radius + 1;
	else if (h == 0 && !walker_solved(s->m, &s->w[0]))
		h = 1;
	search_end(s);
	free(s);
	return h;
}

bool
cube_perimeter_solve(const struct cube *c, const struct cube_perimeter_options *opt,
    struct movelist *out, struct cube_perimeter_stats *stats, struct tw_error *err)
{
	struct search *s = malloc(sizeof *s);
	const char *metric = cube_metrics[opt->metric];
	bool ok = false;
	int bound;
	long long before = 0, last, previous = 0;
	int proven = 0;

	if (s == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	if (!search_start(s, c, opt, err))
		goto done;
	bound = table_get(&s->t, walker_key(s->m, &s->w[0]));
	if (bound < 0)
		bound = s->t.radius + 1;
	if (stats != NULL) {
		stats->radius = s->t.radius;
		stats->table_states = s->t.count;
		stats->lower_bound = bound;
	}
	s->nodes = 0;
	s->next_check = CHECK_EVERY;
	say(opt, "searching");
	for (;;) {
		if (opt->max_length > 0 && bound > opt->max_length) {
			if (stats != NULL)
				stats->none_within_max = true;
			tw_error_set_kind(err, TW_ERROR_NO_SOLUTION,
			    "no answer of at most %d moves (%s) exists", opt->max_length, metric);
			goto done;
		}
		s->next_bound = INT32_MAX;
		s->depth = 0;
		if (forward(s, 0, bound, -1))
			break;
		if (s->cancelled) {
			tw_error_cancelled(err);
			goto done;
		}
		if (s->out_of_work) {
			proven = bound - 1;
			break;
		}
		if (s->next_bound == INT32_MAX) {
			/* Nothing left to search: not a position of this cube. */
			tw_error_set_kind(err, TW_ERROR_NO_SOLUTION, "this cube cannot be solved");
			goto done;
		}
		/* Each bound costs about growth times the last: a bound that
		 * would take more than the work left is not begun, so that a
		 * position far from solved is refused without spending the
		 * budget on a search that could not end within it. */
		last = s->nodes - before;
		before = s->nodes;
		if (previous > 0 && last > 0 &&
		    (double)s->nodes + (double)last * last / previous > (double)s->budget) {
			s->out_of_work = true;
			proven = bound;
			break;
		}
		previous = last;
		bound = s->next_bound;
	}
	if (s->out_of_work) {
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK,
		    "no proven shortest answer within the search's work (%lld positions): "
		    "this %dx%dx%d position is too far from solved to prove one "
		    "(every answer has more than %d moves, %s)",
		    (long long)s->budget, c->n, c->n, c->n, proven, metric);
		goto done;
	}
	ok = true;
	for (int i = 0; ok && i < s->depth; i++) {
		int k = s->path[i];

		/* Two equal quarter turns (where the table's descent meets
		 * the forward path) are written as the half turn they are. */
		if (i + 1 < s->depth && s->path[i + 1] == k && k % 3 != 1) {
			k = k - k % 3 + 1;
			i++;
		}
		ok = movelist_push(out, s->m->mv[k].name, err);
	}
done:
	if (stats != NULL)
		stats->nodes = s->nodes;
	if (opt->progress != NULL && ok)
		atomic_store(opt->progress, 1000);
	search_end(s);
	free(s);
	return ok;
}
