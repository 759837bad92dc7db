/* The game screen's own state, shared by its parts: game.c (history,
 * moves, hints and playback, keeping the game), game_draw.c (the
 * picture) and game_screen.c (keys, prompts, the screen interface). No
 * other file includes this. */
#ifndef TWIRL_UI_GAME_INTERNAL_H
#define TWIRL_UI_GAME_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/history.h"
#include "engine/savegame.h"
#include "ui/game.h"
#include "ui/help.h"
#include "ui/input.h"
#include "ui/screen.h"
#include "ui/view.h"
#include "ui/worker.h"

enum confirm {
	CONFIRM_NONE,
	CONFIRM_QUIT,        /* q with a game in progress */
	CONFIRM_MENU,        /* Esc with a game in progress */
	CONFIRM_NEW,         /* n with a game in progress */
	CONFIRM_LOSE,        /* the game could not be kept: quit anyway? */
	CONFIRM_BUILD,       /* O: build the optimal solver's large tables? */
};
enum job_mode { JOB_HINT, JOB_SOLVE };

/* Seconds between solution moves at each playback speed: from a slow
 * demonstration to hundreds of moves a second (the animation is cut to
 * fit, and past 60 a second moves are played several a frame). */
#define PLAY_SPEEDS 10
extern const double play_interval[PLAY_SPEEDS];

struct game {
	struct screen screen;   /* first: the game is a screen (game_screen.c) */
	const struct puzzle *p;
	const struct puzzle_view *view;
	void *ui;
	struct history *hist;
	char *gameid;
	struct savegame log;    /* every event, for saves and replays */
	char *save_path;        /* the saved-games file this game is kept in, or NULL */
	char level_key[64];     /* a level's progress key, "" for others */
	char level_title[96];
	long level_optimum;
	size_t since_autosave;  /* moves since the last autosave */
	bool kept;              /* the autosave holds the game as it is now */
	char keep_error[256];   /* why the game could not be kept, or "" */

	/* Time: play time is what the clock ran while the game was shown
	 * and playable (not under the help, not too small to draw). */
	double started, solved_at;
	double paused_since;    /* 0: the clock runs */
	bool solved;
	bool autosave_held;     /* a skip to the end under way: one autosave after it */
	bool solve_recorded;    /* this game's solve is in the statistics: undo and
	                           redo back to solved do not count another */
	bool banner;            /* the solved box is up until the next key */
	size_t hints_at_solve;
	bool optimal_hints;     /* O: h and H ask for a proven shortest answer */
	char record_note[96];   /* "new best time" after a solve, or "" */

	void *anim_from;        /* state before the animated move */
	char *anim_move;
	double anim_start, anim_len;

	char msg[480];
	bool msg_error;
	enum confirm confirm;
	enum game_result leaving;   /* after CONFIRM_LOSE: quit or to the menu */
	struct help_view help;
	bool help_up;
	bool title;             /* room for the title line at the last layout */
	bool too_small;         /* the last draw could not fit the board */

	struct solve_job *job;
	enum job_mode job_mode;
	double job_started;

	struct movelist plan;   /* H, or typed moves: what is being played */
	size_t plan_pos;
	long plan_total;        /* the whole solution's length (plan may be its start) */
	enum history_kind plan_kind;  /* HISTORY_HINT for H, MOVE for typed */
	bool naming;            /* the save-name prompt is up */
	bool naming_path;       /* ... asking for a file (the failed keep's Ctrl-S) */
	bool show_id;           /* g: the whole game ID over the board, until a key */
	bool autosave_failing;  /* the last periodic autosave failed, and was said */
	struct line_input name;
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

	/* The hint worked out before h is pressed (game_background_hints):
	 * one solve at a time of the position as it stands once it has
	 * stood still for a moment; its answer becomes hint. */
	struct solve_job *background;
	void *still_state;      /* the position last seen, and since when */
	double still_since;
};

/* game.c */
void game_say(struct game *g, bool error, const char *fmt, ...) TW_PRINTF(3, 4);
bool game_in_progress(const struct game *g);
double game_play_seconds(const struct game *g);
void game_pause_clock(struct game *g, bool pause);
bool game_make_move(struct game *g, const char *move, enum history_kind kind);
void game_undo(struct game *g);
void game_redo(struct game *g);
void game_restart(struct game *g);
void game_new_scramble(struct game *g);
void game_start_job(struct game *g, enum job_mode mode);
/* The metric the game counts, records and asks for hints in: the
 * board's (puzzle_board_metric). */
int game_metric(const struct game *g);

/* O: hints and solutions from now on are proven shortest answers, or
 * quick ones again; says which, refuses on a board without an optimal
 * solver, says so where the hints are shortest already, and asks first
 * where large tables must be built (puzzle optimal_offer); forgets the
 * last hint's solution. */
void game_toggle_optimal(struct game *g);
/* Writes the game as a save to path (any writable folder; atomic).
 * Errors: the write's, out of memory. */
bool game_save_to(struct game *g, const char *path, struct tw_error *err);

/* Turns proven-shortest hints on or off, saying so. */
void game_optimal_hints(struct game *g, bool on);
void game_stop_playing(struct game *g);
void game_play_next(struct game *g);
void game_play_typed(struct game *g, struct movelist *moves);
void game_skip_to_end(struct game *g);

/* game_draw.c */
void game_help_open(struct game *g);
bool game_board_origin(struct game *g, int rows, int cols, int *y, int *x,
    int *h, int *w);

#endif
