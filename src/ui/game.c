/* The game core, written once for every puzzle: a history of moves
 * (undo, redo, restart), move animation, hints and whole solutions from
 * a solver in a worker thread, playback of a solution or of typed moves,
 * the solved check with statistics, and keeping the game (the autosave,
 * the saved games: ui/keep.h). Drawing is in game_draw.c, keys and the
 * screen interface in game_screen.c. */
#include "ui/game_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/gameid.h"
#include "solvers/registry.h"
#include "ui/keep.h"
#include "ui/stats.h"
#include "ui/storage.h"

const double play_interval[PLAY_SPEEDS] = {
	1.2, 0.8, 0.5, 0.3, 0.18, 0.1, 0.05, 0.02, 0.008, 0.002,
};

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

void
game_say(struct game *g, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g->msg, sizeof g->msg, fmt, ap);
	va_end(ap);
	g->msg_error = error;
}

void
game_tell(struct game *g, const char *msg)
{
	game_say(g, false, "%s", msg);
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

bool
game_in_progress(const struct game *g)
{
	return history_moves(g->hist) > 0 && !g->solved;
}

/* Seconds of play: the clock stops when solved and while paused (the
 * help is up, the terminal is too small to show the board). */
double
game_play_seconds(const struct game *g)
{
	double end = g->solved ? g->solved_at : g->paused_since > 0 ? g->paused_since :
	    ui_clock();

	return end - g->started > 0 ? end - g->started : 0;
}

void
game_pause_clock(struct game *g, bool pause)
{
	if (pause && g->paused_since == 0) {
		g->paused_since = ui_clock();
	} else if (!pause && g->paused_since > 0) {
		double gap = ui_clock() - g->paused_since;

		/* The paused stretch does not count: the start moves on. */
		g->started += gap;
		if (g->playing)
			g->next_play += gap;
		g->paused_since = 0;
	}
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

bool game_background_hints = true;

/* Starts playing moves as the plan (H, typed moves), taking them:
 * *moves is left empty. cut: they are only the start of a solution of
 * total moves. */
static void
play_plan(struct game *g, struct movelist *moves, enum history_kind kind, bool cut, long total)
{
	game_stop_playing(g);
	g->plan = *moves;
	memset(moves, 0, sizeof *moves);
	g->plan_kind = kind;
	g->plan_cut = cut;
	g->plan_total = total;
	g->playing = true;
	g->paused = false;
	g->next_play = ui_clock();
}

/* Whether the known solution (hint) applies to the position now. */
static bool
hint_applies(const struct game *g)
{
	return g->hint_state != NULL && g->hint_pos < g->hint.len &&
	    g->p->state_equal(g->hist->params, g->hint_state, history_state(g->hist));
}

/* After a move from `before`: when it is the known solution's next move
 * (by its effect, whatever its spelling), the solution only gets
 * shorter. */
static void
hint_follow(struct game *g, const void *before)
{
	void *next;

	if (g->hint_state == NULL || g->hint_pos >= g->hint.len ||
	    !g->p->state_equal(g->hist->params, g->hint_state, before))
		return;
	next = g->p->state_dup(g->hist->params, before, NULL);
	if (next != NULL && g->p->move_apply(g->hist->params, next, g->hint.moves[g->hint_pos], NULL) &&
	    g->p->state_equal(g->hist->params, next, history_state(g->hist))) {
		g->hint_pos++;
		g->p->state_free(g->hint_state);
		g->hint_state = next;
		return;
	}
	if (next != NULL)
		g->p->state_free(next);
}

/* The solution worked out in the background becomes the known one when
 * it is for the position as it stands. */
static void
finish_background(struct game *g)
{
	struct solve_job *job = g->background;

	g->background = NULL;
	if (job->ok && job->moves.len > 0 && !g->solved && !g->optimal_hints &&
	    g->p->state_equal(g->hist->params, job->state, history_state(g->hist))) {
		clear_hint(g);
		g->hint = job->moves;
		g->hint_cut = job->truncated;
		memset(&job->moves, 0, sizeof job->moves);
		g->hint_state = g->p->state_dup(g->hist->params, history_state(g->hist), NULL);
	}
	solve_job_free(job);
}

/* How long the position stands still before its hint is worked out: a
 * player making moves does not start a solve a move. */
#define BACKGROUND_AFTER 0.3

/* One background solve at a time, of the position as it stands: let go
 * of when the position moves on, started once it has stood still for
 * BACKGROUND_AFTER seconds and no answer for it is known. Quick hints
 * only: proven-shortest ones may take minutes and gigabytes, asked for
 * or not at all. stopping: how many solves let go of still run
 * (solve_jobs_reap). */
static void
tick_background(struct game *g, double now, int stopping)
{
	struct tw_error err;

	if (g->background != NULL && solve_job_done(g->background))
		finish_background(g);
	if (g->still_state == NULL || !g->p->state_equal(g->hist->params, g->still_state,
	    history_state(g->hist))) {
		if (g->still_state != NULL)
			g->p->state_free(g->still_state);
		g->still_state = g->p->state_dup(g->hist->params, history_state(g->hist), NULL);
		g->still_since = now;
		if (g->background != NULL) {
			solve_job_free(g->background);   /* cancelled, let go of */
			g->background = NULL;
		}
	}
	/* Nor while a solve let go of is still stopping: they never pile
	 * up. */
	if (!game_background_hints || g->background != NULL || g->job != NULL || g->solved ||
	    g->playing || g->optimal_hints || hint_applies(g) ||
	    now - g->still_since < BACKGROUND_AFTER || stopping > 0)
		return;
	g->background = solve_job_start(g->p, g->hist->params, history_state(g->hist),
	    game_metric(g), false, true, &err);
}

void
game_stop_playing(struct game *g)
{
	movelist_clear(&g->plan);
	g->plan_pos = 0;
	g->plan_total = 0;
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
	log.session = keep_new_session();
	history_free(g->hist);
	free(g->gameid);
	savegame_free(&g->log);
	free(g->save_path);
	g->save_path = NULL;
	g->hist = h;
	g->gameid = id;
	g->log = log;
	g->started = ui_clock();
	g->paused_since = 0;
	g->solved = g->p->state_is_solved(params, start_state);
	g->solve_recorded = g->solved;
	g->solved_at = g->started;
	g->banner = false;
	g->since_autosave = 0;
	g->kept = false;
	g->record_note[0] = '\0';
	clear_anim(g);
	clear_hint(g);
	game_stop_playing(g);
	return true;
}

static void
record(struct game *g, enum save_event_kind kind, const char *move)
{
	savegame_add(&g->log, kind, (uint64_t)(game_play_seconds(g) * 1000), move, NULL);
	g->kept = false;
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
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
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
	game_say(g, false, "? for help, h for a hint, H to watch the solution");
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
	if (g->log.session == 0)
		g->log.session = keep_new_session();
	g->started = ui_clock() - (double)g->log.elapsed_ms / 1000;
	g->solved = g->p->state_is_solved(h->params, history_state(h));
	g->solve_recorded = g->solved;
	g->solved_at = ui_clock();
	g->kept = true;
	game_say(g, false, "Resumed %s: %zu move%s so far", g->log.name != NULL ?
	    g->log.name : "saved game", history_moves(h), history_moves(h) == 1 ? "" : "s");
	return g;
}

struct game *
game_from_id(const struct gameid *gid, struct tw_error *err)
{
	struct gameid seeded = *gid;
	struct game *g = NULL;
	char seed[24];
	void *start_state, *drawn = NULL;

	if (gid->kind == GAMEID_STATE &&
	    !gid->puzzle->state_solvable(gid->params, gid->state, err))
		return NULL;
	/* A bare board ("torus:4x4") gets a fresh seed, so its ID stays
	 * short and shareable; a board drawn from the seed (a random goal)
	 * is drawn now. */
	if (gid->kind == GAMEID_PARAMS) {
		ui_new_seed(seed, sizeof seed);
		seeded.kind = GAMEID_SEED;
		seeded.seed = seed;
		drawn = puzzle_params_seeded(gid->puzzle, gid->params, seed, err);
		if (drawn == NULL)
			return NULL;
		seeded.params = drawn;
	}
	start_state = gameid_start_state(&seeded, 0, err);
	if (start_state != NULL) {
		g = game_new(gid->puzzle, seeded.params, start_state,
		    seeded.kind == GAMEID_SEED ? seeded.seed : NULL, err);
		gid->puzzle->state_free(start_state);
	}
	if (drawn != NULL)
		gid->puzzle->params_free(drawn);
	return g;
}

struct game *
game_from_file(const char *path, struct tw_error *err)
{
	struct savegame sg;
	struct history *h;
	struct game *g;
	char *autosave = keep_autosave_path(NULL);
	bool is_autosave = autosave != NULL && strcmp(path, autosave) == 0;

	free(autosave);
	if (!storage_load(path, &sg, &h, err))
		return NULL;
	g = game_resume(&sg, h, err);
	if (g == NULL) {
		history_free(h);
		savegame_free(&sg);
		return NULL;
	}
	/* A game from the saved games is kept in its own file (Ctrl-S
	 * updates it); the autosave is just where the game in progress is. */
	if (!is_autosave)
		g->save_path = strdup(path);
	return g;
}

const char *
game_save_path(const struct game *g)
{
	return g->save_path;
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
	solve_job_free(g->background);
	if (g->still_state != NULL)
		g->p->state_free(g->still_state);
	clear_anim(g);
	clear_hint(g);
	game_stop_playing(g);
	history_free(g->hist);
	savegame_free(&g->log);
	if (g->ui != NULL)
		g->view->ui_free(g->ui);
	free(g->gameid);
	free(g->save_path);
	free(g);
}

bool
game_animating(const struct game *g)
{
	return g->anim_move != NULL && ui_clock() - g->anim_start < g->anim_len;
}

/* Starts animating move from the state before it (copied); while a
 * solution plays fast the animation is cut to fit, or left out. */
static void
animate(struct game *g, const void *before, const char *move)
{
	double len = g->view->anim_ms(g->hist->params, move) / 1000.0;

	clear_anim(g);
	if (g->playing && len > play_interval[g->speed] * 0.8)
		len = play_interval[g->speed] * 0.8;
	if (len < 0.015)
		return;         /* quicker than a frame: just show the result */
	g->anim_from = g->p->state_dup(g->hist->params, before, NULL);
	g->anim_move = strdup(move);
	g->anim_start = ui_clock();
	g->anim_len = len;
	if (g->anim_from == NULL || g->anim_move == NULL)
		clear_anim(g);
}

char *
ui_format_time(double seconds, char *buf, size_t size)
{
	long s = seconds < 0 ? 0 : (long)seconds;

	if (s >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
	return buf;
}

/* Records a solve in the statistics (not for levels: they keep their
 * own best) and says what it improved. */
static void
record_stats(struct game *g, long moves, double seconds, bool unaided)
{
	struct tw_error err;
	char board[96];
	int flags;

	g->record_note[0] = '\0';
	if (g->level_key[0] != '\0' || moves == 0)
		return;
	stats_board(g->p, g->hist->params, board, sizeof board);
	flags = stats_record(board, moves, (long)(seconds * 1000), unaided, &err);
	if (flags < 0)
		snprintf(g->record_note, sizeof g->record_note, "(statistics not saved: %.60s)",
		    err.msg);
	else
		stats_note(flags, unaided, g->record_note, sizeof g->record_note);
}

int
game_metric(const struct game *g)
{
	return puzzle_board_metric(g->p, g->hist->params);
}

static void
check_solved(struct game *g)
{
	char t[32];
	/* Moves as the status bar counts them (the board's metric: a cube's
	 * whole-cube rotations count 0, a rolling cube's run its rolls). */
	size_t hints = 0, i, moves = (size_t)history_cost(g->hist, game_metric(g));

	if (!g->p->state_is_solved(g->hist->params, history_state(g->hist))) {
		g->solved = false;
		return;
	}
	if (g->solved)
		return;
	g->solved = true;
	if (g->solve_recorded) {
		/* Back at the solved position by undo and redo (or by other
		 * moves): the first solve stays the one counted. */
		game_say(g, false, "Solved again: %zu move%s. The first solve is the one recorded.",
		    moves, moves == 1 ? "" : "s");
		return;
	}
	g->solve_recorded = true;
	g->solved_at = g->paused_since > 0 ? g->paused_since : ui_clock();
	g->banner = true;
	for (i = 0; i < g->hist->cursor; i++)
		if (g->hist->entries[i].kind == HISTORY_HINT) {
			long c = g->p->move_cost(g->hist->params, g->hist->entries[i].move,
			    game_metric(g));

			hints += c > 0 ? (size_t)c : 0;
		}
	g->hints_at_solve = hints;
	ui_format_time(g->solved_at - g->started, t, sizeof t);
	record_stats(g, history_cost(g->hist, game_metric(g)), g->solved_at - g->started,
	    hints == 0);
	/* A level's best counts only the level's own start, unaided. */
	if (g->level_key[0] != '\0' && hints == 0)
		storage_record_best(g->level_key, (long)moves, NULL);
	if (g->level_key[0] != '\0' && hints == 0 && g->level_optimum > 0)
		game_say(g, false, "Level solved in %zu move%s (optimum %ld)%s Esc: levels",
		    moves, moves == 1 ? "" : "s", g->level_optimum,
		    (long)moves <= g->level_optimum ? ": perfect!" : ".");
	else if (hints > 0)
		game_say(g, false, "Solved with help (%zu hint move%s): %zu move%s in %s. n: new game",
		    hints, hints == 1 ? "" : "s", moves, moves == 1 ? "" : "s", t);
	else
		game_say(g, false, "Solved! %zu move%s in %s. n: new game, Esc: menu",
		    moves, moves == 1 ? "" : "s", t);
	game_autosave(g);
}

bool
game_make_move(struct game *g, const char *move, enum history_kind kind)
{
	struct tw_error err;
	void *before = g->p->state_dup(g->hist->params, history_state(g->hist), &err);

	if (before == NULL || !history_move(g->hist, move, kind, &err)) {
		game_say(g, true, "%s", err.msg);
		if (before != NULL)
			g->p->state_free(before);
		return false;
	}
	record(g, kind == HISTORY_HINT ? SAVE_HINT : SAVE_MOVE, move);
	if (kind == HISTORY_MOVE)
		hint_follow(g, before);
	animate(g, before, move);
	g->p->state_free(before);
	g->view->moved(g->ui, g->hist->params, move);
	if (++g->since_autosave >= 10 && !g->autosave_held)
		game_autosave(g);
	if (kind == HISTORY_MOVE)
		g->msg[0] = '\0';
	/* A failing autosave is said once, when it starts failing. */
	if (!g->kept && g->keep_error[0] != '\0' && !g->autosave_failing) {
		g->autosave_failing = true;
		game_say(g, true, "The autosave failed (%s): Ctrl-S saves the game under a name", g->keep_error);
	} else if (g->keep_error[0] == '\0') {
		g->autosave_failing = false;
	}
	check_solved(g);
	return true;
}

void
game_undo(struct game *g)
{
	void *copy = g->p->state_dup(g->hist->params, history_state(g->hist), NULL);
	const struct history_entry *e = history_undo(g->hist);
	char *inv;

	if (e != NULL)
		record(g, SAVE_UNDO, NULL);
	if (e == NULL) {
		game_say(g, true, "Nothing to undo");
	} else if (e->kind == HISTORY_RESTART) {
		clear_anim(g);
		game_say(g, false, "Restart undone");
	} else if (copy != NULL) {
		inv = g->p->move_inverse(g->hist->params, e->move, NULL);
		if (inv != NULL)
			animate(g, copy, inv);
		free(inv);
		game_say(g, false, "Undid %s%s", e->move,
		    e->kind == HISTORY_HINT ? " (a hint move)" : "");
	}
	if (copy != NULL)
		g->p->state_free(copy);
	check_solved(g);
}

void
game_redo(struct game *g)
{
	void *copy = g->p->state_dup(g->hist->params, history_state(g->hist), NULL);
	const struct history_entry *e = history_redo(g->hist);

	if (e != NULL)
		record(g, SAVE_REDO, NULL);
	if (e == NULL)
		game_say(g, true, "Nothing to redo");
	else if (e->kind == HISTORY_RESTART) {
		clear_anim(g);
		game_say(g, false, "Restarted again");
	} else if (copy != NULL) {
		animate(g, copy, e->move);
		game_say(g, false, "Redid %s", e->move);
	}
	if (copy != NULL)
		g->p->state_free(copy);
	check_solved(g);
}

void
game_restart(struct game *g)
{
	struct tw_error err;

	if (!history_restart(g->hist, &err)) {
		game_say(g, true, "%s", err.msg);
		return;
	}
	record(g, SAVE_RESTART, NULL);
	clear_anim(g);
	check_solved(g);
	game_say(g, false, "Back to the start position (u undoes the restart)");
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
	g->log.elapsed_ms = (uint64_t)(game_play_seconds(g) * 1000);
	return savegame_format(&g->log, g->hist, err);
}

bool
game_save(struct game *g, const char *name, char **path_out, struct tw_error *err)
{
	char *path, *text, *old_name = g->log.name;
	bool same_name = g->save_path != NULL && g->log.name != NULL &&
	    strcmp(g->log.name, name) == 0;

	if (path_out != NULL)
		*path_out = NULL;
	g->log.name = tw_strdup(name, err);
	text = g->log.name != NULL ? save_text(g, err) : NULL;
	if (text == NULL) {
		free(g->log.name);
		g->log.name = old_name;
		return false;
	}
	if (same_name) {
		/* Saved again under its name: the file it came from. */
		path = tw_strdup(g->save_path, err);
		if (path != NULL && !storage_write(path, text, strlen(text), err)) {
			free(path);
			path = NULL;
		}
	} else {
		/* A new name never replaces another game's save. */
		path = storage_save_new(name, text, err);
	}
	free(text);
	if (path == NULL) {
		free(g->log.name);
		g->log.name = old_name;
		return false;
	}
	free(old_name);
	free(g->save_path);
	g->save_path = strdup(path);
	if (path_out != NULL)
		*path_out = path;
	else
		free(path);
	return true;
}

bool
game_save_to(struct game *g, const char *path, struct tw_error *err)
{
	char *text = save_text(g, err);
	bool ok = text != NULL && storage_write(path, text, strlen(text), err);

	free(text);
	return ok;
}

char *
game_autosave_path(struct tw_error *err)
{
	return keep_autosave_path(err);
}

bool
game_autosave(struct game *g)
{
	struct tw_error err;
	char *text;
	bool ok;

	g->since_autosave = 0;
	if (g->save_path != NULL && g->log.name != NULL) {
		/* A game resumed from (or saved as) a named save keeps that
		 * file up to date, solved or not: no "Unfinished" copy of it
		 * is made, and the named save never goes stale. */
		ok = game_save(g, g->log.name, NULL, &err);
		if (ok)
			keep_autosave_remove(g->log.session);
	} else if (history_moves(g->hist) == 0 || g->solved) {
		/* Nothing to resume: this game's autosave, if any, goes. */
		keep_autosave_remove(g->log.session);
		ok = true;
	} else {
		if (g->log.name == NULL)
			g->log.name = strdup("Unfinished game");
		text = save_text(g, &err);
		ok = text != NULL && keep_autosave_write(g->log.session, text, &err);
		free(text);
	}
	g->kept = ok;
	if (ok)
		g->keep_error[0] = '\0';
	else
		snprintf(g->keep_error, sizeof g->keep_error, "%s", err.msg);
	return ok;
}

bool
game_keep(struct game *g, struct tw_error *err)
{
	if (!g->kept && !game_autosave(g)) {
		tw_error_set(err, "%s", g->keep_error);
		return false;
	}
	return true;
}

void
game_new_scramble(struct game *g)
{
	struct tw_error err;
	struct tw_rng rng;
	char seed[24];
	void *params = g->p->params_dup(g->hist->params, &err), *s;

	if (params == NULL) {
		game_say(g, true, "%s", err.msg);
		return;
	}
	ui_new_seed(seed, sizeof seed);
	tw_rng_seed_text(&rng, seed);
	s = g->p->scramble(params, &rng, &err);
	if (s == NULL || !start(g, params, s, seed, &err)) {
		game_say(g, true, "%s", err.msg);
	} else if (g->level_key[0] != '\0') {
		/* A new start on a level's map is not the level: no best is
		 * recorded, and the title says so. */
		const char *colon = strstr(g->level_title, ": ");
		char title[sizeof g->level_title];

		snprintf(title, sizeof title, "%.60s map, random start",
		    colon != NULL ? colon + 2 : g->level_title);
		snprintf(g->level_title, sizeof g->level_title, "%s", title);
		g->level_key[0] = '\0';
		g->level_optimum = 0;
		game_say(g, false, "A new start on this map (not the level): %s", g->gameid);
	} else {
		game_say(g, false, "New game %s", g->gameid);
	}
	if (s != NULL)
		g->p->state_free(s);
	g->p->params_free(params);
}

void
game_start_job(struct game *g, enum job_mode mode)
{
	struct tw_error err;

	if (g->solved) {
		game_say(g, false, "Already solved");
		return;
	}
	if (g->background != NULL && solve_job_done(g->background))
		finish_background(g);
	if (mode == JOB_SOLVE && hint_applies(g) && !g->hint_cut) {
		/* The known solution, played from where it stands. */
		struct movelist rest = MOVELIST_EMPTY;
		bool copied = true;

		for (size_t i = g->hint_pos; i < g->hint.len && copied; i++)
			copied = movelist_push(&rest, g->hint.moves[i], NULL);
		if (copied && rest.len > 0) {
			play_plan(g, &rest, HISTORY_HINT, false, (long)rest.len);
			game_say(g, false, "Solution: %zu moves. space pause, . step, +/- speed, End to the end",
			    g->plan.len);
			return;
		}
		movelist_clear(&rest);
	}
	if (mode == JOB_HINT && hint_applies(g)) {
		/* The last solution still applies: its next move. */
		char *mv = strdup(g->hint.moves[g->hint_pos]);

		if (mv != NULL && game_make_move(g, mv, HISTORY_HINT)) {
			g->hint_pos++;
			g->p->state_free(g->hint_state);
			g->hint_state = g->p->state_dup(g->hist->params,
			    history_state(g->hist), NULL);
			if (g->hint_cut)
				game_say(g, false, "Hint: %s", mv);
			else
				game_say(g, false, "Hint: %s (%zu more to go)", mv,
				    g->hint.len - g->hint_pos);
		}
		free(mv);
		return;
	}
	if (g->background != NULL && !g->optimal_hints &&
	    g->p->state_equal(g->hist->params, g->background->state, history_state(g->hist))) {
		/* The solve under way in the background is this one: its
		 * progress shows from where it is. */
		g->job = g->background;
		g->background = NULL;
	} else {
		g->job = solve_job_start(g->p, g->hist->params, history_state(g->hist),
		    game_metric(g), g->optimal_hints, false, &err);
	}
	if (g->job == NULL) {
		game_say(g, true, "%s", err.msg);
		return;
	}
	g->job_mode = mode;
	g->job_started = ui_clock();
	game_say(g, false, "Thinking...");
}

void
game_toggle_optimal(struct game *g)
{
	char cost[160] = "";
	enum optimal_offer offer = g->p->optimal_offer != NULL ?
	    g->p->optimal_offer(g->hist->params, game_metric(g), cost, sizeof cost) :
	    OPTIMAL_NOT_OFFERED;

	if (g->optimal_hints) {
		game_optimal_hints(g, false);
		return;
	}
	switch (offer) {
	case OPTIMAL_NOT_OFFERED:
		game_say(g, true, "No proven-shortest hints on this board: its hints are quick answers");
		break;
	case OPTIMAL_ALREADY:
		game_say(g, false, "The hints on this board are proven shortest already");
		break;
	case OPTIMAL_NEEDS_TABLES:
		/* A build of minutes and gigabytes is never started unasked. */
		g->confirm = CONFIRM_BUILD;
		game_say(g, false, "Shortest hints need tables: %s. Build? (y/n)", cost);
		break;
	case OPTIMAL_READY:
		game_optimal_hints(g, true);
		break;
	}
}

void
game_optimal_hints(struct game *g, bool on)
{
	g->optimal_hints = on;
	clear_hint(g);
	/* A quick answer under way is no proven-shortest one. */
	solve_job_free(g->background);
	g->background = NULL;
	if (on)
		game_say(g, false, "Hints: proven shortest (a key cancels a long search). O: quick ones");
	else
		game_say(g, false, "Hints: quick answers. O: proven shortest ones");
}

/* A count with thousands separated: 1,999,998,982. */
static char *
group_digits(long v, char *buf, size_t size)
{
	char raw[32];
	size_t len, o = 0;

	snprintf(raw, sizeof raw, "%ld", v);
	len = strlen(raw);
	for (size_t i = 0; i < len && o + 2 < size; i++) {
		buf[o++] = raw[i];
		if ((len - i - 1) % 3 == 0 && i + 1 < len && raw[i] != '-')
			buf[o++] = ',';
	}
	buf[o] = '\0';
	return buf;
}

static void
finish_job(struct game *g)
{
	struct solve_job *job = g->job;
	char total[40];

	g->job = NULL;
	if (!job->ok) {
		game_say(g, true, "Solver: %s", job->err.msg);
		solve_job_free(job);
		return;
	}
	if (job->moves.len == 0) {
		game_say(g, false, "Already solved");
	} else if (g->job_mode == JOB_HINT) {
		clear_hint(g);
		g->hint = job->moves;
		g->hint_cut = job->truncated;
		memset(&job->moves, 0, sizeof job->moves);
		g->hint_state = g->p->state_dup(g->hist->params,
		    history_state(g->hist), NULL);
		game_start_job(g, JOB_HINT);
	} else {
		/* A rolling cube's runs stand for many rolls each: the
		 * total is the solver's count when it gives one. */
		play_plan(g, &job->moves, HISTORY_HINT, job->truncated,
		    job->total_length > (long)job->moves.len ? job->total_length :
		    (long)job->moves.len);
		group_digits(g->plan_total, total, sizeof total);
		game_say(g, false, "Solution: %s moves%s. space pause, . step, +/- speed, End to the end",
		    total, g->plan_cut ? " (played a stretch at a time)" : "");
	}
	solve_job_free(job);
}

void
game_play_next(struct game *g)
{
	if (g->plan_pos >= g->plan.len) {
		bool more = g->plan_cut && !g->solved;

		game_stop_playing(g);
		if (more)
			game_start_job(g, JOB_SOLVE);    /* the next stretch */
		return;
	}
	if (game_make_move(g, g->plan.moves[g->plan_pos], g->plan_kind))
		g->plan_pos++;
	else
		game_stop_playing(g);
	g->next_play += play_interval[g->speed];
	if (g->next_play < ui_clock() - 0.25)
		g->next_play = ui_clock();     /* fell behind (a pause): catch up gently */
	if (g->playing && g->plan_pos >= g->plan.len && !g->plan_cut)
		game_stop_playing(g);
}

void
game_play_typed(struct game *g, struct movelist *moves)
{
	play_plan(g, moves, HISTORY_MOVE, false, (long)moves->len);
	game_say(g, false, "Playing %zu typed move%s", g->plan.len, g->plan.len == 1 ? "" : "s");
}

/* Plays the rest of the solution at once, without animation. */
void
game_skip_to_end(struct game *g)
{
	size_t left = g->plan.len - g->plan_pos;

	/* One autosave after the whole skip, not one every ten moves of
	 * it (each writes the whole game). */
	g->autosave_held = true;
	while (g->playing && g->plan_pos < g->plan.len) {
		if (!game_make_move(g, g->plan.moves[g->plan_pos], g->plan_kind))
			break;
		g->plan_pos++;
	}
	g->autosave_held = false;
	if (g->since_autosave >= 10)
		game_autosave(g);
	clear_anim(g);
	if (g->plan_cut && !g->solved) {
		game_stop_playing(g);
		game_start_job(g, JOB_SOLVE);
		return;
	}
	game_stop_playing(g);
	if (!g->solved || g->msg[0] == '\0')
		game_say(g, false, "Played the last %zu move%s", left, left == 1 ? "" : "s");
}

void
game_tick(struct game *g)
{
	double now = ui_clock();
	int burst = 0;

	int stopping = solve_jobs_reap();

	if (g->job != NULL && solve_job_done(g->job))
		finish_job(g);
	tick_background(g, now, stopping);
	/* Fast speeds play several moves a frame. */
	while (g->playing && !g->paused && g->paused_since == 0 && !game_animating(g) &&
	    now >= g->next_play && burst++ < 400)
		game_play_next(g);
	if (g->anim_move != NULL && !game_animating(g))
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
