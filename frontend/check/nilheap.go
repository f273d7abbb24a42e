package check

// Heap-borne nils (issue 18, real code; FindBugs' "finding more null
// pointer bugs, but not too many": report a null that is definite on a
// path, keep the rest out of the default output).
//
// The heap is flow- and context-insensitive: one abstract object stands
// for every object allocated at its site, and a field of it holds every
// value stored there. A constructor called with nil by one caller and
// with a value by the others (newYcsb(…, nil) for the write benchmark)
// makes the field look nil in every object, and each method that
// dereferences it is reported, though nothing ties the objects the nil
// went into to the calls that reach the use. On the real programs of
// CHECKS.md all twenty such findings were false (pebble: ycsb's
// scanDist, BoundedIter.prefix, the log writer's file, readState, the
// bound-limited filter, the value-block reader provider, cache values).
//
// So nilflow does not follow a nil through a store of a value other than
// the constant nil into a struct field of an object the storing function
// allocated (EdgeInfo.FieldInit), unless Config.NilHeap asks for it.
// What stays: a nil constant written into a field (&T{f: nil}, x.f = nil
// on a fresh x), where every object built there starts nil (with
// NilSourcesAll only: the default drops it too, nilsources.go); a load that
// reads its own function's store (local memory, localmem.go); captured
// and address-taken variables, whose cells are not fields; nils in
// container elements. Stores into objects from elsewhere are never
// followed (EdgeInfo.Existing).

// followsStore reports whether nilflow follows a nil through the store
// that info describes.
func followsStore(info *EdgeInfo, cfg *Config) bool {
	return !info.Existing && (!info.FieldInit || cfg.NilHeap)
}
