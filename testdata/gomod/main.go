// Command shapes is the example module of cflr's README: an interface,
// two implementations, a registry map and a closure.
package main

type Shape interface{ Area() float64 }

type Square struct{ side float64 }
type Circle struct{ r float64 }

func (s *Square) Area() float64 { return s.side * s.side }
func (c Circle) Area() float64  { return 3.14159 * c.r * c.r }

var registry = map[string]Shape{}

func register(name string, s Shape) { registry[name] = s }

func total(each func(Shape) float64) float64 {
	sum := 0.0
	for _, s := range registry {
		sum += each(s)
	}
	return sum
}

func main() {
	sq := &Square{side: 2}
	register("square", sq)
	register("circle", Circle{r: 1})
	area := func(s Shape) float64 { return s.Area() }
	println(total(area))
}
