package edgecentric

import (
	"fmt"
	"runtime"
	"strings"
	"time"
)

// Model selects how work is organised.
type Model int

const (
	// ECM is edge-centric: every edge is stored at both endpoints, and a
	// new edge joins, at its own endpoint, only with the adjacent edges it
	// can combine with. Partitions run asynchronously inside a round and
	// exchange edges through the 3D worklists between rounds.
	ECM Model = iota
	// VCM is vertex-centric: each vertex keeps only its out-edges and, in
	// bulk-synchronous rounds, extends its own new edges through its
	// neighbours' out-edges (Graspan's scheme), re-scanning old edges
	// against neighbours' new ones.
	VCM
)

func (m Model) String() string {
	switch m {
	case ECM:
		return "ecm"
	case VCM:
		return "vcm"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// ParseModel parses "ecm" or "vcm".
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(s) {
	case "ecm", "edge", "edge-centric":
		return ECM, nil
	case "vcm", "vertex", "vertex-centric":
		return VCM, nil
	}
	return 0, fmt.Errorf("unknown model %q (want ecm or vcm)", s)
}

// SetKind selects the duplicate-prevention structure.
type SetKind int

const (
	// Bitmaps are compressed (roaring) bitmaps per vertex and label; with
	// indexing, rule applications move whole neighbour sets with
	// word-parallel unions and differences.
	Bitmaps SetKind = iota
	// HashSets are the thesis's per-vertex open-addressing hash sets,
	// processed one edge at a time.
	HashSets
)

func (k SetKind) String() string {
	if k == HashSets {
		return "hash"
	}
	return "bitmap"
}

// ParseSetKind parses "bitmap" or "hash".
func ParseSetKind(s string) (SetKind, error) {
	switch strings.ToLower(s) {
	case "bitmap", "bitmaps", "roaring":
		return Bitmaps, nil
	case "hash", "hashset", "hashsets":
		return HashSets, nil
	}
	return 0, fmt.Errorf("unknown set kind %q (want bitmap or hash)", s)
}

// Options configures Solve. The zero value is the default configuration:
// ECM with label indexing and bitmaps, four partitions per thread, and
// GOMAXPROCS threads.
type Options struct {
	// Model is ECM (default) or VCM.
	Model Model
	// NoIndex turns off grammar-label indexing: each new edge then visits
	// every adjacent edge and checks the grammar for it (the thesis's
	// ECM/VCM without -IDX).
	NoIndex bool
	// Sets is the duplicate-prevention structure (default Bitmaps).
	Sets SetKind
	// Threads is the number of partitions processed at once (default
	// GOMAXPROCS).
	Threads int
	// Partitions is the number of vertex-range partitions (default
	// 4×Threads, capped by the vertex count).
	Partitions int
	// Progress, if set, is called after every round with the statistics so
	// far. It runs on the solving goroutine: keep it quick.
	Progress func(Stats)

	// labelScan makes indexed joins always scan the vertex's labels
	// rather than the rule list (tests use it to cover both paths).
	labelScan bool
}

// Config names a configuration as the thesis does: ECM-IDX, VCM, ...
func (o Options) Config() string {
	s := strings.ToUpper(o.Model.String())
	if !o.NoIndex {
		s += "-IDX"
	}
	if o.Sets == HashSets {
		s += "/hash"
	}
	return s
}

// ParseConfig sets Model and NoIndex from a thesis-style name: ECM, ECM-IDX,
// VCM or VCM-IDX (case-insensitive).
func (o *Options) ParseConfig(s string) error {
	up := strings.ToUpper(s)
	base, idx := strings.CutSuffix(up, "-IDX")
	m, err := ParseModel(base)
	if err != nil {
		return fmt.Errorf("unknown configuration %q (want ECM, ECM-IDX, VCM or VCM-IDX)", s)
	}
	o.Model, o.NoIndex = m, !idx
	return nil
}

// EnsureDefaults fills unset fields with defaults.
func (o *Options) EnsureDefaults() *Options {
	if o.Threads <= 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	if o.Partitions <= 0 {
		o.Partitions = 4 * o.Threads
	}
	return o
}

// Stats describes a solve.
type Stats struct {
	Config     string
	Threads    int
	Partitions int
	// Rounds is the number of synchronisation rounds.
	Rounds int
	// InputEdges counts input edges, with generated inverses.
	InputEdges int64
	// Derived counts edges the solve added to the input.
	Derived int64
	// Stored counts all distinct stored edges (input and derived).
	Stored int64
	// Applications counts rule applications (pairs of edges joined,
	// including those that found an existing edge).
	Applications int64
	// Labels is the number of instantiated labels (symbol × index).
	Labels int
	// SetBytes estimates the memory held by adjacency sets.
	SetBytes int64
	Elapsed  time.Duration
	// PeakRSS is the process's peak resident set size in bytes, where the
	// OS reports it (0 otherwise).
	PeakRSS int64
}
