// Goroutines and defer: calls like any other, results dropped.
package main

type T struct{ p *int }

func worker(t *T, ch chan *int) { ch <- t.p }

func cleanup(t *T, q *int) { t.p = q }

func main() {
	x := new(int)
	t := &T{p: x}
	ch := make(chan *int)
	go worker(t, ch)
	r := <-ch
	_ = r
	// @pointsto r: new@11

	go func(c chan *int) {
		// @pointsto c: makechan@13
		c <- x
	}(ch)

	u := &T{}
	defer cleanup(u, new(int))
	up := u.p
	_ = up
	// @pointsto up: new@25
	// @calls main.main -> main.worker, main.cleanup, main.main$1
}
