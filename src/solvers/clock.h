/* The monotonic clock in seconds, for time limits and build timings. */
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

#endif
