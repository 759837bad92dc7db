/* The 7x7x7 staged reduction's whole solver (reduce7.h): stages I, W, E
 * and T on the colours, then the 5x5x5 phase reduction on the grouped
 * cube, its layers 1 2 3 4 5 written as the 7x7x7's 1, 2, 3-5, 6, 7, and
 * the answer replayed on the facelet engine. */
#include "puzzles/cube/reduce7/reduce7.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/reduce/reduce.h"
#include "puzzles/cube/reduce/grouped.h"
#include "puzzles/cube/reduce5/reduce5.h"
#include "puzzles/cube/reduce6/reduce6.h"
#include "sys/clock.h"
#include "sys/tablecache.h"

/* The most turns the 5x5x5 solver's answer may have here. */
#define R7_MAX_GROUPED 600

/* The progress figure (thousandths of the solve after the caller's
 * share): the cached tables of stages 1 and 3, 2 (reduce6's endgame) and
 * 5 (a first build) fill up to PROGRESS_TABLE,
 * stage I to PROGRESS_CENTRES, W to PROGRESS_WINGS, E and T to
 * PROGRESS_STAGES; the 5x5x5 solve (and a first build of its tables) the
 * rest. */
enum { PROGRESS_TABLE = 80, PROGRESS_CENTRES = 280, PROGRESS_WINGS = 300, PROGRESS_STAGES = 330 };

bool
r7_finish(const struct cube *c, const struct r7_path *path, int centres_end,
    const struct cube_reduce_options *o5, struct movelist *out, struct r7_finish_info *info,
    struct tw_error *err)
{
	const struct r7_model *md = r7_model();
	struct cube grouped = *c, c5;
	struct cube_reduce_stats s5;
	uint8_t col[R7_FACELETS];
	uint16_t *turns;
	size_t first = out->len;
	int len = 0, len_centres = 0, len_stages, len_edges, i;
	bool ok = false;

	turns = malloc(sizeof *turns * (3 * R7_MAX_PATH + 5 * R7_MAX_GROUPED));
	if (turns == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	for (i = 0; i < path->len; i++) {
		int m = path->m[i];
		struct cube_move mv = {.face = (enum cube_face)md->face[m], .first = md->first[m],
		    .last = md->last[m], .turns = md->turns[m]};

		if (i == centres_end)
			len_centres = len;
		cube_move_do(&grouped, &mv);
		cube_push_block_turns(R7_N, md->face[m], md->first[m], md->last[m], md->turns[m], turns, &len);
	}
	if (centres_end >= path->len)
		len_centres = len;
	len_stages = len;
	r7_colours(&grouped, col);
	if (!r7_grouped(col, &c5, err)) {
		tw_error_prefix(err, "internal error: after the stages");
		goto done;
	}
	if (!cube_solve_grouped5(R7_N, &c5, o5, R7_MAX_GROUPED, turns, &len, &len_edges, &s5, err))
		goto done;
	if (cube_write_layer_turns(R7_N, turns, len, out, err) < 0)
		goto done;
	if (!cube_answer_solves(c, out, first, err))
		goto done;
	if (info != NULL) {
		struct movelist part = MOVELIST_EMPTY;

		/* The stages written alone, for their OBTM; a run of one axis
		 * across the seam is merged in out, so the 5x5x5's share is the
		 * rest. */
		if (cube_write_layer_turns(R7_N, turns, len_stages, &part, err) < 0) {
			movelist_clear(&part);
			goto done;
		}
		info->obtm_stages = cube_list_obtm(R7_N, &part, 0);
		info->obtm_grouped = cube_list_obtm(R7_N, out, first) - info->obtm_stages;
		movelist_clear(&part);
		info->tokens_centres = cube_write_layer_turns(R7_N, turns, len_centres, NULL, NULL);
		info->tokens_edges = cube_write_layer_turns(R7_N, turns, len_edges, NULL, NULL);
		info->tokens = (long)(out->len - first);
		info->s5 = s5;
	}
	ok = true;
done:
	if (!ok)
		movelist_truncate(out, first);
	free(turns);
	return ok;
}

bool
cube7_reduce_prepare(struct tw_error *err)
{
	if (!r7_centres_load(NULL, err) || !r7_stage5_load(NULL, err))
		return false;
	if (r7_centres_tables() == 0 || r6_stage6_tables() == 0) {
		tw_error_set(err, "out of memory");
		return false;
	}
	return cube5_reduce_prepare(err);
}

size_t
cube7_reduce_table_bytes(void)
{
	if (!cube7_reduce_prepare(NULL))
		return 0;
	return r7_centres_tables() + r7_stage5_tables() + r6_stage6_tables() + cube5_reduce_table_bytes();
}

bool
cube7_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct r7_options ro = {0};
	struct r7_path path = {0};
	struct cube_reduce_options o5 = {0};
	uint8_t col[R7_FACELETS];
	int after_i, after_e = 0, left_e = 0, left_t = 0, macros_e = 0, macros_t = 0;
	double t0 = tw_monotonic_seconds(), t_i, t_te;
	struct r7_finish_info info;
	bool ok = false;

	if (c->n != R7_N) {
		tw_error_set(err, "the 7x7x7 staged reduction takes a 7x7x7, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	if (opt != NULL) {
		ro.cancel = opt->cancel;
		o5 = *opt;
	}
	cube_reduce_report(opt, "centres", 0);
	/* The stages' cached tables: a first build names itself on the hint
	 * line and fills the stages' first share; the 5x5x5's own first build
	 * comes in its share. */
	{
		struct table_progress prog = {0}, *pp = NULL;

		if (opt != NULL) {
			prog = (struct table_progress){opt->progress, opt->cancel, opt->phase, 0, 0};
			prog.from = opt->progress_from;
			prog.to = cube_reduce_figure(opt, opt->progress_from, PROGRESS_TABLE);
			pp = &prog;
		}
		if (pp != NULL) {
			/* About 5, 7 and 1.3 s to build. */
			struct table_progress part = table_progress_part(pp, 0, 350);

			if (!r7_centres_load(&part, err))
				goto done;
			part = table_progress_part(pp, 350, 850);
			if (!r6_centres_load(&part, err))
				goto done;
			part = table_progress_part(pp, 850, 1000);
			if (!r7_stage5_load(&part, err))
				goto done;
		} else if (!r7_centres_load(NULL, err) || !r6_centres_load(NULL, err) || !r7_stage5_load(NULL, err))
			goto done;
	}
	cube_reduce_report(opt, "centres", PROGRESS_TABLE);
	r7_colours(c, col);
	/* The stages name colours by the fixed centres (a rotation of the
	 * colours: the moves are the same). */
	r7_centres_home(col);
	if (!r7_stage_i(col, &ro, &path, NULL, NULL, err))
		goto done;
	after_i = path.len;
	t_i = tw_monotonic_seconds();
	cube_reduce_report(opt, "edges", PROGRESS_CENTRES);
	if (!r7_stage_w(col, &ro, &path, err))
		goto done;
	cube_reduce_report(opt, "edges", PROGRESS_WINGS);
	if (cube_reduce_cancelled(opt, err))
		goto done;
	if (!r7_stage_te(col, &ro, &path, &left_e, &left_t, &macros_e, &macros_t, &after_e, err)) {
		/* A stall is the stages' way of running out: the caller falls
		 * back to the greedy reduction. */
		if (left_e > 0 || left_t > 0)
			tw_error_prefix(err, "no end within the search's work");
		goto done;
	}
	t_te = tw_monotonic_seconds();
	if (cube_reduce_cancelled(opt, err))
		goto done;
	cube_reduce_report(opt, "edges", PROGRESS_STAGES);
	o5.progress_from = opt != NULL ? cube_reduce_figure(opt, opt->progress_from, PROGRESS_STAGES) : 0;
	if (!r7_finish(c, &path, after_i, &o5, out, &info, err))
		goto done;
	if (stats != NULL) {
		/* Counts of written tokens a phase, in order, as cube_reduce_solve
		 * gives them: the centres are stage I; the edges run from stage W
		 * to the grouped 5x5x5's edges, stage T's outer T centres among
		 * them, as it comes between W and E and the 5x5x5. */
		memset(stats, 0, sizeof *stats);
		stats->moves[REDUCE_CENTRES] = info.tokens_centres;
		stats->moves[REDUCE_EDGES] = info.tokens_edges - info.tokens_centres;
		stats->moves[REDUCE_FINISH] = info.tokens - info.tokens_edges;
		stats->seconds[REDUCE_CENTRES] = t_i - t0 + info.s5.seconds[REDUCE_CENTRES];
		stats->seconds[REDUCE_EDGES] = t_te - t_i + info.s5.seconds[REDUCE_EDGES];
		stats->seconds[REDUCE_FINISH] = info.s5.seconds[REDUCE_FINISH];
	}
	cube_reduce_report(opt, "3x3x3", 1000);
	ok = true;
done:
	/* A search stopped by the caller says so, whatever it reported. */
	if (!ok)
		(void)cube_reduce_cancelled(opt, err);
	return ok;
}
