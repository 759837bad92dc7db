/* The odd cubes' staged reductions past the 7x7x7 (odd.h), 9x9x9
 * and 11x11x11: their centre passes' plans for the 7x7x7's odd-cube
 * solver (n7.h, odd_cube_solve). */
#include "solvers/cube/big/odd/odd.h"

#include "solvers/cube/big/n7/n7.h"

/* The 9x9x9 (odd.h): A, the inner 5x5 of every face; B, the outer
 * ring's X, its centres of columns 3 and 5 and its middle; F, its
 * centres of columns 2 and 6 (the groups A and B left one colour are
 * whole groups of F's). */
const struct odd_cube_plan odd_plan9 = {
	9, 3, {
		{9, 7, {0, 1, 3, 4, 5, 6, 8}, {0, 2, 3, 4, 5, 7, 8}, {0, 2, 3, 4, 5, 6, 8}},
		{9, 7, {0, 1, 2, 4, 5, 7, 8}, {0, 1, 3, 4, 6, 7, 8}, {0, 1, 3, 4, 5, 7, 8}},
		{9, 7, {0, 1, 2, 3, 6, 7, 8}, {0, 1, 2, 5, 6, 7, 8}, {0, 1, 2, 4, 6, 7, 8}},
	},
};

/* The 11x11x11 (odd.h): the 9x9x9's three passes on the 9x9x9 of
 * layers {1} {2,3} {4} .. {8} {9,10} {11} (the inner 7x7), then the
 * outer ring in three: R1 its X and columns 4 to 6 (the centres of
 * columns 2 to 4 ride with column 4), R2 columns 3 and 7, R3 columns 2
 * and 8. */
const struct odd_cube_plan odd_plan11 = {
	11, 6, {
		{11, 7, {0, 1, 4, 5, 6, 7, 10}, {0, 3, 4, 5, 6, 9, 10}, {0, 3, 4, 5, 6, 7, 10}},
		{11, 7, {0, 1, 3, 5, 6, 8, 10}, {0, 2, 4, 5, 7, 9, 10}, {0, 2, 4, 5, 6, 8, 10}},
		{11, 7, {0, 1, 3, 4, 7, 8, 10}, {0, 2, 3, 6, 7, 9, 10}, {0, 2, 3, 5, 7, 8, 10}},
		{11, 7, {0, 1, 2, 5, 6, 9, 10}, {0, 1, 4, 5, 8, 9, 10}, {0, 1, 4, 5, 6, 9, 10}},
		{11, 7, {0, 1, 2, 4, 7, 9, 10}, {0, 1, 3, 6, 8, 9, 10}, {0, 1, 3, 5, 7, 9, 10}},
		{11, 7, {0, 1, 2, 3, 8, 9, 10}, {0, 1, 2, 7, 8, 9, 10}, {0, 1, 2, 5, 8, 9, 10}},
	},
};

bool
cube9_reduce_prepare(struct tw_error *err)
{
	return cube7_reduce_prepare(err);
}

size_t
cube9_reduce_table_bytes(void)
{
	return cube7_reduce_table_bytes();
}

bool
cube11_reduce_prepare(struct tw_error *err)
{
	return cube7_reduce_prepare(err);
}

size_t
cube11_reduce_table_bytes(void)
{
	return cube7_reduce_table_bytes();
}

bool
cube9_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return odd_cube_solve(&odd_plan9, c, opt, out, stats, err);
}

bool
cube11_reduce_solve(const struct cube *c, const struct cube_reduce_options *opt,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err)
{
	return odd_cube_solve(&odd_plan11, c, opt, out, stats, err);
}
