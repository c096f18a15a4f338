/* The CPU features a kernel may ask for (scan_cpu_has, common/contract/scan.h), and SCAN_HIDE_CPU, which
 * hides some of them. Linked into the test and benchmark binaries and into the grader's runner
 * (common/grade/runner.c), since a kernel file calls scan_cpu_has. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The next word of a list of words separated by commas or spaces (SCAN_HIDE_CPU), moving *list
 * past it: its start, and its length in *len; NULL after the last. */
static const char *next_word(const char **list, size_t *len)
{
    if (!*list) return NULL;
    *list += strspn(*list, ", ");
    if (!**list) return NULL;
    const char *word = *list;
    *len = strcspn(word, ", ");
    *list += *len;
    return word;
}

int scan_cpu_hidden(const char *feature)
{
    const char *list = getenv("SCAN_HIDE_CPU"), *word;
    size_t len;
    while ((word = next_word(&list, &len)))
        if (len == strlen(feature) && !strncmp(word, feature, len)) return 1;
    return 0;
}

/* The CPU features scan_cpu_has asks and SCAN_HIDE_CPU may name: gcc's names for
 * __builtin_cpu_supports, which takes each as a literal, so the list is a macro (laid out by
 * hand: clang-format indents each line of it further). */
/* clang-format off */
#define CPU_FEATURES(X)                                                                            \
    X("sse") X("sse2") X("sse3") X("ssse3") X("sse4.1") X("sse4.2") X("popcnt") X("avx")          \
    X("avx2") X("fma") X("bmi") X("bmi2") X("avx512f") X("avx512bw") X("avx512vl") X("avx512dq")  \
    X("avx512cd") X("avx512vbmi") X("avx512vbmi2") X("avx512vnni") X("avx512ifma")                \
    X("avx512bitalg") X("avx512vpopcntdq") X("avx512bf16") X("avx512fp16") X("gfni") X("vaes")    \
    X("vpclmulqdq")
/* clang-format on */
#define CPU_FEATURE_NAME(name) name,
static const char *const cpu_features[] = {CPU_FEATURES(CPU_FEATURE_NAME)};

int scan_cpu_has(const char *feature)
{
    if (scan_cpu_hidden(feature)) return 0;
#if defined(__x86_64__) || defined(__i386__)
#define CPU_FEATURE_ASK(name)                                                                      \
    if (!strcmp(feature, name)) return __builtin_cpu_supports(name);
    CPU_FEATURES(CPU_FEATURE_ASK)
#endif
    return 0;
}

int scan_check_hidden_cpu(const char *argv0)
{
    const char *list = getenv("SCAN_HIDE_CPU"), *word;
    const size_t count = sizeof cpu_features / sizeof *cpu_features;
    size_t len;
    while ((word = next_word(&list, &len))) {
        size_t k = 0;
        while (k < count &&
               !(strlen(cpu_features[k]) == len && !strncmp(word, cpu_features[k], len)))
            k++;
        if (k == count) {
            fprintf(stderr,
                    "%s: SCAN_HIDE_CPU names '%.*s', which is no CPU feature; it takes names "
                    "separated by commas or spaces, of:",
                    argv0, (int)len, word);
            for (k = 0; k < count; k++)
                fprintf(stderr, " %s", cpu_features[k]);
            fprintf(stderr, "\n");
            return 0;
        }
    }
    return 1;
}
