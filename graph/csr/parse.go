package csr

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
)

// Text formats are parsed in parallel: the file is read whole, cut into
// chunks at line boundaries, and each chunk parsed on its own core into its
// own region of one edge array (sized from the chunk's newline count, so
// nothing is regrown). Most lines take a fast path (blank-separated
// decimal fields, parsed by hand); anything else goes through the general
// per-line code, which gives the same answers and errors as the sequential
// parsers these replaced. Line numbers are computed only on error, by
// counting newlines before the failing line.

// readWhole reads a file into memory, in parallel blocks for a regular file.
func readWhole(path string) ([]byte, error) {
	f, size, regular, err := openSized(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !regular {
		b, err := io.ReadAll(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return b, nil
	}
	b := make([]byte, size)
	if err := preadAll(f, 0, b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// text is a file's contents with its name, for errors.
type text struct {
	data []byte
	name string
}

func (t *text) lineAt(off int) int { return 1 + bytes.Count(t.data[:off], []byte{'\n'}) }

func (t *text) errorAt(off int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", t.name, t.lineAt(off), fmt.Sprintf(format, args...))
}

// nextLine returns the line starting at s (without its newline and trailing
// carriage returns) and where the next one starts.
func nextLine(data []byte, s, hi int) (line []byte, next int) {
	e := bytes.IndexByte(data[s:hi], '\n')
	if e < 0 {
		line, next = data[s:hi], hi
	} else {
		line, next = data[s:s+e], s+e+1
	}
	for len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, next
}

// scanNums is the fast path: line made only of up to three decimal fields
// of at most 19 digits, separated by blanks (space, tab, comma). It returns
// the number of fields, or ok = false for anything else.
func scanNums(b []byte, v *[3]uint64) (k int, ok bool) {
	i := 0
	for {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == ',') {
			i++
		}
		if i == len(b) {
			return k, true
		}
		if k == 3 {
			return 0, false
		}
		j := i
		var x uint64
		for j < len(b) && b[j]-'0' <= 9 {
			x = x*10 + uint64(b[j]-'0')
			j++
		}
		if j == i || j-i > 19 || j < len(b) && b[j] != ' ' && b[j] != '\t' && b[j] != ',' {
			return 0, false
		}
		v[k] = x
		k++
		i = j
	}
}

// textChunkMin is the smallest chunk worth a goroutine (tests lower it to
// cut small inputs into many chunks).
var textChunkMin = 1 << 22

// chunk is one parallel piece of a text file and what parsing it gave.
type chunk struct {
	lo, hi int
	region int    // start of its region in the edge array
	lines  int    // lines in it (at most this many records)
	edges  []Edge // its region
	n      int    // edges written
	recs   int    // records (edge lines) parsed
	maxID  uint64
	minID  uint64
	errOff int // start of the first bad line, -1 when none
	errMsg string
}

// lineParser parses one line into c (appending at c.edges[c.n]), returning
// whether it was a record and an error message.
type lineParser func(c *chunk, line []byte) (rec bool, msg string)

// fastLine describes the common record, parsed inline without a call to
// the format's lineParser: k decimal fields, ids below idLimit, a weight (a
// third field) of at most 32 bits, and, with digitFirst, a digit first on
// the line. Other lines go to the lineParser.
type fastLine struct {
	k          int
	idLimit    uint64
	digitFirst bool
}

// parseChunks parses data[start:] in parallel chunks; perLine is the most
// edges one line can give. It returns the chunks and the edge array, with
// front free slots before the first region.
func parseChunks(data []byte, start, front, perLine int, fast *fastLine, parse lineParser) ([]*chunk, []Edge) {
	p := runtime.GOMAXPROCS(0)
	size := max(textChunkMin, (len(data)-start)/(4*p)+1)
	var cs []*chunk
	for lo := start; lo < len(data); {
		hi := min(lo+size, len(data))
		if hi < len(data) {
			if j := bytes.IndexByte(data[hi:], '\n'); j < 0 {
				hi = len(data)
			} else {
				hi += j + 1
			}
		}
		cs = append(cs, &chunk{lo: lo, hi: hi, errOff: -1, minID: math.MaxUint64})
		lo = hi
	}
	// Newline counts bound each chunk's edges: regions without regrowth.
	parallelRange(len(cs), 1, func(lo, hi int) {
		for _, c := range cs[lo:hi] {
			c.lines = bytes.Count(data[c.lo:c.hi], []byte{'\n'})
			if data[c.hi-1] != '\n' {
				c.lines++
			}
		}
	})
	total := front
	for _, c := range cs {
		c.region = total
		total += perLine * c.lines
	}
	edges := make([]Edge, total)
	parallelRange(len(cs), 1, func(lo, hi int) {
		for _, c := range cs[lo:hi] {
			c.edges = edges[c.region : c.region+perLine*c.lines]
			for s := c.lo; s < c.hi; {
				line, next := nextLine(data, s, c.hi)
				if fast != nil {
					var v [3]uint64
					if k, ok := scanNums(line, &v); ok && k == fast.k && v[0] < fast.idLimit && v[1] < fast.idLimit &&
						v[2] <= math.MaxUint32 && (!fast.digitFirst || line[0]-'0' <= 9) {
						c.edges[c.n] = Edge{uint32(v[0]), uint32(v[1]), uint32(v[2])}
						c.n++
						c.maxID = max(c.maxID, v[0], v[1])
						c.minID = min(c.minID, v[0], v[1])
						c.recs++
						s = next
						continue
					}
				}
				rec, msg := parse(c, line)
				if msg != "" {
					c.errOff, c.errMsg = s, msg
					break
				}
				if rec {
					c.recs++
				}
				s = next
			}
		}
	})
	return cs, edges
}

// gather closes the gaps between the chunks' regions (left by comment
// lines), moving edges forward in order, and returns the edges.
func gather(edges []Edge, front int, cs []*chunk) []Edge {
	at := front
	for _, c := range cs {
		if c.region != at {
			copy(edges[at:], edges[c.region:c.region+c.n])
		}
		at += c.n
	}
	return edges[:at]
}

// recordStart finds the start of the k-th record (0-based) counted from the
// first chunk, rescanning only the chunk that holds it.
func recordStart(data []byte, cs []*chunk, k int, isRecord func([]byte) bool) int {
	for _, c := range cs {
		if k >= c.recs {
			k -= c.recs
			continue
		}
		for s := c.lo; s < c.hi; {
			line, next := nextLine(data, s, c.hi)
			if isRecord(line) {
				if k == 0 {
					return s
				}
				k--
			}
			s = next
		}
	}
	return len(data)
}

// firstError is the first chunk error in file order.
func (t *text) firstError(cs []*chunk) error {
	for _, c := range cs {
		if c.errOff >= 0 {
			return t.errorAt(c.errOff, "%s", c.errMsg)
		}
	}
	return nil
}

func (c *chunk) put(e Edge) {
	c.edges[c.n] = e
	c.n++
}

func (c *chunk) saw(u, v uint64) {
	c.maxID = max(c.maxID, u, v)
	c.minID = min(c.minID, u, v)
}

// ReadSNAP parses a SNAP-style edge list from r; name is used in errors.
// Read parses files faster (in parallel, without the extra copy).
func ReadSNAP(r *bufio.Reader, name string, opt ReadOptions) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parseSNAP(data, name, opt)
}

// snapRecord is one of the first two records, parsed before the rest to
// fix the column count (the first may be an "n m" header).
type snapRecord struct {
	u, v uint64
	w    uint32
	off  int
}

func parseSNAP(data []byte, name string, opt ReadOptions) (*Graph, error) {
	n, edges, weighted, err := snapEdges(data, name, opt.Base)
	if err != nil {
		return nil, err
	}
	bo := opt.Build
	bo.Weighted = bo.Weighted || weighted
	return FromEdges(n, edges, bo)
}

// snapEdges parses a SNAP file into its vertex count and edges.
func snapEdges(data []byte, name string, base Base) (uint32, []Edge, bool, error) {
	t := &text{data, name}
	var f [4][]byte
	// The first two records, sequentially, as the old parser saw them.
	var first []snapRecord
	cols := 0
	s := 0
	for s < len(data) && len(first) < 2 {
		line, next := nextLine(data, s, len(data))
		if isComment(line) {
			s = next
			continue
		}
		k := fields(line, f[:])
		if k != 2 && k != 3 {
			return 0, nil, false, t.errorAt(s, "want \"u v\" or \"u v w\", got %d fields", k)
		}
		if cols == 0 {
			cols = k
		} else if k != cols && cols != 2 {
			return 0, nil, false, t.errorAt(s, "got %d fields, earlier lines have %d", k, cols)
		} else if k == 3 {
			cols = 3 // the first line was an "n m" header; edges are weighted
		}
		u, ok1 := parseUint(f[0])
		v, ok2 := parseUint(f[1])
		if !ok1 || !ok2 {
			return 0, nil, false, t.errorAt(s, "bad vertex id in %q", line)
		}
		r := snapRecord{u: u, v: v, off: s}
		if k == 3 {
			w, ok := parseWeight(f[2])
			if !ok {
				return 0, nil, false, t.errorAt(s, "bad weight %q (want a non-negative 32-bit integer)", f[2])
			}
			r.w = w
		}
		first = append(first, r)
		s = next
	}
	if len(first) == 0 {
		return 0, nil, false, fmt.Errorf("%s: no edges", name)
	}
	cs, edges := parseChunks(data, s, 2, 1, &fastLine{k: cols, idLimit: math.MaxUint64}, func(c *chunk, line []byte) (bool, string) {
		var v [3]uint64
		if k, ok := scanNums(line, &v); ok && k == cols && (k == 2 || v[2] <= math.MaxUint32) {
			c.put(Edge{uint32(v[0]), uint32(v[1]), uint32(v[2])})
			c.saw(v[0], v[1])
			return true, ""
		}
		if isComment(line) {
			return false, ""
		}
		var g [4][]byte
		k := fields(line, g[:])
		if k != 2 && k != 3 {
			return false, fmt.Sprintf("want \"u v\" or \"u v w\", got %d fields", k)
		}
		if k != cols {
			return false, fmt.Sprintf("got %d fields, earlier lines have %d", k, cols)
		}
		u, ok1 := parseUint(g[0])
		w, ok2 := parseUint(g[1])
		if !ok1 || !ok2 {
			return false, fmt.Sprintf("bad vertex id in %q", line)
		}
		e := Edge{Src: uint32(u), Dst: uint32(w)}
		if k == 3 {
			wt, ok := parseWeight(g[2])
			if !ok {
				return false, fmt.Sprintf("bad weight %q (want a non-negative 32-bit integer)", g[2])
			}
			e.W = wt
		}
		c.put(e)
		c.saw(u, w)
		return true, ""
	})
	if err := t.firstError(cs); err != nil {
		return 0, nil, false, err
	}
	// Ids of the records after the first, and in all.
	restMax, restMin := uint64(0), uint64(math.MaxUint64)
	count := len(first)
	for _, c := range cs {
		restMax, restMin = max(restMax, c.maxID), min(restMin, c.minID)
		count += c.recs
	}
	if len(first) == 2 {
		restMax, restMin = max(restMax, first[1].u, first[1].v), min(restMin, first[1].u, first[1].v)
	}
	front := 2 - len(first)
	for i, r := range first {
		edges[front+i] = Edge{uint32(r.u), uint32(r.v), r.w}
	}
	edges = gather(edges, 2, cs)[front:]
	// Header detection: first record "n m" followed by exactly m edges in
	// range.
	h := first[0]
	header := uint64(count-1) == h.v && h.w == 0 && restMax <= h.u
	maxID, minID := max(restMax, h.u, h.v), min(restMin, h.u, h.v)
	var n uint64
	if header {
		edges = edges[1:]
		n, maxID, minID = h.u, restMax, restMin
	}
	oneBased := false
	switch base {
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
	if err := plausible(n, uint64(len(edges))); err != nil {
		return 0, nil, false, fmt.Errorf("%s:1: %v", name, err)
	}
	// Past plausible, every id fits in 32 bits.
	if oneBased {
		if i := firstIndex(len(edges), 1<<18, func(lo, hi int) int {
			for i, e := range edges[lo:hi] {
				if e.Src == 0 || e.Dst == 0 {
					return lo + i
				}
			}
			return -1
		}); i >= 0 {
			rec := i
			if header {
				rec++
			}
			off := 0
			if rec < len(first) {
				off = first[rec].off
			} else {
				off = recordStart(data, cs, rec-len(first), func(l []byte) bool { return !isComment(l) })
			}
			return 0, nil, false, t.errorAt(off, "vertex id 0 in a 1-based file")
		}
		parallelRange(len(edges), 1<<18, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				edges[i].Src--
				edges[i].Dst--
			}
		})
	}
	return uint32(n), edges, cols == 3, nil
}

// ReadEL parses a Tigr/Subway .el ("u v") or .wel ("u v w") file. As in
// those systems, lines that do not start with a digit are skipped. Read
// parses files faster (in parallel, without the extra copy).
func ReadEL(r *bufio.Reader, name string, weighted bool, bo BuildOptions) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parseEL(data, name, weighted, bo)
}

func elRecord(b []byte) bool {
	t := bytes.TrimLeft(b, " \t")
	return len(t) > 0 && t[0] >= '0' && t[0] <= '9'
}

func parseEL(data []byte, name string, weighted bool, bo BuildOptions) (*Graph, error) {
	n, edges, err := elEdges(data, name, weighted)
	if err != nil {
		return nil, err
	}
	bo.Weighted = weighted
	return FromEdges(n, edges, bo)
}

// elEdges parses a .el/.wel file into its vertex count and edges.
func elEdges(data []byte, name string, weighted bool) (uint32, []Edge, error) {
	t := &text{data, name}
	want := 2
	if weighted {
		want = 3
	}
	cs, edges := parseChunks(data, 0, 0, 1, &fastLine{k: want, idLimit: math.MaxUint32, digitFirst: true}, func(c *chunk, line []byte) (bool, string) {
		var v [3]uint64
		k, ok := scanNums(line, &v)
		if ok && k == want && v[0] < math.MaxUint32 && v[1] < math.MaxUint32 && (!weighted || v[2] <= math.MaxUint32) &&
			(line[0]-'0' <= 9 || elRecord(line)) {
			c.put(Edge{uint32(v[0]), uint32(v[1]), uint32(v[2])})
			c.saw(v[0], v[1])
			return true, ""
		}
		if ok && k == 0 || !elRecord(line) {
			return false, ""
		}
		var f [4][]byte
		if k := fields(line, f[:]); k != want {
			return false, fmt.Sprintf("want %d fields, got %d", want, k)
		}
		u, ok1 := parseUint(f[0])
		w, ok2 := parseUint(f[1])
		if !ok1 || !ok2 || u >= math.MaxUint32 || w >= math.MaxUint32 {
			return false, fmt.Sprintf("bad vertex id in %q", line)
		}
		e := Edge{Src: uint32(u), Dst: uint32(w)}
		if weighted {
			wt, ok := parseWeight(f[2])
			if !ok {
				return false, fmt.Sprintf("bad weight %q", f[2])
			}
			e.W = wt
		}
		c.put(e)
		c.saw(u, w)
		return true, ""
	})
	if err := t.firstError(cs); err != nil {
		return 0, nil, err
	}
	edges = gather(edges, 0, cs)
	if len(edges) == 0 {
		return 0, nil, fmt.Errorf("%s: no edges", name)
	}
	var maxID uint64
	for _, c := range cs {
		maxID = max(maxID, c.maxID)
	}
	if err := plausible(maxID+1, uint64(len(edges))); err != nil {
		return 0, nil, fmt.Errorf("%s:1: %v", name, err) // as for SNAP: no 4G-vertex array for one stray id
	}
	return uint32(maxID + 1), edges, nil
}

// ReadMatrixMarket parses a coordinate Matrix Market file. Symmetric
// matrices get both directions. Values (integer or integral real) become
// weights; pattern matrices are unweighted. Read parses files faster (in
// parallel, without the extra copy).
func ReadMatrixMarket(r *bufio.Reader, name string, bo BuildOptions) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return parseMatrixMarket(data, name, bo)
}

func parseMatrixMarket(data []byte, name string, bo BuildOptions) (*Graph, error) {
	t := &text{data, name}
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: empty file", name)
	}
	b, s := nextLine(data, 0, len(data))
	var f [6][]byte
	k := fields(bytes.ToLower(b), f[:])
	if k < 5 || string(f[0]) != "%%matrixmarket" || string(f[1]) != "matrix" || string(f[2]) != "coordinate" {
		return nil, t.errorAt(0, "want \"%%%%MatrixMarket matrix coordinate FIELD SYMMETRY\"")
	}
	field, sym := string(f[3]), string(f[4])
	valued := false
	switch field {
	case "pattern":
	case "integer", "real":
		valued = true
	default:
		return nil, t.errorAt(0, "unsupported field %q", field)
	}
	symmetric := false
	switch sym {
	case "general":
	case "symmetric":
		symmetric = true
	default:
		return nil, t.errorAt(0, "unsupported symmetry %q", sym)
	}
	var rows, nnz uint64
	for {
		if s >= len(data) {
			return nil, fmt.Errorf("%s: no size line", name)
		}
		at := s
		b, s = nextLine(data, s, len(data))
		if isComment(b) {
			continue
		}
		if fields(b, f[:]) != 3 {
			return nil, t.errorAt(at, "want size line \"rows cols nnz\"")
		}
		r, ok1 := parseUint(f[0])
		c, ok2 := parseUint(f[1])
		z, ok3 := parseUint(f[2])
		if !ok1 || !ok2 || !ok3 {
			return nil, t.errorAt(at, "bad size line %q", b)
		}
		rows, nnz = max(r, c), z
		if err := plausible(rows, nnz); err != nil {
			return nil, t.errorAt(at, "%v", err)
		}
		break
	}
	want := 2
	if valued {
		want = 3
	}
	perLine := 1
	if symmetric {
		perLine = 2
	}
	cs, edges := parseChunks(data, s, 0, perLine, nil, func(c *chunk, line []byte) (bool, string) {
		var v [3]uint64
		k, ok := scanNums(line, &v)
		if !ok || k != want || v[0] == 0 || v[1] == 0 || v[0] > rows || v[1] > rows || valued && v[2] > math.MaxUint32 {
			if isComment(line) {
				return false, ""
			}
			var f [4][]byte
			if k := fields(line, f[:]); k != want {
				return false, fmt.Sprintf("want %d fields, got %d", want, k)
			}
			i, ok1 := parseUint(f[0])
			j, ok2 := parseUint(f[1])
			if !ok1 || !ok2 || i == 0 || j == 0 || i > rows || j > rows {
				return false, fmt.Sprintf("bad entry %q (ids are 1-based, at most %d)", line, rows)
			}
			v[0], v[1] = i, j
			if valued {
				w, ok := parseWeight(f[2])
				if !ok {
					return false, fmt.Sprintf("bad value %q (want a non-negative integer)", f[2])
				}
				v[2] = uint64(w)
			}
		}
		e := Edge{uint32(v[0] - 1), uint32(v[1] - 1), uint32(v[2])}
		c.put(e)
		if symmetric && e.Src != e.Dst {
			c.put(Edge{e.Dst, e.Src, e.W})
		}
		return true, ""
	})
	// The first error in file order: a bad line, or the entry past the
	// announced count, whichever comes first.
	entries := uint64(0)
	for _, c := range cs {
		if entries+uint64(c.recs) > nnz {
			off := recordStart(data, cs, int(nnz), func(l []byte) bool { return !isComment(l) })
			return nil, t.errorAt(off, "more entries than the %d announced", nnz)
		}
		if c.errOff >= 0 {
			return nil, t.errorAt(c.errOff, "%s", c.errMsg)
		}
		entries += uint64(c.recs)
	}
	bo.Weighted = valued
	return FromEdges(uint32(rows), gather(edges, 0, cs), bo)
}
