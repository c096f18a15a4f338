# Prefix sum, made fast: the course's build. `make help` lists every target.
# Stages are the folders NN_name; each is built, tested and benchmarked by the shared rules.

.DEFAULT_GOAL := all
include common/rules.mk

# Where `make bench` writes its CSVs: build/results/ by default, so a reader's own numbers never
# overwrite the committed ones; RECORD=1 writes into each stage's results/ folder instead (and
# `make charts RECORD=1` redraws the committed charts). The tour's quick benchmarks write theirs
# into build/results/quick/, always.
RESULTS_ROOT := $(if $(filter 1,$(RECORD)),.,$(BUILD)/results)
QUICK_ROOT := $(BUILD)/results/quick
BENCH_ARGS ?=

built = $(filter $(1),$(BUILT_STAGES))
TEST_BINS := $(foreach s,$(BUILT_STAGES),$(call stage_tests,$(s)))
BENCH_BINS := $(foreach s,$(BUILT_STAGES),$(call stage_benches,$(s)))
# run-tests.sh's arguments for a stage: STAGE=BINARY (and STAGE/apps=BINARY: stage 10's last
# chapter), or STAGE=skip:WHY.
run_args = $(if $(call built,$(1)),$(1)=$(BUILD)/$(1)/test $(if $(filter $(1),$(APPS_STAGES)),$(1)/apps=$(BUILD)/$(1)/apps-test),'$(1)=skip:$(call skip_why,$(1))')
NUMS := $(foreach s,$(STAGES),$(call stage_num,$(s)))

.PHONY: all help build test check-usage bench charts tables check-tables check-readmes handout grade clean \
        need-gnuplot sanitize-gpu gpu-archs gpu-objects format \
        $(addprefix stage-,$(NUMS)) $(addprefix test-,$(NUMS)) $(addprefix bench-,$(NUMS)) \
        $(addprefix diff-,$(NUMS)) $(addprefix quick-,$(NUMS))

help:
	@echo "Prefix sum, made fast: $(words $(STAGES)) stages ($(firstword $(STAGES)) .. $(lastword $(STAGES)))"
	@echo
	@echo "  make              the tour: build, test and quickly benchmark every stage this machine"
	@echo "                    can run, then draw this machine's charts into $(BUILD)/charts/"
	@echo "  make test         build and run every stage's tests (GPU stages skip without a GPU)"
	@echo "  make stage-N      build, test and quickly benchmark stage N; prints its table"
	@echo "                    (its CSV in $(QUICK_ROOT)/)"
	@echo "  make test-N       run stage N's tests only"
	@echo "  make bench        full benchmark sweep of every stage; CSVs in $(BUILD)/results/"
	@echo "                    (RECORD=1: into each stage's results/, the committed reference)"
	@echo "  make bench-N      full sweep of stage N only"
	@echo "  make charts       draw your CSVs' charts into $(BUILD)/charts/ (RECORD=1: redraw the"
	@echo "                    committed charts from the committed CSVs)"
	@echo "  make tables       rewrite the README tables from the committed CSVs"
	@echo "  make check-tables fail where a README table disagrees with its CSV (part of make test)"
	@echo "  make check-readmes fail where a README names a variant, file, function or section"
	@echo "                    that does not exist (part of make test)"
	@echo "  make check-usage  every binary's --help, -h and a bad argument (part of make test)"
	@echo "  make diff-N       stage N's kernel against its parent's: the lesson as a diff"
	@echo "  make sanitize-gpu compute-sanitizer memcheck, racecheck and synccheck on the GPU tests"
	@echo "  make gpu-archs    compile every GPU stage for each of GPU_ARCHS (default: sm_75 to"
	@echo "                    sm_120), warnings as errors, into build/sm_NN/"
	@echo "  make handout STAGE=N DEST=dir   a student's copy with stage N's solution blanked"
	@echo "  make grade STAGE=N [REF=path]   stage N's tests and speed against a reference, scored"
	@echo "  make format       clang-format every source file"
	@echo "  make clean        remove $(BUILD)/"
	@echo
	@echo "Options: SANITIZE=1 (CPU code under AddressSanitizer and UBSan), GPU_ARCH=sm_90,"
	@echo "BENCH_ARGS='--budget 2' (passed to every benchmark), SCAN_SEED=N (repeat an input),"
	@echo "WERROR=1 (warnings are errors), CC=aarch64-linux-gnu-gcc (a cross build in build/aarch64/,"
	@echo "run under qemu-user), SCAN_HIDE_CPU=avx512f (stage 04 runs as on a CPU without AVX-512)."

all: test
	@$(MAKE) --no-print-directory $(addprefix quick-,$(NUMS))
	@$(MAKE) --no-print-directory charts

need-gnuplot:
	@common/need.sh gnuplot

build: $(TEST_BINS) $(BENCH_BINS)

test: $(TEST_BINS) $(BENCH_BINS)
	@EMULATOR='$(EMULATOR)' common/run-tests.sh $(foreach s,$(STAGES),$(call run_args,$(s)))
	@EMULATOR='$(EMULATOR)' common/check-usage.sh $(TEST_BINS) $(BENCH_BINS)
	@common/tables.sh check
	@common/check-readmes.sh

# Every binary answers --help and -h with its usage (exit 0), and a bad argument with it (exit 2).
check-usage: $(TEST_BINS) $(BENCH_BINS)
	@EMULATOR='$(EMULATOR)' common/check-usage.sh $^

tables:
	@common/tables.sh write

check-tables:
	@common/tables.sh check

check-readmes:
	@common/check-readmes.sh

bench: $(addprefix bench-,$(NUMS))

# Per-stage targets: make stage-3, make test-3, make bench-3, make diff-3.
define number_rules
test-$(1): $(if $(call built,$(2)),$(call stage_tests,$(2)))
	@EMULATOR='$(EMULATOR)' common/run-tests.sh $(call run_args,$(2))

quick-$(1): $(if $(call built,$(2)),$(call stage_benches,$(2)))
	@echo "== $(2): quick benchmark"
	@$(if $(call built,$(2)),mkdir -p $(QUICK_ROOT)/$(2)/results && { $(EMULATOR) $(BUILD)/$(2)/bench --quick --csv $(QUICK_ROOT)/$(2)/results/ $(BENCH_ARGS) || [ $$$$? -eq 77 ]; },echo 'SKIP: $(call skip_why,$(2))')
	@$(if $(filter $(2),$(APPS_STAGES)),echo "== $(2): quick benchmark of the applications (APPLICATIONS.md)" && mkdir -p $(QUICK_ROOT)/$(2)/results/apps && { $(EMULATOR) $(BUILD)/$(2)/apps-bench --quick --csv $(QUICK_ROOT)/$(2)/results/apps/ $(BENCH_ARGS) || [ $$$$? -eq 77 ]; },true)

stage-$(1): test-$(1) quick-$(1)

bench-$(1): $(if $(call built,$(2)),$(call stage_benches,$(2)))
	@echo "== $(2): full benchmark"
	@$(if $(call built,$(2)),mkdir -p $(RESULTS_ROOT)/$(2)/results && { $(EMULATOR) $(BUILD)/$(2)/bench --csv $(RESULTS_ROOT)/$(2)/results/ $(BENCH_ARGS) || [ $$$$? -eq 77 ]; },echo 'SKIP: $(call skip_why,$(2))')
	@$(if $(filter $(2),$(APPS_STAGES)),echo "== $(2): full benchmark of the applications (APPLICATIONS.md)" && mkdir -p $(RESULTS_ROOT)/$(2)/results/apps && { $(EMULATOR) $(BUILD)/$(2)/apps-bench --csv $(RESULTS_ROOT)/$(2)/results/apps/ $(BENCH_ARGS) || [ $$$$? -eq 77 ]; },true)

diff-$(1):
	@common/diff.sh $(1)
endef
$(foreach s,$(STAGES),$(eval $(call number_rules,$(call stage_num,$(s)),$(s))))

charts: | need-gnuplot
	@common/charts.sh $(if $(filter 1,$(RECORD)),--record) $(BUILD)

# Every GPU stage's kernels and the CUDA harness compiled (not linked, not run) for each architecture
# of GPU_ARCHS, warnings as errors, each in build/sm_NN/.
GPU_ARCHS ?= sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120
gpu-archs:
	@$(if $(NVCC),for arch in $(GPU_ARCHS); do \
	    echo "== $$arch"; \
	    $(MAKE) --no-print-directory BUILD=build/$$arch GPU_ARCH=$$arch WERROR=1 gpu-objects || exit 1; \
	done; echo "gpu-archs: every GPU stage compiles for $(GPU_ARCHS)",echo "SKIP: $(GPU_SKIP_WHY)")

gpu-objects: $(if $(NVCC),$(BUILD)/common/platform_gpu.o $(BUILD)/common/apps_cub.o $(foreach s,$(GPU_STAGES),$(BUILD)/$(s)/scan.o) $(foreach s,$(APPS_STAGES),$(BUILD)/$(s)/apps.o))

sanitize-gpu: $(foreach s,$(GPU_STAGES),$(if $(call built,$(s)),$(call stage_tests,$(s))))
	@common/sanitize-gpu.sh $(foreach s,$(GPU_STAGES),$(if $(call built,$(s)),$(call stage_tests,$(s))))

handout:
	@common/handout.sh "$(STAGE)" "$(DEST)"

grade:
	@common/grade.sh "$(STAGE)" $(REF)

format:
	clang-format -i $(wildcard common/*.c common/*.h common/*.cu [0-9][0-9]_*/*.c [0-9][0-9]_*/*.h [0-9][0-9]_*/*.cu [0-9][0-9]_*/*.cuh)

clean:
	rm -rf build
