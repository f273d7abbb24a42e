package nilbasic

// Nil interfaces flow through calls and returns without matching them in
// the grammar (NI, grammars/nilflow.cfg); refutation drops a witness
// that enters a function at one call and returns to another (OPA's
// types.Or: a, b = unwrap(a), unwrap(b)).

type typ interface{ name() string }

type object struct{}

func (*object) name() string { return "object" }

type named struct{ t typ }

func (*named) name() string { return "named" }

func unwrap(t typ) typ {
	if n, ok := t.(*named); ok {
		return n.t
	}
	return t
}

// or returns b when a is nil: b's own unwrap, never a's nil.
func or(a, b typ) typ {
	a, b = unwrap(a), unwrap(b)
	if a == nil {
		return b
	}
	return a
}

func unionName(t typ) string {
	var acc typ
	return or(acc, t).name() // silent: acc's nil is a's, never returned
}

// True positive: b itself nil.
func orNil(a, b typ) typ {
	a, b = unwrap(a), unwrap(b)
	if a == nil {
		return b
	}
	return a
}

func nilName() string {
	unionName(&object{})
	var acc typ
	return orNil(acc, nil).name() // want `may be nil interface at method call`
}
