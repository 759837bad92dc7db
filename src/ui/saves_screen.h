/* The list of saved games (Ctrl-O, the menu's "Saved games" and
 * "Replays"): puzzle, size, moves, date, solved or not; resume, watch,
 * delete. */
#ifndef TWIRL_UI_SAVES_SCREEN_H
#define TWIRL_UI_SAVES_SCREEN_H

#include <curses.h>

enum saves_mode { SAVES_FOR_RESUME, SAVES_FOR_WATCHING };
enum saves_action { SAVES_NONE, SAVES_BACK, SAVES_RESUME, SAVES_WATCH };

struct saves_screen;

struct saves_screen *saves_open(enum saves_mode mode);
void saves_close(struct saves_screen *s);
void saves_draw(struct saves_screen *s, WINDOW *w);

/* A key or mouse event. SAVES_RESUME and SAVES_WATCH set *path to the
 * chosen file (owned by the screen, valid until the next call). */
enum saves_action saves_key(struct saves_screen *s, int key, const char **path);
enum saves_action saves_mouse(struct saves_screen *s, const MEVENT *ev,
    const char **path);

/* Re-reads the directory (after a save or a delete elsewhere). */
void saves_reload(struct saves_screen *s);

/* A message under the list (e.g. why a save would not load). */
void saves_say(struct saves_screen *s, const char *msg);

#endif
