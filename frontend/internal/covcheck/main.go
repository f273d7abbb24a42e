// Command covcheck checks cflr's call graph against an execution: it reads
// `go tool covdata func` output (from a binary built with -cover
// -coverpkg=all) on stdin, and reports the executed functions that are not
// in cflr's reachable set, and those without an incoming call edge from an
// executed caller, in cflr's graph and in VTA's. The runtime (entered
// through calls the compiler inserts, which SSA does not show) and the
// coverage instrumentation are not the program's and are skipped.
//
//	covcheck DIR PATTERN [-v] < covdata-func.txt
//
// make check-frontend-dynamic runs it on x/tools/cmd/stringer.
package main

import (
	"bufio"
	"context"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend"
)

func key(prog *frontend.Program, fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil || !fn.Pos().IsValid() {
		return ""
	}
	pos := fn.Pos()
	if d, ok := fn.Syntax().(*ast.FuncDecl); ok && d.Body != nil {
		pos = d.Body.Lbrace // coverage names a function by its body's line
	}
	p := prog.Fset.Position(pos)
	return fmt.Sprintf("%s/%s:%d", fn.Pkg.Pkg.Path(), filepath.Base(p.Filename), p.Line)
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: covcheck DIR PATTERN [-v] < covdata-func.txt")
		os.Exit(2)
	}
	ctx := context.Background()
	prog, err := frontend.Load(ctx, &frontend.Config{Dir: os.Args[1]}, os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "covcheck:", err)
		os.Exit(1)
	}
	a, err := frontend.Analyze(ctx, prog, &frontend.AnalysisOptions{BoxPerType: true, CallGraphOnly: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "covcheck:", err)
		os.Exit(1)
	}
	executed := map[string]string{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || f[len(f)-1] == "0.0%" || f[0] == "total" {
			continue
		}
		k := strings.TrimSuffix(f[0], ":")
		// The runtime (entered by compiler-inserted calls no SSA shows)
		// and the coverage instrumentation itself are not the program's.
		if strings.HasPrefix(k, "runtime/") || strings.HasPrefix(k, "internal/runtime/") || strings.HasPrefix(k, "internal/coverage/") {
			continue
		}
		executed[k] = f[1]
	}
	reach := map[string]bool{}
	for _, fn := range a.Graph.Funcs {
		reach[key(prog, fn)] = true
	}
	cg := a.CallGraph()
	vtg := frontend.VTA(prog)
	vt := frontend.FromX(prog, vtg, nil)
	vreach := map[string]bool{}
	for _, fn := range frontend.Reachable(prog, vtg) {
		vreach[key(prog, fn)] = true
	}
	check := func(name string, edges []frontend.CallEdge) {
		into := map[string]bool{}
		for _, e := range edges {
			ck := key(prog, e.Caller)
			if executed[ck] != "" && vreach[ck] || e.Caller.Synthetic != "" || ck == "" {
				into[key(prog, e.Callee)] = true
			}
		}
		missing := 0
		for k, fname := range executed {
			if !into[k] && vreach[k] && fname != "main" && fname != "init" {
				missing++
				if len(os.Args) > 3 {
					fmt.Printf("  %s: no edge into %s (%s)\n", name, k, fname)
				}
			}
		}
		fmt.Printf("%s: %d executed functions without an incoming edge from an executed caller (both reachable from the roots under VTA)\n", name, missing)
	}
	// Executed functions that no call in the program's own code can reach
	// (neither under cflr's nor under VTA's resolution, from the same
	// roots) are run by the runtime or the coverage instrumentation.
	notReach, neither := 0, 0
	for k, fname := range executed {
		switch {
		case reach[k]:
		case !vreach[k]:
			neither++
		default:
			notReach++
			fmt.Printf("  not reachable in cflr's graph, reachable in VTA's: %s (%s)\n", k, fname)
		}
	}
	fmt.Printf("executed functions %d; reachable from the roots in neither graph %d (run by the runtime or the coverage instrumentation); reachable under VTA but not cflr %d\n", len(executed), neither, notReach)
	check("cflr", cg.Edges)
	check("VTA", vt.Edges)
}
