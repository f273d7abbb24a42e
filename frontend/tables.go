package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"
)

// trimTables cuts, in freshly parsed syntax, the slice, array and map
// literals whose elements are all literal constants (numbers, strings,
// runes, and element literals of them) to their first element, and
// returns how many constants and nested literals it dropped.
//
// It is trimTable done before type-checking, for the tables that syntax
// alone shows to be constant: the type checker then neither checks nor
// records their elements (x/text's and idna's tables, brotli's
// dictionary, embedded assets: most of miniflux's million table
// elements, each an entry or more in types.Info). The analyses lose
// nothing, for the reasons trimTable gives. A literal is cut only where
// the cut cannot change whether or how the file type-checks:
//   - the elements name no identifier but the local type of an element
//     literal (dictWord{0, 0, 1}), so no import loses its only use (and
//     with a dot import in the file, not even that);
//   - indices and map keys are literals, checked here as the type
//     checker would (in range, no duplicates), since the cut would hide
//     that error;
//   - [...]T keeps its length: it becomes [N]T.
//
// Keyed struct elements and constants named by identifiers are left to
// trimTable, which sees their types.
func trimTables(f *ast.File) int {
	dotImport := false
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			dotImport = true
		}
	}
	dropped := 0
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || len(lit.Elts) < 2 {
			return true
		}
		total := 0
		for _, e := range lit.Elts {
			k := constSyntax(e, !dotImport)
			if k == 0 {
				return true
			}
			total += k
		}
		if !cutKeepsType(lit) {
			return true
		}
		dropped += total - constSyntax(lit.Elts[0], !dotImport)
		lit.Elts = []ast.Expr{lit.Elts[0]} // a copy: the rest is garbage
		return false
	})
	return dropped
}

// cutKeepsType reports whether lit, whose elements are constant syntax,
// keeps its type and validity when cut to its first element; it turns
// [...]T into [N]T for that.
func cutKeepsType(lit *ast.CompositeLit) bool {
	switch t := lit.Type.(type) {
	case *ast.MapType:
		seen := map[string]bool{}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			k, ok := literalValue(kv.Key)
			if !ok || seen[k] {
				return false
			}
			seen[k] = true
		}
		return true
	case *ast.ArrayType:
		n, ok := arrayLength(lit.Elts)
		if !ok {
			return false
		}
		switch l := t.Len.(type) {
		case nil: // a slice
			return true
		case *ast.Ellipsis:
			// A new type node: the parser's may be shared (it is not,
			// but the cut must not depend on that).
			lit.Type = &ast.ArrayType{Lbrack: t.Lbrack, Elt: t.Elt,
				Len: &ast.BasicLit{ValuePos: l.Pos(), Kind: token.INT, Value: strconv.FormatInt(n, 10)}}
			return true
		case *ast.BasicLit:
			length, err := strconv.ParseInt(l.Value, 0, 64)
			return l.Kind == token.INT && err == nil && n <= length
		}
	}
	return false
}

// arrayLength returns the length an array literal with elts would have
// (the largest index plus one), or false if an index is not an integer
// literal or repeats.
func arrayLength(elts []ast.Expr) (int64, bool) {
	var seen map[int64]bool // only with keys: without, no index repeats
	var i, n int64
	for _, e := range elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			b, ok := kv.Key.(*ast.BasicLit)
			if !ok || b.Kind != token.INT {
				return 0, false
			}
			v, err := strconv.ParseInt(b.Value, 0, 64)
			if err != nil || v < 0 {
				return 0, false
			}
			i = v
			if seen == nil {
				seen = map[int64]bool{}
				for j := int64(0); j < n; j++ { // the unkeyed ones before
					seen[j] = true
				}
			}
		}
		if seen != nil {
			if seen[i] {
				return 0, false
			}
			seen[i] = true
		}
		i++
		n = max(n, i)
	}
	return n, true
}

// literalValue returns a canonical text of the constant a literal map key
// denotes ("a" and `a` are one key), or false if it is no literal.
func literalValue(e ast.Expr) (string, bool) {
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	b, ok := e.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	v := constant.MakeFromLiteral(b.Value, b.Kind, 0)
	if v.Kind() == constant.Unknown {
		return "", false
	}
	if neg {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return v.Kind().String() + ":" + v.ExactString(), true
}

// constSyntax returns the number of literal constants in e (an element,
// possibly keyed), counting a nested literal as one more, or 0 if e is
// anything else. A nested literal may name a type of the file's own
// package (not another's: an import could lose its only use) if
// localTypes.
func constSyntax(e ast.Expr, localTypes bool) int {
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		// Keys that are identifiers are field names or named constants,
		// or variables in a map literal (a pointer the map then holds):
		// syntax cannot tell, so none.
		k, v := constSyntax(kv.Key, localTypes), constSyntax(kv.Value, localTypes)
		if k == 0 || v == 0 {
			return 0
		}
		return k + v
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return 1
	case *ast.UnaryExpr:
		if _, ok := ast.Unparen(x.X).(*ast.BasicLit); ok && (x.Op == token.SUB || x.Op == token.ADD || x.Op == token.XOR) {
			return 1
		}
	case *ast.CompositeLit:
		if _, ok := x.Type.(*ast.Ident); x.Type != nil && !(ok && localTypes) {
			return 0
		}
		if len(x.Elts) == 0 {
			return 0 // T{}: zero values may be nil pointers
		}
		n := 1
		for _, e := range x.Elts {
			k := constSyntax(e, localTypes)
			if k == 0 {
				return 0
			}
			n += k
		}
		return n
	}
	return 0
}
