/* The two-phase solver's phase-2 tables (cube3.c searches them; phase 1
 * reads the optimal solver's flip x slice classes x twist table,
 * optimal_tables.h): move tables of the coordinates, their symmetry
 * classes and the pruning tables, one block without pointers that the
 * table cache (solvers/tablecache.h) keeps on disk and maps back read-only.
 * Private to src/solvers/cube. */
#ifndef TWIRL_CUBE3_TABLES_H
#define TWIRL_CUBE3_TABLES_H

#include <stdint.h>

#include "engine/error.h"
#include "engine/perm.h"
#include "engine/cube/cubie.h"
#include "solvers/cube/symmetry.h"

/* Coordinates. */
#define N_PERM 40320
#define N_SPERM 24
#define N_MOVES 18
#define N_CCOMB 140      /* the U corners' places (70) x corner parity (2) */
#define N_PERM_SYM 2768  /* corner (or U-D edge) permutation classes under SYM_UD */

struct cube3_tables {
	struct cubie move[N_MOVES];
	uint8_t sperm_move[N_SPERM][N_MOVES];
	/* Phase 2 over the classes of the corner and of the U-D edge
	 * permutations under the 16 symmetries that keep the U-D axis
	 * (symmetry.h's 0..15, SYM_UD), which map phase-2 moves to phase-2
	 * moves: a permutation p is held as class << 4 | s, conjugating p by s
	 * giving the class's representative (its smallest rank). A move k
	 * (index into cube3_phase2_moves) from p is move sym_move2[s][k] from
	 * the representative, read from the class's row (class << 4 | t of
	 * the result), the symmetries then composed (sym_mult[t][s]). A
	 * distance over p and another coordinate is the representative's
	 * over the other coordinate conjugated by s (sperm_conj, ccomb_conj):
	 * 0.8 MB in all (0.6 MB read node by node) where the raw tables took
	 * 12 MB. */
	uint16_t cperm_class[N_PERM];
	uint16_t eperm_class[N_PERM];
	uint16_t cperm_sym_move[N_PERM_SYM][10];
	uint16_t eperm_sym_move[N_PERM_SYM][10];
	uint16_t cperm_rep_inv[N_PERM_SYM];     /* the representative's inverse, class form */
	uint16_t eperm_rep_inv[N_PERM_SYM];
	uint8_t ccomb_of_crep[N_PERM_SYM];      /* the corner representative's ccomb */
	uint8_t ccomb_conj[N_CCOMB][SYM_UD];
	uint8_t sperm_conj[N_SPERM][SYM_UD];
	uint8_t sperm_inv[N_SPERM];
	uint8_t sym_mult[SYM_UD][SYM_UD];        /* symmetry.h's sym_multiply */
	uint8_t sym_mult_inv[SYM_UD][SYM_UD];    /* [s][t]: s times t's inverse */
	uint8_t sym_move2[SYM_UD][10];
	/* Phase-2 distances: corner class * 24 + the slice edges' permutation,
	 * edge class * 24 + the same, edge class * 140 + the corners' ccomb
	 * (the slice and ccomb conjugated by the class's symmetry). */
	uint8_t prune_csperm[N_PERM_SYM * N_SPERM];
	uint8_t prune_esperm[N_PERM_SYM * N_SPERM];
	uint8_t prune_eccomb[N_PERM_SYM * N_CCOMB];
};

/* Phase 2 keeps to U, D and half turns of R, L, F, B (cubie.h's move
 * indices). */
extern const int cube3_phase2_moves[10];

/* The tables, built on first use or read from the table cache (once,
 * thread-safe); NULL with the reason in err when they cannot be had (out
 * of memory). *seconds, if not NULL, gets how long the first call took. */
const struct cube3_tables *cube3_tables_get(double *seconds, struct tw_error *err);

/* Coordinates of a cubie position: the permutations of the corners, of
 * the eight U and D edges and of the four middle edges (ranks; the two
 * edge ones mean something only in the phase-2 group). */
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
