package check

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// HTMLOptions configures WriteHTML.
type HTMLOptions struct {
	// Title heads the page (say, the command line's package patterns).
	Title string
}

// WriteHTML writes findings as a static report into the directory dir:
// index.html, self-contained (inline style and script, no network: its
// Content-Security-Policy forbids any), and findings.json, WriteJSON's
// output, which the page also embeds. The page lists the findings,
// filterable by check and package, and shows each witness on the source
// itself: every step, then the sink, as an excerpt of its file with the
// step's line and column highlighted and a link to the next step.
// Sources are read from the files the positions name (relative ones from
// the working directory, as Position makes them); a file that cannot be
// read leaves its steps without an excerpt.
//
// The report is written whole or not at all: it is built in a temporary
// directory beside dir and renamed into place. dir must not exist, or be
// empty, or hold an earlier report, which is replaced.
func WriteHTML(dir string, fs []Finding, opts HTMLOptions) error {
	if err := CheckHTMLDir(dir); err != nil {
		return err
	}
	var js, page bytes.Buffer
	if err := WriteJSON(&js, fs); err != nil {
		return err
	}
	if err := renderHTML(&page, fs, js.Bytes(), opts); err != nil {
		return err
	}
	dir = filepath.Clean(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	for name, data := range map[string][]byte{"index.html": page.Bytes(), "findings.json": js.Bytes()} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	// An earlier report (or an empty directory) is moved aside first:
	// rename does not replace a directory on every system.
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// htmlFiles are the files a report directory holds.
var htmlFiles = []string{"findings.json", "index.html"}

// CheckHTMLDir reports whether WriteHTML may write a report into dir: its
// parent must be a directory, and dir must not exist, or be empty, or
// hold only an earlier report's files. Commands call it before a long
// analysis to fail at once.
func CheckHTMLDir(dir string) error {
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		parent := filepath.Dir(filepath.Clean(dir))
		if pi, err := os.Stat(parent); err != nil {
			return err
		} else if !pi.IsDir() {
			return fmt.Errorf("%s is not a directory", parent)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s exists and is not a directory", dir)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range es {
		if !slices.Contains(htmlFiles, e.Name()) || !e.Type().IsRegular() {
			return fmt.Errorf("%s exists and is not a cflr report (it holds %s): remove it or name another directory", dir, e.Name())
		}
	}
	return nil
}

// Page data. Anchors: finding k is "fk", its steps "fk-1", "fk-2", ...
// and its sink "fk-sink".
type htmlPage struct {
	Title    string
	Total    int
	Checks   []htmlCount
	Packages []htmlCount
	Findings []htmlFinding
	JSON     template.JS
}

type htmlCount struct {
	Name string
	N    int
}

type htmlFinding struct {
	ID, Check, Package, Func, Message, Pos string
	ShortFunc                              string // Func, its package named by the path's last element
	Steps                                  []htmlStep
}

type htmlStep struct {
	ID, Next, Prev string
	N              int
	Pos, Desc      string
	Sink           bool
	Excerpt        []htmlLine // nil when the file cannot be read
}

type htmlLine struct {
	N    int
	Hit  bool // the step's line
	Segs []htmlSeg
}

type htmlSeg struct {
	Class string // syntax class (k keyword, s string, c comment, n number), "m" for the step's token
	Text  string
}

//go:embed html.tmpl
var htmlTmplText string

var htmlTmpl = template.Must(template.New("report").Parse(htmlTmplText))

// excerptContext is the number of lines shown around a step's line.
const excerptContext = 3

func renderHTML(w *bytes.Buffer, fs []Finding, js []byte, opts HTMLOptions) error {
	// WriteJSON escapes <, > and & (json.Encoder's default), so the JSON
	// cannot end the script element that holds it.
	if bytes.ContainsAny(js, "<>&") {
		return errors.New("check: JSON output not HTML-safe")
	}
	page := htmlPage{Title: opts.Title, Total: len(fs), JSON: template.JS(js)}
	src := sources{}
	checks, pkgs := map[string]int{}, map[string]int{}
	for k, f := range fs {
		id := "f" + strconv.Itoa(k+1)
		hf := htmlFinding{ID: id, Check: f.Check, Package: findingPackage(f), Func: f.Func, Message: f.Message, Pos: f.Pos.String()}
		hf.ShortFunc = strings.ReplaceAll(hf.Func, hf.Package+".", path.Base(hf.Package)+".")
		checks[hf.Check]++
		pkgs[hf.Package]++
		for i, s := range f.Witness {
			// A step on the line of the one before shows only that
			// line: its context was just shown.
			ctx := excerptContext
			if i > 0 && sameLine(s.Pos, f.Witness[i-1].Pos) {
				ctx = 0
			}
			hf.Steps = append(hf.Steps, htmlStep{ID: id + "-" + strconv.Itoa(i+1), Pos: s.Pos.String(), Desc: s.Desc, Excerpt: src.excerpt(s.Pos, ctx)})
		}
		// The sink: the last step when the witness ends there (a nil
		// found where it is used), else a step of its own.
		if n := len(f.Witness); n > 0 && f.Witness[n-1].Pos == f.Pos {
			hf.Steps[n-1].Sink = true
			hf.Steps[n-1].ID = id + "-sink"
		} else {
			hf.Steps = append(hf.Steps, htmlStep{ID: id + "-sink", Pos: hf.Pos, Desc: f.Message, Sink: true, Excerpt: src.excerpt(f.Pos, excerptContext)})
		}
		for i := range hf.Steps {
			hf.Steps[i].N = i + 1
			if i+1 < len(hf.Steps) {
				hf.Steps[i].Next = hf.Steps[i+1].ID
			}
			if i > 0 {
				hf.Steps[i].Prev = hf.Steps[i-1].ID
			}
		}
		page.Findings = append(page.Findings, hf)
	}
	page.Checks, page.Packages = counts(checks), counts(pkgs)
	return htmlTmpl.Execute(w, page)
}

func counts(m map[string]int) []htmlCount {
	var cs []htmlCount
	for k, n := range m {
		cs = append(cs, htmlCount{k, n})
	}
	slices.SortFunc(cs, func(a, b htmlCount) int { return strings.Compare(a.Name, b.Name) })
	return cs
}

// findingPackage is the import path of the package of the finding's
// function ("(*a/b.T).M" and "a/b.f$1" are in a/b), else its file's
// directory.
func findingPackage(f Finding) string {
	s := strings.TrimLeft(f.Func, "(*")
	s, _, _ = strings.Cut(s, "[") // type arguments hold paths too
	slash := strings.LastIndex(s, "/") + 1
	if dot := strings.Index(s[slash:], "."); dot > 0 {
		return s[:slash+dot]
	}
	return filepath.ToSlash(filepath.Dir(f.Pos.Filename))
}

// sources caches the files excerpts are taken from.
type sources map[string]*srcFile

type srcFile struct {
	text  []byte
	lines []int  // offsets of line starts
	class []byte // per byte: syntax class letter, 0 for none
}

// maxSourceSize bounds the files read for excerpts.
const maxSourceSize = 8 << 20

func (s sources) file(name string) *srcFile {
	if f, ok := s[name]; ok {
		return f
	}
	var f *srcFile
	if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxSourceSize {
		if text, err := os.ReadFile(name); err == nil {
			f = &srcFile{text: text, lines: []int{0}}
			for i, c := range text {
				if c == '\n' {
					f.lines = append(f.lines, i+1)
				}
			}
			if strings.HasSuffix(name, ".go") {
				f.class = goClasses(text)
			}
		}
	}
	s[name] = f
	return f
}

// goClasses marks each byte of Go source text with its token's syntax
// class, as far as go/scanner can tell (a file that does not scan is
// marked up to its errors).
func goClasses(text []byte) []byte {
	class := make([]byte, len(text))
	fset := token.NewFileSet()
	var sc scanner.Scanner
	sc.Init(fset.AddFile("", -1, len(text)), text, func(token.Position, string) {}, scanner.ScanComments)
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		var c byte
		switch {
		case tok == token.COMMENT:
			c = 'c'
		case tok == token.STRING || tok == token.CHAR:
			c = 's'
		case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
			c = 'n'
		case tok.IsKeyword():
			c, lit = 'k', tok.String()
		case tok == token.IDENT && (lit == "nil" || lit == "true" || lit == "false"):
			c = 'k'
		default:
			continue
		}
		off := int(pos) - 1
		for i := off; i < off+len(lit) && i < len(class); i++ {
			class[i] = c
		}
	}
	return class
}

func sameLine(a, b token.Position) bool { return a.Filename == b.Filename && a.Line == b.Line }

// excerpt returns p's line and ctx lines either side, p's token marked,
// or nil when its file cannot be read or is shorter than p says.
func (s sources) excerpt(p token.Position, ctx int) []htmlLine {
	f := s.file(p.Filename)
	if f == nil || p.Line < 1 || p.Line > len(f.lines) {
		return nil
	}
	var out []htmlLine
	for ln := max(1, p.Line-ctx); ln <= min(len(f.lines), p.Line+ctx); ln++ {
		start, end := f.lines[ln-1], len(f.text)
		if ln < len(f.lines) {
			end = f.lines[ln] - 1
		}
		if ln == len(f.lines) && start == end && ln > p.Line {
			break // the empty "line" after a final newline
		}
		end = start + len(strings.TrimRight(string(f.text[start:end]), "\r"))
		mark0, mark1 := -1, -1
		if ln == p.Line && p.Column >= 1 && start+p.Column-1 < end {
			mark0 = start + p.Column - 1
			mark1 = f.tokenEnd(mark0, end)
			// A call's position is its parenthesis: mark the callee's
			// name with it.
			if f.text[mark0] == '(' {
				for mark0 > start && isIdentByte(f.text[mark0-1]) && (f.class == nil || f.class[mark0-1] == 0) {
					mark0--
				}
			}
		}
		out = append(out, htmlLine{N: ln, Hit: ln == p.Line, Segs: f.segments(start, end, mark0, mark1)})
	}
	return out
}

// tokenEnd is the end of the token at off: its syntax span (a string, a
// keyword), an identifier, or one character.
func (f *srcFile) tokenEnd(off, end int) int {
	if f.class != nil && f.class[off] != 0 {
		i := off + 1
		for i < end && f.class[i] == f.class[off] {
			i++
		}
		return i
	}
	i := off
	for i < end && isIdentByte(f.text[i]) {
		i++
	}
	if i == off {
		_, n := utf8.DecodeRune(f.text[off:end])
		i = off + n
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
}

// segments splits text[start:end] into runs of one class, the bytes in
// [mark0, mark1) marked.
func (f *srcFile) segments(start, end, mark0, mark1 int) []htmlSeg {
	classAt := func(i int) string {
		var c string
		if f.class != nil && f.class[i] != 0 {
			c = string(f.class[i])
		}
		if mark0 <= i && i < mark1 {
			c = strings.TrimSpace(c + " m")
		}
		return c
	}
	var segs []htmlSeg
	for i := start; i < end; {
		c, j := classAt(i), i+1
		for j < end && classAt(j) == c {
			j++
		}
		segs = append(segs, htmlSeg{Class: c, Text: string(f.text[i:j])})
		i = j
	}
	return segs
}
