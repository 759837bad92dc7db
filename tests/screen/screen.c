#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "screen.h"

double fake_now = 1000.0;

static double
fake_clock(void)
{
	return fake_now;
}

static SCREEN *screen;
static FILE *out, *in;
static bool full_size;  /* at least 60x16: no message may be cut */

void
open_screen(int rows, int cols, bool color, bool unicode)
{
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	assert_non_null(out);
	assert_non_null(in);
	screen = newterm("xterm-256color", out, in);
	assert_non_null(screen);
	resizeterm(rows, cols);
	full_size = rows >= 16 && cols >= 60;
	ui_messages_cut = 0;
	ui_theme.unicode = unicode;
	ui_colors_init(color);
}

void
close_screen(void)
{
	/* Every message drawn on a screen of 60x16 or more wrapped whole. */
	if (full_size)
		assert_int_equal(ui_messages_cut, 0);
	endwin();
	delscreen(screen);
	fclose(out);
	fclose(in);
}

struct game *
game_from(const char *id)
{
	struct gameid gid;
	struct tw_error err;
	struct game *g;
	void *start;

	if (!gameid_parse(twirl_puzzles, id, &gid, &err))
		fail_msg("%s: %s", id, err.msg);
	start = gameid_start_state(&gid, 0, &err);
	assert_non_null(start);
	g = game_new(gid.puzzle, gid.params, start, gid.kind == GAMEID_SEED ?
	    gid.seed : NULL, &err);
	assert_non_null(g);
	gid.puzzle->state_free(start);
	gameid_free(&gid);
	return g;
}

/* The screen as UTF-8 text, one line per row, trailing spaces cut. */
char *
dump(void)
{
	size_t size = (size_t)LINES * ((size_t)COLS * 4 + 1) + 1, used = 0;
	char *text = malloc(size);
	int y, x;

	assert_non_null(text);
	for (y = 0; y < LINES; y++) {
		size_t line_start = used, last = used;

		for (x = 0; x < COLS; x++) {
			cchar_t cc;
			wchar_t wc[CCHARW_MAX + 1];
			attr_t attrs;
			short pair;
			char mb[MB_LEN_MAX];
			mbstate_t st;
			size_t n;

			mvwin_wch(stdscr, y, x, &cc);
			getcchar(&cc, wc, &attrs, &pair, NULL);
			memset(&st, 0, sizeof st);
			n = wcrtomb(mb, wc[0] == 0 ? L' ' : wc[0], &st);
			if (n == (size_t)-1) {
				mb[0] = '?';
				n = 1;
			}
			memcpy(text + used, mb, n);
			used += n;
			if (wc[0] != L' ' && wc[0] != 0)
				last = used;
		}
		(void)line_start;
		used = last;
		text[used++] = '\n';
	}
	text[used] = '\0';
	return text;
}

void
compare_golden(const char *name, const char *text)
{
	const char *dir = getenv("TWIRL_GOLDEN_DIR");
	char path[512], *want;
	FILE *f;
	long len;

	assert_non_null(dir);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (getenv("TWIRL_UPDATE_GOLDEN") != NULL) {
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(text, f);
		fclose(f);
		return;
	}
	f = fopen(path, "r");
	if (f == NULL)
		fail_msg("missing golden file %s (run with TWIRL_UPDATE_GOLDEN=1)", path);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	want = calloc((size_t)len + 1, 1);
	assert_non_null(want);
	assert_int_equal(fread(want, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	if (strcmp(want, text) != 0)
		fail_msg("screen differs from %s:\n--- want\n%s--- got\n%s", path,
		    want, text);
	free(want);
}

struct cell
cell_at(int y, int x)
{
	struct cell here;
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1];

	mvwin_wch(stdscr, y, x, &cc);
	getcchar(&cc, wc, &here.attrs, &here.pair, NULL);
	here.ch = wc[0];
	return here;
}

void
screen_tests_init(void)
{
	if (setlocale(LC_ALL, "C.UTF-8") == NULL)
		setlocale(LC_ALL, "");
	ui_clock = fake_clock;
}

bool
tick_until(struct game *g, bool (*pred)(struct game *))
{
	struct timespec ms = {0, 1000000};
	int i;

	for (i = 0; i < 5000 && !pred(g); i++) {
		nanosleep(&ms, NULL);
		fake_now += 1;
		game_tick(g);
	}
	return pred(g);
}
