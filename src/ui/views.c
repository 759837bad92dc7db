/* The view of every puzzle, from the one list of puzzles (puzzle_list.h,
 * made from meson.build). */
#include "solvers/registry.h"
#include "ui/view.h"

static const struct puzzle_view *const views[] = {
#define TWIRL_PUZZLE(id) &id##_view,
	TWIRL_PUZZLE_LIST
#undef TWIRL_PUZZLE
	NULL,
};

const struct puzzle_view *
view_for(const struct puzzle *p)
{
	for (size_t i = 0; views[i] != NULL; i++)
		if (views[i]->puzzle == p)
			return views[i];
	return NULL;
}
