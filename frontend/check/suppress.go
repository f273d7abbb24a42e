package check

import (
	"go/scanner"
	"go/token"
	"os"
	"strings"

	"github.com/cflr/cflr/frontend"
)

// A //cflr:ignore <check>[,<check>...] <reason> comment suppresses the
// findings of the named checks (or of every check, for "all") on its own
// line and on the line below it. The reason is free text; it is there
// for the reader.

// Directive is a parsed //cflr:ignore comment.
type Directive struct {
	Checks []string // check names, or ["all"]
	Reason string
}

const ignorePrefix = "//cflr:ignore"

// ParseDirective parses one comment's text (with its // marker). ok is
// false when the comment is not a well-formed //cflr:ignore directive:
// another comment, a /* */ comment, or one naming no check.
func ParseDirective(comment string) (d Directive, ok bool) {
	rest, found := strings.CutPrefix(comment, ignorePrefix)
	if !found {
		return Directive{}, false
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Directive{}, false // //cflr:ignored, ...
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return Directive{}, false
	}
	for _, c := range strings.Split(fields[0], ",") {
		if c == "" {
			return Directive{}, false
		}
		d.Checks = append(d.Checks, c)
	}
	d.Reason = strings.Join(fields[1:], " ")
	return d, true
}

// Covers reports whether d suppresses findings of check.
func (d Directive) Covers(check string) bool {
	for _, c := range d.Checks {
		if c == check || c == "all" {
			return true
		}
	}
	return false
}

// suppressions indexes the directives of the files findings are in, read
// on demand.
type suppressions struct {
	wd    string
	files map[string]map[int][]Directive // file → line → directives on it
}

func collectSuppressions(prog *frontend.Program) *suppressions {
	return &suppressions{wd: prog.WorkingDir(), files: map[string]map[int][]Directive{}}
}

func (s *suppressions) suppresses(f Finding) bool {
	lines := s.file(f.Pos.Filename)
	for _, l := range []int{f.Pos.Line, f.Pos.Line - 1} {
		for _, d := range lines[l] {
			if d.Covers(f.Check) {
				return true
			}
		}
	}
	return false
}

func (s *suppressions) file(name string) map[int][]Directive {
	if m, ok := s.files[name]; ok {
		return m
	}
	path := name
	if !strings.HasPrefix(path, "/") && s.wd != "" {
		path = s.wd + "/" + path
	}
	src, err := os.ReadFile(path)
	m := map[int][]Directive{}
	if err == nil {
		m = Directives(src)
	}
	s.files[name] = m
	return m
}

// Directives returns the //cflr:ignore directives of a Go source file by
// line. Only real comments count (go/scanner: not text in strings).
func Directives(src []byte) map[int][]Directive {
	m := map[int][]Directive{}
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, src, func(token.Position, string) {}, scanner.ScanComments)
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT || !strings.HasPrefix(lit, ignorePrefix) {
			continue
		}
		if d, ok := ParseDirective(lit); ok {
			line := fset.Position(pos).Line
			m[line] = append(m[line], d)
		}
	}
	return m
}
