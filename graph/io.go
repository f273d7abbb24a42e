package graph

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"fmt"
	"github.com/cflr/cflr/internal/atomicfile"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Format names a graph file format.
type Format string

const (
	// FormatTSV is cflr's text format: one edge per line, "src dst label
	// [index]", separated by tabs or spaces; # starts a comment. Vertices
	// are non-negative integers or names. The POCR artifact's graphs are
	// in this format.
	FormatTSV Format = "tsv"
	// FormatGraspan is Graspan's edge list: "src dst label" with integer
	// vertices.
	FormatGraspan Format = "graspan"
	// FormatCSV is the CFPQ-style CSV: "src,dst,label[,index]", with an
	// optional header row.
	FormatCSV Format = "csv"
	// FormatBinary is cflr's compact binary format (varint-coded edges and
	// a CRC), for fast reloads.
	FormatBinary Format = "bin"
)

// Formats lists the supported graph formats.
var Formats = []Format{FormatTSV, FormatGraspan, FormatCSV, FormatBinary}

// ParseError is a malformed-input error at a file and line.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// FormatFor guesses a format from a file name: .csv, .bin/.cflrg,
// .graspan; anything else is TSV.
func FormatFor(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		return FormatCSV
	case ".bin", ".cflrg":
		return FormatBinary
	case ".graspan":
		return FormatGraspan
	}
	return FormatTSV
}

// ReadFile reads a graph file in the given format ("" guesses from the name).
func ReadFile(path string, format Format) (*Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if format == "" {
		format = FormatFor(path)
	}
	return Read(f, path, format)
}

// Read reads a graph from r; name is used in errors.
func Read(r io.Reader, name string, format Format) (*Graph, error) {
	switch format {
	case FormatTSV, "":
		return readText(r, name, false)
	case FormatGraspan:
		return readText(r, name, true)
	case FormatCSV:
		return readCSV(r, name)
	case FormatBinary:
		return readBinary(r, name)
	}
	return nil, fmt.Errorf("%s: unknown graph format %q (want one of %v)", name, format, Formats)
}

// builder interns vertices: integers while every vertex is an integer,
// names from the first non-integer on (earlier integers become names).
type builder struct {
	g      *Graph
	byName map[string]uint32
	named  bool
	intOK  bool // integers allowed (false for Graspan: integers required)
}

func newBuilder() *builder { return &builder{g: New()} }

const maxVertex = 1<<32 - 2

func (b *builder) vertex(tok string) (uint32, error) {
	if !b.named {
		n, err := strconv.ParseUint(tok, 10, 64)
		if err == nil {
			if n > maxVertex {
				return 0, fmt.Errorf("vertex %s out of range (max %d)", tok, maxVertex)
			}
			return uint32(n), nil
		}
		// Switch to names: existing integer vertices keep their ids and
		// are named by their numbers.
		b.named = true
		b.byName = make(map[string]uint32, b.g.NumVertices)
		b.g.Names = make([]string, b.g.NumVertices)
		for v := range b.g.NumVertices {
			s := strconv.FormatUint(uint64(v), 10)
			b.g.Names[v] = s
			b.byName[s] = v
		}
	}
	if id, ok := b.byName[tok]; ok {
		return id, nil
	}
	id := uint32(len(b.g.Names))
	b.g.Names = append(b.g.Names, tok)
	b.byName[tok] = id
	if id >= b.g.NumVertices {
		b.g.NumVertices = id + 1
	}
	return id, nil
}

func (b *builder) edge(srcTok, dstTok, label, indexTok string) error {
	if label == "" {
		return errors.New("empty label")
	}
	src, err := b.vertex(srcTok)
	if err != nil {
		return err
	}
	wasNamed := b.named
	dst, err := b.vertex(dstTok)
	if err != nil {
		return err
	}
	if !wasNamed && b.named {
		// dst switched the graph to names: src, read as a number, must
		// become a name too.
		if src, err = b.vertex(srcTok); err != nil {
			return err
		}
	}
	idx := NoIndex
	if IsIndexedLabel(label) {
		if indexTok == "" {
			return fmt.Errorf("label %s is indexed (ends in _i) but the edge has no index column", label)
		}
		n, err := strconv.ParseUint(indexTok, 10, 32)
		if err != nil || uint32(n) == NoIndex {
			return fmt.Errorf("bad index %q", indexTok)
		}
		idx = uint32(n)
	} else if indexTok != "" {
		return fmt.Errorf("label %s is not indexed (does not end in _i) but the edge has index %s", label, indexTok)
	}
	if b.named {
		b.g.Edges = append(b.g.Edges, Edge{src, dst, b.g.Label(label), idx})
	} else {
		b.g.AddEdge(src, dst, label, idx)
	}
	return nil
}

func readText(r io.Reader, name string, graspan bool) (*Graph, error) {
	b := newBuilder()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	var fields [5]string
	for sc.Scan() {
		line++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		n := 0
		for f := range strings.FieldsSeq(s) {
			if n == len(fields) {
				n++
				break
			}
			fields[n] = f
			n++
		}
		if n == 0 {
			continue
		}
		maxCols := 4
		if graspan {
			maxCols = 3
		}
		if n < 3 || n > maxCols {
			want := "src dst label [index]"
			if graspan {
				want = "src dst label"
			}
			return nil, &ParseError{name, line, fmt.Sprintf("want %q, got %d fields", want, n)}
		}
		idx := ""
		if n == 4 {
			idx = fields[3]
		}
		if graspan {
			if _, err := strconv.ParseUint(fields[0], 10, 32); err != nil {
				return nil, &ParseError{name, line, fmt.Sprintf("Graspan vertices are integers, got %q", fields[0])}
			}
			if _, err := strconv.ParseUint(fields[1], 10, 32); err != nil {
				return nil, &ParseError{name, line, fmt.Sprintf("Graspan vertices are integers, got %q", fields[1])}
			}
		}
		if err := b.edge(fields[0], fields[1], fields[2], idx); err != nil {
			return nil, &ParseError{name, line, err.Error()}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{name, line + 1, err.Error()}
	}
	return b.g, nil
}

func readCSV(r io.Reader, name string) (*Graph, error) {
	b := newBuilder()
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.Comment = '#'
	cr.ReuseRecord = true
	first := true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &ParseError{name, pe.Line, pe.Err.Error()}
			}
			return nil, &ParseError{File: name, Msg: err.Error()}
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			if len(rec) >= 3 && isHeader(rec) {
				continue
			}
		}
		if len(rec) < 3 || len(rec) > 4 {
			return nil, &ParseError{name, line, fmt.Sprintf("want \"src,dst,label[,index]\", got %d fields", len(rec))}
		}
		idx := ""
		if len(rec) == 4 {
			idx = strings.TrimSpace(rec[3])
		}
		if err := b.edge(strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1]), strings.TrimSpace(rec[2]), idx); err != nil {
			return nil, &ParseError{name, line, err.Error()}
		}
	}
	return b.g, nil
}

func isHeader(rec []string) bool {
	h := strings.ToLower(strings.TrimSpace(rec[0]))
	return h == "src" || h == "source" || h == "from" || h == "u"
}

// Write writes g to w in the given format. Text formats write vertex names
// when the graph has them; use WriteFile to also write the name map.
func Write(w io.Writer, g *Graph, format Format) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var err error
	switch format {
	case FormatTSV, "":
		err = writeText(bw, g, '\t', true)
	case FormatGraspan:
		if g.Names != nil {
			return errors.New("graspan format needs integer vertices; this graph has named vertices (write TSV, or the .names map and ids)")
		}
		err = writeText(bw, g, '\t', false)
	case FormatCSV:
		err = writeText(bw, g, ',', true)
	case FormatBinary:
		err = writeBinary(bw, g)
	default:
		return fmt.Errorf("unknown graph format %q (want one of %v)", format, Formats)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

func writeText(w *bufio.Writer, g *Graph, sep byte, withIndex bool) error {
	var buf []byte
	for _, e := range g.Edges {
		if !withIndex && e.Index != NoIndex {
			return fmt.Errorf("edge %d-%d has index %d, which graspan format cannot hold", e.Src, e.Dst, e.Index)
		}
		buf = buf[:0]
		buf = append(buf, g.VertexName(e.Src)...)
		buf = append(buf, sep)
		buf = append(buf, g.VertexName(e.Dst)...)
		buf = append(buf, sep)
		buf = append(buf, g.Labels[e.Label]...)
		if e.Index != NoIndex {
			buf = append(buf, sep)
			buf = strconv.AppendUint(buf, uint64(e.Index), 10)
		}
		buf = append(buf, '\n')
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// WriteFile writes g to path atomically (a temporary file renamed into
// place, so no half-written file is left on error). When the graph has
// vertex names, the id↔name map is also written to path+".names"; the
// Graspan format, which holds only integer vertices, then writes ids.
func WriteFile(path string, g *Graph, format Format) error {
	if format == "" {
		format = FormatFor(path)
	}
	out := g
	if format == FormatGraspan && g.Names != nil {
		c := *g
		c.Names = nil
		out = &c
	}
	if err := AtomicWrite(path, func(w io.Writer) error { return Write(w, out, format) }); err != nil {
		return err
	}
	if g.Names != nil {
		return WriteNames(path+".names", g.Names)
	}
	return nil
}

// WriteNames writes the id↔name map: one "id<TAB>name" line per vertex.
func WriteNames(path string, names []string) error {
	return AtomicWrite(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for i, n := range names {
			fmt.Fprintf(bw, "%d\t%s\n", i, n)
		}
		return bw.Flush()
	})
}

// AtomicWrite writes a file through fn into a temporary file in the same
// directory and renames it into place only if fn and the close succeed.
func AtomicWrite(path string, fn func(io.Writer) error) error {
	return atomicfile.Write(path, fn)
}

var binMagic = []byte("CFLRG\x00\x01\n")

// The binary format: magic, then uvarints: NumVertices, #labels, each label
// (length, bytes), #names (0 = integer vertices), each name, #edges, then
// per edge src, dst, label, index+1 (0 = no index); then a CRC-32 (IEEE,
// little endian) of everything before it.
func writeBinary(w *bufio.Writer, g *Graph) error {
	h := crc32.NewIEEE()
	mw := io.MultiWriter(w, h)
	var buf []byte
	put := func(x uint64) { buf = binary.AppendUvarint(buf, x) }
	flush := func() error {
		_, err := mw.Write(buf)
		buf = buf[:0]
		return err
	}
	buf = append(buf, binMagic...)
	put(uint64(g.NumVertices))
	put(uint64(len(g.Labels)))
	for _, l := range g.Labels {
		put(uint64(len(l)))
		buf = append(buf, l...)
	}
	put(uint64(len(g.Names)))
	for _, n := range g.Names {
		put(uint64(len(n)))
		buf = append(buf, n...)
		if len(buf) > 1<<16 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	put(uint64(len(g.Edges)))
	for _, e := range g.Edges {
		put(uint64(e.Src))
		put(uint64(e.Dst))
		put(uint64(e.Label))
		put(uint64(e.Index + 1)) // NoIndex+1 wraps to 0
		if len(buf) > 1<<16 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, h.Sum32())
}

func readBinary(r io.Reader, name string) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	bad := func(msg string) error { return &ParseError{File: name, Msg: "binary graph: " + msg} }
	if len(data) < len(binMagic)+4 || !bytes.Equal(data[:len(binMagic)], binMagic) {
		return nil, bad("not a cflr binary graph (bad magic)")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, bad("checksum mismatch (truncated or corrupt)")
	}
	p := body[len(binMagic):]
	get := func() (uint64, bool) {
		x, n := binary.Uvarint(p)
		if n <= 0 {
			return 0, false
		}
		p = p[n:]
		return x, true
	}
	getStr := func() (string, bool) {
		n, ok := get()
		if !ok || n > uint64(len(p)) {
			return "", false
		}
		s := string(p[:n])
		p = p[n:]
		return s, true
	}
	g := New()
	nv, ok := get()
	if !ok || nv > maxVertex+1 {
		return nil, bad("bad vertex count")
	}
	g.NumVertices = uint32(nv)
	nl, ok := get()
	if !ok || nl > uint64(len(p)) {
		return nil, bad("bad label count")
	}
	for range nl {
		s, ok := getStr()
		if !ok {
			return nil, bad("bad label")
		}
		g.Label(s)
	}
	if len(g.Labels) != int(nl) {
		return nil, bad("duplicate label")
	}
	nn, ok := get()
	if !ok || nn > uint64(len(p)) || (nn != 0 && nn != nv) {
		return nil, bad("bad name count")
	}
	if nn > 0 {
		g.Names = make([]string, 0, nn)
		for range nn {
			s, ok := getStr()
			if !ok {
				return nil, bad("bad name")
			}
			g.Names = append(g.Names, s)
		}
	}
	ne, ok := get()
	if !ok || ne > uint64(len(p)) {
		return nil, bad("bad edge count")
	}
	g.Edges = make([]Edge, 0, ne)
	for range ne {
		var v [4]uint64
		for j := range v {
			if v[j], ok = get(); !ok {
				return nil, bad("truncated edge")
			}
		}
		if v[0] >= nv || v[1] >= nv || v[2] >= nl || v[3] > uint64(NoIndex) {
			return nil, bad(fmt.Sprintf("edge %d out of range", len(g.Edges)))
		}
		idx := uint32(v[3]) - 1
		if (idx == NoIndex) == IsIndexedLabel(g.Labels[v[2]]) {
			return nil, bad(fmt.Sprintf("edge %d: index does not match label %s", len(g.Edges), g.Labels[v[2]]))
		}
		g.Edges = append(g.Edges, Edge{uint32(v[0]), uint32(v[1]), uint32(v[2]), idx})
	}
	if len(p) != 0 {
		return nil, bad("trailing bytes")
	}
	return g, nil
}
