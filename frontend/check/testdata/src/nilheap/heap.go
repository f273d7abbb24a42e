// Package nilheap: nils that reach a use only through a struct field the
// nil was stored into together with other values (nilheap.go). The
// heap is flow- and context-insensitive: a constructor called with nil
// by one caller and with a value by the others makes every object it
// builds look nil in that field, and the methods that dereference the
// field are reported, though the callers that pass nil never reach them
// (pebble's ycsb scanDist, BoundedIter.prefix, log writer). Such flows
// are followed only with Config.NilHeap. Each silent case has a true
// positive next to it that must stay.
package nilheap

type dist struct{ n int }

type bench struct {
	scan *dist
	name string
}

func newBench(scan *dist) *bench { return &bench{scan: scan} }

// scanOnce dereferences the field that newBench set from its parameter:
// nil only in the writer bench, which never scans.
func (b *bench) scanOnce() int { return b.scan.n } // silent

func writeBench() *bench { return newBench(nil) }

func scanBench() int { return newBench(&dist{n: 1}).scanOnce() }

// The same with the nil in a local variable set on one branch.
type reader struct{ state *dist }

func open(fresh bool) *reader {
	var st *dist
	if !fresh {
		st = &dist{}
	}
	r := &reader{}
	r.state = st
	return r
}

func (r *reader) current() int { return r.state.n } // silent

func useReader() int { return open(false).current() }

// True positive: a nil constant in the composite literal is in every
// object built there.
type table struct{ index *dist }

func newTable() *table { return &table{index: nil} }

func (t *table) lookup() int { return t.index.n } // want `t.index may be nil at field access t.index.n`

func useTable() int { return newTable().lookup() }

// True positive: the same object stored and loaded in one function
// (local memory), whatever the value stored.
func storeLoad(scan *dist) int {
	b := &bench{}
	b.scan = scan
	return b.scan.n // want `b.scan may be nil at field access b.scan.n`
}

func callStoreLoad() int { return storeLoad(nil) }

// True positive: a captured variable is not a field.
func captured(fresh bool) int {
	st := lookup(fresh)
	f := func() int { return st.n } // want `st may be nil at field access st.n`
	if fresh {
		st = lookup(true)
	}
	return f()
}

func lookup(ok bool) *dist {
	if !ok {
		return nil
	}
	return &dist{}
}

// True positive: the nil passed straight to the use, no field between.
func direct(d *dist) int { return d.n } // want `d may be nil at field access d.n`

func callDirect() int { return direct(nil) }
