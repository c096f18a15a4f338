/* CUDA error checks for the GPU stages and the GPU platform: every runtime call goes through
 * CUDA_CHECK, every launch is followed by LAUNCH_CHECK. A failure prints file, line and CUDA's
 * message and exits, so a broken kernel fails its test with a reason instead of a wrong number. */
#ifndef CUDA_CHECK_H
#define CUDA_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

#define CUDA_CHECK(call)                                                                           \
    do {                                                                                           \
        cudaError_t cuda_check_err_ = (call);                                                      \
        if (cuda_check_err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error %d (%s) in %s\n", __FILE__, __LINE__,               \
                    (int)cuda_check_err_, cudaGetErrorString(cuda_check_err_), #call);             \
            exit(EXIT_FAILURE);                                                                    \
        }                                                                                          \
    } while (0)

/* A launch reports bad configurations at once (cudaGetLastError) and faults in the kernel at the
 * next synchronizing call, which the harness makes through CUDA_CHECK after every run. */
#define LAUNCH_CHECK() CUDA_CHECK(cudaGetLastError())

#endif /* CUDA_CHECK_H */
