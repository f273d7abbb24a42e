package nilrecall

// A pointer dereferenced where no test guards it, in a function that
// compares it with nil (staticcheck's SA5011).

type node struct{ next *node }

func derefThenCheck(n *node) bool {
	x := n.next // want `n may be nil at field access n.next`
	if n == nil {
		return false
	}
	return x != nil
}

func checkFallsThrough(n *node, log func(string)) *node {
	if n == nil {
		log("no node")
	}
	return n.next // want `n may be nil at field access n.next`
}

// True negatives: every dereference is guarded, or follows an earlier
// one (reported there, once).
func guarded(n *node) *node {
	if n == nil {
		return nil
	}
	return n.next
}

func onceOnly(n *node) *node {
	m := n.next // want `n may be nil at field access n.next`
	_ = n.next
	if n != nil {
		return m
	}
	return nil
}
