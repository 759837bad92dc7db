/* The 6x6x6 staged reduction's whole solver (n6.h): stages 1 to 6
 * on the colours, then the 5x5x5 phase reduction on the grouped cube. */
#include "solvers/cube/big/n6/n6.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/grouped.h"
#include "solvers/cube/big/n5/n5.h"
#include "solvers/clock.h"

/* The most turns the 5x5x5 solver's answer may have here. */
#define R6_MAX_GROUPED 600

/* The progress figure (thousandths of the solve after the caller's
 * share): stage 2's endgame table (a first build) fills up to
 * PROGRESS_TABLE, stages 1 to 4 to PROGRESS_CENTRES, 5 to PROGRESS_STAGE5,
 * 6 to PROGRESS_STAGES; the 5x5x5 solve (and a first build of its
 * tables) the rest. */
enum { PROGRESS_TABLE = 60, PROGRESS_CENTRES = 200, PROGRESS_STAGE5 = 260, PROGRESS_STAGES = 300 };

/* Appends a turn of the 5x5x5 that an n-cube (n >= 5) groups as (its
 * layers 1, 2, 3 to n - 2, n - 1, n), token in WCA notation, as the
 * n-cube's single-layer turns (cube_push_block_turns); false with
 * "internal error: the 5x5x5 solver's turn ..." if token does not parse. */
static bool
push_grouped5_turn(int n, const char *token, uint16_t *turns, int *len, struct tw_error *err)
{
	const int lo[6] = {0, 1, 2, 3, n - 1, n}, hi[6] = {0, 1, 2, n - 2, n - 1, n};
	struct cube_move mv;

	if (!cube_move_parse(5, token, &mv, err)) {
		tw_error_prefix(err, "internal error: the 5x5x5 solver's turn");
		return false;
	}
	cube_push_block_turns(n, (int)mv.face, lo[mv.first], hi[mv.last], mv.turns, turns, len);
	return true;
}

/* The grouped 5x5x5 c5 of an n-cube, recoloured with cube5_centres_home,
 * solved by cube5_reduce_solve with options o5 (may be NULL), its answer
 * (at most max tokens) appended to turns[*len..] as the n-cube's layer
 * turns (push_grouped5_turn); *len_edges the length of turns once its
 * centres, edges and parity are in; *s5 its stats. Errors: the 5x5x5
 * solver's, "internal error: a 5x5x5 answer of N turns" past max. */
static bool
solve_grouped5(int n, struct cube *c5, const struct cube_reduce_options *o5, size_t max,
    uint16_t *turns, int *len, int *len_edges, struct cube_reduce_stats *s5, struct tw_error *err)
{
	struct movelist tokens5 = MOVELIST_EMPTY;
	long five_edges;
	bool ok = false;
	size_t i;

	cube5_centres_home(c5);
	if (!cube5_reduce_solve(c5, o5, &tokens5, s5, err))
		goto done;
	if (tokens5.len > max) {
		tw_error_set(err, "internal error: a 5x5x5 answer of %zu turns", tokens5.len);
		goto done;
	}
	/* The 5x5x5's stats count its written tokens a phase, in order. */
	five_edges = s5->moves[REDUCE_CENTRES] + s5->moves[REDUCE_EDGES] + s5->moves[REDUCE_PARITY];
	*len_edges = *len;
	for (i = 0; i < tokens5.len; i++) {
		if (!push_grouped5_turn(n, tokens5.moves[i], turns, len, err))
			goto done;
		if ((long)i + 1 == five_edges)
			*len_edges = *len;
	}
	if (five_edges >= (long)tokens5.len)
		*len_edges = *len;
	ok = true;
done:
	movelist_clear(&tokens5);
	return ok;
}

bool
cube6_reduce_prepare(struct tw_error *err)
{
	if (r6_centres_tables() == 0 || r6_stage5_tables() == 0 || r6_stage6_tables() == 0) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	return cube5_reduce_prepare(err);
}

size_t
cube6_reduce_table_bytes(void)
{
	if (!cube6_reduce_prepare(NULL))
		return 0;
	return r6_centres_tables() + r6_stage5_tables() + r6_stage6_tables() + cube5_reduce_table_bytes();
}

bool
cube6_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	const struct r6_model *md;
	struct staged_options ro = {0};
	struct staged_path path;
	struct cube grouped, c5;
	struct cube_reduce_options o5 = {0};
	struct cube_reduce_stats s5;
	uint8_t col[R6_FACELETS], vcol[R6_FACELETS];
	uint16_t *turns = NULL;
	int stage_moves[4] = {0}, view = 0, len = 0, after5 = 0, len_after5 = 0, len_edges, i;
	size_t first = out->len;
	double t0 = tw_monotonic_seconds(), t5 = 0, t6 = 0;
	bool ok = false;

	if (c->n != R6_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 6x6x6 staged reduction takes a 6x6x6, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	if (!r6_model_check(err))
		return false;
	md = r6_model();
	if (opt != NULL) {
		ro.cancel = opt->cancel;
		o5 = *opt;
	}
	r6_colours(c, col);
	cube_reduce_report(opt, "centres", 0);
	/* Stage 2's endgame table: a first build (about 7 s) names itself on
	 * the hint line and fills the stages' first share; the 5x5x5's own
	 * first build comes in its share. */
	if (opt != NULL) {
		struct table_progress prog = {.progress = opt->progress, .cancel = opt->cancel,
		    .phase = opt->phase};

		prog.from = opt->progress_from;
		prog.to = cube_reduce_figure(opt, opt->progress_from, PROGRESS_TABLE);
		if (!r6_centres_load(&prog, err))
			goto done;
		cube_reduce_report(opt, "centres", PROGRESS_TABLE);
	}
	if (!r6_stages_1to4(col, &ro, &view, vcol, &path, stage_moves, err))
		goto done;
	cube_reduce_report(opt, "centres", PROGRESS_CENTRES);
	if (!r6_stage5(vcol, &ro, &path, err))
		goto done;
	after5 = path.len;
	t5 = tw_monotonic_seconds();
	cube_reduce_report(opt, "edges", PROGRESS_STAGE5);
	if (!r6_stage6(vcol, &ro, &path, err))
		goto done;
	t6 = tw_monotonic_seconds();
	cube_reduce_report(opt, "edges", PROGRESS_STAGES);
	/* The stages' turns on the cube as given, then its grouped 5x5x5. */
	grouped = *c;
	turns = malloc(sizeof *turns * (3 * STAGED_MAX_PATH + 5 * R6_MAX_GROUPED));
	if (turns == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		goto done;
	}
	for (i = 0; i < path.len; i++) {
		int m = md->view_move[view][path.m[i]];

		struct cube_move mv = {.face = (enum cube_face)md->face[m], .first = md->first[m],
		    .last = md->last[m], .turns = md->turns[m]};

		cube_move_do(&grouped, &mv);
		cube_push_block_turns(R6_N, md->face[m], md->first[m], md->last[m], md->turns[m], turns, &len);
		if (i + 1 == after5)
			len_after5 = len;
	}
	r6_colours(&grouped, col);
	if (!r6_grouped(col, &c5, err)) {
		tw_error_prefix(err, "internal error: after stage 6");
		goto done;
	}
	o5.progress_from = opt != NULL ? cube_reduce_figure(opt, opt->progress_from, PROGRESS_STAGES) : 0;
	if (!solve_grouped5(R6_N, &c5, &o5, R6_MAX_GROUPED, turns, &len, &len_edges, &s5, err))
		goto done;
	/* The centres are stages 1 to 5, the edges stage 6 to the grouped
	 * 5x5x5's edges (its centres, if any, among them). */
	if (!cube_staged_answer(c, turns, len, len_after5, len_edges, out, stats, err))
		goto done;
	if (stats != NULL) {
		stats->seconds[REDUCE_CENTRES] = t5 - t0 + s5.seconds[REDUCE_CENTRES];
		stats->seconds[REDUCE_EDGES] = t6 - t5 + s5.seconds[REDUCE_EDGES];
		stats->seconds[REDUCE_FINISH] = s5.seconds[REDUCE_FINISH];
	}
	cube_reduce_report(opt, "3x3x3", 1000);
	ok = true;
done:
	if (!ok) {
		if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
			tw_error_cancelled(err);
		movelist_truncate(out, first);
	}
	free(turns);
	return ok;
}
