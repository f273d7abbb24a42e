package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeCflr writes a stand-in for the cflr binary: it finds --stats-json and
// --graph among its arguments and, by the graph's name, writes statistics
// (ElapsedSeconds taken from a counter file, so repeats differ), fails, or
// hangs.
func fakeCflr(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "cflr")
	script := `#!/bin/sh
stats= graph=
while [ $# -gt 0 ]; do
  case "$1" in
    --stats-json) stats=$2; shift ;;
    --graph) graph=$2; shift ;;
  esac
  shift
done
case "$graph" in
  *bad*) echo "$graph:3: bad edge" >&2; exit 1 ;;
  *slow*) sleep 5; exit 0 ;;
esac
n=$(cat "` + dir + `/count" 2>/dev/null || echo 0)
echo $((n+1)) > "` + dir + `/count"
secs=$(( 3 - n % 3 ))
printf '{"ElapsedSeconds": %d, "Derived": 100, "Stored": 50, "PeakRSS": 1048576, "CountEdges": 7, "Rounds": 4}' $secs > "$stats"
`
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	bin := fakeCflr(t)
	var log strings.Builder
	cases := []Case{
		{Graph: "g.tsv", Grammar: "x.cfg", Config: "ECM-IDX", Sets: "bitmap", Threads: 2},
		{Graph: "bad.tsv", Grammar: "x.cfg", Config: "VCM", Sets: "hash", Threads: 1},
		{Graph: "slow.tsv", Grammar: "x.cfg", Config: "ECM", Threads: 1},
	}
	rs, err := Run(context.Background(), cases, Options{Binary: bin, Repeat: 3, Timeout: 500 * time.Millisecond, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 3 {
		t.Fatalf("%d results, want 3", len(rs))
	}
	// Three repeats report 3, 2 and 1 seconds: the fastest is kept.
	if r := rs[0]; r.Err != "" || r.Seconds != 1 || r.Derived != 100 || r.Stored != 50 || r.CountEdge != 7 || r.Rounds != 4 || r.PeakRSS != 1<<20 {
		t.Errorf("first case: %+v", r)
	}
	if r := rs[1]; !strings.Contains(r.Err, "bad.tsv:3: bad edge") {
		t.Errorf("failing run: Err = %q, want the binary's message", r.Err)
	}
	if r := rs[2]; r.Err != "> 500ms" {
		t.Errorf("hanging run: Err = %q, want a timeout", r.Err)
	}
	if got := strings.Count(log.String(), "\n"); got != 3 {
		t.Errorf("log has %d lines, want one per case:\n%s", got, log.String())
	}
	var tab strings.Builder
	Table(&tab, rs)
	for _, want := range []string{
		"| g.tsv | ECM-IDX | 2 | 1.000 | 4 | 100 | 0.00 | 7 | 1 | 20971.5 |",
		"| bad.tsv | VCM/hash | 1 |",
		"| slow.tsv | ECM | 1 | > 500ms |",
	} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, []Case{{Graph: "g.tsv"}}, Options{Binary: fakeCflr(t)}); err == nil {
		t.Error("cancelled context: no error")
	}
}
