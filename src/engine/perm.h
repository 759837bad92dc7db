/* Ranking permutations of 0..n-1 (n <= 12) by their Lehmer code: the
 * identity is 0, every permutation gets a distinct rank below n!. Used for
 * the coordinates of the cube solvers' tables. */
#ifndef TWIRL_PERM_H
#define TWIRL_PERM_H

#include <stdint.h>

int perm_rank(const uint8_t *p, int n);
void perm_unrank(int rank, int n, uint8_t *p);

#endif
