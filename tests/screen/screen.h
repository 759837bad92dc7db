/* Shared helpers for the headless screen tests: a curses screen on
 * /dev/null of a chosen size, a frozen clock, games from game IDs, and the
 * screen read back as UTF-8 text compared with golden files. */
#ifndef TWIRL_TEST_SCREEN_H
#define TWIRL_TEST_SCREEN_H

#include <stdbool.h>
#include <wchar.h>

#include "ui/game.h"

/* The clock the UI sees (seconds); tests move it by hand. */
extern double fake_now;

/* A screen of rows x cols; colour and Unicode on or off. */
void open_screen(int rows, int cols, bool color, bool unicode);
/* Ends the screen; fails the test when a screen of 60x16 or more had a
 * message cut (ui_messages_cut). */
void close_screen(void);

/* A game of the position a game ID names (seeded IDs keep their seed). */
struct game *game_from(const char *id);

/* The screen as UTF-8 text, one line a row, trailing spaces cut. */
char *dump(void);

/* Compares text with $TWIRL_GOLDEN_DIR/name (TWIRL_UPDATE_GOLDEN=1
 * rewrites it). */
void compare_golden(const char *name, const char *text);

/* What is drawn at (y, x): its character, attributes and colour pair. */
struct cell {
	wchar_t ch;
	attr_t attrs;
	short pair;
};
struct cell cell_at(int y, int x);

/* Moves the fake clock a second at a time (waiting a millisecond of real
 * time for the solver thread), ticking the game, until pred holds or
 * 5,000 ticks have passed; whether pred holds. */
bool tick_until(struct game *g, bool (*pred)(struct game *));

/* Installs the frozen clock and a UTF-8 locale; call first in main. */
void screen_tests_init(void);

#endif
