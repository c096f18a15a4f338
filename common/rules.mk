# The shared make rules: the toolchain, the compile flags, and the rules that build one unit's test
# and benchmark binaries. A unit is a stage (NN_name/) or a step inside one (NN_name/NNx_name/):
# a folder with a Makefile, found from the directories. The top-level Makefile includes this file;
# a unit's Makefile includes common/stage.mk, which sends its targets to the top level.

BUILD ?= build
CC ?= gcc
SHELL := /bin/bash
# Compiler lines are quiet: one line per unit built. V=1 shows every command.
ifeq ($(V),1)
Q :=
else
Q := @
endif
# Binaries are built JOBS at a time (the tests and benchmarks always run one at a time).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

comma := ,
# ---- the options ----------------------------------------------------------------------------
# A value an option does not take stops make before anything runs, with one line naming the
# option and its values (exit status 2), rather than being taken for off. JOBS is a positive whole
# number; the on/off options take 1 or 0 (empty is 0).
drop_digits = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
ifneq ($(words $(JOBS))$(call drop_digits,$(JOBS))$(filter 0%,$(JOBS)),1)
$(error JOBS='$(JOBS)': JOBS takes a positive whole number, how many files to build at a time (JOBS=4; left out, every core))
endif
OPTION_V := 1 (show every compiler command) or 0
OPTION_GPU := 1 (compile the GPU units, even without a GPU) or 0 (leave them out); left out, 1 where a GPU is found
OPTION_SANITIZE := 1 (the CPU code under AddressSanitizer and UBSan) or 0
OPTION_RECORD := 1 (write into the units' committed results/ folders) or 0
OPTION_WERROR := 1 (every warning an error) or 0
OPTION_CROSS_INSTALL := 1 (let make install Check for a cross build's architecture) or 0
$(foreach o,V GPU SANITIZE RECORD WERROR CROSS_INSTALL,$(if $(filter-out 0 1,$($(o))),$(error $(o)='$($(o))': $(o) takes $(OPTION_$(o)))))
# The environment the tests and benchmarks read, checked here too, before anything is built: a
# seed is a number, and SCAN_HIDE_CPU names CPU features (common/core/host.c's list).
ifneq ($(strip $(SCAN_SEED)$(SEED)),)
ifneq ($(call drop_digits,$(SCAN_SEED)$(SEED)),)
$(error SCAN_SEED='$(SCAN_SEED)$(SEED)': a seed is an unsigned decimal number, one a run printed (SCAN_SEED=123456))
endif
endif
CPU_FEATURES := $(shell grep -o 'X("[a-z0-9.]*")' common/core/host.c | sed 's/X("//; s/")//')
ifneq ($(filter-out $(CPU_FEATURES),$(subst $(comma), ,$(SCAN_HIDE_CPU))),)
$(error SCAN_HIDE_CPU='$(SCAN_HIDE_CPU)': it names CPU features, separated by commas or spaces: $(CPU_FEATURES))
endif
# A compiler that is not there is named as such (before Check is looked for with it).
ifeq ($(shell command -v $(firstword $(CC)) 2>/dev/null),)
$(error CC=$(CC): no such compiler on this machine (leave CC out for gcc, or name one that is installed))
endif

# ---- the target machine ---------------------------------------------------------------------
# The architecture CC builds for (x86_64, aarch64, ...). A compiler for another architecture than
# this machine's (`make test CC=aarch64-linux-gnu-gcc`) is a cross build: its own build folder
# (build/aarch64), its binaries run under qemu-user (EMULATOR; found by itself when installed), and
# no GPU unit (nvcc here builds host code for this machine only).
HOST_ARCH := $(shell uname -m)
CC_TRIPLE := $(shell $(CC) -dumpmachine 2>/dev/null)
CC_ARCH := $(or $(firstword $(subst -, ,$(CC_TRIPLE))),$(HOST_ARCH))
ifneq ($(CC_ARCH),$(HOST_ARCH))
CROSS := 1
ifeq ($(origin BUILD),file)
BUILD := build/$(CC_ARCH)
endif
QEMU := $(firstword $(foreach q,qemu-$(CC_ARCH)-static qemu-$(CC_ARCH),$(if $(shell command -v $(q) 2>/dev/null),$(q))))
EMULATOR ?= $(if $(QEMU),$(QEMU) -L /usr/$(CC_TRIPLE))
endif
# Prefixed to every test and benchmark binary the rules run (empty: run them directly).
EMULATOR ?=
ifeq ($(SANITIZE),1)
BUILD := build/sanitize$(if $(CROSS),-$(CC_ARCH))
endif

# ---- C --------------------------------------------------------------------------------------
# No -march=native anywhere: a unit asks for its ISA in its own Makefile (SCAN_CFLAGS), so the
# binaries run on any x86-64 and a variant whose instructions the CPU lacks is skipped at run time.
# -MMD -MP: gcc writes each object's header list beside it (build/.../x.d, read at the end of this
# file), so a changed common/*/*.h rebuilds exactly the objects that include it.
CFLAGS_CORE := -std=c11 -D_GNU_SOURCE -O3 -g -Wall -Wextra
# The harness's rooms (common/README.md): kernels see the contract headers alone; the harness
# sees all of them.
HARNESS_DIRS := common/contract common/core common/apps common/grade
HARNESS_INCLUDES := $(addprefix -I,$(HARNESS_DIRS))
vpath %.c $(HARNESS_DIRS)
vpath %.cu $(HARNESS_DIRS)
CFLAGS_BASE := $(CFLAGS_CORE) -MMD -MP $(HARNESS_INCLUDES) -I$(BUILD)
# Check is linked statically: the test binaries also run where Check is not installed.
CHECK_LIBS := -Wl,-Bstatic -lcheck -lsubunit -Wl,-Bdynamic -lrt -lm -pthread

# WERROR=1 (CI): every warning is an error, in gcc and nvcc alike.
ifeq ($(WERROR),1)
CFLAGS_BASE += -Werror
CFLAGS_CORE += -Werror
NVCC_WERROR := -Werror all-warnings -Xcompiler -Werror
endif

ifeq ($(SANITIZE),1)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
CFLAGS_BASE += $(SAN_FLAGS)
LDFLAGS_BASE := $(SAN_FLAGS)
endif

# ---- CUDA -----------------------------------------------------------------------------------
# GPU units are built where they can run: an NVIDIA GPU and its driver (nvidia-smi lists one) and
# nvcc. GPU=1 builds them without a GPU (CI, to compile them with warnings as errors; their tests
# then skip); GPU=0 leaves them out. `make gpu-archs` compiles them for every architecture.
ifeq ($(CROSS),1)
NVCC :=
else
# nvcc, the GPU and its architecture are looked for once, by the make run from the command line
# (or given there); its sub-makes (the tour's, the grader's) take the answers from the environment.
ifeq ($(origin NVCC),undefined)
NVCC := $(shell command -v nvcc 2>/dev/null || { test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc; })
endif
export NVCC
ifneq ($(NVCC),)
ifeq ($(origin GPU),undefined)
GPU := $(if $(shell nvidia-smi -L 2>/dev/null | grep -m 1 '^GPU'),1,0)
endif
CUDA_HOME ?= $(patsubst %/bin/,%,$(dir $(NVCC)))
# The local GPU's architecture (e.g. sm_90), else Hopper; `make GPU_ARCH=sm_80` overrides.
ifeq ($(origin GPU_ARCH),undefined)
GPU_ARCH := $(or $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | sed -n 's/^\([0-9]*\)\.\([0-9]*\)$$/sm_\1\2/p'),sm_90)
endif
export GPU GPU_ARCH
GPU_SM := $(patsubst sm_%,%,$(GPU_ARCH))
# Machine code for that architecture, plus its PTX so newer GPUs can compile it at load time.
GENCODE := -gencode arch=compute_$(GPU_SM),code=sm_$(GPU_SM) -gencode arch=compute_$(GPU_SM),code=compute_$(GPU_SM)
NVCCFLAGS_CORE := -O3 -std=c++17 -lineinfo $(GENCODE) -Xcompiler -Wall,-Wextra $(NVCC_WERROR)
NVCCFLAGS_BASE := $(NVCCFLAGS_CORE) $(HARNESS_INCLUDES) -I$(BUILD)
CUDA_LIBS := -L$(CUDA_HOME)/lib64 -L$(CUDA_HOME)/lib64/stubs -lcudart_static -ldl -lrt -lpthread -lstdc++
endif
endif

# ---- units ----------------------------------------------------------------------------------
# Stages and the steps inside them, in course order (a stage before its steps).
UNITS := $(sort $(patsubst %/Makefile,%,$(wildcard [0-9][0-9]_*/Makefile [0-9][0-9]_*/[0-9][0-9][a-z]_*/Makefile)))
# A unit's id (unit_id: 03_avx_blocked -> 3, 04_interleaved/04a_single_pass -> 4a) is defined in
# common/stage.mk, which every unit's Makefile includes too; its kind as unit_kind in common/tools/course.sh.
COURSE_TOP := 1
include common/stage.mk
unit_kind = $(if $(wildcard $(1)/*.cu),gpu,cpu)
IDS := $(foreach u,$(UNITS),$(call unit_id,$(u)))
CPU_UNITS := $(foreach u,$(UNITS),$(if $(filter cpu,$(call unit_kind,$(u))),$(u)))
GPU_UNITS := $(foreach u,$(UNITS),$(if $(filter gpu,$(call unit_kind,$(u))),$(u)))

# A unit's Makefile sets PARENT and its own flags; read them here. SCAN_HARNESS := apps links the
# applications' harness (common/apps/) instead of the inclusive sum's check.
define load_unit
PARENT :=
SCAN_ARCH :=
SCAN_CFLAGS :=
SCAN_NVCCFLAGS :=
SCAN_HARNESS :=
include $(1)/Makefile
$(1)_PARENT := $$(PARENT)
$(1)_ARCH := $$(SCAN_ARCH)
$(1)_CFLAGS := $$(SCAN_CFLAGS)
$(1)_NVCCFLAGS := $$(SCAN_NVCCFLAGS)
$(1)_HARNESS := $$(SCAN_HARNESS)
endef
$(foreach u,$(UNITS),$(eval $(call load_unit,$(u))))

# Units built here: the CPU units this compiler's architecture can run (a unit whose SIMD code is
# one architecture's intrinsics names it in its Makefile: SCAN_ARCH := x86_64), and the GPU units
# where GPU is 1, nvcc exists, SANITIZE is off and the build is not a cross build.
cpu_unit_builds = $(if $($(1)_ARCH),$(filter $(CC_ARCH),$($(1)_ARCH)),yes)
BUILT_UNITS := $(foreach u,$(CPU_UNITS),$(if $(call cpu_unit_builds,$(u)),$(u)))
ifeq ($(SANITIZE),1)
GPU_SKIP_WHY := SANITIZE=1 covers the CPU code; GPU code is checked with make sanitize-gpu
else ifeq ($(CROSS),1)
GPU_SKIP_WHY := a cross build for $(CC_ARCH) builds the CPU units only (nvcc here builds host code for $(HOST_ARCH))
else ifeq ($(NVCC),)
GPU_SKIP_WHY := no nvcc found (install the CUDA Toolkit, or put nvcc on PATH)
else ifneq ($(GPU),1)
GPU_SKIP_WHY := no NVIDIA GPU or driver found: GPU stages skipped (GPU=1 compiles them anyway)
else
BUILT_UNITS += $(GPU_UNITS)
endif
BUILT_UNITS := $(filter $(BUILT_UNITS),$(UNITS))
built = $(filter $(1),$(BUILT_UNITS))
# Why a unit is not built here: one line, printed where its tests or benchmark would run.
ARCH_SKIP_WHY = its SIMD intrinsics are $($(1)_ARCH) only; $(CC) builds for $(CC_ARCH)
skip_why = $(if $(filter gpu,$(call unit_kind,$(1))),$(GPU_SKIP_WHY),$(call ARCH_SKIP_WHY,$(1)))

# ---- objects --------------------------------------------------------------------------------
COMMON_HEADERS := $(wildcard $(addsuffix /*.h,$(HARNESS_DIRS)))

# Check is looked for (and installed where possible) once, before the first file that includes it
# is compiled; the stamp keeps a tree whose test objects are built (as on a machine without
# Check that runs binaries built elsewhere) from asking again.
$(BUILD)/check-found:
	@CC="$(CC)" common/tools/need.sh check
	@mkdir -p $(@D) && touch $@

$(BUILD)/common/tests.o $(BUILD)/common/apps_tests.o: | $(BUILD)/check-found

# Only the benchmark driver writes the commit and toolchain (into its CSV header).
$(BUILD)/common/bench.o: $(BUILD)/toolchain.h

$(BUILD)/common/%.o: %.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_BASE) -c $< -o $@

# nvcc's header lists name the CUDA Toolkit's own headers too, which would rebuild everything on a
# machine whose toolkit was installed later: the CUDA rules list the course's headers instead.
$(BUILD)/common/%.o: %.cu $(COMMON_HEADERS)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(NVCCFLAGS_BASE) -c $< -o $@

# The commit and toolchain the benchmark writes into its CSV header; rewritten only on change. A
# tree without git's history (an export, a copy on another machine) names its commit with
# `make SCAN_COMMIT=abc1234 ...`, else it says "unknown". (Its temporary file is named for the
# shell's process: makes run side by side on built binaries, `make test-5 & make test-6`, rewrite
# it without colliding.)
SCAN_COMMIT ?= $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/toolchain.h: FORCE
	@mkdir -p $(@D)
	@{ echo '#define SCAN_COMMIT "$(SCAN_COMMIT)"'; \
	   echo '#define SCAN_TOOLCHAIN "'"$$($(CC) --version | head -n 1)$(if $(NVCC),; $$($(NVCC) --version | tail -n 1))"'"'; \
	 } > $@.$$$$; cmp -s $@.$$$$ $@ && rm -f $@.$$$$ || mv $@.$$$$ $@

FORCE:

# The harness objects a unit's binaries link: the harness, the host, its device layer, the
# applications layer (the families every row computes), and the tests' or the benchmark's driver.
unit_common = $(addprefix $(BUILD)/common/,harness.o host.o apps.o roles.o device_$(call unit_kind,$(1)).o)
unit_test_common = $(BUILD)/common/tests.o $(if $(filter apps,$($(1)_HARNESS)),$(BUILD)/common/apps_tests.o)
unit_bench_common = $(BUILD)/common/bench.o $(if $(filter apps,$($(1)_HARNESS)),$(BUILD)/common/apps_bench.o $(if $(filter gpu,$(call unit_kind,$(1))),$(BUILD)/common/apps_cub.o))

# The rules of one unit: scan.o (gcc or nvcc), the test and bench binaries, and a stamp that says
# in one line that the unit was (re)built.
define unit_rules
ifeq ($(call unit_kind,$(1)),gpu)
$(BUILD)/$(1)/scan.o: $(1)/scan.cu $(wildcard common/contract/*.h) $(wildcard $(1)/*.cuh $(1)/*.h) $(1)/Makefile
	@mkdir -p $$(@D)
	$(Q)$$(NVCC) $$(NVCCFLAGS_CORE) -Icommon/contract $$($(1)_NVCCFLAGS) -c $$< -o $$@
else
$(BUILD)/$(1)/scan.o: $(1)/scan.c $(1)/Makefile
	@mkdir -p $$(@D)
	$(Q)$$(CC) $$(CFLAGS_CORE) -MMD -MP -Icommon/contract $$($(1)_CFLAGS) -c $$< -o $$@
endif

$(BUILD)/$(1)/test.o: | $(BUILD)/check-found

$(BUILD)/$(1)/%.o: $(1)/%.c
	@mkdir -p $$(@D)
	$(Q)$$(CC) $$(CFLAGS_BASE) -DSTAGE_NAME='"$(notdir $(1))"' -c $$< -o $$@

$(BUILD)/$(1)/test: $(BUILD)/$(1)/test.o $(BUILD)/$(1)/scan.o $(call unit_test_common,$(1)) $(call unit_common,$(1))
	$(Q)$$(CC) $(LDFLAGS_BASE) $$^ -o $$@ $(if $(filter gpu,$(call unit_kind,$(1))),$(CUDA_LIBS)) $(CHECK_LIBS)

$(BUILD)/$(1)/bench: $(BUILD)/$(1)/bench.o $(BUILD)/$(1)/scan.o $(call unit_bench_common,$(1)) $(call unit_common,$(1))
	$(Q)$$(CC) $(LDFLAGS_BASE) $$^ -o $$@ $(if $(filter gpu,$(call unit_kind,$(1))),$(CUDA_LIBS)) -lm

$(BUILD)/$(1)/built: $(BUILD)/$(1)/test $(BUILD)/$(1)/bench $(BUILD)/$(1)/graders
	@touch $$@
endef
$(foreach u,$(BUILT_UNITS),$(eval $(call unit_rules,$(u))))

# ---- the grader's binaries (common/grade/grade.sh) ----------------------------------------------
# A unit's runner is its kernel object and the runner's harness, nothing else (common/grade/runner.c):
# the process in which the grader runs a kernel. Its variant table, printed as C (proxy.c), takes
# the kernel's place in the unit's test and benchmark, linked with the grader's device layer: the
# grade-test and grade-bench binaries run every variant in a runner process and hold the inputs,
# the references and the clock (common/grade/device_remote.c).
# The kernel's object keeps only the contract's symbols global (common/grade/kernel-object.sh), so
# that no function of it stands in for one of the runner's or the C library's (a read() of its
# own); the runner is linked with its relocations read-only (full RELRO), so that no kernel
# rewrites where a call goes.
RUNNER_LDFLAGS := -Wl,-z,relro,-z,now
runner_objects = $(BUILD)/common/runner_$(if $(filter apps,$($(1)_HARNESS)),apps,scan).o \
                 $(addprefix $(BUILD)/common/,device_$(call unit_kind,$(1)).o proof_$(call unit_kind,$(1)).o host.o roles.o)
runner_libs = $(if $(filter gpu,$(call unit_kind,$(1))),$(CUDA_LIBS))
GRADE_COMMON := $(addprefix $(BUILD)/common/,harness.o host.o apps.o roles.o device_remote.o proof_cpu.o sandbox.o)

$(BUILD)/common/runner_scan.o: common/grade/runner.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_BASE) -c $< -o $@
$(BUILD)/common/runner_apps.o: common/grade/runner.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_BASE) -DSCAN_APPS -c $< -o $@
$(BUILD)/grade/sandbox: common/grade/sandbox.c common/grade/sandbox.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_BASE) -DSANDBOX_MAIN $< -o $@

define grade_rules
$(BUILD)/$(1)/runner: $(BUILD)/$(1)/scan.o $(call runner_objects,$(1)) common/grade/kernel-object.sh
	$(Q)common/grade/kernel-object.sh $$< $$@.o $(call runner_objects,$(1))
	$(Q)$$(CC) $(LDFLAGS_BASE) $(RUNNER_LDFLAGS) $$@.o $(call runner_objects,$(1)) -o $$@ $(call runner_libs,$(1))

$(BUILD)/$(1)/proxy.c: $(BUILD)/$(1)/runner
	$(Q)$(EMULATOR) $$< --proxy >$$@.tmp && mv $$@.tmp $$@

$(BUILD)/$(1)/proxy.o: $(BUILD)/$(1)/proxy.c
	$(Q)$$(CC) $$(CFLAGS_BASE) -c $$< -o $$@

$(BUILD)/$(1)/grade-test: $(BUILD)/$(1)/test.o $(BUILD)/$(1)/proxy.o $(call unit_test_common,$(1)) $(GRADE_COMMON)
	$(Q)$$(CC) $(LDFLAGS_BASE) $$^ -o $$@ $(CHECK_LIBS)

$(BUILD)/$(1)/grade-bench: $(BUILD)/$(1)/bench.o $(BUILD)/$(1)/proxy.o $(BUILD)/common/bench.o $(if $(filter apps,$($(1)_HARNESS)),$(BUILD)/common/apps_bench.o) $(GRADE_COMMON)
	$(Q)$$(CC) $(LDFLAGS_BASE) $$^ -o $$@ -lm

$(BUILD)/$(1)/graders: $(BUILD)/$(1)/runner $(BUILD)/$(1)/grade-test $(BUILD)/$(1)/grade-bench $(BUILD)/grade/sandbox
	@touch $$@
endef
$(foreach u,$(BUILT_UNITS),$(eval $(call grade_rules,$(u))))

# A student's kernel, built by the grader (common/grade/grade.sh): GRADE_UNIT's kernel files in
# GRADE_STUDENT/GRADE_UNIT/, the contract headers alone in GRADE_STUDENT/common/, objects and the
# runner in GRADE_STUDENT/build/. The compiler runs in the sandbox (GRADE_SANDBOX: the command
# that enters it) and lists every file it read (-MD), which the grader checks; the link, in the
# sandbox too, takes the kernel's object and copies of the runner's harness only, and compiles
# nothing: no link-time optimization, whose bytecode an object could carry.
ifdef GRADE_STUDENT
GRADE_OUT := $(GRADE_STUDENT)/build
$(GRADE_OUT)/scan.o: $(wildcard $(GRADE_STUDENT)/$(GRADE_UNIT)/*)
	@mkdir -p $(@D)
ifeq ($(call unit_kind,$(GRADE_UNIT)),gpu)
	$(Q)$(GRADE_SANDBOX) $(NVCC) $(NVCCFLAGS_CORE) $($(GRADE_UNIT)_NVCCFLAGS) -I$(GRADE_STUDENT)/common -MD -MF $(GRADE_OUT)/scan.d -c $(GRADE_STUDENT)/$(GRADE_UNIT)/scan.cu -o $@
else
	$(Q)$(GRADE_SANDBOX) $(CC) $(CFLAGS_CORE) $($(GRADE_UNIT)_CFLAGS) -I$(GRADE_STUDENT)/common -MD -MF $(GRADE_OUT)/scan.d -c $(GRADE_STUDENT)/$(GRADE_UNIT)/scan.c -o $@
endif
$(GRADE_OUT)/runner: $(GRADE_OUT)/scan.o $(call runner_objects,$(GRADE_UNIT))
	@mkdir -p $(GRADE_OUT)/harness && cp $(call runner_objects,$(GRADE_UNIT)) common/grade/kernel-object.sh $(GRADE_OUT)/harness/
	$(Q)$(GRADE_SANDBOX) $(GRADE_OUT)/harness/kernel-object.sh $< $(GRADE_OUT)/kernel.o $(addprefix $(GRADE_OUT)/harness/,$(notdir $(call runner_objects,$(GRADE_UNIT))))
	$(Q)$(GRADE_SANDBOX) $(CC) -fno-lto -fno-use-linker-plugin $(RUNNER_LDFLAGS) $(GRADE_OUT)/kernel.o $(addprefix $(GRADE_OUT)/harness/,$(notdir $(call runner_objects,$(GRADE_UNIT)))) -o $@ $(call runner_libs,$(GRADE_UNIT))
endif

# The header lists gcc wrote (none before the first build, when everything is compiled anyway).
-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d)
