package grammar

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format names a grammar file format.
type Format string

const (
	// FormatCFLR is cflr's own language (see the package doc).
	FormatCFLR Format = "cflr"
	// FormatGraspan is Graspan's grammar file: one rule per line, 1–3
	// whitespace-separated symbols, left-hand side first; inverse labels
	// have a leading '-'.
	FormatGraspan Format = "graspan"
	// FormatPOCR is the POCR artifact's .cfg: tab-separated rules, then
	// Count:/Production:/Insert:/Follow: sections.
	FormatPOCR Format = "pocr"
)

// Formats lists the grammar formats ParseFile accepts.
var Formats = []Format{FormatCFLR, FormatGraspan, FormatPOCR}

// DetectFormat guesses a grammar file's format from its content: a file
// with "::=" is cflr's language, one with a "Count:" line is POCR's, and
// anything else is Graspan's.
func DetectFormat(src []byte) Format {
	switch {
	case bytes.Contains(src, []byte("::=")) || bytes.Contains(src, []byte("%count")) || bytes.Contains(src, []byte("%inverse")):
		return FormatCFLR
	case bytes.Contains(src, []byte("Count:")) || bytes.Contains(src, []byte("\t")):
		return FormatPOCR
	}
	return FormatGraspan
}

// ParseFile reads a grammar file in the given format ("" detects it).
func ParseFile(path string, format Format) (*Grammar, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseFormat(path, src, format)
}

// ParseFormat parses src, named name in errors, in the given format ("" to
// detect it).
func ParseFormat(name string, src []byte, format Format) (*Grammar, error) {
	if format == "" {
		format = DetectFormat(src)
	}
	switch format {
	case FormatCFLR:
		return Parse(name, src)
	case FormatGraspan:
		return ParseGraspan(name, src)
	case FormatPOCR:
		return ParsePOCR(name, src)
	}
	return nil, fmt.Errorf("%s: unknown grammar format %q (want one of %v)", name, format, Formats)
}

// token is a word on a line with its 1-based column.
type token struct {
	text string
	col  int
}

// splitFields splits a line into tokens with columns, at runs of any
// whitespace (or only tabs, when tabsOnly).
func splitFields(line string, tabsOnly bool) []token {
	var toks []token
	start := -1
	sep := func(r rune) bool {
		if tabsOnly {
			return r == '\t'
		}
		return unicode.IsSpace(r)
	}
	col := 1
	for i, r := range line {
		if sep(r) {
			if start >= 0 {
				toks = append(toks, token{line[start:i], col})
				start = -1
			}
		} else if start < 0 {
			start = i
			col = utf8.RuneCountInString(line[:i]) + 1
		}
	}
	if start >= 0 {
		toks = append(toks, token{strings.TrimSpace(line[start:]), col})
	}
	return toks
}

func validSymbol(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return false
	}
	return true
}

func isEpsilon(s string) bool { return s == "ε" || s == "eps" || s == "epsilon" }

// Parse parses a grammar in cflr's language. name is used in errors.
func Parse(name string, src []byte) (*Grammar, error) {
	g := New()
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	lineNo := 0
	lastLHS := ""
	seenCount := false
	errAt := func(col int, format string, args ...any) error {
		return &Error{Pos: Pos{File: name, Line: lineNo, Col: col}, Msg: fmt.Sprintf(format, args...)}
	}
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if !utf8.ValidString(line) {
			return nil, errAt(1, "invalid UTF-8")
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		toks := splitFields(line, false)
		if len(toks) == 0 {
			continue
		}
		first := toks[0]
		if strings.HasPrefix(first.text, "%") {
			var dst *[]int
			switch first.text {
			case "%inverse":
				dst = &g.Inverse
			case "%count":
				dst = &g.Count
				seenCount = true
			default:
				return nil, errAt(first.col, "unknown directive %s (want %%inverse or %%count)", first.text)
			}
			if len(toks) == 1 {
				return nil, errAt(first.col, "%s needs at least one symbol", first.text)
			}
			for _, t := range toks[1:] {
				s := strings.TrimSuffix(t.text, ",")
				if !validSymbol(s) {
					return nil, errAt(t.col, "bad symbol %q", t.text)
				}
				if first.text == "%inverse" && strings.HasPrefix(s, "-") {
					return nil, errAt(t.col, "%%inverse takes terminals, not their inverses (%s)", s)
				}
				*dst = append(*dst, g.Symbol(s))
			}
			lastLHS = ""
			continue
		}
		var lhs string
		var lhsCol int
		var rest []token
		switch {
		case first.text == "|":
			if lastLHS == "" {
				return nil, errAt(first.col, "'|' continues a production, but there is none before it")
			}
			lhs, lhsCol, rest = lastLHS, first.col, toks
		case len(toks) >= 2 && (toks[1].text == "::=" || toks[1].text == "->" || toks[1].text == "→"):
			lhs, lhsCol, rest = first.text, first.col, toks[2:]
			if !validSymbol(lhs) || isEpsilon(lhs) {
				return nil, errAt(first.col, "bad left-hand side %q", lhs)
			}
			if strings.HasPrefix(lhs, "-") {
				return nil, errAt(first.col, "left-hand side %s is an inverse; define %s instead", lhs, lhs[1:])
			}
			// An empty right-hand side (X ::=) is written ε; say so.
			if len(rest) == 0 {
				return nil, errAt(toks[1].col, "empty right-hand side; write ε for the empty string")
			}
			rest = append([]token{{"|", toks[1].col}}, rest...)
		default:
			col := first.col
			if len(toks) >= 2 {
				col = toks[1].col
			}
			return nil, errAt(col, "expected 'LHS ::= ...', a '|' continuation, or a %% directive")
		}
		// rest is a sequence of "| alt" groups.
		var alt []string
		altCol, eps := 0, false
		flush := func(col int) error {
			switch {
			case altCol == 0:
				return nil
			case eps:
				g.AddRule(Pos{File: name, Line: lineNo, Col: altCol}, lhs)
			case len(alt) == 0:
				return errAt(altCol, "empty alternative; write ε for the empty string")
			default:
				g.AddRule(Pos{File: name, Line: lineNo, Col: altCol}, lhs, alt...)
			}
			alt, altCol, eps = nil, 0, false
			return nil
		}
		for _, t := range rest {
			switch {
			case t.text == "|":
				if err := flush(t.col); err != nil {
					return nil, err
				}
				altCol = t.col
			case isEpsilon(t.text):
				if len(alt) > 0 || eps {
					return nil, errAt(t.col, "ε must stand alone in its alternative")
				}
				eps, altCol = true, t.col
			default:
				if eps {
					return nil, errAt(t.col, "ε must stand alone in its alternative")
				}
				if !validSymbol(t.text) {
					return nil, errAt(t.col, "bad symbol %q", t.text)
				}
				if len(alt) == 0 {
					altCol = t.col
				}
				alt = append(alt, t.text)
			}
		}
		if err := flush(lhsCol); err != nil {
			return nil, err
		}
		lastLHS = lhs
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, lineNo+1, err)
	}
	if len(g.Rules) == 0 {
		return nil, &Error{Pos: Pos{File: name}, Msg: "no productions"}
	}
	_ = seenCount
	if err := g.finish(); err != nil {
		return nil, inFile(err, name)
	}
	return g, nil
}

// inFile fills in the file name of a position-less grammar error.
func inFile(err error, name string) error {
	if e, ok := err.(*Error); ok && e.Pos.File == "" {
		e.Pos.File = name
	}
	return err
}

// ParseGraspan parses a Graspan grammar file: each non-blank line holds 1–3
// whitespace-separated symbols, the left-hand side first (a lone symbol is an
// ε rule). Inverse labels are written with a leading '-'; every terminal whose
// inverse appears gets its inverse edges generated, as Graspan does. The
// first rule's left-hand side is reported.
func ParseGraspan(name string, src []byte) (*Grammar, error) {
	g := New()
	lineNo := 0
	for line := range strings.SplitSeq(string(src), "\n") {
		lineNo++
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		toks := splitFields(line, false)
		if len(toks) == 0 {
			continue
		}
		if len(toks) > 3 {
			return nil, &Error{Pos: Pos{name, lineNo, toks[3].col}, Msg: fmt.Sprintf("a Graspan rule has at most 3 symbols, this line has %d", len(toks))}
		}
		var syms []string
		for _, t := range toks {
			if !validSymbol(t.text) {
				return nil, &Error{Pos: Pos{name, lineNo, t.col}, Msg: fmt.Sprintf("bad symbol %q", t.text)}
			}
			syms = append(syms, t.text)
		}
		if strings.HasPrefix(syms[0], "-") {
			return nil, &Error{Pos: Pos{name, lineNo, toks[0].col}, Msg: "left-hand side cannot be an inverse label"}
		}
		g.AddRule(Pos{name, lineNo, toks[0].col}, syms[0], syms[1:]...)
	}
	if len(g.Rules) == 0 {
		return nil, &Error{Pos: Pos{File: name}, Msg: "no productions"}
	}
	if err := g.finish(); err != nil {
		return nil, inFile(err, name)
	}
	for i, s := range g.Symbols {
		if s.InverseOf >= 0 && !g.Symbols[s.InverseOf].Nonterminal {
			g.Inverse = append(g.Inverse, s.InverseOf)
			_ = i
		}
	}
	return g, g.finish()
}

// ParsePOCR parses a POCR artifact grammar (.cfg): tab-separated rules, the
// left-hand side first (a lone symbol is an ε rule), followed by sections
// "Count:", "Production:", "Insert:" and "Follow:". Count names the reported
// symbols; the other sections are hints for POCR's own solver and are
// checked for syntax only. POCR spells inverses with a "bar" suffix (abar,
// fbar_i) and its graphs already hold the inverse edges, so none are
// generated.
func ParsePOCR(name string, src []byte) (*Grammar, error) {
	g := New()
	lineNo := 0
	section := ""
	for line := range strings.SplitSeq(string(src), "\n") {
		lineNo++
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		toks := splitFields(line, false)
		if len(toks) == 1 && strings.HasSuffix(toks[0].text, ":") {
			switch toks[0].text {
			case "Count:", "Production:", "Insert:", "Follow:":
				section = toks[0].text
				continue
			}
		}
		for _, t := range toks {
			if !validSymbol(t.text) || strings.HasPrefix(t.text, "-") {
				return nil, &Error{Pos: Pos{name, lineNo, t.col}, Msg: fmt.Sprintf("bad symbol %q", t.text)}
			}
		}
		switch section {
		case "":
			if len(toks) > 3 {
				return nil, &Error{Pos: Pos{name, lineNo, toks[3].col}, Msg: "a POCR rule has at most 3 symbols"}
			}
			var rhs []string
			for _, t := range toks[1:] {
				rhs = append(rhs, t.text)
			}
			g.AddRule(Pos{name, lineNo, toks[0].col}, toks[0].text, rhs...)
		case "Count:":
			for _, t := range toks {
				g.Count = append(g.Count, g.Symbol(t.text))
			}
		default:
			// Solver hints; syntax checked above.
		}
	}
	if len(g.Rules) == 0 {
		return nil, &Error{Pos: Pos{File: name}, Msg: "no productions"}
	}
	if err := g.finish(); err != nil {
		return nil, inFile(err, name)
	}
	return g, nil
}

// BaseName is a display name for a grammar file path.
func BaseName(path string) string { return filepath.Base(path) }
