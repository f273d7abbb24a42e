package csr

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// LGGraph is one graph of a GraMi .lg file: an undirected, vertex-labeled
// graph stored symmetrically (both directions of every edge), without
// self-loops or parallel edges. ID is the text after "t #" (empty for a file
// with no "t" line).
type LGGraph struct {
	ID string
	*Graph
}

// LGOptions controls ReadLG.
type LGOptions struct {
	// EdgeLabels keeps edge labels, which must then be unsigned 32-bit
	// integers, in Graph.Weights. By default edge labels are read past and
	// dropped: GraMi files such as citeseer.lg carry float edge labels that
	// vertex-labeled mining ignores.
	EdgeLabels bool
}

// ReadLG reads a GraMi .lg file: a sequence of blocks, each opened by a
// "t # ID" line (optional for a single graph), holding "v ID LABEL" lines
// (IDs 0, 1, 2, ... in order) and "e U V [LABEL]" lines naming declared
// vertices. Blank lines and lines starting with '%' or '#' are skipped. name
// is used in error messages, which give the line number. Edges are
// undirected; self-loops are dropped and parallel edges merged (keeping the
// smallest label), as published counts on these files assume a simple graph.
func ReadLG(r io.Reader, name string, opt LGOptions) ([]LGGraph, error) {
	var (
		out     []LGGraph
		cur     *lgBuilder
		lineNo  int
		started bool
	)
	flush := func() error {
		if cur == nil {
			return nil
		}
		g, err := cur.build(opt)
		if err != nil {
			return fmt.Errorf("%s: graph %q: %w", name, cur.id, err)
		}
		out = append(out, LGGraph{ID: cur.id, Graph: g})
		cur = nil
		return nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '%' || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
		}
		switch f[0] {
		case "t":
			if err := flush(); err != nil {
				return nil, err
			}
			id := ""
			switch {
			case len(f) >= 3 && f[1] == "#":
				id = strings.Join(f[2:], " ")
			case len(f) == 2 && strings.HasPrefix(f[1], "#"):
				id = f[1][1:]
			default:
				return nil, errf(`want "t # ID", got %q`, line)
			}
			if id == "-1" { // gSpan's end-of-file marker
				started = true
				continue
			}
			cur = &lgBuilder{id: id}
			started = true
		case "v":
			if cur == nil {
				if started {
					return nil, errf("vertex after end marker")
				}
				cur = &lgBuilder{}
				started = true
			}
			if len(f) != 3 {
				return nil, errf(`want "v ID LABEL", got %q`, line)
			}
			id, err := strconv.ParseUint(f[1], 10, 32)
			if err != nil {
				return nil, errf("vertex id %q: %v", f[1], err)
			}
			if id != uint64(len(cur.labels)) {
				return nil, errf("vertex id %d out of order (want %d)", id, len(cur.labels))
			}
			if id == math.MaxUint32 {
				return nil, errf("too many vertices")
			}
			lab, err := strconv.ParseUint(f[2], 10, 32)
			if err != nil {
				return nil, errf("vertex label %q: want an unsigned integer: %v", f[2], err)
			}
			cur.labels = append(cur.labels, uint32(lab))
		case "e":
			if cur == nil {
				return nil, errf("edge before any vertex")
			}
			if len(f) != 3 && len(f) != 4 {
				return nil, errf(`want "e U V [LABEL]", got %q`, line)
			}
			var uv [2]uint32
			for i := 0; i < 2; i++ {
				x, err := strconv.ParseUint(f[1+i], 10, 32)
				if err != nil {
					return nil, errf("edge endpoint %q: %v", f[1+i], err)
				}
				if x >= uint64(len(cur.labels)) {
					return nil, errf("edge endpoint %d is not a declared vertex (%d declared)", x, len(cur.labels))
				}
				uv[i] = uint32(x)
			}
			var w uint32
			if opt.EdgeLabels {
				if len(f) != 4 {
					return nil, errf("edge without a label")
				}
				x, err := strconv.ParseUint(f[3], 10, 32)
				if err != nil {
					return nil, errf("edge label %q: want an unsigned integer: %v", f[3], err)
				}
				w = uint32(x)
			}
			cur.edges = append(cur.edges, Edge{Src: uv[0], Dst: uv[1], W: w})
		default:
			return nil, errf("unknown line type %q", f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, lineNo+1, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no graph in file", name)
	}
	return out, nil
}

type lgBuilder struct {
	id     string
	labels []uint32
	edges  []Edge
}

func (b *lgBuilder) build(opt LGOptions) (*Graph, error) {
	g, err := FromEdges(uint32(len(b.labels)), b.edges, BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true, Weighted: opt.EdgeLabels})
	if err != nil {
		return nil, err
	}
	g.Labels = b.labels
	return g, nil
}
