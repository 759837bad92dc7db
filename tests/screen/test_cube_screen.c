/* The cube's net drawn headless: U above F, L F R B, D below, letters on
 * every sticker, WCA colours, the turning layer highlighted mid-turn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/history.h"
#include "engine/puzzle.h"
#include "ui/draw.h"
#include "screen.h"
#include "ui/storage.h"

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

static size_t hint_target;

static bool
has_hint_target(struct game *g)
{
	return game_history(g)->cursor >= hint_target;
}

static bool
is_solved(struct game *g)
{
	const struct history *h = game_history(g);

	return h->puzzle->state_is_solved(h->params, game_state(g));
}

/* Hints after whole-cube rotations are face and slice turns of the cube as
 * it is held, never a rotation (x, y, z); H from there solves it with no
 * rotation either. */
static void
hints_after_a_rotation_are_turns(void **unused)
{
	const struct history *h;
	struct game *g;
	size_t i;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("cube:3#1");
	game_key(g, 'x');
	game_key(g, 'y');
	fake_now += 5;
	game_tick(g);
	h = game_history(g);
	assert_int_equal(h->cursor, 2);
	assert_true(h->entries[0].move[0] == 'x' && h->entries[1].move[0] == 'y');
	for (hint_target = 3; hint_target <= 5; hint_target++) {
		game_key(g, 'h');
		assert_true(tick_until(g, has_hint_target));
		fake_now += 5;
		game_tick(g);
	}
	game_key(g, 'H');
	assert_true(tick_until(g, is_solved));
	h = game_history(g);
	assert_true(h->cursor > 5);
	for (i = 2; i < h->cursor; i++) {
		assert_int_equal(h->entries[i].kind, HISTORY_HINT);
		if (strchr("xyz", h->entries[i].move[0]) != NULL)
			fail_msg("hint move %zu is the rotation %s", i, h->entries[i].move);
	}
	game_free(g);
	close_screen();
}

/* A click as a terminal reports it, a press then a release, turns the
 * face once: clockwise with the left button, counter-clockwise with the
 * right. */
static void
one_click_turns_the_face_once(void **unused)
{
	static const mmask_t buttons[2][2] = {{BUTTON1_PRESSED, BUTTON1_RELEASED},
	    {BUTTON3_PRESSED, BUTTON3_RELEASED}};
	struct game *g;
	MEVENT ev;
	int y, x, b, found = 0;

	(void)unused;
	open_screen(24, 80, false, false);
	memset(&ev, 0, sizeof ev);
	/* The first cell on the screen that a left click turns. */
	for (y = 0; y < 24 && !found; y++)
		for (x = 0; x < 80 && !found; x++) {
			g = game_from("cube:3#1");
			game_draw(g, stdscr);
			ev.y = y;
			ev.x = x;
			ev.bstate = BUTTON1_CLICKED;
			game_mouse(g, &ev);
			found = game_history(g)->len == 1;
			game_free(g);
		}
	assert_true(found);
	y--;
	x--;
	for (b = 0; b < 2; b++) {
		const struct history *h;

		g = game_from("cube:3#1");
		game_draw(g, stdscr);
		ev.y = y;
		ev.x = x;
		ev.bstate = buttons[b][0];
		game_mouse(g, &ev);
		ev.bstate = buttons[b][1];
		game_mouse(g, &ev);
		h = game_history(g);
		assert_int_equal(h->len, 1);
		assert_int_equal(strchr(h->entries[0].move, '\'') != NULL, b == 1);
		game_free(g);
	}
	close_screen();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(net_after_r_at_80x24),
		cmocka_unit_test(stickers_wear_wca_colours_and_the_turning_layer_shows),
		cmocka_unit_test(big_cube_plays_at_80x24_and_smaller_says_what_it_needs),
		cmocka_unit_test(hints_after_a_rotation_are_turns),
		cmocka_unit_test(one_click_turns_the_face_once),
	};

	storage_use_table_cache();
	screen_tests_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
