/* The buffers of a call (harness.h's scan_role): in and out, then app_args'
 * (common/contract/apps.h), and which of them each family's call has. The one place a new buffer is
 * added, with its field in app_args: the tests, the benchmark, the grader's protocol and its runner
 * take every buffer from this table. Linked into the runner (it holds no reference). */
#include <stddef.h>

#include "harness.h"

const scan_role scan_roles[] = {
    {"in", SCAN_ROLE_VARIED, 0, -1, -1},
    {"out", SCAN_ROLE_OUTPUT, 0, 5, 0}, /* a compaction's valid words: the count's */
    {"flags", 0, 0, -1, -1},
    {"heads", 0, 0, -1, -1},
    {"keys", 0, 0, -1, -1},
    {"count", SCAN_ROLE_OUTPUT, 2, -1, -1}, /* a 64-bit count */
    {"values", SCAN_ROLE_VARIED, 0, -1, -1},
    {"values_out", SCAN_ROLE_OUTPUT, 0, -1, 6},
};
const size_t scan_role_count = sizeof scan_roles / sizeof scan_roles[0];

size_t scan_role_words(size_t r, size_t n) { return scan_roles[r].words ? scan_roles[r].words : n; }

app_args scan_args_of(const scan_call *c)
{
    return (app_args){.flags = (const uint32_t *)c->buffer[2],
                      .heads = (const uint32_t *)c->buffer[3],
                      .keys = (const uint32_t *)c->buffer[4],
                      .count = (uint64_t *)c->buffer[5],
                      .values = (const uint32_t *)c->buffer[6],
                      .values_out = (uint32_t *)c->buffer[7]};
}

unsigned scan_family_roles(app_family f)
{
    const unsigned in_out = 1u << 0 | 1u << 1, count = 1u << 5;
    switch (f) {
    case APP_SELECT_IF: return in_out | count;
    case APP_SELECT_FLAGGED: return in_out | 1u << 2 | count;
    case APP_SEGMENTED_SUM: return in_out | 1u << 3;
    case APP_SORT_PAIRS: return in_out | 1u << 6 | 1u << 7;
    default: return in_out;
    }
}

int scan_family_is_float(app_family f) { return f == APP_FLOAT_SUM; }
