/* The curses session: terminal set-up and restore, signals, the main loop
 * switching between the menu and a game. */
#ifndef TWIRL_UI_APP_H
#define TWIRL_UI_APP_H

#include <stdbool.h>

#include "engine/gameid.h"

struct ui_options {
	bool ascii;      /* --ascii: no box drawing or arrows */
	bool no_color;   /* --no-color (NO_COLOR in the environment too) */
	bool no_background;  /* --no-background: no hint worked out before h */
};

/* Runs the interactive program: the menu, straight into the game of gid
 * when it is not NULL (the caller keeps ownership), or the replay player
 * for replay_path when that is not NULL. Returns the exit
 * status: 0; 128 + the signal number after SIGINT, SIGTERM or SIGHUP; 2
 * when the terminal cannot be used or the game cannot start (reason in
 * err). The terminal is restored on every exit path,
 * including SIGINT, SIGTERM and SIGHUP. */
int ui_run(const struct ui_options *opt, const struct gameid *gid,
    const char *replay_path, struct tw_error *err);

#endif
