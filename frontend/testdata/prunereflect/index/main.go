// Package main exercises Config.Prune's reflection rule for a lookup by
// index (or by a name that is not a constant): it may call any exported
// method of a type converted to an interface. Each method declaration
// says "// kept" or "// dropped".
package main

import (
	"os"
	"reflect"
)

type tool struct{}

func (tool) Spin() {} // kept (any exported method)

func (tool) Twin() (int, int) { return 1, 2 } // kept (any exported method)

func (tool) stop() {} // dropped (unexported)

// idle is never converted to an interface.
type idle struct{}

func (idle) Spin() {} // dropped

func byIndex(v any, i int) { // kept
	reflect.ValueOf(v).Method(i).Call(nil)
}

func main() { // kept
	byIndex(tool{}, len(os.Args))
}
