#include "engine/rng.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void
tw_rng_seed(struct tw_rng *rng, uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
}

void
tw_rng_seed_text(struct tw_rng *rng, const char *text)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (; *text != '\0'; text++) {
		h ^= (unsigned char)*text;
		h *= UINT64_C(0x100000001b3);
	}
	tw_rng_seed(rng, h);
}

uint64_t
tw_rng_next(struct tw_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t
tw_rng_below(struct tw_rng *rng, uint64_t bound)
{
	uint64_t threshold, r;

	if (bound == 0)
		return 0;
	/* Reject the lowest (2^64 mod bound) values so every residue is
	 * equally likely. */
	threshold = (0 - bound) % bound;
	do
		r = tw_rng_next(rng);
	while (r < threshold);
	return r % bound;
}
