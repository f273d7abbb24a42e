package nogo_test

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/cflr/cflr/frontend/check/vet"
	"github.com/cflr/cflr/frontend/check/vet/nogo/nilflow"
	"github.com/cflr/cflr/frontend/check/vet/nogo/taint"
)

// TestAnalyzers checks what nogo needs of a dep: an exported Analyzer
// that is valid (with what it requires) and whose facts round-trip
// through gob, as nogo serializes them between actions.
func TestAnalyzers(t *testing.T) {
	if nilflow.Analyzer != vet.NilFlow || taint.Analyzer != vet.Taint {
		t.Fatal("the nogo packages do not export cflr's analyzers")
	}
	all := []*analysis.Analyzer{nilflow.Analyzer, taint.Analyzer}
	if err := analysis.Validate(all); err != nil {
		t.Fatal(err)
	}
	for _, a := range all {
		for _, f := range a.FactTypes {
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(f); err != nil {
				t.Errorf("%s: fact %T does not encode: %v", a.Name, f, err)
				continue
			}
			back := reflect.New(reflect.TypeOf(f).Elem()).Interface()
			if err := gob.NewDecoder(&buf).Decode(back); err != nil {
				t.Errorf("%s: fact %T does not decode: %v", a.Name, f, err)
			}
		}
	}
}
