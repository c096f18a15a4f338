# Exercise 3: max_op's identity for signed integers and for floats, on the host: a small program
# tries the candidates on sample values (+-0, +-infinity, the extremes, NaN).
claim "for signed integers INT32_MIN (0x80000000), with a signed comparison: 0 is none there, max(0, -1) = 0. For floats -infinity (the lowest float, -FLT_MAX, only where no -infinity occurs); with a > b ? a : b a NaN breaks associativity, so NaNs need an order of their own, above every number say, under which max associates and -infinity stays its identity"
mkdir -p build/exercise
cat >build/exercise/max_identity.c <<'PROGRAM'
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int32_t max_signed(int32_t a, int32_t b) { return a > b ? a : b; }
static float max_float(float a, float b) { return a > b ? a : b; }
/* NaN given an order of its own: above every number */
static float max_ordered(float a, float b) { return isnan(a) ? a : isnan(b) ? b : a > b ? a : b; }
static int same(float a, float b) { return !memcmp(&a, &b, sizeof a); }

int main(int argc, char **argv)
{
    static const int32_t ints[] = {INT32_MIN, INT32_MIN + 1, -65536, -2, -1, 0, 1, 2, 65536,
                                   INT32_MAX};
    const float floats[] = {-INFINITY, -FLT_MAX, -1.5f, -FLT_MIN, -0.0f, 0.0f, FLT_TRUE_MIN,
                            1.0f, FLT_MAX, INFINITY, NAN};
    const size_t n_ints = sizeof ints / sizeof ints[0], n_floats = 10; /* NaN: the last */
    const char *check = argc > 1 ? argv[1] : "";
    if (!strcmp(check, "signed")) { /* INT32_MIN is an identity; 0 is not */
        for (size_t i = 0; i < n_ints; i++)
            if (max_signed(INT32_MIN, ints[i]) != ints[i] || max_signed(ints[i], INT32_MIN) != ints[i])
                return 1;
        printf("  max(INT32_MIN, x) = x for %zu values; max(0, -1) = %d\n", n_ints, max_signed(0, -1));
        return max_signed(0, -1) == -1;
    }
    if (!strcmp(check, "float")) { /* -infinity is an identity; -FLT_MAX only without it */
        for (size_t i = 0; i < n_floats; i++)
            if (!same(max_float(-INFINITY, floats[i]), floats[i]) ||
                !same(max_float(floats[i], -INFINITY), floats[i]))
                return 1;
        printf("  max(-inf, x) = x for %zu values (+-0, +-inf, the extremes); max(-FLT_MAX, -inf) = %g\n",
               n_floats, max_float(-FLT_MAX, -INFINITY));
        return !same(max_float(-FLT_MAX, -INFINITY), -FLT_MAX);
    }
    if (!strcmp(check, "nan")) { /* a > b ? a : b does not associate once a NaN comes in */
        const float l = max_float(max_float(1.0f, NAN), 0.0f), r = max_float(1.0f, max_float(NAN, 0.0f));
        printf("  (1 max NaN) max 0 = %g, but 1 max (NaN max 0) = %g\n", l, r);
        return same(l, r);
    }
    if (!strcmp(check, "ordered")) { /* NaN above every number: associative, -inf its identity */
        for (size_t i = 0; i <= n_floats; i++) {
            if (!same(max_ordered(-INFINITY, floats[i]), floats[i]) ||
                !same(max_ordered(floats[i], -INFINITY), floats[i]))
                return 1;
            for (size_t j = 0; j <= n_floats; j++)
                for (size_t k = 0; k <= n_floats; k++) {
                    const float a = floats[i], b = floats[j], c = floats[k];
                    if (!same(max_ordered(max_ordered(a, b), c), max_ordered(a, max_ordered(b, c))))
                        return 1;
                }
        }
        printf("  NaN above every number: associative on all %zu triples, -inf its identity\n",
               (n_floats + 1) * (n_floats + 1) * (n_floats + 1));
        return 0;
    }
    fprintf(stderr, "usage: %s signed|float|nan|ordered\n", argv[0]);
    return 2;
}
PROGRAM
if ! ${CC:-cc} -std=c11 -O1 -Wall -Wextra -o build/exercise/max_identity build/exercise/max_identity.c -lm; then
    echo "the host's C compiler did not build the program"
    exit 1
fi
agree "signed integers: INT32_MIN is the identity, 0 is not" build/exercise/max_identity signed
agree "floats: -infinity is the identity, -FLT_MAX only without -infinity" build/exercise/max_identity float
agree "a NaN breaks a > b ? a : b's associativity" build/exercise/max_identity nan
agree "with NaN ordered above every number, max associates and -infinity stays its identity" build/exercise/max_identity ordered
