/* Phase 1's combined bound (n5.h): the distance of the R-L coloured
 * X- and T-centres at once, reduced by the 16 symmetries of the cube that
 * keep the R-L axis, after cube555's CenterSymPrun ([cube555] in
 * docs/papers.md). A state is keyed by its X class (of 46,371) and its
 * T mask conjugated by the symmetry that takes X to the class's
 * representative, the smallest such rank over the representative's
 * stabiliser (so every symmetric image of a state has one key):
 *   key = class * R5_N1 + T rank, below 3.41e10.
 * Breadth first from the goal, the states within R5_XT_EXACT turns go
 * into an open-addressing hash with their distance, and the states at
 * R5_XT_EXACT + 1 set a bit of a filter (as do the nearer ones). The
 * bound of a key: its distance if the hash has it; else R5_XT_EXACT + 1
 * if its filter bit is set; else R5_XT_EXACT + 2. It is exact up to
 * R5_XT_EXACT + 1 and never more than the distance, and (a filter bit
 * set by another key can only lower R5_XT_EXACT + 2 to + 1) one turn
 * changes it by at most one. Private to src/solvers/cube/big/n5. */
#ifndef TWIRL_CUBE_N5_PHASE1_TABLE_H
#define TWIRL_CUBE_N5_PHASE1_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/coords.h"
#include "solvers/tablecache.h"

#define R5_SYMS 16
#define R5_XCLASSES_MAX 46371   /* cube555's count; checked when built */
#define R5_XT_EXACT 6           /* the hash's depth */
#define R5_XT_HASH_BITS 21      /* 2,097,152 slots of 64 bits (16 MiB) */
#define R5_XT_FILTER_BITS 28    /* 2^28 bits (32 MiB) */

/* The 16 symmetries and the X classes (one block in the table cache:
 * cube5-phase1-syms). */
struct r5_syms {
	/* Symmetry s moves facelet d to facelet facelet_to[s][d] (0 is the
	 * identity); move m conjugated by s (s m s^-1) is move move_conj[s][m]. */
	uint8_t facelet_to[R5_SYMS][R5_FACELETS];
	uint8_t move_conj[R5_SYMS][R5_MOVES];
	/* A 24-bit X (T) mask mapped by s, a byte at a time as in r5_move_mask. */
	uint32_t x_sym1[R5_SYMS][3][256];
	uint32_t t_sym1[R5_SYMS][3][256];
	/* By X rank: its class (representatives numbered in rank order) and
	 * a symmetry that maps it to the representative. */
	uint16_t x_class[R5_N1];
	uint8_t x_sym[R5_N1];
	uint32_t rep_mask[R5_XCLASSES_MAX];   /* the representative's X mask (the smallest rank) */
	uint16_t stab[R5_XCLASSES_MAX];       /* bit s: s (not the identity) fixes the representative */
	int nclasses;
};

/* The hash (R5_XT_HASH_SLOTS entries: key + 1 in the low 40 bits, the
 * distance above; 0 empty) then the filter (R5_XT_FILTER_BITS bits as
 * 64-bit words), one block in the table cache. */
#define R5_XT_HASH_SLOTS (1u << R5_XT_HASH_BITS)
#define R5_XT_FILTER_WORDS ((size_t)1 << (R5_XT_FILTER_BITS - 6))

/* The symmetries and X classes (built once, thread-safe; static, never
 * freed) and the combined table (built or loaded once through the table
 * cache as "cube5-phase1-xt" version 1, 48 MiB; prog, which may be NULL,
 * reports progress 0..1000 and can cancel). NULL with the reason in err:
 * "cancelled", out of memory, the cache's, or an internal error (a
 * symmetry that does not conjugate the 36 turns into turns or moves the
 * goal, a class count other than cube555's 46,371, a hash too full).
 * *syms gets the symmetries. Building takes a few seconds on two
 * threads. */
const uint64_t *r5_xt_table_get(const struct r5_syms **syms, const struct r5_coords *k,
    const struct table_progress *prog, struct tw_error *err);

/* The table's bytes (hash and filter). */
size_t r5_xt_table_bytes(void);

/* The key of the state with X rank xr (r5_rank1) and T mask t (a 24-bit
 * mask of 8 places): the same for every symmetric image of the state. */
static inline uint64_t r5_xt_key(const struct r5_syms *sy, const struct r5_coords *k, uint32_t xr,
    uint32_t t)
{
	unsigned cls = sy->x_class[xr], st = sy->stab[cls];
	uint32_t tc = r5_move_mask(sy->t_sym1[sy->x_sym[xr]], t), tr = r5_rank1(k, tc);

	while (st != 0) {
		int s = __builtin_ctz(st);
		uint32_t r = r5_rank1(k, r5_move_mask(sy->t_sym1[s], tc));

		st &= st - 1;
		if (r < tr)
			tr = r;
	}
	return (uint64_t)cls * R5_N1 + tr;
}

/* Where the hash's probe for key starts, and key's filter bit. */
static inline uint32_t r5_xt_hash_slot(uint64_t key)
{
	return (uint32_t)(((key + 1) * 0x9e3779b97f4a7c15ull) >> (64 - R5_XT_HASH_BITS));
}

static inline uint64_t r5_xt_filter_bit(uint64_t key)
{
	return (key * 0xc2b2ae3d27d4eb4full) >> (64 - R5_XT_FILTER_BITS);
}

/* Starts fetching what r5_xt_bound(tb, key) reads first. */
static inline void r5_xt_prefetch(const uint64_t *tb, uint64_t key)
{
	__builtin_prefetch(&tb[R5_XT_HASH_SLOTS + (r5_xt_filter_bit(key) >> 6)]);
}

/* The bound of key from table tb (r5_xt_table_get): 0..R5_XT_EXACT + 2. */
static inline int r5_xt_bound(const uint64_t *tb, uint64_t key)
{
	const uint64_t *filter = tb + R5_XT_HASH_SLOTS;
	uint64_t bit = r5_xt_filter_bit(key), want = key + 1;
	uint32_t at;

	if (!(filter[bit >> 6] >> (bit & 63) & 1))
		return R5_XT_EXACT + 2;
	for (at = r5_xt_hash_slot(key);; at = (at + 1) & (R5_XT_HASH_SLOTS - 1)) {
		uint64_t e = tb[at];

		if (e == 0)
			return R5_XT_EXACT + 1;
		if ((e & 0xffffffffffull) == want)
			return (int)(e >> 40);
	}
}

#endif
