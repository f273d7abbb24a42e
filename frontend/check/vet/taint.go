package vet

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend/check"
)

// runTaint is Taint's Run: `cflr check`'s taint check on the package
// alone (check.RunTaintPackage), on the same value-flow builder as
// NilFlow, with the TaintSummary facts of the packages it imports for
// their functions. It exports the summaries of the package's exported
// functions.
func runTaint(pass *analysis.Pass, tc *check.TaintConfig) error {
	res, _ := pass.ResultOf[ssaAnalyzer].(*ssaResult)
	if res == nil {
		return nil // the standard library: modelled, not analyzed
	}
	pass.ExportPackageFact(new(taintAnalyzed))
	prog, export := res.program()
	extern := func(fn *ssa.Function) *check.TaintSummary {
		obj := importedFunc(pass, fn)
		if obj == nil {
			return nil
		}
		var s TaintSummary
		if !pass.ImportObjectFact(obj, &s) {
			return nil
		}
		return s.toCheck()
	}
	cfg := &check.Config{Checks: []string{"taint"}, Taint: tc, Threads: 1, Context: true}
	fs, sums, err := check.RunTaintPackage(context.Background(), prog, cfg, extern, export)
	if err != nil {
		return err
	}
	report(pass, fs, taintRelated)
	for _, fn := range export {
		if s := sums[fn]; s != nil {
			t := taintFromCheck(s)
			sortTaint(t)
			if !t.empty() {
				pass.ExportObjectFact(fn.Object(), t)
			}
		}
	}
	return nil
}

// report reports findings fs of the shared checks on pass: the message
// holds the whole witness, and related information its steps in the
// package when related is set.
func report(pass *analysis.Pass, fs []check.Finding, related bool) {
	for _, f := range fs {
		var w []string
		for _, s := range f.Witness {
			w = append(w, s.Short())
		}
		d := analysis.Diagnostic{Pos: posIn(pass.Fset, f.Pos), Message: f.Message + ": " + joinSteps(w)}
		if related {
			for _, s := range f.Witness {
				if p := posIn(pass.Fset, s.Pos); p.IsValid() {
					d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: s.Desc})
				}
			}
		}
		pass.Report(d)
	}
}

// toCheck is the summary the shared taint check links a call with.
func (s *TaintSummary) toCheck() *check.TaintSummary {
	out := &check.TaintSummary{}
	for _, r := range s.Results {
		out.Results = append(out.Results, check.TaintSummaryResult{Result: r.Result, Source: r.Source, Steps: r.Steps, Clean: r.Clean})
	}
	for _, f := range s.Flows {
		out.Flows = append(out.Flows, check.TaintSummaryFlow{Param: f.Param, Result: f.Result, Clean: f.Clean})
	}
	for _, p := range s.Sinks {
		out.Sinks = append(out.Sinks, check.TaintSummarySink{Param: p.Param, Kind: p.Check, What: p.What, Steps: p.Steps})
	}
	return out
}

func taintFromCheck(s *check.TaintSummary) *TaintSummary {
	out := &TaintSummary{}
	for _, r := range s.Results {
		out.Results = append(out.Results, TaintResult{Result: r.Result, Source: r.Source, Steps: r.Steps, Clean: slices.Sorted(slices.Values(r.Clean))})
	}
	for _, f := range s.Flows {
		out.Flows = append(out.Flows, Flow{Param: f.Param, Result: f.Result, Clean: slices.Sorted(slices.Values(f.Clean))})
	}
	for _, p := range s.Sinks {
		out.Sinks = append(out.Sinks, ParamSink{Param: p.Param, Check: p.Kind, What: p.What, Steps: p.Steps})
	}
	return out
}

// maxSteps bounds the witness in a message; longer ones keep both ends.
const maxSteps = 12

func joinSteps(w []string) string {
	if len(w) > maxSteps {
		w = append(append(append([]string(nil), w[:maxSteps/2]...), fmt.Sprintf("(%d more)", len(w)-maxSteps)), w[len(w)-maxSteps/2:]...)
	}
	return strings.Join(w, " → ")
}
