/* stage_ida on several threads with the answer of one (stage.h).
 *
 * Within a pass, IDA* searches the start's children in move order and
 * stops at the first end. The threads take the children (the first
 * moves) in that order, each searching its move's subtree with a budget
 * of its own; the end kept is the first move's that has one. A single
 * thread's run would have searched every move before that one whole,
 * and spent the budget over the moves in order: adding the subtrees'
 * node counts in move order says exactly where that run's budget would
 * have run out, so the answer, the node count and a stop for want of
 * work are those of one thread, whatever the number of threads and
 * however the moves fell to them. A thread stops a move's search once
 * an earlier move has ended (or run out of work): the price is the work
 * done past the kept move before the threads knew of it. */
#include "solvers/cube/big/core/stage.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define SPLIT_MAX_THREADS 64

/* One first move's subtree and what its search found. */
struct split_task {
	int m;
	long nodes;
	bool found, stopped;
	int len;
	uint8_t path[STAGE_MAX_DEPTH];
};

/* One pass's first moves and the threads' common state. */
struct split_pass {
	const struct stage_def *d;
	stage_pass_from_fn from;
	void *ctx;
	const struct stage_run *run;     /* the caller's: moves, prev, cancel */
	const void *start;
	int bound;
	long budget;                     /* the run's nodes left at the pass */
	struct split_task task[STAGE_MAX_MOVES];
	int n;
	atomic_int next;                 /* the next task to take */
	atomic_int cut;                  /* the first task that ended or stopped; n if none */
};

struct split_worker {
	struct split_pass *p;
	unsigned char *stack;            /* max_depth + 1 states */
};

/* Lowers p->cut to i if it is above. */
static void
cut_at(struct split_pass *p, int i)
{
	int was = atomic_load(&p->cut);

	while (i < was && !atomic_compare_exchange_weak(&p->cut, &was, i))
		;
}

/* Task t: move t->m from the start, then its subtree, as the pass loop
 * of stage_ida_pass_from does at depth 0. */
static void
search_task(struct split_pass *p, struct split_task *t, unsigned char *stack)
{
	const struct stage_def *d = p->d;
	struct stage_run sub;
	unsigned char *child = stack + d->state_bytes;
	int g1;

	stage_run_start(&sub, p->run->moves, p->run->n_moves, p->budget, p->run->cancel);
	sub.prev = p->run->prev;
	sub.cut = &p->cut;
	sub.task = (int)(t - p->task);
	t->found = false;
	if (d->count != STAGE_COUNT_CHILDREN || stage_tick(&sub)) {
		memcpy(stack, p->start, d->state_bytes);
		d->step(p->ctx, stack, t->m, child);
		sub.path[0] = (uint8_t)t->m;
		g1 = d->cost != NULL ? d->cost(p->ctx, t->m) : 1;
		switch (stage_visit(d, p->ctx, &sub, child, 1, g1, p->bound)) {
		case STAGE_VISIT_FOUND:
			t->found = true;
			break;
		case STAGE_VISIT_EXPAND:
			t->found = p->from(p->ctx, &sub, stack, p->bound, 1, g1);
			break;
		case STAGE_VISIT_PRUNE:
			break;
		}
	}
	t->nodes = sub.nodes;
	t->stopped = sub.stopped;
	if (t->found) {
		t->len = sub.len;
		memcpy(t->path, sub.path, (size_t)sub.len);
	}
}

static void *
split_worker_main(void *arg)
{
	struct split_worker *w = arg;
	struct split_pass *p = w->p;

	for (;;) {
		int i = atomic_fetch_add(&p->next, 1);

		/* A task after one that ended or ran out is never needed. */
		if (i >= p->n || i > atomic_load(&p->cut))
			break;
		search_task(p, &p->task[i], w->stack);
		if (p->task[i].found || p->task[i].stopped)
			cut_at(p, i);
	}
	return NULL;
}

/* The pass under bound from stack[0], whose visit said to expand it, on
 * up to threads threads: 1 with an end, 0 with none, -1 if the run
 * stopped; -2 if it could not be split (memory, threads). */
static int
split_pass(const struct stage_def *d, stage_pass_from_fn from, void *ctx, struct stage_run *run, void *stack,
    int bound, int threads)
{
	struct split_pass *p = calloc(1, sizeof *p);
	struct split_worker w[SPLIT_MAX_THREADS];
	pthread_t th[SPLIT_MAX_THREADS];
	size_t stack_bytes = (size_t)(d->max_depth + 1) * d->state_bytes;
	int i, j, started = 0, made = 0, result = 0;
	long spent = 0;

	if (p == NULL)
		return -2;
	p->d = d;
	p->from = from;
	p->ctx = ctx;
	p->run = run;
	p->start = stack;
	p->bound = bound;
	p->budget = run->max_nodes - run->nodes;
	for (j = 0; j < run->n_moves; j++) {
		int m = run->moves != NULL ? run->moves[j] : j;

		if (d->may_follow(ctx, run->prev, m, 0, bound))
			p->task[p->n++].m = m;
	}
	atomic_init(&p->next, 0);
	atomic_init(&p->cut, p->n);
	for (i = 0; i < threads; i++) {
		w[i].p = p;
		w[i].stack = malloc(stack_bytes);
		if (w[i].stack == NULL)
			break;
		made++;
	}
	if (made < threads) {
		for (i = 0; i < made; i++)
			free(w[i].stack);
		free(p);
		return -2;
	}
	for (i = 1; i < threads; i++)
		if (pthread_create(&th[i], NULL, split_worker_main, &w[i]) == 0)
			started++;
		else
			break;
	split_worker_main(&w[0]);
	for (i = 1; i <= started; i++)
		pthread_join(th[i], NULL);
	/* The single thread's run, move by move: its budget, then its end. */
	for (i = 0; i < p->n; i++) {
		const struct split_task *t = &p->task[i];

		if (t->nodes > p->budget - spent) {
			run->nodes = run->max_nodes + 1;
			run->stopped = true;
			result = -1;
			break;
		}
		if (t->stopped) {
			/* Within the budget: cancelled. */
			run->nodes += spent + t->nodes;
			run->stopped = true;
			result = -1;
			break;
		}
		if (t->found) {
			run->nodes += spent + t->nodes;
			run->len = t->len;
			memcpy(run->path, t->path, (size_t)t->len);
			result = 1;
			break;
		}
		spent += t->nodes;
	}
	if (i == p->n)
		run->nodes += spent;
	for (i = 0; i < made; i++)
		free(w[i].stack);
	free(p);
	return result;
}

int
stage_ida_split(const struct stage_def *d, stage_pass_from_fn from, void *ctx, struct stage_run *run, void *stack,
    int first, int last, int threads, long split_nodes)
{
	long last_pass = 0;
	int bound;

	if (threads > SPLIT_MAX_THREADS)
		threads = SPLIT_MAX_THREADS;
	if (d->max_depth > STAGE_MAX_DEPTH || run->n_moves > STAGE_MAX_MOVES)
		return 0;
	for (bound = first; bound <= last; bound++) {
		long before = run->nodes;
		enum stage_visit v = stage_visit(d, ctx, run, stack, 0, 0, bound);
		int r = -2;

		if (v == STAGE_VISIT_FOUND)
			return 1;
		if (v == STAGE_VISIT_EXPAND) {
			/* A pass grows with its bound: after a small one, the
			 * next is not worth the threads it would start. */
			if (threads > 1 && last_pass >= split_nodes)
				r = split_pass(d, from, ctx, run, stack, bound, threads);
			if (r == -2)
				r = from(ctx, run, stack, bound, 0, 0) ? 1 : run->stopped ? -1 : 0;
			if (r != 0)
				return r;
		} else if (run->stopped)
			return -1;
		last_pass = run->nodes - before;
	}
	return 0;
}
