/* A random n-cube as the game makes one (cube_scramble, seeded): the
 * big-cube solver tests' positions. Include after cmocka.h. */
#ifndef TWIRL_TEST_SCRAMBLE_H
#define TWIRL_TEST_SCRAMBLE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/rng.h"
#include "engine/cube/rules.h"

/* The n-cube the game scrambles with seed seed, into c. */
static inline void
game_scramble(int n, uint64_t seed, struct cube *c)
{
	struct tw_rng rng;
	char text[8];
	size_t used;
	void *params;
	struct cube *s;

	snprintf(text, sizeof text, "%d", n);
	params = cube_params_parse(text, &used, NULL);
	assert_non_null(params);
	tw_rng_seed(&rng, seed);
	s = cube_scramble(params, &rng, NULL);
	assert_non_null(s);
	*c = *s;
	free(s);
	cube_params_free(params);
}

#endif
