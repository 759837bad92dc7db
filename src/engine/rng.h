/* twirl's portable PRNG: xoshiro256** (Blackman & Vigna, 2018) seeded
 * through splitmix64. Only fixed-width integer arithmetic is used, so one
 * seed gives the same numbers, hence the same scramble, on every machine. */
#ifndef TWIRL_RNG_H
#define TWIRL_RNG_H

#include <stdint.h>

struct tw_rng {
	uint64_t s[4];
};

/* Seeds from a 64-bit value (splitmix64 expands it to the 256-bit state). */
void tw_rng_seed(struct tw_rng *rng, uint64_t seed);

/* Seeds from the text of a game ID seed ("8812", "hello"): the 64-bit
 * FNV-1a hash of its bytes, so any string is a valid seed. */
void tw_rng_seed_text(struct tw_rng *rng, const char *text);

/* Next 64 random bits. */
uint64_t tw_rng_next(struct tw_rng *rng);

/* Uniform integer in [0, bound), bound >= 1, without modulo bias
 * (rejection sampling). Returns 0 when bound is 0. */
uint64_t tw_rng_below(struct tw_rng *rng, uint64_t bound);

#endif
