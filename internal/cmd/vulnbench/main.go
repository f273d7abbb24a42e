package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cflr/cflr/internal/atomicfile"
)

var (
	reportsDir  = flag.String("reports", "", "vulndb's data/reports directory")
	workDir     = flag.String("work", "out/vulndb", "module copies, logs and per-case results (cache)")
	outDir      = flag.String("out", "", "where RESULTS.md and cases.tsv go (default bench/vulndb-DATE)")
	cflrBin     = flag.String("cflr", "bin/cflr", "cflr binary")
	gosecBin    = flag.String("gosec", "out/checks/bin/gosec", "gosec binary")
	nilawayBin  = flag.String("nilaway", "out/checks/bin/nilaway", "nilaway binary")
	setFlag     = flag.String("set", "dev", "cases to run: dev, heldout or all (the table lists every selected case)")
	classFlag   = flag.String("class", "", "comma-separated classes to run (default all)")
	timeout     = flag.Duration("timeout", 5*time.Minute, "limit of one tool run (and of one download)")
	budget      = flag.Duration("budget", 0, "start no new case after this long (0: no limit)")
	only        = flag.String("only", "", "comma-separated report ids to run")
	redo        = flag.Bool("redo", false, "rerun cases that have a result")
	tableOnly   = flag.Bool("table", false, "only write the table from the results there are")
	caseTimeout = flag.Duration("case-timeout", 8*time.Minute, "limit of one case, its tool runs together")
	mirrors     = flag.String("mirrors", "", "directory of bare git mirrors (OWNER+NAME[/repo]) for the fix-commit fallback")
	noSumDB     = flag.Bool("nosumdb", false, "GOSUMDB=off for the go commands and tools (the checksum database unreachable)")
	rescoreF    = flag.Bool("rescore", false, "with -table: recompute the changed lines of each result from the module copies and rewrite it")
	jobs        = flag.Int("j", 1, "cases run at once (each tool run uses every core it can, so more than the cores rarely pays)")
)

// GosecRules are gosec's injection, path and taint rules.
const GosecRules = "G107,G201,G202,G203,G204,G304,G305,G701,G702,G703,G704,G705,G710"

// Case is one selected report.
type Case struct {
	Report *Report
	Class  string
	Set    string
}

// ToolResult is one tool's outcome on a case.
type ToolResult struct {
	Err      string `json:"err,omitempty"` // why it did not run to the end
	N        int    `json:"n"`             // findings at vulnerable_at
	NFixed   int    `json:"n_fixed"`       // findings at the fixed version, -1 when not run (no detection)
	Detected bool   `json:"detected"`
	How      string `json:"how,omitempty"` // symbol or line
	// OnChanged: some detecting finding lies on a line the fix changed
	// (the stricter criterion; a listed symbol can hold other bugs).
	OnChanged bool      `json:"on_changed"`
	Gone      bool      `json:"gone"`
	Hits      []Finding `json:"hits,omitempty"`
	Secs      float64   `json:"secs"` // both versions
}

// Result is one case's outcome (work/results/ID.json).
type Result struct {
	ID          string   `json:"id"`
	Class       string   `json:"class"`
	Set         string   `json:"set"`
	Module      string   `json:"module,omitempty"`
	Vuln        string   `json:"vuln,omitempty"`
	Fixed       string   `json:"fixed,omitempty"`
	Packages    []string `json:"packages,omitempty"`
	Kind        string   `json:"kind,omitempty"` // program, library, mixed
	Unavailable string   `json:"unavailable,omitempty"`
	// PkgsFromDiff: the report listed no packages; Packages are those
	// the fix changed.
	PkgsFromDiff bool                   `json:"pkgs_from_diff,omitempty"`
	Changed      int                    `json:"changed_lines"`
	Tools        map[string]*ToolResult `json:"tools,omitempty"`
	Secs         float64                `json:"secs"`
	// ToolCPU: the CPU seconds of the case's tool runs (cached ones
	// counted as when they ran), the load-independent part of its cost.
	ToolCPU float64 `json:"tool_cpu,omitempty"`
	// Source is "git" where the fix-commit fallback gave the versions
	// (Vuln and Fixed are then commits).
	Source string `json:"source,omitempty"`
	// Stages: seconds per stage (fetch, copy, list, TOOL@vuln,
	// TOOL@fixed), cached tool runs counting their lookup only.
	Stages map[string]float64 `json:"stages,omitempty"`
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("vulnbench: ")
	flag.Parse()
	if *reportsDir == "" {
		log.Fatal("-reports is required")
	}
	if *outDir == "" {
		*outDir = "bench/vulndb-" + time.Now().UTC().Format("2006-01-02")
	}
	for _, p := range []*string{workDir, cflrBin, gosecBin, nilawayBin, mirrors} {
		if *p == "" {
			continue
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			log.Fatal(err)
		}
		*p = abs
	}
	for _, t := range toolNames {
		toolKeys[t] = toolKey(map[string]string{"cflr": *cflrBin, "gosec": *gosecBin, "nilaway": *nilawayBin}[t])
	}
	reports, err := ReadReports(*reportsDir)
	if err != nil {
		log.Fatal(err)
	}
	var cases []Case
	for _, r := range reports {
		if c := Classify(r); c != "" && r.Withdrawn == nil {
			cases = append(cases, Case{Report: r, Class: c, Set: Set(r.ID)})
		}
	}
	resDir := filepath.Join(*workDir, "results")
	if err := os.MkdirAll(resDir, 0o755); err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	if !*tableOnly {
		classes := strings.Split(*classFlag, ",")
		ids := strings.Split(*only, ",")
		var todo []Case
		for _, c := range cases {
			if *setFlag != "all" && c.Set != *setFlag ||
				*classFlag != "" && !slices.Contains(classes, c.Class) ||
				*only != "" && !slices.Contains(ids, c.Report.ID) {
				continue
			}
			if _, err := os.Stat(filepath.Join(resDir, c.Report.ID+".json")); err == nil && !*redo {
				continue
			}
			todo = append(todo, c)
		}
		runCases(todo, resDir, start)
	}
	results := map[string]*Result{}
	for _, c := range cases {
		data, err := os.ReadFile(filepath.Join(resDir, c.Report.ID+".json"))
		if err != nil {
			continue
		}
		var r Result
		if err := json.Unmarshal(data, &r); err != nil {
			log.Fatalf("%s: %v (remove it to run the case again)", filepath.Join(resDir, c.Report.ID+".json"), err)
		}
		if *rescoreF {
			rescore(&r)
			data, _ := json.MarshalIndent(&r, "", "  ")
			if err := atomicfile.WriteBytes(filepath.Join(resDir, c.Report.ID+".json"), append(data, '\n')); err != nil {
				log.Fatal(err)
			}
		}
		results[c.Report.ID] = &r
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		log.Fatal(err)
	}
	var readme, tsv bytes.Buffer
	WriteTable(&readme, cases, results)
	WriteCases(&tsv, cases, results)
	if err := atomicfile.WriteBytes(filepath.Join(*outDir, "RESULTS.md"), readme.Bytes()); err != nil {
		log.Fatal(err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(*outDir, "cases.tsv"), tsv.Bytes()); err != nil {
		log.Fatal(err)
	}
}

// runCases runs the cases, -j at a time, in their order, writing each
// result to resDir as it ends. Cases that share a module copy, a
// checkout or a cached tool run take turns on it (lockKey); a result
// does not depend on -j, only its times do.
func runCases(todo []Case, resDir string, start time.Time) {
	next := make(chan Case)
	var wg sync.WaitGroup
	for range max(*jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				t0 := time.Now()
				res, cpu := runCase(c)
				res.Secs = time.Since(t0).Seconds()
				res.ToolCPU = cpu
				data, _ := json.MarshalIndent(res, "", "  ")
				if err := atomicfile.WriteBytes(filepath.Join(resDir, c.Report.ID+".json"), append(data, '\n')); err != nil {
					log.Fatal(err)
				}
				log.Printf("%s %s %s %.0fs %s", c.Report.ID, c.Class, c.Set, res.Secs, summary(res))
			}
		}()
	}
	for _, c := range todo {
		if *budget > 0 && time.Since(start) > *budget {
			log.Printf("budget of %v spent; rerun to go on", *budget)
			break
		}
		next <- c
	}
	close(next)
	wg.Wait()
}

// keyLocks holds a mutex per shared resource of the work directory.
var keyLocks sync.Map

// lockKey locks the resource named key (a directory or file of the work
// directory) and returns its unlock.
func lockKey(key string) (unlock func()) {
	m, _ := keyLocks.LoadOrStore(key, new(sync.Mutex))
	m.(*sync.Mutex).Lock()
	return m.(*sync.Mutex).Unlock
}

func summary(r *Result) string {
	if r.Unavailable != "" {
		return "unavailable: " + r.Unavailable
	}
	var parts []string
	for _, t := range toolNames {
		if tr := r.Tools[t]; tr != nil {
			parts = append(parts, fmt.Sprintf("%s n=%d det=%v gone=%v %s", t, tr.N, tr.Detected, tr.Gone, tr.Err))
		}
	}
	return strings.Join(parts, "; ")
}

var toolNames = []string{"cflr", "gosec", "nilaway"}

// runCase fetches, checks and compares one case. Its stages' times go
// in res.Stages; it returns the CPU seconds of its tool runs besides.
func runCase(c Case) (*Result, float64) {
	cr := &caseRun{deadline: time.Now().Add(*caseTimeout)}
	res := runCaseIn(cr, c)
	return res, cr.cpu
}

func runCaseIn(cr *caseRun, c Case) *Result {
	res := &Result{ID: c.Report.ID, Class: c.Class, Set: c.Set, Stages: map[string]float64{}}
	stage := func(name string, t0 time.Time) { res.Stages[name] += time.Since(t0).Seconds() }
	t, why := c.Report.Target()
	if t == nil {
		res.Unavailable = why
		return res
	}
	res.Module, res.Vuln, res.Fixed = t.Module, t.Vuln, t.Fixed
	var rels []string // listed packages' directories, relative
	evidence := &Evidence{Symbols: map[string][]string{}, Changed: map[string]map[int]bool{}}
	for _, p := range t.Packages {
		res.Packages = append(res.Packages, p.Package)
		rel := "."
		if p.Package != t.Module {
			r, ok := strings.CutPrefix(p.Package, t.Module+"/")
			if !ok {
				continue
			}
			rel = r
		}
		rels = append(rels, rel)
		evidence.Symbols[rel] = append(evidence.Symbols[rel], p.Symbols...)
	}
	if len(rels) == 0 && len(t.Packages) > 0 {
		res.Unavailable = "no listed package in the module"
		return res
	}
	t0 := time.Now()
	vsrc, err := moduleSource(cr, t.Module, t.Vuln)
	var fsrc string
	if err != nil {
		err = fmt.Errorf("vulnerable_at: %v", err)
	} else if fsrc, err = moduleSource(cr, t.Module, t.Fixed); err != nil {
		err = fmt.Errorf("fixed: %v", err)
	}
	if err != nil && strings.Contains(err.Error(), "proxy:") {
		// The fix-commit fallback: the fix and its parent from the
		// repository.
		var gerr error
		var vuln, fixed string
		vsrc, fsrc, vuln, fixed, gerr = gitSources(t)
		if gerr == nil {
			err = nil
			res.Vuln, res.Fixed, res.Source = vuln, fixed, "git"
		} else {
			err = fmt.Errorf("%v; fallback: %v", err, gerr)
		}
	}
	stage("fetch", t0)
	if err != nil {
		res.Unavailable = err.Error()
		return res
	}
	if len(t.Packages) == 0 {
		// An unreviewed report lists no packages: those whose Go files
		// changed between the two versions stand for them, without
		// symbols (detection by changed lines only).
		rels = changedPackages(vsrc, fsrc)
		switch {
		case len(rels) == 0:
			res.Unavailable = "no packages listed, no Go file changed"
			return res
		case len(rels) > maxDiffPackages:
			res.Unavailable = fmt.Sprintf("no packages listed, %d changed (more than %d)", len(rels), maxDiffPackages)
			return res
		}
		res.PkgsFromDiff = true
		for _, rel := range rels {
			pkg := t.Module
			if rel != "." {
				pkg += "/" + rel
			}
			res.Packages = append(res.Packages, pkg)
			evidence.Symbols[rel] = nil
		}
	}
	var pkgs []string // ./rel patterns present at vulnerable_at
	for _, rel := range rels {
		if _, err := os.Stat(filepath.Join(vsrc, rel)); err == nil {
			pkgs = append(pkgs, "./"+rel)
		}
	}
	if len(pkgs) == 0 {
		res.Unavailable = "listed packages absent at vulnerable_at"
		return res
	}
	evidence.Changed, res.Changed = changedLines(rels, vsrc, fsrc)
	t0 = time.Now()
	vdir, err := workCopy(t.Module, res.Vuln, vsrc)
	if err != nil {
		res.Unavailable = "vulnerable_at: " + err.Error()
		return res
	}
	stage("copy", t0)
	// Whether each package is a program or a library, without loading
	// its dependencies (-find): whether it builds, cflr's load tells.
	t0 = time.Now()
	unlock := lockKey(vdir)
	out, err := goCmd(cr, vdir, append([]string{"list", "-find", "-e", "-f", "{{.Name}} {{if .Error}}{{.Error}}{{end}}"}, pkgs...)...)
	unlock()
	stage("list", t0)
	if err != nil {
		res.Unavailable = "does not build (vulnerable_at): " + firstLine(err.Error())
		return res
	}
	kinds := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		name, errText, _ := strings.Cut(l, " ")
		if errText != "" {
			res.Unavailable = "does not build (vulnerable_at): " + firstLine(errText)
			return res
		}
		kinds[map[bool]string{true: "program", false: "library"}[name == "main"]] = true
	}
	res.Kind = "library"
	if kinds["program"] {
		res.Kind = "program"
		if kinds["library"] {
			res.Kind = "mixed"
		}
	}
	res.Tools = map[string]*ToolResult{}
	fdir := ""
	for _, tool := range toolNames {
		if tool == "gosec" && !TaintClass(c.Class) || tool == "nilaway" && TaintClass(c.Class) {
			continue
		}
		tr := &ToolResult{NFixed: -1}
		res.Tools[tool] = tr
		t0 := time.Now()
		vf, err := cachedTool(cr, tool, c, t.Module, res.Vuln, vdir, pkgs)
		stage(tool+"@vuln", t0)
		if err != nil {
			tr.Err = "vulnerable_at: " + err.Error()
			if tool == "cflr" && strings.Contains(err.Error(), "package errors") {
				res.Unavailable = "does not type-check (vulnerable_at): " + err.Error()
				res.Tools = nil
				return res
			}
			tr.Secs = time.Since(t0).Seconds()
			continue
		}
		tr.N = len(vf)
		tr.Hits, tr.How = Detect(vf, c.Class, evidence)
		tr.Detected = len(tr.Hits) > 0
		tr.OnChanged = onChanged(tr.Hits, evidence.Changed)
		if !tr.Detected {
			// Gone matters only for a detection: the fixed version
			// is not run.
			tr.Secs = time.Since(t0).Seconds()
			continue
		}
		t1 := time.Now()
		if fdir == "" {
			if fdir, err = workCopy(t.Module, res.Fixed, fsrc); err != nil {
				tr.Err = "fixed: " + err.Error()
				continue
			}
		}
		ff, err := cachedTool(cr, tool, c, t.Module, res.Fixed, fdir, present(fdir, pkgs))
		stage(tool+"@fixed", t1)
		if err != nil {
			tr.Err = "fixed: " + err.Error()
		} else {
			tr.NFixed = len(ff)
			tr.Gone = Gone(tr.Hits, ff)
		}
		tr.Secs = time.Since(t0).Seconds()
	}
	return res
}

// changedLines diffs the .go files (tests excepted) of the packages in
// rels between the vulnerable and the fixed copy.
func changedLines(rels []string, vdir, fdir string) (map[string]map[int]bool, int) {
	changed, n := map[string]map[int]bool{}, 0
	for _, rel := range rels {
		ents, _ := os.ReadDir(filepath.Join(vdir, rel))
		for _, e := range ents {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			file := pathJoin(rel, e.Name())
			old, _ := os.ReadFile(filepath.Join(vdir, file))
			new, _ := os.ReadFile(filepath.Join(fdir, file))
			if ch := ChangedLines(string(old), string(new)); len(ch) > 0 {
				changed[file] = ch
				n += len(ch)
			}
		}
	}
	return changed, n
}

// maxDiffPackages bounds the packages a case without listed packages
// takes from the diff: more is a release's worth of changes, not a fix.
const maxDiffPackages = 10

// changedPackages returns the directories (relative, sorted) of vdir
// holding a non-test .go file that differs in fdir, vendor and testdata
// excepted.
func changedPackages(vdir, fdir string) []string {
	seen := map[string]bool{}
	filepath.WalkDir(vdir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); p != vdir && (n == "vendor" || n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(vdir, p)
		old, _ := os.ReadFile(p)
		new, _ := os.ReadFile(filepath.Join(fdir, rel))
		if !bytes.Equal(old, new) {
			seen[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	var rels []string
	for r := range seen {
		rels = append(rels, r)
	}
	slices.Sort(rels)
	return rels
}

// present returns the patterns of pkgs ("./rel") whose directories
// exist in dir: a fix may delete a package.
func present(dir string, pkgs []string) []string {
	var out []string
	for _, p := range pkgs {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func onChanged(hits []Finding, changed map[string]map[int]bool) bool {
	for _, h := range hits {
		if changed[h.File][h.Line] {
			return true
		}
	}
	return false
}

// rescore recomputes what depends only on the module copies (the
// changed lines, OnChanged) for a result written by an earlier driver.
func rescore(r *Result) {
	if r.Unavailable != "" || r.Tools == nil {
		return
	}
	vdir := filepath.Join(*workDir, "mods", strings.ReplaceAll(r.Module, "/", "!")+"@"+r.Vuln)
	var fdir string
	var err error
	if r.Source == "git" {
		fdir, err = gitTree("", r.Module, r.Fixed) // extracted when the case ran
	} else {
		fdir, err = moduleSource(nil, r.Module, r.Fixed)
	}
	if err != nil {
		log.Printf("%s: rescore: %v", r.ID, err)
		return
	}
	var rels []string
	for _, p := range r.Packages {
		if p == r.Module {
			rels = append(rels, ".")
		} else if rel, ok := strings.CutPrefix(p, r.Module+"/"); ok {
			rels = append(rels, rel)
		}
	}
	changed, n := changedLines(rels, vdir, fdir)
	r.Changed = n
	for _, tr := range r.Tools {
		tr.OnChanged = onChanged(tr.Hits, changed)
	}
}

func pathJoin(rel, name string) string {
	if rel == "." {
		return name
	}
	return rel + "/" + name
}

func version(dir, vdir string) string {
	if dir == vdir {
		return "vulnerable_at"
	}
	return "fixed"
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// goEnv is the environment of the go commands and tools: the module is
// its own main module, old ones get go.sum entries as needed, and no
// toolchain is downloaded. -nosumdb turns the checksum database off,
// for machines that reach the module proxy but not sum.golang.org.
func goEnv() []string {
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod -buildvcs=false", "GOTOOLCHAIN=local")
	if *noSumDB {
		env = append(env, "GOSUMDB=off")
	}
	return env
}

// caseRun is the state of one case being run.
type caseRun struct {
	deadline time.Time // when the case must end (-case-timeout)
	cpu      float64   // CPU seconds of its tool runs
}

// limit is the time one command may take: -timeout, less where the
// case's deadline comes first (a nil cr has none).
func (cr *caseRun) limit() time.Duration {
	if cr == nil || cr.deadline.IsZero() {
		return *timeout
	}
	return max(min(*timeout, time.Until(cr.deadline)), time.Second)
}

// goCmd runs the go command in dir and returns its output.
func goCmd(cr *caseRun, dir string, args ...string) (string, error) {
	lim := cr.limit()
	ctx, cancel := context.WithTimeout(context.Background(), lim)
	defer cancel()
	cmd := exec.CommandContext(ctx, "nice", append([]string{"go"}, args...)...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	ownGroup(cmd)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("timed out after %v", lim.Round(time.Second))
		}
		return stdout.String(), fmt.Errorf("%s", cmp(strings.TrimSpace(stderr.String()), err.Error()))
	}
	return stdout.String(), nil
}

// moduleSource returns mod@ver's directory in the module cache (read
// only), fetching it through the module proxy.
func moduleSource(cr *caseRun, mod, ver string) (string, error) {
	empty := filepath.Join(*workDir, "empty")
	os.MkdirAll(empty, 0o755)
	out, _ := goCmd(cr, empty, "mod", "download", "-json", mod+"@"+ver)
	var info struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		return "", fmt.Errorf("proxy: no answer (%v)", err)
	}
	if info.Error != "" {
		msg := info.Error
		if i := strings.Index(msg, "server response: "); i >= 0 {
			msg = msg[i+len("server response: "):]
		}
		return "", fmt.Errorf("proxy: %s", firstLine(msg))
	}
	return info.Dir, nil
}

// workCopy returns a writable copy of src, mod at ver, under work/mods,
// with a go.mod (a module from before modules gets one naming mod). Its
// dependencies are downloaded as the tools load it (-mod=mod).
func workCopy(mod, ver, src string) (string, error) {
	dst := filepath.Join(*workDir, "mods", strings.ReplaceAll(mod, "/", "!")+"@"+ver)
	defer lockKey(dst)()
	if _, err := os.Stat(filepath.Join(dst, ".vulnbench-ok")); err == nil {
		return dst, nil
	}
	os.RemoveAll(dst)
	tmp := dst + ".tmp"
	os.RemoveAll(tmp)
	if err := os.CopyFS(tmp, os.DirFS(src)); err != nil {
		return "", err
	}
	filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			mode := os.FileMode(0o644)
			if d.IsDir() {
				mode = 0o755
			}
			os.Chmod(p, mode)
		}
		return nil
	})
	if _, err := os.Stat(filepath.Join(tmp, "go.mod")); err != nil {
		if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module "+mod+"\n\ngo 1.16\n"), 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return "", err
	}
	os.WriteFile(filepath.Join(dst, ".vulnbench-ok"), nil, 0o644)
	return dst, nil
}

// cachedTool is runTool with its outcome kept under work/tools, keyed
// by the tool binary's hash, the module version, the class's mode and
// the packages; a timeout is not kept.
func cachedTool(cr *caseRun, tool string, c Case, mod, ver, dir string, pkgs []string) ([]Finding, error) {
	file := cacheFile(tool, mod, ver, c.Class, pkgs)
	// The module copy too: a tool's go commands write its go.mod and
	// go.sum (-mod=mod).
	defer lockKey(dir)()
	if r, ok := readCache(file); ok {
		cr.cpu += r.CPU
		if r.Err != "" {
			return nil, errors.New(r.Err)
		}
		return r.Findings, nil
	}
	t0 := time.Now()
	var cpu float64
	fs, err := runTool(cr, tool, c, mod, dir, pkgs, &cpu)
	r := &toolRun{Findings: fs, Secs: time.Since(t0).Seconds(), CPU: cpu}
	cr.cpu += cpu
	if err != nil {
		if strings.Contains(err.Error(), "timed out") {
			return nil, err
		}
		r.Err = err.Error()
	}
	writeCache(file, r)
	return fs, err
}

// runTool runs tool on pkgs of the module in dir and returns its
// findings, placed relative to dir, and sets *cpu to its CPU seconds.
func runTool(cr *caseRun, tool string, c Case, mod, dir string, pkgs []string, cpu *float64) ([]Finding, error) {
	if len(pkgs) == 0 {
		return nil, nil // every listed package deleted: nothing left to find
	}
	var args []string
	switch tool {
	case "cflr":
		args = []string{*cflrBin, "check", "--json", "-q", "--scope", "-"}
		if TaintClass(c.Class) {
			args = append(args, "--checks", "taint", "--library")
		} else {
			args = append(args, "--checks", "nilflow")
		}
	case "gosec":
		args = []string{*gosecBin, "-fmt=json", "-no-fail", "-quiet", "-include=" + GosecRules}
	case "nilaway":
		args = []string{*nilawayBin, "-test=false", "-json", "-pretty-print=false", "-include-pkgs=" + mod}
	}
	args = append(args, pkgs...)
	lim := cr.limit()
	ctx, cancel := context.WithTimeout(context.Background(), lim)
	defer cancel()
	cmd := exec.CommandContext(ctx, "nice", args...)
	cmd.Dir = dir
	// Each run has a temporary directory of its own for the go commands
	// it starts (GOTMPDIR), removed after it: a run killed on its
	// timeout leaves no build directory behind.
	tmp, err := os.MkdirTemp(*workDir, "tmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd.Env = append(goEnv(), "GOTMPDIR="+tmp)
	ownGroup(cmd)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ps := cmd.ProcessState; ps != nil && cpu != nil {
		// The tool's and its waited-for children's CPU time: what the
		// run costs whatever the machine's load.
		*cpu = (ps.UserTime() + ps.SystemTime()).Seconds()
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("timed out after %v", lim.Round(time.Second))
	}
	var ee *exec.ExitError
	if err != nil && !(tool == "cflr" && errors.As(err, &ee) && ee.ExitCode() == 1) {
		msg := strings.TrimSpace(stderr.String())
		if tool == "cflr" && strings.Contains(msg, "package errors") {
			return nil, fmt.Errorf("package errors: %s", firstLine(msg))
		}
		return nil, fmt.Errorf("%s: %s", err, lastLine(msg))
	}
	fs, err := parseFindings(tool, stdout.Bytes(), dir)
	if err != nil {
		return nil, err
	}
	spans := map[string][]FuncSpan{}
	for i := range fs {
		f := &fs[i]
		s, ok := spans[f.File]
		if !ok {
			src, _ := os.ReadFile(filepath.Join(dir, f.File))
			s = FuncSpans(src)
			spans[f.File] = s
		}
		f.Func = FuncAt(s, f.Line)
	}
	return fs, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return firstLine(s)
}

// parseFindings reads a tool's JSON output.
func parseFindings(tool string, out []byte, dir string) ([]Finding, error) {
	rel := func(file string) string {
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if r, err := filepath.Rel(dir, file); err == nil {
			return filepath.ToSlash(r)
		}
		return file
	}
	var fs []Finding
	switch tool {
	case "cflr":
		var js []struct {
			Check, File, Message string
			Line                 int
		}
		if err := json.Unmarshal(out, &js); err != nil {
			return nil, fmt.Errorf("cflr output: %v", err)
		}
		for _, j := range js {
			fs = append(fs, Finding{Tool: tool, Rule: j.Check, File: rel(j.File), Line: j.Line, Msg: j.Message})
		}
	case "gosec":
		var js struct {
			Issues []struct {
				RuleID  string `json:"rule_id"`
				File    string `json:"file"`
				Line    string `json:"line"`
				Details string `json:"details"`
			}
		}
		if len(bytes.TrimSpace(out)) == 0 {
			return nil, nil // -quiet: no output without issues
		}
		if i := bytes.IndexByte(out, '{'); i > 0 {
			out = out[i:]
		}
		if err := json.Unmarshal(out, &js); err != nil {
			return nil, fmt.Errorf("gosec output: %v", err)
		}
		for _, j := range js.Issues {
			l, _, _ := strings.Cut(j.Line, "-")
			n, _ := strconv.Atoi(l)
			fs = append(fs, Finding{Tool: tool, Rule: j.RuleID, File: rel(j.File), Line: n, Msg: j.Details})
		}
	case "nilaway":
		// {"pkg": {"nilaway": [{"posn": "file:line:col", "message": ...}]}}
		var js map[string]map[string][]struct{ Posn, Message string }
		if len(bytes.TrimSpace(out)) > 0 {
			if err := json.Unmarshal(out, &js); err != nil {
				return nil, fmt.Errorf("nilaway output: %v", err)
			}
		}
		for _, byAnalyzer := range js {
			for _, ds := range byAnalyzer {
				for _, d := range ds {
					parts := strings.Split(d.Posn, ":")
					if len(parts) < 3 {
						continue
					}
					n, _ := strconv.Atoi(parts[len(parts)-2])
					fs = append(fs, Finding{Tool: tool, Rule: "nilaway", File: rel(strings.Join(parts[:len(parts)-2], ":")), Line: n, Msg: d.Message})
				}
			}
		}
		slices.SortFunc(fs, func(a, b Finding) int {
			return strings.Compare(a.File+fmt.Sprint(a.Line)+a.Msg, b.File+fmt.Sprint(b.Line)+b.Msg)
		})
	}
	return fs, nil
}
