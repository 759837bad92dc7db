/* The torus screen drawn headless (newterm on /dev/null) and read back
 * cell by cell, compared with golden text in tests/screen/golden/ (set
 * TWIRL_UPDATE_GOLDEN=1 to rewrite them after a deliberate change), with
 * colour and attribute checks the text cannot show. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/game.h"
#include "ui/game_internal.h"
#include "ui/stats.h"
#include "screen.h"

/* Screen cell holding the first character of number text on row y. */
static int
find_on_row(int y, const char *number)
{
	char *text = dump(), *line = text, *hit;
	int i, x = -1;

	for (i = 0; i < y; i++)
		line = strchr(line, '\n') + 1;
	*strchr(line, '\n') = '\0';
	hit = strstr(line, number);
	if (hit != NULL) {
		*hit = '\0';
		x = (int)mbstowcs(NULL, line, 0);
	}
	free(text);
	return x;
}

static const char *start_id = "torus:4x4:2,3,4,1,5,6,7,8,9,10,11,12,13,14,15,16";

static void
colour_unicode_80x24(void **unused)
{
	struct game *g;
	char *text;
	int x;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(start_id);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("torus-4x4-80x24-unicode.txt", text);
	free(text);
	/* Tile 1 (home 0,0) wears the first shade; tile 16 the last. */
	x = find_on_row(6, " 1 ");
	assert_true(x > 0);
	assert_int_equal(cell_at(6, x + 1).ch, L'1');
	assert_int_equal(cell_at(6, x + 1).pair, PAIR_TILE0);
	x = find_on_row(15, "16");
	assert_true(x > 0);
	assert_int_equal(cell_at(15, x).pair, PAIR_TILE0 + 24);
	/* The cursor tile (row 1, column 1: tile 2) is drawn reversed. */
	x = find_on_row(6, " 2 ");
	assert_true(x > 0);
	assert_true(cell_at(6, x + 1).attrs & A_REVERSE);
	game_free(g);
	close_screen();
}

/* The black-and-white torus at 80x24: # and . pieces, black ones in
 * reverse video, the goal pattern beside the board, the title saying
 * which game it is. */
static void
black_and_white_80x24(void **unused)
{
	struct game *g;
	char *text;
	int y, x;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("torus:3x3:goal=x.x/.x./x.x:xxx/xx./...");
	game_draw(g, stdscr);
	text = dump();
	compare_golden("torus-3x3-bw-80x24.txt", text);
	assert_non_null(strstr(text, "black and white"));
	assert_non_null(strstr(text, "goal"));
	free(text);
	/* Row 1 of the board is all black: its # cells reversed. */
	for (y = 0; y < 24 && (x = find_on_row(y, "#")) < 0; y++)
		;
	assert_true(y < 24);
	assert_true(cell_at(y, x).attrs & A_REVERSE);
	game_free(g);
	close_screen();
}

static void
mono_ascii_80x24(void **unused)
{
	struct game *g;
	char *text, *c;
	int y, x;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(start_id);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("torus-4x4-80x24-ascii.txt", text);
	for (c = text; *c != '\0'; c++)
		assert_true((unsigned char)*c < 128);
	free(text);
	for (y = 0; y < LINES; y++)
		for (x = 0; x < COLS; x++)
			assert_int_equal(cell_at(y, x).pair, 0);
	game_free(g);
	close_screen();
}

static void
shift_key_slides_the_row_then_shows_it_moved(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(start_id);
	game_key(g, 'a');  /* row 1 west: 2,3,4,1 -> 3,4,1,2 */
	fake_now += 0.05;  /* mid-animation */
	game_tick(g);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("torus-4x4-sliding.txt", text);
	free(text);
	fake_now += 5;
	game_tick(g);
	game_draw(g, stdscr);
	text = dump();
	compare_golden("torus-4x4-after-W1.txt", text);
	free(text);
	game_free(g);
	close_screen();
}

/* The help over the game: the rules and every key, wrapped to the
 * terminal and scrolled when longer than it (at 80x24 and at 40x12 the
 * last key is reached with PageDown; another key closes it). */
static void
help_overlay_wraps_and_scrolls_to_every_key(void **unused)
{
	static const int sizes[][2] = {{24, 80}, {12, 40}};

	(void)unused;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		bool rules = false, hint = false, shift = false, quit = false;
		struct game *g;

		open_screen(sizes[k][0], sizes[k][1], true, true);
		g = game_from(start_id);
		game_key(g, '?');
		for (int page = 0; page < 12; page++) {
			char *text;

			game_draw(g, stdscr);
			text = dump();
			rules |= strstr(text, "Torus: an m x n board") != NULL;
			hint |= strstr(text, "hint: the solver's") != NULL;
			shift |= strstr(text, "shift the cursor") != NULL;
			quit |= strstr(text, "quit (an") != NULL;
			/* No line of the box runs past the screen's edge. */
			assert_null(strstr(text, "row/column"));
			free(text);
			game_key(g, KEY_NPAGE);
		}
		assert_true(rules && hint && shift && quit);
		game_key(g, 'x');
		game_draw(g, stdscr);
		{
			char *text = dump();

			assert_null(strstr(text, "Torus: an m x n board"));
			free(text);
		}
		game_free(g);
		close_screen();
	}
}

static void
too_small_terminal_says_so(void **unused)
{
	static const int sizes[][2] = {{5, 20}, {1, 1}, {2, 3}, {24, 10}};
	size_t k;

	(void)unused;
	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct game *g;
		char *text;

		open_screen(sizes[k][0], sizes[k][1], true, true);
		g = game_from(start_id);
		game_draw(g, stdscr);
		text = dump();
		if (k == 0)
			compare_golden("torus-4x4-20x5-too-small.txt", text);
		else if (sizes[k][1] >= 18)
			assert_non_null(strstr(text, "Terminal too small"));
		free(text);
		game_free(g);
		close_screen();
	}
}

static void
big_board_fits_80x24(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("torus:20x20#5");
	game_draw(g, stdscr);
	text = dump();
	assert_null(strstr(text, "Terminal too small"));
	assert_non_null(strstr(text, "torus:20x20#5"));
	free(text);
	game_free(g);
	close_screen();
}

static char *
state_text(const struct game *g)
{
	return torus_state_format(game_history(g)->params, game_state(g), NULL);
}

/* Board geometry of start_id at 80x24: frame at (4, 25), cells 7x3. */
static MEVENT
mouse_at(int row, int col, mmask_t button)
{
	MEVENT ev;

	memset(&ev, 0, sizeof ev);
	ev.y = 4 + 1 + row * 3 + 1;
	ev.x = 25 + 1 + col * 7 + 3;
	ev.bstate = button;
	return ev;
}

/* A drag shifts the row (or column): it follows the pointer while the
 * button is held, and the move is made on release. */
static void
mouse_drag_shifts_the_row(void **unused)
{
	struct game *g;
	MEVENT press = mouse_at(0, 0, BUTTON1_PRESSED);
	MEVENT release = mouse_at(0, 2, BUTTON1_RELEASED);
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(start_id);
	game_draw(g, stdscr);
	game_mouse(g, &press);
	/* While the button is held, the row follows the pointer on screen
	 * and nothing is played yet. */
	{
		MEVENT over = mouse_at(0, 2, REPORT_MOUSE_POSITION);
		struct cell moved;

		game_mouse(g, &over);
		game_draw(g, stdscr);
		assert_int_equal(game_history(g)->len, 0);
		moved = cell_at(4 + 1 + 1, 25 + 1 + 2 * 7 + 4);   /* row 1, column 3 */
		assert_int_equal(moved.ch, L'2');                  /* as it will be: 4 1 2 3 */
		moved = cell_at(4 + 1 + 3 + 1, 25 + 1 + 2 * 7 + 4);
		assert_int_equal(moved.ch, L'7');                  /* row 2 untouched */
	}
	game_mouse(g, &release);
	text = state_text(g);
	assert_string_equal(text, "4,1,2,3,5,6,7,8,9,10,11,12,13,14,15,16");
	free(text);
	assert_string_equal(game_history(g)->entries[0].move, "E1^2");
	game_free(g);
	close_screen();
}

static void
click_selects_the_tile_keys_then_shift(void **unused)
{
	struct game *g;
	MEVENT press = mouse_at(2, 3, BUTTON1_PRESSED);
	MEVENT release = mouse_at(2, 3, BUTTON1_RELEASED);
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(start_id);
	game_draw(g, stdscr);
	game_mouse(g, &press);
	game_mouse(g, &release);
	assert_int_equal(game_history(g)->len, 0);
	game_key(g, 'w');   /* column 4 north */
	text = state_text(g);
	assert_string_equal(text, "2,3,4,8,5,6,7,12,9,10,11,16,13,14,15,1");
	free(text);
	game_key(g, KEY_SLEFT);
	game_key(g, 'J');
	game_key(g, 's');   /* cursor now on column 2: south */
	text = state_text(g);
	assert_string_equal(text, "2,14,4,8,5,3,7,12,9,6,11,16,13,10,15,1");
	free(text);
	game_free(g);
	close_screen();
}

static bool
has_a_move(struct game *g)
{
	return game_history(g)->cursor > 0;
}

static bool
is_solved(struct game *g)
{
	return torus_state_is_solved(game_history(g)->params, game_state(g));
}

static void
hint_plays_one_marked_move_and_undo_takes_it_back(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from(start_id);
	game_key(g, 'h');
	assert_true(tick_until(g, has_a_move));
	assert_int_equal(game_history(g)->len, 1);
	assert_int_equal(game_history(g)->entries[0].kind, HISTORY_HINT);
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "Hint: "));
	free(text);
	game_key(g, 'u');
	text = state_text(g);
	assert_string_equal(text, start_id + strlen("torus:4x4:"));
	free(text);
	game_free(g);
	close_screen();
}

static bool
hint_known(struct game *g)
{
	return g->hint_state != NULL && g->background == NULL &&
	    g->p->state_equal(game_history(g)->params, g->hint_state, game_state(g));
}

/* The hint is worked out in the background once the position stands
 * still: h then answers at once, with no solve of its own; a move along
 * the known solution only shortens it; a move off it starts the next
 * background solve; with the setting off, nothing is solved unasked. */
static void
the_hint_is_ready_before_h(void **unused)
{
	struct game *g;
	size_t left;
	const char *off;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("torus:5x5#4");
	assert_true(tick_until(g, hint_known));
	game_key(g, 'h');
	assert_null(g->job);
	assert_int_equal(game_history(g)->len, 1);
	assert_non_null(strstr(g->msg, "Hint: "));
	/* The player plays the next move of the solution by hand. */
	left = g->hint.len - g->hint_pos;
	assert_true(game_make_move(g, g->hint.moves[g->hint_pos], HISTORY_MOVE));
	assert_int_equal(g->hint.len - g->hint_pos, left - 1);
	game_tick(g);
	assert_null(g->background);
	game_key(g, 'h');
	assert_null(g->job);
	assert_int_equal(game_history(g)->len, 3);
	/* Off the solution: the hint no longer applies, and the next one
	 * is worked out. */
	off = strcmp(g->hint.moves[g->hint_pos], "E1") == 0 ? "E2" : "E1";
	assert_true(game_make_move(g, off, HISTORY_MOVE));
	assert_false(hint_known(g));
	assert_true(tick_until(g, hint_known));
	game_free(g);
	/* The setting off. */
	game_background_hints = false;
	g = game_from("torus:5x5#4");
	for (int i = 0; i < 20; i++) {
		fake_now += 1;
		game_tick(g);
	}
	assert_null(g->background);
	assert_null(g->hint_state);
	game_background_hints = true;
	game_free(g);
	close_screen();
}

static void
solve_plays_the_solution_to_the_end(void **unused)
{
	struct game *g;
	char *text;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("torus:5x5#77");
	game_key(g, 'H');
	assert_true(tick_until(g, is_solved));
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "SOLVED"));
	assert_non_null(strstr(text, "Solved with help"));
	free(text);
	game_free(g);
	close_screen();
}

static void
any_other_key_stops_the_solution(void **unused)
{
	struct game *g;
	size_t played;

	(void)unused;
	open_screen(24, 80, true, true);
	g = game_from("torus:6x6#5");
	game_key(g, 'H');
	assert_true(tick_until(g, has_a_move));
	game_key(g, 'x');
	played = game_history(g)->cursor;
	fake_now += 100;
	game_tick(g);
	game_tick(g);
	assert_int_equal(game_history(g)->cursor, played);
	assert_false(is_solved(g));
	game_free(g);
	close_screen();
}

/* The solves the statistics hold for the 4x4 torus. */
static long
recorded_solves(void)
{
	struct stats_entry *list;
	size_t n, i;
	long solves = 0;

	assert_true(stats_load(&list, &n, NULL));
	for (i = 0; i < n; i++)
		if (strcmp(list[i].board, "torus:4x4") == 0)
			solves = list[i].all.solves;
	free(list);
	return solves;
}

/* Undo then redo back to the solved position is the same solve: it is
 * recorded once, and the player is told so. */
static void
a_solve_is_recorded_once_through_undo_and_redo(void **unused)
{
	char dir[] = "/tmp/twirl-stats-XXXXXX", cmd[64];
	struct game *g;
	char *text;
	int round;

	(void)unused;
	assert_non_null(mkdtemp(dir));
	setenv("XDG_DATA_HOME", dir, 1);
	open_screen(24, 80, false, false);
	g = game_from("torus:4x4:4,1,2,3,5,6,7,8,9,10,11,12,13,14,15,16");
	game_key(g, 'a');   /* row 1 west: solved */
	fake_now += 5;
	game_tick(g);
	assert_true(is_solved(g));
	assert_int_equal(recorded_solves(), 1);
	for (round = 0; round < 3; round++) {
		game_key(g, 'u');
		fake_now += 5;
		game_tick(g);
		assert_false(is_solved(g));
		game_key(g, 'r');
		fake_now += 5;
		game_tick(g);
		assert_true(is_solved(g));
	}
	assert_int_equal(recorded_solves(), 1);
	game_draw(g, stdscr);
	text = dump();
	assert_non_null(strstr(text, "Solved again"));
	free(text);
	game_free(g);
	close_screen();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* Whether the words of text appear on the screen in order (however the
 * lines break). */
static bool
screen_holds_words(const char *text)
{
	char *shown = dump(), *at = shown, words[1024], *word, *save = NULL;
	bool all = true;

	snprintf(words, sizeof words, "%s", text);
	for (word = strtok_r(words, " ", &save); word != NULL && all; word = strtok_r(NULL, " ", &save)) {
		char *hit = strstr(at, word);

		all = hit != NULL;
		if (hit != NULL)
			at = hit + strlen(word);
	}
	free(shown);
	return all;
}

/* The longest message a game holds (479 bytes) is shown whole at 80x24
 * and at 60x16: it wraps, never cut at the edge. */
static void
a_long_message_wraps_and_is_never_cut(void **unused)
{
	static const int sizes[][2] = {{24, 80}, {16, 60}};
	char msg[480];
	struct game *g;
	size_t i;

	(void)unused;
	memset(msg, 0, sizeof msg);
	for (i = 0; strlen(msg) + 12 < sizeof msg; i++)
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "word%02zu-long ", i);
	msg[strlen(msg) - 1] = '\0';
	for (i = 0; i < 2; i++) {
		open_screen(sizes[i][0], sizes[i][1], false, false);
		g = game_from(start_id);
		game_say(g, true, "%s", msg);
		game_draw(g, stdscr);
		if (!screen_holds_words(msg))
			fail_msg("cut at %dx%d", sizes[i][1], sizes[i][0]);
		/* The status bar is still there, above the message. */
		{
			char *shown = dump();

			assert_non_null(strstr(shown, "Moves 0"));
			free(shown);
		}
		game_free(g);
		close_screen();
	}
}

/* g shows the whole game ID of a 20x20 torus (about 1,400 bytes) at
 * 80x24, over the board, until the next key. */
static void
i_shows_the_whole_game_id(void **unused)
{
	struct game *g;
	char *text, *id, *squeezed, *c, *o, start[2000];
	int k;

	(void)unused;
	open_screen(24, 80, false, false);
	/* Row 1 shifted west by one: a position given tile by tile. */
	snprintf(start, sizeof start, "torus:20x20:");
	for (k = 1; k <= 400; k++)
		snprintf(start + strlen(start), sizeof start - strlen(start), "%d%s",
		    k <= 20 ? k % 20 + 1 : k, k < 400 ? "," : "");
	g = game_from(start);
	id = strdup(g->gameid);
	game_key(g, 'g');
	game_draw(g, stdscr);
	text = dump();
	/* The screen's text with line breaks and spaces taken out holds the
	 * ID whole. */
	squeezed = malloc(strlen(text) + 1);
	for (c = text, o = squeezed; *c != '\0'; c++)
		if (*c != '\n' && *c != ' ')
			*o++ = *c;
	*o = '\0';
	assert_true(strlen(id) > 1000);
	assert_non_null(strstr(squeezed, id));
	free(squeezed);
	free(text);
	game_key(g, 'x');
	game_draw(g, stdscr);
	text = dump();
	assert_null(strstr(text, ",398,399,400"));
	free(text);
	free(id);
	game_free(g);
	close_screen();
}

/* n while typed moves play stops them and asks for a new game, as n
 * does; the line calls them typed moves. */
static void
n_during_typed_moves_asks_for_a_new_game(void **unused)
{
	struct game *g;
	struct movelist moves = MOVELIST_EMPTY;

	(void)unused;
	open_screen(24, 80, false, false);
	g = game_from(start_id);
	assert_true(movelist_push(&moves, "S1", NULL) && movelist_push(&moves, "S2", NULL) &&
	    movelist_push(&moves, "S3", NULL));
	game_play_typed(g, &moves);
	assert_true(tick_until(g, has_a_move));
	game_key(g, 'n');
	assert_false(g->playing);
	assert_int_equal(g->confirm, CONFIRM_NEW);
	movelist_clear(&moves);
	game_free(g);
	close_screen();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(colour_unicode_80x24),
		cmocka_unit_test(mono_ascii_80x24),
		cmocka_unit_test(shift_key_slides_the_row_then_shows_it_moved),
		cmocka_unit_test(help_overlay_wraps_and_scrolls_to_every_key),
		cmocka_unit_test(too_small_terminal_says_so),
		cmocka_unit_test(big_board_fits_80x24),
		cmocka_unit_test(mouse_drag_shifts_the_row),
		cmocka_unit_test(click_selects_the_tile_keys_then_shift),
		cmocka_unit_test(hint_plays_one_marked_move_and_undo_takes_it_back),
		cmocka_unit_test(the_hint_is_ready_before_h),
		cmocka_unit_test(solve_plays_the_solution_to_the_end),
		cmocka_unit_test(any_other_key_stops_the_solution),
		cmocka_unit_test(a_solve_is_recorded_once_through_undo_and_redo),
		cmocka_unit_test(a_long_message_wraps_and_is_never_cut),
		cmocka_unit_test(black_and_white_80x24),
		cmocka_unit_test(i_shows_the_whole_game_id),
		cmocka_unit_test(n_during_typed_moves_asks_for_a_new_game),
	};

	screen_tests_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
