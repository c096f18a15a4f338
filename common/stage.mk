# Included by every unit's Makefile (a stage's or a step's), so that `make` works inside its
# folder: each target is sent to the top-level Makefile for this unit. (When the top level reads a
# unit's Makefile for its PARENT and flags, COURSE_TOP is set and this file defines nothing.)
ifndef COURSE_TOP
COURSE_ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
UNIT_ID := $(patsubst 0%,%,$(firstword $(subst _, ,$(notdir $(CURDIR)))))
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
