/* Phase 3's pairing coordinate and its distance table, reduced by the
 * cube's symmetries that keep phase 3's moves and the two wing halves
 * (as TPR-4x4x4-Solver reduces its edge table: [TPR] in docs/papers.md).
 *
 * The pairing pi is the even permutation of the 12 slots that takes the
 * slot of each dedge's half-0 wing to the slot of its half-1 wing; the
 * dedges are paired when pi is the identity. A symmetry g that keeps the
 * halves and maps phase 3's turns onto phase 3's turns moves the slots by
 * some sigma and makes of pi its conjugate sigma pi sigma^-1, as far from
 * paired as pi. The four slots that every such g keeps as a set (the
 * ring) carry pi's tuple (its values there, 12*11*10*9 of them), which the
 * symmetries gather into classes; a pairing's index is the class of its
 * tuple and, after conjugating pi by the symmetry that takes its tuple to
 * the class's representative, the order of its other 8 values (an even
 * or odd permutation as the tuple decides: 8!/2).
 *
 * The table is over the pairing and phase 3's parity P (tables.h), which
 * only the wide half turns flip and every symmetry keeps: near paired,
 * about nine pairings in ten are nearer with one parity than with the
 * other (56 % over the table), so the pair bounds phase 3 more tightly
 * than the pairing alone (docs/cube-solvers.md).
 * Private to src/solvers/cube/big/n4. */
#ifndef TWIRL_CUBE_N4_PAIRING_H
#define TWIRL_CUBE_N4_PAIRING_H

#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n4/model.h"
#include "solvers/tablecache.h"

#define R4_PAIR_SYMS_MAX 16
#define R4_PAIR_TUPLES 20736      /* 12^4: a tuple's index, its values as digits */
#define R4_PAIR_REST 20160        /* 8!/2 */
#define R4_PAIR_CLASSES_MAX 2048

struct r4_pairing {
	const uint8_t *table;         /* nclasses * R4_PAIR_REST * 2 entries, 4
	                               * bits each (entry i in the low nibble of
	                               * byte i / 2 when i is even): exact
	                               * distances in phase 3's turns to the
	                               * identity with parity 0 */
	int nsyms, nclasses;          /* symmetry 0 is the identity */
	uint8_t sym_slot[R4_PAIR_SYMS_MAX][R4_SLOTS];      /* sigma */
	uint8_t sym_slot_inv[R4_PAIR_SYMS_MAX][R4_SLOTS];
	uint8_t ring[4], rest[8];     /* slots */
	uint16_t tuple_class[R4_PAIR_TUPLES];   /* 0xffff: two equal values */
	uint8_t tuple_sym[R4_PAIR_TUPLES];      /* the first symmetry that takes the
	                                         * tuple to its class's representative */
	uint8_t rep[R4_PAIR_CLASSES_MAX][4];
	uint16_t rep_mask[R4_PAIR_CLASSES_MAX];  /* the values in rep */
	uint16_t stab[R4_PAIR_CLASSES_MAX];      /* symmetries but the identity that fix rep */
	uint8_t popcount12[1 << 12];
};

/* The pairing coordinates and table, built from the model or loaded from
 * the table cache (prog, which may be NULL, names the build and can
 * cancel it); false with the reason in err: cancelled, out of memory,
 * the cache's, or an internal error if the symmetries are not as
 * assumed. Not thread-safe: the caller (r4_tables_get) holds a lock. */
bool r4_pairing_load(struct r4_pairing *p, const struct r4_model *md,
    const struct table_progress *prog, struct tw_error *err);

/* The table's size in bytes. */
size_t r4_pairing_table_bytes(const struct r4_pairing *p);

/* The index of pairing pi (an even permutation of the 12 slots) with
 * phase 3's parity (0 or 1) in the table: (class * R4_PAIR_REST + the
 * rank of its other 8 values) * 2 + parity. */
static inline uint32_t r4_pairing_index(const struct r4_pairing *p, const uint8_t *pi,
    unsigned parity)
{
	unsigned tuple = ((pi[p->ring[0]] * 12u + pi[p->ring[1]]) * 12u + pi[p->ring[2]]) * 12u +
	    pi[p->ring[3]];
	unsigned cls = p->tuple_class[tuple], k = p->tuple_sym[tuple];
	const uint8_t *sigma = p->sym_slot[k], *back = p->sym_slot_inv[k];
	unsigned taken = p->rep_mask[cls], used = 0, rank = 0, i;
	static const unsigned weight[6] = {2520, 360, 60, 12, 3, 1};   /* (7 - i)! / 2 */

	for (i = 0; i < 6; i++) {
		unsigned v = sigma[pi[back[p->rest[i]]]];
		unsigned rel = v - p->popcount12[taken & ((1u << v) - 1)];

		rank += (rel - p->popcount12[used & ((1u << rel) - 1)]) * weight[i];
		used |= 1u << rel;
	}
	return (cls * R4_PAIR_REST + rank) * 2 + parity;
}

static inline int r4_pairing_bound(const struct r4_pairing *p, uint32_t index)
{
	return p->table[index >> 1] >> (index & 1) * 4 & 15;
}

#endif
