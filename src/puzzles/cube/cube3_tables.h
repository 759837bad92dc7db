/* The two-phase solver's tables (cube3.c searches them): move tables of
 * the coordinates, the symmetry classes of the twist and the flip, and the
 * pruning tables of both phases, one block without pointers that the
 * table cache (sys/tablecache.h) keeps on disk and maps back read-only.
 * Private to src/puzzles/cube. */
#ifndef TWIRL_CUBE3_TABLES_H
#define TWIRL_CUBE3_TABLES_H

#include <stdint.h>

#include "core/error.h"
#include "core/perm.h"
#include "puzzles/cube/cubie.h"

/* Coordinates. */
#define N_TWIST 2187
#define N_FLIP 2048
#define N_SLICE 495
#define N_PERM 40320
#define N_SPERM 24
#define N_MOVES 18
#define N_CCOMB 140      /* the U corners' places (70) x corner parity (2) */
#define SYM_Y 2          /* symmetry.h's index of y, the quarter turn about U-D */
#define N_TWIST_SYM 324  /* twist classes under cube3_sym8 */
#define N_FLIP_SYM 336   /* flip classes under cube3_sym8 */

/* symmetry.h's indices of the symmetries that keep the U-D and the F-B
 * axes (F2, U2 and the left-right mirror, and their products): the
 * twist and flip keep their meaning under them. */
extern const int cube3_sym8[8];

struct cube3_tables {
	struct cubie move[N_MOVES];
	uint16_t slice_of_mask[4096];   /* 12-bit masks with 4 bits -> 0..494 */
	uint16_t mask_of_slice[N_SLICE];
	int slice_solved;
	uint16_t twist_move[N_TWIST][N_MOVES];
	uint16_t flip_move[N_FLIP][N_MOVES];
	uint16_t slice_move[N_SLICE][N_MOVES];
	uint16_t cperm_move[N_PERM][N_MOVES];
	uint16_t eperm_move[N_PERM][N_MOVES];
	uint8_t sperm_move[N_SPERM][N_MOVES];
	/* The inverse's coordinates under phase 2's moves (index into
	 * phase2_moves): (P m)^-1 = m^-1 P^-1, each piece's place moved by
	 * m^-1. */
	uint16_t cperm_inv_move[N_PERM][10];
	uint16_t eperm_inv_move[N_PERM][10];
	uint8_t sperm_inv_move[N_SPERM][10];
	/* Phase 1's coordinates by class under the 8 symmetries that keep
	 * the U-D and F-B axes (cube3_sym8): class << 3 | the symmetry k whose
	 * conjugate is the class's representative; the conjugates of the
	 * slice and flip coordinates by each. */
	uint16_t twist_class[N_TWIST];
	uint16_t flip_class[N_FLIP];
	uint16_t twist_rep[N_TWIST_SYM];
	uint16_t flip_rep[N_FLIP_SYM];
	uint16_t slice_conj[N_SLICE][8];
	uint16_t flip_conj[N_FLIP][8];
	/* Phase-1 distances, 4 bits an entry: twist class * 495 + slice,
	 * flip class * 495 + slice, twist class * 2048 + flip (each
	 * coordinate conjugated by the class's symmetry). */
	uint8_t prune_twist[(N_TWIST_SYM * N_SLICE + 1) / 2];
	uint8_t prune_flip[(N_FLIP_SYM * N_SLICE + 1) / 2];
	uint8_t prune_corner[N_PERM * N_SPERM];    /* cperm * 24 + sperm */
	uint8_t prune_edge[N_PERM * N_SPERM];      /* eperm * 24 + sperm */
	uint8_t conj_move[N_MOVES];                /* m conjugated by y */
	uint8_t ccomb_of_cperm[N_PERM];
	/* The twist x flip table is read for the position and for its
	 * conjugate by y, whose flip is the position's edge orientation
	 * about the R-L axis. */
	uint8_t prune_twist_flip[N_TWIST_SYM * N_FLIP / 2];
	uint8_t prune_edge_ccomb[N_PERM * N_CCOMB];  /* eperm * 140 + ccomb */
};

/* Phase 2 keeps to U, D and half turns of R, L, F, B (cubie.h's move
 * indices). */
extern const int cube3_phase2_moves[10];

/* The tables, built on first use or read from the table cache (once,
 * thread-safe); NULL with the reason in err when they cannot be had (out
 * of memory). *seconds, if not NULL, gets how long the first call took. */
const struct cube3_tables *cube3_tables_get(double *seconds, struct tw_error *err);

/* Coordinates of a cubie position: the UD-slice edges' places (0..494),
 * and the permutations of the corners, of the eight U and D edges and of
 * the four middle edges (ranks; the two edge ones mean something only in
 * the phase-2 group). */
int cube3_slice_of(const struct cube3_tables *t, const struct cubie *c);

static inline int
cube3_cperm_of(const struct cubie *c)
{
	return perm_rank(c->cp, 8);
}

static inline int
cube3_eperm_of(const struct cubie *c)
{
	return perm_rank(c->ep, 8);
}

static inline int
cube3_sperm_of(const struct cubie *c)
{
	uint8_t p[4];
	int i;

	for (i = 0; i < 4; i++)
		p[i] = (uint8_t)(c->ep[8 + i] - 8);
	return perm_rank(p, 4);
}

#endif
