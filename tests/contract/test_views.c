/* The contract every puzzle's view keeps (src/ui/view.h), checked through
 * the view registry (view_for) for every puzzle in twirl_puzzles and each
 * of its sample_params, drawn headless (newterm on /dev/null): a new
 * puzzle's view gets all of this by being in the list.
 *   - every puzzle has a view, of that puzzle, with rules, key help, a
 *     custom-size prompt and every function the game screen calls;
 *   - every menu preset is a whole params text the puzzle takes;
 *   - a layout either fits the area it was offered or says it does not
 *     with a size larger than the area;
 *   - a key or a click the view takes either moves the cursor (no move) or
 *     names a move in the puzzle's notation, with an animation time; the
 *     board draws at rest and mid-move (the sanitizer build checks that
 *     nothing is written out of bounds);
 *   - the whole game screen draws at 80x24, at 120x40 and too small. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/game.h"
#include "ui/view.h"
#include "screen.h"
#include "ui/storage.h"

/* With an argument, the test checks only that puzzle (the build that
 * adds a test-only puzzle checks just the new one). */
static const char *only;

/* Sample params per puzzle checked key by key (the first ones are the
 * quick boards of every kind). */
enum { KEYED_SAMPLES = 4 };

static bool
checked(const struct puzzle *p)
{
	return only == NULL || strcmp(p->id, only) == 0;
}

static void *
parse_params(const struct puzzle *p, const char *text)
{
	struct tw_error err = {0};
	size_t used;
	void *params = p->params_parse(text, &used, &err);

	if (params == NULL)
		fail_msg("%s:%s: %s", p->id, text, err.msg);
	if (used != strlen(text))
		fail_msg("%s:%s: params took %zu of %zu bytes", p->id, text, used, strlen(text));
	return params;
}

static void
every_puzzle_has_a_view(void **unused)
{
	static const struct puzzle stranger = {.id = "stranger"};

	(void)unused;
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);

		if (!checked(p))
			continue;
		if (v == NULL)
			fail_msg("%s has no view", p->id);
		assert_ptr_equal(v->puzzle, p);
		assert_non_null(v->rules);
		assert_non_null(v->rules[0].text);
		assert_non_null(v->help);
		assert_non_null(v->help[0].keys);
		assert_non_null(v->help[0].text);
		assert_non_null(v->custom_prompt);
		assert_non_null(v->ui_new);
		assert_non_null(v->ui_free);
		assert_non_null(v->layout);
		assert_non_null(v->draw);
		assert_non_null(v->key);
		assert_non_null(v->mouse);
		assert_non_null(v->moved);
		assert_non_null(v->anim_ms);
	}
	assert_null(view_for(&stranger));
}

static void
presets_are_whole_params(void **unused)
{
	(void)unused;
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);
		int n = 0;

		if (!checked(p))
			continue;
		assert_non_null(v->presets);
		assert_non_null(v->presets[0]);
		for (; v->presets[n] != NULL; n++)
			p->params_free(parse_params(p, v->presets[n]));
		if (v->preset_labels != NULL) {
			for (int j = 0; j < n; j++)
				assert_non_null(v->preset_labels[j]);
			assert_null(v->preset_labels[n]);
		}
	}
}

/* The area offered, and whether the layout's answer is consistent with
 * it: a fit no larger than the area, or a refusal naming a larger size. */
static void
check_layout(const struct puzzle_view *v, void *ui, const void *params, const char *text,
    int h, int w)
{
	int need_h = -1, need_w = -1;
	bool fits = v->layout(ui, params, h, w, &need_h, &need_w);

	if (fits && (need_h < 1 || need_w < 1 || need_h > h || need_w > w))
		fail_msg("%s:%s: fits %dx%d in %dx%d", v->puzzle->id, text, need_h, need_w, h, w);
	if (!fits && need_h <= h && need_w <= w)
		fail_msg("%s:%s: refuses %dx%d but needs only %dx%d", v->puzzle->id, text, h, w,
		    need_h, need_w);
}

static void
layouts_fit_or_name_a_larger_size(void **unused)
{
	static const int areas[][2] = {{21, 80}, {37, 120}, {5, 10}, {1, 1}, {200, 400}};

	(void)unused;
	open_screen(24, 80, true, true);
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);

		if (!checked(p))
			continue;
		for (int j = 0; p->sample_params[j] != NULL; j++) {
			void *params = parse_params(p, p->sample_params[j]);
			void *ui = v->ui_new(params);

			assert_non_null(ui);
			for (size_t a = 0; a < sizeof areas / sizeof areas[0]; a++)
				check_layout(v, ui, params, p->sample_params[j], areas[a][0], areas[a][1]);
			v->ui_free(ui);
			p->params_free(params);
		}
	}
	close_screen();
}

/* A move a view named: in the puzzle's notation, with an animation time;
 * the board draws at rest and halfway through it, and the view hears of
 * it when the engine takes it (a wall may refuse it). */
static void
check_move(const struct puzzle_view *v, void *ui, const void *params, void *state,
    const char *move, const char *text, int y, int x)
{
	const struct puzzle *p = v->puzzle;
	struct tw_error err = {0};
	struct anim half = {move, 0.5};
	int ms;

	if (p->move_cost(params, move, 0) < 0)
		fail_msg("%s:%s: the view's move '%s' does not parse", p->id, text, move);
	ms = v->anim_ms(params, move);
	if (ms < 0 || ms > 5000)
		fail_msg("%s:%s: move '%s' animates for %d ms", p->id, text, move, ms);
	werase(stdscr);
	v->draw(stdscr, y, x, ui, params, state, &half, -1);
	if (p->move_apply(params, state, move, &err))
		v->moved(ui, params, move);
}

static void
keys_and_clicks_name_moves(void **unused)
{
	static const int keys[] = {KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_SR, KEY_SF,
	    KEY_SLEFT, KEY_SRIGHT, 'w', 'a', 's', 'd', 'h', 'j', 'k', 'l', 'I', 'J', 'K', 'L',
	    'x', 'z', ' ', '\n', '\t', KEY_BTAB, KEY_BACKSPACE, '2', 'i', 't', 'f', 'b', 'y',
	    '3', 'w', 'I'};
	static const mmask_t buttons[] = {BUTTON1_CLICKED, BUTTON1_PRESSED, BUTTON1_RELEASED,
	    BUTTON3_CLICKED};

	(void)unused;
	open_screen(40, 120, true, true);
	for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);

		if (!checked(p))
			continue;
		for (int j = 0; p->sample_params[j] != NULL && j < KEYED_SAMPLES; j++) {
			const char *text = p->sample_params[j];
			void *params = parse_params(p, text);
			void *ui = v->ui_new(params);
			struct tw_error err = {0};
			struct tw_rng rng;
			void *state;
			int need_h, need_w;

			tw_rng_seed(&rng, 1);
			state = p->scramble(params, &rng, &err);
			assert_non_null(state);
			if (!v->layout(ui, params, LINES, COLS, &need_h, &need_w))
				fail_msg("%s:%s: does not fit %dx%d", p->id, text, LINES, COLS);
			werase(stdscr);
			v->draw(stdscr, 0, 0, ui, params, state, NULL, -1);
			for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
				bool handled = false;
				char *move = v->key(ui, params, state, keys[k], &handled);

				if (move != NULL) {
					assert_true(handled);
					check_move(v, ui, params, state, move, text, 0, 0);
					free(move);
				}
			}
			/* A click (and a press, then a release) every few cells of the
			 * board and just outside it. */
			for (int my = -1; my <= need_h; my += 2)
				for (int mx = -1; mx <= need_w; mx += 3)
					for (size_t b = 0; b < sizeof buttons / sizeof buttons[0]; b++) {
						MEVENT ev = {.y = my, .x = mx, .bstate = buttons[b]};
						bool handled = false;
						char *move = v->mouse(ui, params, state, &ev, 0, 0, &handled);

						if (move != NULL) {
							assert_true(handled);
							check_move(v, ui, params, state, move, text, 0, 0);
							free(move);
						}
					}
			v->draw(stdscr, 0, 0, ui, params, state, NULL, 0);
			p->state_free(state);
			v->ui_free(ui);
			p->params_free(params);
		}
	}
	close_screen();
}

/* The whole game screen (board, status, keys) of each sample's seeded
 * scramble at the sizes players use, and in a terminal too small for it,
 * where it says what it needs. */
static void
game_screens_draw_at_every_size(void **unused)
{
	static const int sizes[][2] = {{24, 80}, {40, 120}, {6, 20}};

	(void)unused;
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		open_screen(sizes[s][0], sizes[s][1], s != 1, s != 2);
		for (size_t i = 0; twirl_puzzles[i] != NULL; i++) {
			const struct puzzle *p = twirl_puzzles[i];

			if (!checked(p))
				continue;
			for (int j = 0; p->sample_params[j] != NULL && j < KEYED_SAMPLES; j++) {
				char id[128], *text;
				struct game *g;

				snprintf(id, sizeof id, "%s:%s#1", p->id, p->sample_params[j]);
				g = game_from(id);
				game_draw(g, stdscr);
				text = dump();
				if (strspn(text, " \n") == strlen(text))
					fail_msg("%s: the screen is blank at %dx%d", id, sizes[s][1],
					    sizes[s][0]);
				free(text);
				game_free(g);
			}
		}
		close_screen();
	}
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_puzzle_has_a_view),
		cmocka_unit_test(presets_are_whole_params),
		cmocka_unit_test(layouts_fit_or_name_a_larger_size),
		cmocka_unit_test(keys_and_clicks_name_moves),
		cmocka_unit_test(game_screens_draw_at_every_size),
	};

	storage_use_table_cache();
	screen_tests_init();
	if (argc > 1)
		only = argv[1];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
