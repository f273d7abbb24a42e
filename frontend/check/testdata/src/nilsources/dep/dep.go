// Package dep is called by nilsources across a package boundary: its
// functions' nils reach the caller through vet mode's summaries.
package dep

type Conn struct{ Addr string }

// Lookup returns nil for an unknown name: a sentinel of its contract.
func Lookup(name string) *Conn {
	if name == "" {
		return nil
	}
	return &Conn{Addr: name}
}

// Find returns nil with a nil error for an unknown name (a deleted row).
func Find(name string) (*Conn, error) {
	if name == "" {
		return nil, nil
	}
	return &Conn{Addr: name}, nil
}

// Same returns its argument: a nil passed in comes back to the caller.
func Same(c *Conn) *Conn { return c }
