/* The reference rows of the applications steps (common/contract/apps.h): the CUB call a
 * practitioner would make instead of each application, measured in the same run as the step's
 * kernels. Every row keeps the applications' contract (scratch from the driver, no allocation, the
 * default stream, its extra arguments in the app_args it is given). Its name is "cub-" and the
 * family it computes. */
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
    SORT,
    SORT_PAIRS
};

template <cub_row ROW>
static void cub_call(void *s, size_t &b, const uint32_t *in, uint32_t *out, size_t n,
                     const app_args *a)
{
    const long long k = (long long)n; /* (s, b: the scratch and its bytes) */
    if constexpr (ROW == EXCLUSIVE_SUM)
        CUDA_CHECK(cub::DeviceScan::ExclusiveSum(s, b, in, out, k, 0));
    else if constexpr (ROW == MAX)
        CUDA_CHECK(cub::DeviceScan::InclusiveScan(s, b, in, out, cuda::maximum<>{}, k, 0));
    else if constexpr (ROW == FLOAT_SUM)
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(s, b, (const float *)in, (float *)out, k, 0));
    else if constexpr (ROW == SELECT_IF)
        CUDA_CHECK(cub::DeviceSelect::If(s, b, in, out, a->count, k, keep_predicate{}, 0));
    else if constexpr (ROW == SELECT_FLAGGED)
        CUDA_CHECK(cub::DeviceSelect::Flagged(s, b, in, a->flags, out, a->count, k, 0));
    else if constexpr (ROW == SEGMENTED_SUM) /* the segments as keys: equal neighbours are one */
        CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(s, b, a->keys, in, out, k,
                                                      cuda::std::equal_to<>{}, 0));
    else if constexpr (ROW == SPLIT) /* (it writes the second part in reverse order: not stable) */
        CUDA_CHECK(cub::DevicePartition::If(s, b, in, out, a->count, k, bit0_clear{}, 0));
    else if constexpr (ROW == SORT)
        CUDA_CHECK(cub::DeviceRadixSort::SortKeys(s, b, in, out, k, 0, 32, 0));
    else
        CUDA_CHECK(
            cub::DeviceRadixSort::SortPairs(s, b, in, out, a->values, a->values_out, k, 0, 32, 0));
}

template <cub_row ROW> static size_t cub_scratch(size_t n)
{
    size_t bytes = 0;
    const app_args none = {};
    cub_call<ROW>(NULL, bytes, NULL, NULL, n, &none);
    return bytes;
}

template <cub_row ROW>
static void cub_run(const uint32_t *in, uint32_t *out, size_t n, const app_args *args,
                    void *scratch)
{
    static size_t cached_n = (size_t)-1, cached_bytes; /* keep the size query out of the timing */
    if (n != cached_n) {
        cached_bytes = cub_scratch<ROW>(n);
        cached_n = n;
    }
    size_t bytes = cached_bytes;
    cub_call<ROW>(scratch, bytes, in, out, n, args);
}

/* clang-format off */
#define CUB_ROW(name, family, ROW) {name, family, cub_scratch<ROW>, cub_run<ROW>, 1, 0}
/* clang-format on */
extern "C" const app_variant app_cub_variants[] = {
    CUB_ROW("cub-exclusive-sum", APP_EXCLUSIVE_SUM, EXCLUSIVE_SUM),
    CUB_ROW("cub-max", APP_INCLUSIVE_MAX, MAX),
    CUB_ROW("cub-float-sum", APP_FLOAT_SUM, FLOAT_SUM),
    CUB_ROW("cub-select-if", APP_SELECT_IF, SELECT_IF),
    CUB_ROW("cub-select-flagged", APP_SELECT_FLAGGED, SELECT_FLAGGED),
    CUB_ROW("cub-segmented-sum", APP_SEGMENTED_SUM, SEGMENTED_SUM),
    CUB_ROW("cub-split", APP_SPLIT, SPLIT),
    CUB_ROW("cub-sort", APP_SORT, SORT),
    CUB_ROW("cub-sort-pairs", APP_SORT_PAIRS, SORT_PAIRS),
};
extern "C" const size_t app_cub_variant_count =
    sizeof app_cub_variants / sizeof app_cub_variants[0];
