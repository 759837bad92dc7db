/* The rolling cube level chooser: the levels of data/rollcube with their
 * size, rule and optimal move count, and the player's best. */
#ifndef TWIRL_UI_LEVELS_SCREEN_H
#define TWIRL_UI_LEVELS_SCREEN_H

#include <curses.h>

#include "engine/rollcube/rollcube.h"
#include "ui/screen.h"

struct levels_screen;

struct level_choice {
	struct rollcube_params params;  /* caller clears with rollcube_params_clear */
	struct rollcube_state start;
	char key[64];                   /* progress key, "rollcube/07" */
	char title[96];                 /* "Level 7: Patient Terrace" */
	long optimum;
};

enum levels_action { LEVELS_NONE, LEVELS_BACK, LEVELS_PLAY };

/* NULL when the levels directory cannot be read (message in err). */
struct levels_screen *levels_open(struct tw_error *err);
void levels_close(struct levels_screen *l);
void levels_draw(struct levels_screen *l, WINDOW *w);
enum levels_action levels_key(struct levels_screen *l, int key, struct level_choice *out);
enum levels_action levels_mouse(struct levels_screen *l, const MEVENT *ev,
    struct level_choice *out);
/* Re-reads the player's best counts (after a level is solved). */
void levels_refresh(struct levels_screen *l);

/* The chooser as a screen (ui/screen.h): a level chosen opens its game
 * on top; back from it, the best counts are read again. NULL with err
 * when the levels cannot be read. The rolling cube view offers it in the
 * menu. */
struct screen *levels_screen(struct tw_error *err);

#endif
