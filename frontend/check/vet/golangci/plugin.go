// Package golangci registers cflr's vet analyzers (nilflow and taint, from
// github.com/cflr/cflr/frontend/check/vet) as a golangci-lint module
// plugin named "cflr".
//
// It is its own module so that cflr's main go.mod does not depend on
// golangci-lint's plugin-module-register: only those who build a custom
// golangci-lint pull it in. To use it, list both modules in
// .custom-gcl.yml (cflr itself too, because `golangci-lint custom` adds a
// replace directive only for the modules it is given, and this module's own
// replace of cflr is ignored in the custom binary's build), run
// `golangci-lint custom`, and enable the linter in .golangci.yml; see
// example/ and README.md, "Checking your code".
//
// Settings (linters.settings.custom.cflr.settings):
//
//	checks: [nilflow, taint]   # default: both
//	config: cflr.yaml          # taint models, as `cflr check --config`
//	related: false             # witness steps as issues of their own
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/cflr/cflr/frontend/check/vet"
)

func init() { register.Plugin("cflr", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Checks []string `json:"checks"`
	Config string   `json:"config"`
	// Related reports each witness step in the package as an issue of its
	// own (golangci-lint shows related information that way); off by
	// default, as the message already holds the whole witness.
	Related bool `json:"related"`
	// NilSources is nilflow's nil sources: "default" (also when empty)
	// or "all" (vet.NilFlow's -nilflow.sources, cflr check's
	// --nil-sources).
	NilSources string `json:"nil-sources"`
}

// New builds the plugin from its settings.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, err
	}
	return &plugin{s}, nil
}

type plugin struct{ s Settings }

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	for _, a := range []*analysis.Analyzer{vet.NilFlow, vet.Taint} {
		if err := a.Flags.Set("related", fmt.Sprint(p.s.Related)); err != nil {
			return nil, err
		}
	}
	if p.s.NilSources != "" {
		if err := vet.NilFlow.Flags.Set("sources", p.s.NilSources); err != nil {
			return nil, err
		}
	}
	if p.s.Config != "" {
		if err := vet.Taint.Flags.Set("config", p.s.Config); err != nil {
			return nil, err
		}
	}
	if len(p.s.Checks) == 0 {
		return []*analysis.Analyzer{vet.NilFlow, vet.Taint}, nil
	}
	var as []*analysis.Analyzer
	for _, c := range p.s.Checks {
		switch c {
		case vet.NilFlow.Name:
			as = append(as, vet.NilFlow)
		case vet.Taint.Name:
			as = append(as, vet.Taint)
		default:
			return nil, fmt.Errorf("cflr plugin: unknown check %q (want %s or %s)", c, vet.NilFlow.Name, vet.Taint.Name)
		}
	}
	return as, nil
}

// GetLoadMode asks for type information: the analyzers build SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
