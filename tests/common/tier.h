/* Test tiers (README, "Tests"). Every sweep runs in two places: the
 * default tier (what ./dev.sh test and CI run) checks a fixed,
 * representative sample, smaller again under the sanitizers, and the slow
 * suite (meson test --suite slow) runs the whole sweep. meson tells the
 * test which it is in through TWIRL_TEST_TIER: "default", "sanitized" or
 * "slow"; run by hand without it, a test takes the default sample. */
#ifndef TWIRL_TEST_TIER_H
#define TWIRL_TEST_TIER_H

#include <stdlib.h>
#include <string.h>

enum test_tier { TIER_DEFAULT, TIER_SANITIZED, TIER_SLOW };

static inline enum test_tier
test_tier(void)
{
	const char *v = getenv("TWIRL_TEST_TIER");

	if (v != NULL && strcmp(v, "slow") == 0)
		return TIER_SLOW;
	if (v != NULL && strcmp(v, "sanitized") == 0)
		return TIER_SANITIZED;
	return TIER_DEFAULT;
}

/* The sample size for this tier: slow, plain default, sanitized. */
static inline int
tier_pick(int slow, int plain, int sanitized)
{
	switch (test_tier()) {
	case TIER_SLOW:
		return slow;
	case TIER_SANITIZED:
		return sanitized;
	default:
		return plain;
	}
}

static inline const char *
tier_name(void)
{
	static const char *const names[] = {"default", "sanitized", "slow"};

	return names[test_tier()];
}

#endif
