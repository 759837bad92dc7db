#include "ui/draw.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

struct ui_theme ui_theme = {false, false, 0};

void
ui_colors_init(bool want_color)
{
	int i, r, c;

	ui_theme.color = false;
	ui_theme.tile_shades = 0;
	if (!want_color || !has_colors())
		return;
	if (start_color() == ERR)
		return;
	use_default_colors();
	ui_theme.color = true;
	init_pair(PAIR_TITLE, COLOR_CYAN, -1);
	init_pair(PAIR_STATUS, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_ERROR, COLOR_RED, -1);
	init_pair(PAIR_GOOD, COLOR_GREEN, -1);
	init_pair(PAIR_FRAME, COLOR_BLUE, -1);
	init_pair(PAIR_SELECT, COLOR_BLACK, COLOR_YELLOW);
	init_pair(PAIR_CELL_LIGHT, COLOR_BLACK, COLOR_WHITE);
	init_pair(PAIR_CELL_DARK, COLOR_WHITE, COLOR_BLUE);
	init_pair(PAIR_BLOCKED, COLOR_WHITE, COLOR_BLACK);
	init_pair(PAIR_GOAL, COLOR_BLACK, COLOR_GREEN);
	init_pair(PAIR_DIE, COLOR_BLACK, COLOR_YELLOW);
	{
		/* WCA colours: U white, R red, F green, D yellow, L orange,
		 * B blue. */
		short orange = COLORS >= 256 ? 208 : COLOR_MAGENTA;
		const short bg[6] = {COLOR_WHITE, COLOR_RED, COLOR_GREEN,
		    COLOR_YELLOW, orange, COLOR_BLUE};
		const short fg[6] = {COLOR_BLACK, COLOR_WHITE, COLOR_BLACK,
		    COLOR_BLACK, COLOR_BLACK, COLOR_WHITE};

		for (i = 0; i < 6; i++)
			init_pair((short)(PAIR_STICKER0 + i), fg[i], bg[i]);
	}
	if (COLORS >= 256 && COLOR_PAIRS > PAIR_TILE0 + 25) {
		/* 5 x 5 shades of the xterm colour cube: red grows down the
		 * rows, blue across the columns. */
		for (r = 0; r < 5; r++) {
			for (c = 0; c < 5; c++) {
				int bg = 16 + 36 * (r + 1) + 6 * 2 + (c + 1);

				init_pair((short)(PAIR_TILE0 + r * 5 + c),
				    COLOR_BLACK, (short)bg);
			}
		}
		ui_theme.tile_shades = 25;
	} else {
		static const short bgs[6] = {COLOR_RED, COLOR_YELLOW, COLOR_GREEN,
		    COLOR_CYAN, COLOR_BLUE, COLOR_MAGENTA};

		for (i = 0; i < 6; i++)
			init_pair((short)(PAIR_TILE0 + i), COLOR_BLACK, bgs[i]);
		ui_theme.tile_shades = 6;
	}
}

attr_t
ui_tile_attr(int row, int col, int rows, int cols)
{
	int r, c;

	if (!ui_theme.color || ui_theme.tile_shades == 0)
		return A_NORMAL;
	if (ui_theme.tile_shades == 25) {
		r = rows > 1 ? row * 4 / (rows - 1) : 0;
		c = cols > 1 ? col * 4 / (cols - 1) : 0;
		return COLOR_PAIR(PAIR_TILE0 + r * 5 + c);
	}
	/* Eight colours: one hue per home row, bold on odd columns. */
	return COLOR_PAIR(PAIR_TILE0 + row % 6) | (col % 2 ? A_BOLD : A_NORMAL);
}

attr_t
ui_sticker_attr(char letter)
{
	static const char faces[] = "URFDLB";
	const char *hit = strchr(faces, letter);

	if (!ui_theme.color || letter == '\0' || hit == NULL)
		return A_NORMAL;
	return COLOR_PAIR(PAIR_STICKER0 + (hit - faces)) | A_BOLD;
}

attr_t
ui_pair_attr(enum ui_pair pair, attr_t fallback)
{
	return ui_theme.color ? COLOR_PAIR(pair) : fallback;
}

/* The 7-bit stand-in for a character when the theme is ASCII (--ascii,
 * or a locale that is not UTF-8): every character drawn is one column of
 * plain ASCII then, whatever text a screen passes. */
static wchar_t
ascii_for(wchar_t wc)
{
	static const struct { wchar_t u; char a; } map[] = {
		{L'—', '-'}, {L'–', '-'}, {L'·', '-'}, {L'•', '*'}, {L'…', '.'},
		{L'←', '<'}, {L'→', '>'}, {L'↑', '^'}, {L'↓', 'v'}, {L'▶', '>'},
		{L'◀', '<'}, {L'▲', '^'}, {L'▼', 'v'}, {L'×', 'x'}, {L'★', '*'},
		{L'✓', '+'}, {L'✔', '+'}, {L'┃', '|'}, {L'│', '|'}, {L'━', '-'},
		{L'─', '-'}, {L'┌', '+'}, {L'┐', '+'}, {L'└', '+'}, {L'┘', '+'},
		{L'┏', '+'}, {L'┓', '+'}, {L'┗', '+'}, {L'┛', '+'}, {L'█', '#'},
		{L'‘', '\''}, {L'’', '\''}, {L'“', '"'}, {L'”', '"'}, {L'é', 'e'},
	};

	if (wc >= 0x20 && wc < 0x7f)
		return wc;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].u == wc)
			return (wchar_t)map[i].a;
	return L'?';
}

/* The character at s in UTF-8, whatever the locale (twirl's own text is
 * UTF-8, and under LANG=C the C library would read it byte by byte);
 * returns the bytes it takes, 1 for a byte that starts no character (then
 * *wc is '?'). */
static size_t
utf8_next(const char *s, wchar_t *wc)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i;
	unsigned long v;

	if (u[0] < 0x80) {
		*wc = (wchar_t)u[0];
		return 1;
	}
	len = u[0] >= 0xf0 && u[0] < 0xf5 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc2 && u[0] < 0xe0 ? 2 : 0;
	v = len == 4 ? u[0] & 0x07u : len == 3 ? u[0] & 0x0fu : u[0] & 0x1fu;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			break;
		v = v << 6 | (u[i] & 0x3fu);
	}
	if (len == 0 || i < len || (len == 3 && v < 0x800) || (len == 4 && v < 0x10000) ||
	    (v >= 0xd800 && v < 0xe000) || v > 0x10ffff) {
		*wc = L'?';
		return 1;
	}
	*wc = (wchar_t)v;
	return len;
}

int
ui_width(const char *s)
{
	wchar_t wc;
	int width = 0, cw;

	while (*s != '\0') {
		s += utf8_next(s, &wc);
		cw = ui_theme.unicode ? wcwidth(wc) : 1;
		width += cw < 0 ? 1 : cw;
	}
	return width;
}

void
ui_text(WINDOW *w, int y, int x, const char *s, attr_t attr)
{
	ui_text_clip(w, y, x, s, attr, INT_MAX);
}

void
ui_text_clip(WINDOW *w, int y, int x, const char *s, attr_t attr, int width)
{
	int maxy, maxx, col = x;
	wchar_t wc[2] = {0, 0};
	size_t n;
	cchar_t cc;

	getmaxyx(w, maxy, maxx);
	if (y < 0 || y >= maxy)
		return;
	if (width < INT_MAX && x + width < maxx)
		maxx = x + width;
	while (*s != '\0' && col < maxx) {
		int cw;

		n = utf8_next(s, &wc[0]);
		if (!ui_theme.unicode)
			wc[0] = ascii_for(wc[0]);
		cw = wcwidth(wc[0]);
		if (cw < 1)
			cw = 1;
		if (col >= 0 && col + cw <= maxx) {
			setcchar(&cc, wc, attr, (short)PAIR_NUMBER(attr), NULL);
			mvwadd_wch(w, y, col, &cc);
		}
		col += cw;
		s += n;
	}
}

void
ui_text_fit(WINDOW *w, int y, int x, const char *s, attr_t attr, int width)
{
	if (width <= 0)
		return;
	if (ui_width(s) <= width || width <= 3) {
		ui_text_clip(w, y, x, s, attr, width);
		return;
	}
	ui_text_clip(w, y, x, s, attr, width - 3);
	ui_text(w, y, x + width - 3, "...", attr);
}

void
ui_text_centered(WINDOW *w, int y, const char *s, attr_t attr)
{
	int maxx = getmaxx(w), width = ui_width(s);

	ui_text(w, y, width >= maxx ? 0 : (maxx - width) / 2, s, attr);
}

void
ui_glyph(WINDOW *w, int y, int x, const char *u, char a, attr_t attr)
{
	char ascii[2] = {a, '\0'};

	ui_text(w, y, x, ui_theme.unicode ? u : ascii, attr);
}

void
ui_fill(WINDOW *w, int y, int x, int h, int wd, attr_t attr)
{
	int i, j;

	for (i = 0; i < h; i++)
		for (j = 0; j < wd; j++)
			ui_text(w, y + i, x + j, " ", attr);
}

void
ui_box(WINDOW *w, int y, int x, int h, int wd, attr_t attr)
{
	int i;

	if (h < 2 || wd < 2)
		return;
	ui_glyph(w, y, x, "┌", '+', attr);
	ui_glyph(w, y, x + wd - 1, "┐", '+', attr);
	ui_glyph(w, y + h - 1, x, "└", '+', attr);
	ui_glyph(w, y + h - 1, x + wd - 1, "┘", '+', attr);
	for (i = 1; i < wd - 1; i++) {
		ui_glyph(w, y, x + i, "─", '-', attr);
		ui_glyph(w, y + h - 1, x + i, "─", '-', attr);
	}
	for (i = 1; i < h - 1; i++) {
		ui_glyph(w, y + i, x, "│", '|', attr);
		ui_glyph(w, y + i, x + wd - 1, "│", '|', attr);
	}
}

/* Splits s into lines of at most width columns, broken at the last
 * space that fits (a word longer than a line where it must be), at most
 * max of them: their starts and lengths; *rest is what is left after
 * them. Returns the count. */
static int
wrap_lines(const char *s, int width, int max, const char **starts, size_t *lens, const char **rest)
{
	int count = 0;
	const char *p = s;

	while (*p != '\0' && count < max) {
		const char *q = p, *brk = NULL;
		int used = 0;

		while (*q != '\0') {
			wchar_t wc;
			size_t n = utf8_next(q, &wc);
			int cw = ui_theme.unicode ? wcwidth(wc) : 1;

			cw = cw < 1 ? 1 : cw;
			if (used + cw > width)
				break;
			if (*q == ' ')
				brk = q;
			used += cw;
			q += n;
		}
		if (*q != '\0' && brk != NULL && brk > p)
			q = brk;
		starts[count] = p;
		lens[count] = (size_t)(q - p);
		count++;
		p = q;
		while (*p == ' ')
			p++;
	}
	*rest = p;
	return count;
}

int
ui_text_wrap_lines(const char *s, int width, int max_lines)
{
	const char *starts[64], *rest;
	size_t lens[64];

	if (width < 8 || max_lines < 1)
		return 1;
	return wrap_lines(s, width, max_lines > 64 ? 64 : max_lines, starts, lens, &rest);
}

long ui_messages_cut;

/* A message that did not fit its lines: counted, and when the
 * environment names a file in TWIRL_CUT_LOG (the tests do), appended to
 * it with the width it was given, so that a run over every screen finds
 * each message that was ever cut. */
static void
report_cut(const char *s, int width, int max_lines)
{
	const char *log = getenv("TWIRL_CUT_LOG");
	FILE *f;

	ui_messages_cut++;
	if (log == NULL || *log == '\0' || (f = fopen(log, "a")) == NULL)
		return;
	fprintf(f, "%d columns x %d lines: %s\n", width, max_lines, s);
	fclose(f);
}

int
ui_text_wrap_up(WINDOW *w, int last_y, int x, const char *s, attr_t attr, int width,
    int max_lines)
{
	const char *starts[64], *rest;
	size_t lens[64];
	int count, i;

	if (width < 8 || max_lines < 1)
		return 0;
	count = wrap_lines(s, width, max_lines > 64 ? 64 : max_lines, starts, lens, &rest);
	for (i = 0; i < count; i++) {
		char line[1024];
		int y = last_y - (count - 1 - i);
		size_t n = lens[i] < sizeof line - 1 ? lens[i] : sizeof line - 1;

		ui_fill(w, y, x, 1, width, attr);
		if (i == count - 1 && *rest != '\0') {
			/* More than max_lines: the last line ends in "...". */
			ui_text_fit(w, y, x, starts[i], attr, width);
			report_cut(s, width, max_lines);
			continue;
		}
		memcpy(line, starts[i], n);
		line[n] = '\0';
		ui_text_clip(w, y, x, line, attr, width);
	}
	return count;
}
