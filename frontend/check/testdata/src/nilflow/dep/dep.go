// Package dep is called by nilflow across a package boundary.
package dep

type Conn struct{ Addr string }

// Dial returns nil for an empty address.
func Dial(addr string) *Conn {
	if addr == "" {
		return nil
	}
	return &Conn{Addr: addr}
}

// Open follows the (T, error) convention.
func Open(addr string) (*Conn, error) {
	if addr == "" {
		return nil, errEmpty
	}
	return &Conn{Addr: addr}, nil
}

type emptyErr struct{}

func (emptyErr) Error() string { return "empty" }

var errEmpty error = emptyErr{}

// Use dereferences its argument.
func Use(c *Conn) string {
	return c.Addr // want `c may be nil at field access c.Addr`
}

// UseSafe checks its argument.
func UseSafe(c *Conn) string {
	if c == nil {
		return ""
	}
	return c.Addr
}
