package vet

import (
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/cflr/cflr/frontend/check"
)

// NilFlow reports nil values that reach a dereference, a map write or a
// call, across functions and packages; see the package doc.
var NilFlow = &analysis.Analyzer{
	Name:      "nilflow",
	Doc:       "report nil values that flow to a dereference, a nil-map write or a call (cflr)\n\nNil constants are followed through assignments, calls, returns, fields, globals and captured variables to the places where a nil panics. Uses guarded by a nil check, and results used only after their error was checked, are not reported. Summaries of exported functions are exported as facts, so flows cross packages.",
	URL:       "https://github.com/cflr/cflr/tree/main/frontend/check/vet",
	Requires:  []*analysis.Analyzer{ssaAnalyzer},
	FactTypes: []analysis.Fact{new(NilSummary), new(nilAnalyzed)},
	Run: func(pass *analysis.Pass) (any, error) {
		return nil, runNil(pass)
	},
}

// Taint reports untrusted data (HTTP requests, network reads; with
// -taint.profile=cli also the process's arguments, environment, stdin and
// files read) that reaches a dangerous sink (SQL, commands, file paths,
// HTML, redirects, outgoing requests) with no sanitizer on the way. Its
// models are `cflr check`'s (frontend/check/models.yaml); -taint.config
// adds to or replaces them from a cflr.yaml.
var Taint = &analysis.Analyzer{
	Name:      "taint",
	Doc:       "report untrusted data that reaches a dangerous sink with no sanitizer (cflr)\n\nSources, sinks and sanitizers are those of `cflr check` (frontend/check/models.yaml); -taint.config=cflr.yaml adds to or replaces them; -taint.profile=cli also distrusts the process's arguments, environment, stdin and files read. Summaries of exported functions are exported as facts, so flows cross packages.",
	URL:       "https://github.com/cflr/cflr/tree/main/frontend/check/vet",
	Requires:  []*analysis.Analyzer{ssaAnalyzer},
	FactTypes: []analysis.Fact{new(TaintSummary), new(taintAnalyzed)},
	Run: func(pass *analysis.Pass) (any, error) {
		tc, err := taintModels()
		if err != nil {
			return nil, err
		}
		return nil, runTaint(pass, tc)
	},
}

var (
	taintConfig, taintProfile string
	nilRelated, taintRelated  bool
	nilSources                string
)

func init() {
	Taint.Flags.StringVar(&taintConfig, "config", "", "a cflr.yaml (or .json) whose taint: section adds to or replaces the built-in models")
	Taint.Flags.StringVar(&taintProfile, "profile", "", "trust boundary: server (the default: requests and connections are untrusted) or cli (also os.Args, the environment, stdin and files read); overrides the configuration's profile:")
	// go vet prints related information under the finding; golangci-lint
	// turns each into an issue of its own, so its plugin turns them off.
	NilFlow.Flags.BoolVar(&nilRelated, "related", true, "report the witness steps in the package as related information (the message holds the whole witness)")
	NilFlow.Flags.StringVar(&nilSources, "sources", check.NilSourcesDefault, "which nils to report: default (not the sentinel nil constants returned by functions whose results do not end in an error, nor nils stored into struct fields) or all; as cflr check's --nil-sources")
	Taint.Flags.BoolVar(&taintRelated, "related", true, "report the witness steps in the package as related information (the message holds the whole witness)")
}

var (
	modelsMu  sync.Mutex
	modelsKey string // the flags models was made for
	models    *check.TaintConfig
	modelsErr error
)

// taintModels is the taint configuration the flags ask for, made once
// per setting of them (a driver sets them once; tests change them).
func taintModels() (*check.TaintConfig, error) {
	modelsMu.Lock()
	defer modelsMu.Unlock()
	key := taintConfig + "\x00" + taintProfile
	if (models != nil || modelsErr != nil) && key == modelsKey {
		return models, modelsErr
	}
	models, modelsErr, modelsKey = nil, nil, key
	tc := check.DefaultTaintConfig()
	if taintConfig != "" {
		cfg, err := check.LoadConfig(taintConfig)
		if err != nil {
			modelsErr = err
			return nil, err
		}
		tc = cfg.Taint
	}
	if taintProfile != "" {
		prof, err := check.ParseProfile(taintProfile)
		if err != nil {
			modelsErr = fmt.Errorf("-taint.profile: %w", err)
			return nil, modelsErr
		}
		tc.Profile = prof
	}
	models = tc
	return models, nil
}

var _ = flag.CommandLine // Analyzer.Flags is a flag.FlagSet

// ssaResult is one package's SSA, shared by both analyzers.
type ssaResult struct {
	pkg   *ssa.Package
	funcs []*ssa.Function // the package's functions, closures included, in source order
}

// ssaAnalyzer builds SSA like buildssa, but not for the standard library,
// which both checks model rather than analyze (so go vet does not pay for
// its SSA on every run that needs facts).
//
// It does not require ctrlflow for its no-return facts: that would build a
// CFG of every function of the standard library on each go vet run that
// computes facts, where plain go vet does not run ctrlflow (measured on
// pebble, this saved little: the taint graph was the cost). It knows the
// standard library's no-return functions by name (stdNoReturn) and exports
// its own fact for the functions of analyzed packages that never return.
var ssaAnalyzer = &analysis.Analyzer{
	Name:       "cflrssa",
	Doc:        "build SSA for cflr's checks (not for the standard library)",
	ResultType: reflect.TypeOf((*ssaResult)(nil)),
	FactTypes:  []analysis.Fact{new(noReturn)},
	Run:        buildSSA,
}

// noReturn is the fact that a function never returns (it always exits,
// panics or loops).
type noReturn struct{}

func (*noReturn) AFact()         {}
func (*noReturn) String() string { return "noReturn" }

// stdNoReturn are the standard library's functions that never return
// (panic itself is known to go/ssa).
var stdNoReturn = map[string]bool{
	"os.Exit": true, "syscall.Exit": true, "runtime.Goexit": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"log.Panic": true, "log.Panicf": true, "log.Panicln": true,
	"log.Logger.Fatal": true, "log.Logger.Fatalf": true, "log.Logger.Fatalln": true,
	"log.Logger.Panic": true, "log.Logger.Panicf": true, "log.Logger.Panicln": true,
	"testing.common.FailNow": true, "testing.common.Fatal": true, "testing.common.Fatalf": true,
	"testing.common.SkipNow": true, "testing.common.Skip": true, "testing.common.Skipf": true,
}

// stdPackage reports whether the package being analyzed is in the
// standard library: its files lie under GOROOT/src.
func stdPackage(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return true
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	goroot := filepath.Clean(build.Default.GOROOT)
	return goroot != "." && strings.HasPrefix(filepath.Clean(name), filepath.Join(goroot, "src")+string(filepath.Separator))
}

func buildSSA(pass *analysis.Pass) (any, error) {
	if stdPackage(pass) {
		return (*ssaResult)(nil), nil
	}
	// The package's own no-return functions are found on its SSA (no
	// reachable return); when some are, SSA is built again with them, so
	// that their callers' paths end there too (a few rounds at most).
	local := map[*types.Func]bool{}
	var prog *ssa.Program
	var pkg *ssa.Package
	for round := 0; round < 3; round++ {
		// GlobalDebug keeps DebugRefs: messages name values after their
		// variables, as `cflr check` does. InstantiateGenerics: NilFlow's
		// builder (frontend/check) analyzes generic code through its
		// instances, as in `cflr check`.
		prog = ssa.NewProgram(pass.Fset, ssa.GlobalDebug|ssa.InstantiateGenerics)
		prog.SetNoReturn(func(fn *types.Func) bool {
			switch {
			case fn.Pkg() == nil:
				return false
			case fn.Pkg() == pass.Pkg:
				return local[fn]
			case stdNoReturn[canonical(fn)]:
				return true
			}
			return pass.ImportObjectFact(fn, new(noReturn))
		})
		for _, p := range pass.Pkg.Imports() {
			prog.CreatePackage(p, nil, nil, true)
		}
		pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
		pkg.Build()
		grew := false
		for _, file := range pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || local[obj] {
					continue
				}
				if f := prog.FuncValue(obj); f != nil && f.Blocks != nil && !returns(f) {
					local[obj] = true
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	for obj := range local {
		pass.ExportObjectFact(obj, new(noReturn))
	}
	res := &ssaResult{pkg: pkg}
	var add func(*ssa.Function)
	add = func(f *ssa.Function) {
		res.funcs = append(res.funcs, f)
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if f := prog.FuncValue(obj); f != nil && f.Blocks != nil {
						add(f)
					}
				}
			}
		}
	}
	if init := pkg.Func("init"); init != nil {
		add(init)
	}
	return res, nil
}

// returns reports whether fn has a reachable return.
func returns(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			return true
		}
	}
	return false
}

// nilAnalyzed and taintAnalyzed are package facts that say a package was
// analyzed (not the standard library): a call into it with no summary
// then carries nothing, while a call into an unanalyzed package is
// modelled.
type nilAnalyzed struct {
	// Module is the package's module path ("" where the driver does not
	// say): nils written in another module are library code, as for
	// `cflr check ./...` (see runNil).
	Module string
}
type taintAnalyzed struct{}

func (*nilAnalyzed) AFact()   {}
func (*taintAnalyzed) AFact() {}

func (*nilAnalyzed) String() string   { return "analyzed" }
func (*taintAnalyzed) String() string { return "analyzed" }

// canonical names a function or method as the models do: pkg.F, pkg.T.M
// (no pointer).
func canonical(f *types.Func) string {
	if f.Pkg() == nil {
		return ""
	}
	if recv := f.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return f.Pkg().Path() + "." + n.Obj().Name() + "." + f.Name()
		}
		return ""
	}
	return f.Pkg().Path() + "." + f.Name()
}
