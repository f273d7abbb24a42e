package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Shell metacharacter blacklists. A command run as a shell line (sh -c
// line) takes the line's metacharacters as syntax: `;`, `&`, `|` and a
// newline end one command and start another, `$` and a backquote
// substitute one. A value found to hold none of them cannot start a
// command of its own in the line, whatever it is joined with; it can
// still add words (an option) to the command it is in, so the check
// validates only shell lines, not the arguments of a command run
// directly (exec.Command("git", x): `--upload-pack=...` holds none of
// them). Recognised tests, the value being used where the test found
// none (the other branch leaves):
//
//   - strings.ContainsAny(x, set), strings.ContainsRune(x, r) and
//     strings.Contains(x, c) of one character, in any combination along
//     the way to the use (a chain of || tests, one if after another);
//   - strings.Contains(x, c) (or ContainsAny) for each c of a constant
//     list, in a range loop left only when it ran out;
//   - a helper doing either (taintvalid.go), 1Panel's CheckIllegal
//     returning true for a bad argument among its variadic ones.
//
// The set must hold all of shellMeta: a blacklist without the newline
// lets `x\nreboot` through.

// shellKind is the solve kind of command sinks that take a shell line:
// their findings still say "command"; only the shell checks cut their
// flows (taintSink.solveKind).
const shellKind = "command (shell line)"

// shellMeta is the characters a shell blacklist must reject.
const shellMeta = ";&|$`\n"

// shellValidator is the validator of the shell blacklists.
var shellValidator = &Validator{Kinds: []string{shellKind}}

// shells are the programs whose -c argument is a shell line.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "ash": true, "zsh": true, "ksh": true}

// baseKind is the sink kind a solve kind stands for.
func baseKind(k string) string {
	if k == shellKind {
		return "command"
	}
	return k
}

// solveKind is the kind whose solve decides sink s.
func (s *taintSink) solveKind() string {
	if s.shell && s.sink.Kind == "command" {
		return shellKind
	}
	return s.sink.Kind
}

// shellLine reports whether call cc, named names, runs a shell line:
// exec.Command(sh, "-c", ...) or exec.CommandContext(ctx, sh, "-c",
// ...) with sh a constant naming a shell.
func shellLine(cc *ssa.CallCommon, names []string) bool {
	off := -1
	switch {
	case slices.Contains(names, "os/exec.Command"):
		off = 0
	case slices.Contains(names, "os/exec.CommandContext"):
		off = 1
	}
	if off < 0 || len(cc.Args) != off+2 {
		return false
	}
	prog, ok := constString(cc.Args[off])
	if !ok || !shells[path.Base(prog)] {
		return false
	}
	flag, ok := constString(varargAt(cc.Args[off+1], 0))
	return ok && flag == "-c"
}

// charSet is a set of ASCII characters.
type charSet [2]uint64

func (c *charSet) addString(s string) {
	for _, r := range s {
		if r < 128 {
			c[r/64] |= 1 << (r % 64)
		}
	}
}

func (c charSet) holds(o charSet) bool { return c[0]&o[0] == o[0] && c[1]&o[1] == o[1] }

var shellSet = func() (c charSet) { c.addString(shellMeta); return }()

// shellSpecs returns the edges (and blocks) of fn where a value was
// found free of every shell metacharacter.
func (t *taintRun) shellSpecs(fn *ssa.Function) []validSpec {
	type edge struct{ from, to *ssa.BasicBlock }
	tests := map[edge]map[ssa.Value]charSet{} // what an edge found absent
	add := func(e edge, x ssa.Value, set charSet) {
		if tests[e] == nil {
			tests[e] = map[ssa.Value]charSet{}
		}
		s := tests[e][x]
		s[0] |= set[0]
		s[1] |= set[1]
		tests[e][x] = s
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		call, ok := i.Cond.(*ssa.Call)
		if !ok {
			continue
		}
		x, set, ia := t.charTest(call)
		if x == nil {
			continue
		}
		f := b.Succs[1] // not found
		if ia == nil {
			add(edge{b, f}, x, set)
			continue
		}
		// One element of a constant list: found absent for all of them
		// where the loop ran out.
		passed := func(p, head *ssa.BasicBlock) bool {
			return p == b && f == head || len(f.Preds) == 1 && f.Dominates(p)
		}
		if at := rangeExit(ia, passed); at != nil {
			add(edge{at.Preds[0], at}, x, set)
		}
	}
	if len(tests) == 0 {
		return nil
	}
	// A forward must-analysis: what every path into a block found
	// absent, iterated from "anything" (unknown) to its fixed point.
	memo := map[*ssa.BasicBlock]map[ssa.Value]charSet{}
	out := func(p, b *ssa.BasicBlock) map[ssa.Value]charSet {
		pm := memo[p]
		et := tests[edge{p, b}]
		if len(et) == 0 {
			return pm
		}
		m := map[ssa.Value]charSet{}
		for x, s := range pm {
			m[x] = s
		}
		for x, s := range et {
			ms := m[x]
			ms[0] |= s[0]
			ms[1] |= s[1]
			m[x] = ms
		}
		return m
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			var m map[ssa.Value]charSet
			first := true
			for _, p := range b.Preds {
				if _, ok := memo[p]; !ok {
					continue // not reached yet: anything
				}
				pm := out(p, b)
				if first {
					m = map[ssa.Value]charSet{}
					for x, s := range pm {
						m[x] = s
					}
					first = false
					continue
				}
				for x, s := range m {
					ps := pm[x]
					s[0] &= ps[0]
					s[1] &= ps[1]
					m[x] = s
				}
			}
			if first && len(b.Preds) > 0 {
				continue // no predecessor known yet
			}
			if m == nil {
				m = map[ssa.Value]charSet{}
			}
			old, ok := memo[b]
			if !ok || !sameSets(old, m) {
				memo[b] = m
				changed = true
			}
		}
	}
	var specs []validSpec
	for _, b := range fn.Blocks {
		for _, p := range b.Preds {
			if len(tests[edge{p, b}]) == 0 {
				continue
			}
			om := out(p, b)
			for _, x := range sortedValues(om) {
				if !om[x].holds(shellSet) {
					continue
				}
				s := validSpec{from: p, to: b, vals: []ssa.Value{x}, v: shellValidator}
				if len(b.Preds) == 1 {
					s.succ = b
				}
				specs = append(specs, s)
			}
		}
	}
	return specs
}

// sortedValues is m's keys in a fixed order (by position, then name).
func sortedValues(m map[ssa.Value]charSet) []ssa.Value {
	var xs []ssa.Value
	for x := range m {
		xs = append(xs, x)
	}
	slices.SortFunc(xs, func(a, b ssa.Value) int {
		if a.Pos() != b.Pos() {
			return int(a.Pos() - b.Pos())
		}
		return strings.Compare(a.Name(), b.Name())
	})
	return xs
}

// charTest recognises a test that x holds some character of a set:
// strings.ContainsAny(x, set), strings.ContainsRune(x, r),
// strings.Contains(x, c) with c one character, or, with c an element of
// a constant list read through ia in a range loop, the list's
// one-character elements.
func (t *taintRun) charTest(call *ssa.Call) (x ssa.Value, set charSet, ia *ssa.IndexAddr) {
	names, _ := t.calleeNames(call)
	args := call.Call.Args
	if len(args) != 2 {
		return nil, set, nil
	}
	for _, n := range names {
		switch n {
		case "strings.ContainsAny", "strings.Contains":
			if s, ok := constString(args[1]); ok {
				if n == "strings.Contains" && len(s) != 1 {
					return nil, set, nil
				}
				set.addString(s)
				return args[0], set, nil
			}
			ld, ok := args[1].(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				return nil, set, nil
			}
			e, ok := ld.X.(*ssa.IndexAddr)
			if !ok {
				return nil, set, nil
			}
			list, ok := t.constList(e.X)
			if !ok {
				return nil, set, nil
			}
			for _, s := range list {
				if n == "strings.ContainsAny" || len(s) == 1 {
					set.addString(s)
				}
			}
			return args[0], set, e
		case "strings.ContainsRune":
			k, ok := args[1].(*ssa.Const)
			if !ok || k.Value == nil {
				return nil, set, nil
			}
			if r, ok := constInt(k); ok && r >= 0 && r < 128 {
				set.addString(string(rune(r)))
				return args[0], set, nil
			}
		}
	}
	return nil, set, nil
}

func constInt(k *ssa.Const) (int64, bool) {
	if k.Value == nil {
		return 0, false
	}
	v := k.Int64()
	return v, true
}

// constList returns the strings of a list literal of string constants
// ([]string{";", "&"}), read as x. The frontend cuts constant tables to
// their first element before type-checking (frontend/tables.go), so the
// elements are read back from the literal's source.
func (t *taintRun) constList(x ssa.Value) ([]string, bool) {
	if sl, ok := x.(*ssa.Slice); ok {
		x = sl.X
	}
	a, ok := x.(*ssa.Alloc)
	if !ok || t.g.Prog == nil || t.g.Prog.Fset == nil {
		return nil, false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				switch u := u.(type) {
				case *ssa.Store:
					if _, ok := constString(u.Val); !ok {
						return nil, false
					}
				case *ssa.UnOp:
				default:
					return nil, false
				}
			}
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false // written elsewhere
		}
	}
	return literalStrings(t.g.Prog.Fset.Position(a.Pos()))
}

// literalStrings parses the file at pos and returns the elements of the
// composite literal there, if all are string literals.
func literalStrings(pos token.Position) ([]string, bool) {
	if pos.Filename == "" {
		return nil, false
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pos.Filename, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	var out []string
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if found || !ok {
			return !found
		}
		p := fset.Position(lit.Lbrace)
		q := fset.Position(lit.Pos())
		if (p.Line != pos.Line || p.Column != pos.Column) && (q.Line != pos.Line || q.Column != pos.Column) {
			return true
		}
		found = true
		for _, e := range lit.Elts {
			b, ok := e.(*ast.BasicLit)
			if !ok || b.Kind != token.STRING {
				out = nil
				return false
			}
			s, err := strconv.Unquote(b.Value)
			if err != nil {
				out = nil
				return false
			}
			out = append(out, s)
		}
		return false
	})
	return out, len(out) > 0
}

func sameSets(a, b map[ssa.Value]charSet) bool {
	if len(a) != len(b) {
		return false
	}
	for x, s := range a {
		if t, ok := b[x]; !ok || t != s {
			return false
		}
	}
	return true
}
