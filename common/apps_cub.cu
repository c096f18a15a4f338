/* The reference rows of stage 10's last chapter (common/apps.h): the CUB call a practitioner
 * would make instead of each application, measured in the same run as the chapter's kernels.
 * Every row keeps the stage contract (scratch from the driver, no allocation, the default
 * stream); its extra arguments come from app_args, as the chapter's own variants' do. Its name
 * is "cub-" and the family it computes. */
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/functional>

#include "apps.h"
#include "cuda_check.h"

/* select-if's predicate, as CUB takes it. */
struct keep_predicate {
    __host__ __device__ bool operator()(uint32_t x) const { return APP_KEEP(x); }
};

/* split's bit, as DevicePartition::If takes it: the keys with bit 0 clear first. */
struct bit0_clear {
    __host__ __device__ bool operator()(uint32_t x) const { return !(x & 1u); }
};

/* CUB's two-call protocol: called with no storage, each call writes its scratch size into bytes
 * and does nothing else; with storage, it runs. `call` is both, so that the size query and the
 * run cannot disagree on the arguments. */
enum cub_row {
    EXCLUSIVE_SUM,
    MAX,
    FLOAT_SUM,
    SELECT_IF,
    SELECT_FLAGGED,
    SEGMENTED_SUM,
    SPLIT,
    SORT
};

template <cub_row ROW>
static void cub_call(void *scratch, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n)
{
    const long long items = (long long)n;
    if constexpr (ROW == EXCLUSIVE_SUM)
        CUDA_CHECK(cub::DeviceScan::ExclusiveSum(scratch, bytes, in, out, items, 0));
    else if constexpr (ROW == MAX)
        CUDA_CHECK(
            cub::DeviceScan::InclusiveScan(scratch, bytes, in, out, cuda::maximum<>{}, items, 0));
    else if constexpr (ROW == FLOAT_SUM)
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(scratch, bytes, (const float *)in, (float *)out,
                                                 items, 0));
    else if constexpr (ROW == SELECT_IF)
        CUDA_CHECK(cub::DeviceSelect::If(scratch, bytes, in, out, app_args.count, items,
                                         keep_predicate{}, 0));
    else if constexpr (ROW == SELECT_FLAGGED)
        CUDA_CHECK(cub::DeviceSelect::Flagged(scratch, bytes, in, app_args.flags, out,
                                              app_args.count, items, 0));
    else if constexpr (ROW == SEGMENTED_SUM) /* the segments as keys: equal neighbours are one */
        CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(scratch, bytes, app_args.keys, in, out, items,
                                                      cuda::std::equal_to<>{}, 0));
    else if constexpr (ROW == SPLIT) /* (it writes the second part in reverse order: not stable) */
        CUDA_CHECK(cub::DevicePartition::If(scratch, bytes, in, out, app_args.count, items,
                                            bit0_clear{}, 0));
    else
        CUDA_CHECK(cub::DeviceRadixSort::SortKeys(scratch, bytes, in, out, items, 0, 32, 0));
}

template <cub_row ROW> static size_t cub_scratch(size_t n)
{
    size_t bytes = 0;
    cub_call<ROW>(NULL, bytes, NULL, NULL, n);
    return bytes;
}

template <cub_row ROW>
static void cub_run(const uint32_t *in, uint32_t *out, size_t n, void *scratch)
{
    static size_t cached_n = (size_t)-1, cached_bytes; /* keep the size query out of the timing */
    if (n != cached_n) {
        cached_bytes = cub_scratch<ROW>(n);
        cached_n = n;
    }
    size_t bytes = cached_bytes;
    cub_call<ROW>(scratch, bytes, in, out, n);
}

#define CUB_ROW(name, ROW)                                                                         \
    {                                                                                              \
        name, cub_scratch<ROW>, cub_run<ROW>, 1, 0                                                 \
    }
extern "C" const scan_variant app_cub_rows[] = {
    CUB_ROW("cub-exclusive-sum", EXCLUSIVE_SUM),
    CUB_ROW("cub-max", MAX),
    CUB_ROW("cub-float-sum", FLOAT_SUM),
    CUB_ROW("cub-select-if", SELECT_IF),
    CUB_ROW("cub-select-flagged", SELECT_FLAGGED),
    CUB_ROW("cub-segmented-sum", SEGMENTED_SUM),
    CUB_ROW("cub-split", SPLIT),
    CUB_ROW("cub-sort", SORT),
};
extern "C" const size_t app_cub_row_count = sizeof app_cub_rows / sizeof app_cub_rows[0];
