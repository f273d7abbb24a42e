// Vulnbench measures cflr check, gosec and NilAway on the Go vulnerability
// database (golang.org/x/vulndb, issue 19): `make bench-vulndb` runs it.
//
// # Cases
//
// Every report of data/reports is a case when its text names one of the
// classes below. The class is decided by the summary, else the
// description, else the CWE of cve_metadata (the first that names a
// class); within one text the first class of this list that matches wins
// (the patterns are in classes, case-insensitive):
//
//	sqli      SQL injection, CWE-89
//	cmdi      command/shell injection, CWE-77, CWE-78
//	path      path/directory traversal, zip/tar slip, CWE-22
//	xss       cross-site scripting, XSS, CWE-79
//	ssrf      server-side request forgery, SSRF, CWE-918
//	redirect  open redirect, CWE-601
//	nil       nil/null pointer dereference, CWE-476
//
// Reports GO-2020-* through GO-2023-* are the development set; GO-2024-*
// and later the held-out set.
//
// A case's module is the report's first module outside the standard
// library and toolchain that has a vulnerable_at version; its fixed
// version is the least `fixed` above vulnerable_at. An unreviewed report
// often lists no packages: then the packages whose non-test Go files
// differ between the two versions stand for them (vendor and testdata
// excepted; more than 10 makes the case unavailable, a release's worth of
// changes rather than a fix), without symbols. Both versions are fetched
// through the module proxy (go mod download) and read in the module
// cache; the vulnerable one (and the fixed one where a tool runs there)
// is copied out and built as the main module (GOFLAGS=-mod=mod, so that
// old modules get their go.sum entries and dependencies as they load;
// -nosumdb where sum.golang.org cannot be reached).
//
// The fix-commit fallback: where the proxy refuses a version and a fix
// reference of the report is a GitHub commit (the first such reference),
// the case is had from the public repository instead: a mirror of it
// under -mirrors (OWNER+NAME, OWNER+NAME/repo or OWNER+NAME/repo/.git),
// fetched beforehand (the driver does not clone). The fixed version is then the fix
// commit's tree, the vulnerable one its first parent's (not the report's
// vulnerable_at: the parent is the code just before the fix), the module
// the directory of the go.mod that declares the report's module path,
// else the repository's root (a go.mod naming the module is written
// where there is none). The versions recorded are the two commits.
//
// A case that cannot be had is unavailable, with its reason: standard
// library, no vulnerable_at, no fixed version, the proxy refused a
// version (and why the fallback failed: no GitHub fix commit, the
// repository not mirrored, the commit not in it), the listed packages
// absent, or they do not build or type-check (cflr's load at
// vulnerable_at fails). None is dropped: every selected report is in the
// output, as available, unavailable or not run yet.
//
// # Tools
//
// On each version, over the report's listed packages of the module:
//
//   - cflr check --json --scope - : taint (--checks taint --library)
//     for the injection classes, nilflow for nil. A main package is
//     analyzed from main; a library package in library mode: every
//     function is a root and the string/[]byte parameters of its
//     exported API are untrusted (check.Config.Library).
//   - gosec (injection classes): G107 G201 G202 G203 G204 G304 G305 and
//     its taint rules G701-G705 and G710, on the packages' directories.
//   - NilAway (nil class), on the packages, its reports limited to the
//     module.
//
// # Detected and gone
//
// A finding is placed at its sink, its nil use or the position the tool
// reports, and counts only for its class: cflr's taint findings at a sink
// of the class's kind (sql, command, path, html, ssrf, redirect), its
// nilflow findings for nil; gosec's rules for the class (sqli G201 G202
// G701, cmdi G204 G702, path G304 G305 G703, xss G203 G705, ssrf G107
// G704, redirect G710); NilAway's for nil. A case is detected by a tool when one of its findings at
// vulnerable_at lies in a listed package and either inside a listed
// symbol (a top-level function or method, "Type.Method", closures
// counted in their function) or on a line the fix changed: a line of the
// vulnerable copy that the fixed copy deletes or replaces, or next to
// where it inserts lines (a line diff of each .go file of the listed
// packages). Between two releases the diff holds more than the fix, so
// the changed-line count is recorded with each case. A listed symbol can
// hold other bugs than the advisory's, so the table also counts, in
// parentheses, the detections with a finding on a changed line, the
// stricter criterion. A detection is gone
// when none of the detecting findings is at the fixed version: a finding
// there with the same tool, rule, file, function and message (positions
// removed) is the same finding.
//
// # Speed
//
// The fixed version is analyzed only by the tools that detected the
// case at vulnerable_at (gone is a question about a detection; the
// findings at the fixed version of the others are not counted, n_fixed
// -1). Whether a package is a program or a library is read without
// loading dependencies (go list -find); whether it builds, cflr's own
// load says. Each tool run has -timeout, a whole case -case-timeout;
// a tool run that meets it is killed with everything it started (its
// own process group: go list and the compilers it runs), and the go
// commands of each tool run keep their temporary files in a directory
// of their own (GOTMPDIR) that is removed after it.
// Every tool run (findings or error, not a timeout) is kept under
// -work/tools, keyed by the tool binary's hash, the module version, the
// mode (taint or nil) and the packages: a rerun after a rebuilt cflr
// reruns cflr alone. Each result records its stages' seconds.
//
// -j N runs N cases at once (default 1). Cases that share a module copy,
// a checkout of a fix commit or a kept tool run take turns on it, so a
// result does not depend on -j, unless a tool run meets -timeout only
// because it shares the cores; use -j 2 on a machine with more cores than
// one tool run keeps busy (go commands and downloads wait on the network
// and the disk, most of a case's wall time on a warm cache).
//
// # Output
//
// Per case, a JSON result in -work/results (a rerun skips cases with a
// result; -redo reruns them, reusing the kept tool runs of unchanged
// tools; -table -rescore recomputes what depends on the module copies
// alone), then -out/RESULTS.md: per set and class, the cases, available,
// unavailable, and each tool's detected, gone and findings per available
// case; the unavailable cases with their reasons; and -out/cases.tsv,
// one raw line per case. Paths in the output are relative to the module.
package main
