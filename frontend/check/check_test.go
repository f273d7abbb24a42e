package check

import (
	"context"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cflr/cflr/frontend"
)

// The harness is analysistest's for `cflr check`: a testdata package's
// lines carry // want "regexp" comments (Go string literals, several per
// line allowed), and every finding must match a want on its line while
// every want must be matched by a finding.

// loadTestdata loads testdata/src/<pkgs> (one module) for checking.
func loadTestdata(t testing.TB, pkgs ...string) *frontend.Program {
	t.Helper()
	var pats []string
	for _, p := range pkgs {
		pats = append(pats, "./"+p)
	}
	prog, err := frontend.Load(context.Background(), &frontend.Config{Dir: "testdata/src", Debug: true, Prune: true}, pats...)
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatalf("testdata has errors: %v", prog.Errors)
	}
	return prog
}

// runCheck loads pkgs and runs checks on them.
func runCheck(t testing.TB, cfg *Config, pkgs ...string) ([]Finding, *frontend.Program) {
	t.Helper()
	prog := loadTestdata(t, pkgs...)
	fs, err := Run(context.Background(), prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return fs, prog
}

type want struct {
	re      *regexp.Regexp
	matched bool
}

// wants reads the // want comments of every .go file below dir, keyed by
// absolute file name and line.
func wants(t testing.TB, dir string) map[string]map[int][]*want {
	t.Helper()
	out := map[string]map[int][]*want{}
	walkTestdata(t, dir, func(abs string, src []byte) error {
		ws, err := parseWants(src)
		if err != nil {
			return fmt.Errorf("%s:%v", abs, err)
		}
		out[abs] = ws
		return nil
	})
	return out
}

// walkTestdata calls fn with the absolute path and the text of each Go
// file below dir: the one walk behind every comment-driven expectation
// (// want, nilsources' // all).
func walkTestdata(t testing.TB, dir string, fn func(abs string, src []byte) error) {
	t.Helper()
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		abs, _ := filepath.Abs(path)
		return fn(abs, src)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func parseWants(src []byte) (map[int][]*want, error) {
	m := map[int][]*want{}
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, src, nil, scanner.ScanComments)
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT {
			continue
		}
		rest, ok := strings.CutPrefix(lit, "// want ")
		if !ok {
			continue
		}
		line := fset.Position(pos).Line
		var s scanner.Scanner
		f2 := token.NewFileSet().AddFile("", -1, len(rest))
		s.Init(f2, []byte(rest), nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF || tok == token.SEMICOLON {
				break
			}
			if tok != token.STRING {
				return nil, fmt.Errorf("%d: want: expected a string literal, got %s", line, tok)
			}
			pat, err := strconv.Unquote(lit)
			if err != nil {
				return nil, fmt.Errorf("%d: %v", line, err)
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				return nil, fmt.Errorf("%d: %v", line, err)
			}
			m[line] = append(m[line], &want{re: re})
		}
	}
	return m, nil
}

// expect checks findings against the want comments of testdata/src/<pkgs>.
func expect(t *testing.T, fs []Finding, pkgs ...string) {
	t.Helper()
	var dirs []string
	for _, p := range pkgs {
		dirs = append(dirs, filepath.Join("testdata/src", strings.TrimSuffix(p, "/...")))
	}
	expectIn(t, fs, dirs...)
}

// expectIn checks findings against the want comments below dirs.
func expectIn(t *testing.T, fs []Finding, dirs ...string) {
	t.Helper()
	all := map[string]map[int][]*want{}
	for _, d := range dirs {
		for f, ws := range wants(t, d) {
			all[f] = ws
		}
	}
	for _, f := range fs {
		abs, _ := filepath.Abs(f.Pos.Filename)
		ok := false
		for _, w := range all[abs][f.Pos.Line] {
			if w.re.MatchString(f.Message) {
				w.matched, ok = true, true
			}
		}
		if !ok {
			t.Errorf("unexpected finding %s: %s\n%s", f.Pos, f.Message, witnessString(f))
		}
	}
	var missing []string
	for file, lines := range all {
		for line, ws := range lines {
			for _, w := range ws {
				if !w.matched {
					missing = append(missing, fmt.Sprintf("%s:%d: no finding matches %q", file, line, w.re))
				}
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Error(m)
	}
}

func witnessString(f Finding) string {
	var b strings.Builder
	for _, s := range f.Witness {
		fmt.Fprintf(&b, "\t%s: %s\n", s.Pos, s.Desc)
	}
	return b.String()
}
