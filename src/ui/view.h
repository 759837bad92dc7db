/* How the front end draws and drives one puzzle: the screen-side half of
 * the puzzle interface (Tatham's ui/drawstate). The game screen owns the
 * history and calls these; a view keeps only non-undoable things (cursor,
 * drag, layout) in its ui value. */
#ifndef TWIRL_UI_VIEW_H
#define TWIRL_UI_VIEW_H

#include <curses.h>

#include "engine/puzzle.h"
#include "ui/help.h"
#include "ui/screen.h"
#include "puzzle_list.h"

/* A move in flight: draw the state before move, t of the way through. */
struct anim {
	const char *move;  /* NULL: nothing moving */
	double t;          /* 0..1 */
};

struct view_extra {
	const char *label;     /* the menu line: "Rolling cube levels..." */
	/* Opens the screen (ui/screen.h); NULL with err when it cannot. */
	struct screen *(*open)(struct tw_error *err);
};

struct puzzle_view {
	const struct puzzle *puzzle;
	/* The rules, as help paragraphs (ui/help.h): shown in the game's
	 * help and in the menu's. */
	const struct help_entry *rules;
	/* The keys and the mouse, as help entries. */
	const struct help_entry *help;
	/* Menu presets: params texts ("4x4"), NULL-ended, their menu labels
	 * (NULL: the puzzle's name and the params), and the prompt for
	 * custom params ("rows x columns, e.g. 5x7"). */
	const char *const *presets;
	const char *const *preset_labels;
	const char *custom_prompt;
	/* More screens the puzzle offers in the menu (a level chooser),
	 * ended by {NULL, NULL}; may be NULL. */
	const struct view_extra *extras;
	void *(*ui_new)(const void *params);
	void (*ui_free)(void *ui);
	/* Chooses a layout for an area of h x w cells. Returns false when the
	 * board cannot fit, with the smallest size it needs in *need_h and
	 * *need_w; else the board's size. */
	bool (*layout)(void *ui, const void *params, int h, int w,
	    int *need_h, int *need_w);
	/* Draws the board with its top-left corner at (y, x). flash >= 0
	 * is the celebration frame after a solve. */
	void (*draw)(WINDOW *win, int y, int x, void *ui, const void *params,
	    const void *state, const struct anim *anim, int flash);
	/* A key: returns a move to make (caller frees), or NULL. *handled
	 * says whether the view used the key (cursor moves use it too). */
	char *(*key)(void *ui, const void *params, const void *state, int key,
	    bool *handled);
	/* A mouse event at screen (my, mx), board at (y, x); as for key. */
	char *(*mouse)(void *ui, const void *params, const void *state,
	    const MEVENT *ev, int y, int x, bool *handled);
	/* A move was made: lets the cursor follow its tile. */
	void (*moved)(void *ui, const void *params, const char *move);
	/* How long the move's animation lasts, in milliseconds. */
	int (*anim_ms)(const void *params, const char *move);
	/* May be NULL: a key sequence under way, shown on the message line
	 * ("layer 3, then a face key"), or NULL when there is none. */
	const char *(*pending)(void *ui, const void *params);
};

/* Each puzzle's view, ID_view, in src/ui/ID/view.c. */
#define TWIRL_PUZZLE(id) extern const struct puzzle_view id##_view;
TWIRL_PUZZLE_LIST
#undef TWIRL_PUZZLE

/* The view for a puzzle, or NULL when it has none. */
const struct puzzle_view *view_for(const struct puzzle *p);

#endif
