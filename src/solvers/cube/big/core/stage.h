/* The big cubes' staging core: one IDA* (Korf, "Depth-first
 * iterative-deepening: an optimal admissible tree search", 1985) that a
 * phase of a reduction describes as data (docs/cube-solvers.md, "One
 * search core").
 *
 * A phase gives a struct stage_def: the size of its state, how a move
 * changes a state, the state's lower bound (its pruning tables), which
 * move may follow which, and what happens at a state whose bound is 0.
 * The core owns everything else: the depth-first pass, the path, the
 * work budget and cancellation (struct stage_run), and the loop over
 * bounds. It searches in one of two ways:
 *   - stage_ida_pass and stage_ida: the first end under a bound, in the
 *     stage's cost (a phase that wants one answer);
 *   - stage_enumerate: every path of exactly a number of moves that
 *     reaches the goal at its end and not before, each handed to the
 *     phase (a phase that collects candidates for the next, by the
 *     total length, as a multi-phase reduction does).
 *
 * The passes are written without recursion and inlined into each
 * phase's call, so that the compiler sees the phase's own functions
 * through the constant descriptor and calls them directly: the core
 * costs a phase nothing over a search written by hand. */
#ifndef TWIRL_CUBE_BIG_STAGE_H
#define TWIRL_CUBE_BIG_STAGE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A stage's longest path, in moves, and the most moves a state. */
#define STAGE_MAX_DEPTH 64
#define STAGE_MAX_MOVES 64

#if defined(__GNUC__)
#define STAGE_INLINE static inline __attribute__((always_inline))
#else
#define STAGE_INLINE static inline
#endif

/* What stage_def.at_zero says of a state whose bound is 0. */
enum {
	STAGE_LEAF = -1,   /* not an end: search on elsewhere, not below it */
	STAGE_END = 0      /* the end: the pass stops, its path in the run */
	/* a value above 0: not an end yet; the bound to go on with */
};

/* Which nodes of stage_ida_pass count against the budget. */
enum stage_count {
	STAGE_COUNT_CHILDREN,      /* each child, before its move is made */
	STAGE_COUNT_EXPANSIONS     /* each state whose children are searched */
};

/* One phase as data. ctx is the phase's own (its tables, its goal);
 * states are state_bytes each, in an array the caller gives (see
 * stage_ida_pass). A move is a number below 256: the entries of the
 * run's move list (stage_run.moves) in order, or 0 .. n_moves - 1
 * without one. stage_ida reads estimate, may_follow and step (cost and
 * at_zero may be NULL); stage_enumerate reads children and at_depth, or,
 * without children, estimate, may_follow and step to make them. A
 * phase sets what its mode reads; the rest may be NULL. */
struct stage_def {
	size_t state_bytes;
	int max_depth;                    /* moves a path, at most STAGE_MAX_DEPTH */
	enum stage_count count;
	/* The state's lower bound in the stage's cost; any value above
	 * limit may stand for "above limit". */
	int (*estimate)(void *ctx, const void *state, int limit);
	/* Whether move m may follow prev (-1 at the start) at cost g of a
	 * pass under bound: the phase's commuting-move and redundancy
	 * rules. */
	bool (*may_follow)(void *ctx, int prev, int m, int g, int bound);
	/* child = state after move m. */
	void (*step)(void *ctx, const void *state, int m, void *child);
	/* May be NULL (each move costs 1): move m's cost. */
	int (*cost)(void *ctx, int m);
	/* May be NULL (every state whose bound is 0 is the end): a state
	 * whose bound is 0, reached by path[0 .. len): STAGE_END,
	 * STAGE_LEAF or a bound above 0 to go on with. */
	int (*at_zero)(void *ctx, const void *state, const uint8_t *path, int len);

	/* stage_enumerate only. */
	/* May be NULL (made from may_follow, step and estimate): the
	 * children of state (prev the move that made it, -1 none) worth a
	 * path of exactly left more moves, in move order: each child's
	 * state into kids (state_bytes apart) and its move into moves;
	 * returns how many. Made from the others, a child is worth it when
	 * its bound is at most left - 1 and not 0 before the last move (a
	 * shorter path, that a shorter enumeration finds); a phase's own
	 * may keep those (its goal is more than the bound's 0) or read its
	 * children's table entries together (its search waits on memory). */
	int (*children)(void *ctx, const void *state, int prev, int left, void *kids, uint8_t *moves);
	/* An end: path[0 .. len) of the enumeration's length reaches
	 * state. true when the phase has enough: the enumeration stops. */
	bool (*at_depth)(void *ctx, const void *state, const uint8_t *path, int len);
};

/* One search's work and answer. The caller sets cancel (may be NULL),
 * max_nodes and, if the phase has one, the move list; the rest starts
 * at 0 (stage_run_start). */
struct stage_run {
	atomic_bool *cancel;
	long nodes, max_nodes;
	bool stopped;                     /* the budget ran out or cancel was set */
	const uint8_t *moves;             /* NULL: moves are 0 .. n_moves - 1 */
	int n_moves;                      /* at most STAGE_MAX_MOVES */
	int prev;                         /* the move before the start, -1 none */
	int len;                          /* the end's path length, in moves */
	int bound;                        /* stage_ida: the bound of the pass that found the end */
	uint8_t path[STAGE_MAX_DEPTH];    /* the move at each depth */
};

/* A run of n_moves moves (list moves, may be NULL) under max_nodes,
 * stopped by cancel (may be NULL), with no move before the start. */
static inline void
stage_run_start(struct stage_run *run, const uint8_t *moves, int n_moves, long max_nodes, atomic_bool *cancel)
{
	run->cancel = cancel;
	run->nodes = 0;
	run->max_nodes = max_nodes;
	run->stopped = false;
	run->moves = moves;
	run->n_moves = n_moves;
	run->prev = -1;
	run->len = 0;
	run->bound = 0;
}

/* One node more against the budget; false (and run->stopped) once the
 * budget is spent or cancel is set (read every 4,096 nodes). */
static inline bool
stage_tick(struct stage_run *run)
{
	if (++run->nodes > run->max_nodes ||
	    ((run->nodes & 4095) == 0 && run->cancel != NULL && atomic_load(run->cancel))) {
		run->stopped = true;
		return false;
	}
	return true;
}

/* Whether the run's cancel is set. */
static inline bool
stage_cancelled(const struct stage_run *run)
{
	return run->cancel != NULL && atomic_load(run->cancel);
}

enum stage_visit { STAGE_VISIT_PRUNE, STAGE_VISIT_EXPAND, STAGE_VISIT_FOUND };

/* A state reached at depth with cost g: found, pruned or to expand. */
STAGE_INLINE enum stage_visit
stage_visit(const struct stage_def *d, void *ctx, struct stage_run *run, const void *state, int depth, int g,
    int bound)
{
	int h;

	/* A move that costs more than 1 can pass the bound at once: an end
	 * there would cost more than the pass allows, and the next pass
	 * finds it or a cheaper one. */
	if (g > bound)
		return STAGE_VISIT_PRUNE;
	h = d->estimate(ctx, state, bound - g);
	if (h == 0) {
		h = d->at_zero != NULL ? d->at_zero(ctx, state, run->path, depth) : STAGE_END;
		if (h == STAGE_END) {
			run->len = depth;
			return STAGE_VISIT_FOUND;
		}
		if (h < 0)
			return STAGE_VISIT_PRUNE;
	}
	if (g + h > bound || depth >= d->max_depth)
		return STAGE_VISIT_PRUNE;
	if (d->count == STAGE_COUNT_EXPANSIONS && !stage_tick(run))
		return STAGE_VISIT_PRUNE;
	return STAGE_VISIT_EXPAND;
}

/* One depth-first pass from stack[0] (the start) under bound (in the
 * stage's cost): true when it ends at an end (its path in
 * run->path[0 .. run->len)); false when none is within the bound or the
 * run stopped (run->stopped). stack holds d->max_depth + 1 states of
 * d->state_bytes, of the phase's own type. Children are searched in
 * move order, so a pass is the recursive IDA* pass exactly. A def of
 * more than STAGE_MAX_DEPTH moves or a run of more than STAGE_MAX_MOVES
 * finds nothing. */
STAGE_INLINE bool
stage_ida_pass(const struct stage_def *d, void *ctx, struct stage_run *run, void *stack, int bound)
{
	unsigned char *states = stack;
	int next[STAGE_MAX_DEPTH + 1], g[STAGE_MAX_DEPTH + 1], depth = 0;
	enum stage_visit v;

	if (d->max_depth > STAGE_MAX_DEPTH || run->n_moves > STAGE_MAX_MOVES)
		return false;
	g[0] = 0;
	v = stage_visit(d, ctx, run, states, 0, 0, bound);
	if (v != STAGE_VISIT_EXPAND)
		return v == STAGE_VISIT_FOUND;
	next[0] = 0;
	for (;;) {
		unsigned char *child = states + (size_t)(depth + 1) * d->state_bytes;
		int m, prev;

		if (next[depth] == run->n_moves) {
			if (depth == 0)
				return false;
			depth--;
			continue;
		}
		m = run->moves != NULL ? run->moves[next[depth]] : next[depth];
		next[depth]++;
		prev = depth == 0 ? run->prev : run->path[depth - 1];
		if (!d->may_follow(ctx, prev, m, g[depth], bound))
			continue;
		if (d->count == STAGE_COUNT_CHILDREN && !stage_tick(run))
			return false;
		d->step(ctx, states + (size_t)depth * d->state_bytes, m, child);
		run->path[depth] = (uint8_t)m;
		g[depth + 1] = g[depth] + (d->cost != NULL ? d->cost(ctx, m) : 1);
		v = stage_visit(d, ctx, run, child, depth + 1, g[depth + 1], bound);
		if (v == STAGE_VISIT_FOUND)
			return true;
		if (run->stopped)
			return false;
		if (v == STAGE_VISIT_EXPAND)
			next[++depth] = 0;
	}
}

/* The passes from bound first to last (both in the stage's cost) until
 * one ends: 1 with the end in run->path and its pass's bound in
 * run->bound, 0 if none is within last, -1 if the run stopped first
 * (run->stopped: spent or cancelled). The passes do not depend on last:
 * a run with a larger last finds the same end, with the same nodes,
 * exactly when its run->bound is at most last. */
STAGE_INLINE int
stage_ida(const struct stage_def *d, void *ctx, struct stage_run *run, void *stack, int first, int last)
{
	int bound;

	for (bound = first; bound <= last; bound++) {
		run->bound = bound;
		if (stage_ida_pass(d, ctx, run, stack, bound))
			return 1;
		if (run->stopped)
			return -1;
	}
	return 0;
}

/* The children of state worth exactly left more moves (see
 * stage_def.children), done moves made. */
STAGE_INLINE int
stage_children(const struct stage_def *d, void *ctx, const struct stage_run *run, const void *state, int prev,
    int done, int left, unsigned char *kids, uint8_t *moves)
{
	int j, n = 0;

	if (d->children != NULL)
		return d->children(ctx, state, prev, left, kids, moves);
	for (j = 0; j < run->n_moves; j++) {
		int m = run->moves != NULL ? run->moves[j] : j, h;
		unsigned char *kid = kids + (size_t)n * d->state_bytes;

		if (!d->may_follow(ctx, prev, m, done, done + left))
			continue;
		d->step(ctx, state, m, kid);
		h = d->estimate(ctx, kid, left - 1);
		if (h > left - 1 || (h == 0 && left > 1))
			continue;
		moves[n++] = (uint8_t)m;
	}
	return n;
}

/* Every path of exactly depth moves from kids[0] (the start, whose
 * bound the caller has found within depth) that reaches the goal at
 * its end and not before, in move order, each handed to d->at_depth.
 * Every state visited counts one node (the start and the ends too).
 * kids holds (depth + 1) * run->n_moves states of d->state_bytes, of
 * the phase's own type. true when at_depth said enough (the last end's
 * path in run->path, run->len = depth); false when the paths ran out
 * or the run stopped (run->stopped; a stopped run does no more work, so
 * that one run can serve a phase's many enumerations), or depth or the
 * run's moves are past STAGE_MAX_DEPTH or STAGE_MAX_MOVES. */
STAGE_INLINE bool
stage_enumerate(const struct stage_def *d, void *ctx, struct stage_run *run, void *kids, int depth)
{
	unsigned char *level = kids;
	uint8_t moves[STAGE_MAX_DEPTH + 1][STAGE_MAX_MOVES];
	int count[STAGE_MAX_DEPTH + 1], next[STAGE_MAX_DEPTH + 1], at = 0;
	size_t stride = (size_t)run->n_moves * d->state_bytes;

	if (run->stopped || depth < 0 || depth > STAGE_MAX_DEPTH || run->n_moves > STAGE_MAX_MOVES)
		return false;
	count[0] = 1;
	next[0] = 0;
	for (;;) {
		const unsigned char *state;

		if (next[at] == count[at]) {
			if (at == 0)
				return false;
			at--;
			continue;
		}
		state = level + (size_t)at * stride + (size_t)next[at] * d->state_bytes;
		if (at > 0)
			run->path[at - 1] = moves[at][next[at]];
		next[at]++;
		if (!stage_tick(run))
			return false;
		if (at == depth) {
			if (d->at_depth(ctx, state, run->path, depth)) {
				run->len = depth;
				return true;
			}
			continue;
		}
		count[at + 1] = stage_children(d, ctx, run, state, at == 0 ? run->prev : run->path[at - 1], at,
		    depth - at, level + (size_t)(at + 1) * stride, moves[at + 1]);
		next[at + 1] = 0;
		at++;
	}
}

#endif
