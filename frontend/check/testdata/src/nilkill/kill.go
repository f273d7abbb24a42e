// Package nilkill: path conditions through a local variable's cell
// (refuteload.go). The zero value of a captured variable reaches a load
// only where the stores that overwrite it did not run, and two loads of
// one field in one function read one value (fzf's terminal, nil exactly
// in filter mode, which returns before the terminal is used). Each silent
// case has a true positive next to it that must stay.
package nilkill

type terminal struct{ start chan int }

type options struct {
	filter *string
	sync   bool
}

func newTerminal() *terminal { return &terminal{start: make(chan int, 1)} }

// run: terminal is nil only when opts.filter is not nil, and then run
// returns before using it.
func run(opts *options) {
	var t *terminal
	if opts.filter == nil {
		t = newTerminal()
	}
	report := func() bool { return t != nil } // captures t: a cell
	if opts.filter != nil {
		report()
		return
	}
	t.start <- 1 // silent
}

// True positive: nothing rules out the path where t stays nil.
func runBug(opts *options) {
	var t *terminal
	if opts.filter == nil {
		t = newTerminal()
	}
	report := func() bool { return t != nil }
	if opts.sync {
		report()
		return
	}
	t.start <- 1 // want `t may be nil at field access t.start`
}

// True positive: the store that would overwrite the nil runs only under
// a condition the use does not exclude.
func runLate(opts *options, ready bool) {
	var t *terminal
	if ready {
		t = newTerminal()
	}
	report := func() bool { return t != nil }
	if opts.filter != nil {
		report()
		return
	}
	t.start <- 1 // want `t may be nil at field access t.start`
}

// A field defaulted to nil, filled in before its use: every path to the
// use either tested it non-nil or stored a value (fzf's opts.Marker).
type config struct{ marker *string }

func defaults() *config { return &config{marker: nil} }

func finish(c *config, unicode bool) int {
	if c.marker == nil {
		m := ">"
		if unicode {
			m = "┃"
			c.marker = &m
		} else {
			c.marker = &m
		}
	}
	return len(*c.marker) // silent
}

// True positive: one path leaves the field as it was.
func finishBug(c *config, unicode bool) int {
	if c.marker == nil && unicode {
		m := "┃"
		c.marker = &m
	}
	return len(*c.marker) // want `c.marker may be nil at dereference of c.marker`
}

func useConfig() int { return finish(defaults(), true) + finishBug(defaults(), false) }
