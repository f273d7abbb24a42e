package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// ChangedLines returns the lines (1-based) of old that a fix to new
// changed: those new deletes or replaces, and, where new only inserts,
// the old lines on either side of the insertion. Lines are compared
// whole, after trimming trailing white space.
func ChangedLines(old, new string) map[int]bool {
	a, b := splitLines(old), splitLines(new)
	changed := map[int]bool{}
	// Common prefix and suffix first: a fix is small beside its file.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	am, bm := a[p:len(a)-s], b[p:len(b)-s]
	if len(am) == 0 && len(bm) == 0 {
		return changed
	}
	mark := func(i int) { // i: 0-based index into a
		if i >= 0 && i < len(a) {
			changed[i+1] = true
		}
	}
	if len(am)*len(bm) > 1<<24 {
		// Too large for the quadratic diff: the whole middle changed.
		for i := range am {
			mark(p + i)
		}
		if len(am) == 0 {
			mark(p - 1)
			mark(p)
		}
		return changed
	}
	// Longest common subsequence of the middles.
	n, m := len(am), len(bm)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if am[i] == bm[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	// Deleted or replaced lines are changed; where lines are only
	// inserted, the old lines on either side of the insertion are.
	var ins []int // indices into a before which new lines go
	del := map[int]bool{}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && am[i] == bm[j]:
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
			ins = append(ins, p+i)
			j++
		default:
			del[p+i] = true
			mark(p + i)
			i++
		}
	}
	for _, k := range ins {
		if !del[k-1] && !del[k] {
			mark(k - 1)
			mark(k)
		}
	}
	return changed
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return lines
}

// FuncSpan is a top-level function or method declaration's lines.
type FuncSpan struct {
	Name       string // "F" or "T.M"
	Start, End int
}

// FuncSpans returns the top-level functions of a Go source file; nil
// when it does not parse.
func FuncSpans(src []byte) []FuncSpan {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.SkipObjectResolution)
	if err != nil && f == nil {
		return nil
	}
	var spans []FuncSpan
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			if r := recvName(fd.Recv.List[0].Type); r != "" {
				name = r + "." + name
			}
		}
		spans = append(spans, FuncSpan{Name: name, Start: fset.Position(fd.Pos()).Line, End: fset.Position(fd.End()).Line})
	}
	return spans
}

func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// FuncAt returns the name of the function of spans holding line, or "".
func FuncAt(spans []FuncSpan, line int) string {
	for _, s := range spans {
		if s.Start <= line && line <= s.End {
			return s.Name
		}
	}
	return ""
}
