// Package-level variables and init functions.
package main

var g *int

var table = map[string]*int{}

var h = new(int)

func init() {
	g = new(int)
	table["a"] = h
}

func read() *int { return g }

func main() {
	p := read()
	q := table["b"]
	_, _ = p, q
	// @pointsto p: new@11
	// @pointsto q: new@8
	// @pointsto main.h: new@8
	gp := &g
	_ = gp
	// @pointsto gp: main.g
	// @calls main.main -> main.read
}
