package csr

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// mediumIDs reports a number in [2^20, 2^27) in b.
func mediumIDs(b []byte) bool {
	for _, run := range regexp.MustCompile(`[0-9]+`).FindAll(b, -1) {
		if v, ok := parseUint(bytes.TrimLeft(run, "0")); ok && v >= 1<<20 && v < 1<<27 {
			return true
		}
	}
	return false
}

// smallChunks makes the text parsers cut even tiny inputs into many
// chunks, so that the differential tests cover chunk boundaries.
func smallChunks(t testing.TB, size int) {
	prev := textChunkMin
	textChunkMin = size
	t.Cleanup(func() { textChunkMin = prev })
}

// parseBoth runs the parallel parser and the sequential reference on b and
// reports any difference: the error text (file and line included) or the
// graph.
func parseBoth(b []byte, f Format, base Base) error {
	var got, want *Graph
	var gerr, werr error
	switch f {
	case FormatSNAP:
		got, gerr = parseSNAP(b, "t", ReadOptions{Base: base})
		want, werr = refReadSNAP(bufio.NewReader(bytes.NewReader(b)), "t", ReadOptions{Base: base})
	case FormatEL, FormatWEL:
		got, gerr = parseEL(b, "t", f == FormatWEL, BuildOptions{})
		want, werr = refReadEL(bufio.NewReader(bytes.NewReader(b)), "t", f == FormatWEL, BuildOptions{})
	case FormatMatrixMarket:
		got, gerr = parseMatrixMarket(b, "t", BuildOptions{})
		want, werr = refReadMatrixMarket(bufio.NewReader(bytes.NewReader(b)), "t", BuildOptions{})
	}
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		return fmt.Errorf("error %v, reference %v", gerr, werr)
	}
	if gerr == nil && !sameGraph(got, want) {
		return fmt.Errorf("graphs differ: %d vertices %d edges, reference %d, %d", got.N, got.NumEdges(), want.N, want.NumEdges())
	}
	return nil
}

// randomText writes an edge list with the quirks real files have
// (comments, blank lines, CRLF, tabs and commas, a header line), and, when
// bad, one kind of mistake somewhere.
func randomText(r *rand.Rand, f Format, lines int, bad bool) []byte {
	var b strings.Builder
	n := 1 + r.IntN(50)
	cols := 2
	if f == FormatWEL || f == FormatSNAP && r.IntN(3) == 0 {
		cols = 3
	}
	oneBased := r.IntN(2) == 0
	sep := func() string { return []string{" ", "\t", ",", "  ", " \t"}[r.IntN(5)] }
	eol := func() string { return []string{"\n", "\r\n", "\n"}[r.IntN(3)] }
	switch f {
	case FormatMatrixMarket:
		kind := []string{"pattern", "integer", "real"}[r.IntN(3)]
		symm := []string{"general", "symmetric"}[r.IntN(2)]
		cols, oneBased = 2, true
		if kind != "pattern" {
			cols = 3
		}
		fmt.Fprintf(&b, "%%%%MatrixMarket matrix coordinate %s %s\n%% comment\n", kind, symm)
		nnz := lines
		if bad && r.IntN(3) == 0 {
			nnz = max(0, lines-1-r.IntN(3))
		}
		fmt.Fprintf(&b, "%d %d %d\n", n, n, nnz)
	case FormatSNAP:
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "# a comment\n")
		}
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "%d %d\n", n, lines) // header
		} else {
			oneBased = false
		}
	}
	badAt := r.IntN(lines + 1)
	for i := 0; i < lines; i++ {
		switch r.IntN(12) {
		case 0:
			b.WriteString("# c" + eol())
			if f != FormatMatrixMarket {
				continue
			}
		case 1:
			b.WriteString(eol())
			if f != FormatMatrixMarket {
				continue
			}
		}
		lo := 0
		if oneBased {
			lo = 1
		}
		u, v := lo+r.IntN(n), lo+r.IntN(n)
		fmt.Fprintf(&b, "%s%d%s%d", []string{"", " ", "\t"}[r.IntN(3)], u, sep(), v)
		if cols == 3 {
			w := fmt.Sprint(r.IntN(100))
			if f == FormatMatrixMarket && r.IntN(4) == 0 {
				w += ".0"
			}
			b.WriteString(sep() + w)
		}
		if bad && i == badAt {
			b.WriteString([]string{" x", " 7", " 99999999999999999999", ".5", " #", "\r 1"}[r.IntN(6)])
		}
		b.WriteString(eol())
	}
	if bad && badAt == lines {
		b.WriteString([]string{"0 0\n", "4294967295 1\n", "x\n", "1 2 3 4\n", ",,\n"}[r.IntN(5)])
	}
	if r.IntN(4) == 0 {
		s := b.String()
		return []byte(strings.TrimRight(s, "\r\n"))
	}
	return []byte(b.String())
}

// TestTextParsersMatchReference: the parallel parsers give exactly what the
// sequential ones gave (graph, or error with file and line) on random good
// and bad files cut into many chunks, on 1 and 4 cores.
func TestTextParsersMatchReference(t *testing.T) {
	withProcs(t, func(t *testing.T) {
		for _, size := range []int{1, 7, 64, 1 << 22} {
			smallChunks(t, size)
			r := rand.New(rand.NewPCG(uint64(size), 9))
			for i := range 300 {
				f := []Format{FormatSNAP, FormatEL, FormatWEL, FormatMatrixMarket}[i%4]
				b := randomText(r, f, 1+r.IntN(60), i%3 == 0)
				base := []Base{BaseAuto, BaseZero, BaseOne}[r.IntN(3)]
				if err := parseBoth(b, f, base); err != nil {
					t.Fatalf("chunk %d, %s, base %d: %v\n%s", size, f, base, err, b)
				}
			}
		}
	})
}

// FuzzParseText: on any input, the parallel parsers and the sequential
// reference agree, with chunks of a few bytes.
func FuzzParseText(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 8 {
		f.Add(randomText(r, []Format{FormatSNAP, FormatEL, FormatWEL, FormatMatrixMarket}[i%4], 6, i > 3), uint8(i%4), uint8(0), uint8(5))
	}
	f.Fuzz(func(t *testing.T, b []byte, format, base, chunk uint8) {
		if mediumIDs(b) {
			t.Skip("ids from 2^20 to 2^27 pass the plausibility check and cost a large offset array in both parsers")
		}
		smallChunks(t, 1+int(chunk%64))
		fm := []Format{FormatSNAP, FormatEL, FormatWEL, FormatMatrixMarket}[format%4]
		if err := parseBoth(b, fm, Base(base%3)); err != nil {
			t.Fatalf("%s: %v", fm, err)
		}
	})
}
