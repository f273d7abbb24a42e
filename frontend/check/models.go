package check

import (
	_ "embed"
	"fmt"
	"sync"

	"gopkg.in/yaml.v3"
)

// The built-in models are data: models.yaml, in the format of a
// configuration file's taint: section, read by the same parser. It also
// says how calls into the standard library are modelled.
//
//go:embed models.yaml
var modelsYAML []byte

var (
	defaultsOnce sync.Once
	defaults     *TaintConfig
)

// DefaultTaintConfig returns a fresh copy of the built-in sources, sinks,
// sanitizers and propagators (models.yaml).
func DefaultTaintConfig() *TaintConfig {
	defaultsOnce.Do(func() {
		tc, err := parseModels("models.yaml", modelsYAML)
		if err != nil {
			panic(fmt.Sprintf("check: built-in taint models: %v", err)) // TestDefaultModels keeps it from happening
		}
		defaults = tc
	})
	return defaults.clone()
}

// parseModels reads a taint: section on its own, from an empty
// configuration.
func parseModels(path string, data []byte) (*TaintConfig, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	p := &cfgParser{path: path}
	tc := &TaintConfig{}
	if len(doc.Content) == 0 {
		return tc, nil
	}
	if err := p.taint(doc.Content[0], tc); err != nil {
		return nil, err
	}
	for i := range tc.Sources {
		tc.Sources[i].At = ""
	}
	for i := range tc.Sinks {
		tc.Sinks[i].At = ""
	}
	for i := range tc.Sanitizers {
		tc.Sanitizers[i].At = ""
	}
	for i := range tc.Validators {
		tc.Validators[i].At = ""
	}
	for i := range tc.Propagators {
		tc.Propagators[i].At = ""
	}
	return tc, nil
}

func (tc *TaintConfig) clone() *TaintConfig {
	c := &TaintConfig{
		Profile:     tc.Profile,
		Sources:     append([]Source(nil), tc.Sources...),
		Sinks:       append([]Sink(nil), tc.Sinks...),
		Sanitizers:  append([]Sanitizer(nil), tc.Sanitizers...),
		Validators:  append([]Validator(nil), tc.Validators...),
		Propagators: append([]Propagator(nil), tc.Propagators...),
	}
	return c
}
