/* The replay player: a saved game's start position, then every recorded
 * event in order at its recorded pace (long pauses shortened to 3 s), with
 * play/pause, step forward/back, speed and jumps to either end. Hint
 * moves and undos are shown as such; at the end, how the game went
 * (solved or not, moves, time, hints). */
#ifndef TWIRL_UI_REPLAY_H
#define TWIRL_UI_REPLAY_H

#include <curses.h>
#include <stdbool.h>

#include "engine/error.h"
#include "ui/screen.h"

struct replay;

/* Opens and verifies path. NULL with err ("FILE: line N: ...") when the
 * file does not load. */
struct replay *replay_open(const char *path, struct tw_error *err);
void replay_close(struct replay *r);
void replay_draw(struct replay *r, WINDOW *w);

/* A key: false when the player should close (Esc, q). */
bool replay_key(struct replay *r, int key);
void replay_tick(struct replay *r);
int replay_timeout_ms(const struct replay *r);

/* The player as a screen (ui/screen.h) for path; NULL with err as
 * replay_open. Reads the file before any curses call, so that twirl
 * replay reports a bad file before it takes the terminal. */
struct screen *replay_screen(const char *path, struct tw_error *err);

/* Events applied so far, and in all (for tests). */
size_t replay_position(const struct replay *r, size_t *total);

#endif
