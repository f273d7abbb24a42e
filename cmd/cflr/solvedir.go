package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/graph"
	"github.com/cflr/cflr/outofcore"
)

// parseSize parses a size such as 4GiB, 512MiB, 2G, 100M or 65536.
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suf string
		m   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suf); ok {
			t, mult = strings.TrimSpace(rest), u.m
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 || f*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("bad size %q (want e.g. 2GiB, 512MiB)", s)
	}
	return int64(f * float64(mult)), nil
}

// storeErr gives a store's user errors (wrong directory, another graph or
// grammar) exit status 2.
func storeErr(err error) error {
	if errors.Is(err, outofcore.ErrExists) || errors.Is(err, outofcore.ErrNoStore) || errors.Is(err, outofcore.ErrMismatch) {
		return usageErr(err)
	}
	return err
}

func readGraphFlag(path, format, flag string) (*graph.Graph, error) {
	g, err := graph.ReadFile(path, graph.Format(format))
	if err != nil {
		var pe *graph.ParseError
		if errors.As(err, &pe) || os.IsNotExist(err) {
			return nil, usageErr(fmt.Errorf("%s: %w", flag, err))
		}
		return nil, err
	}
	return g, nil
}

// runSolveDir is cflr solve --dir: out of core, in a pebble store.
func runSolveDir(cmd *cobra.Command, f *solveFlags) error {
	opts := &outofcore.Options{Partitions: f.partitions}
	if f.partitions < 0 {
		return usageErr(errors.New("--partitions must be positive"))
	}
	if f.mem != "" {
		m, err := parseSize(f.mem)
		if err != nil {
			return usageErr(fmt.Errorf("--mem: %w", err))
		}
		opts.Mem = m
	}
	if f.spill != "" {
		m, err := parseSize(f.spill)
		if err != nil {
			return usageErr(fmt.Errorf("--spill: %w", err))
		}
		opts.SpillBytes = int(m)
	}
	if f.split != "" {
		m, err := parseSize(f.split)
		if err != nil {
			return usageErr(fmt.Errorf("--split: %w", err))
		}
		opts.SplitBytes = m
	}
	switch {
	case f.syncInterval < 0:
		return usageErr(errors.New("--sync-interval must not be negative"))
	case f.syncInterval == 0:
		opts.SyncInterval = -1 // every commit
	default:
		opts.SyncInterval = f.syncInterval
	}
	if f.resume && f.add != "" {
		return usageErr(errors.New("--resume and --add: give one (--add also continues an unfinished solve)"))
	}
	if f.outPath != "" && len(f.labels) == 0 {
		f.labels = nil // the %count symbols, resolved below
	}
	var gr *grammar.Grammar
	if f.grammarPath != "" {
		var err error
		if gr, err = grammar.ParseFile(f.grammarPath, grammar.Format(f.grammarFormat)); err != nil {
			return usageErr(err)
		}
		if _, err := gr.Normalize(); err != nil {
			return usageErr(err)
		}
	}
	var g *graph.Graph
	if f.graphPath != "" {
		var err error
		if g, err = readGraphFlag(f.graphPath, f.graphFormat, "--graph"); err != nil {
			return err
		}
	}
	w := cmd.OutOrStdout()
	var s *outofcore.Store
	var err error
	switch {
	case f.resume || f.add != "":
		if s, err = outofcore.Open(f.dir, gr, opts); err != nil {
			return storeErr(err)
		}
		if g != nil && f.add == "" {
			if err := s.CheckInput(g); err != nil {
				s.Close()
				return usageErr(err)
			}
		}
	default:
		if gr == nil || g == nil {
			return usageErr(errors.New("--grammar and --graph are required to start a solve in --dir (or use --resume / --add)"))
		}
		if s, err = outofcore.Create(f.dir, g, gr, opts); err != nil {
			return storeErr(err)
		}
	}
	defer s.Close()
	if f.add != "" {
		more, err := readGraphFlag(f.add, f.graphFormat, "--add")
		if err != nil {
			return err
		}
		if err := s.Add(more); err != nil {
			return usageErr(fmt.Errorf("--add %s: %w", f.add, err))
		}
		fmt.Fprintf(w, "added %d edges from %s\n", len(more.Edges), f.add)
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	prog := newStoreProgress(cmd.ErrOrStderr(), f.quiet)
	opts.Progress = prog.update
	s.SetProgress(prog.update)
	stopProfile, err := startCPUProfile(f.cpuProfile)
	if err != nil {
		return err
	}
	defer stopProfile()
	err = s.Solve(ctx)
	prog.finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("solve interrupted; the store in %s is consistent: continue with --resume", f.dir)
		}
		return err
	}
	st := s.Stats()
	counts, ce, err := s.CountsAndEdges()
	if err != nil {
		return err
	}
	ng := s.Grammar()
	printSymbolCounts(w, ng, counts)
	fmt.Fprintf(w, "CountEdges (%s): %d\n", strings.Join(ng.SortedNames(ng.Count), ", "), ce)
	fmt.Fprintf(w, "out of core in %s: %d partitions (%d added by splits, %d before steps, %d steps redone), %d rounds, %d partition loads (per round %v), %d spills, %d vertex fetches, %d stored edges, %s, read %s, wrote %s, peak RSS %s\n",
		f.dir, st.Partitions, st.Splits, st.PreSplits, st.Retries, st.Rounds, st.Loads, st.LoadsPerRound, st.Spills, st.VertexFetches, st.Stored, st.Elapsed.Round(time.Millisecond),
		fmtBytes(st.BytesRead), fmtBytes(st.BytesWritten), fmtBytes(st.PeakRSS))
	if f.outPath != "" {
		syms, err := labelSymbols(ng, f.labels, "the store's grammar")
		if err != nil {
			return err
		}
		og := graph.New()
		og.NumVertices = s.NumVertices()
		for _, sym := range syms {
			name := ng.Name(sym)
			if err := s.ForEach(sym, func(e outofcore.Edge) bool {
				og.Edges = append(og.Edges, graph.Edge{Src: e.Src, Dst: e.Dst, Label: og.Label(name), Index: e.Index})
				return true
			}); err != nil {
				return err
			}
		}
		if err := graph.WriteFile(f.outPath, og, graph.Format(f.outFormat)); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		fmt.Fprintf(w, "wrote %d edges to %s\n", len(og.Edges), f.outPath)
	}
	return nil
}

// storeProgress is cflr solve's progress spinner fed with the out-of-core
// solver's statistics: rounds, partition loads and spills.
type storeProgress struct{ *progress }

func newStoreProgress(w io.Writer, quiet bool) storeProgress {
	return storeProgress{newProgress(w, quiet)}
}

func (p storeProgress) update(st outofcore.Stats) {
	p.show(fmt.Sprintf("round %d: %d partition loads, %d edges stored, %d spills", st.Rounds, st.Loads, st.Stored, st.Spills), st.Stored)
}
