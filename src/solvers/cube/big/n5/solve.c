/* The 5x5x5 phase reduction's whole solver (n5.h): phases 1 to 5,
 * then the 3x3x3 finish; as cube4_reduce_solve (n4/search.c). */
#include "solvers/cube/big/n5/n5.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/cube/cube3.h"
#include "solvers/cube/big/n5/model.h"
#include "solvers/cube/big/n5/phase45.h"
#include "solvers/cube/big/n5/tables.h"
#include "solvers/cube/big/n5/phase3_wm.h"
#include "solvers/cube/big/core/grouped.h"
#include "solvers/clock.h"

/* The solve's progress: permille of the solve, after base (what a first
 * build of the tables filled), so that one figure rises from 0 to 1000. */
static void
report(const struct cube_reduce_options *opt, const char *phase, int base, int permille)
{
	if (opt == NULL)
		return;
	if (opt->phase != NULL)
		atomic_store(opt->phase, phase);
	if (opt->progress != NULL)
		atomic_store(opt->progress, cube_reduce_figure(opt, base, permille));
}

/* The 3x3x3 of a reduced 5x5x5: its corners, midges and centres. */
static void
to_3x3(const struct cube *c, struct cube *out)
{
	static const int at[3] = {0, 2, 4};
	int f, r, k;

	out->n = 3;
	for (f = 0; f < 6; f++)
		for (r = 0; r < 3; r++)
			for (k = 0; k < 3; k++)
				out->f[f * 9 + r * 3 + k] = c->f[f * 25 + at[r] * 5 + at[k]];
	out->f[54] = '\0';
}

/* Whether c reads as a 3x3x3: every centre one colour, every dedge's
 * wings one colour with its midge. */
static bool
reduced_to_3x3(const struct cube *c)
{
	static const struct cube_grouping g = {R5_N, 3, {0, 1, 4}, {0, 3, 4}, {0, 2, 4}};

	return cube_grouping_whole(c, &g, NULL);
}

/* Every table, built or loaded; prog (may be NULL) names a build and can
 * cancel it. A first build's progress runs once through prog's part over
 * all of them: each table's build fills its share, sized by how long it
 * takes (about 3, 3, 4.5 and 25 s on one core). */
static bool
prepare(const struct table_progress *prog, struct tw_error *err)
{
	static const int from[5] = {0, 90, 170, 290, 1000};
	struct table_progress part[4];
	int i;

	for (i = 0; i < 4; i++)
		part[i] = table_progress_part(prog, from[i], from[i + 1]);
	return r5_tables_get(NULL, &part[0], err) != NULL && r5_p3_tables_get(NULL, &part[1], err) != NULL &&
	    r5_p3_wm_get(NULL, &part[2], err) != NULL && r5_p45_load(&part[3], err) != NULL;
}

bool
cube5_reduce_prepare(struct tw_error *err)
{
	return prepare(NULL, err);
}

size_t
cube5_reduce_table_bytes(void)
{
	if (!cube5_reduce_prepare(NULL))
		return 0;
	return cube5_phases_table_bytes() + sizeof(struct r5_p45_tables) + (R5_MLH_ENTRIES + 1) / 2 +
	    (R5_LC_ENTRIES + 1) / 2;
}

/* cube5_reduce_solve on a cube whose fixed centres are home. */
static bool
solve_centred(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	struct r5_options o5 = {.phase3_ends = R5_SOLVE_PHASE3_ENDS, .phase4_ends = R5_SOLVE_PHASE4_ENDS};
	struct r5_result p12 = {0};
	struct r5_result3 p3 = {0};
	struct r5_result4 p4 = {0};
	struct r5_end5 e5;
	struct cube3_options o = {.target = REDUCE_FINISH_TARGET, .max_nodes = REDUCE_FINISH_NODES};
	struct movelist finish = MOVELIST_EMPTY;
	const struct r5_model *md;
	uint8_t moves[R5_MAX_REDUCTION + 64];
	struct cube reduced, small;
	size_t first = out->len;
	int len, n, i, merged_away = 0, base = 0;
	double t0 = tw_monotonic_seconds(), t2 = 0, t5;
	struct table_progress prog = {0};
	bool ok = false, whole;

	if (c->n != R5_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 5x5x5 phase reduction takes a 5x5x5, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	if ((md = r5_model_get(err)) == NULL)
		return false;
	o5.cancel = opt != NULL ? opt->cancel : NULL;
	if (opt != NULL)
		base = opt->progress_from;
	report(opt, "centres", base, 0);
	/* A first build names itself on the hint line ("building tables"),
	 * fills the first 90 % of the progress and can be cancelled; the
	 * solve fills the rest. */
	if (opt != NULL) {
		prog.progress = opt->progress;
		prog.cancel = opt->cancel;
		prog.phase = opt->phase;
		prog.from = base;
		prog.to = cube_reduce_figure(opt, base, 900);
	}
	if (!prepare(&prog, err)) {
		if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
			tw_error_cancelled(err);
		goto done;
	}
	if (opt != NULL && opt->progress != NULL && atomic_load(opt->progress) > base)
		base = atomic_load(opt->progress);
	report(opt, "centres", base, 100);
	if (!r5_phases12(c, &o5, &p12, err))
		goto done;
	if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
		goto done;
	t2 = tw_monotonic_seconds();
	report(opt, "edges", base, 400);
	if (!r5_phase3(c, &p12, &o5, &p3, err))
		goto done;
	report(opt, "edges", base, 600);
	if (!r5_phase4(c, &p12, &p3, &o5, &p4, err))
		goto done;
	report(opt, "edges", base, 800);
	if (!r5_phase5(c, &p12, &p3, &p4, &o5, &e5, err))
		goto done;
	len = r5_end5_moves(&p12, &p3, &p4, &e5, moves);
	reduced = *c;
	for (i = 0; i < len; i++)
		r5_apply(md, &reduced, moves[i]);
	t5 = tw_monotonic_seconds();
	report(opt, "3x3x3", base, 950);
	if (opt != NULL) {
		o.cancel = opt->cancel;
		if (opt->finish_time > 0)
			o.time_limit = opt->finish_time;
	}
	/* A bigger cube's edge orbit takes the reduction alone. */
	whole = opt == NULL || !opt->reduction_only;
	to_3x3(&reduced, &small);
	if (whole && !cube3_solve(&small, &o, &finish, err))
		goto done;
	/* Turns of one block in a row merge (the finish's first with phase
	 * 5's last, and, rarely, across the phases' borders): the merges in
	 * the finish count against it. */
	if (finish.len > 64) {
		tw_error_set(err, "internal error: a 3x3x3 finish of %zu turns", finish.len);
		goto done;
	}
	for (i = 0; i < (int)finish.len; i++)
		moves[len + i] = (uint8_t)cube_face_turn_move(finish.moves[i]);
	n = cube_merge_block_turns(moves, len + (int)finish.len, len, &merged_away);
	for (i = 0; i < n; i++)
		if (!movelist_push(out, md->name[moves[i]], err))
			goto done;
	{
		struct cube check = *c;

		for (i = 0; i < n; i++)
			r5_apply(md, &check, moves[i]);
		if (!(whole ? cube_is_solved(&check) : reduced_to_3x3(&check))) {
			tw_error_set(err, "internal error: the 5x5x5 solution does not %s the cube",
			    whole ? "solve" : "reduce");
			goto done;
		}
	}
	if (stats != NULL) {
		const struct r5_end4 *e4 = &p4.ends[e5.parent];
		const struct r5_end3 *e3 = &p3.ends[e4->parent];
		const struct r5_end *e = &p12.ends[e3->parent];

		memset(stats, 0, sizeof *stats);
		stats->moves[REDUCE_CENTRES] = e->len1 + e->len2;
		stats->moves[REDUCE_EDGES] = e3->len3 + e4->len4 + e5.len5;
		stats->moves[REDUCE_FINISH] = (long)finish.len - merged_away;
		stats->seconds[REDUCE_CENTRES] = t2 - t0;
		stats->seconds[REDUCE_EDGES] = t5 - t2;
		stats->seconds[REDUCE_FINISH] = tw_monotonic_seconds() - t5;
	}
	report(opt, "3x3x3", base, 1000);
	ok = true;
done:
	if (!ok) {
		if (opt != NULL && opt->cancel != NULL && atomic_load(opt->cancel))
			tw_error_cancelled(err);
		else if (err != NULL && err->kind == TW_ERROR_OUT_OF_WORK)
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no reduction within the search's work");
		movelist_truncate(out, first);
	}
	movelist_clear(&finish);
	r5_result4_free(&p4);
	r5_result3_free(&p3);
	r5_result_free(&p12);
	return ok;
}

/* Whether the fixed centre of every face shows the face's colour. */
static bool
centres_home(const struct cube *c)
{
	static const char letters[] = "URFDLB";
	int f;

	for (f = 0; f < 6; f++)
		if (c->f[f * 25 + 12] != letters[f])
			return false;
	return true;
}

bool
cube5_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	/* The phases turn outer blocks only, which never move the fixed
	 * centres; a cube whose middle slices were turned first gets them
	 * home by at most two middle-slice turns (any whole-cube turn is at
	 * most two quarter or half turns about the axes). */
	static const char *const slice[9] = {"3R", "3R2", "3R'", "3U", "3U2", "3U'", "3F", "3F2", "3F'"};
	struct cube centred = *c;
	size_t first = out->len;
	int a = -1, b = -1, k;

	if (c->n != R5_N) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "the 5x5x5 phase reduction takes a 5x5x5, not %dx%dx%d", c->n, c->n, c->n);
		return false;
	}
	for (k = 0; k < 1 + 9 + 81 && !centres_home(&centred); k++) {
		struct cube_move mv;

		a = k == 0 ? -1 : k <= 9 ? k - 1 : (k - 10) / 9;
		b = k <= 9 ? -1 : (k - 10) % 9;
		centred = *c;
		if (a >= 0 && cube_move_parse(R5_N, slice[a], &mv, NULL))
			cube_move_do(&centred, &mv);
		if (b >= 0 && cube_move_parse(R5_N, slice[b], &mv, NULL))
			cube_move_do(&centred, &mv);
	}
	if (!centres_home(&centred)) {
		tw_error_set(err, "internal error: no two middle-slice turns bring the 5x5x5's centres home");
		return false;
	}
	if ((a >= 0 && !movelist_push(out, slice[a], err)) || (b >= 0 && !movelist_push(out, slice[b], err)) ||
	    !solve_centred(&centred, opt, out, stats, err)) {
		movelist_truncate(out, first);
		return false;
	}
	if (stats != NULL)
		stats->moves[REDUCE_CENTRES] += (a >= 0) + (b >= 0);
	return true;
}
