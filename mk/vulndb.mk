# The Go vulnerability database as a benchmark (issue 19, CHECKS.md):
# internal/cmd/vulnbench selects the reports of injection, path, XSS, SSRF,
# open-redirect and nil-dereference classes, fetches each module at
# vulnerable_at and at the fix through the module proxy (or, where the proxy
# refuses a version, the fix commit and its parent from a mirror of the
# GitHub repository under $(VULNDB_MIRRORS)), runs cflr check, gosec and
# NilAway on the listed packages (the fixed version only for the tools that
# detected), and writes the table and one line per case to $(VULNDB_OUT).
# $(VULNDB_WORK) is git-ignored, a cache: a rerun skips the cases that have
# a result, and every tool run is kept keyed by the tool binary's hash.
# Its doc.go has the rules. Not part of `make test`. The driver runs every
# go command and tool under nice (so the driver itself is not niced: that
# would nice them twice).
#
#   make bench-vulndb                     the development set (GO-2020..2023)
#   make bench-vulndb VULNDB_SET=heldout  the held-out set (GO-2024 and later)
#   make bench-vulndb VULNDB_MIRRORS=/path/to/mirrors   with the fallback
#   make bench-vulndb VULNDB_FLAGS='-only GO-2023-1295 -redo'
#   make bench-vulndb VULNDB_JOBS=2       two cases at once (vulnbench -j)
VULNDB_VERSION ?= v0.0.0-20261105234957-e22db6528018
VULNDB_WORK ?= out/vulndb
VULNDB_OUT ?= bench/vulndb-$(shell date -u +%Y-%m-%d)
VULNDB_SET ?= dev
VULNDB_TIMEOUT ?= 3m
VULNDB_CASE_TIMEOUT ?= 6m
VULNDB_MIRRORS ?=
VULNDB_FLAGS ?=
VULNDB_JOBS ?= 1

.PHONY: bench-vulndb

bench-vulndb: build checks-tools
	reports=$$(cd / && GOWORK=off $(GO) mod download -json golang.org/x/vulndb@$(VULNDB_VERSION) | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p')/data/reports && \
	$(GO) run ./internal/cmd/vulnbench -reports $$reports -work $(VULNDB_WORK) -out $(VULNDB_OUT) \
	  -cflr $(BIN)/cflr -gosec $(CHECKS_BIN)/gosec -nilaway $(CHECKS_BIN)/nilaway \
	  -set $(VULNDB_SET) -j $(VULNDB_JOBS) -timeout $(VULNDB_TIMEOUT) -case-timeout $(VULNDB_CASE_TIMEOUT) \
	  $(if $(VULNDB_MIRRORS),-mirrors $(VULNDB_MIRRORS)) $(VULNDB_FLAGS)
