// panic and recover: one program-wide panic value.
package main

type E struct{ msg *string }

func (e *E) Error() string { return *e.msg }

func mayPanic(s *string) {
	panic(&E{msg: s})
}

func catch() (err error) {
	defer func() {
		r := recover()
		// @pointsto r: box@9
		if e, ok := r.(error); ok {
			err = e
		}
	}()
	mayPanic(new(string))
	return nil
}

func main() {
	err := catch()
	_ = err
	// @pointsto err: box@9
}
