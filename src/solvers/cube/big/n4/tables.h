/* The phase reduction's coordinates and pruning tables (n4.h): one
 * block without pointers, built once and kept by the table cache
 * (solvers/tablecache.h). Every pruning table holds exact distances, one byte
 * an entry, in outer block turns of its phase's moves. Private to
 * src/solvers/cube/big/n4. */
#ifndef TWIRL_CUBE_N4_TABLES_H
#define TWIRL_CUBE_N4_TABLES_H

#include <stdint.h>

#include "engine/error.h"
#include "solvers/cube/big/n4/model.h"
#include "solvers/cube/big/n4/pairing.h"
#include "solvers/tablecache.h"

#define R4_N1 735471       /* C(24, 8): where the 8 R-L centres are */
#define R4_N_UDFB 12870    /* C(16, 8): U-D centres among the 16 off R and L */
#define R4_N_RL 70         /* C(8, 4): R centres among the 8 on R and L */
#define R4_UNSEEN CUBE_TABLE_UNSEEN   /* an entry no breadth-first search reached */
#define R4_N2 (R4_N_UDFB * R4_N_RL * 2)          /* x wing parity */
#define R4_N3C (R4_N_RL * R4_N_RL * R4_N_RL * 2) /* U in U-D, F in F-B, R in R-L, parity */
struct r4_tables {
	uint8_t prune1[R4_N1];
	uint16_t udfb_move[R4_N_UDFB][R4_PHASE2_MOVES];
	uint8_t rl_move[R4_N_RL][R4_PHASE2_MOVES];
	uint8_t prune2[R4_N2];                     /* (udfb * 70 + rl) * 2 + parity */
	uint8_t ud_move[R4_N_RL][R4_PHASE3_MOVES];
	uint8_t fb_move[R4_N_RL][R4_PHASE3_MOVES];
	uint8_t rl3_move[R4_N_RL][R4_PHASE3_MOVES];
	/* ((ud * 70 + fb) * 70 + rl) * 2 + P, with P phase 3's parity: the
	 * corners' permutation parity plus half 0's slots', 0 at the end, so
	 * that the 3x3x3 has no PLL parity (model.h, parity_flip). */
	uint8_t prune3_centres[R4_N3C];
	/* Phase 3's centre goals (indices into prune3_centres): home, and
	 * home turned by the whole-cube half turn h = 1, 2, 3 (model.h).
	 * prune3_centres holds the distance to the nearest of the four. */
	uint32_t goal3[4];
};

/* Small rank tables, built with the model. */
struct r4_coords {
	uint32_t move1[R4_MOVES][3][256];   /* a centre mask's bytes moved */
	uint16_t rank16[1 << 16];           /* 16-bit masks of 8 bits -> C(16,8) rank */
	uint16_t mask16[R4_N_UDFB];
	uint8_t rank8[256];                 /* 8-bit masks of 4 bits -> C(8,4) rank */
	uint32_t goal1;                     /* the R and L places */
	int goal_udfb;
};

/* The tables and rank tables (built or loaded once, thread-safe; prog,
 * which may be NULL, names the build and can cancel it); NULL with the
 * reason in err: cancelled, out of memory, the model's or the cache's
 * (then the next call tries again).
 * *pairing (if pairing is not NULL) gets phase 3's pairing coordinate
 * and table (pairing.h). */
const struct r4_tables *r4_tables_get(const struct r4_coords **coords,
    const struct r4_pairing **pairing,
    const struct table_progress *prog, struct tw_error *err);

/* Rank of a 24-bit mask of 8 bits (colex), 0..R4_N1-1. */
int r4_rank1(uint32_t mask);

/* Phase-2 and phase-3 coordinates of c (in a view whose R-L centres are
 * home for phase 2; phase 3 also needs U-D centres on U and D). */
uint32_t r4_centre_mask(const struct cube *c, const struct r4_model *md, int colour_a, int colour_b);
int r4_udfb(const struct r4_coords *k, const struct cube *c, const struct r4_model *md);
int r4_rl(const struct r4_coords *k, const struct cube *c, const struct r4_model *md);
int r4_ud(const struct r4_coords *k, const struct cube *c, const struct r4_model *md);
int r4_fb(const struct r4_coords *k, const struct cube *c, const struct r4_model *md);

#endif
