/* The PRNG is part of the game ID format: a seed must give the same
 * numbers on every machine forever. These values were computed by an
 * independent implementation of splitmix64 + xoshiro256**. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/rng.h"

static void
seed_zero_gives_pinned_sequence(void **unused)
{
	struct tw_rng rng;

	(void)unused;
	tw_rng_seed(&rng, 0);
	assert_int_equal(tw_rng_next(&rng), UINT64_C(0x99ec5f36cb75f2b4));
	assert_int_equal(tw_rng_next(&rng), UINT64_C(0xbf6e1f784956452a));
	assert_int_equal(tw_rng_next(&rng), UINT64_C(0x1a5f849d4933e6e0));
}

static void
text_seed_is_fnv1a_of_its_bytes(void **unused)
{
	struct tw_rng a, b;

	(void)unused;
	tw_rng_seed_text(&a, "8812");
	tw_rng_seed(&b, UINT64_C(0x33028a3dff674b32));
	assert_memory_equal(&a, &b, sizeof a);
	assert_int_equal(tw_rng_next(&a), UINT64_C(0xb84cbe9f647e56f9));
	assert_int_equal(tw_rng_next(&a), UINT64_C(0xe12e3d5fbd0a1c72));
}

static void
different_text_seeds_differ(void **unused)
{
	struct tw_rng a, b;

	(void)unused;
	tw_rng_seed_text(&a, "8812");
	tw_rng_seed_text(&b, "8813");
	assert_int_not_equal(tw_rng_next(&a), tw_rng_next(&b));
}

static void
below_stays_in_range_and_hits_every_value(void **unused)
{
	struct tw_rng rng;
	int seen[7] = {0}, i;

	(void)unused;
	tw_rng_seed(&rng, 99);
	for (i = 0; i < 7000; i++) {
		uint64_t v = tw_rng_below(&rng, 7);

		assert_true(v < 7);
		seen[v]++;
	}
	/* Each of 7 values expected 1000 times; 800..1200 is > 6 sigma. */
	for (i = 0; i < 7; i++)
		assert_in_range(seen[i], 800, 1200);
	assert_int_equal(tw_rng_below(&rng, 1), 0);
	assert_int_equal(tw_rng_below(&rng, 0), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_zero_gives_pinned_sequence),
		cmocka_unit_test(text_seed_is_fnv1a_of_its_bytes),
		cmocka_unit_test(different_text_seeds_differ),
		cmocka_unit_test(below_stays_in_range_and_hits_every_value),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
