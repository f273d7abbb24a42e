# Go frontend: call graphs of real modules against x/tools' CHA and VTA.
# Fetches golang.org/x/tools/cmd/stringer and pebble/cmd/pebble through the
# Go module proxy into out/gobench (git-ignored); not part of `make test`.
# Whole programs are analyzed with one box per dynamic type (--boxes type);
# cflr callgraph leaves out values that cannot lead to code by default (see
# frontend/doc.go); --compare prints CHA's and VTA's totals beside cflr's.
# One solve by default; add --refine to FRONTEND_FLAGS for the second.
GOBENCH ?= out/gobench
FRONTEND_FLAGS ?= --boxes type --compare --stats

.PHONY: bench-frontend fetch-frontend check-frontend-dynamic check-frontend-static

fetch-frontend:
	mkdir -p $(GOBENCH)/stringer $(GOBENCH)/pebble
	cd $(GOBENCH)/stringer && { [ -f go.mod ] || $(GO) mod init benchstringer; } && $(GO) get golang.org/x/tools/cmd/stringer@v0.52.0
	cd $(GOBENCH)/pebble && { [ -f go.mod ] || $(GO) mod init benchpebble; } && $(GO) get github.com/cockroachdb/pebble/cmd/pebble@v1.1.5

bench-frontend: build fetch-frontend
	cd $(GOBENCH)/stringer && $(CURDIR)/$(BIN)/cflr callgraph $(FRONTEND_FLAGS) golang.org/x/tools/cmd/stringer | tail -7
	cd $(GOBENCH)/pebble && $(CURDIR)/$(BIN)/cflr callgraph $(FRONTEND_FLAGS) github.com/cockroachdb/pebble/cmd/pebble | tail -7

# A dynamic check of the call graph: stringer, built with coverage of every
# package, runs on its own testdata (each file's first type, with and
# without -linecomment/-trimprefix); every function it executes must be
# reachable in cflr's graph and entered by an edge from an executed caller.
check-frontend-dynamic: fetch-frontend
	rm -rf $(GOBENCH)/cov $(GOBENCH)/covrun && mkdir -p $(GOBENCH)/cov $(GOBENCH)/covrun
	cd $(GOBENCH)/stringer && $(GO) build -cover -coverpkg=all -o $(CURDIR)/$(GOBENCH)/stringer.cov golang.org/x/tools/cmd/stringer
	td=$$(cd $(GOBENCH)/stringer && $(GO) list -m -f '{{.Dir}}' golang.org/x/tools)/cmd/stringer/testdata; \
	for f in $$td/*.go; do \
	  d=$(CURDIR)/$(GOBENCH)/covrun/$$(basename $$f .go); mkdir -p $$d; cp $$f $$d/; chmod u+w $$d/*; \
	  printf 'module x\ngo 1.22\n' > $$d/go.mod; \
	  ty=$$(grep -oE '^type [A-Z][A-Za-z0-9]* ' $$f | head -1 | cut -d' ' -f2); [ -n "$$ty" ] || continue; \
	  (cd $$d && GOCOVERDIR=$(CURDIR)/$(GOBENCH)/cov $(CURDIR)/$(GOBENCH)/stringer.cov -type=$$ty . ; \
	   GOCOVERDIR=$(CURDIR)/$(GOBENCH)/cov $(CURDIR)/$(GOBENCH)/stringer.cov -type=$$ty -linecomment -trimprefix=$$ty -output=o2.go .) || true; \
	done
	$(GO) tool covdata func -i=$(GOBENCH)/cov > $(GOBENCH)/covfunc.txt
	$(GO) run ./frontend/internal/covcheck $(GOBENCH)/stringer golang.org/x/tools/cmd/stringer < $(GOBENCH)/covfunc.txt

# A static check of the call graph on both programs: every call site in a
# reachable function whose callee SSA names (StaticCallee, go and defer
# included) must have its edge in cflr's graph, and a callee with a body
# must be reachable (frontend.CheckStatic). The graph itself is discarded;
# the counts and any misses go to stderr, and a miss fails the target.
check-frontend-static: build fetch-frontend
	cd $(GOBENCH)/stringer && $(CURDIR)/$(BIN)/cflr callgraph --boxes type --check-static golang.org/x/tools/cmd/stringer > /dev/null
	cd $(GOBENCH)/pebble && $(CURDIR)/$(BIN)/cflr callgraph --boxes type --check-static github.com/cockroachdb/pebble/cmd/pebble > /dev/null
