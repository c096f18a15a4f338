# Included by every unit's Makefile (a stage's or a step's), so that `make` works inside its
# folder: each target is sent to the top-level Makefile for this unit. The top level includes it
# for unit_id; there, and when the top level reads a unit's Makefile for its PARENT and flags,
# COURSE_TOP is set and this file defines nothing else.

# A unit's id, as the targets name it: 03_avx_blocked -> 3, 04_interleaved/04a_single_pass -> 4a
# (unit_id in common/tools/course.sh is the same rule, for the scripts).
unit_id = $(patsubst 0%,%,$(firstword $(subst _, ,$(notdir $(1)))))

ifndef COURSE_TOP
COURSE_ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
UNIT_ID := $(call unit_id,$(CURDIR))
.PHONY: all test bench diff clean help
all:
	@$(MAKE) --no-print-directory -C $(COURSE_ROOT) stage-$(UNIT_ID)
test:
	@$(MAKE) --no-print-directory -C $(COURSE_ROOT) test-$(UNIT_ID)
bench:
	@$(MAKE) --no-print-directory -C $(COURSE_ROOT) bench-$(UNIT_ID)
diff:
	@$(MAKE) --no-print-directory -C $(COURSE_ROOT) diff-$(UNIT_ID)
clean:
	@$(MAKE) --no-print-directory -C $(COURSE_ROOT) clean
help:
	@echo "in a stage or step folder: make (build, test, quick benchmark), make test, make bench, make diff"
endif
