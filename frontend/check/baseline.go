package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A Baseline is the findings of an earlier run (its --json output), which
// a codebase adopting cflr accepts for now: Filter drops them, so that CI
// fails on new findings only.
//
// Findings are matched by check, file, enclosing function, message and
// witness shape (the steps' descriptions, not their positions), never by
// line: code added above a known finding does not bring it back. Each
// baseline finding matches at most one new finding, so a second copy of a
// known bug in the same function is reported.
type Baseline struct {
	counts map[string]int
	n      int
	root   string
}

// ReadBaseline reads a baseline from r, a --json output; name is the
// file's name for errors. File names are compared relative to root (the
// directory checked): a relative name in the baseline is taken as
// relative to root, which is how WriteBaseline writes them, so that a
// baseline committed in one checkout serves every other.
func ReadBaseline(r io.Reader, name, root string) (*Baseline, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var fs []jsonFinding
	if err := json.Unmarshal(data, &fs); err != nil {
		return nil, fmt.Errorf("%s: not a cflr check --json output: %w", name, jsonErrorPos(data, err))
	}
	b := &Baseline{counts: map[string]int{}, root: absRoot}
	for i, f := range fs {
		if f.Check == "" || f.File == "" || f.Message == "" {
			return nil, fmt.Errorf("%s: finding %d lacks check, file or message", name, i+1)
		}
		descs := make([]string, len(f.Witness))
		for j, s := range f.Witness {
			descs[j] = s.Desc
		}
		file := f.File
		if filepath.IsAbs(file) {
			file = relTo(absRoot, file)
		}
		b.counts[baselineKey(f.Check, file, f.Function, f.Message, descs)]++
		b.n++
	}
	return b, nil
}

// jsonErrorPos adds the line of a JSON syntax or type error.
func jsonErrorPos(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err
	}
	return fmt.Errorf("line %d: %w", 1+strings.Count(string(data[:off]), "\n"), err)
}

// Len is the number of findings in the baseline.
func (b *Baseline) Len() int { return b.n }

// Filter returns the findings of fs that the baseline does not hold, and
// the number it dropped. File names are compared as WriteJSON writes them:
// relative to the directory checked (cflr check -C), so a baseline
// written in one checkout serves another.
func (b *Baseline) Filter(fs []Finding) (kept []Finding, known int) {
	left := make(map[string]int, len(b.counts))
	for k, n := range b.counts {
		left[k] = n
	}
	for _, f := range fs {
		descs := make([]string, len(f.Witness))
		for j, s := range f.Witness {
			descs[j] = s.Desc
		}
		file, _ := filepath.Abs(f.Pos.Filename) // relative names are the working directory's
		k := baselineKey(f.Check, relTo(b.root, file), f.Func, f.Message, descs)
		if left[k] > 0 {
			left[k]--
			known++
			continue
		}
		kept = append(kept, f)
	}
	return kept, known
}

// relTo is file relative to root when it lies below it, else file.
func relTo(root, file string) string {
	if r, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}

// WriteBaseline writes fs as WriteJSON does, with file names relative to
// root where they lie below it (see ReadBaseline).
func WriteBaseline(w io.Writer, fs []Finding, root string) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	rel := func(p token.Position) token.Position {
		if abs, err := filepath.Abs(p.Filename); err == nil && p.Filename != "" {
			p.Filename = relTo(absRoot, abs)
		}
		return p
	}
	out := make([]Finding, len(fs))
	for i, f := range fs {
		f.Pos = rel(f.Pos)
		f.Witness = append([]Step(nil), f.Witness...)
		for j := range f.Witness {
			f.Witness[j].Pos = rel(f.Witness[j].Pos)
		}
		out[i] = f
	}
	return WriteJSON(w, out)
}

func baselineKey(check, file, fn, msg string, descs []string) string {
	return strings.Join([]string{check, filepath.ToSlash(file), fn, msg, strings.Join(descs, "\x1f")}, "\x00")
}

// nameFuncs sets each finding's Func: the declared function (or method)
// whose body holds its sink; closures count as their enclosing
// declaration, which is what a reader looks for. (Bodies' syntax is
// released after SSA is built, so a body's extent is its declaration's
// start to its last instruction's position.)
func nameFuncs(fs []Finding, g *FlowGraph) {
	if len(fs) == 0 {
		return
	}
	files := map[string]bool{}
	for _, f := range fs {
		files[f.Pos.Filename] = true
	}
	type span struct {
		start, end int // offsets
		name       string
	}
	byFile := map[string][]span{}
	seen := map[*ssa.Function]bool{}
	for _, fn := range g.Funcs {
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		if seen[fn] || !fn.Pos().IsValid() || fn.Synthetic != "" {
			continue
		}
		seen[fn] = true
		start := g.Position(fn.Pos())
		if !files[start.Filename] {
			continue
		}
		end := lastPos(fn)
		if !end.IsValid() {
			continue
		}
		byFile[start.Filename] = append(byFile[start.Filename], span{start.Offset, g.Position(end).Offset, fn.String()})
	}
	for i := range fs {
		p := fs[i].Pos
		for _, s := range byFile[p.Filename] {
			if s.start <= p.Offset && p.Offset <= s.end {
				fs[i].Func = s.name
				break
			}
		}
	}
}

// lastPos is the greatest position of an instruction of fn or of its
// closures.
func lastPos(fn *ssa.Function) token.Pos {
	last := fn.Pos()
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if p := in.Pos(); p > last {
				last = p
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if p := lastPos(anon); p > last {
			last = p
		}
	}
	return last
}
