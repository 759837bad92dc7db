/* The 7x7x7 staged reduction's whole solver (n7.h): one centre
 * pass on the cube itself, then its two edge orbits (passes.c,
 * odd_cube_solve); its tables. */
#include "solvers/cube/big/n7/n7.h"

#include "solvers/cube/big/n5/n5.h"
#include "solvers/cube/big/n6/n6.h"

bool
cube7_reduce_prepare(struct tw_error *err)
{
	if (!r7_centres_load(NULL, err) || !r6_centres_load(NULL, err) || !r7_stage5_load(NULL, err) ||
	    !r7_stage_c_load(NULL, err))
		return false;
	if (r7_centres_tables() == 0) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	return cube5_reduce_prepare(err);
}

size_t
cube7_reduce_table_bytes(void)
{
	if (!cube7_reduce_prepare(NULL))
		return 0;
	return r7_centres_tables() + r7_stage5_tables() + r7_stage_c_tables() + cube5_reduce_table_bytes();
}

const struct odd_cube_plan odd_plan7 = {
	7, 1, {{7, 7, {0, 1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5, 6}}},
};

bool
cube7_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return odd_cube_solve(&odd_plan7, c, opt, out, stats, err);
}
