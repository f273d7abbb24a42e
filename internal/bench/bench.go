package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Case is one solve to measure.
type Case struct {
	Graph, Grammar string
	Config, Sets   string
	Threads        int
}

// Result is what a run reported.
type Result struct {
	Case
	Seconds   float64
	Derived   int64
	Stored    int64
	PeakRSS   int64
	CountEdge int64
	Rounds    int
	// Err is set when the run failed or timed out.
	Err string
}

// Options configures Run.
type Options struct {
	// Binary is the cflr executable (default: this process's executable).
	Binary string
	// Timeout bounds each run (default 10 minutes).
	Timeout time.Duration
	// Log receives a line per finished run (may be nil).
	Log io.Writer
	// Repeat runs each case this many times and keeps the fastest run
	// (default 1): on a shared machine the minimum is the least disturbed.
	Repeat int
}

// Run executes every case in order, each in its own process.
func Run(ctx context.Context, cases []Case, opts Options) ([]Result, error) {
	if opts.Binary == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		opts.Binary = exe
	}
	if opts.Timeout == 0 {
		opts.Timeout = 10 * time.Minute
	}
	dir, err := os.MkdirTemp("", "cflr-bench")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var out []Result
	for i, c := range cases {
		var best Result
		for rep := range max(1, opts.Repeat) {
			if err := ctx.Err(); err != nil {
				return out, err
			}
			r := runOnce(ctx, c, opts, filepath.Join(dir, fmt.Sprintf("run%d-%d.json", i, rep)))
			if rep == 0 || (r.Err == "" && (best.Err != "" || r.Seconds < best.Seconds)) {
				best = r
			}
			if r.Err != "" {
				break
			}
		}
		if opts.Log != nil {
			fmt.Fprintln(opts.Log, best.line())
		}
		out = append(out, best)
	}
	return out, nil
}

// runOnce runs one case in its own process.
func runOnce(ctx context.Context, c Case, opts Options, stats string) Result {
	r := Result{Case: c}
	rctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	cmd := exec.CommandContext(rctx, opts.Binary, "solve", "-q",
		"--grammar", c.Grammar, "--graph", c.Graph,
		"--config", c.Config, "--sets", c.Sets,
		"--threads", fmt.Sprint(c.Threads), "--stats-json", stats)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	// After a kill, stop waiting for output that a surviving child might
	// still hold open.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	timedOut := errors.Is(rctx.Err(), context.DeadlineExceeded)
	cancel()
	switch {
	case timedOut:
		r.Err = fmt.Sprintf("> %s", opts.Timeout)
	case err != nil:
		r.Err = strings.TrimSpace(stderr.String())
		if r.Err == "" {
			r.Err = err.Error()
		}
	default:
		if err := r.load(stats); err != nil {
			r.Err = err.Error()
		}
	}
	return r
}

func (r *Result) load(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var js struct {
		ElapsedSeconds float64
		Derived        int64
		Stored         int64
		PeakRSS        int64
		CountEdges     int64
		Rounds         int
	}
	if err := json.Unmarshal(data, &js); err != nil {
		return err
	}
	r.Seconds, r.Derived, r.Stored, r.PeakRSS, r.CountEdge, r.Rounds =
		js.ElapsedSeconds, js.Derived, js.Stored, js.PeakRSS, js.CountEdges, js.Rounds
	return nil
}

func (r *Result) config() string {
	s := r.Config
	if r.Sets != "" && r.Sets != "bitmap" {
		s += "/" + r.Sets
	}
	return s
}

func (r *Result) line() string {
	if r.Err != "" {
		return fmt.Sprintf("%s %s t=%d: %s", filepath.Base(r.Graph), r.config(), r.Threads, r.Err)
	}
	return fmt.Sprintf("%s %s t=%d: %.3f s, %d derived", filepath.Base(r.Graph), r.config(), r.Threads, r.Seconds, r.Derived)
}

// Table writes results as a Markdown table.
func Table(w io.Writer, rs []Result) {
	fmt.Fprintln(w, "| graph | configuration | threads | seconds | rounds | derived edges | M derived/s | CountEdges | peak RSS (MiB) | bytes / stored edge |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rs {
		g := filepath.Base(r.Graph)
		if r.Err != "" {
			fmt.Fprintf(w, "| %s | %s | %d | %s | | | | | | |\n", g, r.config(), r.Threads, r.Err)
			continue
		}
		rate := float64(r.Derived) / r.Seconds / 1e6
		bpe := float64(r.PeakRSS) / float64(max(r.Stored, 1))
		fmt.Fprintf(w, "| %s | %s | %d | %.3f | %d | %d | %.2f | %d | %.0f | %.1f |\n",
			g, r.config(), r.Threads, r.Seconds, r.Rounds, r.Derived, rate, r.CountEdge, float64(r.PeakRSS)/(1<<20), bpe)
	}
}
