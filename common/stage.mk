# Included by every stage's Makefile, so that `make` works inside a stage folder: each target is
# sent to the top-level Makefile for this stage. (When the top level reads a stage's Makefile for
# its PARENT and flags, COURSE_TOP is set and this file defines nothing.)
ifndef COURSE_TOP
STAGE_NUM := $(patsubst 0%,%,$(firstword $(subst _, ,$(notdir $(CURDIR)))))
.PHONY: all test bench diff clean help
all:
	@$(MAKE) --no-print-directory -C .. stage-$(STAGE_NUM)
test:
	@$(MAKE) --no-print-directory -C .. test-$(STAGE_NUM)
bench:
	@$(MAKE) --no-print-directory -C .. bench-$(STAGE_NUM)
diff:
	@$(MAKE) --no-print-directory -C .. diff-$(STAGE_NUM)
clean:
	@$(MAKE) --no-print-directory -C .. clean
help:
	@echo "in a stage folder: make (build, test, quick benchmark), make test, make bench, make diff"
endif
