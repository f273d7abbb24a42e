// Package main exercises Config.Prune's rule for the methods of types
// converted to interfaces: such a method is kept only if reachable code
// calls an interface method of its name (its types.Func.Id) and
// signature, takes one as a method value or expression, or calls it on a
// type parameter. The program uses no reflection (no fmt), so exported
// methods get no exception. Each method declaration says "// kept" or "// dropped".
package main

type speaker interface{ Speak() string }

type walker interface{ Walk() int }

// mover embeds walker: m.Walk() calls walker's Walk.
type mover interface {
	walker
	Run() int
}

type namer interface{ Name() string }

type chirper interface{ Chirp() string }

type sizer interface{ Size() int }

type hopper interface{ Hop() int }

type secretive interface{ secret() int }

type dog struct{}

func (dog) Speak() string { return "woof" } // kept (s.Speak())

// Fetch is exported, and dog is converted to an interface, but no
// interface call names Fetch.
func (dog) Fetch() int { return 1 } // dropped

func (dog) bury() int { return 2 } // dropped (unexported, never called)

type runner struct{}

func (runner) Walk() int { return 3 } // kept (m.Walk(), through mover's embedded walker)

func (runner) Run() int { return 4 } // kept (m.Run())

func (runner) Fly() int { return 5 } // dropped

type cat struct{}

func (cat) Name() string { return "tom" } // kept (the method value n.Name)

type bird struct{}

func (bird) Chirp() string { return "tweet" } // kept (the method expression chirper.Chirp)

type box struct{ n int }

func (b box) Size() int { return b.n } // kept (x.Size() on measure's type parameter)

func measure[T sizer](x T) int { return x.Size() } // kept

// inner's methods are promoted into outer, which is converted.
type inner struct{}

func (inner) Hop() int { return 6 } // kept (h.Hop(), promoted through outer)

func (inner) Skip() int { return 7 } // dropped (promoted, never called)

type outer struct{ inner }

// shy's unexported method is called through an interface of this package.
type shy struct{}

func (shy) secret() int { return 8 } // kept (z.secret())

// ruler is converted, and sizer.Size is called, but ruler's Size has
// another signature: ruler does not implement sizer.
type ruler struct{}

func (ruler) Size() float64 { return 1.5 } // dropped

type getter interface{ Get() int }

// cell[T]'s Get returns a T: in wrap's body, where cell[T] is converted,
// it may be any type's Get, getter's included.
type cell[T any] struct{ v T }

func (c cell[T]) Get() T { return c.v } // kept (g.Get(), through wrap's instance for int)

func wrap[T any](v T) any { return cell[T]{v} } // kept

// mute is never converted: its methods cannot be called dynamically,
// although interfaces call a method of the same name.
type mute struct{}

func (mute) Speak() string { return "" } // dropped

func main() { // kept
	var s speaker = dog{}
	var m mover = runner{}
	var n namer = cat{}
	var z secretive = shy{}
	var h hopper = outer{}
	name := n.Name
	chirp := chirper.Chirp
	var r any = ruler{}
	g := wrap(1).(getter)
	println(s.Speak(), m.Walk(), m.Run(), name(), chirp(bird{}), measure(box{3}), h.Hop(), z.secret(), r != nil, g.Get())
}
