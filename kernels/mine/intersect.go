package mine

// Intersect names a sorted-set intersection method.
type Intersect int

const (
	// Merge walks both sorted lists together: best when sizes are similar.
	Merge Intersect = iota
	// BinarySearch looks each element of the shorter list up in the longer:
	// best when one list is much longer.
	BinarySearch
	// Hash marks the first list in a per-worker bitmap and probes it: best
	// for a high-degree vertex intersected with many others.
	Hash
)

func (m Intersect) String() string {
	switch m {
	case Merge:
		return "merge"
	case BinarySearch:
		return "binary"
	case Hash:
		return "hash"
	}
	return "unknown"
}

// countMerge returns |a ∩ b| for sorted a, b.
func countMerge(a, b []uint32) uint64 {
	var c uint64
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		if x == y {
			c++
			i++
			j++
		} else if x < y {
			i++
		} else {
			j++
		}
	}
	return c
}

// countBinary returns |a ∩ b| for sorted a, b by searching the shorter list's
// elements in the longer, narrowing the search window as it goes.
func countBinary(a, b []uint32) uint64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	var c uint64
	for _, x := range a {
		lo, hi := 0, len(b)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if b[m] < x {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(b) && b[lo] == x {
			c++
			lo++
		}
		b = b[lo:]
	}
	return c
}

// intersectInto writes a ∩ b (sorted) into dst and returns it.
func intersectInto(dst, a, b []uint32) []uint32 {
	dst = dst[:0]
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		if x == y {
			dst = append(dst, x)
			i++
			j++
		} else if x < y {
			i++
		} else {
			j++
		}
	}
	return dst
}

// contains reports whether sorted a holds x.
func contains(a []uint32, x uint32) bool {
	lo, hi := 0, len(a)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a[m] < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(a) && a[lo] == x
}
