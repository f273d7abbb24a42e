# Checkers on real code (issue 9, CHECKS.md): cflr check and cflr-vet beside
# NilAway, gosec's taint rules and plain go vet, on modules fetched through
# the Go module proxy into out/checks (git-ignored); not part of `make test`.
# Each module's source is copied out of the module cache and used as the
# main module, as its own CI would see it.
#
#   make fetch-checks   copy the modules into $(CHECKS) and download their deps
#   make bench-checks   run every tool on every program and print one table
#
# A program is name:module-dir:main-package. NilAway, gosec and the vets run on
# the main module's packages in the program's dependency closure (tests
# excluded for NilAway and gosec; go vet includes them, as it always does);
# cflr check is given the main package and analyzes the whole program.
# Findings are counted as go vet counts them: lines "file.go:line:col: ...";
# NilAway's and gosec's JSON entries. rc is the exit status (cflr check and
# go vet: 1 = findings, 2 = errors; NilAway with -json and gosec with
# -no-fail exit 0 unless they fail).
# Peak RSS is that of the largest single process (GNU time), in MiB.
#
# The vets are measured with a warm build cache but no vet results: the
# packages and their test variants are compiled once into a primed GOCACHE
# (go list -export), and each vet run starts from a fresh copy of it, so both
# vets compute every package's facts, the standard library's included.
CHECKS ?= out/checks
CHECKS_ABS = $(abspath $(CHECKS))
CHECKS_BIN = $(CHECKS_ABS)/bin
CHECKS_MODULES ?= pebble=github.com/cockroachdb/pebble@v1.1.5 xtools=golang.org/x/tools@v0.52.0 miniflux=miniflux.app/v2@v2.3.5 fzf=github.com/junegunn/fzf@v0.65.2 mailpit=github.com/axllent/mailpit@v1.33.1
CHECKS_PROGRAMS ?= pebble:pebble:./cmd/pebble stringer:xtools:./cmd/stringer present:xtools:./cmd/present miniflux:miniflux:. fzf:fzf:. mailpit:mailpit:.
CHECKS_VET_PROGRAMS ?= pebble
NILAWAY_VERSION ?= v0.0.0-20260918162853-acb8859b9031
GOSEC_VERSION ?= v2.30.0
GOSEC_RULES ?= G701,G702,G703,G704,G705,G706
CHECK_FLAGS ?=
CHECKS_NICE ?= nice
# Which tools bench-checks runs (cflr-check and cflr-vet only where they exist).
CHECKS_TOOLS ?= cflr-check nilaway gosec go-vet cflr-vet
CHECKS_FINDING = ^[^\#[:space:]].*\.go:[0-9]+:[0-9]+:[[:space:]]

.PHONY: fetch-checks checks-tools bench-checks

fetch-checks:
	mkdir -p $(CHECKS)
	for m in $(CHECKS_MODULES); do \
	  d=$(CHECKS_ABS)/$${m%%=*}; \
	  if [ ! -f $$d/go.mod ]; then \
	    src=$$(cd / && GOWORK=off $(GO) mod download -json $${m#*=} | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$$/\1/p'); \
	    [ -n "$$src" ] || exit 1; \
	    rm -rf $$d.tmp && cp -r $$src $$d.tmp && chmod -R u+w $$d.tmp && mv $$d.tmp $$d || exit 1; \
	  fi; \
	  (cd $$d && $(GO) mod download) || exit 1; \
	done

checks-tools:
	[ -x $(CHECKS_BIN)/nilaway ] || GOBIN=$(CHECKS_BIN) $(GO) install go.uber.org/nilaway/cmd/nilaway@$(NILAWAY_VERSION)
	[ -x $(CHECKS_BIN)/gosec ] || GOBIN=$(CHECKS_BIN) $(GO) install github.com/securego/gosec/v2/cmd/gosec@$(GOSEC_VERSION)

checks_want = echo ' $(CHECKS_TOOLS) ' | grep -q ' $(1) '

# $(call checks_run,tool,finding-pattern,command): runs command in the
# program's module directory under GNU time and prints the tool's row.
checks_run = $(CHECKS_NICE) /usr/bin/time -f '%e %U %S %M' -o $(CHECKS_ABS)/log/$$name-$(1).time $(3) \
	> $(CHECKS_ABS)/log/$$name-$(1).out 2> $(CHECKS_ABS)/log/$$name-$(1).err; rc=$$?; \
	printf '%-9s %-10s %8s %3s %s\n' $$name $(1) \
	  $$(cat $(CHECKS_ABS)/log/$$name-$(1).out $(CHECKS_ABS)/log/$$name-$(1).err | grep -cE '$(2)') $$rc \
	  "$$(tail -1 $(CHECKS_ABS)/log/$$name-$(1).time | awk '{printf "%8.1f %8.1f %8d", $$1, $$2+$$3, $$4/1024}')"

bench-checks: build fetch-checks checks-tools
	[ ! -d cmd/cflr-vet ] || $(GO) build -o $(BIN)/cflr-vet ./cmd/cflr-vet
	@mkdir -p $(CHECKS_ABS)/log
	@echo "load average $$(cut -d' ' -f1-3 /proc/loadavg) on $$(nproc) cores; outputs in $(CHECKS)/log"
	@printf '%-9s %-10s %8s %3s %8s %8s %8s\n' program tool findings rc wall_s cpu_s rss_MiB
	@for p in $(CHECKS_PROGRAMS); do ( \
	  name=$${p%%:*}; rest=$${p#*:}; dir=$${rest%%:*}; main=$${rest#*:}; \
	  cd $(CHECKS_ABS)/$$dir || exit 1; \
	  mod=$$($(GO) list -m) || exit 1; \
	  pkgs=$$($(GO) list -deps -f '{{if and .Module .Module.Main}}{{.ImportPath}}{{end}}' $$main) || exit 1; \
	  dirs=$$($(GO) list -deps -f '{{if and .Module .Module.Main}}{{.Dir}}{{end}}' $$main) || exit 1; \
	  if $(call checks_want,cflr-check) && [ -f $(CURDIR)/cmd/cflr/check.go ]; then \
	    $(call checks_run,cflr-check,$(CHECKS_FINDING),$(CURDIR)/$(BIN)/cflr check $(CHECK_FLAGS) $$main); \
	  fi; \
	  if $(call checks_want,nilaway); then \
	    $(call checks_run,nilaway,"posn",$(CHECKS_BIN)/nilaway -test=false -json -pretty-print=false -include-pkgs=$$mod $$pkgs); \
	  fi; \
	  if $(call checks_want,gosec); then \
	    $(call checks_run,gosec,"rule_id",$(CHECKS_BIN)/gosec -fmt=json -no-fail -include=$(GOSEC_RULES) $$dirs); \
	  fi; \
	  for v in $(CHECKS_VET_PROGRAMS); do \
	    [ $$v = $$name ] || continue; \
	    primed=$(CHECKS_ABS)/gocache-primed; \
	    [ -f $$primed.$$name ] || { GOCACHE=$$primed $(GO) list -deps -test -export $$pkgs > /dev/null && touch $$primed.$$name; } || exit 1; \
	    rm -rf $(CHECKS_ABS)/gocache-run && cp -a $$primed $(CHECKS_ABS)/gocache-run || exit 1; \
	    if $(call checks_want,go-vet); then \
	      GOCACHE=$(CHECKS_ABS)/gocache-run $(call checks_run,go-vet,$(CHECKS_FINDING),$(GO) vet $$pkgs); \
	    fi; \
	    if $(call checks_want,cflr-vet) && [ -x $(CURDIR)/$(BIN)/cflr-vet ] && [ -d $(CURDIR)/cmd/cflr-vet ]; then \
	      rm -rf $(CHECKS_ABS)/gocache-run && cp -a $$primed $(CHECKS_ABS)/gocache-run || exit 1; \
	      GOCACHE=$(CHECKS_ABS)/gocache-run $(call checks_run,cflr-vet,$(CHECKS_FINDING),$(GO) vet -vettool=$(CURDIR)/$(BIN)/cflr-vet $$pkgs); \
	    fi; \
	  done; \
	  rm -rf $(CHECKS_ABS)/gocache-run; \
	) || exit 1; done
