#include "puzzles/cube/optimal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/perm.h"
#include "puzzles/cube/cubie.h"
#include "puzzles/cube/symmetry.h"
#include "sys/tablecache.h"

/* Coordinates (optimal.h): twist, flip, the UD slice as the set of
 * places that hold the four middle edges FR FL BL BR (0..494), and that
 * set with the four edges' order (the sorted slice, 0..11879). */
#define N_TWIST 2187
#define N_FLIP 2048
#define N_SLICE 495
#define N_SSLICE (N_SLICE * 24)
#define N_UCORNERS 70                   /* the places of the four U corners, 8 choose 4 */
#define UNSET 15                        /* a build entry not reached yet */
#define MAX_DEPTH 32
#define SPLIT_DEPTH 3                   /* the threads' tasks: the nodes 3 moves deep */
#define MAX_THREADS 16

/* A pruning table's coordinates: the flipslice (flip x slice, or flip
 * x sorted slice, 24 times the entries) reduced by the symmetries, the
 * twist or not, the U corners' places or not; and its entries' size. The
 * face-turn table solve --optimal reads is "slice-ucorners" (2.55 GB), the
 * quarter-turn one "sorted-slice" (0.97 GB); the others are the tests'. */
struct variant {
	const char *name;
	int slice_count;                    /* N_SLICE or N_SSLICE */
	int slice_div;                      /* sorted slice / this = its slice */
	uint32_t classes;                   /* flipslice under the 16 symmetries */
	int twists;                         /* N_TWIST, or 1 without the twist */
	int ucorners;                       /* N_UCORNERS: the U corners' places a coordinate; else 1 */
	int base[2];                        /* by metric: >= 0 two bits over this floor, < 0 four */
};

static const struct variant variants[4] = {
	{"slice", N_SLICE, 24, 64430, N_TWIST, 1, {-1, -1}},
	{"sorted-slice", N_SSLICE, 1, 1523864, N_TWIST, 1, {-1, 9}},
	{"slice-ucorners", N_SLICE, 24, 64430, N_TWIST, N_UCORNERS, {8, 10}},
	{"slice-ucorners-notwist", N_SLICE, 24, 64430, 1, N_UCORNERS, {0, 0}},
};

/* The fixed part of the table block (one block without pointers, so
 * that the table cache keeps it on disk and maps it back read-only);
 * then, by the variant's sizes (layout()): the class of each flipslice
 * (slice * N_FLIP + flip, uint32), a symmetry whose conjugation takes it
 * to its class's representative (uint8), each class's representative
 * (uint32) and the symmetries that fix it (uint16 mask), and the
 * distance to the goal of each (class, twist and U corners conjugated
 * along), entry j = (class * twists + twist) * ucorners + U corners:
 * 4 bits an entry, or 2 over a floor (variant.base, GROUP_ENTRIES).
 * The face-turn table twirl solve --optimal reads is the U corners'
 * (Rokicki's nxopt subgroup: the corners' twist and U-D split, reduced by
 * the 16 symmetries, times the edges' flip and the middle edges'
 * places; here the symmetries reduce the edges' part instead, to the
 * same 9.9 G entries), 2.55 GB in two bits; the quarter-turn one the
 * sorted slice's, 0.97 GB in two bits (over 9: its distances are 11.6 on
 * average, where the face-turn table's are 10.7; in four bits it was
 * 1.8 GB, and random 1 took 458 M nodes where it takes 464 M). */
struct optimal_fixed {
	uint16_t twist_move[N_TWIST][CUBIE_MOVES];
	uint16_t flip_move[N_FLIP][CUBIE_MOVES];
	uint16_t slice_move[N_SLICE][CUBIE_MOVES];
	uint16_t sslice_move[N_SSLICE][CUBIE_MOVES];
	uint16_t twist_conj[N_TWIST][SYM_UD];
	uint16_t slice_of_mask[4096];       /* 12-bit masks with 4 bits -> 0..494 */
	uint16_t mask_of_slice[N_SLICE];
	uint8_t ucorners_move[N_UCORNERS][CUBIE_MOVES];
	uint8_t ucorners_conj[N_UCORNERS][SYM_UD];
	uint8_t ucorners_of_mask[256];      /* 8-bit masks with 4 bits -> 0..69 */
	uint8_t mask_of_ucorners[N_UCORNERS];
};

/* The block, its parts found by layout(). */
struct optimal_tables {
	const struct variant *v;
	int base;                           /* the variant's for the metric */
	const uint8_t *groups;              /* base >= 0: GROUP_ENTRIES entries a 16-byte group */
	struct optimal_fixed *fixed;
	const uint16_t *tslice_move;        /* the table's slice coordinate's moves */
	/* flipslice -> its class << 4 | a symmetry whose conjugation takes
	 * it to the class's representative (one read for both) */
	uint32_t *fs_class;
	uint32_t *fs_rep;
	uint16_t *fs_stab;
	uint8_t *prune;                     /* base < 0: 4 bits an entry */
	size_t entries;                     /* classes * twists * ucorners */
	int twists, ucorners;               /* the variant's */
	unsigned twist_mask, ucorner_mask;  /* 0 for a coordinate not in the table */
};

/* Two bits an entry, after Rokicki's nxopt: 62 entries to a 16-byte
 * group, whose first 4 bits hold the least distance in the group, m.
 * Over the floor f = max(m, base), an entry stores its distance less f
 * (3 for 3 or more, read as f + 3); at most f, 0, read as m. Where the
 * group's least is over the base, its entries from m to m + 3 read
 * exactly; elsewhere those from base + 1 to base + 3 (nxopt has one base
 * for all groups: its 0 is read as the least even where that is well
 * over the base; the superflip's search takes 932 M nodes with base 9
 * for all, 773 M with this, BENCHMARKS.md). */
#define GROUP_ENTRIES 62
#define GROUP_BYTES 16

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

static const int htm_moves[CUBIE_MOVES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
	12, 13, 14, 15, 16, 17};
static const int qtm_moves[12] = {0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17};

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
static int
ucorners_of(const struct optimal_fixed *f, const struct cubie *c)
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
			f->ucorners_move[i][m] = (uint8_t)ucorners_of(f, &d);
		}
		for (s = 0; s < SYM_UD; s++) {
			sym_conjugate(s, &c, &d);
			f->ucorners_conj[i][s] = (uint8_t)ucorners_of(f, &d);
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
static inline int
table_slice_of(const struct optimal_tables *t, const struct cubie *c)
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
	return (uint32_t)table_slice_of(t, c) * N_FLIP + (uint32_t)cubie_flip(c);
}

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
				tw_error_set(err, "cancelled");
				return false;
			}
			table_progress_report(prog, (int)(100 * (uint64_t)r / raw));
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

/* The entry of (class c, twist tw, U corners uc), the last two as the
 * class's representative has them (masked out when the variant has not
 * got them). */
static inline size_t
index_at(const struct optimal_tables *t, uint32_t c, unsigned tw, unsigned uc)
{
	return ((size_t)c * (size_t)t->twists + (tw & t->twist_mask)) * (size_t)t->ucorners +
	    (uc & t->ucorner_mask);
}

/* The entry of a position: its flipslice's class and symmetry cs, its
 * twist and U corners. */
static inline size_t
entry_of(const struct optimal_tables *t, uint32_t cs, int twist, int ucorners)
{
	return index_at(t, cs >> 4, t->fixed->twist_conj[twist][cs & 15],
	    t->fixed->ucorners_conj[ucorners][cs & 15]);
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
};

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

/* Marks building entry i and the entries its class's own symmetries
 * make of it (the same position class); returns how many were new. */
static unsigned
mark(struct bfs *b, size_t i, uint8_t value)
{
	const struct optimal_tables *t = b->t;
	int uc = (int)(i % (size_t)t->ucorners);
	uint32_t c = (uint32_t)(i / (size_t)t->ucorners / (size_t)t->twists);
	int tw = (int)(i / (size_t)t->ucorners % (size_t)t->twists), s;
	unsigned stab = t->fs_stab[c], n = claim(b->dist, i, value);

	for (s = 1; s < SYM_UD; s++)
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
	int tw, uc, k, ucorners = t->ucorners;

	for (c = p->from; c < p->to; c++) {
		uint32_t r = t->fs_rep[c];

		if ((c & 255) == 0 && b->cancel != NULL && atomic_load(b->cancel))
			break;
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
				for (k = 0; !row_ready && k < b->nmoves; k++)
					row[k] = index_at(t, cs[k] >> 4,
					    f->twist_conj[f->twist_move[tw][b->moves[k]]][cs[k] & 15], 0);
				row_ready = true;
				for (k = 0; k < b->nmoves; k++) {
					size_t to = row[k] + (f->ucorners_conj[f->ucorners_move[uc][b->moves[k]]]
					    [cs[k] & 15] & t->ucorner_mask);

					if (!b->backwards) {
						marked += mark(b, to, next);
					} else if (get(b->dist, to) == d) {
						marked += mark(b, i, next);
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

/* The distances, breadth first from the goal, up to max_depth
 * (0: all of them); entries beyond it get max_depth + 1, still a lower
 * bound (a table that tests can afford). */
static bool
build_prune(const struct optimal_tables *t, enum cube3_optimal_metric metric, int max_depth,
    const struct table_progress *prog, struct tw_error *err)
{
	struct bfs b = {.t = t, .cancel = prog != NULL ? prog->cancel : NULL};
	struct bfs_part part[8];
	pthread_t thread[8];
	unsigned long long filled, frontier;
	int nthreads = thread_count(), started, i;
	size_t e, n;
	struct cubie solved;

	n = t->entries;
	b.dist = malloc((n + 1) / 2);
	if (b.dist == NULL) {
		tw_error_set(err, "out of memory (the optimal solver's table needs %zu MB to build)",
		    (n + 1) / 2 >> 20);
		return false;
	}
	memset(b.dist, 0xff, (n + 1) / 2);
	b.moves = metric == CUBE3_OPTIMAL_QTM ? qtm_moves : htm_moves;
	b.nmoves = metric == CUBE3_OPTIMAL_QTM ? 12 : CUBIE_MOVES;
	cubie_identity(&solved);
	frontier = filled = mark(&b, index_at(t, t->fs_class[flipslice_of(t, &solved)] >> 4, 0, 0), 0);
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
		table_progress_report(prog, 100 + (int)(850 * filled / n));
	}
	if (b.cancel != NULL && atomic_load(b.cancel)) {
		free(b.dist);
		tw_error_set(err, "cancelled");
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
			uint8_t d = get(b.dist, e) == UNSET ? (uint8_t)(max_depth + 1) : get(b.dist, e);

			t->prune[e >> 1] |= (uint8_t)(d << ((e & 1) * 4));
		}
	} else {
		uint8_t *groups = (uint8_t *)(uintptr_t)t->groups;

		for (e = 0; e < t->entries; e += GROUP_ENTRIES) {
			size_t k, end = e + GROUP_ENTRIES < t->entries ? e + GROUP_ENTRIES : t->entries;
			uint8_t *q = groups + e / GROUP_ENTRIES * GROUP_BYTES, least = 15;
			unsigned over;

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
	table_progress_report(prog, 100);
	if (!build_prune(&t, kind->metric, kind->max_depth, prog, err))
		return false;
	table_progress_report(prog, 1000);
	return true;
}

/* The table of a variant, metric and depth cut, found in the cache
 * block (built there on first use) and laid out into *t. */
static bool
tables(const struct variant *v, enum cube3_optimal_metric metric, int max_depth,
    atomic_int *progress, atomic_bool *cancel, _Atomic(const char *) *phase,
    struct optimal_tables *t, struct tw_error *err)
{
	char name[64], params[160], entry[32];
	struct table_kind kind = {v, metric, max_depth};
	/* Version 3: the U corners and the two-bit groups (2: the face-turn
	 * table's corner parity planes). */
	struct table_spec spec = {name, 3, params, layout(v, metric, NULL, NULL), build_tables,
	    &kind, false};
	struct table_progress prog = {progress, cancel, phase, 0, 0};
	const void *block;

	snprintf(name, sizeof name, "cube3-optimal-%s-%s%s", metric == CUBE3_OPTIMAL_QTM ?
	    "qtm" : "htm", v->name, max_depth > 0 ? "-cut" : "");
	if (v->base[metric] >= 0)
		snprintf(entry, sizeof entry, "2 bits over %d", v->base[metric]);
	else
		snprintf(entry, sizeof entry, "4 bits");
	snprintf(params, sizeof params,
	    "flip x %s %d, sym16 %u classes x twist %d x ucorners %d, %s, depth %d, fixed %zu",
	    v->name, v->slice_count, v->classes, v->twists, v->ucorners, entry, max_depth,
	    sizeof(struct optimal_fixed));
	sym_init();
	/* The search reads the table at random, three entries a node; in
	 * huge pages it is about twice as fast. */
	block = max_depth == 0 ? table_get_huge(&spec, &prog, err) : table_get(&spec, &prog, err);
	if (block == NULL)
		return false;
	/* Before version 3 the face-turn table was the sorted slice's with
	 * the corner parity (2.3 GB); it is read no more. */
	if (metric == CUBE3_OPTIMAL_HTM && max_depth == 0 && v->ucorners > 1)
		table_cache_retire("cube3-optimal-htm-sorted-slice");
	/* The block is read-only from here on; layout() only finds its
	 * parts. */
	layout(v, metric, (void *)(uintptr_t)block, t);
	return true;
}

/* The variant a table choice and metric read: face turns the U
 * corners' (BENCHMARKS.md: half the nodes of the sorted slice's with the
 * corner parity, in 2.55 GB); quarter turns the sorted slice's. */
static const struct variant *
variant_for(enum cube3_optimal_table table, enum cube3_optimal_metric metric)
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

bool
cube3_optimal_prepare(enum cube3_optimal_metric metric, atomic_int *progress,
    atomic_bool *cancel, struct tw_error *err)
{
	struct optimal_tables t;

	return tables(variant_for(CUBE3_OPTIMAL_TABLE_FULL, metric), metric, 0, progress, cancel,
	    NULL, &t, err);
}

/* One axis's view of the position: its coordinates. */
struct axis {
	uint16_t twist, flip, slice;    /* slice: the table's (sorted or not) */
	uint8_t ucorners;               /* the U corners' places */
};

/* Where entry j is, to prefetch it. */
static inline const void *
entry_place(const struct optimal_tables *t, size_t j)
{
	if (t->base >= 0)
		return &t->groups[j / GROUP_ENTRIES * GROUP_BYTES];
	return &t->prune[j >> 1];
}

/* Entry j's distance: a lower bound of the position's distance to the
 * goal (exact in four bits; two bits: GROUP_ENTRIES). */
static inline int
entry_distance(const struct optimal_tables *t, size_t j)
{
	size_t g;
	unsigned r, code, least, floor;
	const uint8_t *q;

	if (t->base < 0)
		return t->prune[j >> 1] >> ((j & 1) * 4) & 15;
	g = j / GROUP_ENTRIES;
	r = (unsigned)(j - g * GROUP_ENTRIES) + 2;
	q = t->groups + g * GROUP_BYTES;
	code = q[r >> 2] >> ((r & 3) * 2) & 3;
	least = q[0] & 15;
	floor = least > (unsigned)t->base ? least : (unsigned)t->base;
	return (int)(code == 0 ? least : floor + code);
}

/* The bound three views' entries give: the largest, or one more when
 * all three are equal and not 0 (the last move of a shortest solution
 * keeps one axis's goal subgroup, optimal.h). */
static inline int
views_bound(const int h[3])
{
	int b = h[0] > h[1] ? h[0] : h[1];

	b = h[2] > b ? h[2] : b;
	if (h[0] == h[1] && h[1] == h[2] && h[0] > 0)
		b = h[0] + 1;
	return b;
}

/* The lower bound of a position's three views. */
static int
bound_of(const struct optimal_tables *t, const struct axis a[3])
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
 * carries into the next field). One pass over the 20 pieces, 32 reads,
 * gives all three views, where two conjugations and twelve coordinate
 * functions took a quarter of the superflip's search (the inverse's
 * views, read for every child whose bound is tight). */
struct view_weights {
	uint64_t corner[8][8][3];           /* [place][piece][twist] */
	uint64_t flip[12][12][2];           /* [place][piece][flip] */
	uint64_t slice[12][12];             /* [place][piece] */
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
			}
	}
}

/* The three views: the position conjugated by URF3^a, whose U-D axis is
 * the real cube's U-D, R-L and F-B axis in turn. */
static void
axes_of(const struct optimal_tables *t, const struct cubie *c, struct axis a[3])
{
	int k;

	if (t->v->slice_div != 1) {
		const struct view_weights *w = &view_weights;
		uint64_t corners = 0, flips = 0, slices = 0;
		int i;

		for (i = 0; i < 8; i++)
			corners += w->corner[i][c->cp[i]][c->co[i]];
		for (i = 0; i < 12; i++) {
			flips += w->flip[i][c->ep[i]][c->eo[i]];
			slices += w->slice[i][c->ep[i]];
		}
		for (k = 0; k < 3; k++) {
			a[k].twist = (uint16_t)(corners >> (20 * k) & 0xfff);
			a[k].ucorners = t->fixed->ucorners_of_mask[corners >> (20 * k + 12) & 0xff];
			a[k].flip = (uint16_t)(flips >> (11 * k) & 0x7ff);
			a[k].slice = t->fixed->slice_of_mask[slices >> (12 * k) & 0xfff];
		}
		return;
	}
	/* The sorted slice needs its edges' order: conjugate. */
	for (k = 0; k < 3; k++) {
		struct cubie v;

		if (k == 0)
			v = *c;
		else
			sym_conjugate(SYM_URF3 * k, c, &v);
		a[k].twist = (uint16_t)cubie_twist(&v);
		a[k].flip = (uint16_t)cubie_flip(&v);
		a[k].slice = (uint16_t)table_slice_of(t, &v);
		a[k].ucorners = (uint8_t)ucorners_of(t->fixed, &v);
	}
}

/* The corners' own distance, by metric: twist and the U corners'
 * places to twist 0 with the U corners up (153 KB, in the caches). A
 * child it puts out of reach is not looked up in the big table: the two
 * bits read low where a group's least is low, and the superflip's
 * flip-heavy search runs through such groups (773 M -> 578 M nodes;
 * random states unchanged, BENCHMARKS.md). Built at the first solve
 * from the move tables, which every variant's block holds alike. */
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
		const int *moves = metric == CUBE3_OPTIMAL_QTM ? qtm_moves : htm_moves;
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

struct search;

static int corner_views(const struct search *s, const struct axis a[3], uint8_t d[3]);

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
	uint8_t inverse_move[CUBIE_MOVES];
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
 * later views once one rules it out, was slower: 38 s against 31 s on
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
			axes_of(t, &child_inv[k], n_inv[k]);
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

	axes_of(t, c, a);
	h = bound_of(t, a);
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
	struct search *s;
	struct axis a[3];
	int depth, i, v, m, threads;
	bool found = false;

	s = tw_calloc(1, sizeof *s, err);
	if (s == NULL)
		return false;
	if (!cubie_from_cube(c, &s->start, err))
		goto fail;
	if (opt != NULL && opt->phase != NULL)
		atomic_store(opt->phase, "reading the table");
	if (!tables(variant_for(opt != NULL ? opt->table : CUBE3_OPTIMAL_TABLE_FULL, metric), metric,
	    opt != NULL ? opt->table_depth : 0, opt != NULL ? opt->progress : NULL,
	    opt != NULL ? opt->cancel : NULL, opt != NULL ? opt->phase : NULL, &s->t, err))
		goto fail;
	s->split_depth = -1;
	threads = opt != NULL && opt->threads > 0 ? opt->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
	threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
	s->qtm = metric == CUBE3_OPTIMAL_QTM;
	s->moves = s->qtm ? qtm_moves : htm_moves;
	s->nmoves = s->qtm ? 12 : CUBIE_MOVES;
	s->cancel = opt != NULL ? opt->cancel : NULL;
	s->progress = opt != NULL ? opt->progress : NULL;
	cubie_face_turns(s->turn);
	for (m = 0; m < CUBIE_MOVES; m++) {
		const struct cubie *back;
		int k;

		s->move_axis[m] = (uint8_t)(m / 3 % 3);
		s->inverse_move[m] = (uint8_t)(m - m % 3 + 2 - m % 3);
		s->axis_moves[s->move_axis[m]] |= 1u << m;
		back = &s->turn[s->inverse_move[m]];
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
	pthread_once(&view_weights_once, make_view_weights);
	make_corner_near(s->t.fixed);
	s->corner_near = corner_near[metric];
	s->stab[0] = 1;
	for (i = 1; i < SYM_COUNT; i++) {
		struct cubie image;

		sym_conjugate(i, &s->start, &image);
		if (memcmp(&image, &s->start, sizeof image) == 0)
			s->stab[0] |= (uint64_t)1 << i;
	}
	axes_of(&s->t, &s->start, a);
	cubie_inverse(&s->start, &s->inv_at[0]);
	{
		struct cubie id;

		cubie_identity(&id);
		s->goal_slice = table_slice_of(&s->t, &id);
		s->goal_ucorners = ucorners_of(s->t.fixed, &id);
	}
	depth = bound_for(&s->t, &s->start, s->qtm);
	if (stats != NULL)
		stats->lower_bound = depth;
	/* Every position is within 20 face turns (26 quarter turns). */
	for (; depth < MAX_DEPTH && !s->stop; depth += s->qtm ? 2 : 1) {
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
	if (!found) {
		tw_error_set(err, s->stop ? "cancelled" : "internal error: no solution within %d moves",
		    MAX_DEPTH);
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
