/* For the thread's own nice value (Linux: setpriority on a thread id
 * sets that thread's alone). */
#define _GNU_SOURCE
#include "ui/worker.h"

#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

static void *
run(void *arg)
{
	struct solve_job *job = arg;

#if defined(__linux__)
	/* A solve nobody asked for yet gives way to everything else:
	 * the keys, the animation, other programs. */
	if (job->background)
		(void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
#endif
	job->ok = job->puzzle->solve(job->params, job->state, &job->req,
	    &job->moves, &job->err);
	atomic_store(&job->done, true);
	return NULL;
}

int
solve_threads_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

struct solve_job *
solve_job_start(const struct puzzle *p, const void *params, const void *state,
    int metric, bool optimal, bool background, struct tw_error *err)
{
	struct solve_job *job = tw_calloc(1, sizeof *job, err);

	if (job == NULL)
		return NULL;
	job->puzzle = p;
	job->background = background;
	atomic_init(&job->cancel, false);
	atomic_init(&job->progress, 0);
	atomic_init(&job->phase, NULL);
	atomic_init(&job->done, false);
	job->params = p->params_dup(params, err);
	job->state = job->params != NULL ? p->state_dup(params, state, err) : NULL;
	if (job->state == NULL)
		goto fail;
	job->req.metric = metric;
	job->req.optimal = optimal;
	job->req.partial_ok = true;     /* hints and animations need the start */
	job->req.truncated = &job->truncated;
	job->req.total_length = &job->total_length;
	job->req.cancel = &job->cancel;
	job->req.progress = &job->progress;
	job->req.phase = &job->phase;
	/* Every processor: the big cubes' searches share out (the same
	 * answer on any number); a background job's threads inherit its
	 * lowered priority. */
	job->req.threads = solve_threads_default();
	if (pthread_create(&job->thread, NULL, run, job) != 0) {
		tw_error_set(err, "cannot start the solver thread");
		goto fail;
	}
	return job;
fail:
	if (job->state != NULL)
		p->state_free(job->state);
	if (job->params != NULL)
		p->params_free(job->params);
	free(job);
	return NULL;
}

bool
solve_job_done(struct solve_job *job)
{
	return atomic_load(&job->done);
}

void
solve_job_cancel(struct solve_job *job)
{
	atomic_store(&job->cancel, true);
}

/* Jobs let go of while their solver still ran (cancelled): each is
 * freed once its thread has ended. Only the UI thread touches the list. */
static struct solve_job *abandoned;

static void
job_free_now(struct solve_job *job)
{
	pthread_join(job->thread, NULL);
	movelist_clear(&job->moves);
	job->puzzle->state_free(job->state);
	job->puzzle->params_free(job->params);
	free(job);
}

void
solve_job_free(struct solve_job *job)
{
	if (job == NULL)
		return;
	if (!atomic_load(&job->done)) {
		/* Never wait for a solver here: a table build may take a
		 * moment to see the cancel, and the keys, the clock and the
		 * signals must go on meanwhile. */
		atomic_store(&job->cancel, true);
		job->next_abandoned = abandoned;
		abandoned = job;
		solve_jobs_reap();
		return;
	}
	job_free_now(job);
}

int
solve_jobs_reap(void)
{
	struct solve_job **at = &abandoned;
	int running = 0;

	while (*at != NULL) {
		struct solve_job *job = *at;

		if (atomic_load(&job->done)) {
			*at = job->next_abandoned;
			job_free_now(job);
		} else {
			running++;
			at = &job->next_abandoned;
		}
	}
	return running;
}
