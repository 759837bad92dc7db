#include "ui/app.h"

#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <term.h>

#include "ui/draw.h"
#include "ui/game.h"
#include "puzzles/rollcube/levels_screen.h"
#include "ui/menu.h"
#include "puzzles/registry.h"
#include "ui/replay.h"
#include "ui/saves_screen.h"
#include "ui/storage.h"

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

/* Whether the game can be played here: standard input and output are a
 * terminal (not a file or a pipe at its end, where every read returns at
 * once and the game would spin), and the terminal can place the cursor
 * (TERM=dumb cannot). Errors say which and what to do. */
static bool
terminal_usable(struct tw_error *err)
{
	const char *term = getenv("TERM");
	int status = 0;
	char *cup;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		tw_error_set(err, "the game needs a terminal, and standard %s is not one (for scripts: twirl solve, check, scramble, replay --verify)",
		    !isatty(STDIN_FILENO) ? "input" : "output");
		return false;
	}
	if (term == NULL || term[0] == '\0') {
		tw_error_set(err, "TERM is not set: the game cannot tell what terminal this is");
		return false;
	}
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK) {
		tw_error_set(err, "unknown terminal type '%.40s' (TERM): %s", term,
		    status == 0 ? "no description of it is installed" : "it cannot be used");
		return false;
	}
	cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		tw_error_set(err, "the terminal '%.40s' (TERM) cannot place the cursor, which the game needs",
		    term);
		del_curterm(cur_term);
		return false;
	}
	del_curterm(cur_term);
	return true;
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
	if (start != NULL)
		g = game_new(gid->puzzle, gid->params, start,
		    seeded.kind == GAMEID_SEED ? seeded.seed : NULL, &err);
	if (g == NULL && menu != NULL)
		menu_say(menu, err.msg);
	if (start != NULL)
		gid->puzzle->state_free(start);
	return g;
}

/* Loads a save as a game; messages go to the saves screen or menu. */
static struct game *
resume_file(const char *path, struct tw_error *err)
{
	struct savegame sg;
	struct history *h;
	struct game *g;

	if (!storage_load(path, &sg, &h, err))
		return NULL;
	g = game_resume(&sg, h, err);
	if (g == NULL) {
		history_free(h);
		savegame_free(&sg);
	}
	return g;
}

/* At start-up: an autosave from an unfinished game is offered back. */
static void
offer_autosave(struct menu *menu)
{
	struct tw_error err;
	struct savegame sg;
	struct history *h;
	char *path = game_autosave_path(&err), question[200], *ps;

	if (path == NULL || access(path, F_OK) != 0) {
		free(path);
		return;
	}
	if (!storage_load(path, &sg, &h, &err)) {
		menu_say(menu, err.msg);
		free(path);
		return;
	}
	ps = sg.puzzle->params_format(sg.params, NULL);
	snprintf(question, sizeof question,
	    "Resume your unfinished %s %s game (%zu moves)?", sg.puzzle->name,
	    ps != NULL ? ps : "", history_moves(h));
	free(ps);
	menu_ask(menu, question);
	history_free(h);
	savegame_free(&sg);
	free(path);
}

/* y: the autosave becomes the game (its file is rewritten as play goes
 * on). n: it is kept among the saved games, so nothing is lost. */
static struct game *
answer_autosave(struct menu *menu, bool accept)
{
	struct tw_error err;
	char *path = game_autosave_path(&err), *kept, name[64];
	struct game *g;
	time_t now = time(NULL);
	struct tm tm;

	if (path == NULL)
		return NULL;
	g = resume_file(path, &err);
	if (g == NULL) {
		menu_say(menu, err.msg);
		free(path);
		return NULL;
	}
	if (!accept) {
		localtime_r(&now, &tm);
		strftime(name, sizeof name, "Unfinished %Y-%m-%d %H:%M", &tm);
		if (game_save(g, name, &kept, &err)) {
			unlink(path);
			snprintf(name, sizeof name, "Kept in Saved games");
			menu_say(menu, name);
			free(kept);
		} else {
			menu_say(menu, err.msg);
		}
		game_free(g);
		g = NULL;
	}
	free(path);
	return g;
}

/* Lets Ctrl-S reach the program instead of pausing the terminal. */
static void
no_flow_control(void)
{
	struct termios t;

	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_iflag &= ~(tcflag_t)IXON;
		tcsetattr(STDIN_FILENO, TCSANOW, &t);
		def_prog_mode();
	}
}

enum ui_screen { SCREEN_MENU, SCREEN_GAME, SCREEN_SAVES, SCREEN_REPLAY, SCREEN_LEVELS };

int
ui_run(const struct ui_options *opt, const struct gameid *gid,
    const char *replay_path, struct tw_error *err)
{
	const char *nc = getenv("NO_COLOR");
	struct menu *menu = NULL;
	struct game *game = NULL;
	struct saves_screen *saves = NULL;
	struct replay *replay = NULL;
	struct levels_screen *levels = NULL;
	struct level_choice choice;
	enum ui_screen screen = SCREEN_MENU, saves_return = SCREEN_MENU;
	struct gameid chosen;
	enum menu_action action;
	bool quit = false;
	const char *path;
	MEVENT ev;
	int key, rc = 0;

	/* A replay that cannot be read is reported before the screen is
	 * taken over. */
	if (replay_path != NULL && (replay = replay_open(replay_path, err)) == NULL)
		return 2;
	if (!terminal_usable(err)) {
		if (replay != NULL)
			replay_close(replay);
		return 2;
	}
	install_signals();
	atexit(restore_terminal);
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(25);
	if (newterm(NULL, stdout, stdin) == NULL) {
		tw_error_set(err, "cannot use this terminal (TERM=%s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "unset");
		if (replay != NULL)
			replay_close(replay);
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
	no_flow_control();
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);

	menu = menu_new();
	if (menu == NULL) {
		tw_error_set(err, "out of memory");
		rc = 2;
		goto out;
	}
	if (replay != NULL) {
		screen = SCREEN_REPLAY;
	} else if (gid != NULL) {
		game = open_game(gid, menu);
		if (game == NULL) {
			tw_error_set(err, "cannot start the game");
			rc = 2;
			goto out;
		}
		screen = SCREEN_GAME;
	} else {
		offer_autosave(menu);
	}
	while (!quit && stop_signal == 0) {
		switch (screen) {
		case SCREEN_MENU: menu_draw(menu, stdscr); break;
		case SCREEN_GAME: game_draw(game, stdscr); break;
		case SCREEN_SAVES: saves_draw(saves, stdscr); break;
		case SCREEN_REPLAY: replay_draw(replay, stdscr); break;
		case SCREEN_LEVELS: levels_draw(levels, stdscr); break;
		}
		refresh();
		timeout(screen == SCREEN_GAME ? game_timeout_ms(game) :
		    screen == SCREEN_REPLAY ? replay_timeout_ms(replay) : 500);
		key = getch();
		if (stop_signal != 0)
			break;
		if (key == KEY_RESIZE) {
			continue;
		} else if (key == ERR) {
			if (screen == SCREEN_GAME)
				game_tick(game);
			else if (screen == SCREEN_REPLAY)
				replay_tick(replay);
			continue;
		}
		switch (screen) {
		case SCREEN_GAME:
			switch (game_key(game, key)) {
			case GAME_QUIT:
				game_autosave(game);
				quit = true;
				break;
			case GAME_TO_MENU:
				game_autosave(game);
				game_free(game);
				game = NULL;
				/* A level game goes back to its chooser. */
				screen = levels != NULL ? SCREEN_LEVELS : SCREEN_MENU;
				if (levels != NULL)
					levels_refresh(levels);
				break;
			case GAME_SAVES:
				saves = saves_open(SAVES_FOR_RESUME);
				if (saves != NULL) {
					saves_return = SCREEN_GAME;
					screen = SCREEN_SAVES;
				}
				break;
			case GAME_CONTINUE:
				break;
			}
			if (game != NULL)
				game_tick(game);
			break;
		case SCREEN_REPLAY:
			if (!replay_key(replay, key)) {
				replay_close(replay);
				replay = NULL;
				if (saves != NULL)
					screen = SCREEN_SAVES;
				else
					quit = true;    /* twirl replay FILE */
			} else {
				replay_tick(replay);
			}
			break;
		case SCREEN_SAVES:
			path = NULL;
			switch (key == KEY_MOUSE ?
			    (getmouse(&ev) == OK ? saves_mouse(saves, &ev, &path) : SAVES_NONE) :
			    saves_key(saves, key, &path)) {
			case SAVES_BACK:
				saves_close(saves);
				saves = NULL;
				screen = saves_return;
				break;
			case SAVES_RESUME: {
				struct tw_error e;
				struct game *g = resume_file(path, &e);

				if (g == NULL) {
					saves_say(saves, e.msg);
					break;
				}
				if (game != NULL) {
					game_autosave(game);
					game_free(game);
				}
				game = g;
				saves_close(saves);
				saves = NULL;
				screen = SCREEN_GAME;
				break;
			}
			case SAVES_WATCH: {
				struct tw_error e;

				replay = replay_open(path, &e);
				if (replay == NULL)
					saves_say(saves, e.msg);
				else
					screen = SCREEN_REPLAY;
				break;
			}
			case SAVES_NONE:
				break;
			}
			break;
		case SCREEN_LEVELS:
			memset(&choice, 0, sizeof choice);
			switch (key == KEY_MOUSE ?
			    (getmouse(&ev) == OK ? levels_mouse(levels, &ev, &choice) : LEVELS_NONE) :
			    levels_key(levels, key, &choice)) {
			case LEVELS_BACK:
				levels_close(levels);
				levels = NULL;
				screen = SCREEN_MENU;
				break;
			case LEVELS_PLAY: {
				struct tw_error e;

				game = game_new(&rollcube_puzzle, &choice.params, &choice.start,
				    NULL, &e);
				rollcube_params_clear(&choice.params);
				if (game != NULL) {
					game_set_level(game, choice.key, choice.title, choice.optimum);
					screen = SCREEN_GAME;
				}
				break;
			}
			case LEVELS_NONE:
				break;
			}
			break;
		case SCREEN_MENU:
			memset(&chosen, 0, sizeof chosen);
			action = key == KEY_MOUSE ?
			    (getmouse(&ev) == OK ? menu_mouse(menu, &ev, &chosen) : MENU_NONE) :
			    menu_key(menu, key, &chosen);
			switch (action) {
			case MENU_QUIT:
				quit = true;
				break;
			case MENU_PLAY:
				game = open_game(&chosen, menu);
				gameid_free(&chosen);
				if (game != NULL)
					screen = SCREEN_GAME;
				break;
			case MENU_SAVES:
			case MENU_REPLAYS:
				saves = saves_open(action == MENU_REPLAYS ?
				    SAVES_FOR_WATCHING : SAVES_FOR_RESUME);
				if (saves != NULL) {
					saves_return = SCREEN_MENU;
					screen = SCREEN_SAVES;
				}
				break;
			case MENU_LEVELS: {
				struct tw_error e;

				levels = levels_open(&e);
				if (levels == NULL)
					menu_say(menu, e.msg);
				else
					screen = SCREEN_LEVELS;
				break;
			}
			case MENU_ACCEPT:
			case MENU_DECLINE:
				game = answer_autosave(menu, action == MENU_ACCEPT);
				if (game != NULL)
					screen = SCREEN_GAME;
				break;
			case MENU_NONE:
				break;
			}
			break;
		}
	}
	/* Stopped by a signal, or quit: an unfinished game is kept. */
	if (game != NULL && stop_signal != 0)
		game_autosave(game);
	if (stop_signal != 0)
		rc = 128 + stop_signal;
out:
	levels_close(levels);
	replay_close(replay);
	saves_close(saves);
	game_free(game);
	menu_free(menu);
	restore_terminal();
	return rc;
}
