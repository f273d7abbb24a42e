// Package order has functions that go/ssa makes once per expression
// (bound method closures, method-expression thunks: copies sharing name
// and position) and instances reached through aliases of their type
// arguments, for TestFuncOrder.
package order

import (
	"io/fs"
	"os"
)

type Hash int

func (h Hash) New() int { return int(h) }

// Three method values of Hash.New: three Hash.New$bound copies.
func Values(h Hash) []func() int {
	return []func() int{h.New, h.New, Hash(2).New}
}

// Two method expressions of Hash.New: two Hash.New$thunk copies.
func Exprs() []func(Hash) int {
	f := Hash.New
	return []func(Hash) int{f, Hash.New}
}

type Box[E any] struct{ e E }

func (b *Box[E]) Get() E { return b.e }

func Id[E any](e E) E { return e }

// The same instances, spelled through aliases and the aliased types.
func Aliases() {
	var a []os.DirEntry
	var b []fs.DirEntry
	_ = Id(a)
	_ = Id(b)
	_ = Id([]byte(nil))
	_ = Id([]uint8(nil))
	_ = (&Box[os.DirEntry]{}).Get()
	_ = (&Box[fs.DirEntry]{}).Get()
	_ = (&Box[rune]{}).Get()
}
