// Package nilkill: path conditions through a local variable's cell
// (refuteload.go). The zero value of a captured variable reaches a load
// only where the stores that overwrite it did not run, and two loads of
// one field in one function read one value (fzf's terminal, nil exactly
// in filter mode, which returns before the terminal is used). Each silent
// case has a true positive next to it that must stay.
package nilkill

import "errors"

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
	if opts.filter != nil {
		return
	}
	t.start <- 1 // want `t may be nil at field access t.start`
	report := func() bool { return t != nil }
	report()
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

// A boolean made by && of a nil test, tested later (fzf's colored :=
// ansi != nil && ansi.colored()).
type state struct{ fg int }

func (s *state) colored() bool { return s.fg > 0 }

func lookupState(ok bool) *state {
	if !ok {
		return nil
	}
	return &state{fg: 1}
}

func paint(ok, themed bool) int {
	ansi := lookupState(ok)
	colored := ansi != nil && ansi.colored()
	if themed && colored {
		return ansi.fg // silent
	}
	return 0
}

// True positive: || lets the nil through.
func paintBug(ok, force bool) int {
	ansi := lookupState(ok)
	colored := ansi == nil || force
	if colored {
		return ansi.fg // want `ansi may be nil at field access ansi.fg`
	}
	return 0
}

func usePaint() int { return paint(false, true) + paintBug(false, true) }

// The error convention through a captured variable: the error is checked
// in the branch that sets the variable, on every path to the use, though
// the check does not dominate the use (localmem.go, guardedAfter).
func open2(ok bool) (*terminal, error) {
	if !ok {
		return nil, errors.New("no terminal")
	}
	return newTerminal(), nil
}

func runChecked(opts *options) error {
	var t *terminal
	var err error
	if opts.filter == nil {
		t, err = open2(opts.sync)
		if err != nil {
			return err
		}
	}
	if opts.filter != nil {
		return nil
	}
	t.start <- 1 // silent
	report := func() bool { return t != nil }
	report()
	return nil
}

// True positive: the error is logged, and the nil goes on.
func runLogged(opts *options) {
	var t *terminal
	var err error
	if opts.filter == nil {
		t, err = open2(opts.sync)
		if err != nil {
			println(err.Error())
		}
	}
	if opts.filter != nil {
		return
	}
	t.start <- 1 // want `t may be nil at field access t.start`
	report := func() bool { return t != nil }
	report()
}
