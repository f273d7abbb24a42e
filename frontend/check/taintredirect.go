package check

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// rootedRedirect cleans for redirect sinks: "/" + strings.TrimLeft(p,
// "/") with p an escaped URL path (url.URL.EscapedPath, url.PathEscape)
// starts with exactly one slash followed by neither a slash nor a
// backslash (escaped as %5C) nor a tab or newline (escaped too, which
// browsers would drop to read "/\t/evil" as "//evil"): a path on the
// same host (gophish's fix of its open redirect). The TrimLeft call is
// the sanitizer when its every use is that concatenation; of an
// unescaped string the same shape is still reported ("/" +
// TrimLeft(`\evil.example`, "/") is `/\evil.example`), as is TrimPrefix
// (which removes one slash of "//evil.example" only).
var rootedRedirect = &Sanitizer{Kinds: []string{redirectKind}}

// isRootedRedirect reports whether call c, named names, is such a
// TrimLeft.
func isRootedRedirect(c ssa.CallInstruction, names []string) bool {
	if !slices.Contains(names, "strings.TrimLeft") && !slices.Contains(names, "strings.Trim") {
		return false
	}
	cc := c.Common()
	if len(cc.Args) != 2 {
		return false
	}
	cut, ok := constString(cc.Args[1])
	if !ok || !strings.Contains(cut, "/") || !escapedPath(cc.Args[0]) {
		return false
	}
	v := c.Value()
	if v == nil || v.Referrers() == nil {
		return false
	}
	used := false
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.BinOp:
			if s, ok := constString(r.X); !ok || s != "/" || r.Op != token.ADD || r.Y != v {
				return false
			}
		default:
			return false
		}
		used = true
	}
	return used
}

// escapedPath reports whether v is the result of url.URL.EscapedPath or
// url.PathEscape.
func escapedPath(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "net/url" {
		return false
	}
	switch fn.Name() {
	case "PathEscape":
		return fn.Signature.Recv() == nil
	case "EscapedPath":
		return fn.Signature.Recv() != nil
	}
	return false
}
