/* The statistics screen (the menu's "Statistics..."): for every board
 * solved, how many times, the fewest moves and the best time, for all
 * solves and for those without help (ui/stats.h). */
#ifndef TWIRL_UI_STATS_SCREEN_H
#define TWIRL_UI_STATS_SCREEN_H

#include "ui/screen.h"

/* NULL when out of memory. */
struct screen *stats_screen(void);

#endif
