/* Exercise 2's harness: runs this step's lookback.cuh on the CPU, 32 threads playing the lanes of
 * one warp (a __ballot_sync or __shfl_sync is a meeting of the 32), and counts the polls, the
 * atomicAdd(&descriptor, 0) of descriptor_load, of one tile's decoupled_lookback while the
 * descriptors follow a script: the nearest PREFIX is `back` tiles behind the tile, the tiles
 * between are AGGREGATE, and tile TILE - 5 stays INVALID for the warp's first `wait` rounds (a
 * round: the loads, then the two ballots). Checks the look-back's sum. Built by 2.sh:
 *     g++ -std=c++20 -pthread -I10_gpu_coarsened/10f_peek_lookback 2.cc; ./a.out BACK WAIT
 * prints the polls without the peek, then with it (both quiet). */
#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#define __device__
#define __forceinline__ inline
static thread_local struct { unsigned x; } threadIdx;

/* The warp: each lane puts its value on the table, all meet, each reads, all meet again. */
static std::barrier<> warp_meets(32);
static unsigned long long table[32];
static long long ballots;
template <class T> static T meet(T mine, int from)
{
    table[threadIdx.x] = (unsigned long long)mine;
    warp_meets.arrive_and_wait();
    const T theirs = (T)table[from];
    warp_meets.arrive_and_wait();
    return theirs;
}
static unsigned __ballot_sync(unsigned, int predicate)
{
    table[threadIdx.x] = predicate != 0;
    warp_meets.arrive_and_wait();
    unsigned mask = 0;
    for (int lane = 0; lane < 32; lane++)
        mask |= (unsigned)table[lane] << lane;
    if (threadIdx.x == 0) ballots++;
    warp_meets.arrive_and_wait();
    return mask;
}
template <class T> static T __shfl_sync(unsigned, T v, int lane) { return meet(v, lane); }
template <class T> static T __shfl_xor_sync(unsigned, T v, int m) { return meet(v, threadIdx.x ^ m); }
template <class T> static T __shfl_up_sync(unsigned, T v, int d)
{
    return meet(v, threadIdx.x >= (unsigned)d ? threadIdx.x - d : threadIdx.x);
}
static int __ffs(int x) { return __builtin_ffs(x); }

/* The scripted descriptors, and the polls that read them. */
static unsigned long long *base;
static std::vector<unsigned long long> script;
static long long invalid_until[1 << 12];
static std::atomic<long long> polls;
static unsigned long long atomicAdd(unsigned long long *p, unsigned long long)
{
    polls++;
    const long long i = p - base, round = ballots / 2;
    return round < invalid_until[i] ? 0 : script[i];
}

#include "lookback.cuh"

struct no_peek {
    static constexpr bool QUIET = true, PEEK = false;
};
struct peek {
    static constexpr bool QUIET = true, PEEK = true;
};

constexpr uint32_t TILE = 1000;

template <class C> static long long run(int back, int wait)
{
    script.assign(TILE + 1, 0);
    uint32_t expected = 0;
    for (int k = 1; k <= back; k++) { /* tile TILE - k: value k */
        const uint32_t status = k == back ? STATUS_PREFIX : STATUS_AGGREGATE;
        script[TILE - k] = descriptor_make(status, k);
        expected += k;
    }
    for (uint32_t t = 0; t + back < TILE; t++)
        script[t] = descriptor_make(STATUS_PREFIX, 1000000); /* never reached */
    for (auto &w : invalid_until)
        w = 0;
    invalid_until[TILE - 5] = wait;
    base = script.data();
    ballots = 0;
    polls = 0;
    uint32_t got[32];
    std::vector<std::thread> lanes;
    for (int lane = 0; lane < 32; lane++)
        lanes.emplace_back([&got, lane] {
            threadIdx.x = lane;
            got[lane] = decoupled_lookback<C>(base, TILE, 7);
        });
    for (auto &t : lanes)
        t.join();
    for (int lane = 0; lane < 32; lane++)
        if (got[lane] != expected) {
            std::printf("wrong sum: lane %d got %u, want %u\n", lane, got[lane], expected);
            std::exit(1);
        }
    return polls;
}

int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    const int back = std::atoi(argv[1]), wait = std::atoi(argv[2]);
    std::printf("%lld %lld\n", run<no_peek>(back, wait), run<peek>(back, wait));
    return 0;
}
