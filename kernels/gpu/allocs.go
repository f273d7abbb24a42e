package gpu

import "errors"

// Allocs collects device and host buffers so that a function allocating
// several can free all of them on any error path with one deferred call:
//
//	var a gpu.Allocs
//	defer a.FreeOnError(&err)
//	x, err := a.Alloc(ctx, n)
type Allocs struct {
	bufs  []*Buffer
	hosts []*HostBuffer
}

// Alloc allocates a device buffer and remembers it.
func (a *Allocs) Alloc(c *Context, bytes int64) (*Buffer, error) {
	b, err := c.Alloc(bytes)
	if err == nil {
		a.bufs = append(a.bufs, b)
	}
	return b, err
}

// AllocHost allocates pinned host memory and remembers it.
func (a *Allocs) AllocHost(c *Context, bytes int64, mapped bool) (*HostBuffer, error) {
	h, err := c.AllocHost(bytes, mapped)
	if err == nil {
		a.hosts = append(a.hosts, h)
	}
	return h, err
}

// Sticky returns an allocator for a run of allocations checked once: the
// first failure is stored in *err, and every later call (or any call once
// *err is set) returns nil without allocating.
func (a *Allocs) Sticky(c *Context, err *error) func(bytes int64) *Buffer {
	return func(bytes int64) *Buffer {
		if *err != nil {
			return nil
		}
		b, e := a.Alloc(c, bytes)
		if e != nil {
			*err = e
			return nil
		}
		return b
	}
}

// FreeAll frees everything allocated through a.
func (a *Allocs) FreeAll() error {
	var errs []error
	for _, b := range a.bufs {
		errs = append(errs, b.Free())
	}
	for _, h := range a.hosts {
		errs = append(errs, h.Free())
	}
	a.bufs, a.hosts = nil, nil
	return errors.Join(errs...)
}

// FreeOnError frees everything when *err is non-nil (use with defer).
func (a *Allocs) FreeOnError(err *error) {
	if *err != nil {
		a.FreeAll()
	}
}
