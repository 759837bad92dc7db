/* The one interface every puzzle implements (docs/adding-a-puzzle.md). The menu, history, game IDs, hints and the command line
 * are written once against this table.
 *
 * params and states are opaque values owned by whoever received them from
 * a function of the table, freed with params_free / state_free. Moves are
 * strings in the puzzle's notation (docs/notation.md), so history,
 * saves and replays are lists of strings fed back to move_apply. */
#ifndef TWIRL_PUZZLE_H
#define TWIRL_PUZZLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"
#include "engine/movelist.h"
#include "engine/rng.h"

/* What a caller asks of a solver. cancel and progress may be NULL. */
/* What the game's proven-shortest hints (the O key) are on a board. */
enum optimal_offer {
	OPTIMAL_NOT_OFFERED,    /* no optimal solver for this board or metric */
	OPTIMAL_ALREADY,        /* the hints are proven shortest already */
	OPTIMAL_READY,          /* offered; any tables are on disk or quick */
	OPTIMAL_NEEDS_TABLES,   /* offered once large tables are built */
};

struct solve_request {
	int metric;              /* index into puzzle->metrics */
	bool optimal;            /* --optimal: refuse rather than guess */
	atomic_bool *cancel;     /* set by the caller to stop the search */
	atomic_int *progress;    /* 0..1000, written by the solver */
	/* The caller wants only the first moves (a hint, an animation): a
	 * solution too long to list may then be cut short. Never set for
	 * twirl solve, whose output must solve the position. */
	bool partial_ok;
	bool *truncated;         /* may be NULL; set when the list was cut short */
	long *total_length;      /* may be NULL; when cut short, the whole answer's moves */
	int max_length;          /* --max-length: stop at an answer this short (0: default) */
	/* May be NULL: set by a solver whose answers are proven shortest
	 * (--optimal) when it failed because it proved there is no answer
	 * of at most max_length moves. */
	bool *none_within_max;
	double time_limit;       /* --time-limit: seconds to keep improving (0: default) */
	/* May be NULL: the solver names the phase it is in ("centres"), a
	 * static string, for the UI's progress line. */
	_Atomic(const char *) *phase;
	/* May be NULL: the solver's own account of where the moves went. */
	struct solve_stats *stats;
	/* The process ends after this solve (twirl solve): a solver may lay
	 * its tables out for one search rather than for many. */
	bool one_shot;
	/* Threads the solve may run on: 0 or 1 the caller's alone, more at
	 * most that many (twirl solve and the game ask for one a
	 * processor). The answer is the same for any number. */
	int threads;
};

/* Moves per phase of a solver that works in phases (the reduction solver:
 * centres, edges, parity, 3x3x3), counted in metric (one of the puzzle's
 * metrics; NULL: metrics[0]). */
#define SOLVE_MAX_PHASES 6
struct solve_stats {
	int phases;
	const char *metric;
	const char *name[SOLVE_MAX_PHASES];
	long moves[SOLVE_MAX_PHASES];
	double seconds[SOLVE_MAX_PHASES];
	/* A lower bound on every answer's length in metric, and where it
	 * comes from ("Amano et al.'s counting bound"); bound_source NULL
	 * when the solver gives none. */
	long lower_bound;
	const char *bound_source;
};

struct puzzle {
	const char *id;           /* game ID prefix: "torus" */
	const char *name;         /* shown in menus: "Torus" */
	const char *summary;      /* one line for the menu */
	const char *const *metrics; /* NULL-terminated; metrics[0] is the default */

	/* Params: what the player sets (board size). params_parse reads
	 * the params at the start of text and stores in *used how many
	 * bytes it took; the rest is "", "#SEED" or ":STATE". */
	void *(*params_default)(struct tw_error *err);
	void *(*params_parse)(const char *text, size_t *used, struct tw_error *err);
	char *(*params_format)(const void *params, struct tw_error *err);
	void *(*params_dup)(const void *params, struct tw_error *err);
	void (*params_free)(void *params);

	/* States: what undo restores. state_parse accepts every well-formed
	 * position, solvable or not; state_solvable says which and why. */
	void *(*state_solved)(const void *params, struct tw_error *err);
	void *(*state_parse)(const void *params, const char *text, struct tw_error *err);
	char *(*state_format)(const void *params, const void *state, struct tw_error *err);
	void *(*state_dup)(const void *params, const void *state, struct tw_error *err);
	void (*state_free)(void *state);
	bool (*state_equal)(const void *params, const void *a, const void *b);
	bool (*state_solvable)(const void *params, const void *state, struct tw_error *why);
	bool (*state_is_solved)(const void *params, const void *state);
	/* A uniformly random solvable, unsolved position. */
	void *(*scramble)(const void *params, struct tw_rng *rng, struct tw_error *err);
	/* Multi-line plain-text picture of the position (CLI, tests). */
	char *(*state_render)(const void *params, const void *state, struct tw_error *err);

	/* Moves. move_apply leaves the state untouched on error. move_cost
	 * returns the move's length in metric (index into metrics), or -1
	 * for a move that does not parse. */
	bool (*move_apply)(const void *params, void *state, const char *move, struct tw_error *err);
	char *(*move_inverse)(const void *params, const char *move, struct tw_error *err);
	long (*move_cost)(const void *params, const char *move, int metric);
	/* May be NULL (then 0). The metric (index into metrics) a board is
	 * played in: the game counts its moves, records its solves and asks
	 * for hints in it, and twirl solve uses it when no --metric is
	 * given (a cube's practice board counts single-layer quarter turns,
	 * as the paper it comes from). */
	int (*board_metric)(const void *params);
	/* May be NULL (no variants). A board's variant in a few words for
	 * titles and statistics, written to buf ("" for the plain board):
	 * "black and white", "maze", "practice, 8 turns". */
	void (*board_variant)(const void *params, char *buf, size_t size);
	/* May be NULL (no board is drawn from a seed). For params whose
	 * board is itself drawn from the seed (the black-and-white torus's
	 * random goal, torus:6x6:bw:random): the params of the board seed
	 * gives, newly allocated (params_free), the same on every machine;
	 * other params: a copy. Errors: out of memory. */
	void *(*params_seeded)(const void *params, const char *seed, struct tw_error *err);
	/* A random move of the board in the puzzle's notation, in any
	 * spelling its parser takes (malloc'd; NULL only when out of
	 * memory). It may be illegal where it is played (a wall in the
	 * way): for tests and fuzzing. */
	char *(*move_random)(const void *params, struct tw_rng *rng, struct tw_error *err);
	/* Whether the inverse of a legal move is always legal where the move
	 * leads. False when rules forbid some moves back (the rolling cube's
	 * labelled cells and goal). */
	bool reversible;

	/* Params texts that between them reach every case the engine
	 * distinguishes (board shapes, rules, variants), NULL-ended, quick
	 * ones first: the contract test checks every puzzle on each. */
	const char *const *sample_params;

	/* Whether solve honours req->optimal (twirl solve --optimal); the
	 * others are refused with a message. */
	bool optimal_solver;

	/* Whether solve honours req->time_limit (twirl solve --time-limit:
	 * search longer for a shorter answer); the others are refused with a
	 * message, and an answer over --max-length is then final. */
	bool time_limit;

	/* May be NULL. Builds (or finds in the table cache) every table the
	 * puzzle's solvers keep on disk for the boards people usually play,
	 * reporting through progress (0..1000) and stopping on *cancel (both
	 * may be NULL; a set *cancel fails with "cancelled" even when every
	 * table is already on disk): twirl cache build. Errors: "cancelled",
	 * out of memory, a builder's own. */
	bool (*prepare_tables)(atomic_int *progress, atomic_bool *cancel, struct tw_error *err);

	/* May be NULL. As prepare_tables, for the optimal solver's tables
	 * that are too large to build unasked (the 3x3x3's, 2.55 and 0.97
	 * GB): twirl cache build --optimal. */
	bool (*prepare_optimal_tables)(atomic_int *progress, atomic_bool *cancel,
	    struct tw_error *err);

	/* May be NULL (OPTIMAL_NOT_OFFERED everywhere). Whether the game
	 * offers proven-shortest hints on this board in metric (an index
	 * into metrics), and when tables must be built first, what that
	 * costs, in cost (size bytes): "2.5 GB on disk, 7 GB of memory, 10
	 * minutes", for a question before the build starts. */
	enum optimal_offer (*optimal_offer)(const void *params, int metric, char *cost,
	    size_t size);

	/* May be NULL. What a table in the table cache is for, when its name
	 * (without .tbl) is one of this puzzle's: "4x4x4 solver", "number
	 * rotation 3x3k2, proven shortest in qtm", in purpose (size bytes);
	 * false for another puzzle's. twirl cache status shows it. */
	bool (*table_purpose)(const char *name, char *purpose, size_t size);

	/* May be NULL. The answer in a closed form whose length does not grow
	 * with the board (the rolling cube's generalized path string, twirl
	 * solve --gps), NUL-terminated in buf (size bytes), and its length in
	 * moves in *moves. Errors: "no path" (kind TW_ERROR_NO_SOLUTION); a
	 * position that has no closed form (a board with a map). */
	bool (*path_string)(const void *params, const void *state, char *buf, size_t size,
	    long long *moves, struct tw_error *err);

	/* Solver entry point: appends a solution to out. Fails with the
	 * reason for an unsolvable position, or "cancelled". */
	bool (*solve)(const void *params, const void *state,
	    const struct solve_request *req, struct movelist *out, struct tw_error *err);
};

/* Index of metric name in p->metrics, or -1. */
int puzzle_metric_index(const struct puzzle *p, const char *name);

/* Applies every move of list to state in order. On the first bad move it
 * fails with "move N (TEXT): reason"; state then holds the moves before it. */
bool puzzle_apply_list(const struct puzzle *p, const void *params, void *state,
    const struct movelist *list, struct tw_error *err);

/* The params of the board seed gives (params_seeded, or a copy of
 * params); caller frees with p->params_free. Errors: out of memory. */
void *puzzle_params_seeded(const struct puzzle *p, const void *params, const char *seed,
    struct tw_error *err);

/* p's board variant (board_variant) in buf, "" when it has none. */
void puzzle_board_variant(const struct puzzle *p, const void *params, char *buf, size_t size);

/* The metric p's board params is played in (board_metric, or 0). */
int puzzle_board_metric(const struct puzzle *p, const void *params);

/* Sum of move_cost over list in metric; -1 if a move does not parse. */
long puzzle_list_cost(const struct puzzle *p, const void *params,
    const struct movelist *list, int metric);

#endif
