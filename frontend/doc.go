// Package frontend turns Go programs into labeled graphs for CFL-reachability.
package frontend

import (
	_ "golang.org/x/tools/go/callgraph/vta"
	_ "golang.org/x/tools/go/packages"
	_ "golang.org/x/tools/go/ssa/ssautil"
)
