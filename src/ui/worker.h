/* A solver run in a worker thread, so hint and solve never freeze the
 * screen: the UI polls done, shows progress and may cancel. */
#ifndef TWIRL_UI_WORKER_H
#define TWIRL_UI_WORKER_H

#include <pthread.h>

#include "engine/puzzle.h"

struct solve_job {
	pthread_t thread;
	const struct puzzle *puzzle;
	void *params;            /* owned copies */
	void *state;
	struct solve_request req;
	atomic_bool cancel;
	atomic_int progress;     /* 0..1000 */
	_Atomic(const char *) phase;  /* the solver's phase, or NULL */
	atomic_bool done;
	/* Valid once done: */
	bool ok;
	bool truncated;          /* moves is only the start of a solution */
	long total_length;       /* then: the whole solution's moves (0: unknown) */
	struct movelist moves;
	struct tw_error err;
};

/* Starts solving a copy of state in metric (an index into p->metrics),
 * asking for a proven shortest answer when optimal. NULL with err set if
 * the copy or the thread cannot be made. */
struct solve_job *solve_job_start(const struct puzzle *p, const void *params,
    const void *state, int metric, bool optimal, struct tw_error *err);

bool solve_job_done(struct solve_job *job);

/* Asks the solver to stop; solve_job_free still waits for it. */
void solve_job_cancel(struct solve_job *job);

/* Waits for the thread and frees everything. NULL is fine. */
void solve_job_free(struct solve_job *job);

#endif
