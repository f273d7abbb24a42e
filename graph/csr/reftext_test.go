package csr

// The sequential text parsers that the parallel ones replaced, kept as the
// reference the differential tests and fuzz targets compare against.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
)

// refLineReader yields lines with their 1-based numbers, without the newline.
type refLineReader struct {
	r    *bufio.Reader
	name string
	line int
}

func (lr *refLineReader) next() ([]byte, error) {
	b, err := lr.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: gather it.
		buf := append([]byte(nil), b...)
		for err == bufio.ErrBufferFull {
			b, err = lr.r.ReadSlice('\n')
			buf = append(buf, b...)
		}
		b = buf
	}
	if len(b) == 0 && err != nil {
		return nil, err
	}
	lr.line++
	if err != nil && err != io.EOF {
		return nil, err
	}
	return bytes.TrimRight(b, "\r\n"), nil
}

func (lr *refLineReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", lr.name, lr.line, fmt.Sprintf(format, args...))
}

// fields splits on blanks (space, tab, comma) into at most len(dst) fields
// and returns how many there were in total.
func refFields(b []byte, dst [][]byte) int {
	n := 0
	i := 0
	for i < len(b) {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == ',') {
			i++
		}
		if i == len(b) {
			break
		}
		j := i
		for j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != ',' {
			j++
		}
		if n < len(dst) {
			dst[n] = b[i:j]
		}
		n++
		i = j
	}
	return n
}

func refParseUint(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 20 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if v > (math.MaxUint64-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}

// parseWeight accepts a non-negative integer, or a real number with an
// integral value (Matrix Market "real" files often hold integers).
func refParseWeight(b []byte) (uint32, bool) {
	if v, ok := refParseUint(b); ok {
		return uint32(v), v <= math.MaxUint32
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || f < 0 || f > math.MaxUint32 || f != math.Trunc(f) {
		return 0, false
	}
	return uint32(f), true
}

func refIsComment(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) == 0 || b[0] == '#' || b[0] == '%'
}

// plausible rejects vertex counts that 32-bit ids cannot hold, and headers
// that announce far more vertices than their edges could touch (a corrupt
// header would otherwise cost a huge offset array before any check fails).
func refPlausible(n, m uint64) error {
	if n >= math.MaxUint32 {
		return fmt.Errorf("%d vertices: more than 32-bit ids allow", n)
	}
	if n > 2*m+1<<26 {
		return fmt.Errorf("%d vertices for %d edges: implausible header", n, m)
	}
	return nil
}

type refRawEdge struct {
	src, dst uint64
	w        uint32
	line     int
}

// ReadSNAP parses a SNAP-style edge list from r; name is used in errors.
func refReadSNAP(r *bufio.Reader, name string, opt ReadOptions) (*Graph, error) {
	lr := &refLineReader{r: r, name: name}
	var edges []refRawEdge
	var f [4][]byte
	cols := 0
	var maxID uint64
	minID := uint64(math.MaxUint64)
	for {
		b, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if refIsComment(b) {
			continue
		}
		k := refFields(b, f[:])
		if k != 2 && k != 3 {
			return nil, lr.errorf("want \"u v\" or \"u v w\", got %d fields", k)
		}
		if cols == 0 {
			cols = k
		} else if k != cols && !(len(edges) == 1 && cols == 2) {
			return nil, lr.errorf("got %d fields, earlier lines have %d", k, cols)
		}
		if len(edges) == 1 && cols == 2 && k == 3 {
			cols = 3 // the first line was an "n m" header; edges are weighted
		}
		u, ok1 := refParseUint(f[0])
		v, ok2 := refParseUint(f[1])
		if !ok1 || !ok2 {
			return nil, lr.errorf("bad vertex id in %q", b)
		}
		e := refRawEdge{src: u, dst: v, line: lr.line}
		if k == 3 {
			w, ok := refParseWeight(f[2])
			if !ok {
				return nil, lr.errorf("bad weight %q (want a non-negative 32-bit integer)", f[2])
			}
			e.w = w
		}
		edges = append(edges, e)
	}
	if len(edges) == 0 {
		return nil, fmt.Errorf("%s: no edges", name)
	}
	// Header detection: first record "n m" followed by exactly m edges in
	// range.
	header := false
	var n uint64
	if h := edges[0]; len(edges)-1 == int(h.dst) && h.w == 0 {
		header = true
		for _, e := range edges[1:] {
			if e.src > h.src || e.dst > h.src {
				header = false
				break
			}
		}
		if header {
			n = h.src
			edges = edges[1:]
		}
	}
	for _, e := range edges {
		maxID = max(maxID, e.src, e.dst)
		minID = min(minID, e.src, e.dst)
	}
	oneBased := false
	switch opt.Base {
	case BaseOne:
		oneBased = true
	case BaseAuto:
		oneBased = header && minID >= 1
	}
	if !header {
		n = maxID + 1
	} else if !oneBased && maxID >= n {
		n = maxID + 1
	}
	if err := refPlausible(n, uint64(len(edges))); err != nil {
		return nil, fmt.Errorf("%s:1: %v", name, err)
	}
	es := make([]Edge, len(edges))
	for i, e := range edges {
		if oneBased {
			if e.src == 0 || e.dst == 0 {
				return nil, fmt.Errorf("%s:%d: vertex id 0 in a 1-based file", name, e.line)
			}
			e.src--
			e.dst--
		}
		if e.src >= n || e.dst >= n {
			return nil, fmt.Errorf("%s:%d: vertex id out of range [0,%d)", name, e.line, n)
		}
		es[i] = Edge{Src: uint32(e.src), Dst: uint32(e.dst), W: e.w}
	}
	bo := opt.Build
	if cols == 3 {
		bo.Weighted = true
	}
	return FromEdges(uint32(n), es, bo)
}

// ReadEL parses a Tigr/Subway .el ("u v") or .wel ("u v w") file. As in
// those systems, lines that do not start with a digit are skipped.
func refReadEL(r *bufio.Reader, name string, weighted bool, bo BuildOptions) (*Graph, error) {
	lr := &refLineReader{r: r, name: name}
	var es []Edge
	var f [4][]byte
	var maxID uint64
	want := 2
	if weighted {
		want = 3
	}
	for {
		b, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		t := bytes.TrimLeft(b, " \t")
		if len(t) == 0 || t[0] < '0' || t[0] > '9' {
			continue
		}
		if k := refFields(b, f[:]); k != want {
			return nil, lr.errorf("want %d fields, got %d", want, k)
		}
		u, ok1 := refParseUint(f[0])
		v, ok2 := refParseUint(f[1])
		if !ok1 || !ok2 || u >= math.MaxUint32 || v >= math.MaxUint32 {
			return nil, lr.errorf("bad vertex id in %q", b)
		}
		e := Edge{Src: uint32(u), Dst: uint32(v)}
		if weighted {
			w, ok := refParseWeight(f[2])
			if !ok {
				return nil, lr.errorf("bad weight %q", f[2])
			}
			e.W = w
		}
		maxID = max(maxID, u, v)
		es = append(es, e)
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("%s: no edges", name)
	}
	// Added with the parallel parser (not in the old one): the plausibility
	// check SNAP files had, so that one stray id cannot cost 32 GB.
	if err := refPlausible(maxID+1, uint64(len(es))); err != nil {
		return nil, fmt.Errorf("%s:1: %v", name, err)
	}
	bo.Weighted = weighted
	return FromEdges(uint32(maxID+1), es, bo)
}

// ReadMatrixMarket parses a coordinate Matrix Market file. Symmetric
// matrices get both directions. Values (integer or integral real) become
// weights; pattern matrices are unweighted.
func refReadMatrixMarket(r *bufio.Reader, name string, bo BuildOptions) (*Graph, error) {
	lr := &refLineReader{r: r, name: name}
	b, err := lr.next()
	if err != nil {
		return nil, fmt.Errorf("%s: empty file", name)
	}
	var f [6][]byte
	k := refFields(bytes.ToLower(b), f[:])
	if k < 5 || string(f[0]) != "%%matrixmarket" || string(f[1]) != "matrix" || string(f[2]) != "coordinate" {
		return nil, lr.errorf("want \"%%%%MatrixMarket matrix coordinate FIELD SYMMETRY\"")
	}
	field, sym := string(f[3]), string(f[4])
	valued := false
	switch field {
	case "pattern":
	case "integer", "real":
		valued = true
	default:
		return nil, lr.errorf("unsupported field %q", field)
	}
	symmetric := false
	switch sym {
	case "general":
	case "symmetric":
		symmetric = true
	default:
		return nil, lr.errorf("unsupported symmetry %q", sym)
	}
	var rows, nnz uint64
	for {
		b, err = lr.next()
		if err != nil {
			return nil, fmt.Errorf("%s: no size line", name)
		}
		if refIsComment(b) {
			continue
		}
		if refFields(b, f[:]) != 3 {
			return nil, lr.errorf("want size line \"rows cols nnz\"")
		}
		r, ok1 := refParseUint(f[0])
		c, ok2 := refParseUint(f[1])
		z, ok3 := refParseUint(f[2])
		if !ok1 || !ok2 || !ok3 {
			return nil, lr.errorf("bad size line %q", b)
		}
		rows, nnz = max(r, c), z
		break
	}
	if err := refPlausible(rows, nnz); err != nil {
		return nil, lr.errorf("%v", err)
	}
	want := 2
	if valued {
		want = 3
	}
	es := make([]Edge, 0, min(nnz, 1<<24))
	var entries uint64
	for {
		b, err = lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if refIsComment(b) {
			continue
		}
		if k := refFields(b, f[:]); k != want {
			return nil, lr.errorf("want %d fields, got %d", want, k)
		}
		i, ok1 := refParseUint(f[0])
		j, ok2 := refParseUint(f[1])
		if !ok1 || !ok2 || i == 0 || j == 0 || i > rows || j > rows {
			return nil, lr.errorf("bad entry %q (ids are 1-based, at most %d)", b, rows)
		}
		e := Edge{Src: uint32(i - 1), Dst: uint32(j - 1)}
		if valued {
			w, ok := refParseWeight(f[2])
			if !ok {
				return nil, lr.errorf("bad value %q (want a non-negative integer)", f[2])
			}
			e.W = w
		}
		if entries++; entries > nnz {
			return nil, lr.errorf("more entries than the %d announced", nnz)
		}
		es = append(es, e)
		if symmetric && i != j {
			es = append(es, Edge{Src: e.Dst, Dst: e.Src, W: e.W})
		}
	}
	bo.Weighted = valued
	return FromEdges(uint32(rows), es, bo)
}
