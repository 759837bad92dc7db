#include "engine/perm.h"

#include <stdbool.h>

int
perm_rank(const uint8_t *p, int n)
{
	int i, j, r = 0;

	for (i = 0; i < n; i++) {
		int smaller = 0;

		for (j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (n - i) + smaller;
	}
	return r;
}

void
perm_unrank(int rank, int n, uint8_t *p)
{
	int code[12], i, j;
	bool used[12] = {false};

	for (i = n - 1; i >= 0; i--) {
		code[i] = rank % (n - i);
		rank /= n - i;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; ; j++) {
			if (used[j])
				continue;
			if (code[i]-- == 0)
				break;
		}
		used[j] = true;
		p[i] = (uint8_t)j;
	}
}
