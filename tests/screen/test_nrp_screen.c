/* The NRP screen drawn headless: golden text for colour/Unicode and
 * monochrome/ASCII, the cursor block's outline, turning by keys and by
 * left and right clicks, the turning animation, orientable tiles' arrows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/nrp/nrp.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/game.h"
#include "screen.h"
#include "ui/storage.h"

static const char *start_id = "nrp:3x3k2:4,1,3,5,2,6,7,8,9";

static char *
state_text(const struct game *g)
{
	return nrp_state_format(NULL, game_state(g), NULL);
}

static void
colour_unicode_80x24(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(start_id);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("nrp-3x3k2-80x24-unicode.txt", text);
	/* the outline of the cursor block (1,1) */
	assert_non_null(strstr(text, "┏━━━"));
	free(text);
	game_free(g);
	close_screen();
}

static void
mono_ascii_80x24(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(start_id);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("nrp-3x3k2-80x24-ascii.txt", text);
	for (char *c = text; *c != '\0'; c++)
		assert_true((unsigned char)*c < 128);
	free(text);
	game_free(g);
	close_screen();
}

static void
keys_move_the_cursor_and_turn(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(start_id);
	game_key(g, 'z');        /* B(1,1)' undoes the scramble */
	text = state_text(g);
	assert_string_equal(text, "1,2,3,4,5,6,7,8,9");
	free(text);
	game_key(g, KEY_RIGHT);
	game_key(g, 'j');        /* cursor on block (2,2) */
	game_key(g, 'x');
	text = state_text(g);
	assert_string_equal(text, "1,2,3,4,8,5,7,9,6");
	free(text);
	fake_now += 0.07;        /* mid-animation: the block is turning */
	game_tick(g);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("nrp-3x3k2-turning.txt", text);
	free(text);
	game_key(g, '2');
	text = state_text(g);
	assert_string_equal(text, "1,2,3,4,6,9,7,5,8");
	free(text);
	assert_string_equal(game_history(g)->entries[2].move, "B(2,2)2");
	game_free(g);
	close_screen();
}

/* Board of start_id at 80x24: cells 7 wide, 3 high, inside the frame;
 * the frame's top-left corner is found on the screen. */
static MEVENT
mouse_on_cell(int row, int col, mmask_t button)
{
	char *text = dump(), *line = text, *hit;
	MEVENT ev;
	int y = 0, x;

	/* the frame's top-left corner: the first "+--" on the screen */
	hit = strstr(text, "+--");
	assert_non_null(hit);
	for (char *c = text; c < hit; c++)
		if (*c == '\n') {
			y++;
			line = c + 1;
		}
	x = (int)(hit - line);
	free(text);
	memset(&ev, 0, sizeof ev);
	ev.y = y + 1 + row * 3 + 1;
	ev.x = x + 1 + col * 7 + 3;
	ev.bstate = button;
	return ev;
}

static void
left_click_clockwise_right_click_counter(void **unused)
{
	struct game *g;
	MEVENT ev;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from("nrp:3x3k2:1,2,3,4,5,6,7,8,9");
	game_draw(g, stdscr);
	/* a click on cell (3,3) turns the block nearest it: B(2,2) */
	ev = mouse_on_cell(2, 2, BUTTON1_CLICKED);
	game_mouse(g, &ev);
	assert_string_equal(game_history(g)->entries[0].move, "B(2,2)");
	ev = mouse_on_cell(0, 0, BUTTON3_CLICKED);
	game_mouse(g, &ev);
	assert_string_equal(game_history(g)->entries[1].move, "B(1,1)'");
	text = state_text(g);
	assert_string_equal(text, "2,8,3,1,4,5,7,9,6");
	free(text);
	game_free(g);
	close_screen();
}

static void
orientable_tiles_show_arrows(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("nrp:3x3k2o:4r,1r,3,5r,2r,6,7,8,9");
	game_draw(g, stdscr);
	text = dump();
	compare_golden("nrp-3x3k2o-80x24-unicode.txt", text);
	assert_non_null(strstr(text, "4→"));
	assert_non_null(strstr(text, "3↑"));
	free(text);
	game_key(g, 'z');
	assert_true(nrp_state_is_solved(NULL, game_state(g)));
	game_free(g);
	close_screen();
}

/* A 16x16 board at 80x24: every tile 1..256 is on the screen exactly
 * once, whichever block the cursor is on (the block outline must not
 * cover the first digit of a three-digit number in the block's last
 * column); 16x16 with orientable tiles fits too, without its frame
 * (with it the board needs 82 columns). */
static void
big_board_fits_small_terminal(void **unused)
{
	static const char *const ids[] = {"nrp:16x16k5#3", "nrp:16x16k2#4", "nrp:16x16k16#5",
	    "nrp:16x15k7o#6", "nrp:16x16k7o#7"};

	(void)unused;
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct game *g;
		int cells = strstr(ids[i], "16x15") != NULL ? 240 : 256;

		open_screen(24, 80, true, true);
		g = game_from(ids[i]);
		for (int step = 0; step < 12; step++) {
			int count[257] = {0}, seen = 0;
			char *text;

			game_draw(g, stdscr);
			text = dump();
			/* numbers on the board's rows (below the title, above
			 * the status lines) */
			for (char *line = strchr(text, '\n') + 1, *c; line != NULL && *line != '\0';
			    line = strchr(line, '\n') != NULL ? strchr(line, '\n') + 1 : NULL) {
				if (strncmp(line, " Moves", 6) == 0)
					break;
				for (c = line; *c != '\0' && *c != '\n'; c++) {
					if (*c >= '0' && *c <= '9' && (c == line || c[-1] < '0' || c[-1] > '9')) {
						int v = atoi(c);

						if (v >= 1 && v <= cells && count[v]++ == 0)
							seen++;
					}
				}
			}
			if (seen != cells) {
				printf("%s", text);
				fail_msg("%s, cursor step %d: %d of %d tiles shown", ids[i], step,
				    seen, cells);
			}
			free(text);
			game_key(g, step % 3 == 2 ? KEY_DOWN : KEY_RIGHT);
		}
		game_free(g);
		close_screen();
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(colour_unicode_80x24),
		cmocka_unit_test(mono_ascii_80x24),
		cmocka_unit_test(keys_move_the_cursor_and_turn),
		cmocka_unit_test(left_click_clockwise_right_click_counter),
		cmocka_unit_test(orientable_tiles_show_arrows),
		cmocka_unit_test(big_board_fits_small_terminal),
	};

	storage_use_table_cache();
	screen_tests_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
