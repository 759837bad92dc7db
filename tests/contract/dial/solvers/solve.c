/* The dial's solver (solve.h). */
#include <stdio.h>

#include "tests/contract/dial/solvers/solve.h"
#include "solvers/tablecache.h"

/* Fills buf[i] with the fewest steps from position i to 0: a
 * breadth-first search from 0 over U and D. ctx holds the board. */
static bool
distance_build(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct dial_params *p = ctx;
	unsigned char *dist = buf;
	int queue[99], head = 0, tail = 0;

	(void)size;
	for (int i = 0; i < p->n; i++)
		dist[i] = 0xff;
	dist[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		int at = queue[head++];

		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		for (int step = -1; step <= 1; step += 2) {
			int next = (at + step + p->n) % p->n;

			if (dist[next] == 0xff) {
				dist[next] = (unsigned char)(dist[at] + 1);
				queue[tail++] = next;
			}
		}
		table_progress_report(prog, 1000 * head / p->n);
	}
	return true;
}

/* The distance table of board p (p->n bytes). */
static const unsigned char *
distance_table(const struct dial_params *p, const struct table_progress *prog,
    struct tw_error *err)
{
	char name[32], params[32];
	struct table_spec spec = {
		.name = name,
		.version = 1,
		.params = params,
		.size = (size_t)p->n,
		.build = distance_build,
		.ctx = (void *)p,
	};

	snprintf(name, sizeof name, "dial-distance-%d", p->n);
	snprintf(params, sizeof params, "positions %d", p->n);
	return table_get(&spec, prog, err);
}

bool
dial_solve(const void *params, const void *state, const struct solve_request *req,
    struct movelist *out, struct tw_error *err)
{
	const struct dial_params *p = params;
	int at = ((const struct dial_state *)state)->at;
	struct table_progress prog = {.cancel = req->cancel};
	const unsigned char *dist = distance_table(p, &prog, err);

	if (dist == NULL)
		return false;
	while (dist[at] > 0) {
		int up = (at + 1) % p->n;

		if (req->cancel != NULL && atomic_load(req->cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		if (dist[up] < dist[at]) {
			if (!movelist_push(out, "U", err))
				return false;
			at = up;
		} else {
			if (!movelist_push(out, "D", err))
				return false;
			at = (at + p->n - 1) % p->n;
		}
	}
	if (req->progress != NULL)
		atomic_store(req->progress, 1000);
	return true;
}

bool
dial_prepare_tables(atomic_int *progress, atomic_bool *cancel, struct tw_error *err)
{
	static const struct dial_params boards[] = {{12}, {60}};
	struct table_progress prog = {.progress = progress, .cancel = cancel};

	for (int i = 0; i < 2; i++) {
		struct table_progress part = table_progress_part(&prog, 500 * i, 500 * (i + 1));

		/* A table already on disk is read, not built: the request to
		 * stop is honoured here too. */
		if (cancel != NULL && atomic_load(cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		if (distance_table(&boards[i], &part, err) == NULL)
			return false;
	}
	if (progress != NULL)
		atomic_store(progress, 1000);
	return true;
}
