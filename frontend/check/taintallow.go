package check

import (
	"regexp/syntax"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Allow-lists. The usual fix of an injection through a name (a column,
// a table, an identifier) is to accept only names a regular expression
// matches: if !re.MatchString(x) { return }, re compiled from
// `^[A-Za-z0-9_]+$`. Such a pattern, anchored at both ends and made of
// letters, digits and underscores only, leaves nothing that a query, a
// command line, a path, a URL or HTML could read as syntax, so its match
// validates x for every sink kind. A pattern that is not anchored at both
// ends, or that admits any other character (a dot, a slash, a dash, a
// space, a quote), validates nothing: what it lets through depends on
// the sink. The regular expression is the receiver of MatchString (or
// Match), compiled from a constant by regexp.MustCompile or
// regexp.Compile either there or into a package variable that nothing
// else is stored into. A function whose every return is such a match of
// one of its parameters (func valid(s string) bool { return
// re.MatchString(s) }) validates that parameter likewise.

// allowValidator validates for every sink kind.
var allowValidator = &Validator{}

// allowList returns the value call found to match a strict allow-list
// pattern, or nil.
func (t *taintRun) allowList(call *ssa.Call) ssa.Value {
	if x := t.allowMatch(call); x != nil {
		return x
	}
	return t.allowHelper(call, 2)
}

// allowMatch: re.MatchString(x) or re.Match(x) with re a strict
// allow-list.
func (t *taintRun) allowMatch(call *ssa.Call) ssa.Value {
	c := &call.Call
	fn := c.StaticCallee()
	if fn == nil || len(c.Args) != 2 || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "regexp" ||
		(fn.Name() != "MatchString" && fn.Name() != "Match") {
		return nil
	}
	if !t.strictRegexp(c.Args[0]) {
		return nil
	}
	return c.Args[1]
}

// allowHelper: f(x) where every return of f is an allow-list match of
// the parameter x is passed to, depth helpers deep.
func (t *taintRun) allowHelper(call *ssa.Call, depth int) ssa.Value {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Blocks == nil || depth == 0 || t.std(fn) {
		return nil
	}
	param := -1
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			ret, ok := in.(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 {
				return nil
			}
			inner, ok := ret.Results[0].(*ssa.Call)
			if !ok {
				return nil
			}
			x := t.allowMatch(inner)
			if x == nil {
				x = t.allowHelper(inner, depth-1)
			}
			p, ok := x.(*ssa.Parameter)
			if !ok {
				return nil
			}
			i := paramIndex(fn, p)
			if i < 0 || param >= 0 && i != param {
				return nil
			}
			param = i
		}
	}
	if param < 0 || param >= len(call.Call.Args) {
		return nil
	}
	return call.Call.Args[param]
}

// strictRegexp reports whether re is compiled from a constant strict
// allow-list pattern: directly, or through a package variable that is
// stored into only in its package's initialization, each time with such
// a compilation.
func (t *taintRun) strictRegexp(re ssa.Value) bool {
	u, ok := re.(*ssa.UnOp)
	if !ok {
		return t.strictCompile(re)
	}
	g, ok := u.X.(*ssa.Global)
	if !ok || g.Pkg == nil || t.helpers == nil {
		return false
	}
	h := t.helpers
	h.mu.Lock()
	defer h.mu.Unlock()
	if v, ok := h.strictVars[g]; ok {
		return v
	}
	strict, n := true, 0
	for _, fn := range t.g.Funcs {
		if fn.Pkg != g.Pkg && (fn.Parent() == nil || fn.Parent().Pkg != g.Pkg) {
			continue
		}
		init := fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#")
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok || st.Addr != g {
					continue
				}
				n++
				strict = strict && init && t.strictCompile(st.Val)
			}
		}
	}
	h.strictVars[g] = strict && n > 0
	return strict && n > 0
}

// strictCompile reports whether v is regexp.MustCompile(p) or the first
// result of regexp.Compile(p) with p a constant strict pattern.
func (t *taintRun) strictCompile(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "regexp" ||
		(fn.Name() != "MustCompile" && fn.Name() != "Compile") || len(call.Call.Args) != 1 {
		return false
	}
	p, ok := constString(call.Call.Args[0])
	return ok && strictPattern(p)
}

// strictPattern reports whether p matches only whole strings of ASCII
// letters, digits and underscores: ^, then classes of those characters
// (repeated or not), then $.
func strictPattern(p string) bool {
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return false
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) < 3 {
		return false
	}
	first, last := re.Sub[0], re.Sub[len(re.Sub)-1]
	if (first.Op != syntax.OpBeginText && first.Op != syntax.OpBeginLine) ||
		(last.Op != syntax.OpEndText && last.Op != syntax.OpEndLine) {
		return false
	}
	if first.Op == syntax.OpBeginLine || last.Op == syntax.OpEndLine {
		return false // (?m): a newline would let anything through
	}
	for _, s := range re.Sub[1 : len(re.Sub)-1] {
		if !wordOnly(s) {
			return false
		}
	}
	return true
}

// wordOnly reports whether s matches only letters, digits and
// underscores.
func wordOnly(s *syntax.Regexp) bool {
	switch s.Op {
	case syntax.OpLiteral:
		for _, r := range s.Rune {
			if !isWord(r) {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(s.Rune); i += 2 {
			for r := s.Rune[i]; r <= s.Rune[i+1]; r++ {
				if !isWord(r) {
					return false
				}
			}
		}
		return true
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat, syntax.OpCapture, syntax.OpConcat, syntax.OpAlternate:
		for _, sub := range s.Sub {
			if !wordOnly(sub) {
				return false
			}
		}
		return true
	case syntax.OpEmptyMatch:
		return true
	}
	return false
}

func isWord(r rune) bool {
	return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}
