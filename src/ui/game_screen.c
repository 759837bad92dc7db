/* The game as a screen (ui/screen.h): keys and the mouse, the prompts
 * (save name, typed moves), the questions before leaving, Ctrl-O, and
 * keeping the game whenever it is closed. */
#include "ui/game_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/exit_notes.h"
#include "ui/keep.h"
#include "ui/saves_screen.h"
#include "ui/storage.h"

#define CTRL(c) ((c) & 0x1f)

/* The save-name prompt, proposing the name the game was saved under. */
static void
propose_name(struct game *g)
{
	char when[32], *ps, name[96];
	time_t now = time(NULL);
	struct tm tm;

	if (g->save_path != NULL && g->log.name != NULL) {
		input_start(&g->name, g->log.name);
	} else {
		ps = g->p->params_format(g->hist->params, NULL);
		if (ps != NULL && strchr(ps, ':') != NULL)
			*strchr(ps, ':') = '\0';
		localtime_r(&now, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		snprintf(name, sizeof name, "%s %s %s", g->p->name, ps != NULL ? ps : "", when);
		free(ps);
		input_start(&g->name, name);
	}
	g->naming = true;
}

/* The question asked when a game that is being left cannot be kept. */
static void
ask_lose(struct game *g)
{
	g->confirm = CONFIRM_LOSE;
	game_say(g, true, "This game could not be kept (%s). y: leave and lose it, n: stay, Ctrl-S: save it to a file you name",
	    g->keep_error);
}

/* The path prompt of the failed keep: the game written to the file the
 * player types (any folder that can be written), then left. */
static enum game_result
path_key(struct game *g, int key)
{
	struct tw_error err;

	switch (input_key(&g->name, key)) {
	case INPUT_CANCEL:
		g->naming = g->naming_path = false;
		ask_lose(g);
		return GAME_CONTINUE;
	case INPUT_EDITING:
		return GAME_CONTINUE;
	case INPUT_DONE:
		break;
	}
	if (g->name.text[0] == '\0')
		return GAME_CONTINUE;
	if (!game_save_to(g, g->name.text, &err)) {
		game_say(g, true, "Not saved: %s. Another file?", err.msg);
		return GAME_CONTINUE;
	}
	g->naming = g->naming_path = false;
	{
		char note[600];

		snprintf(note, sizeof note, "the unfinished %s game was saved to %s (twirl replay plays it)",
		    g->p->name, g->name.text);
		ui_exit_note(note);
	}
	g->kept = true;
	return g->leaving;
}

/* Ctrl-S at the failed keep's question: a file to type, proposed in the
 * home folder, away from the folder that failed. */
static void
propose_path(struct game *g)
{
	const char *home = getenv("HOME");
	char *file = storage_file_name(g->log.name != NULL ? g->log.name : "twirl game"), path[512];

	snprintf(path, sizeof path, "%s%s%s", home != NULL && home[0] == '/' ? home : "",
	    home != NULL && home[0] == '/' ? "/" : "", file != NULL ? file : "twirl-game.twirl");
	free(file);
	g->confirm = CONFIRM_NONE;
	g->naming = g->naming_path = true;
	input_start(&g->name, path);
}

static void
name_key(struct game *g, int key)
{
	struct tw_error err;
	char *path;
	bool update;

	switch (input_key(&g->name, key)) {
	case INPUT_CANCEL:
		g->naming = false;
		game_say(g, false, "Not saved");
		return;
	case INPUT_EDITING:
		return;
	case INPUT_DONE:
		break;
	}
	if (g->name.text[0] == '\0') {
		game_say(g, true, "A save needs a name");
		return;
	}
	g->naming = false;
	update = g->save_path != NULL && g->log.name != NULL &&
	    strcmp(g->log.name, g->name.text) == 0;
	if (game_save(g, g->name.text, &path, &err)) {
		game_say(g, false, "%s %s", update ? "Updated" : "Saved to", path);
		free(path);
	} else {
		game_say(g, true, "Not saved: %s", err.msg);
	}
}

/* ':' then moves in notation: all are checked before any is played, then
 * they play one by one, animated, as the player's moves. */
static void
alg_key(struct game *g, int key)
{
	struct movelist moves = MOVELIST_EMPTY;
	struct tw_error err;
	void *scratch;

	switch (input_key(&g->alg, key)) {
	case INPUT_CANCEL:
		g->typing = false;
		g->msg[0] = '\0';
		return;
	case INPUT_EDITING:
		return;
	case INPUT_DONE:
		break;
	}
	g->typing = false;
	if (!movelist_split(&moves, g->alg.text, &err) || moves.len == 0) {
		movelist_clear(&moves);
		return;
	}
	scratch = g->p->state_dup(g->hist->params, history_state(g->hist), &err);
	if (scratch == NULL || !puzzle_apply_list(g->p, g->hist->params, scratch, &moves, &err))
		game_say(g, true, "%s", err.msg);
	else
		game_play_typed(g, &moves);
	movelist_clear(&moves);
	if (scratch != NULL)
		g->p->state_free(scratch);
}

/* Leaving (to the menu, or quitting): only once the game is kept. When
 * it cannot be, the player is told why and asked. */
static enum game_result
leave(struct game *g, enum game_result how)
{
	struct tw_error err;

	if (game_keep(g, &err))
		return how;
	g->leaving = how;
	ask_lose(g);
	return GAME_CONTINUE;
}

static enum game_result
ask(struct game *g, enum confirm what, const char *question)
{
	if (!game_in_progress(g)) {
		g->leaving = what == CONFIRM_MENU ? GAME_TO_MENU : GAME_QUIT;
		switch (what) {
		case CONFIRM_QUIT: return leave(g, GAME_QUIT);
		case CONFIRM_MENU: return leave(g, GAME_TO_MENU);
		case CONFIRM_NEW: game_new_scramble(g); return GAME_CONTINUE;
		default: break;
		}
		return GAME_CONTINUE;
	}
	g->confirm = what;
	game_say(g, false, "%s (y/n)", question);
	return GAME_CONTINUE;
}

static enum game_result
answer(struct game *g, enum confirm c, int key)
{
	g->confirm = CONFIRM_NONE;
	g->msg[0] = '\0';
	if (key != 'y' && key != 'Y')
		return GAME_CONTINUE;
	switch (c) {
	case CONFIRM_QUIT:
		g->leaving = GAME_QUIT;
		return leave(g, GAME_QUIT);
	case CONFIRM_MENU:
		g->leaving = GAME_TO_MENU;
		return leave(g, GAME_TO_MENU);
	case CONFIRM_NEW:
		game_new_scramble(g);
		return GAME_CONTINUE;
	case CONFIRM_BUILD:
		game_optimal_hints(g, true);
		game_start_job(g, JOB_HINT);    /* the build, with its progress */
		return GAME_CONTINUE;
	case CONFIRM_LOSE: {
		char note[400];

		/* The player chose to leave it; the reason is repeated on
		 * stderr once the terminal is restored. */
		snprintf(note, sizeof note, "the unfinished %s game was not kept: %s",
		    g->p->name, g->keep_error);
		ui_exit_note(note);
		g->kept = true;
		return g->leaving;
	}
	case CONFIRM_NONE:
		break;
	}
	return GAME_CONTINUE;
}

static enum game_result
playback_key(struct game *g, int key)
{
	switch (key) {
	case ' ':
		g->paused = !g->paused;
		g->next_play = ui_clock();
		if (!g->paused)
			game_say(g, false, "Playing: space pauses");
		break;
	case '.':
		g->paused = true;
		g->next_play = ui_clock();
		game_play_next(g);
		break;
	case '+': case '=':
		if (g->speed + 1 < PLAY_SPEEDS)
			g->speed++;
		game_say(g, false, "Speed %d of %d (%.0f moves a second)", g->speed + 1,
		    PLAY_SPEEDS, 1 / play_interval[g->speed]);
		break;
	case '-': case '_':
		if (g->speed > 0)
			g->speed--;
		game_say(g, false, "Speed %d of %d (%.1f moves a second)", g->speed + 1,
		    PLAY_SPEEDS, 1 / play_interval[g->speed]);
		break;
	case KEY_END: case '>':
		game_skip_to_end(g);
		break;
	case KEY_RESIZE:
		break;
	default:
		game_say(g, false, "Stopped after %zu of %ld %s moves", g->plan_pos,
		    g->plan_total > 0 ? g->plan_total : (long)g->plan.len,
		    g->plan_kind == HISTORY_MOVE ? "typed" : "solution");
		game_stop_playing(g);
		/* The game's own keys then do what they say (n a new game,
		 * u undo ...); other keys only stop. */
		if (key < 128 && key > 0 && strchr("nurRhHqQOg?:", key) != NULL)
			return game_key(g, key);
		break;
	}
	return GAME_CONTINUE;
}

enum game_result
game_key(struct game *g, int key)
{
	enum confirm c = g->confirm;
	bool handled = false;
	char *move;
	MEVENT ev;

	g->banner = false;
	g->show_id = false;
	if (key == KEY_MOUSE) {
		if (getmouse(&ev) == OK)
			game_mouse(g, &ev);
		return GAME_CONTINUE;
	}
	if (key == KEY_RESIZE)
		return GAME_CONTINUE;
	if (c == CONFIRM_LOSE && key == CTRL('s')) {
		propose_path(g);
		return GAME_CONTINUE;
	}
	if (c != CONFIRM_NONE)
		return answer(g, c, key);
	if (g->naming && g->naming_path)
		return path_key(g, key);
	if (g->naming) {
		name_key(g, key);
		return GAME_CONTINUE;
	}
	if (g->typing) {
		alg_key(g, key);
		return GAME_CONTINUE;
	}
	if (g->help_up) {
		if (!help_key(&g->help, key))
			g->help_up = false;
		return GAME_CONTINUE;
	}
	if (g->job != NULL) {
		solve_job_cancel(g->job);
		solve_job_free(g->job);
		g->job = NULL;
		game_say(g, false, "Solver cancelled");
		return GAME_CONTINUE;
	}
	if (g->playing)
		return playback_key(g, key);

	switch (key) {
	case 'u': case CTRL('z'): case KEY_UNDO:
		game_undo(g);
		return GAME_CONTINUE;
	case 'r': case CTRL('r'): case KEY_REDO:
		game_redo(g);
		return GAME_CONTINUE;
	case 'R':
		game_restart(g);
		return GAME_CONTINUE;
	case CTRL('s'):
		propose_name(g);
		return GAME_CONTINUE;
	case CTRL('o'):
		return GAME_SAVES;
	case ':':
		input_start(&g->alg, "");
		g->typing = true;
		return GAME_CONTINUE;
	case 'n':
		return ask(g, CONFIRM_NEW, g->level_key[0] != '\0' ?
		    "Leave this level for a new start on its map?" :
		    "Abandon this game for a new one?");
	case 'h':
		game_start_job(g, JOB_HINT);
		return GAME_CONTINUE;
	case 'H':
		game_start_job(g, JOB_SOLVE);
		return GAME_CONTINUE;
	case 'O':
		game_toggle_optimal(g);
		return GAME_CONTINUE;
	case 'g':
		g->show_id = true;      /* until the next key */
		return GAME_CONTINUE;
	case '?': case KEY_F(1):
		game_help_open(g);
		return GAME_CONTINUE;
	case 'q': case 'Q':
		return ask(g, CONFIRM_QUIT, g->save_path != NULL && g->log.name != NULL ?
		    "Quit twirl? This game is kept in its save." :
		    "Quit twirl? This game is kept and offered back next time.");
	}
	/* The view first: Esc may drop a key sequence it has under way. */
	move = g->view->key(g->ui, g->hist->params, history_state(g->hist), key, &handled);
	if (move != NULL) {
		game_make_move(g, move, HISTORY_MOVE);
		free(move);
	} else if (!handled && key == 27) {
		return ask(g, CONFIRM_MENU, "Back to the menu? This game is kept.");
	} else if (!handled && key != ERR) {
		game_say(g, true, "Key not used here: press ? for help");
	}
	return GAME_CONTINUE;
}

void
game_mouse(struct game *g, const MEVENT *ev)
{
	int y, x, h, w;
	bool handled = false;
	char *move;

	g->banner = false;
	if (g->help_up || g->confirm != CONFIRM_NONE || g->job != NULL || g->playing ||
	    g->naming || g->typing)
		return;
	if (!game_board_origin(g, LINES, COLS, &y, &x, &h, &w))
		return;
	move = g->view->mouse(g->ui, g->hist->params, history_state(g->hist), ev, y, x, &handled);
	if (move != NULL) {
		game_make_move(g, move, HISTORY_MOVE);
		free(move);
	} else if (!handled && (ev->bstate & (BUTTON1_CLICKED | BUTTON1_RELEASED))) {
		/* A click that the view does not take is said, not ignored. */
		game_say(g, false, "A click there does nothing: ? says what the mouse does");
	}
}

/* ---- The screen interface. ---- */

static struct game *
of(struct screen *s)
{
	return (struct game *)s;
}

static void
screen_draw(struct screen *s, WINDOW *w)
{
	game_draw(of(s), w);
}

static struct screen_result
result(struct game *g, enum game_result r)
{
	switch (r) {
	case GAME_TO_MENU:
		return screen_back(NULL);
	case GAME_QUIT:
		return screen_quit();
	case GAME_SAVES:
		return screen_open(saves_screen(SAVES_TO_RESUME, g->save_path));
	case GAME_CONTINUE:
		break;
	}
	game_tick(g);
	return screen_stay();
}

static struct screen_result
screen_key(struct screen *s, int key)
{
	return result(of(s), game_key(of(s), key));
}

static struct screen_result
screen_mouse(struct screen *s, const MEVENT *ev)
{
	game_mouse(of(s), ev);
	return screen_stay();
}

static struct screen_result
screen_tick(struct screen *s)
{
	game_tick(of(s));
	return screen_stay();
}

static int
screen_timeout(const struct screen *s)
{
	return game_timeout_ms((const struct game *)s);
}

/* Back from the saved games (Ctrl-O) with a file to resume: this game,
 * if unfinished, goes among the saved games first (where Ctrl-O lists
 * it: its own file when it came from one, else a new one), then the other
 * takes its place. */
static struct screen_result
screen_revealed(struct screen *s, const char *value)
{
	struct game *g = of(s), *next;
	struct tw_error err;
	char *kept = NULL;
	bool in_progress = game_in_progress(g);

	if (value == NULL)
		return screen_stay();
	if (g->save_path != NULL && strcmp(value, g->save_path) == 0) {
		game_say(g, false, "That is this game");
		return screen_stay();
	}
	if (in_progress && g->save_path != NULL && g->log.name != NULL) {
		if (!game_save(g, g->log.name, NULL, &err)) {
			game_say(g, true, "This game could not be kept (%s), so it stays open; q then Ctrl-S saves it to a file you name",
			    err.msg);
			return screen_stay();
		}
		keep_autosave_remove(g->log.session);
		g->kept = true;
	} else if (!game_keep(g, &err) || (in_progress && !keep_autosave_aside(&kept, &err))) {
		game_say(g, true, "This game could not be kept (%s), so it stays open; q then Ctrl-S saves it to a file you name",
		    err.msg);
		return screen_stay();
	}
	next = game_from_file(value, &err);
	if (next == NULL) {
		/* This game stays; it is in Saved games now as well. */
		free(kept);
		game_say(g, true, "%s", err.msg);
		return screen_stay();
	}
	if (kept != NULL)
		game_say(next, false, "The game you left is kept in Saved games as \"%s\"", kept);
	else if (in_progress)
		game_say(next, false, "The game you left is kept in Saved games");
	free(kept);
	return screen_replace(game_screen(next));
}

static void
screen_close(struct screen *s)
{
	struct game *g = of(s);
	struct tw_error err;
	char note[300];

	if (!game_keep(g, &err)) {
		snprintf(note, sizeof note, "the unfinished %s game was not kept: %s", g->p->name,
		    err.msg);
		ui_exit_note(note);
	}
	game_free(g);
}

static const struct screen_ops game_ops = {
	.draw = screen_draw,
	.key = screen_key,
	.mouse = screen_mouse,
	.tick = screen_tick,
	.timeout_ms = screen_timeout,
	.revealed = screen_revealed,
	.close = screen_close,
};

struct screen *
game_screen(struct game *g)
{
	if (g == NULL)
		return NULL;
	g->screen.ops = &game_ops;   /* the game core does not know its screen */
	return &g->screen;
}
