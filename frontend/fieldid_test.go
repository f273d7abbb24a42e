package frontend

import (
	"go/types"
	"testing"
)

// TestStructIDs: struct types identical but for tags share a number,
// whichever *types.Struct stands for them; others do not.
func TestStructIDs(t *testing.T) {
	pkg := types.NewPackage("p", "p")
	intp := types.NewPointer(types.Typ[types.Int])
	field := func(name string, typ types.Type) *types.Var {
		return types.NewField(0, pkg, name, typ, false)
	}
	strct := func(typ types.Type, tag string) *types.Struct {
		return types.NewStruct([]*types.Var{field("a", typ)}, []string{tag})
	}
	plain, plain2 := strct(intp, ""), strct(intp, "")
	tagged := strct(intp, `json:"a"`)
	nested := types.NewStruct([]*types.Var{field("in", tagged)}, nil)
	nested2 := types.NewStruct([]*types.Var{field("in", plain)}, nil)
	other := strct(types.NewPointer(types.Typ[types.Bool]), "")
	otherName := types.NewStruct([]*types.Var{field("b", intp)}, nil)
	named := types.NewNamed(types.NewTypeName(0, pkg, "K", nil), plain, nil)

	var s structIDs
	id := s.id(plain)
	for _, st := range []*types.Struct{plain2, tagged, named.Underlying().(*types.Struct)} {
		if got := s.id(st); got != id {
			t.Errorf("id(%v) = %d, want %d (that of %v)", st, got, id, plain)
		}
	}
	if s.id(nested) != s.id(nested2) {
		t.Errorf("nested structs differing in an inner tag: distinct ids")
	}
	seen := map[int]bool{id: true, s.id(nested): true}
	for _, st := range []*types.Struct{other, otherName} {
		got := s.id(st)
		if seen[got] {
			t.Errorf("id(%v) = %d, shared with another struct type", st, got)
		}
		seen[got] = true
	}
	// lookup answers without numbering.
	if _, ok := s.lookup(types.NewStruct([]*types.Var{field("zz", intp)}, nil)); ok {
		t.Errorf("lookup of a struct type never numbered succeeded")
	}
	if got, ok := s.lookup(strct(intp, `xml:"a"`)); !ok || got != id {
		t.Errorf("lookup(struct{a *int `xml`}) = %d, %v; want %d, true", got, ok, id)
	}
}
