package main

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var modCacheRE = regexp.MustCompile(`/\S*/pkg/mod/`)

// scrub removes this machine's paths from a message: the work
// directory and the module cache.
func scrub(s string) string {
	s = strings.ReplaceAll(s, filepath.Join(*workDir, "mods")+"/", "")
	s = strings.ReplaceAll(s, *workDir+"/", "")
	return modCacheRE.ReplaceAllString(s, "$$GOMODCACHE/")
}

// WriteTable writes the markdown tables: per set and class, the cases
// selected, run, available and unavailable, and per tool the cases
// detected, gone at the fix and findings per available case.
func WriteTable(w io.Writer, cases []Case, results map[string]*Result) {
	fmt.Fprintf(w, "# cflr check, gosec and NilAway on the Go vulnerability database\n\n")
	fmt.Fprintf(w, "Written by internal/cmd/vulnbench (`make bench-vulndb`); the rules are in its doc.go.\n")
	fmt.Fprintf(w, "Per class: reports selected, not run yet, unavailable, available; for each tool\n")
	fmt.Fprintf(w, "det = cases detected (a finding of the class in a listed symbol or on a line the fix changed;\n")
	fmt.Fprintf(w, "in parentheses, those with a detecting finding on a changed line, the stricter criterion),\n")
	fmt.Fprintf(w, "gone = of those, detections gone at the fixed version, f/case = findings per available\n")
	fmt.Fprintf(w, "case at vulnerable_at; err = cases where the tool failed. gosec runs on the taint\n")
	fmt.Fprintf(w, "classes, NilAway on nil.\n")
	for _, set := range []string{"dev", "heldout"} {
		notRun, n := 0, 0
		for _, c := range cases {
			if c.Set == set {
				n++
				if results[c.Report.ID] == nil {
					notRun++
				}
			}
		}
		if notRun > 0 {
			fmt.Fprintf(w, "\n**PARTIAL:** %d of the %d cases of the %s set not run yet (column \"not run\"); its figures cover the cases run.\n",
				notRun, n, map[string]string{"dev": "development", "heldout": "held-out"}[set])
		}
	}
	for _, set := range []string{"dev", "heldout"} {
		title := map[string]string{"dev": "Development set (GO-2020..2023)", "heldout": "Held-out set (GO-2024 and later)"}[set]
		fmt.Fprintf(w, "\n## %s\n\n", title)
		fmt.Fprintf(w, "| class | cases | not run | unavail | avail | cflr det | cflr gone | cflr f/case | cflr err | gosec det | gosec gone | gosec f/case | gosec err | NilAway det | NilAway gone | NilAway f/case | NilAway err |\n")
		fmt.Fprintf(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		var rows []row
		for _, class := range Classes {
			rows = append(rows, tally(cases, results, set, func(c string) bool { return c == class }, class))
		}
		rows = append(rows, tally(cases, results, set, TaintClass, "taint (all but nil)"))
		rows = append(rows, tally(cases, results, set, func(string) bool { return true }, "all"))
		for _, r := range rows {
			fmt.Fprintf(w, "| %s | %d | %d | %d | %d |", r.name, r.cases, r.notRun, r.unavail, r.avail)
			for _, t := range toolNames {
				s := r.tools[t]
				if s.ran == 0 {
					fmt.Fprintf(w, " - | - | - | - |")
					continue
				}
				fmt.Fprintf(w, " %d (%d) | %d | %.1f | %d |", s.det, s.line, s.gone, float64(s.n)/float64(max(1, s.ran)), s.err)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "\n## Unavailable cases by reason\n\n")
	byWhy := map[string][]string{}
	for _, c := range cases {
		if r := results[c.Report.ID]; r != nil && r.Unavailable != "" {
			why := reasonClass(r.Unavailable)
			byWhy[why] = append(byWhy[why], c.Report.ID)
		}
	}
	var whys []string
	for k := range byWhy {
		whys = append(whys, k)
	}
	sort.Slice(whys, func(i, j int) bool {
		if len(byWhy[whys[i]]) != len(byWhy[whys[j]]) {
			return len(byWhy[whys[i]]) > len(byWhy[whys[j]])
		}
		return whys[i] < whys[j]
	})
	fmt.Fprintf(w, "| reason | cases | reports |\n|---|--:|---|\n")
	for _, k := range whys {
		fmt.Fprintf(w, "| %s | %d | %s |\n", k, len(byWhy[k]), strings.Join(byWhy[k], " "))
	}
	for _, set := range []string{"dev", "heldout"} {
		git, avail, n := 0, 0, 0
		secs, cpu := 0.0, 0.0
		for _, c := range cases {
			if r := results[c.Report.ID]; r != nil && c.Set == set {
				n++
				secs += r.Secs
				cpu += r.ToolCPU
				if r.Unavailable == "" {
					avail++
					if r.Source == "git" {
						git++
					}
				}
			}
		}
		fmt.Fprintf(w, "\n%s: %d cases run in %.0f min (the sum of their wall times; cached tool runs count their lookup only), their tool runs %.0f CPU min; %d of the %d available came from the fix-commit fallback.\n",
			map[string]string{"dev": "Development set", "heldout": "Held-out set"}[set], n, secs/60, cpu/60, git, avail)
	}
	fmt.Fprintf(w, "\nEach case's line, with the full reason, is in cases.tsv.\n")
}

// reasonClass groups unavailability reasons for the summary table.
func reasonClass(why string) string {
	for _, p := range []string{"standard library", "no vulnerable_at", "no fixed version", "no module", "listed packages absent", "no listed package"} {
		if strings.Contains(why, p) {
			return p
		}
	}
	switch {
	case strings.Contains(why, "no packages listed, no Go file"):
		return "no packages listed, no Go file changed"
	case strings.Contains(why, "no packages listed"):
		return "no packages listed, too many changed"
	case strings.Contains(why, "proxy:") && strings.Contains(why, "no GitHub fix commit"):
		return "proxy refused a version, no GitHub fix commit"
	case strings.Contains(why, "proxy:") && strings.Contains(why, "not mirrored"):
		return "proxy refused a version, repository not mirrored"
	case strings.Contains(why, "proxy:"):
		return "proxy refused a version, fix commit not had from the mirror"
	case strings.Contains(why, "type-check"):
		return "does not type-check"
	case strings.Contains(why, "does not build"), strings.Contains(why, "go mod download"):
		return "does not build"
	}
	return why
}

type toolTally struct{ ran, det, line, gone, n, err int }

type row struct {
	name                          string
	cases, notRun, unavail, avail int
	tools                         map[string]*toolTally
}

func tally(cases []Case, results map[string]*Result, set string, in func(string) bool, name string) row {
	r := row{name: name, tools: map[string]*toolTally{}}
	for _, t := range toolNames {
		r.tools[t] = &toolTally{}
	}
	for _, c := range cases {
		if c.Set != set || !in(c.Class) {
			continue
		}
		r.cases++
		res := results[c.Report.ID]
		switch {
		case res == nil:
			r.notRun++
			continue
		case res.Unavailable != "":
			r.unavail++
			continue
		}
		r.avail++
		for t, tr := range res.Tools {
			s := r.tools[t]
			s.ran++
			s.n += tr.N
			if tr.Err != "" {
				s.err++
			}
			if tr.Detected {
				s.det++
			}
			if tr.OnChanged {
				s.line++
			}
			if tr.Gone {
				s.gone++
			}
		}
	}
	return r
}

// WriteCases writes one tab-separated line per selected case.
func WriteCases(w io.Writer, cases []Case, results map[string]*Result) {
	fmt.Fprintf(w, "id\tset\tclass\tmodule\tvulnerable_at\tfixed\tkind\tchanged_lines\tsecs\tstatus\tcflr\tgosec\tnilaway\n")
	for _, c := range cases {
		res := results[c.Report.ID]
		if res == nil {
			fmt.Fprintf(w, "%s\t%s\t%s\t\t\t\t\t\t\tnot run\t\t\t\n", c.Report.ID, c.Set, c.Class)
			continue
		}
		status := "available"
		if res.Unavailable != "" {
			status = "unavailable: " + scrub(strings.ReplaceAll(res.Unavailable, "\t", " "))
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%.0f\t%s", res.ID, res.Set, res.Class, res.Module, res.Vuln, res.Fixed, res.Kind, res.Changed, res.Secs, status)
		for _, t := range toolNames {
			tr := res.Tools[t]
			if tr == nil {
				fmt.Fprintf(w, "\t-")
				continue
			}
			s := fmt.Sprintf("n=%d fixed=%d", tr.N, tr.NFixed)
			if tr.Detected {
				s += fmt.Sprintf(" detected(%s) %s:%d", tr.How, tr.Hits[0].File, tr.Hits[0].Line)
				if tr.OnChanged {
					s += " on-changed-line"
				}
				if tr.Gone {
					s += " gone"
				}
			}
			if tr.Err != "" {
				s += " err: " + scrub(strings.ReplaceAll(tr.Err, "\t", " "))
			}
			fmt.Fprintf(w, "\t%s", s)
		}
		fmt.Fprintln(w)
	}
}
