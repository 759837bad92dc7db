/* The start menu: every puzzle with a screen, its presets and a custom
 * size, "enter a game ID", help and quit. */
#ifndef TWIRL_UI_MENU_H
#define TWIRL_UI_MENU_H

#include <curses.h>

#include "core/gameid.h"

struct menu;

enum menu_action {
	MENU_NONE, MENU_PLAY, MENU_QUIT,
	MENU_SAVES,      /* "Saved games..." */
	MENU_REPLAYS,    /* "Replays..." */
	MENU_LEVELS,     /* "Rolling cube levels..." */
	MENU_ACCEPT,     /* y to the question of menu_ask */
	MENU_DECLINE,    /* n (or Esc) to it */
};

struct menu *menu_new(void);
void menu_free(struct menu *m);
void menu_draw(struct menu *m, WINDOW *w);

/* A key or a mouse event. MENU_PLAY fills *gid (caller frees it with
 * gameid_free). */
enum menu_action menu_key(struct menu *m, int key, struct gameid *gid);
enum menu_action menu_mouse(struct menu *m, const MEVENT *ev, struct gameid *gid);

/* Shows a message under the menu (e.g. why a game could not start). */
void menu_say(struct menu *m, const char *msg);

/* Asks a yes/no question; the next key answers MENU_ACCEPT or
 * MENU_DECLINE. */
void menu_ask(struct menu *m, const char *question);

#endif
