package check

import (
	"bytes"
	"go/token"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// htmlSrc is a source file whose text must come out escaped.
const htmlSrc = `package p

// A comment with </script><script>alert(1)</script> in it.
func f(s *T) string {
	x := "<b>&amp;</b>"
	return s.name + x
}

func g() { f(nil) } // π: a multi-byte rune before the call
`

// htmlFindings are two findings: one whose witness crosses from a file
// that exists into one that does not (no excerpt, no crash), one whose
// last step is its sink.
func htmlFindings(dir string) []Finding {
	file := filepath.Join(dir, "p.go")
	pos := func(file string, line, col int) token.Position {
		return token.Position{Filename: file, Line: line, Column: col}
	}
	return []Finding{
		{Check: "nilflow", Pos: pos(file, 6, 9), Func: "(*example.com/p.T).f", Message: "s may be nil at field access s.name <script>",
			Witness: []Step{{pos(file, 9, 13), "nil passed to p.f as s"}, {pos(filepath.Join(dir, "gone.go"), 3, 1), "stored in <x>"}}},
		{Check: "taint", Pos: pos(file, 5, 2), Func: "example.com/q/r.g$1", Message: "tainted",
			Witness: []Step{{pos(file, 1, 1), "source"}, {pos(file, 5, 2), "x is tainted here"}}},
		// Positions the file does not have, and none at all: no excerpt,
		// or a line without a mark.
		{Check: "nilflow", Pos: pos(file, 99, 1), Func: "example.com/p.h", Message: "past the end",
			Witness: []Step{{pos("", 0, 0), "nowhere"}, {pos(file, 2, 40), "past the line's end"}}},
	}
}

func writeTestReport(t *testing.T) (dir string, fs []Finding, page string) {
	t.Helper()
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "p.go"), []byte(htmlSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	fs = htmlFindings(src)
	dir = filepath.Join(t.TempDir(), "report")
	if err := WriteHTML(dir, fs, HTMLOptions{Title: "./p <&>"}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, fs, string(b)
}

// TestHTMLStructure checks the report's structure through its ids: every
// finding and step is there, every step of a readable file has an excerpt
// with its line highlighted and its token marked, every link leads to an
// anchor, the JSON is WriteJSON's, and the source text is escaped.
func TestHTMLStructure(t *testing.T) {
	dir, fs, page := writeTestReport(t)

	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if ids[m[1]] {
			t.Errorf("duplicate id %q", m[1])
		}
		ids[m[1]] = true
	}
	for _, m := range regexp.MustCompile(` href="#([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if !ids[m[1]] {
			t.Errorf("link to #%s, which is no anchor", m[1])
		}
	}

	// Steps: the list items of each finding's section, in order.
	stepRE := regexp.MustCompile(`(?s)<li id="(f\d+-(?:\d+|sink))" data-n="(\d+)"( class="sink")?>(.*?)</li>`)
	for k, f := range fs {
		id := "f" + strconv.Itoa(k+1)
		if !strings.Contains(page, `<a href="#`+id+`">`) {
			t.Errorf("finding %s not in the list", id)
		}
		start := strings.Index(page, `<section class="finding" id="`+id+`"`)
		if start < 0 {
			t.Fatalf("finding %s has no section", id)
		}
		sec := page[start:]
		sec = sec[:strings.Index(sec, "</section>")]
		want := append([]Step(nil), f.Witness...)
		if want[len(want)-1].Pos != f.Pos {
			want = append(want, Step{f.Pos, f.Message})
		}
		steps := stepRE.FindAllStringSubmatch(sec, -1)
		if len(steps) != len(want) {
			t.Fatalf("%s: %d steps, want %d", id, len(steps), len(want))
		}
		for i, m := range steps {
			sink := i == len(want)-1
			if (m[3] != "") != sink || strings.HasSuffix(m[1], "-sink") != sink {
				t.Errorf("%s step %d: id %s, class %q: sink marked wrongly", id, i+1, m[1], m[3])
			}
			if m[2] != strconv.Itoa(i+1) {
				t.Errorf("%s step %d numbered %s", id, i+1, m[2])
			}
			body := m[4]
			if !sink && !strings.Contains(body, `<a href="#`+steps[i+1][1]+`" class="next">`) {
				t.Errorf("%s step %d does not link to the next", id, i+1)
			}
			if !strings.Contains(body, html.EscapeString(want[i].Pos.String())) {
				t.Errorf("%s step %d lacks its position %s", id, i+1, want[i].Pos)
			}
			if _, err := os.Stat(want[i].Pos.Filename); err != nil || want[i].Pos.Line > strings.Count(htmlSrc, "\n") {
				if !strings.Contains(body, "source not available") || strings.Contains(body, "<table>") {
					t.Errorf("%s step %d: missing file, yet an excerpt:\n%s", id, i+1, body)
				}
				continue
			}
			hit := regexp.MustCompile(`<tr class="hit"><td class="ln">(\d+)</td><td>(.*)</td></tr>`).FindAllStringSubmatch(body, -1)
			if len(hit) != 1 || hit[0][1] != strconv.Itoa(want[i].Pos.Line) {
				t.Errorf("%s step %d: highlighted lines %q, want line %d", id, i+1, hit, want[i].Pos.Line)
				continue
			}
			if marked := regexp.MustCompile(`<span class="(\w )?m">`).MatchString(hit[0][2]); marked != (want[i].Pos.Column <= 20) {
				t.Errorf("%s step %d: token marked %v in %s", id, i+1, marked, hit[0][2])
			}
		}
	}

	// The call at g's f( is marked with its callee's name, past a
	// multi-byte rune on the line (columns are bytes).
	if !strings.Contains(page, `{ <span class="m">f(</span><span class="k">nil</span>) }`) {
		t.Error("call f(nil) not marked as f(")
	}

	// The embedded JSON and findings.json are WriteJSON's output.
	var js bytes.Buffer
	if err := WriteJSON(&js, fs); err != nil {
		t.Fatal(err)
	}
	const open = `<script type="application/json" id="findings-data">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("no embedded JSON")
	}
	emb, _, _ := strings.Cut(page[i+len(open):], "</script>")
	if emb != js.String() {
		t.Errorf("embedded JSON differs from WriteJSON's:\n%s\nwant\n%s", emb, js.String())
	}
	if b, err := os.ReadFile(filepath.Join(dir, "findings.json")); err != nil || !bytes.Equal(b, js.Bytes()) {
		t.Errorf("findings.json differs from WriteJSON's output (%v)", err)
	}

	// Escaping: three script elements (ours), the source's and the
	// message's markup as text.
	if n := strings.Count(page, "<script"); n != 3 {
		t.Errorf("%d script elements, want 3", n)
	}
	for _, bad := range []string{"alert(1)</script>", "<b>", "<x>", "<&>"} {
		if strings.Contains(page, bad) {
			t.Errorf("unescaped %q in the page", bad)
		}
	}
	for _, good := range []string{"&lt;/script&gt;&lt;script&gt;alert(1)", "&lt;b&gt;&amp;amp;&lt;/b&gt;", "stored in &lt;x&gt;"} {
		if !strings.Contains(page, good) {
			t.Errorf("page lacks %q", good)
		}
	}

	// Filters: one option per check and per package (with its count),
	// and rows and sections labeled with them.
	for _, want := range []string{`<option value="nilflow">nilflow (2)</option>`, `<option value="taint">taint (1)</option>`,
		`<option value="example.com/p">example.com/p (2)</option>`, `<option value="example.com/q/r">example.com/q/r (1)</option>`,
		`<li data-check="taint" data-pkg="example.com/q/r">`, ` · (*p.T).f</span>`, ` · r.g$1</span>`, `id="f1" data-check="nilflow" data-pkg="example.com/p"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	// Self-contained: no URL the browser would fetch.
	if m := regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).FindString(page); m != "" {
		t.Errorf("external reference %s", m)
	}
}

// TestHTMLWrite: a report replaces an earlier one and is the same for the
// same findings; a directory holding other files is refused, untouched,
// and no temporary directory is left behind.
func TestHTMLWrite(t *testing.T) {
	dir, fs, page := writeTestReport(t)
	if err := WriteHTML(dir, fs, HTMLOptions{Title: "./p <&>"}); err != nil {
		t.Fatalf("rewriting a report: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(b) != page {
		t.Error("the same findings gave another page")
	}
	if err := WriteHTML(dir, nil, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); !strings.Contains(string(b), "No findings.") {
		t.Error("no findings: page does not say so")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "findings.json")); string(b) != "[]\n" {
		t.Errorf("no findings: findings.json %q", b)
	}

	other := t.TempDir()
	keep := filepath.Join(other, "keep.txt")
	os.WriteFile(keep, []byte("mine"), 0o644)
	if err := WriteHTML(other, fs, HTMLOptions{}); err == nil || !strings.Contains(err.Error(), "not a cflr report") {
		t.Errorf("directory with other files: err = %v", err)
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "mine" {
		t.Errorf("other file touched: %q %v", b, err)
	}
	if err := WriteHTML(filepath.Join(keep, "r"), fs, HTMLOptions{}); err == nil {
		t.Error("report under a file: no error")
	}
	if err := WriteHTML(filepath.Join(other, "no", "r"), fs, HTMLOptions{}); err == nil {
		t.Error("report under a missing directory: no error")
	}
	for _, parent := range []string{filepath.Dir(dir), other} {
		es, _ := os.ReadDir(parent)
		for _, e := range es {
			if strings.Contains(e.Name(), ".tmp") {
				t.Errorf("temporary %s left in %s", e.Name(), parent)
			}
		}
	}
}

func TestFindingPackage(t *testing.T) {
	for _, c := range []struct{ fn, file, want string }{
		{"(*golang.org/x/tools/cmd/present.T).M", "", "golang.org/x/tools/cmd/present"},
		{"main.main", "", "main"},
		{"example.com/p.f$1", "", "example.com/p"},
		{"example.com/p.F[example.com/q.T]", "", "example.com/p"},
		{"", "a/b/c.go", "a/b"},
	} {
		f := Finding{Func: c.fn, Pos: token.Position{Filename: c.file}}
		if got := findingPackage(f); got != c.want {
			t.Errorf("findingPackage(%q) = %q, want %q", c.fn, got, c.want)
		}
	}
}

// FuzzHTMLExcerpt: for any file and position, an excerpt's segments put
// together are the file's lines, and the marked token, if any, starts
// at or before the position's column and covers it.
func FuzzHTMLExcerpt(f *testing.F) {
	f.Add([]byte(htmlSrc), 9, 13)
	f.Add([]byte("x := \"π\"\r\nf(`a\nb`)\n"), 2, 2)
	f.Add([]byte("/* unterminated"), 1, 5)
	f.Fuzz(func(t *testing.T, text []byte, line, col int) {
		name := filepath.Join(t.TempDir(), "f.go")
		if err := os.WriteFile(name, text, 0o644); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		for _, l := range (sources{}).excerpt(token.Position{Filename: name, Line: line, Column: col}, 2) {
			var b strings.Builder
			mark0, mark1 := -1, -1
			for _, s := range l.Segs {
				if strings.HasSuffix(s.Class, "m") {
					if mark0 < 0 {
						mark0 = b.Len()
					}
					mark1 = b.Len() + len(s.Text)
				}
				b.WriteString(s.Text)
			}
			if want := strings.TrimRight(lines[l.N-1], "\r"); b.String() != want {
				t.Fatalf("line %d: segments %q, want %q", l.N, b.String(), want)
			}
			if mark0 >= 0 && (l.N != line || mark0 > col-1 || mark1 <= col-1) {
				t.Fatalf("line %d: mark [%d,%d) for %d:%d", l.N, mark0, mark1, line, col)
			}
		}
	})
}
