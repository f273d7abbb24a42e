package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/semver"
	"gopkg.in/yaml.v3"
)

// Report is the part of a vulndb report (data/reports/GO-*.yaml) used here.
type Report struct {
	ID          string   `yaml:"id"`
	Modules     []Module `yaml:"modules"`
	Summary     string   `yaml:"summary"`
	Description string   `yaml:"description"`
	CVEMetadata struct {
		CWE string `yaml:"cwe"`
	} `yaml:"cve_metadata"`
	References []map[string]string `yaml:"references"`
	Withdrawn  any                 `yaml:"withdrawn"`
}

// Module is one affected module of a report.
type Module struct {
	Module       string              `yaml:"module"`
	Versions     []map[string]string `yaml:"versions"` // introduced: / fixed:
	VulnerableAt string              `yaml:"vulnerable_at"`
	Packages     []Package           `yaml:"packages"`
}

// Package is one affected package and its vulnerable symbols.
type Package struct {
	Package string   `yaml:"package"`
	Symbols []string `yaml:"symbols"`
	SkipFix string   `yaml:"skip_fix"`
}

// ParseReport parses one report.
func ParseReport(data []byte) (*Report, error) {
	var r Report
	if err := yaml.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	if r.ID == "" {
		return nil, fmt.Errorf("report without id")
	}
	return &r, nil
}

// ReadReports reads every report of dir (data/reports), sorted by id.
func ReadReports(dir string) ([]*Report, error) {
	files, err := filepath.Glob(filepath.Join(dir, "GO-*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var rs []*Report
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		r, err := ParseReport(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Base(f), err)
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// Classes lists the vulnerability classes in precedence order.
var Classes = []string{"sqli", "cmdi", "path", "xss", "ssrf", "redirect", "nil"}

// TaintClass reports whether class is one taint checks.
func TaintClass(class string) bool { return class != "nil" }

var textPatterns = map[string]*regexp.Regexp{
	"sqli":     regexp.MustCompile(`(?i)\bsql[ -]injection`),
	"cmdi":     regexp.MustCompile(`(?i)\b(os |shell |)command[ -]injection|\bshell injection`),
	"path":     regexp.MustCompile(`(?i)\b(path|directory)[ -]traversal|\b(zip|tar)[ -]?slip`),
	"xss":      regexp.MustCompile(`(?i)cross[ -]site[ -]scripting|\bxss\b`),
	"ssrf":     regexp.MustCompile(`(?i)server[ -]side[ -]request[ -]forgery|\bssrf\b`),
	"redirect": regexp.MustCompile(`(?i)\bopen[ -]redirect`),
	"nil":      regexp.MustCompile(`(?i)\b(nil|null)[ -]pointer[ -]dereference|\bnil[ -](pointer[ -])?dereference|\bnil pointer (panic|deref)`),
}

var cwes = map[string]string{
	"CWE-89": "sqli", "CWE-77": "cmdi", "CWE-78": "cmdi", "CWE-22": "path",
	"CWE-79": "xss", "CWE-918": "ssrf", "CWE-601": "redirect", "CWE-476": "nil",
}

var cweRE = regexp.MustCompile(`CWE-\d+`)

// Classify returns r's class, or "" when it names none: the summary's
// first class, else the description's, else the CWE's.
func Classify(r *Report) string {
	for _, text := range []string{r.Summary, r.Description} {
		for _, c := range Classes {
			if textPatterns[c].MatchString(text) {
				return c
			}
		}
	}
	for _, id := range cweRE.FindAllString(r.CVEMetadata.CWE, -1) {
		if c, ok := cwes[id]; ok {
			return c
		}
	}
	return ""
}

// Set returns "dev" for reports GO-2020 through GO-2023, "heldout" for
// later ones.
func Set(id string) string {
	parts := strings.Split(id, "-")
	if len(parts) >= 2 {
		if y, err := strconv.Atoi(parts[1]); err == nil && y <= 2023 {
			return "dev"
		}
	}
	return "heldout"
}

// Target is what a case analyzes: one module at two versions.
type Target struct {
	Module   string
	Vuln     string // with "v"
	Fixed    string
	Packages []Package // of Module
	Fix      string    // the fix commit's URL, if any
}

// Target picks r's module and versions, or returns why none can be had.
func (r *Report) Target() (*Target, string) {
	var why string
	for _, m := range r.Modules {
		if m.Module == "std" || m.Module == "cmd" || m.Module == "toolchain" {
			why = cmp(why, "standard library or toolchain")
			continue
		}
		if m.VulnerableAt == "" {
			why = "no vulnerable_at"
			continue
		}
		vuln := "v" + m.VulnerableAt
		fixed := ""
		for _, v := range m.Versions {
			f, ok := v["fixed"]
			if !ok {
				continue
			}
			f = "v" + f
			if semver.Compare(f, vuln) > 0 && (fixed == "" || semver.Compare(f, fixed) < 0) {
				fixed = f
			}
		}
		if fixed == "" {
			why = "no fixed version"
			continue
		}
		t := &Target{Module: m.Module, Vuln: vuln, Fixed: fixed, Packages: m.Packages}
		// The first fix reference, a GitHub commit preferred (the
		// fix-commit fallback needs one).
		for _, ref := range r.References {
			if u, ok := ref["fix"]; ok {
				if _, _, isCommit := FixCommit(u); isCommit {
					t.Fix = u
					break
				}
				t.Fix = cmp(t.Fix, u)
			}
		}
		return t, ""
	}
	if why == "" {
		why = "no module"
	}
	return nil, why
}

func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
