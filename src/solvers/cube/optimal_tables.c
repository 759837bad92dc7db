#include "solvers/cube/optimal_tables.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/perm.h"
#include "engine/cube/cubie.h"
#include "solvers/cube/symmetry.h"
#include "solvers/tablecache.h"

#define UNSET 15                        /* a build entry not reached yet */

static const struct variant variants[4] = {
	{"slice", N_SLICE, 24, 64430, N_TWIST, 1, {-1, -1}},
	{"sorted-slice", N_SSLICE, 1, 1523864, N_TWIST, 1, {-1, 9}},
	{"slice-ucorners", N_SLICE, 24, 64430, N_TWIST, N_UCORNERS, {8, 10}},
	{"slice-ucorners-notwist", N_SLICE, 24, 64430, 1, N_UCORNERS, {0, 0}},
};

static size_t
align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* The block's size for a variant and metric, and its parts' places
 * when base is not NULL. */
static size_t
layout(const struct variant *v, enum cube3_optimal_metric metric, void *base,
    struct optimal_tables *t)
{
	int tbase = v->base[metric];
	size_t raw = (size_t)v->slice_count * N_FLIP, at = align8(sizeof(struct optimal_fixed));
	size_t fs_class = at, fs_rep, fs_stab, prune, entries;

	at = align8(at + raw * sizeof(uint32_t));
	fs_rep = at;
	at = align8(at + v->classes * sizeof(uint32_t));
	fs_stab = at;
	at = align8(at + v->classes * sizeof(uint16_t));
	prune = at;
	entries = (size_t)v->classes * (size_t)v->twists * (size_t)v->ucorners;
	at += tbase >= 0 ? (entries + GROUP_ENTRIES - 1) / GROUP_ENTRIES * GROUP_BYTES :
	    (entries + 1) / 2;
	if (base != NULL) {
		char *b = base;

		t->v = v;
		t->base = tbase;
		t->groups = (const uint8_t *)(b + prune);
		t->fixed = base;
		t->tslice_move = v->slice_div == 1 ? &t->fixed->sslice_move[0][0] :
		    &t->fixed->slice_move[0][0];
		t->fs_class = (uint32_t *)(void *)(b + fs_class);
		t->fs_rep = (uint32_t *)(void *)(b + fs_rep);
		t->fs_stab = (uint16_t *)(void *)(b + fs_stab);
		t->prune = (uint8_t *)(b + prune);
		t->entries = entries;
		t->twists = v->twists;
		t->ucorners = v->ucorners;
		t->twist_mask = v->twists > 1 ? ~0u : 0;
		t->ucorner_mask = v->ucorners > 1 ? ~0u : 0;
	}
	return at;
}

const int optimal_htm_moves[CUBIE_MOVES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
	12, 13, 14, 15, 16, 17};
const int optimal_qtm_moves[12] = {0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17};

/* The sorted slice: the places of the middle edges, times 24, plus the
 * rank of their order along those places. */
static int
sslice_of(const struct optimal_fixed *f, const struct cubie *c)
{
	uint8_t order[4];
	int i, mask = 0, n = 0;

	for (i = 0; i < 12; i++) {
		if (c->ep[i] >= 8) {
			mask |= 1 << i;
			order[n++] = (uint8_t)(c->ep[i] - 8);
		}
	}
	return f->slice_of_mask[mask] * 24 + perm_rank(order, 4);
}

/* The places of the four U corners (pieces URF UFL ULB UBR). */
int
optimal_ucorners(const struct optimal_fixed *f, const struct cubie *c)
{
	int i, mask = 0;

	for (i = 0; i < 8; i++)
		if (c->cp[i] < 4)
			mask |= 1 << i;
	return f->ucorners_of_mask[mask];
}

/* A cubie with only the corners' places set: the U corners on the
 * coordinate's places, in order. */
static void
set_ucorners(const struct optimal_fixed *f, struct cubie *c, int uc)
{
	int k, up = 0, down = 4, mask = f->mask_of_ucorners[uc];

	cubie_identity(c);
	for (k = 0; k < 8; k++)
		c->cp[k] = (uint8_t)((mask >> k) & 1 ? up++ : down++);
}

/* A cubie with only the edges set: the middle edges on the sorted
 * slice's places in its order, the flip as given. */
static void
set_flipslice(const struct optimal_fixed *f, struct cubie *c, int sslice, int flip)
{
	uint8_t order[4];
	int k, mid = 0, other = 0, mask = f->mask_of_slice[sslice / 24];

	perm_unrank(sslice % 24, 4, order);
	cubie_identity(c);
	for (k = 0; k < 12; k++)
		c->ep[k] = (uint8_t)((mask >> k) & 1 ? 8 + order[mid++] : other++);
	cubie_set_flip(c, flip);
}

static void
build_moves(struct optimal_fixed *f)
{
	struct cubie move[CUBIE_MOVES];
	int i, m, s, mask, n = 0;

	sym_init();
	cubie_face_turns(move);
	for (mask = 0; mask < 4096; mask++) {
		if (__builtin_popcount((unsigned)mask) == 4) {
			f->slice_of_mask[mask] = (uint16_t)n;
			f->mask_of_slice[n++] = (uint16_t)mask;
		}
	}
	for (mask = 0, n = 0; mask < 256; mask++) {
		if (__builtin_popcount((unsigned)mask) == 4) {
			f->ucorners_of_mask[mask] = (uint8_t)n;
			f->mask_of_ucorners[n++] = (uint8_t)mask;
		}
	}
	for (i = 0; i < N_UCORNERS; i++) {
		struct cubie c, d;

		set_ucorners(f, &c, i);
		for (m = 0; m < CUBIE_MOVES; m++) {
			cubie_multiply(&c, &move[m], &d);
			f->ucorners_move[i][m] = (uint8_t)optimal_ucorners(f, &d);
		}
		for (s = 0; s < SYM_UD; s++) {
			sym_conjugate(s, &c, &d);
			f->ucorners_conj[i][s] = (uint8_t)optimal_ucorners(f, &d);
		}
	}
	cubie_twist_moves(f->twist_move);
	cubie_flip_moves(f->flip_move);
	for (i = 0; i < N_TWIST; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		cubie_set_twist(&c, i);
		for (s = 0; s < SYM_UD; s++) {
			sym_conjugate(s, &c, &d);
			f->twist_conj[i][s] = (uint16_t)cubie_twist(&d);
		}
	}
	for (i = 0; i < N_SSLICE; i++) {
		struct cubie c, d;

		set_flipslice(f, &c, i, 0);
		for (m = 0; m < CUBIE_MOVES; m++) {
			cubie_multiply(&c, &move[m], &d);
			f->sslice_move[i][m] = (uint16_t)sslice_of(f, &d);
			if (i % 24 == 0)
				f->slice_move[i / 24][m] = (uint16_t)(f->sslice_move[i][m] / 24);
		}
	}
}

/* The table's slice coordinate of a cubie: the sorted slice, or the
 * slice alone (the middle edges' places, no ranking of their order). */
int
optimal_table_slice(const struct optimal_tables *t, const struct cubie *c)
{
	int i, mask = 0;

	if (t->v->slice_div == 1)
		return sslice_of(t->fixed, c);
	for (i = 0; i < 12; i++)
		mask |= (c->ep[i] >= 8) << i;
	return t->fixed->slice_of_mask[mask];
}

/* The flipslice of a cubie in the table's slice coordinate. */
static uint32_t
flipslice_of(const struct optimal_tables *t, const struct cubie *c)
{
	return (uint32_t)optimal_table_slice(t, c) * N_FLIP + (uint32_t)cubie_flip(c);
}

/* Thousandths of a build: the classes up to PROGRESS_CLASSES, the
 * passes up to PROGRESS_PACKING, then the packing of the distances into
 * the table (on the face-turn table: 25 s, 730 s and 80 s of 835). */
#define PROGRESS_CLASSES 30
#define PROGRESS_PACKING 900

/* The classes: a class's representative is its first flipslice in index
 * order; every conjugate of it gets the class and the inverse symmetry. */
static bool
build_classes(struct optimal_tables *t, const struct table_progress *prog, struct tw_error *err)
{
	uint32_t r, raw = (uint32_t)t->v->slice_count * N_FLIP, classes = 0;
	int s;

	memset(t->fs_class, 0xff, (size_t)raw * sizeof t->fs_class[0]);
	for (r = 0; r < raw; r++) {
		struct cubie c, d;

		if ((r & 0xffff) == 0 && prog != NULL) {
			if (prog->cancel != NULL && atomic_load(prog->cancel)) {
				tw_error_cancelled(err);
				return false;
			}
			table_progress_report(prog, (int)(PROGRESS_CLASSES * (uint64_t)r / raw));
		}
		if (t->fs_class[r] != UINT32_MAX)
			continue;
		if (classes == t->v->classes) {
			tw_error_set(err, "internal error: more than %u flipslice classes", t->v->classes);
			return false;
		}
		t->fs_rep[classes] = r;
		set_flipslice(t->fixed, &c, (int)(r / N_FLIP) * t->v->slice_div, (int)(r % N_FLIP));
		for (s = 0; s < SYM_UD; s++) {
			uint32_t image;

			sym_conjugate_edges(s, &c, &d);
			image = flipslice_of(t, &d);
			if (image == r)
				t->fs_stab[classes] |= (uint16_t)(1u << s);
			if (t->fs_class[image] == UINT32_MAX) {
				t->fs_class[image] = classes << 4 | (uint32_t)sym_inverse(s);
			}
		}
		classes++;
	}
	if (classes != t->v->classes) {
		tw_error_set(err, "internal error: %u flipslice classes, not %u", classes, t->v->classes);
		return false;
	}
	return true;
}

/* The breadth-first search fills depth by depth, each depth in one pass
 * over all entries, split between threads by class: forwards (every
 * entry of the last depth marks its unmarked neighbours) while the
 * frontier is small, backwards (every unmarked entry looks for a
 * neighbour of the last depth) once most entries are near it. Entries
 * are 4 bits while building (every distance is under 15, UNSET), two to
 * a byte; two threads may mark entries of the same byte, so the bytes are
 * read and written atomically (relaxed, compare and swap): the result
 * does not depend on the order. */
struct bfs {
	const struct optimal_tables *t;
	uint8_t *dist;                      /* 4 bits an entry, the even one low */
	const int *moves;
	int nmoves;
	int depth;
	bool backwards;
	atomic_bool *cancel;
	atomic_ullong marked;
	/* Progress: classes done in this pass, reported by the first part
	 * from pass_from to pass_to thousandths. */
	const struct table_progress *prog;
	atomic_uint classes_done;
	int pass_from, pass_to;
};

/* Each pass's seconds, by depth (pass_share): the face-turn table's as
 * measured on two cores (the last forward pass and the first backward one
 * are most of the build); the quarter-turn table's a guess of the same
 * shape. */
#define PASS_WEIGHTS_HTM 1, 13, 13, 18, 25, 18, 21, 17, 32, 155, 401, 29, 15
#define PASS_WEIGHTS_QTM 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10

struct bfs_part {
	struct bfs *b;
	uint32_t from, to;                  /* classes */
};

static inline uint8_t
get(const uint8_t *d, size_t i)
{
	return (uint8_t)(__atomic_load_n(&d[i >> 1], __ATOMIC_RELAXED) >> ((i & 1) * 4) & 15);
}

/* Sets entry i from UNSET to value; true if this call did (two threads
 * may try the same entry: one of them counts it). */
static inline bool
claim(uint8_t *d, size_t i, uint8_t value)
{
	unsigned shift = (unsigned)(i & 1) * 4;
	uint8_t old = __atomic_load_n(&d[i >> 1], __ATOMIC_RELAXED), new;

	do {
		if ((old >> shift & 15) != UNSET)
			return false;
		new = (uint8_t)((old & ~(15u << shift)) | (unsigned)value << shift);
	} while (!__atomic_compare_exchange_n(&d[i >> 1], &old, new, true, __ATOMIC_RELAXED,
	    __ATOMIC_RELAXED));
	return true;
}

/* Marks building entry i, which is (class c, twist tw, U corners uc),
 * and the entries its class's own symmetries make of it (the same
 * position class); returns how many were new. */
static unsigned
mark(struct bfs *b, size_t i, uint32_t c, unsigned tw, unsigned uc, uint8_t value)
{
	const struct optimal_tables *t = b->t;
	unsigned stab = t->fs_stab[c], n = claim(b->dist, i, value);
	int s;

	for (s = 1; stab >> s != 0; s++)
		if (stab >> s & 1)
			n += claim(b->dist, index_at(t, c, t->fixed->twist_conj[tw][s],
			    t->fixed->ucorners_conj[uc][s]), value);
	return n;
}

/* One pass over a part's classes. A move's neighbour is found in three
 * steps, each done once for what it depends on: the class and symmetry
 * the move takes the class to, then with the twist, then with the U
 * corners. */
static void *
bfs_pass(void *arg)
{
	struct bfs_part *p = arg;
	struct bfs *b = p->b;
	const struct optimal_tables *t = b->t;
	const struct optimal_fixed *f = t->fixed;
	uint8_t d = (uint8_t)b->depth, next = (uint8_t)(b->depth + 1);
	unsigned long long marked = 0;
	uint32_t c, cs[CUBIE_MOVES];
	size_t row[CUBIE_MOVES];
	unsigned row_twist[CUBIE_MOVES];
	int tw, uc, k, ucorners = t->ucorners;

	for (c = p->from; c < p->to; c++) {
		uint32_t r = t->fs_rep[c];

		if ((c & 255) == 0 && c > p->from) {
			unsigned done = atomic_fetch_add(&b->classes_done, 256) + 256;

			if (b->cancel != NULL && atomic_load(b->cancel))
				break;
			if (p->from == 0)
				table_progress_report(b->prog, b->pass_from + (int)((uint64_t)(b->pass_to -
				    b->pass_from) * done / t->v->classes));
		}
		for (k = 0; k < b->nmoves; k++) {
			int m = b->moves[k];

			cs[k] = t->fs_class[(uint32_t)t->tslice_move[(r / N_FLIP) * CUBIE_MOVES +
			    (uint32_t)m] * N_FLIP + f->flip_move[r % N_FLIP][m]];
		}
		for (tw = 0; tw < t->twists; tw++) {
			bool row_ready = false;

			for (uc = 0; uc < ucorners; uc++) {
				size_t i = index_at(t, c, (unsigned)tw, (unsigned)uc);
				uint8_t v = get(b->dist, i);

				if (b->backwards ? v != UNSET : v != d)
					continue;
				/* Most rows have no entry to expand in a pass. */
				for (k = 0; !row_ready && k < b->nmoves; k++) {
					row_twist[k] = f->twist_conj[f->twist_move[tw][b->moves[k]]][cs[k] & 15] &
					    t->twist_mask;
					row[k] = index_at(t, cs[k] >> 4, row_twist[k], 0);
				}
				row_ready = true;
				for (k = 0; k < b->nmoves; k++) {
					unsigned to_uc = f->ucorners_conj[f->ucorners_move[uc][b->moves[k]]]
					    [cs[k] & 15] & t->ucorner_mask;
					size_t to = row[k] + to_uc;

					if (!b->backwards) {
						marked += mark(b, to, cs[k] >> 4, row_twist[k], to_uc, next);
					} else if (get(b->dist, to) == d) {
						marked += mark(b, i, c, (unsigned)tw & t->twist_mask,
						    (unsigned)uc & t->ucorner_mask, next);
						break;
					}
				}
			}
		}
	}
	atomic_fetch_add(&b->marked, marked);
	return NULL;
}

static int
thread_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

/* The thousandths of the build that the pass at depth fills: passes
 * scan every entry, so each costs about the same until the frontier is
 * large; the weights are the passes' measured times (PASS_WEIGHTS_HTM). */
static void
pass_share(enum cube3_optimal_metric metric, int max_depth, int depth, int *from, int *to)
{
	static const int htm[] = {PASS_WEIGHTS_HTM}, qtm[] = {PASS_WEIGHTS_QTM};
	const int *w = metric == CUBE3_OPTIMAL_QTM ? qtm : htm;
	int passes = metric == CUBE3_OPTIMAL_QTM ? (int)(sizeof qtm / sizeof qtm[0]) :
	    (int)(sizeof htm / sizeof htm[0]), total = 0, before = 0, i;

	if (max_depth > 0 && max_depth < passes)
		passes = max_depth;
	for (i = 0; i < passes; i++) {
		total += w[i];
		before += i < depth ? w[i] : 0;
	}
	if (depth >= passes) {
		*from = *to = PROGRESS_PACKING;
		return;
	}
	*from = PROGRESS_CLASSES + (PROGRESS_PACKING - PROGRESS_CLASSES) * before / total;
	*to = PROGRESS_CLASSES + (PROGRESS_PACKING - PROGRESS_CLASSES) * (before + w[depth]) / total;
}

/* A checkpoint of the packing of the distances into the table, at entry
 * e of entries: reports the progress and goes on, or frees the distances
 * and fails when the build is cancelled. */
static bool
packing_goes_on(struct bfs *b, const struct table_progress *prog, size_t e, size_t entries,
    struct tw_error *err)
{
	if (b->cancel != NULL && atomic_load(b->cancel)) {
		free(b->dist);
		tw_error_cancelled(err);
		return false;
	}
	table_progress_report(prog, PROGRESS_PACKING +
	    (int)((1000 - PROGRESS_PACKING) * (uint64_t)e / entries));
	return true;
}

/* The distances, breadth first from the goal, up to max_depth
 * (0: all of them); entries beyond it get max_depth + 1, still a lower
 * bound (a table that tests can afford). */
static bool
build_prune(const struct optimal_tables *t, enum cube3_optimal_metric metric, int max_depth,
    const struct table_progress *prog, struct tw_error *err)
{
	struct bfs b = {.t = t, .cancel = prog != NULL ? prog->cancel : NULL, .prog = prog};
	struct bfs_part part[8];
	pthread_t thread[8];
	unsigned long long filled, frontier;
	int nthreads = thread_count(), started, i;
	size_t e, n;
	struct cubie solved;
	uint32_t solved_class;

	n = t->entries;
	b.dist = malloc((n + 1) / 2);
	if (b.dist == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory (the optimal solver's table needs %zu MB to build)",
		    (n + 1) / 2 >> 20);
		return false;
	}
	/* Gigabytes to fill: a piece at a time, so that a cancel is seen
	 * within a fraction of a second even while the pages come in. */
	for (e = 0; e < (n + 1) / 2; e += (size_t)1 << 26) {
		size_t piece = (n + 1) / 2 - e < (size_t)1 << 26 ? (n + 1) / 2 - e : (size_t)1 << 26;

		if (b.cancel != NULL && atomic_load(b.cancel)) {
			free(b.dist);
			tw_error_cancelled(err);
			return false;
		}
		memset(b.dist + e, 0xff, piece);
	}
	b.moves = metric == CUBE3_OPTIMAL_QTM ? optimal_qtm_moves : optimal_htm_moves;
	b.nmoves = metric == CUBE3_OPTIMAL_QTM ? 12 : CUBIE_MOVES;
	cubie_identity(&solved);
	solved_class = t->fs_class[flipslice_of(t, &solved)] >> 4;
	frontier = filled = mark(&b, index_at(t, solved_class, 0, 0), solved_class, 0, 0, 0);
	for (b.depth = 0; filled < n && frontier > 0 && (max_depth == 0 || b.depth < max_depth);
	    b.depth++) {
		if (b.cancel != NULL && atomic_load(b.cancel))
			break;
		if (b.depth + 1 >= UNSET) {
			free(b.dist);
			tw_error_set(err, "internal error: the optimal solver's table has distances over %d",
			    UNSET - 1);
			return false;
		}
		/* A forward pass costs about a frontier of all moves, a
		 * backward one a few probes per unmarked entry. */
		b.backwards = frontier * (unsigned long long)b.nmoves > (n - filled) * 3;
		atomic_store(&b.marked, 0);
		atomic_store(&b.classes_done, 0);
		pass_share(metric, max_depth, b.depth, &b.pass_from, &b.pass_to);
		for (i = 0; i < nthreads; i++) {
			part[i].b = &b;
			part[i].from = (uint32_t)((uint64_t)t->v->classes * (uint64_t)i / (uint64_t)nthreads);
			part[i].to = (uint32_t)((uint64_t)t->v->classes * (uint64_t)(i + 1) /
			    (uint64_t)nthreads);
		}
		started = 1;
		for (i = 1; i < nthreads; i++) {
			if (pthread_create(&thread[i], NULL, bfs_pass, &part[i]) != 0)
				break;
			started++;
		}
		bfs_pass(&part[0]);
		/* A part whose thread could not start is done here. */
		for (i = started; i < nthreads; i++)
			bfs_pass(&part[i]);
		for (i = 1; i < started; i++)
			pthread_join(thread[i], NULL);
		frontier = atomic_load(&b.marked);
		filled += frontier;
		table_progress_report(prog, b.pass_to);
	}
	if (b.cancel != NULL && atomic_load(b.cancel)) {
		free(b.dist);
		tw_error_cancelled(err);
		return false;
	}
	if (filled != n && max_depth == 0) {
		free(b.dist);
		tw_error_set(err, "internal error: the optimal solver's table has %llu unreachable entries",
		    (unsigned long long)(n - filled));
		return false;
	}
	if (t->base < 0) {
		for (e = 0; e < t->entries; e++) {
			uint8_t d;

			if ((e & 0x3ffffff) == 0 && !packing_goes_on(&b, prog, e, t->entries, err))
				return false;
			d = get(b.dist, e) == UNSET ? (uint8_t)(max_depth + 1) : get(b.dist, e);

			t->prune[e >> 1] |= (uint8_t)(d << ((e & 1) * 4));
		}
	} else {
		uint8_t *groups = (uint8_t *)(uintptr_t)t->groups;

		for (e = 0; e < t->entries; e += GROUP_ENTRIES) {
			size_t k, end = e + GROUP_ENTRIES < t->entries ? e + GROUP_ENTRIES : t->entries;
			uint8_t *q = groups + e / GROUP_ENTRIES * GROUP_BYTES, least = 15;
			unsigned over;

			/* About ten checks a second. */
			if ((e / GROUP_ENTRIES & 0xfffff) == 0 &&
			    !packing_goes_on(&b, prog, e, t->entries, err))
				return false;

			for (k = e; k < end; k++) {
				uint8_t d = get(b.dist, k) == UNSET ? (uint8_t)(max_depth + 1) : get(b.dist, k);

				least = d < least ? d : least;
			}
			over = least > t->base ? least : (unsigned)t->base;
			q[0] = least;
			for (k = e; k < end; k++) {
				uint8_t d = get(b.dist, k) == UNSET ? (uint8_t)(max_depth + 1) : get(b.dist, k);
				unsigned r = (unsigned)(k - e) + 2, code = d <= over ? 0 : d - over;

				code = code > 3 ? 3 : code;
				q[r >> 2] |= (uint8_t)(code << ((r & 3) * 2));
			}
		}
	}
	free(b.dist);
	return true;
}

struct table_kind {
	const struct variant *v;
	enum cube3_optimal_metric metric;
	int max_depth;
};

static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct table_kind *kind = ctx;
	struct optimal_tables t;

	(void)size;
	layout(kind->v, kind->metric, buf, &t);
	build_moves(t.fixed);
	if (!build_classes(&t, prog, err))
		return false;
	table_progress_report(prog, PROGRESS_CLASSES);
	if (!build_prune(&t, kind->metric, kind->max_depth, prog, err))
		return false;
	table_progress_report(prog, 1000);
	return true;
}

/* The cache's description of a variant's table: its name and
 * parameters (in name and params, 64 and 160 bytes) and builder. */
static struct table_spec
table_spec_of(const struct variant *v, enum cube3_optimal_metric metric, int max_depth,
    struct table_kind *kind, char *name, char *params)
{
	char entry[32];
	/* Version 3: the U corners' coordinate and the two-bit groups. */
	struct table_spec spec = {name, 3, params, layout(v, metric, NULL, NULL), build_tables,
	    kind, false};

	*kind = (struct table_kind){v, metric, max_depth};
	snprintf(name, 64, "cube3-optimal-%s-%s%s", metric == CUBE3_OPTIMAL_QTM ?
	    "qtm" : "htm", v->name, max_depth > 0 ? "-cut" : "");
	if (v->base[metric] >= 0)
		snprintf(entry, sizeof entry, "2 bits over %d", v->base[metric]);
	else
		snprintf(entry, sizeof entry, "4 bits");
	snprintf(params, 160,
	    "flip x %s %d, sym16 %u classes x twist %d x ucorners %d, %s, depth %d, fixed %zu",
	    v->name, v->slice_count, v->classes, v->twists, v->ucorners, entry, max_depth,
	    sizeof(struct optimal_fixed));
	return spec;
}

bool
optimal_tables_cached(const struct variant *v, enum cube3_optimal_metric metric, int max_depth)
{
	char name[64], params[160];
	struct table_kind kind;
	struct table_spec spec = table_spec_of(v, metric, max_depth, &kind, name, params);

	return table_on_disk(&spec);
}

/* The table of a variant, metric and depth cut, found in the cache
 * block (built there on first use) and laid out into *t. */
bool
optimal_tables_load(const struct variant *v, enum cube3_optimal_metric metric, int max_depth, bool huge,
    const struct table_progress *prog, struct optimal_tables *t, struct tw_error *err)
{
	char name[64], params[160];
	struct table_kind kind;
	struct table_spec spec = table_spec_of(v, metric, max_depth, &kind, name, params);
	const void *block;

	sym_init();
	/* The search reads the table at random, three entries a node; in
	 * huge pages it is about twice as fast, once the copy is made. */
	block = max_depth == 0 && huge ? table_get_huge(&spec, prog, err) : table_get(&spec, prog, err);
	if (block == NULL)
		return false;
	/* The face-turn table of the sorted slice with the corner parity
	 * (2.3 GB), which no version reads, is removed from the cache if it
	 * is there. */
	if (metric == CUBE3_OPTIMAL_HTM && max_depth == 0 && v->ucorners > 1)
		table_cache_retire("cube3-optimal-htm-sorted-slice");
	/* The block is read-only from here on; layout() only finds its
	 * parts. */
	layout(v, metric, (void *)(uintptr_t)block, t);
	return true;
}

/* The variant a table choice and metric read: face turns the U
 * corners' (docs/cube-solvers.md: half the nodes of the sorted slice's with the
 * corner parity, in 2.55 GB); quarter turns the sorted slice's. */
const struct variant *
optimal_variant(enum cube3_optimal_table table, enum cube3_optimal_metric metric)
{
	switch (table) {
	case CUBE3_OPTIMAL_TABLE_SMALL:
		return &variants[0];
	case CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS:
		return &variants[3];
	default:
		return metric == CUBE3_OPTIMAL_HTM ? &variants[2] : &variants[1];
	}
}

/* The lower bound of a position's three views. */
int
optimal_bound(const struct optimal_tables *t, const struct axis a[3])
{
	int h[3], v;

	for (v = 0; v < 3; v++) {
		uint32_t r = (uint32_t)a[v].slice * N_FLIP + a[v].flip;

		h[v] = entry_distance(t, entry_of(t, t->fs_class[r], a[v].twist, a[v].ucorners));
	}
	return views_bound(h);
}

/* What each corner and edge adds to the three views' coordinates (the
 * position conjugated by URF3^view, sym_corner_image), by its place and
 * the piece and twist (flip) it holds: to the view's twist and flip as
 * cubie_twist and cubie_flip weigh the place it goes to, and the bit of
 * that place in the view's U corners' and middle edges' masks; the three
 * views side by side in one word (view k's twist at bit 20k, its U
 * corners' mask at 20k + 12; flip at 11k; middle edges at 12k: no sum
 * carries into the next field). One pass over the 20 pieces, 32 reads
 * (68 with the sorted slice's order), gives all three views, where two
 * conjugations and twelve coordinate functions would take a quarter of
 * the superflip's search (the inverse's views, read for every child
 * whose bound is tight). */
struct view_weights {
	uint64_t corner[8][8][3];           /* [place][piece][twist] */
	uint64_t flip[12][12][2];           /* [place][piece][flip] */
	uint64_t slice[12][12];             /* [place][piece] */
	/* The sorted slice's order: by view, a middle edge's number (0..3)
	 * in the 4 bits of the place it goes to; and the rank of the four
	 * numbers read in place order, 2 bits each (perm_rank). */
	uint64_t order[3][12][12];
	uint8_t rank4[256];
};

static struct view_weights view_weights;
static pthread_once_t view_weights_once = PTHREAD_ONCE_INIT;

static void
make_view_weights(void)
{
	struct view_weights *w = &view_weights;
	int k, i, j, o, to, piece, turn;

	sym_init();
	for (k = 0; k < 3; k++) {
		for (i = 0; i < 8; i++)
			for (j = 0; j < 8; j++)
				for (o = 0; o < 3; o++) {
					uint64_t weight = 1;

					sym_corner_image(SYM_URF3 * k, i, j, o, &to, &piece, &turn);
					for (int p = to; p < 6; p++)
						weight *= 3;
					w->corner[i][j][o] += (to < 7 ? (uint64_t)turn * weight : 0) << (20 * k);
					w->corner[i][j][o] += (piece < 4 ? (uint64_t)1 << to : 0) << (20 * k + 12);
				}
		for (i = 0; i < 12; i++)
			for (j = 0; j < 12; j++) {
				for (o = 0; o < 2; o++) {
					sym_edge_image(SYM_URF3 * k, i, j, o, &to, &piece, &turn);
					w->flip[i][j][o] += (to < 11 ? (uint64_t)turn << (10 - to) : 0) << (11 * k);
				}
				w->slice[i][j] += (piece >= 8 ? (uint64_t)1 << to : 0) << (12 * k);
				w->order[k][i][j] = piece >= 8 ? (uint64_t)(piece - 8) << (4 * to) : 0;
			}
	}
	for (i = 0; i < 256; i++) {
		uint8_t p[4];

		for (k = 0; k < 4; k++)
			p[k] = (uint8_t)(i >> (2 * k) & 3);
		w->rank4[i] = (uint8_t)perm_rank(p, 4);
	}
}

/* The three views: the position conjugated by URF3^a, whose U-D axis is
 * the real cube's U-D, R-L and F-B axis in turn. */
void
optimal_axes(const struct optimal_tables *t, const struct cubie *c, struct axis a[3])
{
	const struct view_weights *w = &view_weights;
	uint64_t corners = 0, flips = 0, slices = 0, order[3] = {0, 0, 0};
	bool sorted = t->v->slice_div == 1;
	int i, k;

	for (i = 0; i < 8; i++)
		corners += w->corner[i][c->cp[i]][c->co[i]];
	for (i = 0; i < 12; i++) {
		flips += w->flip[i][c->ep[i]][c->eo[i]];
		slices += w->slice[i][c->ep[i]];
		if (sorted)
			for (k = 0; k < 3; k++)
				order[k] += w->order[k][i][c->ep[i]];
	}
	for (k = 0; k < 3; k++) {
		unsigned mask = (unsigned)(slices >> (12 * k) & 0xfff);

		a[k].twist = (uint16_t)(corners >> (20 * k) & 0xfff);
		a[k].ucorners = t->fixed->ucorners_of_mask[corners >> (20 * k + 12) & 0xff];
		a[k].flip = (uint16_t)(flips >> (11 * k) & 0x7ff);
		a[k].slice = t->fixed->slice_of_mask[mask];
		if (sorted) {
			unsigned key = 0, shift = 0;

			for (; mask != 0; mask &= mask - 1, shift += 2)
				key |= (unsigned)(order[k] >> (4 * __builtin_ctz(mask)) & 3) << shift;
			a[k].slice = (uint16_t)(a[k].slice * 24 + w->rank4[key]);
		}
	}
}

void
optimal_views_init(void)
{
	pthread_once(&view_weights_once, make_view_weights);
}
