# Prefix sum, made fast: the course's build. `make help` lists every target.
# Units are the stages (folders NN_name) and the steps inside them (NN_name/NNx_name); each is
# built, tested and benchmarked by the shared rules. Binaries are built in parallel (JOBS); tests
# and benchmarks run one at a time.

.DEFAULT_GOAL := all
include common/rules.mk

# Every unit a goal names (stage-N, test-N, ...) is checked before anything runs: `make stage-3
# stage-99` refuses at once. STAGE=N with all, test or bench means that unit's target (make
# test STAGE=3 is make test-3).
named_ids := $(foreach g,$(MAKECMDGOALS),$(if $(filter stage-% test-% bench-% diff-% quick-% exercise-%,$(g)),$(word 2,$(subst -, ,$(subst ., ,$(g))))))
$(foreach i,$(named_ids),$(if $(shell . common/tools/course.sh && unit_dir '$(i)' 2>/dev/null),,$(error $(shell . common/tools/course.sh; unit_dir '$(i)' 2>&1))))
UNIT_GOAL := $(if $(STAGE),$(if $(filter-out all test bench,$(or $(MAKECMDGOALS),all)),,1))
ifeq ($(UNIT_GOAL),1)
$(if $(shell . common/tools/course.sh && unit_dir '$(STAGE)' 2>/dev/null),,$(error STAGE=$(STAGE): $(shell . common/tools/course.sh; unit_dir '$(STAGE)' 2>&1)))
endif

# Where `make bench` writes its CSVs: build/results/ by default, so a reader's own numbers never
# overwrite the committed ones; RECORD=1 writes into each unit's results/ folder instead (and
# `make charts RECORD=1` redraws the committed charts). The tour's quick benchmarks write theirs
# into build/results/quick/, always.
RESULTS_ROOT := $(if $(filter 1,$(RECORD)),.,$(BUILD)/results)
QUICK_ROOT := $(BUILD)/results/quick
BENCH_ARGS ?=

MAKE_QUIET := $(MAKE) --no-print-directory $(if $(filter 1,$(V)),,-s)
# In a handout (make handout writes .handout, naming its unit), that unit's tests also run the
# grade's drawn_sizes case, as `make grade` will; SEED=s replays a grade's inputs and sizes.
HANDOUT_UNIT := $(shell sed -n 's/^stage=//p' .handout 2>/dev/null)
export SCAN_TEST_GRADE := $(if $(HANDOUT_UNIT),$(notdir $(HANDOUT_UNIT)):$(shell . common/tools/course.sh && unit_grade_bits $(call unit_kind,$(HANDOUT_UNIT))))
ifdef SEED
export SCAN_SEED := $(SEED)
endif
# Parallel builds, unless the command line gave its own -j.
PARALLEL = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
TEST_BINS = $(foreach u,$(BUILT_UNITS),$(BUILD)/$(u)/test)
BENCH_BINS = $(foreach u,$(BUILT_UNITS),$(BUILD)/$(u)/bench)
# run-tests.sh's arguments for a unit: UNIT=BINARY, or UNIT=skip:WHY.
run_args = $(if $(call built,$(1)),$(1)=$(BUILD)/$(1)/test,'$(1)=skip:$(call skip_why,$(1))')
# A unit's benchmark, quick or full, with the benchmark's arguments for it, into ROOT/UNIT/results/:
# run_bench UNIT,quick|full,ARGS,ROOT.
run_bench = echo "== $(1): $(2) benchmark"; $(if $(call built,$(1)),mkdir -p $(4)/$(1)/results && { $(EMULATOR) $(BUILD)/$(1)/bench $(3) --csv $(4)/$(1)/results/ $(BENCH_ARGS) || [ $$? -eq 77 ]; },echo 'SKIP: $(call skip_why,$(1))')
# Checks BENCH_ARGS with the benchmarks of the units given before any test or benchmark runs (bench
# --check-args): one line (the benchmark's complaint) and exit status 2 where one refuses them.
check_bench_args = $(if $(strip $(BENCH_ARGS)),$(foreach u,$(call built,$(1)),why=$$($(EMULATOR) $(BUILD)/$(u)/bench $(BENCH_ARGS) --check-args 2>&1 >/dev/null) || { echo "BENCH_ARGS='$(BENCH_ARGS)': $$(sed -n '1s/^[^:]*: //p' <<<"$$why") ($(BUILD)/$(u)/bench --help lists the benchmark's arguments)" >&2; exit 2; };))

.PHONY: all help binaries test run-tests check check-usage bench charts tables check-tables check-readmes \
        check-grading exercises diagrams handout autograder grade clean distclean sanitize-gpu gpu-archs gpu-objects format \
        stage- test- bench- diff- quick- $(foreach i,$(IDS),stage-$(i) test-$(i) bench-$(i) diff-$(i) quick-$(i))

help:
	@echo "Prefix sum, made fast: $(words $(UNITS)) units, $$(. common/tools/course.sh && ids)"
	@echo
	@echo "  make              the tour: build, test and quickly benchmark every unit this machine"
	@echo "                    can run, then draw this machine's charts into $(BUILD)/charts/"
	@echo "  make test         build and run every unit's tests (GPU units skip without a GPU);"
	@echo "                    make test STAGE=N: unit N's, as make test-N"
	@echo "  make stage-N      build, test and quickly benchmark stage or step N (3, 4a, ...);"
	@echo "                    prints its table (its CSV in $(QUICK_ROOT)/)"
	@echo "  make test-N       run unit N's tests only"
	@echo "  make quick-N      unit N's quick benchmark only (the tour's; its CSV in $(QUICK_ROOT)/)"
	@echo "  make bench        full benchmark sweep of every unit; CSVs in $(BUILD)/results/"
	@echo "                    (RECORD=1: into each unit's results/, the committed reference)"
	@echo "  make bench-N      full sweep of unit N only"
	@echo "  make charts       draw your CSVs' charts into $(BUILD)/charts/ (RECORD=1: redraw the"
	@echo "                    committed charts from the committed CSVs)"
	@echo "  make tables       rewrite the README tables from the committed CSVs"
	@echo "  make diagrams     redraw each lesson's diagram (UNIT/diagram.gp -> UNIT/diagram.svg)"
	@echo "  make exercise-N.K a lesson's exercise K, its change applied in a scratch copy, its answer"
	@echo "                    checked against what ran (RECORD=1 keeps its output); make exercises: all"
	@echo "  make check        the repository's own checks (CI runs them): check-usage (every"
	@echo "                    binary's --help, -h and a bad argument), check-tables (README tables"
	@echo "                    against their CSVs), check-readmes (what the READMEs name exists)"
	@echo "  make check-grading [STAGE=N]  forged uploads of unit N (default 3) score no more than"
	@echo "                    its blank handout, through the Gradescope and Classroom paths"
	@echo "  make diff-N       unit N's kernel against its parent's: the lesson as a diff"
	@echo "  make sanitize-gpu compute-sanitizer memcheck, racecheck and synccheck on the GPU tests"
	@echo "  make gpu-archs    compile every GPU unit for each of GPU_ARCHS (default: sm_75 to"
	@echo "                    sm_120), warnings as errors, into build/sm_NN/"
	@echo "  make handout STAGE=N DEST=dir       a student's copy with unit N's solution blanked"
	@echo "  make grade STAGE=N [STUDENT=dir] [SEED=s]  unit N of a student's copy (or of this tree),"
	@echo "                    tested and timed against this tree's, scored"
	@echo "  make autograder STAGE=N [SUBMISSION=dir]  Gradescope's autograder of unit N; with"
	@echo "                    SUBMISSION, that upload graded as in Gradescope's container"
	@echo "  make format       clang-format every source file"
	@echo "  make clean        remove build/ (every build in it) but your benchmark CSVs"
	@echo "                    (build/results/); make distclean removes them too"
	@echo
	@echo "Options: V=1 (show every compiler command), JOBS=N (parallel builds; default: the"
	@echo "cores), GPU=1 (compile the GPU units without a GPU; GPU=0 leaves them out),"
	@echo "SANITIZE=1 (CPU code under AddressSanitizer and UBSan), GPU_ARCH=sm_90,"
	@echo "BENCH_ARGS='--budget 2' (passed to every benchmark), SCAN_SEED=N (repeat an input),"
	@echo "WERROR=1 (warnings are errors), CC=aarch64-linux-gnu-gcc (a cross build in build/aarch64/,"
	@echo "run under qemu-user; CROSS_INSTALL=1 lets it install Check for that architecture),"
	@echo "SCAN_HIDE_CPU=avx512f (a variant that needs AVX-512 runs as on a CPU without it)."

# The tour. The packages it needs are checked first, then everything is built in parallel, then
# the tests, the quick benchmarks and the charts run one after the other.
ifeq ($(UNIT_GOAL),1)
all test bench:
	+@$(MAKE_QUIET) $(if $(filter all,$@),stage,$@)-$(STAGE)
else
all:
	@common/tools/need.sh check gnuplot
	+@$(MAKE_QUIET) binaries
	@$(call check_bench_args,$(BUILT_UNITS)) true
	+@$(MAKE_QUIET) test
	+@$(foreach u,$(BUILT_UNITS),$(MAKE_QUIET) quick-$(call unit_id,$(u)) &&) true
	@$(if $(filter-out $(BUILT_UNITS),$(UNITS)),echo "SKIP: the quick benchmarks of $(words $(filter-out $(BUILT_UNITS),$(UNITS))) stages and steps not built here (the tests above say why)")
	+@$(MAKE_QUIET) charts
	@echo
	@echo "Start reading: $(firstword $(UNITS))/README.md, beside its article; then \`make diff-$(call unit_id,$(word 2,$(UNITS)))\` shows"
	@echo "$(word 2,$(UNITS))'s idea as a diff, and \`make stage-$(call unit_id,$(word 2,$(UNITS)))\` runs it. \`make help\` lists every target."

test:
	+@$(MAKE_QUIET) binaries
	+@$(MAKE_QUIET) run-tests
endif

binaries:
	+@$(if $(BUILT_UNITS),$(MAKE_QUIET) $(PARALLEL) $(addsuffix /built,$(addprefix $(BUILD)/,$(BUILT_UNITS))),true)
	@echo "built: $(words $(BUILT_UNITS)) of $(words $(UNITS)) stages and steps (their tests, benchmarks and graders)"

# The tests of every unit.
run-tests:
	@EMULATOR='$(EMULATOR)' common/tools/run-tests.sh $(foreach u,$(UNITS),$(call run_args,$(u)))

# The repository's own checks, beside the tests (CI runs them): every binary's command line, the
# README tables against the CSVs, and what the READMEs name.
check:
	+@$(MAKE_QUIET) binaries
	+@$(MAKE_QUIET) -j1 check-usage check-tables check-readmes

# Every binary answers --help and -h with its usage (exit 0), and a bad argument with it (exit 2).
check-usage: binaries
	@EMULATOR='$(EMULATOR)' common/tools/check-usage.sh $(TEST_BINS) $(BENCH_BINS)

tables:
	@common/tools/tables.sh write

check-tables:
	@common/tools/tables.sh check

check-readmes:
	@common/tools/check-readmes.sh

# Forged uploads of one unit (STAGE, default 3), graded through the Gradescope and the GitHub
# Classroom paths: each must score no more than the blank handout, the solution at least 99
# (common/grade/check-grading.sh says which forgeries).
check-grading:
	@common/grade/check-grading.sh $(STAGE)

ifneq ($(UNIT_GOAL),1)
bench:
	+@$(MAKE_QUIET) binaries
	+@$(foreach u,$(UNITS),$(MAKE_QUIET) bench-$(call unit_id,$(u)) &&) true
endif

# Per-unit targets: make stage-3, make test-4a, make bench-3, make diff-3, make quick-3.
define id_rules
unit_binaries_$(1) = $(if $(call built,$(2)),$(MAKE_QUIET) $(PARALLEL) $(BUILD)/$(2)/built,true)

test-$(1):
	+@$$(unit_binaries_$(1))
	@EMULATOR='$(EMULATOR)' common/tools/run-tests.sh $(call run_args,$(2))

quick-$(1):
	+@$$(unit_binaries_$(1))
	@$$(call run_bench,$(2),quick,--quick,$(QUICK_ROOT))

# (a unit not built here, or whose tests skip, says so once, not again for its benchmark)
stage-$(1):
	+@$$(unit_binaries_$(1))
	@$$(call check_bench_args,$(2)) true
	+@$(if $(call built,$(2)),SKIPPED_STATUS=77 EMULATOR='$(EMULATOR)' common/tools/run-tests.sh $(call run_args,$(2)); rc=$$$$?; [ $$$$rc = 77 ] || { [ $$$$rc = 0 ] && $(MAKE_QUIET) quick-$(1); },echo 'SKIP: $(2): $(call skip_why,$(2))')

bench-$(1):
	+@$$(unit_binaries_$(1))
	@$$(call check_bench_args,$(2)) true
	@$$(call run_bench,$(2),full,,$(RESULTS_ROOT))

diff-$(1):
	@common/tools/diff.sh $(1)
endef
$(foreach u,$(UNITS),$(eval $(call id_rules,$(call unit_id,$(u)),$(u))))

# A target that names a unit by another spelling of its id (make stage-04) is that unit's; one that
# names none (make stage-0, make diff-11, make stage-) says which exist. common/tools/course.sh's unit_dir
# decides, as it does for make grade and make handout. (A pattern's % is never empty: the targets
# without an id have a rule of their own.)
stage- test- bench- diff- quick-:
	@. common/tools/course.sh && unit_dir ''

stage-% test-% bench-% diff-% quick-%:
	+@unit=$$(. common/tools/course.sh && unit_dir '$*') || exit 2; \
	id=$$(. common/tools/course.sh && unit_id "$$unit"); \
	[ "$$id" != '$*' ] || { echo "make $@: no target for $$unit (common/stage.mk and common/tools/course.sh disagree on its id)" >&2; exit 2; }; \
	$(MAKE_QUIET) $(firstword $(subst -, ,$@))-$$id

# The lessons' exercises (common/tools/exercise.sh): one, with its change applied in a scratch copy,
# or all of them; those a GPU settles skip without one, and show their committed record.
exercises:
	@common/tools/exercise.sh --all

exercise-%:
	@common/tools/exercise.sh $(if $(filter 1,$(RECORD)),--record) $*

# Each lesson's diagram: a gnuplot script UNIT/diagram.gp, run in the unit's folder, draws
# UNIT/diagram.svg (committed; a reader can redraw it).
diagrams:
	@common/tools/need.sh gnuplot
	@for gp in $(wildcard $(addsuffix /diagram.gp,$(UNITS))); do \
	    (cd $$(dirname $$gp) && gnuplot diagram.gp) && echo "diagram: $${gp%.gp}.svg" || exit 1; \
	done

charts:
	@common/tools/need.sh gnuplot
	@common/tools/charts.sh $(if $(filter 1,$(RECORD)),--record) $(BUILD)

# Every GPU unit's kernels and the CUDA harness compiled (not linked, not run) for each
# architecture of GPU_ARCHS, warnings as errors, each in build/sm_NN/ (which `make test WERROR=1
# GPU=1 BUILD=build/sm_NN GPU_ARCH=sm_NN` shares: CI compiles each architecture once).
GPU_ARCHS ?= sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120
gpu-archs:
	+@$(if $(NVCC),for arch in $(GPU_ARCHS); do \
	    echo "== $$arch"; \
	    $(MAKE_QUIET) $(PARALLEL) BUILD=build/$$arch GPU_ARCH=$$arch GPU=1 WERROR=1 gpu-objects || exit 1; \
	done; echo "gpu-archs: every GPU unit compiles for $(GPU_ARCHS)",echo "SKIP: no nvcc found (install the CUDA Toolkit, or put nvcc on PATH)")

gpu-objects: $(if $(NVCC),$(BUILD)/common/device_gpu.o $(BUILD)/common/apps_cub.o $(BUILD)/common/proof_gpu.o $(foreach u,$(GPU_UNITS),$(BUILD)/$(u)/scan.o))
	@echo "  $(GPU_ARCH): $(words $^) GPU objects compiled, warnings as errors (or up to date)"

sanitize-gpu:
	+@$(MAKE_QUIET) binaries
	@common/tools/sanitize-gpu.sh $(foreach u,$(GPU_UNITS),$(if $(call built,$(u)),$(BUILD)/$(u)/test))

handout:
	@common/grade/handout.sh "$(STAGE)" "$(DEST)"

# Gradescope's autograder of unit STAGE (build/autograder-N.zip); with SUBMISSION=dir, that upload
# graded as Gradescope's container would (GRADESCOPE_MEMORY=768M, GRADESCOPE_CPUS=0.5).
autograder:
	@common/grade/classroom/gradescope/autograder.sh "$(STAGE)" $(if $(SUBMISSION),"$(SUBMISSION)")

# Graded with this tree's tests, benchmark and scoring; only the kernel files come from STUDENT,
# and they run in a process of their own (common/grade/grade.sh says how); SEED replays a grade's drawn
# sizes. Built the default way, into build/: BUILD, SANITIZE and CC given to make do not apply to
# a grade. Exit status: make's own (0, or 2 when the grade could not be made); common/grade/grade.sh
# itself exits 77 where the unit cannot be graded here.
# (STUDENT given empty is a mistake, not "this tree": grade.sh says so)
grade:
	@common/grade/grade.sh "$(STAGE)" $(if $(filter-out undefined,$(origin STUDENT)),--student "$(STUDENT)") $(if $(SEED),--seed "$(SEED)")

format:
	clang-format -i $(wildcard $(addprefix common/*/*.,c h cu) $(foreach u,$(UNITS),$(u)/*.c $(u)/*.h $(u)/*.cu $(u)/*.cuh))

# The reader's own benchmark CSVs (build/results/, minutes of measuring) are kept.
clean:
	@if [ -d build/results ]; then \
	    find build -mindepth 1 -maxdepth 1 ! -name results -exec rm -rf {} +; \
	    echo "removed build/ but build/results/ (your benchmark CSVs); make distclean removes them too"; \
	else rm -rf build; fi

distclean:
	rm -rf build
