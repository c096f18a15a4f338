/* The buffers of a call (harness.h's scan_role): in and out, then app_args'
 * (common/contract/apps.h), and which of them each family's call has. A new buffer is added here,
 * with its index in roles.h and its field in app_args: the tests, the benchmark, the grader's
 * protocol and its runner take every buffer from this table. Linked into the runner (it holds no
 * reference). */
#include <stddef.h>

#include "harness.h"
#include "roles.h"

const scan_role scan_roles[] = {
    [SCAN_IN] = {"in", SCAN_ROLE_VARIED, 0, -1, -1},
    /* a compaction's valid words: the count's */
    [SCAN_OUT] = {"out", SCAN_ROLE_OUTPUT, 0, ROLE_COUNT, SCAN_IN},
    [ROLE_FLAGS] = {"flags", 0, 0, -1, -1},
    [ROLE_HEADS] = {"heads", 0, 0, -1, -1},
    [ROLE_KEYS] = {"keys", 0, 0, -1, -1},
    [ROLE_COUNT] = {"count", SCAN_ROLE_OUTPUT, 2, -1, -1}, /* a 64-bit count */
    [ROLE_VALUES] = {"values", SCAN_ROLE_VARIED, 0, -1, -1},
    [ROLE_VALUES_OUT] = {"values_out", SCAN_ROLE_OUTPUT, 0, -1, ROLE_VALUES},
};
const size_t scan_role_count = sizeof scan_roles / sizeof scan_roles[0];

size_t scan_role_words(size_t r, size_t n) { return scan_roles[r].words ? scan_roles[r].words : n; }

app_args scan_args_of(const scan_call *c)
{
    return (app_args){.flags = (const uint32_t *)c->buffer[ROLE_FLAGS],
                      .heads = (const uint32_t *)c->buffer[ROLE_HEADS],
                      .keys = (const uint32_t *)c->buffer[ROLE_KEYS],
                      .count = (uint64_t *)c->buffer[ROLE_COUNT],
                      .values = (const uint32_t *)c->buffer[ROLE_VALUES],
                      .values_out = (uint32_t *)c->buffer[ROLE_VALUES_OUT]};
}

unsigned scan_family_roles(app_family f)
{
    const unsigned in_out = 1u << SCAN_IN | 1u << SCAN_OUT, count = 1u << ROLE_COUNT;
    switch (f) {
    case APP_SELECT_IF: return in_out | count;
    case APP_SELECT_FLAGGED: return in_out | 1u << ROLE_FLAGS | count;
    case APP_SEGMENTED_SUM: return in_out | 1u << ROLE_HEADS;
    case APP_SORT_PAIRS: return in_out | 1u << ROLE_VALUES | 1u << ROLE_VALUES_OUT;
    default: return in_out;
    }
}

int scan_family_is_float(app_family f) { return f == APP_FLOAT_SUM; }
