#include "ui/app.h"

#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ui/draw.h"
#include "ui/game.h"
#include "ui/menu.h"

static volatile sig_atomic_t stop_signal;

static void
on_signal(int sig)
{
	stop_signal = sig;
}

static bool curses_active;

static void
restore_terminal(void)
{
	if (curses_active && !isendwin())
		endwin();
	curses_active = false;
}

static void
install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal wakes the blocking getch. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static bool
locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* Opens the game a game ID names. A bare board ("torus:4x4") gets a fresh
 * seed, so its ID stays short and shareable. */
static struct game *
open_game(const struct gameid *gid, struct menu *menu)
{
	struct tw_error err;
	struct game *g = NULL;
	struct gameid seeded = *gid;
	char seed[24];
	void *start;
	char *id;

	if (gid->kind == GAMEID_STATE &&
	    !gid->puzzle->state_solvable(gid->params, gid->state, &err)) {
		if (menu != NULL)
			menu_say(menu, err.msg);
		return NULL;
	}
	if (gid->kind == GAMEID_PARAMS) {
		ui_new_seed(seed, sizeof seed);
		seeded.kind = GAMEID_SEED;
		seeded.seed = seed;
	}
	start = gameid_start_state(&seeded, 0, &err);
	if (start == NULL) {
		if (menu != NULL)
			menu_say(menu, err.msg);
		return NULL;
	}
	if (seeded.kind == GAMEID_SEED)
		id = gameid_format_seed(gid->puzzle, gid->params, seeded.seed, &err);
	else
		id = gameid_format_state(gid->puzzle, gid->params, start, &err);
	if (id != NULL)
		g = game_new(gid->puzzle, gid->params, start, id, &err);
	if (g == NULL && menu != NULL)
		menu_say(menu, err.msg);
	free(id);
	gid->puzzle->state_free(start);
	return g;
}

int
ui_run(const struct ui_options *opt, const struct gameid *gid,
    struct tw_error *err)
{
	const char *nc = getenv("NO_COLOR");
	struct menu *menu = NULL;
	struct game *game = NULL;
	struct gameid chosen;
	bool quit = false;
	MEVENT ev;
	int key;

	install_signals();
	atexit(restore_terminal);
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	if (newterm(NULL, stdout, stdin) == NULL) {
		tw_error_set(err, "cannot use this terminal (TERM=%s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "unset");
		return 2;
	}
	curses_active = true;
	ui_theme.unicode = !opt->ascii && locale_is_utf8();
	ui_colors_init(!opt->no_color && (nc == NULL || nc[0] == '\0'));
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);

	menu = menu_new();
	if (menu == NULL) {
		restore_terminal();
		tw_error_set(err, "out of memory");
		return 2;
	}
	if (gid != NULL) {
		game = open_game(gid, menu);
		if (game == NULL) {
			restore_terminal();
			menu_free(menu);
			tw_error_set(err, "cannot start the game");
			return 2;
		}
	}
	while (!quit && stop_signal == 0) {
		if (game != NULL)
			game_draw(game, stdscr);
		else
			menu_draw(menu, stdscr);
		refresh();
		timeout(game != NULL ? game_timeout_ms(game) : 500);
		key = getch();
		if (stop_signal != 0)
			break;
		if (game != NULL) {
			if (key != ERR && key != KEY_RESIZE) {
				switch (game_key(game, key)) {
				case GAME_QUIT:
					quit = true;
					break;
				case GAME_TO_MENU:
					game_free(game);
					game = NULL;
					break;
				case GAME_CONTINUE:
					break;
				}
			}
			if (game != NULL)
				game_tick(game);
			continue;
		}
		if (key == ERR || key == KEY_RESIZE)
			continue;
		memset(&chosen, 0, sizeof chosen);
		switch (key == KEY_MOUSE ?
		    (getmouse(&ev) == OK ? menu_mouse(menu, &ev, &chosen) : MENU_NONE) :
		    menu_key(menu, key, &chosen)) {
		case MENU_QUIT:
			quit = true;
			break;
		case MENU_PLAY:
			game = open_game(&chosen, menu);
			gameid_free(&chosen);
			break;
		case MENU_NONE:
			break;
		}
	}
	game_free(game);
	menu_free(menu);
	restore_terminal();
	return stop_signal != 0 ? 128 + stop_signal : 0;
}
