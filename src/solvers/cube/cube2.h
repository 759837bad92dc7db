/* Optimal 2x2x2 solver: breadth-first distance tables over the 3,674,160
 * positions with one corner held still (7! corner permutations x 3^6
 * twists), in face turns (HTM: U R F, each as a quarter, half or
 * three-quarter turn) or quarter turns (QTM: U R F and their inverses).
 * The cube is first relabelled so that the piece at the down-back-left
 * corner reads as solved there, so no whole-cube rotation is needed
 * (the model of [Cube 2x2] in docs/papers.md: 8 cubelets, 24 orientations each).
 * Tables are built once, on first use (about 0.3 s per metric), and kept
 * for the process's life. */
#ifndef TWIRL_CUBE2_H
#define TWIRL_CUBE2_H

#include <stdint.h>

#include "engine/cube/cube.h"
#include "engine/movelist.h"

enum cube2_metric { CUBE2_HTM, CUBE2_QTM };

#define CUBE2_POSITIONS 3674160

/* Appends an optimal solution of c (a valid 2x2x2 facelet cube) in the
 * metric's moves to out. Errors: not a 2x2x2; a cube that cannot exist
 * (bad corner, twisted corner); out of memory. */
bool cube2_solve(const struct cube *c, enum cube2_metric metric,
    struct movelist *out, struct tw_error *err);

/* Builds the tables now, or reads them from the table cache. Errors:
 * out of memory, the cache's own (solvers/tablecache.h). */
bool cube2_prepare(struct tw_error *err);

/* How many positions lie at each distance from solved (counts[d] for
 * d = 0..19), from the tables. Fails only when out of memory. */
bool cube2_distribution(enum cube2_metric metric, uint64_t counts[20]);

#endif
