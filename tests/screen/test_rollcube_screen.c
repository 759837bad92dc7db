/* The rolling cube screen drawn headless: a level's board with the die's
 * net, the die after a roll, and an open board too large to show whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/rollcube/rollcube.h"
#include "ui/game_internal.h"
#include "screen.h"

static const char *maze_id =
    "rollcube:4x5:map=..4../.x.3./...../..x..:start=1,1:goal=5,4:label=6";

static void
maze_board_and_net_at_80x24(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(maze_id);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("rollcube-maze-80x24.txt", text);
	/* The net: north 4; west 2, bottom 6, east 5; south 3; top 1. */
	assert_non_null(strstr(text, "N [4]"));
	assert_non_null(strstr(text, "W [2][6][5] E"));
	assert_non_null(strstr(text, "[1] top"));
	free(text);
	game_free(g);
	close_screen();
}

static void
a_roll_moves_the_die_and_updates_the_net(void **unused)
{
	struct game *g;
	const struct rollcube_state *s;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(maze_id);
	game_key(g, 'w');          /* north: 3 comes up */
	fake_now += 5;
	game_tick(g);
	game_draw(g, stdscr);
	s = game_state(g);
	assert_int_equal(s->y, 2);
	assert_int_equal(s->die.top, 3);
	text = dump();
	compare_golden("rollcube-maze-after-N-ascii.txt", text);
	assert_non_null(strstr(text, "[3] top"));
	free(text);
	game_free(g);
	close_screen();
}

/* A huge open board: a window onto it (its frame dotted where the board
 * goes on), the shortest path hidden until p, then wrapped between its
 * tokens at 80x24, never inside one. */
static void
huge_open_board_scrolls_and_shows_the_gps(void **unused)
{
	static const char *const tokens[] = {"NNNE", "(N){dy-5}", "EN", "(E){dx-2}", "N"};
	struct game *g;
	char *text;
	size_t i;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("rollcube:1000000000x1000000000:start=3,5:goal=999999990,999999000:label=4");
	game_draw(g, stdscr);
	text = dump();
	assert_null(strstr(text, "Terminal too small"));
	assert_null(strstr(text, "NNNE"));
	assert_non_null(strstr(text, "p: shortest path"));
	assert_non_null(strstr(text, "▶"));     /* the board goes on east */
	assert_non_null(strstr(text, "▲"));     /* ... and north */
	assert_non_null(strstr(text, "[1]"));
	free(text);
	game_key(g, 'p');
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "shortest path (p hides):"));
	for (i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
		if (strstr(text, tokens[i]) == NULL)
			fail_msg("token %s cut:\n%s", tokens[i], text);
	free(text);
	assert_int_equal(game_history(g)->len, 0);
	game_free(g);
	close_screen();
}

/* A click on a cell that is not next to the die is said, not ignored;
 * one next to it rolls the die. */
static void
a_click_away_from_the_die_is_said(void **unused)
{
	struct game *g;
	MEVENT ev;
	int y, x, h, w;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from("rollcube:8x8:start=1,1:goal=8,8:label=1");
	game_draw(g, stdscr);
	assert_true(game_board_origin(g, LINES, COLS, &y, &x, &h, &w));
	memset(&ev, 0, sizeof ev);
	ev.y = y + 2;           /* the top row, far east: not next to (1,1) */
	ev.x = x + w - 4;
	ev.bstate = BUTTON1_CLICKED;
	game_mouse(g, &ev);
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "A click there does nothing"));
	free(text);
	assert_int_equal(game_history(g)->len, 0);
	game_free(g);
	close_screen();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(maze_board_and_net_at_80x24),
		cmocka_unit_test(a_roll_moves_the_die_and_updates_the_net),
		cmocka_unit_test(huge_open_board_scrolls_and_shows_the_gps),
		cmocka_unit_test(a_click_away_from_the_die_is_said),
	};

	screen_tests_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
