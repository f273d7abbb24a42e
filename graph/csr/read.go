package csr

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// Format names a graph file format understood by Read.
type Format string

// The formats Read understands. FormatAuto picks one from the file name.
const (
	FormatAuto Format = ""
	// FormatSNAP is a text edge list: "u v" or "u v w" per line, '#' or '%'
	// comments. An optional first line "n m" (as in the SNAP copies under
	// ../shared/data/graphs) is recognised when it is followed by exactly m
	// edge lines whose ids all lie in [0,n]; ids are then 1-based when none is
	// 0, as those files are.
	FormatSNAP Format = "snap"
	// FormatMatrixMarket is "%%MatrixMarket matrix coordinate ..." (1-based).
	FormatMatrixMarket Format = "mtx"
	// FormatEL and FormatWEL are Tigr/Subway text edge lists (0-based).
	FormatEL  Format = "el"
	FormatWEL Format = "wel"
	// FormatBCSR and FormatBWCSR are Subway's binary CSR: uint32 n, uint32 m,
	// uint32 offsets[n], then m uint32 destinations (bcsr) or m (dst, weight)
	// uint32 pairs (bwcsr). Little-endian.
	FormatBCSR  Format = "bcsr"
	FormatBWCSR Format = "bwcsr"
	// FormatG2Miner is GraphMiner/G2Miner's binary CSR: PREFIX.meta.txt,
	// PREFIX.vertex.bin (int64 offsets, n+1), PREFIX.edge.bin (int32
	// destinations) and optionally PREFIX.vlabel.bin (uint8 labels).
	FormatG2Miner Format = "g2miner"
)

// ReadOptions controls Read. The zero value reads the file as it is.
type ReadOptions struct {
	// Format overrides detection from the file name.
	Format Format
	// Build is applied after parsing (symmetrize, dedup, drop self-loops).
	// Build.Weighted keeps weights when the format has them; it is set
	// automatically for weighted formats (.wel, .bwcsr, weighted .mtx and
	// three-column SNAP files).
	Build BuildOptions
	// Base forces 0- or 1-based vertex ids for SNAP files (-1 or 0: auto;
	// see FormatSNAP). Use 1 or 0 via BaseOne / BaseZero.
	Base Base
}

// Base selects vertex-id numbering for text edge lists.
type Base int

const (
	BaseAuto Base = iota
	BaseZero
	BaseOne
)

// DetectFormat guesses a format from a file name.
func DetectFormat(path string) Format {
	name := strings.ToLower(path)
	switch {
	case strings.HasSuffix(name, ".mtx"):
		return FormatMatrixMarket
	case strings.HasSuffix(name, ".wel"):
		return FormatWEL
	case strings.HasSuffix(name, ".el"):
		return FormatEL
	case strings.HasSuffix(name, ".bwcsr"):
		return FormatBWCSR
	case strings.HasSuffix(name, ".bcsr"):
		return FormatBCSR
	case strings.HasSuffix(name, ".cflr"), strings.HasSuffix(name, ".cflr-asread"),
		strings.HasSuffix(name, ".cflr-undirected"), strings.HasSuffix(name, ".cflr-oriented"):
		return FormatCFLR // cflr's own format, or a prepared-graph sidecar (SidecarPath)
	case strings.HasSuffix(name, ".meta.txt"), strings.HasSuffix(name, ".vertex.bin"), strings.HasSuffix(name, ".edge.bin"):
		return FormatG2Miner
	}
	if _, err := os.Stat(path + ".meta.txt"); err == nil {
		return FormatG2Miner
	}
	return FormatSNAP
}

// Read loads a graph from path. Errors name the file and, for text formats,
// the line.
func Read(path string, opt ReadOptions) (*Graph, error) {
	f := opt.Format
	if f == FormatAuto {
		f = DetectFormat(path)
	}
	switch f {
	case FormatG2Miner:
		return ReadG2Miner(g2Prefix(path), opt.Build)
	case FormatCFLR:
		g, err := ReadCFLR(path)
		if err != nil {
			return nil, err
		}
		return applyBuild(g, opt.Build)
	case FormatBCSR, FormatBWCSR:
		g, err := ReadBCSRFile(path, f == FormatBWCSR)
		if err != nil {
			return nil, err
		}
		return applyBuild(g, opt.Build)
	}
	switch f {
	case FormatSNAP, FormatEL, FormatWEL, FormatMatrixMarket:
	default:
		return nil, fmt.Errorf("%s: unknown graph format %q", path, f)
	}
	data, err := readWhole(path)
	if err != nil {
		return nil, err
	}
	switch f {
	case FormatSNAP:
		return parseSNAP(data, path, opt)
	case FormatEL, FormatWEL:
		return parseEL(data, path, f == FormatWEL, opt.Build)
	}
	return parseMatrixMarket(data, path, opt.Build)
}

func g2Prefix(path string) string {
	for _, s := range []string{".meta.txt", ".vertex.bin", ".edge.bin"} {
		if strings.HasSuffix(path, s) {
			return strings.TrimSuffix(path, s)
		}
	}
	return path
}

// fields splits on blanks (space, tab, comma) into at most len(dst) fields
// and returns how many there were in total.
func fields(b []byte, dst [][]byte) int {
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

func parseUint(b []byte) (uint64, bool) {
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
func parseWeight(b []byte) (uint32, bool) {
	if v, ok := parseUint(b); ok {
		return uint32(v), v <= math.MaxUint32
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || f < 0 || f > math.MaxUint32 || f != math.Trunc(f) {
		return 0, false
	}
	return uint32(f), true
}

func isComment(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) == 0 || b[0] == '#' || b[0] == '%'
}

// plausible rejects vertex counts that 32-bit ids cannot hold, and headers
// that announce far more vertices than their edges could touch (a corrupt
// header would otherwise cost a huge offset array before any check fails).
func plausible(n, m uint64) error {
	if n >= math.MaxUint32 {
		return fmt.Errorf("%d vertices: more than 32-bit ids allow", n)
	}
	if n > 2*m+1<<26 {
		return fmt.Errorf("%d vertices for %d edges: implausible header", n, m)
	}
	return nil
}

// applyBuild rebuilds g when bo asks for something (symmetrize, dedup, drop
// self-loops): binary formats are read as they are, then cleaned.
func applyBuild(g *Graph, bo BuildOptions) (*Graph, error) {
	if !bo.Symmetrize && !bo.Dedup && !bo.DropSelfLoops {
		return g, nil
	}
	bo.Weighted = g.Weights != nil
	h, err := FromEdges(g.N, g.Edges(), bo)
	if err != nil {
		return nil, err
	}
	h.Labels = g.Labels
	return h, nil
}
