# cflr check on real programs (issue 18): `make corpus` runs both checks on
# each program of mk/corpus.list, one at a time, and writes the table of
# packages, time, peak RSS, findings, exit status and panics to
# bench/corpus-DATE/TABLE.md. Modules come through the Go module proxy at
# pinned versions into the module cache and are copied into out/corpus/src
# (git-ignored); each program's raw output is in out/corpus/NAME/. Not part
# of `make test`. Needs GNU time (/usr/bin/time; Debian package `time`).
# mk/corpus.sh says what each step does.
CORPUS ?= out/corpus
CORPUS_ONLY ?=
CORPUS_TIMEOUT ?= 1200
CORPUS_MEMLIMIT ?= 12
CORPUS_BENCH ?= bench/corpus-$(shell date +%F)
CORPUS_ENV = GO=$(GO) CFLR=$(BIN)/cflr CORPUS=$(CORPUS) CORPUS_ONLY="$(CORPUS_ONLY)" \
	CORPUS_TIMEOUT=$(CORPUS_TIMEOUT) CORPUS_MEMLIMIT=$(CORPUS_MEMLIMIT) CORPUS_BENCH=$(CORPUS_BENCH)

.PHONY: corpus corpus-fetch corpus-run corpus-table

corpus: build corpus-fetch corpus-run corpus-table

corpus-fetch:
	@[ -x /usr/bin/time ] || { echo "make corpus needs GNU time: apt-get install time"; exit 1; }
	$(CORPUS_ENV) bash mk/corpus.sh fetch

corpus-run:
	$(CORPUS_ENV) bash mk/corpus.sh run

corpus-table:
	$(CORPUS_ENV) bash mk/corpus.sh table
