package vet

import (
	"context"
	"go/token"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check"
)

var useShared = os.Getenv("CFLR_VET_SHARED") != ""

// runShared runs `cflr check`'s nilflow on the package alone: the same
// value-flow builder, with the package's own points-to sets as its heap.
func runShared(pass *analysis.Pass, res *ssaResult) error {
	var blank []*ssa.Function
	for _, fn := range res.funcs {
		if fn.Name() == "_" && fn.Parent() == nil {
			blank = append(blank, fn)
		}
	}
	prog := frontend.NewProgram(res.pkg.Prog, []*ssa.Package{res.pkg}, blank)
	fs, err := check.Run(context.Background(), prog, &check.Config{Checks: []string{"nilflow"}, Threads: 1})
	if err != nil {
		return err
	}
	for _, f := range fs {
		var w []string
		for _, s := range f.Witness {
			w = append(w, s.Desc)
		}
		d := analysis.Diagnostic{Pos: posIn(pass.Fset, f.Pos), Message: f.Message + ": " + joinSteps(w)}
		if nilRelated {
			for _, s := range f.Witness {
				if p := posIn(pass.Fset, s.Pos); p.IsValid() {
					d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: s.Desc})
				}
			}
		}
		pass.Report(d)
	}
	return nil
}

// posIn turns a printed position back into fset's.
func posIn(fset *token.FileSet, p token.Position) token.Pos {
	var out token.Pos
	fset.Iterate(func(f *token.File) bool {
		if f.Name() != p.Filename && !strings.HasSuffix(f.Name(), "/"+p.Filename) {
			return true
		}
		if p.Line >= 1 && p.Line <= f.LineCount() {
			out = f.LineStart(p.Line) + token.Pos(max(p.Column-1, 0))
		}
		return false
	})
	return out
}
