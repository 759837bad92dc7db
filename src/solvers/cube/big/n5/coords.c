/* The 5x5x5 phase reduction's coordinates for phases 1 and 2 (coords.h). */
#include "solvers/cube/big/n5/coords.h"

/* The 16 centre places off R and L (faces U, F, D, B), in place order. */
const uint8_t r5_udfb_places[16] = {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23};

static unsigned
udfb_mask(uint32_t centre_mask)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < 16; i++)
		if (centre_mask >> r5_udfb_places[i] & 1)
			m |= 1u << i;
	return m;
}

int
r5_x2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c)
{
	return k->rank16[udfb_mask(r5_x_mask(md, c, FACE_U, FACE_D))];
}

int
r5_t2(const struct r5_coords *k, const struct r5_model *md, const struct cube *c)
{
	return k->rank16[udfb_mask(r5_t_mask(md, c, FACE_U, FACE_D))];
}

void
r5_coords_build(struct r5_coords *k, const struct r5_model *md)
{
	unsigned x;
	int m, b, r, i;

	for (m = 0; m < R5_MOVES; m++)
		for (b = 0; b < 3; b++)
			for (x = 0; x < 256; x++) {
				uint32_t ox = 0, ot = 0;

				for (i = 0; i < 8; i++)
					if (x >> i & 1) {
						ox |= 1u << md->x_to[m][b * 8 + i];
						ot |= 1u << md->t_to[m][b * 8 + i];
					}
				k->x_move1[m][b][x] = ox;
				k->t_move1[m][b][x] = ot;
			}
	cube_colex_rank_parts(&k->rank1_part[0][0][0], 8);
	for (x = 0; x < 256; x++)
		k->pop8[x] = (uint8_t)__builtin_popcount(x);
	for (x = 0, r = 0; x < 1u << 16; x++)
		if (__builtin_popcount(x) == 8) {
			k->mask16[r] = (uint16_t)x;
			k->rank16[x] = (uint16_t)r++;
		}
	k->goal1 = 0xf0u | 0xf0000u;          /* places 4..7 (R) and 16..19 (L) */
	k->goal2 = k->rank16[0x0f0f];         /* U and D: the 1st and 3rd four */
}

/* The mask of colex rank r (8 bits of 24), from the top bit down. */
uint32_t
r5_unrank1(uint32_t rank)
{
	return cube_colex_unrank(rank, 24, 8);
}
