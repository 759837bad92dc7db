/* The puzzles twirl has, each one const struct puzzle (engine/puzzle.h).
 * The tables live in the solvers layer because they name each puzzle's
 * solver entry point, and the engine may not depend on solvers. */
#ifndef TWIRL_PUZZLES_H
#define TWIRL_PUZZLES_H

#include "engine/puzzle.h"

extern const struct puzzle torus_puzzle;
extern const struct puzzle rollcube_puzzle;
extern const struct puzzle nrp_puzzle;
extern const struct puzzle cube_puzzle;

/* NULL-terminated, in menu order. */
extern const struct puzzle *const twirl_puzzles[];

#endif
