/* Every puzzle twirl has, each one const struct puzzle (engine/puzzle.h)
 * defined in src/solvers/ID/puzzle.c as ID_puzzle. The
 * list itself is meson.build's `puzzles`, written into puzzle_list.h
 * (docs/adding-a-puzzle.md). */
#ifndef TWIRL_REGISTRY_H
#define TWIRL_REGISTRY_H

#include "engine/puzzle.h"
#include "puzzle_list.h"

#define TWIRL_PUZZLE(id) extern const struct puzzle id##_puzzle;
TWIRL_PUZZLE_LIST
#undef TWIRL_PUZZLE

/* NULL-terminated, in menu order. */
extern const struct puzzle *const twirl_puzzles[];

#endif
