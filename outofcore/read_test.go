package outofcore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2"

	"github.com/cflr/cflr/edgecentric"
	"github.com/cflr/cflr/grammar"
	"github.com/cflr/cflr/outofcore/internal/crash"
)

// TestRead checks Reach, ForEach's early stop, Counts and CountEdges
// against the in-memory result.
func TestRead(t *testing.T) {
	for _, name := range []string{"art.vfg", "art.peg", "gzip.peg"} {
		g, gr := load(t, name)
		res, err := edgecentric.Solve(context.Background(), g, gr, &edgecentric.Options{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		s := solveStore(t, g, gr, &Options{Partitions: 4})
		defer s.Close()
		ng := s.Grammar()
		for sym := range ng.Symbols {
			want := map[uint32][]uint32{}
			res.ForEach(mustLookup(t, res.Grammar(), ng.Name(sym)), func(e edgecentric.Edge) {
				want[e.Src] = append(want[e.Src], e.Dst)
			})
			for v := range g.NumVertices {
				w := want[v]
				slices.Sort(w)
				w = slices.Compact(w)
				got, err := s.Reach(sym, v)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, w) {
					t.Fatalf("%s: Reach(%s, %d) = %v, want %v", name, ng.Name(sym), v, got, w)
				}
			}
		}
		n := 0
		if err := s.ForEach(ng.Count[0], func(Edge) bool { n++; return n < 3 }); err != nil || n != 3 {
			t.Errorf("ForEach stopped after %d edges (%v), want 3", n, err)
		}
		counts, err := s.Counts()
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range res.Counts() {
			if counts[k] != v {
				t.Errorf("%s: Counts[%s] = %d, want %d", name, k, counts[k], v)
			}
		}
		if ce, err := s.CountEdges(); err != nil || ce != res.CountEdges() {
			t.Errorf("%s: CountEdges = %d (%v), want %d", name, ce, err, res.CountEdges())
		}
	}
}

func mustLookup(t *testing.T, gr *grammar.Grammar, name string) int {
	id, ok := gr.Lookup(name)
	if !ok {
		t.Fatalf("no symbol %s", name)
	}
	return id
}

// TestMismatch: a store opened with another grammar or checked against
// another graph is an error, as is creating over a store.
func TestMismatch(t *testing.T) {
	g, gr := load(t, "art.vfg")
	peg, aa := load(t, "art.peg")
	s := solveStore(t, g, gr, &Options{Partitions: 4})
	dir := s.dir
	if err := s.CheckInput(peg); !errors.Is(err, ErrMismatch) {
		t.Errorf("CheckInput(another graph) = %v, want ErrMismatch", err)
	}
	if err := s.CheckInput(g); err != nil {
		t.Errorf("CheckInput(its graph) = %v", err)
	}
	s.Close()
	if _, err := Open(dir, aa, nil); !errors.Is(err, ErrMismatch) {
		t.Errorf("Open with another grammar = %v, want ErrMismatch", err)
	}
	if _, err := Create(dir, g, gr, nil); !errors.Is(err, ErrExists) {
		t.Errorf("Create over a store = %v, want ErrExists", err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none"), nil, nil); !errors.Is(err, ErrNoStore) {
		t.Errorf("Open of an empty directory = %v, want ErrNoStore", err)
	}
}

// TestCorrupt damages a store in several ways; each must give an error
// (never a panic or a wrong closure).
func TestCorrupt(t *testing.T) {
	g, gr := load(t, "bzip2.vfg")
	for _, tc := range []struct {
		name string
		harm func(t *testing.T, db *pebble.DB)
	}{
		{"vertex record", func(t *testing.T, db *pebble.DB) {
			it, _ := db.NewIter(&pebble.IterOptions{LowerBound: []byte{'a'}, UpperBound: []byte{'b'}})
			it.First()
			k := slices.Clone(it.Key())
			v := slices.Clone(it.Value())
			it.Close()
			v[len(v)/2] ^= 0xff
			v = append(v, 7)
			db.Set(k, v, pebble.Sync)
		}},
		{"worklist chunk", func(t *testing.T, db *pebble.DB) {
			db.Set(keyMsg(0, 1, 1, 99), []byte{3, 1, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, pebble.Sync)
			db.Set(keyPart(1), []byte(`{"Epoch":5}`), pebble.Sync)
		}},
		{"configuration", func(t *testing.T, db *pebble.DB) { db.Set(keyConfig, []byte(`{"Version":1,`), pebble.Sync) }},
		{"partition record", func(t *testing.T, db *pebble.DB) { db.Delete(keyPart(2), pebble.Sync) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "store")
			s, err := Create(dir, g, gr, &Options{Partitions: 4})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Solve(context.Background()); err != nil {
				t.Fatal(err)
			}
			s.Close()
			db, err := pebble.Open(dir, &pebble.Options{Logger: quietLogger{}})
			if err != nil {
				t.Fatal(err)
			}
			tc.harm(t, db)
			db.Close()
			s, err = Open(dir, nil, nil)
			if err == nil {
				err = s.Solve(context.Background())
				if err == nil {
					err = s.ForEach(s.Grammar().Count[0], func(Edge) bool { return true })
				}
				s.Close()
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("got %v, want ErrCorrupt", err)
			}
			t.Log(err)
		})
	}
	// Damaged table bytes: pebble's checksums catch them.
	t.Run("table bytes", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "store")
		s, err := Create(dir, g, gr, &Options{Partitions: 4})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Solve(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := s.db.Compact(context.Background(), []byte{0}, []byte{0xff}, true); err != nil {
			t.Fatal(err)
		}
		s.Close()
		tables, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
		if len(tables) == 0 {
			t.Fatal("no tables")
		}
		for _, p := range tables {
			data, _ := os.ReadFile(p)
			for i := 64; i < len(data)/2; i += 97 {
				data[i] ^= 0x5a
			}
			os.WriteFile(p, data, 0o644)
		}
		s, err = Open(dir, nil, nil)
		if err == nil {
			err = s.ForEach(s.Grammar().Count[0], func(Edge) bool { return true })
			s.Close()
		}
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("reading a store with damaged tables: %v, want ErrCorrupt", err)
		}
		t.Log(err)
	})
}

// TestDiskFull fills the disk in the middle of a solve: the solve fails
// with a clear error, and once there is space again a resumed solve
// reaches the in-memory closure.
func TestDiskFull(t *testing.T) {
	g, gr := load(t, "bzip2.vfg")
	want := inMemory(t, g, gr)
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Create(dir, g, gr, &Options{Partitions: 4})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	var fs *crash.FS
	s, err = Open(dir, nil, &Options{fs: func(f *crash.FS) { fs = f; f.FullAfter.Store(200 << 10) }})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Solve(context.Background())
	if !crash.IsNoSpace(err) {
		t.Fatalf("Solve on a full disk = %v, want a disk-full error", err)
	}
	t.Log(err)
	fs.FullAfter.Store(0)
	s.Close() // may fail too: the disk was full
	s, err = Open(dir, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Solve(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := storeFingerprint(t, s); !got.equal(want) {
		t.Fatalf("after a full disk and resume: closure differs:\n got  %v\n want %v", got, want)
	}
}

// TestOlderFormat opens a store whose configuration names an older
// format: a clear error, not a misread.
func TestOlderFormat(t *testing.T) {
	g, gr := load(t, "art.vfg")
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Create(dir, g, gr, &Options{Partitions: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.cfg.Version = formatVersion - 1
	b := s.db.NewBatch()
	if err := s.setConfig(b); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(pebble.Sync); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(dir, nil, nil)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("store format %d", formatVersion-1)) {
		t.Fatalf("opening a format-%d store: %v, want an error naming the format", formatVersion-1, err)
	}
	t.Log(err)
}
