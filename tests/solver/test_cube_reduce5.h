/* The tests of test_cube_reduce5 kept in its second file,
 * test_cube_reduce5_p45.c (phases 4 and 5's tables). */
#ifndef TWIRL_TEST_CUBE_REDUCE5_H
#define TWIRL_TEST_CUBE_REDUCE5_H

void p45_tables_on_walks(void **unused);
void p45_big_tables_exact(void **unused);

#endif
