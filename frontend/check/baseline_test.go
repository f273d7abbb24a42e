package check

import (
	"bytes"
	"go/token"
	"strings"
	"testing"
)

func baseFinding(line int, msg string) Finding {
	return Finding{Check: "nilflow", Pos: token.Position{Filename: "p/a.go", Line: line, Column: 2}, Func: "p.F", Message: msg,
		Witness: []Step{{Pos: token.Position{Filename: "p/a.go", Line: line - 1}, Desc: "nil assigned to x"}}}
}

// TestBaselineFilter: matching ignores lines, counts copies, and tells
// apart function, message and witness.
func TestBaselineFilter(t *testing.T) {
	var buf bytes.Buffer
	old := []Finding{baseFinding(10, "x may be nil at field access x.f"), baseFinding(20, "x may be nil at field access x.f")}
	if err := WriteBaseline(&buf, old, "."); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBaseline(&buf, "base.json", ".")
	if err != nil || b.Len() != 2 {
		t.Fatalf("ReadBaseline: %v, %d findings", err, b.Len())
	}
	otherFunc := baseFinding(40, "x may be nil at field access x.f")
	otherFunc.Func = "p.G"
	otherWitness := baseFinding(50, "x may be nil at field access x.f")
	otherWitness.Witness[0].Desc = "nil returned from p.find"
	now := []Finding{
		baseFinding(13, "x may be nil at field access x.f"), // moved
		baseFinding(23, "x may be nil at field access x.f"), // moved
		baseFinding(30, "x may be nil at field access x.f"), // a third copy: new
		baseFinding(31, "y may be nil at field access y.f"), // another message
		otherFunc, otherWitness,
	}
	kept, known := b.Filter(now)
	if known != 2 || len(kept) != 4 || kept[0].Pos.Line != 30 {
		t.Errorf("kept %v, known %d", kept, known)
	}
}

func FuzzReadBaseline(f *testing.F) {
	var buf bytes.Buffer
	WriteBaseline(&buf, []Finding{baseFinding(10, "x may be nil at field access x.f")}, ".")
	f.Add(buf.Bytes())
	f.Add([]byte("[]"))
	f.Add([]byte(`[{"check":"taint"}]`))
	f.Add([]byte("[\n{\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBaseline(bytes.NewReader(data), "fuzz.json", ".")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		b.Filter([]Finding{baseFinding(1, "m")})
	})
}
