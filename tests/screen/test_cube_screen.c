/* The cube's net drawn headless: U above F, L F R B, D below, letters on
 * every sticker, WCA colours, the turning layer highlighted mid-turn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ui/draw.h"
#include "screen.h"

static const char *solved3 =
    "cube:3:UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

static void
net_after_r_at_80x24(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(solved3);
	game_key(g, 'i');      /* R */
	fake_now += 5;
	game_tick(g);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("cube-3-after-R-80x24.txt", text);
	free(text);
	game_free(g);
	close_screen();
}

static void
stickers_wear_wca_colours_and_the_turning_layer_shows(void **unused)
{
	struct game *g;
	int y, x, sticker = 0, reversed = 0;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(solved3);
	game_key(g, 'f');      /* F, caught mid-turn */
	game_draw(g, stdscr);
	for (y = 0; y < LINES - 2; y++) {
		for (x = 0; x < COLS; x++) {
			struct cell c = cell_at(y, x);

			if (c.ch == L'U' && c.pair == PAIR_STICKER0)
				sticker++;
			if (c.pair >= PAIR_STICKER0 && c.pair < PAIR_STICKER0 + 6 &&
			    (c.attrs & A_REVERSE) && c.ch != L' ')
				reversed++;
		}
	}
	assert_int_equal(sticker, 9);          /* nine white U letters */
	assert_int_equal(reversed, 9 + 12);    /* the F face and its ring */
	game_free(g);
	close_screen();
}

/* Every size plays at 80x24: an 11x11x11 net needs 44x36, so the six
 * faces go in a row under their letters, one character a sticker; below
 * that the screen says what it needs. */
static void
big_cube_plays_at_80x24_and_smaller_says_what_it_needs(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from("cube:11#1");
	game_draw(g, stdscr);
	text = dump();
	assert_null(strstr(text, "too small"));
	assert_non_null(strstr(text, "U           R           F           D           L           B"));
	assert_non_null(strstr(text, "cube:11#1"));
	free(text);
	game_free(g);
	close_screen();
	open_screen(12, 50, false, false);
	g = game_from("cube:11#1");
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "Terminal too small"));
	assert_non_null(strstr(text, "need 66x15"));
	free(text);
	game_free(g);
	close_screen();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(net_after_r_at_80x24),
		cmocka_unit_test(stickers_wear_wca_colours_and_the_turning_layer_shows),
		cmocka_unit_test(big_cube_plays_at_80x24_and_smaller_says_what_it_needs),
	};

	screen_tests_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
