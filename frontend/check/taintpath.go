package check

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Built-in path and command rules: shapes of the fixes of real path
// traversal and argument injection advisories (bench/vulndb-2026-12-07/
// GONE.md) that a model by function name cannot say, because whether
// the call makes its argument safe depends on its other arguments or on
// which branch of a test the code takes. They hold for path sinks (the
// command rule for command sinks) whatever the configuration.

// pathKind is the sink kind the path rules clean for.
const pathKind = "path"

// rootedClean cleans for path sinks: path.Clean("/"+x),
// filepath.Clean("/"+x), path.Join("/", x...) and filepath.Join("/",
// x...) are rooted paths without "..": Clean removes every ".." that a
// rooted path can climb with. Joined below a directory (a later element
// of Join: Join(root, Clean("/"+name)), the usual fix) or trimmed of its
// leading slash, the result stays below the directory. Used on its own
// it names any file (Join("/srv", name) can be /etc/passwd): only calls
// whose every use is one of the two clean (confinedUse).
var rootedClean = &Sanitizer{Kinds: []string{pathKind}}

// cleaners are the functions whose result is their (last) argument made
// lexical: the same file, without "." and ".." elements that can be
// resolved (or with separators changed). A validator's test of such a
// result vouches for the argument too (validatorIf).
var cleaners = map[string]bool{
	"path.Clean": true, "path/filepath.Clean": true,
	"path/filepath.ToSlash": true, "path/filepath.FromSlash": true,
}

// isRootedClean reports whether call c, named names, is a rooted clean
// (rootedClean).
func (t *taintRun) isRootedClean(c ssa.CallInstruction, names []string) bool {
	cc := c.Common()
	for _, n := range names {
		switch n {
		case "path.Clean", "path/filepath.Clean":
			return len(cc.Args) == 1 && rooted(cc.Args[0]) && t.confinedUse(c)
		case "path.Join", "path/filepath.Join":
			return len(cc.Args) == 1 && rooted(varargAt(cc.Args[0], 0)) && t.confinedUse(c)
		}
	}
	return false
}

// confinedUse reports whether the result of call c is used only below a
// directory: as a later element of path.Join or filepath.Join, or
// trimmed of its leading slashes (strings.Trim, TrimLeft or TrimPrefix
// with "/").
func (t *taintRun) confinedUse(c ssa.CallInstruction) bool {
	v := c.Value()
	if v == nil || v.Referrers() == nil {
		return false
	}
	used := false
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.Store:
			ia, ok := r.Addr.(*ssa.IndexAddr)
			if !ok || r.Val != v {
				return false
			}
			a, ok := ia.X.(*ssa.Alloc)
			k, isConst := ia.Index.(*ssa.Const)
			if !ok || a.Comment != "varargs" || !isConst || k.Int64() < 1 || !t.joinedBy(sliceOf(a)) {
				return false
			}
		case *ssa.Call:
			names, _ := t.calleeNames(r)
			lit, ok := "", false
			if len(r.Call.Args) == 2 && r.Call.Args[0] == v {
				lit, ok = constString(r.Call.Args[1])
			}
			if !ok || lit != "/" || !slices.ContainsFunc(names, func(n string) bool {
				return n == "strings.Trim" || n == "strings.TrimLeft" || n == "strings.TrimPrefix"
			}) {
				return false
			}
		default:
			return false
		}
		used = true
	}
	return used
}

// joinedBy reports whether slice sl is the elements of a path.Join or
// filepath.Join call.
func (t *taintRun) joinedBy(sl *ssa.Slice) bool {
	if sl == nil {
		return false
	}
	for _, r := range *sl.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		names, _ := t.calleeNames(c)
		if slices.Contains(names, "path.Join") || slices.Contains(names, "path/filepath.Join") {
			return true
		}
	}
	return false
}

// rooted reports whether string value v starts with a slash that the
// code writes: a constant "/..." or a concatenation "/" + x.
func rooted(v ssa.Value) bool {
	for v != nil {
		switch x := v.(type) {
		case *ssa.Const:
			return x.Value != nil && x.Value.Kind() == constant.String && strings.HasPrefix(constant.StringVal(x.Value), "/")
		case *ssa.BinOp:
			if x.Op != token.ADD {
				return false
			}
			v = x.X
		default:
			return false
		}
	}
	return false
}

// varargAt is the value stored at index i of the argument array of a
// variadic call's slice s (f("a", x) passes s = varargs[:]), or nil.
func varargAt(s ssa.Value, i int64) ssa.Value {
	sl, ok := s.(*ssa.Slice)
	if !ok {
		return nil
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok || a.Comment != "varargs" {
		return nil
	}
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		if k, ok := ia.Index.(*ssa.Const); !ok || k.Int64() != i {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				return st.Val
			}
		}
	}
	return nil
}

// constString is v's value when v is a string constant.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// rejectTest recognises a test that finds a path bad: strings.Contains(x,
// ".."), and strings.HasPrefix(x, "..") or HasPrefix(x, "../") of a
// cleaned x (a result of Clean or Rel, whose climbing elements all
// lead: the check after filepath.Rel(base, p)); "../" counts only
// together with a test that x is not ".." itself (ifSpecs). Where such a
// test is false, x cannot climb out of the directory it is joined to.
// A Contains test of a longer constant ("../", `..\`) is bypassable
// (".." alone, or the other separator) and does not count. It returns
// x, or nil.
func (t *taintRun) rejectTest(call *ssa.Call, names []string) ssa.Value {
	c := &call.Call
	if len(c.Args) != 2 {
		return nil
	}
	lit, ok := constString(c.Args[1])
	if !ok || !strings.Contains(lit, "..") {
		return nil
	}
	for _, n := range names {
		switch n {
		case "strings.Contains":
			if lit == ".." {
				return c.Args[0]
			}
			return nil
		case "strings.HasPrefix":
			if lit == ".." || lit == "../" {
				if t.cleaned(c.Args[0]) {
					return c.Args[0]
				}
			}
			return nil
		}
	}
	return nil
}

// cleaned reports whether v is the result of path.Clean, filepath.Clean
// or filepath.Rel (which cleans), possibly through ToSlash or FromSlash.
func (t *taintRun) cleaned(v ssa.Value) bool {
	for range 4 {
		if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
			v = ex.Tuple // Rel's (string, error)
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		names, _ := t.calleeNames(call)
		next := ssa.Value(nil)
		for _, n := range names {
			switch n {
			case "path.Clean", "path/filepath.Clean", "path/filepath.Rel":
				return true
			case "path/filepath.ToSlash", "path/filepath.FromSlash":
				next = call.Call.Args[0]
			}
		}
		if next == nil {
			return false
		}
		v = next
	}
	return false
}

// uncleaned adds to vals the arguments that cleaners' results in vals
// were computed from (transitively): a test that filepath.Clean(p) lies
// below a directory vouches for p, the same file.
func (t *taintRun) uncleaned(vals []ssa.Value) []ssa.Value {
	for k := 0; k < len(vals) && k < 16; k++ {
		call, ok := vals[k].(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 {
			continue
		}
		names, _ := t.calleeNames(call)
		for _, n := range names {
			if cleaners[n] {
				vals = append(vals, call.Call.Args[0])
				break
			}
		}
	}
	return vals
}

// afterEndOfOptions reports whether a store to ia (an element of) a variadic call's
// argument array puts its value after a constant "--" of the same array,
// and the array goes to a command sink: exec.Command("git", "clone",
// "--", url) cannot take url for an option (the argument injection
// fixes). The command itself (exec.Command's first argument) is not in
// the array.
func (t *taintRun) afterEndOfOptions(ia *ssa.IndexAddr, a *ssa.Alloc) bool {
	k, ok := ia.Index.(*ssa.Const)
	if !ok {
		return false
	}
	sl := sliceOf(a)
	if sl == nil {
		return false
	}
	dash := false
	for i := int64(0); i < k.Int64() && !dash; i++ {
		s, ok := constString(varargAt(sl, i))
		dash = ok && s == "--"
	}
	if !dash {
		return false
	}
	return t.argvToCommand(sl, 3)
}

// argvToCommand reports whether the argument slice v goes to a command
// sink as its arguments: directly, or forwarded whole as the variadic
// argument of the module's own wrappers (run(args ...string) calling
// exec.Command(name, args...) or exec.Command(name, append(base,
// args...)...)), up to depth calls deep. A prefix prepended by append
// stays before the "--", so what followed it is still no option; a
// wrapper that does anything else with the slice (joins it into a shell
// line, say) does not forward it, and the "--" then counts for nothing.
func (t *taintRun) argvToCommand(v ssa.Value, depth int) bool {
	for _, r := range *v.Referrers() {
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		cc := c.Common()
		if bi, ok := cc.Value.(*ssa.Builtin); ok {
			if bi.Name() == "append" && len(cc.Args) == 2 && cc.Args[1] == v && c.Value() != nil && depth > 0 &&
				t.argvToCommand(c.Value(), depth-1) {
				return true
			}
			continue
		}
		if len(cc.Args) == 0 || cc.Args[len(cc.Args)-1] != v || !cc.Signature().Variadic() {
			continue
		}
		names, callees := t.calleeNames(c)
		for _, n := range names {
			for _, s := range t.sinks[n] {
				if s.Kind == "command" {
					return true
				}
			}
		}
		if depth == 0 || len(callees) != 1 || callees[0].Blocks == nil {
			continue
		}
		params := callees[0].Params
		if len(params) > 0 && t.argvToCommand(params[len(params)-1], depth-1) {
			return true
		}
	}
	return false
}

// sliceOf is the slice a[:] of a variadic call's argument array.
func sliceOf(a *ssa.Alloc) *ssa.Slice {
	for _, r := range *a.Referrers() {
		if sl, ok := r.(*ssa.Slice); ok {
			return sl
		}
	}
	return nil
}

// storedBefore reports whether load reads field a (p.f, or p.e.f through
// an embedded field) after the code stored into the same field of the
// same pointer p, on every path to the load (the store dominates it):
// h.Name = clean(h.Name) then reads back what was stored, which the flow
// through the heap carries, not what the source (the archive) gave.
func storedBefore(a *ssa.FieldAddr, load ssa.Instruction) bool {
	lb := load.Block()
	for _, b := range lb.Parent().Blocks {
		if !b.Dominates(lb) {
			continue
		}
		for k, in := range b.Instrs {
			if b == lb && k >= indexOf(lb, load) {
				break
			}
			if st, ok := in.(*ssa.Store); ok && sameAddr(st.Addr, a) {
				return true
			}
		}
	}
	return false
}

func indexOf(b *ssa.BasicBlock, in ssa.Instruction) int {
	for k, x := range b.Instrs {
		if x == in {
			return k
		}
	}
	return -1
}

// sameLoad reports whether x and y load the same field of the same
// pointer (f.Name tested, then f.Name read again to be used): a
// validator's test of one vouches for the other, as if nothing stored
// into the field between them.
func sameLoad(x, y ssa.Value) bool {
	lx, ok1 := x.(*ssa.UnOp)
	ly, ok2 := y.(*ssa.UnOp)
	if !ok1 || !ok2 || lx.Op != token.MUL || ly.Op != token.MUL {
		return false
	}
	_, isField := lx.X.(*ssa.FieldAddr)
	return isField && sameAddr(lx.X, ly.X)
}

// cleanURLPath cleans for redirect sinks: path.Clean of a URL's path
// (r.URL.Path, u.Path) cannot start with "//" or "/\\", and a URL's path
// holds no scheme, so the result is a path on the same host (macaron's
// fix of its trailing-slash redirect). Clean of any other string does
// not: path.Clean("https://evil.example") is "https:/evil.example".
var cleanURLPath = &Sanitizer{Kinds: []string{redirectKind}}

// redirectKind is the sink kind cleanURLPath cleans for.
const redirectKind = "redirect"

// isCleanURLPath reports whether call c, named names, is path.Clean of a
// net/url.URL's Path field.
func isCleanURLPath(c *ssa.CallCommon, names []string) bool {
	if !slices.Contains(names, "path.Clean") || len(c.Args) != 1 {
		return false
	}
	ld, ok := c.Args[0].(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	n, ok := types.Unalias(deref(fa.X.Type())).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "net/url" || n.Obj().Name() != "URL" {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "Path"
}
