/* Tile lists shared by the puzzles whose positions are numbered tiles
 * (torus, nrp): "6,5,4,3,2,1", row by row, each tile 1..cells once. */
#ifndef TWIRL_TILES_H
#define TWIRL_TILES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"

/* Reads a decimal number at *p (advancing it); -1 if there is no digit,
 * LONG_MAX past nine digits, so that huge inputs stay huge without
 * overflow; a message names such a number by its text. */
long tiles_read_number(const char **p);

/* Parses a comma-separated list of the tiles 1..rows*cols into tile[].
 * With rot non-NULL a tile may carry a rotation letter (u r d l: 0..3
 * clockwise quarter turns) stored in rot[]; without it such a letter is
 * refused, naming the orientable params example orientable_hint (NULL: a
 * puzzle without rotations, where a letter is just unexpected).
 * Errors name the character or position: not a number, out of range,
 * twice, too many, a missing tile, an unexpected character. */
bool tiles_parse(const char *text, int rows, int cols, uint16_t *tile, uint8_t *rot,
    const char *orientable_hint, struct tw_error *err);

/* "6,5,4" (with rotation letters r d l where rot is non-NULL and the
 * rotation non-zero); caller frees. NULL with "out of memory". */
char *tiles_format(const uint16_t *tile, const uint8_t *rot, int cells, struct tw_error *err);

#endif
