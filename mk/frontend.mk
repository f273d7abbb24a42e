# Go frontend: call graphs of real modules against x/tools' CHA and VTA.
# Fetches golang.org/x/tools/cmd/stringer and pebble/cmd/pebble through the
# Go module proxy into out/gobench (git-ignored); not part of `make test`.
GOBENCH ?= out/gobench

.PHONY: bench-frontend

bench-frontend: build
	mkdir -p $(GOBENCH)/stringer $(GOBENCH)/pebble
	cd $(GOBENCH)/stringer && { [ -f go.mod ] || $(GO) mod init benchstringer; } && $(GO) get golang.org/x/tools/cmd/stringer@v0.52.0
	cd $(GOBENCH)/pebble && { [ -f go.mod ] || $(GO) mod init benchpebble; } && $(GO) get github.com/cockroachdb/pebble/cmd/pebble@v1.1.5
	cd $(GOBENCH)/stringer && $(CURDIR)/$(BIN)/cflr callgraph --compare --stats golang.org/x/tools/cmd/stringer | tail -5
	cd $(GOBENCH)/pebble && $(CURDIR)/$(BIN)/cflr callgraph --compare --stats github.com/cockroachdb/pebble/cmd/pebble | tail -5
