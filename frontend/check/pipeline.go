package check

import (
	"go/types"
	"runtime"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

// A prepass computes the facts of function bodies that the value-flow
// build reads (funcFacts: guards, dereference sites, error tests,
// defaulted variables, receivers dereferenced, captured variables
// guarded, functions that never return) while the points-to analysis
// runs. They depend on each body alone, not on points-to sets, and were
// a fifth of the value-flow build's CPU; the analysis leaves the second
// core idle for much of its time (VTA and building the points-to graph
// run on one core). The facts are pure functions of the bodies,
// so the graph is the same however far the pre-pass got: BuildFlow
// computes the ones it had not reached.
type prepass struct {
	facts *funcFacts
	stop  atomic.Bool
	done  chan struct{}
	err   error         // a panic in the pre-pass (frontend.InternalError)
	cur   *ssa.Function // the function the pre-pass is at
}

// startPrepass starts the pre-pass over prog's declared functions and
// their closures (on one processor, it does nothing: the work would
// only be moved, and done for functions the analysis leaves out too).
func startPrepass(prog *frontend.Program) *prepass {
	p := &prepass{facts: newFuncFacts(), done: make(chan struct{})}
	if runtime.GOMAXPROCS(0) < 2 {
		close(p.done)
		return p
	}
	go func() {
		defer close(p.done)
		defer frontend.Catch("function facts", &p.cur, &p.err)
		p.run(prog)
	}()
	return p
}

// finish stops the pre-pass after the function it is at and returns its
// facts, which only the caller uses from then on, or the internal error
// it stopped at (its facts may then be half made).
func (p *prepass) finish() (*funcFacts, error) {
	p.stop.Store(true)
	<-p.done
	return p.facts, p.err
}

// run visits the packages the patterns named first (their functions are
// all in the graph), then the others.
func (p *prepass) run(prog *frontend.Program) {
	named := map[*ssa.Package]bool{}
	for _, pkg := range prog.Packages {
		named[pkg] = true
		if !p.pkg(prog, pkg) {
			return
		}
	}
	for _, pkg := range prog.SSA.AllPackages() {
		if !named[pkg] && !p.pkg(prog, pkg) {
			return
		}
	}
}

// pkg visits the functions and methods pkg declares; false when stopped.
// Only functions that exist already are read (FuncValue creates none):
// wrappers and instances that the analysis creates are left to BuildFlow.
func (p *prepass) pkg(prog *frontend.Program, pkg *ssa.Package) bool {
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			if !p.function(m) {
				return false
			}
		case *ssa.Type:
			named, ok := types.Unalias(m.Type()).(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			for i := range named.NumMethods() {
				if fn := prog.SSA.FuncValue(named.Method(i)); fn != nil && !p.function(fn) {
					return false
				}
			}
		}
	}
	return true
}

// function computes fn's facts and those of its closures; false when
// stopped.
func (p *prepass) function(fn *ssa.Function) bool {
	if p.stop.Load() {
		return false
	}
	if len(fn.Blocks) == 0 || fn.TypeParams().Len() > 0 {
		return true
	}
	p.cur = fn
	f := p.facts
	f.guardsOf(fn)
	f.derefsOf(fn)
	f.errTestsOf(fn)
	f.defaultedOf(fn)
	if fn.Signature.Recv() != nil {
		f.derefsReceiver(fn)
	}
	f.invokedParams(fn)
	for _, fv := range fn.FreeVars {
		f.freeGuarded(fv)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				neverReturns(c) // memoized in panicMemo
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if !p.function(anon) {
			return false
		}
	}
	return true
}
