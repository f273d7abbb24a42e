package vet

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/check"
)

// runNil is NilFlow's Run: `cflr check`'s nilflow on the package alone
// (check.RunPackage), the same value-flow builder with the package's own
// points-to sets as its heap and the NilSummary facts of the packages it
// imports for their functions. It exports the summaries of the package's
// exported functions.
func runNil(pass *analysis.Pass) error {
	res, _ := pass.ResultOf[ssaAnalyzer].(*ssaResult)
	if res == nil {
		return nil // the standard library: modelled, not analyzed
	}
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	pass.ExportPackageFact(&nilAnalyzed{Module: module})
	prog, export := res.program()
	extern := func(fn *ssa.Function) *check.Summary {
		obj := importedFunc(pass, fn)
		if obj == nil {
			return nil
		}
		var s NilSummary
		if !pass.ImportObjectFact(obj, &s) {
			return nil
		}
		sum := s.toCheck()
		// A function of another module is library code: as in `cflr
		// check ./...`, the nils it writes are not sources and its
		// dereferences are not sinks; what it passes on still flows.
		var a nilAnalyzed
		if module != "" && pass.ImportPackageFact(obj.Pkg(), &a) && a.Module != "" && a.Module != module {
			sum.Results, sum.Sinks = nil, nil
		}
		return sum
	}
	sources, err := check.ParseNilSources(nilSources)
	if err != nil {
		return fmt.Errorf("-nilflow.sources: %w", err)
	}
	fs, sums, err := check.RunPackage(context.Background(), prog, &check.Config{Checks: []string{"nilflow"}, Threads: 1, Context: true, NilSources: sources}, extern, export)
	if err != nil {
		return err
	}
	report(pass, fs, nilRelated)
	for _, fn := range export {
		if s := sums[fn]; s != nil {
			n := fromCheck(s)
			sortNil(n)
			pass.ExportObjectFact(fn.Object(), n)
		}
	}
	return nil
}

// toCheck is the summary the shared builder links a call with.
func (s *NilSummary) toCheck() *check.Summary {
	out := &check.Summary{}
	for _, r := range s.Results {
		if !r.WithError {
			out.Results = append(out.Results, check.SummaryResult{Result: r.Result, Steps: r.Steps})
		}
	}
	for _, f := range s.Flows {
		if !f.WithError {
			out.Flows = append(out.Flows, check.SummaryFlow{Param: f.Param, Result: f.Result})
		}
	}
	for _, p := range s.Sinks {
		out.Sinks = append(out.Sinks, check.SummarySink{Param: p.Param, Kind: sinkKinds[p.Check], What: p.What, Steps: p.Steps})
	}
	return out
}

func fromCheck(s *check.Summary) *NilSummary {
	out := &NilSummary{}
	for _, r := range s.Results {
		out.Results = append(out.Results, NilResult{Result: r.Result, Steps: r.Steps})
	}
	for _, f := range s.Flows {
		out.Flows = append(out.Flows, Flow{Param: f.Param, Result: f.Result})
	}
	for _, p := range s.Sinks {
		out.Sinks = append(out.Sinks, ParamSink{Param: p.Param, Check: sinkName(p.Kind), What: p.What, Steps: p.Steps})
	}
	return out
}

// sinkKinds are the shared builder's sink kinds by their names in facts.
var sinkKinds = map[string]check.SinkKind{
	"dereference": check.SinkField,
	"map write":   check.SinkMapWrite,
	"call":        check.SinkCall,
	"invoke":      check.SinkInvoke,
	"assert":      check.SinkAssert,
}

func sinkName(k check.SinkKind) string {
	switch k {
	case check.SinkMapWrite:
		return "map write"
	case check.SinkCall:
		return "call"
	case check.SinkInvoke:
		return "invoke"
	case check.SinkAssert:
		return "assert"
	}
	return "dereference"
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

// program wraps the package's SSA as a frontend.Program (its blank
// functions, `func _()`, kept as roots) and lists its exported functions,
// whose summaries the analyzers export.
func (res *ssaResult) program() (*frontend.Program, []*ssa.Function) {
	var blank, export []*ssa.Function
	for _, fn := range res.funcs {
		if fn.Name() == "_" && fn.Parent() == nil {
			blank = append(blank, fn)
		}
		if exported(fn) {
			export = append(export, fn)
		}
	}
	return frontend.NewProgram(res.pkg.Prog, []*ssa.Package{res.pkg}, blank), export
}

// importedFunc is the generic origin of fn when fn is another package's
// function (whose facts the pass may import), else nil.
func importedFunc(pass *analysis.Pass, fn *ssa.Function) *types.Func {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
		return nil
	}
	if obj.Origin() != nil {
		obj = obj.Origin()
	}
	return obj
}
