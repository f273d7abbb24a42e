// Arrays, slices, maps and channels: elements are field-like indices.
package main

type T struct{ f *int }

func main() {
	a := new(int)
	b := new(int)

	// Arrays.
	var arr [2]*int
	arr[0] = a
	e := arr[1]
	_ = e
	// @pointsto e: new@7

	// Slices (index-insensitive: one element per array object).
	s := make([]*int, 2)
	s[1] = b
	se := s[0]
	_ = se
	// @pointsto s: makeslice@18
	// append(s, a) below may store into s's array (flow-insensitive).
	// @pointsto se: new@7, new@8

	s2 := append(s, a)
	s2e := s2[0]
	_ = s2e
	// @pointsto s2: append@26, makeslice@18
	// append also stores into the old array (it may be reused).
	// @pointsto s2e: new@7, new@8

	// Slices of structs: the element is a sub-object.
	ts := []T{{f: a}}
	pt := &ts[0]
	tf := pt.f
	_ = tf
	// @pointsto pt: slicelit@34[*]
	// @pointsto tf: new@7

	// Maps: keys and values.
	m := map[*int]*int{}
	m[a] = b
	mv := m[nil]
	_ = mv
	// @pointsto m: makemap@42
	// @pointsto mv: new@8
	for k, v := range m {
		_, _ = k, v
		// @pointsto k: new@7
		// @pointsto v: new@8
	}
	mv2, ok := m[a]
	_, _ = mv2, ok
	// @pointsto mv2: new@8

	// Channels: send stores the element, receive loads it.
	ch := make(chan *int, 1)
	ch <- a
	r := <-ch
	_ = r
	// @pointsto ch: makechan@58
	// @pointsto r: new@7
	r2, ok2 := <-ch
	_, _ = r2, ok2
	// @pointsto r2: new@7
	ch2 := make(chan *int, 1)
	select {
	case r3 := <-ch:
		_ = r3
		// @pointsto r3: new@7
	case ch2 <- b:
	}
	r4 := <-ch2
	_ = r4
	// @pointsto r4: new@8

	// string → []byte allocates.
	bs := []byte("hi")
	_ = bs
	// @pointsto bs: convert@79
}
