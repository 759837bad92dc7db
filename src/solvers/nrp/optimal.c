/* Optimal NRP solutions for boards of at most 12 cells: IDA* with
 * admissible heuristics from breadth-first tables (see solve.h). */
#include "solvers/nrp/solve.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/perm.h"
#include "solvers/tablecache.h"

#define OPT_MAX NRP_OPTIMAL_MAX_CELLS
#define OPT_MAX_MOVES (3 * 30)  /* 2x6 or 6x2 with k = 2 has 5 blocks; 3x4 has 6 */
#define PDB_TILES 6

struct opt_tables {
	int m, n, k, metric;
	bool orientable;
	int N, nmv;
	uint8_t dest[OPT_MAX_MOVES][OPT_MAX];
	uint8_t block_r[OPT_MAX_MOVES / 3], block_c[OPT_MAX_MOVES / 3];
	/* Distance tables, from the table cache (solvers/tablecache.h): */
	const uint8_t *exact;      /* N <= 10: by perm_rank of the tile array */
	const uint8_t *pdb[2];     /* N = 12: tiles 0..5 and 6..11 */
	const uint8_t *rotations;  /* orientable: by the rotations of the cells, base 4 */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct opt_tables *cache[16];

static int
turns_allowed(int metric, int t)
{
	/* QTM tables step by quarter turns; a half turn is two steps. */
	return metric == NRP_HTM || t != 2;
}

static int
partial_index(const uint8_t *cells, int count, int N)
{
	int idx = 0;

	for (int i = 0; i < count; i++) {
		int below = 0;

		for (int j = 0; j < i; j++)
			if (cells[j] < cells[i])
				below++;
		idx = idx * (N - i) + cells[i] - below;
	}
	return idx;
}

static long
falling(int N, int count)
{
	long r = 1;

	for (int i = 0; i < count; i++)
		r *= N - i;
	return r;
}

/* Breadth-first distances over the arrangements of tiles first..first+5,
 * into d (falling(N, 6) bytes). */
static bool
build_pdb(uint8_t *d, const struct opt_tables *t, int first)
{
	long size = falling(t->N, PDB_TILES), head = 0, tail = 0;
	uint32_t *queue = malloc((size_t)size * sizeof *queue);
	uint8_t cells[PDB_TILES];

	if (queue == NULL)
		return false;
	memset(d, 255, (size_t)size);
	for (int i = 0; i < PDB_TILES; i++)
		cells[i] = (uint8_t)(first + i);
	d[partial_index(cells, PDB_TILES, t->N)] = 0;
	queue[tail++] = 0;
	for (int i = 0; i < PDB_TILES; i++)
		queue[0] |= (uint32_t)cells[i] << (4 * i);
	while (head < tail) {
		uint32_t cur = queue[head++];
		int dc;

		for (int i = 0; i < PDB_TILES; i++)
			cells[i] = (uint8_t)(cur >> (4 * i) & 15);
		dc = d[partial_index(cells, PDB_TILES, t->N)];
		for (int mv = 0; mv < t->nmv; mv++) {
			uint8_t next[PDB_TILES];
			uint32_t packed = 0;
			int idx;

			if (!turns_allowed(t->metric, mv % 3 + 1))
				continue;
			for (int i = 0; i < PDB_TILES; i++) {
				next[i] = t->dest[mv][cells[i]];
				packed |= (uint32_t)next[i] << (4 * i);
			}
			idx = partial_index(next, PDB_TILES, t->N);
			if (d[idx] == 255) {
				d[idx] = (uint8_t)(dc + 1);
				queue[tail++] = packed;
			}
		}
	}
	free(queue);
	return true;
}

/* Exact distances over all arrangements (N <= 10), into d (N! bytes). */
static bool
build_exact(uint8_t *d, const struct opt_tables *t)
{
	long size = falling(t->N, t->N), head = 0, tail = 0;
	uint32_t *queue = malloc((size_t)size * sizeof *queue);
	uint8_t p[OPT_MAX], q[OPT_MAX];

	if (queue == NULL)
		return false;
	memset(d, 255, (size_t)size);
	d[0] = 0;  /* the identity has rank 0 */
	queue[tail++] = 0;
	while (head < tail) {
		uint32_t cur = queue[head++];

		perm_unrank((int)cur, t->N, p);
		for (int mv = 0; mv < t->nmv; mv++) {
			int r;

			if (!turns_allowed(t->metric, mv % 3 + 1))
				continue;
			for (int c = 0; c < t->N; c++)
				q[t->dest[mv][c]] = p[c];
			r = perm_rank(q, t->N);
			if (d[r] == 255) {
				d[r] = (uint8_t)(d[cur] + 1);
				queue[tail++] = (uint32_t)r;
			}
		}
	}
	free(queue);
	return true;
}

/* Distances over the rotations of the cells alone (a move permutes and
 * turns them without looking at which tiles they are), into d (4^N
 * bytes). */
static bool
build_rotations(uint8_t *d, const struct opt_tables *t)
{
	size_t size = (size_t)1 << (2 * t->N), head = 0, tail = 0;
	int bytes = (t->N + 3) / 4;
	uint32_t *queue = malloc(size * sizeof *queue);
	/* A move sends each cell's rotation (2 bits) to its destination cell,
	 * turned if the cell is in the block: per move and per byte of the
	 * state (4 cells), the bits that byte contributes to the next state,
	 * so that a move costs a lookup per 4 cells. */
	uint32_t (*part)[3][256] = malloc((size_t)t->nmv * sizeof *part);

	if (queue == NULL || part == NULL) {
		free(queue);
		free(part);
		return false;
	}
	for (int mv = 0; mv < t->nmv; mv++) {
		int turns = mv % 3 + 1;

		for (int by = 0; by < bytes; by++)
			for (uint32_t v = 0; v < 256; v++) {
				uint32_t out = 0;

				for (int j = 0; j < 4 && 4 * by + j < t->N; j++) {
					int c = 4 * by + j;
					uint32_t r = v >> (2 * j) & 3;

					if (c / t->n >= t->block_r[mv / 3] && c / t->n < t->block_r[mv / 3] + t->k &&
					    c % t->n >= t->block_c[mv / 3] && c % t->n < t->block_c[mv / 3] + t->k)
						r = (r + (uint32_t)turns) & 3;
					out |= r << (2 * t->dest[mv][c]);
				}
				part[mv][by][v] = out;
			}
	}
	memset(d, 255, size);
	d[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		uint32_t cur = queue[head++];

		/* The table is larger than the caches and the reads scatter:
		 * ask for a later state's successors now, so that their misses
		 * overlap with this state's work. */
		if (head + 16 < tail) {
			uint32_t ahead = queue[head + 16];

			for (int mv = 0; mv < t->nmv; mv++) {
				uint32_t next = 0;

				for (int by = 0; by < bytes; by++)
					next |= part[mv][by][ahead >> (8 * by) & 255];
				__builtin_prefetch(&d[next]);
			}
		}
		for (int mv = 0; mv < t->nmv; mv++) {
			uint32_t next = 0;

			if (!turns_allowed(t->metric, mv % 3 + 1))
				continue;
			for (int by = 0; by < bytes; by++)
				next |= part[mv][by][cur >> (8 * by) & 255];
			if (d[next] == 255) {
				d[next] = (uint8_t)(d[cur] + 1);
				queue[tail++] = next;
			}
		}
	}
	free(queue);
	free(part);
	return true;
}

/* The table cache's view of one distance table of a board. */
enum opt_table { OPT_EXACT, OPT_PDB0, OPT_PDB1, OPT_ROTATIONS };
struct opt_build {
	const struct opt_tables *t;
	enum opt_table which;
};

static bool
build_table(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct opt_build *b = ctx;
	bool ok;

	(void)size;
	(void)prog;
	switch (b->which) {
	case OPT_EXACT: ok = build_exact(buf, b->t); break;
	case OPT_PDB0: ok = build_pdb(buf, b->t, 0); break;
	case OPT_PDB1: ok = build_pdb(buf, b->t, PDB_TILES); break;
	default: ok = build_rotations(buf, b->t); break;
	}
	if (!ok)
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
	return ok;
}

/* One distance table of t from the cache, built when missing. */
static const uint8_t *
cached_table(const struct opt_tables *t, enum opt_table which, struct tw_error *err)
{
	static const char *const what[] = {"exact", "pdb0", "pdb1", "rotations"};
	struct opt_build b = {t, which};
	char name[64];
	struct table_spec spec = {name, 1, NULL, 0, build_table, &b, false};

	snprintf(name, sizeof name, "nrp-optimal-%dx%dk%d%s-%s-%s", t->m, t->n, t->k,
	    t->orientable ? "o" : "", t->metric == NRP_HTM ? "htm" : "qtm", what[which]);
	spec.size = which == OPT_EXACT ? (size_t)falling(t->N, t->N) :
	    which == OPT_ROTATIONS ? (size_t)1 << (2 * t->N) : (size_t)falling(t->N, PDB_TILES);
	return table_get(&spec, NULL, err);
}

static void
tables_free(struct opt_tables *t)
{
	free(t);   /* the distance tables belong to the table cache */
}

static struct opt_tables *
tables_get(const struct nrp_params *p, int metric, struct tw_error *err)
{
	struct opt_tables *t = NULL;
	int i;

	pthread_mutex_lock(&cache_lock);
	for (i = 0; i < 16 && cache[i] != NULL; i++) {
		t = cache[i];
		if (t->m == p->rows && t->n == p->cols && t->k == p->k &&
		    t->metric == metric && t->orientable == p->orientable)
			goto out;
	}
	t = calloc(1, sizeof *t);
	if (t == NULL)
		goto oom;
	t->m = p->rows;
	t->n = p->cols;
	t->k = p->k;
	t->metric = metric;
	t->orientable = p->orientable;
	t->N = p->rows * p->cols;
	{
		int bcols = p->cols - p->k + 1, nb = (p->rows - p->k + 1) * bcols;

		t->nmv = 3 * nb;
		for (int b = 0; b < nb; b++) {
			t->block_r[b] = (uint8_t)(b / bcols);
			t->block_c[b] = (uint8_t)(b % bcols);
			for (int turns = 1; turns <= 3; turns++) {
				struct nrp_state s;
				struct nrp_move mv = {b / bcols + 1, b % bcols + 1, turns};

				memset(&s, 0, sizeof s);
				s.rows = p->rows;
				s.cols = p->cols;
				s.k = p->k;
				for (int c = 0; c < t->N; c++)
					s.tile[c] = (uint16_t)c;
				nrp_move_do(&s, &mv);
				for (int c = 0; c < t->N; c++)
					t->dest[3 * b + turns - 1][s.tile[c]] = (uint8_t)c;
			}
		}
	}
	if (t->N <= 10) {
		if ((t->exact = cached_table(t, OPT_EXACT, err)) == NULL)
			goto fail;
	} else {
		if ((t->pdb[0] = cached_table(t, OPT_PDB0, err)) == NULL ||
		    (t->pdb[1] = cached_table(t, OPT_PDB1, err)) == NULL)
			goto fail;
	}
	if (t->orientable && (t->rotations = cached_table(t, OPT_ROTATIONS, err)) == NULL)
		goto fail;
	if (i == 16) {
		tables_free(cache[15]);
		i = 15;
	}
	cache[i] = t;
out:
	pthread_mutex_unlock(&cache_lock);
	return t;
oom:
	tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
fail:
	pthread_mutex_unlock(&cache_lock);
	tables_free(t);
	return NULL;
}

struct ida {
	const struct opt_tables *t;
	uint8_t tile[OPT_MAX], pos[OPT_MAX], rot[OPT_MAX];
	int path[64];
	long nodes;
	atomic_bool *cancel;
	bool stop;
};

static int
heuristic(const struct ida *s)
{
	const struct opt_tables *t = s->t;
	int h;

	if (t->exact != NULL) {
		h = t->exact[perm_rank(s->tile, t->N)];
	} else {
		int h1 = t->pdb[0][partial_index(s->pos, PDB_TILES, t->N)];
		int h2 = t->pdb[1][partial_index(s->pos + PDB_TILES, PDB_TILES, t->N)];

		h = h1 > h2 ? h1 : h2;
	}
	if (t->rotations != NULL) {
		uint32_t idx = 0;
		int hr;

		for (int c = 0; c < t->N; c++)
			idx |= (uint32_t)s->rot[c] << (2 * c);
		hr = t->rotations[idx];
		if (hr > h)
			h = hr;
	}
	return h;
}

static void
apply(struct ida *s, int mv)
{
	const struct opt_tables *t = s->t;
	uint8_t tile[OPT_MAX], rot[OPT_MAX];
	int turns = mv % 3 + 1, b = mv / 3;

	for (int c = 0; c < t->N; c++) {
		int d = t->dest[mv][c];
		bool in = c / t->n >= t->block_r[b] && c / t->n < t->block_r[b] + t->k &&
		    c % t->n >= t->block_c[b] && c % t->n < t->block_c[b] + t->k;

		tile[d] = s->tile[c];
		rot[d] = (uint8_t)((s->rot[c] + (in && t->orientable ? turns : 0)) & 3);
	}
	memcpy(s->tile, tile, (size_t)t->N);
	memcpy(s->rot, rot, (size_t)t->N);
	for (int c = 0; c < t->N; c++)
		s->pos[s->tile[c]] = (uint8_t)c;
}

static bool
overlap(const struct opt_tables *t, int a, int b)
{
	int dr = t->block_r[a] - t->block_r[b], dc = t->block_c[a] - t->block_c[b];

	return dr > -t->k && dr < t->k && dc > -t->k && dc < t->k;
}

/* Depth-first search below bound; returns the path length when solved. */
static int
dfs(struct ida *s, int g, int bound, int depth, int prev_block)
{
	const struct opt_tables *t = s->t;
	int h = heuristic(s);

	if (h == 0) {
		bool solved = true;

		for (int c = 0; c < t->N && solved; c++)
			solved = s->tile[c] == c && s->rot[c] == 0;
		if (solved)
			return depth;
	}
	if (g + h > bound || depth >= 63)
		return -1;
	if (++s->nodes % 4096 == 0 && s->cancel != NULL && atomic_load(s->cancel)) {
		s->stop = true;
		return -1;
	}
	for (int mv = 0; mv < t->nmv; mv++) {
		int b = mv / 3, turns = mv % 3 + 1, cost = t->metric == NRP_QTM && turns == 2 ? 2 : 1, r;

		if (b == prev_block || (prev_block >= 0 && b < prev_block && !overlap(t, b, prev_block)))
			continue;
		apply(s, mv);
		s->path[depth] = mv;
		r = dfs(s, g + cost, bound, depth + 1, b);
		apply(s, mv - mv % 3 + (2 - mv % 3));
		if (r >= 0 || s->stop)
			return r;
	}
	return -1;
}

bool
nrp_optimal_accepts(const struct nrp_params *params, struct tw_error *err)
{
	if (params->rows * params->cols > NRP_OPTIMAL_MAX_CELLS) {
		tw_error_set(err, "the optimal solver handles boards of at most %d cells (3x3, 2xn up to 2x6, 3x4); a %dx%d board has %d: run without --optimal for the constructive solver",
		    NRP_OPTIMAL_MAX_CELLS, params->rows, params->cols, params->rows * params->cols);
		return false;
	}
	/* Orientable boards of 11 or 12 cells with more than two block
	 * positions: the heuristics (6-tile databases and the rotations'
	 * table) are too weak there; nrp:2x6k2o#1 took 69 s. Refused rather
	 * than leaving the user waiting (found by fuzz_solve). */
	if (params->orientable && params->rows * params->cols > 10 &&
	    (params->rows - params->k + 1) * (params->cols - params->k + 1) > 2) {
		tw_error_set(err, "the optimal solver takes orientable boards of more than 10 cells only with two block positions (3x4k3o); a %dx%dk%do board can take minutes: run without --optimal for the constructive solver",
		    params->rows, params->cols, params->k);
		return false;
	}
	return true;
}

bool
nrp_solve_optimal(const struct nrp_params *params, const struct nrp_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	int metric = req->metric;
	atomic_bool *cancel = req->cancel;
	struct opt_tables *t;
	struct ida *s;
	int len = -1;

	if (!nrp_optimal_accepts(params, err))
		return false;
	if (!nrp_state_solvable(params, state, err))
		return false;
	t = tables_get(params, metric == NRP_HTM ? NRP_HTM : NRP_QTM, err);
	if (t == NULL)
		return false;
	s = calloc(1, sizeof *s);
	if (s == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	s->t = t;
	s->cancel = cancel;
	for (int c = 0; c < t->N; c++) {
		s->tile[c] = (uint8_t)(state->tile[c] - 1);
		s->pos[state->tile[c] - 1] = (uint8_t)c;
		s->rot[c] = params->orientable ? state->rot[c] : 0;
	}
	for (int bound = heuristic(s); bound < 200 && len < 0 && !s->stop; bound++)
		len = dfs(s, 0, bound, 0, -1);
	if (len < 0) {
		if (s->stop)
			tw_error_cancelled(err);
		else
			tw_error_set(err, "internal error: no solution found");
		free(s);
		return false;
	}
	for (int i = 0; i < len; i++) {
		struct nrp_move mv = {t->block_r[s->path[i] / 3] + 1, t->block_c[s->path[i] / 3] + 1,
		    s->path[i] % 3 + 1};
		char buf[24];

		nrp_move_format(&mv, buf, sizeof buf);
		if (!movelist_push(out, buf, err)) {
			free(s);
			return false;
		}
	}
	free(s);
	return true;
}

int
nrp_optimal_distribution(const struct nrp_params *params, int metric, long *counts,
    int cap, struct tw_error *err)
{
	struct opt_tables *t;
	long size;
	int god = -1;

	if (params->rows * params->cols > 10 || params->orientable) {
		tw_error_set(err, "exact tables are built for boards of at most 10 cells without orientation");
		return -1;
	}
	t = tables_get(params, metric == NRP_HTM ? NRP_HTM : NRP_QTM, err);
	if (t == NULL)
		return -1;
	for (int d = 0; d < cap; d++)
		counts[d] = 0;
	size = falling(t->N, t->N);
	for (long r = 0; r < size; r++) {
		int d = t->exact[r];

		if (d == 255)
			continue;
		if (d < cap)
			counts[d]++;
		if (d > god)
			god = d;
	}
	return god;
}

bool
nrp_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err)
{
	static const struct nrp_params boards[] = {
		{3, 3, 2, false}, {3, 4, 3, false}, {2, 3, 2, true}, {3, 3, 2, true},
	};
	int n = (int)(sizeof boards / sizeof boards[0]), done = 0;

	for (int i = 0; i < n; i++) {
		for (int metric = NRP_QTM; metric <= NRP_HTM; metric++) {
			if (cancel != NULL && atomic_load(cancel)) {
				tw_error_cancelled(err);
				return false;
			}
			if (tables_get(&boards[i], metric, err) == NULL)
				return false;
			if (progress != NULL)
				atomic_store(progress, 1000 * ++done / (2 * n));
		}
	}
	return true;
}
