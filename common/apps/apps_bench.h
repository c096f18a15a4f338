/* The benchmark of an applications step (common/contract/apps.h), on the shared driver: every
 * variant beside the CUB call a practitioner would use instead and a copy of the same bytes, in
 * the same run. GB/s counts the bytes each row must move per element (the CSV's
 * bytes_per_element): 8 for a scan or a sort, 12 for the segmented scan (its heads), 16 for a sort
 * of pairs (the values); for a compaction, 4 read plus 4 per kept element written (plus 4 of
 * flags read). The sorts and CUB's are timed on other keys too, as rows ROW@INPUT of the same run:
 * few-values (16 distinct random words), all-equal, sorted (the random keys, sorted) and
 * high-bits (a random top byte, the rest zero); --inputs picks some.
 *
 *     int main(int argc, char **argv)
 *     {
 *         scan_bench_config config = {.sizes = "2^16..2^30:2", .quick_sizes = "2^16..2^24:4"};
 *         return app_bench_main(argc, argv, &config);
 *     }
 * Only the CUB rows and copies of the families the step's variants compute are measured. */
#ifndef APPS_BENCH_H
#define APPS_BENCH_H

#include "bench.h"

#define app_bench_main(argc, argv, config) app_bench_main_for(STAGE_NAME, argc, argv, config)
int app_bench_main_for(const char *stage, int argc, char **argv, scan_bench_config *config);

/* The CUB calls a practitioner would make instead (common/apps/apps_cub.cu), as reference rows:
 * "cub-" and the family's name. */
extern const app_variant app_cub_variants[];
extern const size_t app_cub_variant_count;

#endif /* APPS_BENCH_H */
