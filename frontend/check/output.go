package check

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
)

// WriteText writes findings as go vet does, file:line:col: message, each
// followed by its witness steps, indented.
func WriteText(w io.Writer, fs []Finding) error {
	for _, f := range fs {
		if _, err := fmt.Fprintf(w, "%s: %s (%s)\n", f.Pos, f.Message, f.Check); err != nil {
			return err
		}
		for _, s := range f.Witness {
			if _, err := fmt.Fprintf(w, "\t%s: %s\n", s.Pos, s.Desc); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonFinding is a finding in --json output.
type jsonFinding struct {
	Check    string     `json:"check"`
	Pos      string     `json:"pos"`
	File     string     `json:"file"`
	Line     int        `json:"line"`
	Column   int        `json:"column"`
	Function string     `json:"function,omitempty"`
	Message  string     `json:"message"`
	Witness  []jsonStep `json:"witness"`
	// PathChecked: the witness's path conditions were found satisfiable
	// (nilflow's refutation); false where no solver looked at them.
	PathChecked bool `json:"path_checked"`
}

type jsonStep struct {
	Pos    string `json:"pos"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Desc   string `json:"desc"`
}

// WriteJSON writes findings as a JSON array (an empty array for none).
func WriteJSON(w io.Writer, fs []Finding) error {
	out := make([]jsonFinding, 0, len(fs))
	for _, f := range fs {
		jf := jsonFinding{Check: f.Check, Pos: f.Pos.String(), File: f.Pos.Filename, Line: f.Pos.Line, Column: f.Pos.Column, Function: f.Func, Message: f.Message, Witness: []jsonStep{}, PathChecked: f.Checked}
		for _, s := range f.Witness {
			jf.Witness = append(jf.Witness, jsonStep{Pos: s.Pos.String(), File: s.Pos.Filename, Line: s.Pos.Line, Column: s.Pos.Column, Desc: s.Desc})
		}
		out = append(out, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// SARIF 2.1.0, the subset GitHub code scanning reads.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool              sarifTool                   `json:"tool"`
	OriginalURIBaseID map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results           []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string        `json:"id"`
	Name             string        `json:"name"`
	ShortDescription sarifText     `json:"shortDescription"`
	FullDescription  sarifText     `json:"fullDescription"`
	DefaultConfig    sarifRuleConf `json:"defaultConfiguration"`
}

type sarifRuleConf struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
	CodeFlows []sarifCodeFlow `json:"codeFlows,omitempty"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
	Message  *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	Artifact sarifArtifactLoc `json:"artifactLocation"`
	Region   sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	Locations []sarifThreadFlowLoc `json:"locations"`
}

type sarifThreadFlowLoc struct {
	Location sarifLocation `json:"location"`
}

// WriteSARIF writes findings as a SARIF 2.1.0 log: one run whose rules
// are checkers (all, in Checkers' order, so that rule indices do not
// depend on what was found), one result per finding with its witness as
// a code flow. File names relative to root (the source root, normally
// the repository's) are written relative to %SRCROOT%, as GitHub code
// scanning expects; others as absolute file URIs.
func WriteSARIF(w io.Writer, fs []Finding, checkers []Checker, root string) error {
	ruleIndex := map[string]int{}
	var rules []sarifRule
	for _, c := range checkers {
		ruleIndex[c.Name()] = len(rules)
		doc := c.Doc()
		short, _, _ := strings.Cut(doc, "\n")
		rules = append(rules, sarifRule{ID: c.Name(), Name: c.Name(), ShortDescription: sarifText{short},
			FullDescription: sarifText{doc}, DefaultConfig: sarifRuleConf{"warning"}})
	}
	if rules == nil {
		rules = []sarifRule{}
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	loc := func(file string, line, col int, msg string) sarifLocation {
		l := sarifLocation{Physical: sarifPhysical{Artifact: artifact(absRoot, file), Region: sarifRegion{StartLine: line, StartColumn: col}}}
		if msg != "" {
			l.Message = &sarifText{msg}
		}
		return l
	}
	results := []sarifResult{}
	for _, f := range fs {
		idx, ok := ruleIndex[f.Check]
		if !ok {
			return fmt.Errorf("finding of check %q, which is not among the rules", f.Check)
		}
		r := sarifResult{RuleID: f.Check, RuleIndex: idx, Level: "warning", Message: sarifText{f.Message},
			Locations: []sarifLocation{loc(f.Pos.Filename, f.Pos.Line, f.Pos.Column, "")}}
		if len(f.Witness) > 0 {
			tf := sarifThreadFlow{}
			for _, s := range f.Witness {
				tf.Locations = append(tf.Locations, sarifThreadFlowLoc{loc(s.Pos.Filename, s.Pos.Line, s.Pos.Column, s.Desc)})
			}
			r.CodeFlows = []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{tf}}}
		}
		results = append(results, r)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:              sarifTool{sarifDriver{Name: "cflr", InformationURI: "https://github.com/cflr/cflr", Rules: rules}},
			OriginalURIBaseID: map[string]sarifArtifactLoc{"%SRCROOT%": {URI: fileURI(absRoot) + "/"}},
			Results:           results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// artifact locates file (absolute, or relative to the working directory)
// relative to root when it lies below it.
func artifact(root, file string) sarifArtifactLoc {
	abs, err := filepath.Abs(file)
	if err == nil {
		if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: "%SRCROOT%"}
		}
	}
	return sarifArtifactLoc{URI: fileURI(abs)}
}

func fileURI(abs string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// WriteDOT writes the findings' witnesses as one Graphviz graph: a node
// per program point (file:line:col), an edge per step of a witness,
// labeled with the finding's number, and each sink drawn as a box.
func WriteDOT(w io.Writer, fs []Finding) error {
	var b strings.Builder
	b.WriteString("digraph witnesses {\n\tnode [shape=ellipse, fontsize=10];\n")
	ids := map[string]int{}
	node := func(pos, label string, sink bool) int {
		key := pos
		if sink {
			key = "sink " + pos
		}
		if id, ok := ids[key]; ok {
			return id
		}
		id := len(ids)
		ids[key] = id
		shape := ""
		if sink {
			shape = ", shape=box, color=red"
		}
		fmt.Fprintf(&b, "\tn%d [label=%s%s];\n", id, strconv.Quote(pos+"\n"+label), shape)
		return id
	}
	for k, f := range fs {
		prev := -1
		for _, s := range f.Witness {
			id := node(s.Pos.String(), s.Desc, false)
			if prev >= 0 && prev != id {
				fmt.Fprintf(&b, "\tn%d -> n%d [label=\"%d\"];\n", prev, id, k+1)
			}
			prev = id
		}
		sink := node(f.Pos.String(), fmt.Sprintf("#%d %s: %s", k+1, f.Check, f.Message), true)
		if prev >= 0 {
			fmt.Fprintf(&b, "\tn%d -> n%d [label=\"%d\"];\n", prev, sink, k+1)
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
