// Package linetally scores a checker on a testdata tree written for
// another tool: a report counts as a hit when it is on a line that carries
// a // want comment, whatever the wanted message says (another tool's
// wording), and as unwanted otherwise. The tests of frontend/check and
// frontend/check/vet use it on NilAway's suite (frontend/check/testdata/nilaway).
package linetally

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Report is one finding of the checker under test.
type Report struct {
	File string // "" when the finding has no position

	Line    int
	Message string
}

// Row counts the want lines of one directory of the tree, those with a
// report (Hits), and the lines without a want that have one (Unwanted).
type Row struct {
	Dir                   string
	Wants, Hits, Unwanted int
}

// Tally is the score of a set of reports on a tree.
type Tally struct {
	Rows  []Row // one per top-level directory, sorted
	Total Row
	// NoPos counts the reports without a position (they cannot hit).
	NoPos int
	// Unwanted are the reports on lines without a want, sorted, with
	// File relative to the root (slash-separated); Missed the want lines
	// without a report, as "file:line".
	Unwanted []Report
	Missed   []string
}

// WantLines returns the lines of the .go files below root that carry a
// "// want" or "//want" comment, keyed by slash-separated path relative to
// root. As in analysistest, a //line directive moves the wants after it.
func WantLines(root string) (map[string]map[int]bool, error) {
	out := map[string]map[int]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		file := fset.AddFile(path, -1, len(src))
		var sc scanner.Scanner
		sc.Init(file, src, nil, scanner.ScanComments)
		for {
			pos, tok, lit := sc.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT || !isWant(lit) {
				continue
			}
			// The position //line directives give, as analysistest
			// reads it: a want may stand for a line of another file.
			p := fset.Position(pos)
			rel, err := filepath.Rel(root, p.Filename)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if out[rel] == nil {
				out[rel] = map[int]bool{}
			}
			out[rel][p.Line] = true
		}
		return nil
	})
	return out, err
}

// isWant reports whether a comment is an analysistest expectation.
func isWant(c string) bool {
	c, ok := strings.CutPrefix(c, "//")
	if !ok {
		return false
	}
	c = strings.TrimLeft(c, " \t")
	rest, ok := strings.CutPrefix(c, "want")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// Count scores reports against the want lines of root. Several reports
// on one line count once, as hit or unwanted.
func Count(root string, reports []Report) (*Tally, error) {
	wants, err := WantLines(root)
	if err != nil {
		return nil, err
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	rows := map[string]*Row{}
	row := func(file string) *Row {
		dir, _, _ := strings.Cut(file, "/")
		if rows[dir] == nil {
			rows[dir] = &Row{Dir: dir}
		}
		return rows[dir]
	}
	for file, lines := range wants {
		row(file).Wants += len(lines)
	}
	t := &Tally{}
	hit := map[string]bool{} // "file:line", hit or unwanted
	for _, r := range reports {
		if r.File == "" {
			t.NoPos++
			t.Unwanted = append(t.Unwanted, r)
			continue
		}
		abs, err := filepath.Abs(r.File)
		if err != nil {
			return nil, err
		}
		file, err := filepath.Rel(absRoot, abs)
		if err != nil || strings.HasPrefix(file, "..") {
			return nil, fmt.Errorf("report outside %s: %s:%d", root, r.File, r.Line)
		}
		file = filepath.ToSlash(file)
		key := fmt.Sprintf("%s:%d", file, r.Line)
		if wants[file][r.Line] {
			if !hit[key] {
				row(file).Hits++
			}
		} else {
			if !hit[key] {
				row(file).Unwanted++
			}
			t.Unwanted = append(t.Unwanted, Report{File: file, Line: r.Line, Message: r.Message})
		}
		hit[key] = true
	}
	for file, lines := range wants {
		for line := range lines {
			if key := fmt.Sprintf("%s:%d", file, line); !hit[key] {
				t.Missed = append(t.Missed, key)
			}
		}
	}
	for _, r := range rows {
		t.Rows = append(t.Rows, *r)
		t.Total.Wants += r.Wants
		t.Total.Hits += r.Hits
		t.Total.Unwanted += r.Unwanted
	}
	t.Total.Dir = "total"
	sort.Slice(t.Rows, func(i, j int) bool { return t.Rows[i].Dir < t.Rows[j].Dir })
	sort.Slice(t.Unwanted, func(i, j int) bool {
		a, b := t.Unwanted[i], t.Unwanted[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Message < b.Message
	})
	sort.Slice(t.Missed, func(i, j int) bool { return lessKey(t.Missed[i], t.Missed[j]) })
	return t, nil
}

// lessKey orders "file:line" keys by file, then line number.
func lessKey(a, b string) bool {
	fa, la := splitKey(a)
	fb, lb := splitKey(b)
	if fa != fb {
		return fa < fb
	}
	return la < lb
}

func splitKey(k string) (string, int) {
	i := strings.LastIndexByte(k, ':')
	n, _ := strconv.Atoi(k[i+1:])
	return k[:i], n
}

// String formats the tally as a table (directory, want lines, hits, their
// percentage, unwanted lines) with the total last.
func (t *Tally) String() string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "directory\twant lines\thit\t%\tunwanted lines\t")
	for _, r := range append(t.Rows, t.Total) {
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%d\t\n", r.Dir, r.Wants, r.Hits, percent(r.Hits, r.Wants), r.Unwanted)
	}
	if t.NoPos > 0 {
		fmt.Fprintf(w, "(no position)\t\t\t\t%d reports\t\n", t.NoPos)
	}
	w.Flush()
	return b.String()
}

func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", 100*float64(n)/float64(d))
}
