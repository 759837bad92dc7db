/*
 * The 3x3x3 optimal solver's pruning tables, shared by its two halves:
 * optimal_tables.c (coordinates, the tables' build and cache, reading an
 * entry, the three views of a position) and optimal.c (the search).
 * The small table's goal (twist, flip and slice solved) is the two-phase
 * method's phase-1 goal, so cube3.c reads it as phase 1's exact
 * distances. Private to those three files; the solver's interface is
 * optimal.h, which takes the two enums below from here.
 */
#ifndef TWIRL_CUBE_OPTIMAL_TABLES_H
#define TWIRL_CUBE_OPTIMAL_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cubie.h"
#include "solvers/cube/symmetry.h"
#include "solvers/tablecache.h"

/* The metric a table and a search count in. */
enum cube3_optimal_metric { CUBE3_OPTIMAL_HTM, CUBE3_OPTIMAL_QTM };

/* The pruning table: the metric's big one, or one that tests can
 * afford (the same search, a weaker bound). */
enum cube3_optimal_table {
	CUBE3_OPTIMAL_TABLE_FULL,
	/* flip x slice classes x twist, 4 bits (70 MB, 10 to 15 s to build) */
	CUBE3_OPTIMAL_TABLE_SMALL,
	/* flip x slice classes x the U corners' places, 2 bits (1.2 MB, 1 s) */
	CUBE3_OPTIMAL_TABLE_SMALL_UCORNERS,
};


/* Coordinates (optimal.h): twist, flip, the UD slice as the set of
 * places that hold the four middle edges FR FL BL BR (0..494), and that
 * set with the four edges' order (the sorted slice, 0..11879). */
#define N_TWIST 2187
#define N_FLIP 2048
#define N_SLICE 495
#define N_SSLICE (N_SLICE * 24)
#define N_UCORNERS 70                   /* the places of the four U corners, 8 choose 4 */

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
 * average, where the face-turn table's are 10.7; four bits would take
 * 1.8 GB for about 1 % fewer nodes: 458 M against 464 M on random 1). */
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
 * for all, 773 M with this (both without optimal.c's corner table),
 * docs/cube-solvers.md). */
#define GROUP_ENTRIES 62
#define GROUP_BYTES 16

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

/* The small table's (CUBE3_OPTIMAL_TABLE_SMALL) distance of (twist,
 * flip, slice) to twist, flip and slice solved, the two-phase method's
 * phase-1 goal (cube3.c): the entry of the flipslice's class and the
 * twist conjugated by the class's symmetry; exact. */
static inline int
optimal_phase1_distance(const struct optimal_tables *t, int twist, int flip, int slice)
{
	uint32_t cs = t->fs_class[(uint32_t)slice * N_FLIP + (uint32_t)flip];

	return entry_distance(t, entry_of(t, cs, twist, 0));
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

/* The face turns (cubie.h's indices) each metric searches: all 18,
 * or the 12 quarter turns. */
extern const int optimal_htm_moves[CUBIE_MOVES];
extern const int optimal_qtm_moves[12];

/* Whether the table of a variant, metric and depth cut is in this
 * process or on disk (its header checked, not its bytes: table_on_disk). */
bool optimal_tables_cached(const struct variant *v, enum cube3_optimal_metric metric,
    int max_depth);

/* The table of a variant (optimal_variant), metric and depth cut (0:
 * none, the solver's; the tests cut small tables), from the cache or
 * built there reporting through prog (may be NULL), laid out into *t
 * (pointing into the cache's read-only block, which lives as long as the
 * process). huge: an uncut table in its huge-page copy (table_get_huge,
 * for a long search), else as the cache holds it. Errors: "cancelled",
 * out of memory, and the build's internal checks. */
bool optimal_tables_load(const struct variant *v, enum cube3_optimal_metric metric,
    int max_depth, bool huge, const struct table_progress *prog, struct optimal_tables *t,
    struct tw_error *err);

/* The variant a table choice and metric read. */
const struct variant *optimal_variant(enum cube3_optimal_table table,
    enum cube3_optimal_metric metric);

/* A cubie's coordinates: the middle edges' places in the table's slice
 * coordinate, the U corners' places (0..69). */
int optimal_table_slice(const struct optimal_tables *t, const struct cubie *c);
int optimal_ucorners(const struct optimal_fixed *f, const struct cubie *c);

/* The lower bound of a position's three views (views_bound of their
 * entries). */
int optimal_bound(const struct optimal_tables *t, const struct axis a[3]);

/* The three views of a position: conjugated by URF3^k, k = 0..2, whose
 * U-D axis is the real cube's U-D, R-L and F-B axis in turn. Call
 * optimal_views_init() once first (thread-safe). */
void optimal_views_init(void);
void optimal_axes(const struct optimal_tables *t, const struct cubie *c, struct axis a[3]);

#endif
