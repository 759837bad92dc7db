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
	struct solve_job *next_abandoned;   /* solve_job_free's list */
	bool background;         /* solving unasked, at the lowest priority */
};

/* The threads a solve asks for by default, twirl solve's and the game's:
 * one a processor online, 1 to 64. */
int solve_threads_default(void);

/* Starts solving a copy of state in metric (an index into p->metrics),
 * asking for a proven shortest answer when optimal, on
 * solve_threads_default() threads; in the background (a hint worked out
 * before it is asked for), its threads at the lowest priority (nice 19,
 * on Linux, which the solver's own threads inherit). NULL with err set
 * if the copy or the thread cannot be made. */
struct solve_job *solve_job_start(const struct puzzle *p, const void *params,
    const void *state, int metric, bool optimal, bool background, struct tw_error *err);

bool solve_job_done(struct solve_job *job);

/* Asks the solver to stop. */
void solve_job_cancel(struct solve_job *job);

/* Frees the job, at once when its solver has ended; otherwise the job is
 * cancelled and let go of, never waited for, and freed by a later
 * solve_jobs_reap once its thread has ended (a process that exits first
 * takes it with it). NULL is fine. */
void solve_job_free(struct solve_job *job);

/* Frees the let-go jobs whose solvers have ended; returns how many still
 * run. The UI calls it as it ticks. */
int solve_jobs_reap(void);

#endif
