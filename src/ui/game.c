#include "ui/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/gameid.h"
#include "core/history.h"
#include "core/savegame.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/storage.h"
#include "ui/view.h"
#include "ui/worker.h"

#define CTRL(c) ((c) & 0x1f)

static double
monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double (*ui_clock)(void) = monotonic_seconds;

void
ui_new_seed(char *buf, size_t size)
{
	struct tw_rng rng;

	tw_rng_seed(&rng, (uint64_t)time(NULL) ^ (uint64_t)(monotonic_seconds() * 1e9));
	snprintf(buf, size, "%llu",
	    (unsigned long long)(tw_rng_next(&rng) % 1000000000u));
}

enum confirm { CONFIRM_NONE, CONFIRM_QUIT, CONFIRM_MENU, CONFIRM_NEW };
enum job_mode { JOB_HINT, JOB_SOLVE };

/* Seconds between solution moves at each playback speed. */
static const double play_interval[] = {1.2, 0.8, 0.5, 0.3, 0.18, 0.1, 0.05};
#define PLAY_SPEEDS ((int)(sizeof play_interval / sizeof play_interval[0]))

struct game {
	const struct puzzle *p;
	const struct puzzle_view *view;
	void *ui;
	struct history *hist;
	char *gameid;
	struct savegame log;    /* every event, for saves and replays */
	char level_key[64];     /* a level's progress key, "" for others */
	char level_title[96];
	long level_optimum;
	bool naming;            /* the save-name prompt is up */
	struct line_input name;
	size_t since_autosave;  /* moves since the last autosave */

	double started, solved_at;
	bool solved;
	bool banner;            /* the solved banner is up until the next key */
	size_t hints_at_solve;

	void *anim_from;        /* state before the animated move */
	char *anim_move;
	double anim_start, anim_len;

	char msg[200];
	bool msg_error;
	enum confirm confirm;
	bool help;
	bool title;             /* room for the title line at the last layout */

	struct solve_job *job;
	enum job_mode job_mode;
	double job_started;

	struct movelist plan;   /* H, or typed moves: what is being played */
	size_t plan_pos;
	enum history_kind plan_kind;  /* HISTORY_HINT for H, MOVE for typed */
	bool typing;            /* the ':' moves prompt is up */
	struct line_input alg;
	bool playing, paused;
	int speed;
	double next_play;

	struct movelist hint;   /* last solution, reused by h while valid */
	size_t hint_pos;
	bool hint_cut;          /* hint is only the start of a longer solution */
	bool plan_cut;          /* likewise for the plan being played */
	void *hint_state;       /* position hint.moves[hint_pos] applies to */
};

static void
say(struct game *g, bool error, const char *fmt, ...) TW_PRINTF(3, 4);

static void
say(struct game *g, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g->msg, sizeof g->msg, fmt, ap);
	va_end(ap);
	g->msg_error = error;
}

const void *
game_state(const struct game *g)
{
	return history_state(g->hist);
}

const struct history *
game_history(const struct game *g)
{
	return g->hist;
}

void
game_set_level(struct game *g, const char *key, const char *title, long optimum)
{
	snprintf(g->level_key, sizeof g->level_key, "%s", key);
	snprintf(g->level_title, sizeof g->level_title, "%s", title);
	g->level_optimum = optimum;
}

static void
clear_anim(struct game *g)
{
	if (g->anim_from != NULL)
		g->p->state_free(g->anim_from);
	free(g->anim_move);
	g->anim_from = NULL;
	g->anim_move = NULL;
}

static void
clear_hint(struct game *g)
{
	movelist_clear(&g->hint);
	g->hint_pos = 0;
	if (g->hint_state != NULL)
		g->p->state_free(g->hint_state);
	g->hint_state = NULL;
}

static void
stop_playing(struct game *g)
{
	movelist_clear(&g->plan);
	g->plan_pos = 0;
	g->playing = g->paused = false;
}

/* Starts playing start_state afresh: new history and event log. */
static bool
start(struct game *g, const void *params, const void *start_state,
    const char *seed, struct tw_error *err)
{
	struct history *h = history_new(g->p, params, start_state, err);
	struct savegame log;
	char *id;

	if (h == NULL)
		return false;
	id = seed != NULL ? gameid_format_seed(g->p, params, seed, err) :
	    gameid_format_state(g->p, params, start_state, err);
	if (id == NULL || !savegame_init(&log, g->p, params, seed, start_state, err)) {
		history_free(h);
		free(id);
		return false;
	}
	history_free(g->hist);
	free(g->gameid);
	savegame_free(&g->log);
	g->hist = h;
	g->gameid = id;
	g->log = log;
	g->started = ui_clock();
	g->solved = g->p->state_is_solved(params, start_state);
	g->solved_at = g->started;
	g->banner = false;
	g->since_autosave = 0;
	clear_anim(g);
	clear_hint(g);
	stop_playing(g);
	return true;
}

/* Milliseconds of play so far, for event times. */
static uint64_t
play_ms(const struct game *g)
{
	double t = ((g->solved ? g->solved_at : ui_clock()) - g->started) * 1000;

	return t > 0 ? (uint64_t)t : 0;
}

static void
record(struct game *g, enum save_event_kind kind, const char *move)
{
	uint64_t ms = (uint64_t)((ui_clock() - g->started) * 1000);

	savegame_add(&g->log, kind, ms, move, NULL);
}

static struct game *
game_alloc(const struct puzzle *p, const void *params, struct tw_error *err)
{
	struct game *g;

	if (view_for(p) == NULL) {
		tw_error_set(err, "%s has no screen yet", p->name);
		return NULL;
	}
	g = tw_calloc(1, sizeof *g, err);
	if (g == NULL)
		return NULL;
	g->p = p;
	g->view = view_for(p);
	g->speed = 2;
	g->ui = g->view->ui_new(params);
	if (g->ui == NULL) {
		tw_error_set(err, "out of memory");
		free(g);
		return NULL;
	}
	return g;
}

struct game *
game_new(const struct puzzle *p, const void *params, const void *start_state,
    const char *seed, struct tw_error *err)
{
	struct game *g = game_alloc(p, params, err);

	if (g == NULL)
		return NULL;
	if (!start(g, params, start_state, seed, err)) {
		game_free(g);
		return NULL;
	}
	say(g, false, "? for help, h for a hint, H to watch the solution");
	return g;
}

struct game *
game_resume(struct savegame *sg, struct history *h, struct tw_error *err)
{
	struct game *g = game_alloc(sg->puzzle, sg->params, err);
	char *id;

	if (g == NULL)
		return NULL;
	id = sg->seed != NULL ? gameid_format_seed(sg->puzzle, sg->params, sg->seed, err) :
	    gameid_format_state(sg->puzzle, sg->params, sg->start, err);
	if (id == NULL) {
		game_free(g);
		return NULL;
	}
	g->gameid = id;
	g->hist = h;
	g->log = *sg;
	memset(sg, 0, sizeof *sg);
	g->started = ui_clock() - (double)g->log.elapsed_ms / 1000;
	g->solved = g->p->state_is_solved(h->params, history_state(h));
	g->solved_at = ui_clock();
	say(g, false, "Resumed %s: %zu moves so far", g->log.name != NULL ?
	    g->log.name : "saved game", history_moves(h));
	return g;
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	if (g->job != NULL) {
		solve_job_cancel(g->job);
		solve_job_free(g->job);
	}
	clear_anim(g);
	clear_hint(g);
	stop_playing(g);
	history_free(g->hist);
	savegame_free(&g->log);
	if (g->ui != NULL)
		g->view->ui_free(g->ui);
	free(g->gameid);
	free(g);
}

static bool
animating(const struct game *g)
{
	return g->anim_move != NULL && ui_clock() - g->anim_start < g->anim_len;
}

/* Starts animating move from the state before it (copied). */
static void
animate(struct game *g, const void *before, const char *move)
{
	double len = g->view->anim_ms(g->hist->params, move) / 1000.0;

	clear_anim(g);
	if (g->playing && len > play_interval[g->speed] * 0.8)
		len = play_interval[g->speed] * 0.8;
	g->anim_from = g->p->state_dup(g->hist->params, before, NULL);
	g->anim_move = strdup(move);
	g->anim_start = ui_clock();
	g->anim_len = len;
	if (g->anim_from == NULL || g->anim_move == NULL)
		clear_anim(g);
}

static char *
format_time(double seconds, char *buf, size_t size)
{
	long s = seconds < 0 ? 0 : (long)seconds;

	if (s >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
	return buf;
}

static void
check_solved(struct game *g)
{
	char t[32];
	size_t hints = 0, i;

	if (!g->p->state_is_solved(g->hist->params, history_state(g->hist))) {
		g->solved = false;
		return;
	}
	if (g->solved)
		return;
	g->solved = true;
	g->banner = true;
	g->solved_at = ui_clock();
	for (i = 0; i < g->hist->cursor; i++)
		hints += g->hist->entries[i].kind == HISTORY_HINT;
	g->hints_at_solve = hints;
	format_time(g->solved_at - g->started, t, sizeof t);
	if (g->level_key[0] != '\0' && hints == 0)
		storage_record_best(g->level_key, (long)history_moves(g->hist), NULL);
	if (g->level_key[0] != '\0' && hints == 0 && g->level_optimum > 0)
		say(g, false, "Level solved in %zu moves (optimum %ld)%s. Esc: levels",
		    history_moves(g->hist), g->level_optimum,
		    (long)history_moves(g->hist) <= g->level_optimum ? ": perfect!" : "");
	else if (hints > 0)
		say(g, false, "Solved with help (%zu hint move%s): %zu move%s in %s. n: new game",
		    hints, hints == 1 ? "" : "s", history_moves(g->hist),
		    history_moves(g->hist) == 1 ? "" : "s", t);
	else
		say(g, false, "Solved! %zu move%s in %s. n: new game, Esc: menu",
		    history_moves(g->hist), history_moves(g->hist) == 1 ? "" : "s", t);
}

/* Makes a move as the player or the solver; false if it was refused. */
static bool
make_move(struct game *g, const char *move, enum history_kind kind)
{
	struct tw_error err;
	void *before = g->p->state_dup(g->hist->params, history_state(g->hist), &err);

	if (before == NULL || !history_move(g->hist, move, kind, &err)) {
		say(g, true, "%s", err.msg);
		if (before != NULL)
			g->p->state_free(before);
		return false;
	}
	record(g, kind == HISTORY_HINT ? SAVE_HINT : SAVE_MOVE, move);
	animate(g, before, move);
	g->p->state_free(before);
	g->view->moved(g->ui, g->hist->params, move);
	if (++g->since_autosave >= 10)
		game_autosave(g);
	if (kind == HISTORY_MOVE)
		g->msg[0] = '\0';
	check_solved(g);
	return true;
}

static void
undo(struct game *g)
{
	const void *before = history_state(g->hist);
	void *copy = g->p->state_dup(g->hist->params, before, NULL);
	const struct history_entry *e = history_undo(g->hist);
	char *inv;

	if (e != NULL)
		record(g, SAVE_UNDO, NULL);
	if (e == NULL) {
		say(g, true, "Nothing to undo");
	} else if (e->kind == HISTORY_RESTART) {
		clear_anim(g);
		say(g, false, "Restart undone");
	} else if (copy != NULL) {
		inv = g->p->move_inverse(g->hist->params, e->move, NULL);
		if (inv != NULL)
			animate(g, copy, inv);
		free(inv);
		say(g, false, "Undid %s%s", e->move,
		    e->kind == HISTORY_HINT ? " (a hint move)" : "");
	}
	if (copy != NULL)
		g->p->state_free(copy);
	check_solved(g);
}

static void
redo(struct game *g)
{
	void *copy = g->p->state_dup(g->hist->params, history_state(g->hist), NULL);
	const struct history_entry *e = history_redo(g->hist);

	if (e != NULL)
		record(g, SAVE_REDO, NULL);
	if (e == NULL)
		say(g, true, "Nothing to redo");
	else if (e->kind == HISTORY_RESTART) {
		clear_anim(g);
		say(g, false, "Restarted again");
	} else if (copy != NULL) {
		animate(g, copy, e->move);
		say(g, false, "Redid %s", e->move);
	}
	if (copy != NULL)
		g->p->state_free(copy);
	check_solved(g);
}

static void
restart(struct game *g)
{
	struct tw_error err;

	if (!history_restart(g->hist, &err)) {
		say(g, true, "%s", err.msg);
		return;
	}
	record(g, SAVE_RESTART, NULL);
	clear_anim(g);
	check_solved(g);
	say(g, false, "Back to the start position (u undoes the restart)");
}

/* The save text of the game so far. */
static char *
save_text(struct game *g, struct tw_error *err)
{
	char created[32];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(created, sizeof created, "%Y-%m-%dT%H:%M:%SZ", &tm);
	free(g->log.created);
	g->log.created = strdup(created);
	g->log.elapsed_ms = play_ms(g);
	return savegame_format(&g->log, g->hist, err);
}

bool
game_save(struct game *g, const char *name, char **path_out, struct tw_error *err)
{
	char *dir, *file, *path = NULL, *text;
	struct stat st;
	int n;

	free(g->log.name);
	g->log.name = tw_strdup(name, err);
	if (g->log.name == NULL)
		return false;
	dir = storage_dir(STORAGE_SAVES, true, err);
	file = storage_file_name(name);
	if (dir == NULL || file == NULL) {
		free(dir);
		free(file);
		return false;
	}
	/* A new name never replaces another game's save: number it. */
	for (n = 1; n < 1000; n++) {
		free(path);
		path = n == 1 ? tw_asprintf(err, "%s/%s", dir, file) :
		    tw_asprintf(err, "%s/%.*s-%d.twirl", dir,
		    (int)(strlen(file) - 6), file, n);
		if (path == NULL || stat(path, &st) != 0)
			break;
	}
	free(dir);
	free(file);
	if (path == NULL)
		return false;
	text = save_text(g, err);
	if (text == NULL || !storage_write(path, text, strlen(text), err)) {
		free(text);
		free(path);
		return false;
	}
	free(text);
	if (path_out != NULL)
		*path_out = path;
	else
		free(path);
	return true;
}

char *
game_autosave_path(struct tw_error *err)
{
	return storage_path(STORAGE_STATE, "autosave.twirl", true, err);
}

bool
game_autosave(struct game *g)
{
	struct tw_error err;
	char *path = game_autosave_path(&err), *text;
	bool ok = false;

	g->since_autosave = 0;
	if (path == NULL)
		return false;
	if (history_moves(g->hist) == 0 || g->solved) {
		/* Nothing worth resuming. */
		unlink(path);
		free(path);
		return true;
	}
	if (g->log.name == NULL)
		g->log.name = strdup("Unfinished game");
	text = save_text(g, &err);
	if (text != NULL)
		ok = storage_write(path, text, strlen(text), &err);
	free(text);
	free(path);
	return ok;
}

static void
propose_name(struct game *g)
{
	char when[32], *ps = g->p->params_format(g->hist->params, NULL), name[96];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
	snprintf(name, sizeof name, "%s %s %s", g->p->name, ps != NULL ? ps : "", when);
	free(ps);
	input_start(&g->name, name);
	g->naming = true;
}

static void
name_key(struct game *g, int key)
{
	struct tw_error err;
	char *path;

	switch (input_key(&g->name, key)) {
	case INPUT_CANCEL:
		g->naming = false;
		say(g, false, "Not saved");
		return;
	case INPUT_EDITING:
		return;
	case INPUT_DONE:
		break;
	}
	if (g->name.text[0] == '\0') {
		say(g, true, "A save needs a name");
		return;
	}
	g->naming = false;
	if (game_save(g, g->name.text, &path, &err)) {
		say(g, false, "Saved to %s", path);
		free(path);
	} else {
		say(g, true, "Not saved: %s", err.msg);
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
	if (scratch == NULL || !puzzle_apply_list(g->p, g->hist->params, scratch, &moves, &err)) {
		say(g, true, "%s", err.msg);
		movelist_clear(&moves);
	} else {
		stop_playing(g);
		g->plan = moves;
		g->plan_kind = HISTORY_MOVE;
		g->plan_cut = false;
		g->playing = true;
		g->paused = false;
		g->next_play = ui_clock();
		say(g, false, "Playing %zu moves", moves.len);
	}
	if (scratch != NULL)
		g->p->state_free(scratch);
}

static void
new_game(struct game *g)
{
	struct tw_error err;
	struct tw_rng rng;
	char seed[24];
	void *params = g->p->params_dup(g->hist->params, &err), *s;

	if (params == NULL) {
		say(g, true, "%s", err.msg);
		return;
	}
	ui_new_seed(seed, sizeof seed);
	tw_rng_seed_text(&rng, seed);
	s = g->p->scramble(params, &rng, &err);
	if (s == NULL || !start(g, params, s, seed, &err))
		say(g, true, "%s", err.msg);
	else
		say(g, false, "New game %s", g->gameid);
	if (s != NULL)
		g->p->state_free(s);
	g->p->params_free(params);
}

static void
start_job(struct game *g, enum job_mode mode)
{
	struct tw_error err;

	if (g->solved) {
		say(g, false, "Already solved");
		return;
	}
	if (mode == JOB_HINT && g->hint_state != NULL &&
	    g->hint_pos < g->hint.len &&
	    g->p->state_equal(g->hist->params, g->hint_state, history_state(g->hist))) {
		/* The last solution still applies: its next move. */
		char *mv = strdup(g->hint.moves[g->hint_pos]);

		if (mv != NULL && make_move(g, mv, HISTORY_HINT)) {
			g->hint_pos++;
			g->p->state_free(g->hint_state);
			g->hint_state = g->p->state_dup(g->hist->params,
			    history_state(g->hist), NULL);
			if (g->hint_cut)
				say(g, false, "Hint: %s", mv);
			else
				say(g, false, "Hint: %s (%zu more to go)", mv,
				    g->hint.len - g->hint_pos);
		}
		free(mv);
		return;
	}
	g->job = solve_job_start(g->p, g->hist->params, history_state(g->hist),
	    0, &err);
	if (g->job == NULL) {
		say(g, true, "%s", err.msg);
		return;
	}
	g->job_mode = mode;
	g->job_started = ui_clock();
	say(g, false, "Thinking...");
}

static void
finish_job(struct game *g)
{
	struct solve_job *job = g->job;

	g->job = NULL;
	if (!job->ok) {
		say(g, true, "Solver: %s", job->err.msg);
		solve_job_free(job);
		return;
	}
	if (job->moves.len == 0) {
		say(g, false, "Already solved");
	} else if (g->job_mode == JOB_HINT) {
		clear_hint(g);
		g->hint = job->moves;
		g->hint_cut = job->truncated;
		memset(&job->moves, 0, sizeof job->moves);
		g->hint_state = g->p->state_dup(g->hist->params,
		    history_state(g->hist), NULL);
		start_job(g, JOB_HINT);
	} else {
		stop_playing(g);
		g->plan = job->moves;
		g->plan_kind = HISTORY_HINT;
		g->plan_cut = job->truncated;
		memset(&job->moves, 0, sizeof job->moves);
		g->playing = true;
		g->paused = false;
		g->next_play = ui_clock();
		say(g, false, "Solution: %zu moves. space pause, . step, +/- speed, any other key stops",
		    g->plan.len);
	}
	solve_job_free(job);
}

static void
play_next(struct game *g)
{
	if (g->plan_pos >= g->plan.len) {
		bool more = g->plan_cut && !g->solved;

		stop_playing(g);
		if (more)
			start_job(g, JOB_SOLVE);    /* the next stretch */
		return;
	}
	if (make_move(g, g->plan.moves[g->plan_pos], g->plan_kind))
		g->plan_pos++;
	else
		stop_playing(g);
	g->next_play = ui_clock() + play_interval[g->speed];
	if (g->playing && g->plan_pos >= g->plan.len && !g->plan_cut)
		stop_playing(g);
}

void
game_tick(struct game *g)
{
	if (g->job != NULL && solve_job_done(g->job))
		finish_job(g);
	if (g->playing && !g->paused && !animating(g) &&
	    ui_clock() >= g->next_play)
		play_next(g);
	if (g->anim_move != NULL && !animating(g))
		clear_anim(g);
}

int
game_timeout_ms(const struct game *g)
{
	if (g->anim_move != NULL || g->job != NULL || g->playing ||
	    (g->solved && ui_clock() - g->solved_at < 2.0))
		return 16;
	return 250;
}

static bool
in_progress(const struct game *g)
{
	return history_moves(g->hist) > 0 && !g->solved;
}

static enum game_result
ask(struct game *g, enum confirm what, const char *question)
{
	if (!in_progress(g)) {
		switch (what) {
		case CONFIRM_QUIT: return GAME_QUIT;
		case CONFIRM_MENU: return GAME_TO_MENU;
		case CONFIRM_NEW: new_game(g); return GAME_CONTINUE;
		case CONFIRM_NONE: break;
		}
		return GAME_CONTINUE;
	}
	g->confirm = what;
	say(g, false, "%s (y/n)", question);
	return GAME_CONTINUE;
}

static enum game_result
playback_key(struct game *g, int key)
{
	switch (key) {
	case ' ':
		g->paused = !g->paused;
		g->next_play = ui_clock();
		say(g, false, g->paused ? "Paused: space resumes, . steps" :
		    "Playing: space pauses");
		break;
	case '.':
		g->paused = true;
		play_next(g);
		break;
	case '+': case '=':
		if (g->speed + 1 < PLAY_SPEEDS)
			g->speed++;
		say(g, false, "Speed %d of %d", g->speed + 1, PLAY_SPEEDS);
		break;
	case '-': case '_':
		if (g->speed > 0)
			g->speed--;
		say(g, false, "Speed %d of %d", g->speed + 1, PLAY_SPEEDS);
		break;
	default:
		say(g, false, "Stopped after %zu of %zu solution moves",
		    g->plan_pos, g->plan.len);
		stop_playing(g);
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
	if (key == KEY_MOUSE) {
		if (getmouse(&ev) == OK)
			game_mouse(g, &ev);
		return GAME_CONTINUE;
	}
	if (c != CONFIRM_NONE) {
		g->confirm = CONFIRM_NONE;
		g->msg[0] = '\0';
		if (key != 'y' && key != 'Y')
			return GAME_CONTINUE;
		if (c == CONFIRM_QUIT)
			return GAME_QUIT;
		if (c == CONFIRM_MENU)
			return GAME_TO_MENU;
		new_game(g);
		return GAME_CONTINUE;
	}
	if (g->naming) {
		name_key(g, key);
		return GAME_CONTINUE;
	}
	if (g->typing) {
		alg_key(g, key);
		return GAME_CONTINUE;
	}
	if (g->help) {
		g->help = false;
		return GAME_CONTINUE;
	}
	if (g->job != NULL) {
		solve_job_cancel(g->job);
		solve_job_free(g->job);
		g->job = NULL;
		say(g, false, "Solver cancelled");
		return GAME_CONTINUE;
	}
	if (g->playing)
		return playback_key(g, key);

	switch (key) {
	case 'u': case CTRL('z'): case KEY_UNDO:
		undo(g);
		return GAME_CONTINUE;
	case 'r': case CTRL('r'): case KEY_REDO:
		redo(g);
		return GAME_CONTINUE;
	case 'R':
		restart(g);
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
		return ask(g, CONFIRM_NEW, "Abandon this game for a new one?");
	case 'h':
		start_job(g, JOB_HINT);
		return GAME_CONTINUE;
	case 'H':
		start_job(g, JOB_SOLVE);
		return GAME_CONTINUE;
	case '?': case KEY_F(1):
		g->help = true;
		return GAME_CONTINUE;
	case 'q': case 'Q':
		return ask(g, CONFIRM_QUIT, "Quit twirl? This game is not finished.");
	case 27:
		return ask(g, CONFIRM_MENU, "Back to the menu? This game is not finished.");
	}
	move = g->view->key(g->ui, g->hist->params, history_state(g->hist), key,
	    &handled);
	if (move != NULL) {
		make_move(g, move, HISTORY_MOVE);
		free(move);
	} else if (!handled && key != KEY_RESIZE && key != ERR) {
		say(g, true, "Key not used here: press ? for help");
	}
	return GAME_CONTINUE;
}

/* Where the board goes on a screen of rows x cols: below the title line,
 * above the status and message lines, centred. The title gives way when
 * the board needs its line. */
static bool
board_origin(struct game *g, int rows, int cols, int *y, int *x, int *h, int *w)
{
	bool fits = g->view->layout(g->ui, g->hist->params, rows - 3, cols, h, w);

	g->title = true;
	if (!fits && g->view->layout(g->ui, g->hist->params, rows - 2, cols, h, w)) {
		fits = true;
		g->title = false;
	}
	*y = (g->title ? 1 : 0) + (rows - 2 - (g->title ? 1 : 0) - *h) / 2;
	*x = (cols - *w) / 2;
	return fits;
}

void
game_mouse(struct game *g, const MEVENT *ev)
{
	int y, x, h, w;
	bool handled = false;
	char *move;

	if (g->help || g->confirm != CONFIRM_NONE || g->job != NULL || g->playing)
		return;
	if (!board_origin(g, LINES, COLS, &y, &x, &h, &w))
		return;
	move = g->view->mouse(g->ui, g->hist->params, history_state(g->hist),
	    ev, y, x, &handled);
	if (move != NULL) {
		make_move(g, move, HISTORY_MOVE);
		free(move);
	}
}

/* A separator dot, ASCII when the theme is. */
static const char *
dot(void)
{
	return ui_theme.unicode ? "·" : "-";
}

static const char *const shared_help[] = {
	"u  Ctrl-Z", "undo",
	"r  Ctrl-R", "redo",
	"R", "restart (undoable)",
	":", "type moves in notation; Enter plays",
	"Ctrl-S", "save this game (name it, Enter)",
	"Ctrl-O", "saved games: resume or watch",
	"n", "new scramble",
	"h", "hint: the solver's next move",
	"H", "solve: watch the whole solution",
	"  space . + -", "  while solving: pause, step, speed",
	"?", "this help",
	"Esc", "back to the menu",
	"q", "quit",
	NULL, NULL,
};

static void
draw_help(struct game *g, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), lines = 0, i, y, x, bw = 64;
	const char *const *lists[2] = {g->view->help, shared_help};
	int l;

	for (l = 0; l < 2; l++)
		for (i = 0; lists[l][i] != NULL; i += 2)
			lines++;
	if (bw > cols)
		bw = cols;
	y = (rows - (lines + 5)) / 2;
	if (y < 0)
		y = 0;
	x = (cols - bw) / 2;
	ui_fill(w, y, x, lines + 5, bw, A_NORMAL);
	ui_box(w, y, x, lines + 5, bw, ui_pair_attr(PAIR_TITLE, A_BOLD));
	ui_text(w, y, x + 2, " Keys ", A_BOLD);
	y += 1;
	for (l = 0; l < 2; l++) {
		for (i = 0; lists[l][i] != NULL; i += 2) {
			ui_text_clip(w, y, x + 2, lists[l][i], A_BOLD, 22);
			ui_text_clip(w, y, x + 25, lists[l][i + 1], A_NORMAL,
			    bw - 27);
			y++;
		}
		y++;
	}
	ui_text(w, y, x + 2, "any key closes this help", A_DIM);
}

/* The moves being played, on the top line, the current one highlighted;
 * long lists show a window around it. */
static void
draw_plan(struct game *g, WINDOW *w, int cols)
{
	size_t first = g->plan_pos > 3 ? g->plan_pos - 3 : 0, i;
	int x = 1;

	ui_fill(w, 0, 0, 1, cols, A_NORMAL);
	if (first > 0) {
		ui_text(w, 0, x, "...", A_DIM);
		x += 4;
	}
	for (i = first; i < g->plan.len && x < cols - 4; i++) {
		/* plan_pos is the next move; the one just played is before it. */
		attr_t a = i + 1 == g->plan_pos ? A_REVERSE | A_BOLD :
		    i < g->plan_pos ? A_DIM : A_NORMAL;

		ui_text(w, 0, x, g->plan.moves[i], a);
		x += ui_width(g->plan.moves[i]) + 1;
	}
	if (i < g->plan.len)
		ui_text(w, 0, cols - 4, "...", A_DIM);
}

/* The solved banner, centred on the board at (by, bx) of bh x bw. */
static void
draw_banner(struct game *g, WINDOW *w, int by, int bx, int bh, int bw)
{
	char l1[64], l2[96], l3[64], t[32];
	int width = 30, y = by + bh / 2 - 2, x;
	attr_t good = ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD;

	format_time(g->solved_at - g->started, t, sizeof t);
	snprintf(l1, sizeof l1, ui_theme.unicode ? "★  Solved!  ★" : "*  Solved!  *");
	snprintf(l2, sizeof l2, "%zu move%s in %s", history_moves(g->hist),
	    history_moves(g->hist) == 1 ? "" : "s", t);
	if (g->hints_at_solve > 0)
		snprintf(l3, sizeof l3, "with help: %zu hint move%s",
		    g->hints_at_solve, g->hints_at_solve == 1 ? "" : "s");
	else
		snprintf(l3, sizeof l3, "no hints used");
	if (width > getmaxx(w))
		width = getmaxx(w);
	x = bx + (bw - width) / 2;
	if (x < 0)
		x = 0;
	if (x + width > getmaxx(w))
		x = getmaxx(w) - width;
	ui_fill(w, y, x, 5, width, A_NORMAL);
	ui_box(w, y, x, 5, width, good);
	ui_text_clip(w, y + 1, x + (width - ui_width(l1)) / 2, l1, good, width - 2);
	ui_text_clip(w, y + 2, x + (width - ui_width(l2)) / 2, l2, A_BOLD, width - 2);
	ui_text_clip(w, y + 3, x + (width - ui_width(l3)) / 2, l3, A_NORMAL, width - 2);
}

void
game_draw(struct game *g, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), y, x, bh, bw, flash = -1;
	char line[256], t[32], *ps;
	struct anim anim = {NULL, 0};
	const void *shown = history_state(g->hist);
	double now = ui_clock();
	long c0, c1 = -1;

	werase(w);
	if (!board_origin(g, rows, cols, &y, &x, &bh, &bw)) {
		snprintf(line, sizeof line, "need %dx%d", bw, bh + 3);
		ui_text_centered(w, rows / 2 - (rows > 1), "Terminal too small",
		    ui_pair_attr(PAIR_ERROR, A_BOLD));
		if (rows > 1)
			ui_text_centered(w, rows / 2, line, A_NORMAL);
		return;
	}
	ps = g->p->params_format(g->hist->params, NULL);
	if (ps != NULL && strchr(ps, ':') != NULL)
		*strchr(ps, ':') = '\0';   /* the size, not a whole map */
	if (g->level_title[0] != '\0')
		snprintf(line, sizeof line, " twirl %s %s %s %s", dot(), g->p->name,
		    dot(), g->level_title);
	else
		snprintf(line, sizeof line, " twirl %s %s %s", dot(), g->p->name,
		    ps != NULL ? ps : "");
	free(ps);
	if (g->playing && g->plan.len > 0) {
		draw_plan(g, w, cols);
	} else if (g->title) {
		ui_text(w, 0, 0, line, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
		if (g->solved)
			ui_text(w, 0, cols - 10, "* SOLVED *",
			    ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD);
		else if (g->playing)
			ui_text(w, 0, cols - 18, g->paused ? "solution: paused" :
			    "solution: playing", A_BOLD);
	}

	if (g->anim_move != NULL && now - g->anim_start < g->anim_len) {
		anim.move = g->anim_move;
		anim.t = (now - g->anim_start) / g->anim_len;
		shown = g->anim_from;
	}
	if (g->solved && now - g->solved_at < 2.0 && history_moves(g->hist) > 0)
		flash = (int)((now - g->solved_at) * 12);
	g->view->draw(w, y, x, g->ui, g->hist->params, shown, &anim, flash);
	if (g->solved && g->banner && anim.move == NULL)
		draw_banner(g, w, y, x, bh, bw);

	c0 = history_cost(g->hist, 0);
	if (g->p->metrics[1] != NULL)
		c1 = history_cost(g->hist, 1);
	format_time((g->solved ? g->solved_at : now) - g->started, t, sizeof t);
	if (c1 >= 0)
		snprintf(line, sizeof line, " Moves %ld %s %s %ld %s   Time %s   %s",
		    c0, g->p->metrics[0], dot(), c1, g->p->metrics[1], t, g->gameid);
	else
		snprintf(line, sizeof line, " Moves %ld   Time %s   %s", c0, t,
		    g->gameid);
	ui_fill(w, rows - 2, 0, 1, cols, ui_pair_attr(PAIR_STATUS, A_REVERSE));
	ui_text(w, rows - 2, 0, line, ui_pair_attr(PAIR_STATUS, A_REVERSE));

	if (g->naming) {
		ui_fill(w, rows - 1, 0, 1, cols, A_NORMAL);
		ui_text(w, rows - 1, 1, "Save as", A_BOLD);
		input_draw(&g->name, w, rows - 1, 9);
	} else if (g->typing) {
		ui_fill(w, rows - 1, 0, 1, cols, A_NORMAL);
		ui_text(w, rows - 1, 1, "Moves", A_BOLD);
		input_draw(&g->alg, w, rows - 1, 7);
	} else if (g->job != NULL) {
		static const char spin[] = "|/-\\";
		int pct = atomic_load(&g->job->progress) / 10;
		const char *phase = atomic_load(&g->job->phase);

		if (phase != NULL)
			snprintf(line, sizeof line, " %c Solving: %s... %d%%  (any key cancels)",
			    spin[(int)((now - g->job_started) * 8) % 4], phase, pct);
		else
			snprintf(line, sizeof line, " %c Solving... %d%%  (any key cancels)",
			    spin[(int)((now - g->job_started) * 8) % 4], pct);
		ui_text(w, rows - 1, 0, line, A_BOLD);
	} else if (g->msg[0] != '\0') {
		snprintf(line, sizeof line, " %s", g->msg);
		ui_text(w, rows - 1, 0, line, g->msg_error ?
		    ui_pair_attr(PAIR_ERROR, A_BOLD) :
		    g->solved ? ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD : A_NORMAL);
	}
	if (g->help)
		draw_help(g, w);
}
