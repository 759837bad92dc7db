/* Drawing helpers shared by every screen: the theme (colour or monochrome,
 * Unicode or ASCII), colour pairs, boxes and clipped text. Only src/ui
 * includes curses. */
#ifndef TWIRL_UI_DRAW_H
#define TWIRL_UI_DRAW_H

#include <curses.h>
#include <stdbool.h>

struct ui_theme {
	bool color;    /* colours in use (terminal has them, no NO_COLOR, no --no-color) */
	bool unicode;  /* box drawing and arrows (UTF-8 locale, no --ascii) */
	int tile_shades; /* 0 (mono), 6 (8-colour terminals) or 25 (256 colours) */
};

extern struct ui_theme ui_theme;

enum ui_pair {
	PAIR_TITLE = 1,
	PAIR_STATUS,
	PAIR_ERROR,
	PAIR_GOOD,
	PAIR_FRAME,
	PAIR_SELECT,
	PAIR_CELL_LIGHT,   /* rolling cube board, checkered */
	PAIR_CELL_DARK,
	PAIR_BLOCKED,
	PAIR_GOAL,
	PAIR_DIE,
	PAIR_STICKER0, /* six cube colours, URFDLB */
	PAIR_TILE0 = PAIR_STICKER0 + 6,  /* first of the tile shades */
};

/* Sets up colours after initscr/newterm: want_color false forces
 * monochrome. Fills ui_theme.color and tile_shades. */
void ui_colors_init(bool want_color);

/* Attribute for a tile whose home is (row, col) of rows x cols (from 0):
 * a shade from a two-dimensional gradient, so a solved board reads as an
 * ordered sweep of colour; A_NORMAL in monochrome. */
attr_t ui_tile_attr(int row, int col, int rows, int cols);

/* A cube sticker of colour letter (U R F D L B) in the WCA scheme: white
 * U, red R, green F, yellow D, orange L (magenta on 8-colour terminals),
 * blue B. A_NORMAL in monochrome: the letter is always drawn too. */
attr_t ui_sticker_attr(char letter);

/* Attribute of a colour pair, or fallback in monochrome. */
attr_t ui_pair_attr(enum ui_pair pair, attr_t fallback);

/* Clipped text at (y, x): nothing outside the window, UTF-8 aware. */
void ui_text(WINDOW *w, int y, int x, const char *s, attr_t attr);

/* As ui_text, also clipped to width columns from x. */
void ui_text_clip(WINDOW *w, int y, int x, const char *s, attr_t attr, int width);

/* Text in width columns at (y, x), ending "..." when it was cut. */
void ui_text_fit(WINDOW *w, int y, int x, const char *s, attr_t attr, int width);

/* Text centred on row y. */
void ui_text_centered(WINDOW *w, int y, const char *s, attr_t attr);

/* A single-line box, Unicode or ASCII per theme, clipped to the window. */
void ui_box(WINDOW *w, int y, int x, int h, int wd, attr_t attr);

/* Fills a rectangle with spaces in attr, clipped. */
void ui_fill(WINDOW *w, int y, int x, int h, int wd, attr_t attr);

/* Puts one character cell: Unicode text u (one column wide) if the theme
 * allows, else the ASCII fallback a. */
void ui_glyph(WINDOW *w, int y, int x, const char *u, char a, attr_t attr);

/* Text s wrapped at spaces into lines of at most width columns, at most
 * max_lines (up to 64) of them, the last on row last_y and the others
 * above it, each row cleared from x first; when s needs more lines, the
 * last ends in "...". Returns the lines drawn. For messages, which are
 * never cut at the screen's edge. */
int ui_text_wrap_up(WINDOW *w, int last_y, int x, const char *s, attr_t attr, int width,
    int max_lines);

/* How many messages ui_text_wrap_up has had to cut since the program
 * started (each is also appended to the file named by the environment's
 * TWIRL_CUT_LOG, when set): the tests expect none. */
extern long ui_messages_cut;

/* How many lines ui_text_wrap_up draws s in (at least 1). */
int ui_text_wrap_lines(const char *s, int width, int max_lines);

/* Display width of UTF-8 text. */
int ui_width(const char *s);

#endif
