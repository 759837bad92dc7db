#include "solvers/cube/optimal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/cube/cubie.h"
#include "solvers/cube/optimal_tables.h"
#include "solvers/cube/symmetry.h"

/* The search: IDA* over the three views of the position and of its
 * inverse, bounded by the tables of optimal_tables.c (BENCHMARKS.md has
 * what each part gives). */
#define MAX_DEPTH 32
#define SPLIT_DEPTH 3                   /* the threads' tasks: the nodes 3 moves deep */
/* The search reads the table through the file's mapping until it has
 * visited this many nodes, then through its huge-page copy
 * (table_get_huge): a position near solved never pays for the copy, and
 * a long search loses nothing measurable (cube:3#1: wall 1.00 of always
 * copying; with 4,000,000 it was 1.9, the mapped reads too many before
 * the switch; docs/table-cache.md, "Huge pages"). */
#define HUGE_AFTER_NODES 200000LL
#define MAX_THREADS 16

/* The corners' own distance, by metric: twist and the U corners'
 * places to twist 0 with the U corners up (153 KB, in the caches). A
 * child it puts out of reach is not looked up in the big table, and
 * each view's bound is the larger of the two (corner_views): the two
 * bits read low where a group's least is low, and the superflip's
 * flip-heavy search runs through such groups (510 M nodes with this
 * table, 773 M without; random states within 1 %, docs/cube-solvers.md). Built
 * at the first solve from the move tables, which every variant's block
 * holds alike. */
static uint8_t corner_near[2][N_TWIST * N_UCORNERS];
static pthread_mutex_t corner_near_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool corner_near_built;

static void
make_corner_near(const struct optimal_fixed *f)
{
	int metric, d, i, k;

	if (atomic_load(&corner_near_built))
		return;
	pthread_mutex_lock(&corner_near_lock);
	if (atomic_load(&corner_near_built)) {
		pthread_mutex_unlock(&corner_near_lock);
		return;
	}

	for (metric = 0; metric < 2; metric++) {
		const int *moves = metric == CUBE3_OPTIMAL_QTM ? optimal_qtm_moves : optimal_htm_moves;
		int nmoves = metric == CUBE3_OPTIMAL_QTM ? 12 : CUBIE_MOVES;
		uint8_t *dist = corner_near[metric];
		bool more = true;

		memset(dist, 0xff, sizeof corner_near[metric]);
		dist[0] = 0;
		for (d = 0; more; d++) {
			more = false;
			for (i = 0; i < N_TWIST * N_UCORNERS; i++) {
				if (dist[i] != d)
					continue;
				for (k = 0; k < nmoves; k++) {
					int m = moves[k], to = f->twist_move[i / N_UCORNERS][m] * N_UCORNERS +
					    f->ucorners_move[i % N_UCORNERS][m];

					if (dist[to] == 0xff) {
						dist[to] = (uint8_t)(d + 1);
						more = true;
					}
				}
			}
		}
	}
	atomic_store(&corner_near_built, true);
	pthread_mutex_unlock(&corner_near_lock);
}

struct search {
	struct optimal_tables t;
	const uint8_t *corner_near;         /* the metric's corner_near */
	const int *moves;
	int nmoves;
	bool qtm;
	uint8_t view_move[3][CUBIE_MOVES];  /* a real move in each view */
	uint8_t move_axis[CUBIE_MOVES];     /* a move's axis: 0 U-D, 1 R-L, 2 F-B */
	uint8_t view_axis[3];               /* the real axis each view's U-D axis is */
	struct cubie start, turn[CUBIE_MOVES];
	/* The inverse of the position at each depth where 3 or more moves
	 * are to go (unset below: nothing reads it there): the dual lookup
	 * reads it, and a child's is one product away (turn^-1 * this). */
	struct cubie inv_at[MAX_DEPTH + 1];
	/* A child's inverse from its parent's (inverse_child): by the move,
	 * what a piece with a twist (flip) becomes, as piece << 2 | twist. */
	uint8_t child_corner[CUBIE_MOVES][8][3], child_edge[CUBIE_MOVES][12][2];
	/* The moves allowed after a move (a bit set over the 18), where no
	 * symmetry is in play and in face turns (allowed_moves). */
	uint32_t after[CUBIE_MOVES];
	uint32_t axis_moves[3];             /* the turns of each axis */
	int path[MAX_DEPTH];
	long long nodes, next_check;
	atomic_bool *cancel;
	atomic_int *progress;
	bool stop;
	/* The symmetries (bit mask over the 48) that keep the start position
	 * and every move of the path so far, at each depth: a move they map
	 * onto a smaller one is not searched, its solutions being that one's
	 * mapped back (the superflip, symmetric under all 48, keeps 2 first
	 * moves of 18, then 5 of 15 after U). Only the identity: bit 0. */
	uint64_t stab[MAX_DEPTH + 1];
	int goal_slice;                     /* the solved cube's, in the table's slice */
	int goal_ucorners;                  /* the solved cube's U corners' places */
	/* Threads (search_parallel): the collecting search records the nodes
	 * at depth split_depth as tasks instead of searching below them (-1:
	 * no split); a worker's search stops when a task before its own has
	 * a solution. */
	int split_depth;
	struct pool *pool;
	int task;                           /* the worker's task, its index */
};

/* The three views' corner distances, in d; returns the largest. Each
 * is a lower bound of its view's distance to the table's goal as the
 * table's entry is, and higher than the two-bit entry where the entry's
 * group reads low: the search takes the larger of the two per view. */
static int
corner_views(const struct search *s, const struct axis a[3], uint8_t d[3])
{
	int b = 0, v;

	for (v = 0; v < 3; v++) {
		d[v] = s->corner_near[a[v].twist * N_UCORNERS + a[v].ucorners];
		b = d[v] > b ? d[v] : b;
	}
	return b;
}

/* A node at the split depth: what a worker needs to search below it as
 * the single-threaded search would. */
struct task {
	struct axis a[3];
	int path[SPLIT_DEPTH];
	uint64_t stab[SPLIT_DEPTH + 1];
	struct cubie inv_at;
	unsigned excluded;
};

/* One IDA* iteration's tasks and their outcome. */
struct pool {
	struct task *tasks;
	int n, cap;
	bool full;                          /* out of memory while collecting */
	int togo;                           /* moves left below a task */
	atomic_int next;                    /* the next task to take */
	atomic_int found;                   /* the first task with a solution, n if none */
	atomic_int done;
	atomic_llong nodes;
	pthread_mutex_t lock;
	int path[MAX_DEPTH];                /* the found task's solution */
};

static bool
allowed(const struct search *s, int m, int depth)
{
	int face = m / 3, last;

	if (s->stab[depth] != 1) {
		uint64_t rest = s->stab[depth] & ~(uint64_t)1;

		for (; rest != 0; rest &= rest - 1)
			if (sym_move(__builtin_ctzll(rest), m) < m)
				return false;
	}
	if (depth == 0)
		return true;
	last = s->path[depth - 1];
	/* Opposite faces commute: only U before D, R before L, F before B;
	 * but not right after a move chosen up to symmetry (the mapped
	 * solution may need either order there). */
	if (face + 3 == last / 3 && s->stab[depth - 1] == 1)
		return false;
	if (face != last / 3)
		return true;
	/* The same face twice: in quarter turns, only as U U for U2 (not
	 * U' U', and never three). */
	return s->qtm && m == last && m % 3 == 0 &&
	    (depth < 2 || s->path[depth - 2] / 3 != face);
}

/* The moves allowed at depth, less the excluded axes' turns: a bit set
 * over the 18. */
static inline uint32_t
allowed_moves(const struct search *s, int depth, unsigned excluded)
{
	uint32_t mask = 0;
	int k;

	if (!s->qtm && depth > 0 && s->stab[depth] == 1 && s->stab[depth - 1] == 1) {
		mask = s->after[s->path[depth - 1]];
	} else {
		for (k = 0; k < s->nmoves; k++)
			if (allowed(s, s->moves[k], depth))
				mask |= 1u << s->moves[k];
	}
	for (k = 0; k < 3; k++)
		if (excluded >> k & 1)
			mask &= ~s->axis_moves[k];
	return mask;
}

/* out = the inverse of (the position whose inverse is inv, then move
 * m): turn[m]^-1 * inv. */
static inline void
inverse_child(const struct search *s, int m, const struct cubie *inv, struct cubie *out)
{
	int i;

	for (i = 0; i < 8; i++) {
		uint8_t v = s->child_corner[m][inv->cp[i]][inv->co[i]];

		out->cp[i] = v >> 2;
		out->co[i] = v & 3;
	}
	for (i = 0; i < 12; i++) {
		uint8_t v = s->child_edge[m][inv->ep[i]][inv->eo[i]];

		out->ep[i] = v >> 2;
		out->eo[i] = v & 3;
	}
}

static bool
solved_by_path(const struct search *s, int len)
{
	struct cubie c = s->start, id;
	int i;

	for (i = 0; i < len; i++)
		cubie_multiply(&c, &s->turn[s->path[i]], &c);
	cubie_identity(&id);
	return memcmp(&c, &id, sizeof c) == 0;
}

/* One node's children are looked up together, in all three views at
 * once: their coordinates and classes first, then their table entries,
 * each stage fetching (prefetched) what the last one found, so that the
 * memory reads of a node overlap instead of waiting one after another:
 * the table is far larger than the caches, and its reads are what a
 * node costs. (Reading the views one after another, to skip a child's
 * later views once one rules it out, is slower: 38 s against 31 s on
 * the first random state of bench_cube_optimal.) The node is togo
 * moves from the bound's end; excluded is a bit set of axes (0 U-D,
 * 1 R-L, 2 F-B) whose turns cannot start a solution that long (the
 * exclusion rule below). */
static bool
search(struct search *s, const struct axis a[3], int depth, int togo, unsigned excluded)
{
	const struct optimal_tables *t = &s->t;
	const struct optimal_fixed *f = t->fixed;
	struct axis n[CUBIE_MOVES][3], n_inv[CUBIE_MOVES][3];
	struct cubie child_inv[CUBIE_MOVES];
	uint32_t raw[CUBIE_MOVES][3];
	size_t entry[CUBIE_MOVES][3];
	int move[CUBIE_MOVES], keep[CUBIE_MOVES], count = 0, kept = 0, k, v;
	unsigned first_excluded[CUBIE_MOVES];
	uint32_t allowed_mask;
	uint8_t corner[CUBIE_MOVES][3], corner_inv[CUBIE_MOVES][3];
	bool tight[CUBIE_MOVES], cut[CUBIE_MOVES];

	if (depth == s->split_depth) {
		struct pool *p = s->pool;

		if (p->n == p->cap) {
			int cap = p->cap == 0 ? 256 : 2 * p->cap;
			struct task *t2 = realloc(p->tasks, sizeof *t2 * (size_t)cap);

			if (t2 == NULL) {
				p->full = true;
				s->stop = true;
				return false;
			}
			p->tasks = t2;
			p->cap = cap;
		}
		memcpy(p->tasks[p->n].a, a, sizeof p->tasks[p->n].a);
		memcpy(p->tasks[p->n].path, s->path, sizeof p->tasks[p->n].path);
		memcpy(p->tasks[p->n].stab, s->stab, sizeof p->tasks[p->n].stab);
		p->tasks[p->n].excluded = excluded;
		p->tasks[p->n++].inv_at = s->inv_at[depth];
		return false;
	}
	if (togo == 0)
		return solved_by_path(s, depth);
	if (s->nodes >= s->next_check) {
		s->next_check = s->nodes + 65536;
		if ((s->cancel != NULL && atomic_load(s->cancel)) ||
		    (s->pool != NULL && s->task > atomic_load(&s->pool->found))) {
			s->stop = true;
			return false;
		}
	}
	/* One move to go: a child is solved only if it has no twist, no
	 * flip, the middle edges and the U corners home in all three views,
	 * which its coordinates tell without the table (most nodes are
	 * here); the path is replayed only then. */
	allowed_mask = allowed_moves(s, depth, excluded);
	if (togo == 1) {
		for (k = 0; k < s->nmoves; k++) {
			int m = s->moves[k];

			if (!(allowed_mask >> m & 1))
				continue;
			s->nodes++;
			for (v = 0; v < 3; v++) {
				int vm = s->view_move[v][m];

				if (f->twist_move[a[v].twist][vm] != 0 || f->flip_move[a[v].flip][vm] != 0 ||
				    t->tslice_move[a[v].slice * CUBIE_MOVES + vm] != s->goal_slice ||
				    f->ucorners_move[a[v].ucorners][vm] != s->goal_ucorners)
					break;
			}
			if (v < 3)
				continue;
			s->path[depth] = m;
			if (solved_by_path(s, depth + 1))
				return true;
		}
		return false;
	}
	for (k = 0; k < s->nmoves; k++) {
		int m = s->moves[k];

		if (!(allowed_mask >> m & 1))
			continue;
		for (v = 0; v < 3; v++) {
			int vm = s->view_move[v][m];
			struct axis *c = &n[count][v];

			c->twist = f->twist_move[a[v].twist][vm];
			c->flip = f->flip_move[a[v].flip][vm];
			c->slice = t->tslice_move[a[v].slice * CUBIE_MOVES + vm];
			c->ucorners = f->ucorners_move[a[v].ucorners][vm];
		}
		if (corner_views(s, n[count], corner[count]) >= togo) {
			s->nodes++;
			continue;
		}
		for (v = 0; v < 3; v++) {
			raw[count][v] = (uint32_t)n[count][v].slice * N_FLIP + n[count][v].flip;
			__builtin_prefetch(&t->fs_class[raw[count][v]]);
		}
		move[count++] = m;
	}
	for (k = 0; k < count; k++) {
		for (v = 0; v < 3; v++) {
			uint32_t cs = t->fs_class[raw[k][v]];

			entry[k][v] = entry_of(t, cs, n[k][v].twist, n[k][v].ucorners);
			__builtin_prefetch(entry_place(t, entry[k][v]));
		}
	}
	s->nodes += count;
	for (k = 0; k < count; k++) {
		int h[3];

		for (v = 0; v < 3; v++) {
			h[v] = entry_distance(t, entry[k][v]);
			h[v] = corner[k][v] > h[v] ? corner[k][v] : h[v];
			if (h[v] >= togo)
				break;
		}
		if (v == 3 && views_bound(h) < togo) {
			tight[k] = h[0] == togo - 1 || h[1] == togo - 1 || h[2] == togo - 1;
			keep[kept++] = k;
		}
	}
	/* The inverse of a position is as far from solved: its three bounds
	 * too (the dual lookup), read the same way, where a subtree of more
	 * than one level is at stake. */
	if (togo >= 3) {
		int i, dual = 0;

		for (i = 0; i < kept; i++) {
			k = keep[i];
			if (!tight[k] && togo < 4)
				continue;
			inverse_child(s, move[k], &s->inv_at[depth], &child_inv[k]);
			if (!tight[k])
				continue;
			optimal_axes(t, &child_inv[k], n_inv[k]);
			/* The inverse's corners alone may rule the child out. */
			cut[k] = corner_views(s, n_inv[k], corner_inv[k]) >= togo;
			for (v = 0; v < 3 && !cut[k]; v++) {
				raw[k][v] = (uint32_t)n_inv[k][v].slice * N_FLIP +
				    n_inv[k][v].flip;
				__builtin_prefetch(&t->fs_class[raw[k][v]]);
			}
		}
		for (i = 0; i < kept; i++) {
			k = keep[i];
			for (v = 0; v < 3 && tight[k] && !cut[k]; v++) {
				uint32_t cs = t->fs_class[raw[k][v]];

				entry[k][v] = entry_of(t, cs, n_inv[k][v].twist, n_inv[k][v].ucorners);
				__builtin_prefetch(entry_place(t, entry[k][v]));
			}
		}
		for (i = 0; i < kept; i++) {
			int h[3];

			k = keep[i];
			first_excluded[k] = 0;
			if (!tight[k]) {
				keep[dual++] = k;
				continue;
			}
			if (cut[k])
				continue;
			for (v = 0; v < 3; v++) {
				h[v] = entry_distance(t, entry[k][v]);
				h[v] = corner_inv[k][v] > h[v] ? corner_inv[k][v] : h[v];
			}
			if (views_bound(h) >= togo)
				continue;
			/* An inverse's view at exactly the moves left: no
			 * solution of the inverse that long ends with a turn of
			 * that view's U-D axis (it would be in the goal one
			 * move sooner), so no solution of the child starts with
			 * one (Rokicki, nxopt). A bound below the distance
			 * only excludes where the child has no solution that
			 * long at all. */
			for (v = 0; v < 3; v++)
				if (h[v] == togo - 1)
					first_excluded[k] |= 1u << s->view_axis[v];
			keep[dual++] = k;
		}
		kept = dual;
	} else {
		for (int i = 0; i < kept; i++)
			first_excluded[keep[i]] = 0;
	}
	for (int i = 0; i < kept && !s->stop; i++) {
		k = keep[i];
		if (depth == 0 && s->progress != NULL)
			atomic_store(s->progress, 1000 * k / count);
		/* A child reads its inverse only to find its own children's
		 * (inv_at), for their dual lookups at 3 moves to go or more. */
		if (togo >= 4)
			s->inv_at[depth + 1] = child_inv[k];
		s->path[depth] = move[k];
		s->stab[depth + 1] = 1;
		if (s->stab[depth] != 1) {
			uint64_t rest = s->stab[depth];

			for (; rest != 0; rest &= rest - 1) {
				int sym = __builtin_ctzll(rest);

				if (sym_move(sym, move[k]) == move[k])
					s->stab[depth + 1] |= (uint64_t)1 << sym;
			}
		}
		if (search(s, n[k], depth + 1, togo - 1, first_excluded[k]))
			return true;
	}
	return false;
}

/* A worker: takes the tasks in order and searches below each, until
 * none is left or one before the next has a solution. */
static void *
worker_main(void *arg)
{
	struct search *w = arg;
	struct pool *p = w->pool;

	for (;;) {
		int i = atomic_fetch_add(&p->next, 1), done;
		const struct task *t;

		if (i >= p->n || i > atomic_load(&p->found) ||
		    (w->cancel != NULL && atomic_load(w->cancel)))
			break;
		t = &p->tasks[i];
		w->task = i;
		w->stop = false;
		memcpy(w->path, t->path, sizeof t->path);
		memcpy(w->stab, t->stab, sizeof t->stab);
		w->inv_at[SPLIT_DEPTH] = t->inv_at;
		if (search(w, t->a, SPLIT_DEPTH, p->togo, t->excluded)) {
			pthread_mutex_lock(&p->lock);
			if (i < atomic_load(&p->found)) {
				memcpy(p->path, w->path, sizeof p->path);
				atomic_store(&p->found, i);
			}
			pthread_mutex_unlock(&p->lock);
		}
		done = atomic_fetch_add(&p->done, 1) + 1;
		if (w->progress != NULL)
			atomic_store(w->progress, (int)(1000LL * done / p->n));
	}
	atomic_fetch_add(&p->nodes, w->nodes);
	return NULL;
}

/* One iteration (bound depth) on `threads` threads, with the answer the
 * single-threaded search gives: the nodes SPLIT_DEPTH moves deep are
 * collected in the order that search meets them, the threads take them
 * in that order, and the solution kept is that of the first task that
 * has one (a task after it stops; every task before it is searched
 * whole). The same answer on any number of threads; more nodes than one
 * thread searches (the tasks after the first solution, searched while
 * it was being found). */
static bool
search_parallel(struct search *s, const struct axis a[3], int depth, int threads)
{
	struct pool p = {0};
	struct search *w;
	pthread_t th[MAX_THREADS];
	int i, started = 0, found;

	pthread_mutex_init(&p.lock, NULL);
	atomic_init(&p.found, INT_MAX);
	s->pool = &p;
	s->split_depth = SPLIT_DEPTH;
	/* Above the split no node is within one move of the goal. */
	(void)search(s, a, 0, depth, 0);
	s->split_depth = -1;
	s->pool = NULL;
	w = p.full || s->stop ? NULL : calloc((size_t)threads, sizeof *w);
	if (w == NULL) {
		free(p.tasks);
		pthread_mutex_destroy(&p.lock);
		if (s->cancel != NULL && atomic_load(s->cancel))
			return false;
		s->stop = false;   /* out of memory: one thread, no tasks */
		return search(s, a, 0, depth, 0);
	}
	p.togo = depth - SPLIT_DEPTH;
	atomic_store(&p.found, p.n);
	for (i = 0; i < threads; i++) {
		w[i] = *s;
		w[i].pool = &p;
		w[i].nodes = 0;
		w[i].next_check = 0;
	}
	for (i = 1; i < threads; i++)
		if (pthread_create(&th[i], NULL, worker_main, &w[i]) == 0)
			started++;
		else
			break;
	worker_main(&w[0]);
	for (i = 1; i <= started; i++)
		pthread_join(th[i], NULL);
	s->nodes += atomic_load(&p.nodes);
	found = atomic_load(&p.found);
	if (found < p.n)
		memcpy(s->path, p.path, sizeof p.path);
	else if (s->cancel != NULL && atomic_load(s->cancel))
		s->stop = true;
	free(w);
	free(p.tasks);
	pthread_mutex_destroy(&p.lock);
	return found < p.n;
}

static int
bound_for(const struct optimal_tables *t, const struct cubie *c, bool qtm)
{
	struct axis a[3];
	int h;

	optimal_axes(t, c, a);
	h = optimal_bound(t, a);
	/* A quarter turn changes the corners' parity: the distance in
	 * quarter turns has the parity of the corner permutation. */
	if (qtm && (h & 1) != cubie_parity(c->cp, 8))
		h++;
	return h;
}

/* "no solution in 16; searching 17": one static text per depth. */
static char depth_text[MAX_DEPTH][48];
static pthread_once_t depth_text_once = PTHREAD_ONCE_INIT;

static void
make_depth_text(void)
{
	int d;

	for (d = 0; d < MAX_DEPTH; d++) {
		if (d == 0)
			snprintf(depth_text[d], sizeof depth_text[d], "searching 0");
		else
			snprintf(depth_text[d], sizeof depth_text[d],
			    "no solution in %d; searching %d", d - 1, d);
	}
}

bool
cube3_optimal_solve(const struct cube *c, const struct cube3_optimal_options *opt,
    struct movelist *out, struct cube3_optimal_stats *stats, struct tw_error *err)
{
	static const char *const suffix[3] = {"", "2", "'"};
	enum cube3_optimal_metric metric = opt != NULL ? opt->metric : CUBE3_OPTIMAL_HTM;
	struct table_progress prog = {0};
	struct search *s;
	struct axis a[3];
	int depth, i, v, m, threads, limit;
	bool found = false, capped, huge = false;
	const struct variant *variant;

	s = tw_calloc(1, sizeof *s, err);
	if (s == NULL)
		return false;
	if (!cubie_from_cube(c, &s->start, err))
		goto fail;
	if (opt != NULL && opt->phase != NULL)
		atomic_store(opt->phase, "reading the table");
	if (opt != NULL) {
		prog.progress = opt->progress;
		prog.cancel = opt->cancel;
		prog.phase = opt->phase;
	}
	variant = optimal_variant(opt != NULL ? opt->table : CUBE3_OPTIMAL_TABLE_FULL, metric);
	if (!optimal_tables_load(variant, metric, opt != NULL ? opt->table_depth : 0, false, &prog, &s->t, err))
		goto fail;
	s->split_depth = -1;
	threads = opt != NULL && opt->threads > 0 ? opt->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
	threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
	s->qtm = metric == CUBE3_OPTIMAL_QTM;
	s->moves = s->qtm ? optimal_qtm_moves : optimal_htm_moves;
	s->nmoves = s->qtm ? 12 : CUBIE_MOVES;
	s->cancel = opt != NULL ? opt->cancel : NULL;
	s->progress = opt != NULL ? opt->progress : NULL;
	cubie_face_turns(s->turn);
	for (m = 0; m < CUBIE_MOVES; m++) {
		const struct cubie *back;
		int k;

		s->move_axis[m] = (uint8_t)(m / 3 % 3);
		s->axis_moves[s->move_axis[m]] |= 1u << m;
		back = &s->turn[m - m % 3 + 2 - m % 3];   /* U -> U', U2 -> U2 */
		for (i = 0; i < 8; i++)
			for (k = 0; k < 3; k++)
				s->child_corner[m][i][k] = (uint8_t)(back->cp[i] << 2 | (back->co[i] + k) % 3);
		for (i = 0; i < 12; i++)
			for (k = 0; k < 2; k++)
				s->child_edge[m][i][k] = (uint8_t)(back->ep[i] << 2 | (back->eo[i] + k) % 2);
		/* Not the same face again, nor U after D (allowed()). */
		for (k = 0; k < CUBIE_MOVES; k++)
			if (k / 3 != m / 3 && k / 3 + 3 != m / 3)
				s->after[m] |= 1u << k;
	}
	for (v = 0; v < 3; v++)
		for (m = 0; m < CUBIE_MOVES; m++) {
			s->view_move[v][m] = (uint8_t)sym_move(SYM_URF3 * v, m);
			if (s->view_move[v][m] / 3 % 3 == 0)
				s->view_axis[v] = s->move_axis[m];
		}
	pthread_once(&depth_text_once, make_depth_text);
	optimal_views_init();
	make_corner_near(s->t.fixed);
	s->corner_near = corner_near[metric];
	s->stab[0] = 1;
	for (i = 1; i < SYM_COUNT; i++) {
		struct cubie image;

		sym_conjugate(i, &s->start, &image);
		if (memcmp(&image, &s->start, sizeof image) == 0)
			s->stab[0] |= (uint64_t)1 << i;
	}
	optimal_axes(&s->t, &s->start, a);
	cubie_inverse(&s->start, &s->inv_at[0]);
	{
		struct cubie id;

		cubie_identity(&id);
		s->goal_slice = optimal_table_slice(&s->t, &id);
		s->goal_ucorners = optimal_ucorners(s->t.fixed, &id);
	}
	depth = bound_for(&s->t, &s->start, s->qtm);
	if (stats != NULL)
		stats->lower_bound = depth;
	/* Every position is within 20 face turns (26 quarter turns). */
	capped = opt != NULL && opt->max_length > 0 && opt->max_length < MAX_DEPTH;
	limit = capped ? opt->max_length + 1 : MAX_DEPTH;
	for (; depth < limit && !s->stop; depth += s->qtm ? 2 : 1) {
		/* A long search: the table into huge pages before the next
		 * depth, some ten times the work done so far. */
		if (!huge && s->nodes >= (opt != NULL && opt->huge_after_nodes > 0 ? opt->huge_after_nodes :
		    HUGE_AFTER_NODES)) {
			struct optimal_tables t;
			struct tw_error ignored;

			if (opt != NULL && opt->phase != NULL)
				atomic_store(opt->phase, "laying the table out in memory");
			if (opt != NULL && opt->progress != NULL)
				atomic_store(opt->progress, 0);   /* the last depth's share is done */
			if (optimal_tables_load(variant, metric, opt != NULL ? opt->table_depth : 0, true, &prog, &t,
			    &ignored))
				s->t = t;
			huge = true;
		}
		if (opt != NULL && opt->phase != NULL)
			atomic_store(opt->phase, depth_text[depth]);
		if (threads > 1 && depth >= SPLIT_DEPTH + 2)
			found = search_parallel(s, a, depth, threads);
		else
			found = search(s, a, 0, depth, 0);
		if (found)
			break;
	}
	if (stats != NULL)
		stats->nodes = s->nodes;
	if (!found && !s->stop && capped) {
		if (stats != NULL)
			stats->none_within_max = true;
		tw_error_set_kind(err, TW_ERROR_NO_SOLUTION,
		    "no solution of at most %d %s: the search proved none exists",
		    opt->max_length, s->qtm ? "quarter turns" : "face turns");
		goto fail;
	}
	if (!found) {
		if (s->stop)
			tw_error_cancelled(err);
		else
			tw_error_set(err, "internal error: no solution within %d moves", MAX_DEPTH);
		goto fail;
	}
	for (i = 0; i < depth; i++) {
		char name[4];
		int f = s->path[i] / 3, power = s->path[i] % 3;

		/* Two equal quarter turns (quarter-turn metric) are a half
		 * turn in WCA notation; the metric still counts it as 2. */
		if (s->qtm && i + 1 < depth && s->path[i + 1] == s->path[i]) {
			power = 1;
			i++;
		}
		snprintf(name, sizeof name, "%c%s", cubie_face_letter[f], suffix[power]);
		if (!movelist_push(out, name, err))
			goto fail;
	}
	free(s);
	return true;
fail:
	free(s);
	return false;
}

bool
cube3_optimal_tables_ready(enum cube3_optimal_metric metric)
{
	return optimal_tables_cached(optimal_variant(CUBE3_OPTIMAL_TABLE_FULL, metric), metric, 0);
}

bool
cube3_optimal_prepare(enum cube3_optimal_metric metric, atomic_int *progress,
    atomic_bool *cancel, struct tw_error *err)
{
	struct table_progress prog = {.progress = progress, .cancel = cancel};
	struct optimal_tables t;

	return optimal_tables_load(optimal_variant(CUBE3_OPTIMAL_TABLE_FULL, metric), metric, 0, false,
	    &prog, &t, err);
}

bool
cube3_optimal_prepare_both(atomic_int *progress, atomic_bool *cancel, struct tw_error *err)
{
	struct table_progress prog = {.progress = progress, .cancel = cancel};
	/* The parts of the progress by the tables' sizes, 2.55 and 0.97 GB. */
	static const int until[2] = {725, 1000};
	struct optimal_tables t;

	for (int metric = CUBE3_OPTIMAL_HTM; metric <= CUBE3_OPTIMAL_QTM; metric++) {
		struct table_progress part = table_progress_part(&prog,
		    metric == CUBE3_OPTIMAL_HTM ? 0 : until[0], until[metric]);

		if (cancel != NULL && atomic_load(cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		if (!optimal_tables_load(optimal_variant(CUBE3_OPTIMAL_TABLE_FULL, metric), metric, 0, false,
		    &part, &t, err))
			return false;
	}
	return true;
}
