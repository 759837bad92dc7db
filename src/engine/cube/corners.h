/* The 2x2x2 at the cubie level ([Cube 2x2] in docs/papers.md: 8 cubelets,
 * 24 orientations each): which corner sits at each place and its twist,
 * read from facelets with the reason when no real cube has them. Places
 * and pieces are numbered in Kociemba's order URF UFL ULB UBR DFR DLF DBL
 * DRB; a corner's twist is where its U/D sticker is (0 on the U/D face, 1
 * and 2 clockwise from there). The 2x2x2's rules (a position exists) and
 * its solver share it. */
#ifndef TWIRL_CUBE_CORNERS_H
#define TWIRL_CUBE_CORNERS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"

enum cube2_place { CUBE2_URF, CUBE2_UFL, CUBE2_ULB, CUBE2_UBR, CUBE2_DFR, CUBE2_DLF, CUBE2_DBL,
	CUBE2_DRB };

struct cube2_corners {
	uint8_t cp[8];   /* piece at each place */
	uint8_t co[8];   /* its twist, 0..2 */
};

/* Facelets (0-based, faces URFDLB of 4 each) of each corner place, the
 * U/D sticker first, then clockwise; the colours of each piece in the
 * same order. */
extern const int cube2_corner_facelet[8][3];
extern const char cube2_corner_colour[8][3];

/* Reads the corners of 24 facelets whose colours are the standard ones
 * (the piece at DBL need not be home). Errors: "the corner at position N
 * has colours XYZ, which no corner has" (a piece that does not exist or
 * is there twice), "twisted corner: ...". */
bool cube2_read_corners(const char *f, struct cube2_corners *c, struct tw_error *err);

/* Reads c (a 2x2x2) held any way: its colours are first renamed so that
 * the piece at DBL reads as the solved DBL piece (its stickers name D, B
 * and L, their opposites U, F and R), into *f (25 bytes, NUL-ended), then
 * cube2_read_corners. Errors: "the down-back-left corner's colours are
 * not three different, non-opposite faces", and cube2_read_corners's. */
bool cube2_read_held(const struct cube *c, char f[25], struct cube2_corners *out,
    struct tw_error *err);

/* The 24 facelets of corners c, standard colours, into f. */
void cube2_write_corners(const struct cube2_corners *c, char *f);

#endif
