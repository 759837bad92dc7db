/* The list of puzzles (registry.h), made from the one list in
 * meson.build (puzzle_list.h). */
#include "solvers/registry.h"

const struct puzzle *const twirl_puzzles[] = {
#define TWIRL_PUZZLE(id) &id##_puzzle,
	TWIRL_PUZZLE_LIST
#undef TWIRL_PUZZLE
	NULL,
};
