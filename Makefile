# cflr build, test and benchmark entry points. See README.md and DEVELOPERS.md.
GO      ?= go
BIN     ?= bin
SHARED  ?= ../shared/data
# Where `make cuda-deps` puts cuda.h and the libcuda stub (never committed).
CUDA_DIR ?= $(CURDIR)/.cuda
CUDA_ENV = CGO_CFLAGS="-I$(CUDA_DIR)/usr/include" CGO_LDFLAGS="-L$(CUDA_DIR)/usr/lib/x86_64-linux-gnu/stubs"

.PHONY: all build install test test-short bench check-pocr fuzz cuda-deps cuda-vet cuda-build clean

all: build

build:
	$(GO) build -o $(BIN)/cflr ./cmd/cflr

install:
	$(GO) install ./cmd/cflr

# The full test suite, as CI runs it (pure Go; no GPU needed).
test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	cd frontend/check/vet/golangci && $(GO) vet ./...
	$(GO) test -timeout 60m ./...

test-short:
	$(GO) test -short ./...

# Fetch cuda.h and the libcuda.so stub from Debian's non-free
# nvidia-cuda-dev package, without installing it: the sources file is derived
# from the machine's own, so no mirror name is written here.
cuda-deps: $(CUDA_DIR)/usr/include/cuda.h

$(CUDA_DIR)/usr/include/cuda.h:
	mkdir -p $(CUDA_DIR)/lists/partial $(CUDA_DIR)/deb
	sed 's/^Components: main.*/Components: non-free/' /etc/apt/sources.list.d/debian.sources > $(CUDA_DIR)/non-free.sources
	apt-get -q -o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::sourcelist=$(CUDA_DIR)/non-free.sources \
		-o Dir::State::Lists=$(CUDA_DIR)/lists update
	cd $(CUDA_DIR)/deb && apt-get -q -o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::sourcelist=$(CUDA_DIR)/non-free.sources \
		-o Dir::State::Lists=$(CUDA_DIR)/lists download nvidia-cuda-dev
	dpkg-deb --fsys-tarfile $(CUDA_DIR)/deb/nvidia-cuda-dev_*.deb | \
		tar -x -C $(CUDA_DIR) ./usr/include/cuda.h ./usr/lib/x86_64-linux-gnu/stubs/libcuda.so
	rm -rf $(CUDA_DIR)/deb $(CUDA_DIR)/lists
	touch $@

# Compile (but do not run) the cuda build, as CI does.
cuda-vet: cuda-deps
	$(CUDA_ENV) $(GO) vet -tags cuda ./...

cuda-build: cuda-deps
	$(CUDA_ENV) $(GO) build -tags cuda -o $(BIN)/cflr-cuda ./cmd/cflr

clean:
	rm -rf $(BIN)

# Fragments for larger areas (benchmarks, GPU runs, POCR checks) live in mk/.
-include mk/*.mk
