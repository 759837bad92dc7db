/* One interface for every screen of the front end (htop's Panel, Tatham's
 * midend seen from the front end): the menu, a game, the saved games, the
 * replay player, the statistics, a puzzle's own choosers. The app keeps
 * the open screens on a stack and talks to the top one only:
 *
 *   draw     paint the whole window (erase first)
 *   key      a key press (KEY_MOUSE is passed to mouse instead)
 *   mouse    a mouse event, screen coordinates
 *   tick     no key came within timeout_ms: advance animations, workers
 *   revealed the screen above closed and this one is on top again, with
 *            what that screen handed back (a chosen file, ...)
 *   close    free everything (a game keeps itself first: ui/game.h)
 *
 * Every call that can change what is open returns one result. */
#ifndef TWIRL_UI_SCREEN_H
#define TWIRL_UI_SCREEN_H

#include <curses.h>
#include <stdbool.h>

enum screen_do {
	SCREEN_STAY,     /* nothing changes */
	SCREEN_BACK,     /* close this screen; value goes to the one below */
	SCREEN_OPEN,     /* open next on top of this one */
	SCREEN_REPLACE,  /* close this screen and open next in its place */
	SCREEN_QUIT,     /* close every screen and leave the program */
};

struct screen;

struct screen_result {
	enum screen_do what;
	struct screen *next;   /* SCREEN_OPEN, SCREEN_REPLACE: owned by the app */
	char *value;           /* SCREEN_BACK: malloc'd or NULL, for revealed */
};

struct screen_ops {
	void (*draw)(struct screen *s, WINDOW *w);
	struct screen_result (*key)(struct screen *s, int key);
	struct screen_result (*mouse)(struct screen *s, const MEVENT *ev);
	struct screen_result (*tick)(struct screen *s);       /* may be NULL */
	int (*timeout_ms)(const struct screen *s);            /* may be NULL: 500 */
	/* value: what the closed screen handed back (NULL for none); the
	 * callee does not keep it. May be NULL. */
	struct screen_result (*revealed)(struct screen *s, const char *value);
	void (*close)(struct screen *s);
};

/* Every screen embeds this as its first member. */
struct screen {
	const struct screen_ops *ops;
};

/* Results, for brevity. */
static inline struct screen_result
screen_stay(void)
{
	return (struct screen_result){SCREEN_STAY, NULL, NULL};
}

static inline struct screen_result
screen_back(char *value)
{
	return (struct screen_result){SCREEN_BACK, NULL, value};
}

static inline struct screen_result
screen_open(struct screen *next)
{
	return (struct screen_result){next != NULL ? SCREEN_OPEN : SCREEN_STAY, next, NULL};
}

static inline struct screen_result
screen_replace(struct screen *next)
{
	return (struct screen_result){next != NULL ? SCREEN_REPLACE : SCREEN_STAY, next, NULL};
}

static inline struct screen_result
screen_quit(void)
{
	return (struct screen_result){SCREEN_QUIT, NULL, NULL};
}

#endif
