package frontend

import (
	"context"
	"fmt"
	"github.com/cflr/cflr/edgecentric"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Config says which Go packages to load and how.
type Config struct {
	// Dir is the directory in which patterns are resolved, as the working
	// directory of `go build` (default: the current directory).
	Dir string
	// Tests includes each package's test files and test packages.
	Tests bool
	// Env, when non-nil, is the environment of the go command (default:
	// the process's).
	Env []string
	// Debug builds SSA with debug information (ssa.GlobalDebug), which
	// position and variable-name queries need. It costs some memory.
	Debug bool
	// DebugPackages, when non-nil (with Debug), limits debug information
	// to the packages the patterns name and those whose import path it
	// accepts: debug references add an instruction per expression, and a
	// whole program's dependencies (the standard library) rarely need them
	// (cflr check names values only in the packages it checks).
	DebugPackages func(path string) bool
	// Prune builds SSA only for the functions the program can run (from
	// main, the initializers and the named library packages, as
	// Options.AllFunctions' default): the other bodies are dropped before
	// SSA, as if written in assembly. Whole-program analyses that start
	// from the program's entry points (Analyze without AllFunctions) see
	// the same functions, for a fraction of the SSA and call-graph cost;
	// queries about any function of the program (VTA comparisons,
	// AllFunctions) need it off. It also cuts composite literals of
	// scalar constants (unicode's tables, x/text's code pages) to their
	// first element: they hold no pointer, nil or untrusted value, and
	// were two thirds of a web application's SSA instructions. In the
	// standard library and the module cache, the tables syntax shows to
	// be constant are cut as they are parsed, so that type-checking skips
	// their elements too (trimTables); the others after type-checking. See
	// pruneBodies and trimTable. Once SSA is built, the syntax of
	// non-generic bodies is released (Function.Syntax keeps the
	// declaration, without its body).
	Prune bool
}

// PackageError is a load, parse or type error in a package, at the position
// `go build` reports (file:line:col).
type PackageError struct {
	Pos string // file:line:col, or "" when the error has no position
	Msg string
}

func (e PackageError) Error() string {
	if e.Pos == "" {
		return e.Msg
	}
	return e.Pos + ": " + e.Msg
}

// Program is a loaded Go program in SSA form: every package the patterns
// name plus their dependencies, with bodies built (generic functions
// instantiated).
type Program struct {
	Fset *token.FileSet
	SSA  *ssa.Program
	// Packages are the SSA packages the patterns named, well-typed ones
	// only, sorted by path.
	Packages []*ssa.Package
	// Errors are the packages' errors, sorted by position. The packages
	// that have them are left out of the analysis (and so are the packages
	// that import them, which go/ssa cannot build); the rest is analyzed.
	Errors []PackageError
	// Skipped names the initial packages left out because of errors.
	Skipped []string
	// Bodies and Pruned count the function bodies SSA was built for and
	// those Config.Prune dropped; TableElems, the constant elements of
	// scalar tables it dropped.
	Bodies, Pruned, TableElems int
	// LoadTime and SSATime are the durations of the two phases;
	// PruneTime is the part of SSATime that Config.Prune's walk took.
	LoadTime, SSATime, PruneTime time.Duration
	// LoadRSS is the peak resident memory after loading and SSA (0 where
	// /proc is missing): the baseline the analysis' memory is judged by.
	LoadRSS int64
	// Blank are the functions named _ that the packages declare (no
	// package member, never called, but code a per-function check reads).
	Blank []*ssa.Function

	// modules maps the path of each package loaded from a module to the
	// module's path (Module).
	modules map[string]string

	funcs []*ssa.Function // sortedFuncs, once computed
	users funcUsers       // set with funcs (allFunctionsUsers)
	// wd is the working directory at Load: positions below it are
	// printed relative to it, as go build prints them.
	wd string
}

// Load loads the packages that patterns (as for `go build`) denote and
// builds their SSA form. Package errors do not make Load fail: they are
// reported in Program.Errors and the well-typed packages are kept. Load
// fails when the go command fails or no package could be built.
func Load(ctx context.Context, cfg *Config, patterns ...string) (*Program, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	start := time.Now()
	pcfg := &packages.Config{
		Context:   ctx,
		Mode:      packages.LoadAllSyntax | packages.NeedModule,
		Dir:       cfg.Dir,
		Tests:     cfg.Tests,
		Env:       cfg.Env,
		ParseFile: parseFile,
	}
	var parseTrimmed atomic.Int64
	if cfg.Prune {
		// Tables are cut at parse time only in the standard library and
		// the module cache: code that builds, where the cut cannot hide
		// a type error in the elements it drops (trimTables checks what
		// syntax can; an overflowing constant it cannot). The user's
		// own files keep every error; trimTable cuts their tables after
		// type-checking.
		deps := depRoots(ctx, cfg)
		pcfg.ParseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			f, err := parseFile(fset, filename, src)
			if f != nil && err == nil && underAny(filename, deps) {
				parseTrimmed.Add(int64(trimTables(f)))
			}
			return f, err
		}
	}
	initial, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %v: %w", patterns, err)
	}
	wd, _ := os.Getwd()
	p := &Program{LoadTime: time.Since(start), wd: wd}
	seen := map[string]bool{}
	p.modules = map[string]string{}
	packages.Visit(initial, nil, func(pkg *packages.Package) {
		if pkg.Module != nil {
			p.modules[pkg.PkgPath] = pkg.Module.Path
		}
		for _, e := range pkg.Errors {
			pe := PackageError{Pos: relPos(p.wd, e.Pos), Msg: e.Msg}
			if k := pe.Error(); !seen[k] {
				seen[k] = true
				p.Errors = append(p.Errors, pe)
			}
		}
	})
	sort.SliceStable(p.Errors, func(i, j int) bool { return p.Errors[i].Pos < p.Errors[j].Pos })

	start = time.Now()
	release := func() {}
	if cfg.Prune {
		p.Bodies, p.Pruned, p.TableElems, release = pruneBodies(initial)
		p.TableElems += int(parseTrimmed.Load())
		p.PruneTime = time.Since(start)
	}
	mode := ssa.InstantiateGenerics
	if cfg.Debug && cfg.DebugPackages == nil {
		mode |= ssa.GlobalDebug
	}
	prog, pkgs := ssautil.AllPackages(initial, mode)
	if cfg.Debug && cfg.DebugPackages != nil {
		// Before Build: a package's mode applies as its bodies are built
		// (instantiations of generic functions follow their origin's).
		for _, sp := range prog.AllPackages() {
			if cfg.DebugPackages(sp.Pkg.Path()) {
				sp.SetDebugMode(true)
			}
		}
		for _, sp := range pkgs {
			if sp != nil {
				sp.SetDebugMode(true)
			}
		}
	}
	for i, sp := range pkgs {
		if sp == nil {
			p.Skipped = append(p.Skipped, initial[i].ID)
			continue
		}
		p.Packages = append(p.Packages, sp)
	}
	if len(p.Packages) == 0 {
		if len(p.Errors) > 0 {
			return p, fmt.Errorf("no package could be analyzed: %w", p.Errors[0])
		}
		return p, fmt.Errorf("no packages match %v", patterns)
	}
	sort.Slice(p.Packages, func(i, j int) bool { return p.Packages[i].Pkg.Path() < p.Packages[j].Pkg.Path() })
	if err := buildSSA(prog); err != nil {
		return p, err
	}
	p.Blank = blankFuncs(prog, initial, pkgs)
	if cfg.Prune {
		release()
		// Collect now: the heap would otherwise grow to twice the
		// live set before the release (the GC's goal) before the next
		// collection finds what it gave back, and that is the peak of
		// the whole run.
		runtime.GC()
	}
	p.Fset, p.SSA = prog.Fset, prog
	p.SSATime = time.Since(start)
	p.LoadRSS = edgecentric.PeakRSS()
	return p, nil
}

// Module returns the path of the module that package path was loaded
// from, or "" when none (the standard library, a package outside any
// module, a program that NewProgram made without loading).
func (p *Program) Module(path string) string { return p.modules[path] }

// depRoots returns the directories of the standard library and the
// module cache (with a trailing separator), or none if the go command
// cannot tell.
func depRoots(ctx context.Context, cfg *Config) []string {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT", "GOMODCACHE")
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	if cfg.Env == nil {
		cmd.Env = os.Environ()
	}
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var roots []string
	for i, d := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if d = strings.TrimSpace(d); d == "" {
			continue
		}
		if i == 0 {
			d = filepath.Join(d, "src")
		}
		roots = append(roots, filepath.Clean(d)+string(filepath.Separator))
	}
	return roots
}

func underAny(file string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(file, d) {
			return true
		}
	}
	return false
}

// parseFile is go/packages' parser without the syntactic object
// resolution (ast.Object) that go/types and go/ssa do not use: it costs
// parse time and memory for every file of the program.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
}

// buildSSA builds every function body, turning a go/ssa panic (ill-typed
// code slipping through) into an error.
func buildSSA(prog *ssa.Program) (err error) {
	defer func() {
		if r := recover(); r != nil {
			buf := make([]byte, 4096)
			buf = buf[:runtime.Stack(buf, false)]
			err = fmt.Errorf("building SSA: %v\n%s", r, buf)
		}
	}()
	prog.Build()
	return nil
}

// pkgName is the name used for p in labels: its package name.
func pkgName(p *types.Package) string {
	if p == nil {
		return ""
	}
	return p.Name()
}

// posString formats pos as file:line:col, the file relative to wd (the
// working directory at Load) when it lies below it.
func posString(wd string, fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	if !p.IsValid() {
		return "-"
	}
	if wd != "" {
		if rel, err := filepath.Rel(wd, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			p.Filename = rel
		}
	}
	return p.String()
}

// relPos makes the file of a file:line:col position relative to wd when
// it lies below it, as go build prints it.
func relPos(wd, pos string) string {
	if wd == "" || !filepath.IsAbs(pos) {
		return pos
	}
	if rel, err := filepath.Rel(wd, pos); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return pos
}
