// Package main exercises Config.Prune: each function declaration says
// whether its body must be kept (the program can run it) or may be
// dropped, in a trailing "// kept" or "// dropped" comment on its line.
package main

import (
	"fmt"
	"reflect"
	"sync"
)

type shape interface{ area() int }

type square struct{ side int }

func (s square) area() int { return s.side * s.side } // kept

// perimeter is never called: square reaches an interface, but no
// interface call names perimeter, and reflection cannot call an
// unexported method.
func (s square) perimeter() int { return 4 * s.side } // dropped

// Describe is never called either, but main looks it up by name with
// reflect.Value.MethodByName.
func (s square) Describe() string { return "square" } // kept

// Other is exported too, but the only MethodByName has a constant name.
func (s square) Other() string { return "other" } // dropped

// circle is used nowhere: its methods cannot run.
type circle struct{ r int }

func (c circle) area() int { return 3 * c.r * c.r } // dropped

type base struct{}

func (base) hello() string { return "hello" } // kept (promoted into derived)

type derived struct{ base }

type box[T any] struct{ v T }

func (b box[T]) get() T { return b.v } // kept

func newBox[T any](v T) box[T] { return box[T]{v} } // kept

func unusedGeneric[T any](v T) T { return v } // dropped

// table holds only constants: its elements are dropped.
var table = []struct{ lo, hi uint16 }{{1, 2}, {3, 4}, {5, 6}}

var hook = onInit() // package initializers run

func onInit() func() int { return fromHook } // kept

func fromHook() int { return len(table) } // kept

func init() { registered = append(registered, viaInit) } // kept

var registered []func()

func viaInit() {} // kept

func unused() { helper() } // dropped

func helper() {} // dropped (only unused calls it)

func finalizer(*square) {} // kept (a function value)

var once sync.Once

func lazy() {} // kept

func main() { // kept
	var s shape = square{2}
	fmt.Println(s.area(), derived{}.hello(), newBox(1).get(), hook())
	reflect.ValueOf(s).MethodByName("Describe")
	once.Do(lazy)
	go func() { _ = finalizer }()
}

// onlyInTests runs only in the test binary, whose package variant shares
// this file's syntax with the plain package (TestPruneTestVariants).
func onlyInTests() int { return 1 } // dropped (only main_test.go calls it)
