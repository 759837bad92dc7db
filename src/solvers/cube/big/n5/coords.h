/* The 5x5x5 phase reduction's coordinates for phases 1 and 2 (cube555's,
 * [cube555] in docs/papers.md): where the R-L coloured X- (T-) centres
 * are, as a colex rank of their 24-bit mask, moved a byte at a time, and
 * phase 2's U-D ranks among the 16 places off R and L. Small tables built
 * with the model, not cached; the pruning tables over them are in
 * tables.h and phase1_table.h. Private to src/solvers/cube/big/n5. */
#ifndef TWIRL_CUBE_N5_COORDS_H
#define TWIRL_CUBE_N5_COORDS_H

#include <stdint.h>

#include "solvers/cube/big/n5/model.h"

#define R5_N1 735471       /* C(24, 8): where the 8 R-L X- (T-) centres are */
#define R5_N2C 12870       /* C(16, 8): U-D X- (T-) centres among the 16 off R and L */
#define R5_N2 (R5_N2C * 2) /* x wing parity */

/* Small rank and move tables, built with the model (not cached). */
struct r5_coords {
	/* A 24-bit centre mask moved by m, a byte at a time: byte b of the
	 * mask (places 8b..8b+7) as x_move1[m][b][byte], OR-ed. */
	uint32_t x_move1[R5_MOVES][3][256];
	uint32_t t_move1[R5_MOVES][3][256];
	/* The colex rank of a 24-bit mask of 8 bits: the sum over its three
	 * bytes of rank1_part[b][bits below byte b][byte]. */
	uint32_t rank1_part[3][9][256];
	uint8_t pop8[256];                  /* bits set in a byte (no popcount instruction assumed) */
	uint16_t rank16[1 << 16];           /* 16-bit masks of 8 bits -> C(16,8) rank */
	uint16_t mask16[R5_N2C];
	uint32_t goal1;                     /* the R and L places: 4..7, 16..19 */
	int goal2;                          /* U and D among the 16 */
};

/* The 16 centre places off R and L (faces U, F, D, B), in place order:
 * phase 2's ranks count among them. */
extern const uint8_t r5_udfb_places[16];

/* Fills k from the model. */
void r5_coords_build(struct r5_coords *k, const struct r5_model *md);

/* The 24-bit mask of 8 bits of colex rank r (0..R5_N1-1). */
uint32_t r5_unrank1(uint32_t rank);

/* Colex rank 0..R5_N1-1 of a 24-bit mask with 8 bits set. */
static inline uint32_t r5_rank1(const struct r5_coords *k, uint32_t mask)
{
	uint32_t b0 = mask & 0xff, b1 = mask >> 8 & 0xff;
	int n0 = k->pop8[b0], n1 = n0 + k->pop8[b1];

	return k->rank1_part[0][0][b0] + k->rank1_part[1][n0][b1] + k->rank1_part[2][n1][mask >> 16];
}

/* A 24-bit centre mask after move m, by the byte tables mv (x_move1 or
 * t_move1 of the coords). */
static inline uint32_t r5_move_mask(const uint32_t (*mv)[256], uint32_t mask)
{
	return mv[0][mask & 0xff] | mv[1][mask >> 8 & 0xff] | mv[2][mask >> 16];
}

/* Phase 2's coordinates of c (a view's cube whose R-L centres are on R
 * and L): the rank of the U-D coloured X (T) centres among the 16 places
 * off R and L, 0..R5_N2C-1. */
int r5_x2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c);
int r5_t2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c);

#endif
