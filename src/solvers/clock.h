/* The monotonic clock in seconds, for time limits and build timings, and
 * the process's CPU time, for what a solve costs. */
#ifndef TWIRL_SYS_CLOCK_H
#define TWIRL_SYS_CLOCK_H

#include <time.h>

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC): differences
 * only. */
static inline double
tw_monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds of every thread of this process so far
 * (CLOCK_PROCESS_CPUTIME_ID): differences only. */
static inline double
tw_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
