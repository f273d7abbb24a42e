// Reflection (reflect.go): reflect.Value and reflect.Type as tagged
// objects. A Value points to boxes, as an interface does.
package main

import "reflect"

var a, b int

type S struct {
	f *int
	g interface{}
}

func valueOf() {
	v := reflect.ValueOf(&a)
	p := v.Interface().(*int)
	_ = p
	// @pointsto v: box@15
	// @pointsto p: main.a
}

func elem() {
	ptr := &a
	v := reflect.ValueOf(&ptr).Elem()
	p := v.Interface().(*int)
	_ = p
	// Flow-insensitive: the Set below reaches p too.
	// @pointsto p: main.a, main.b

	// Set writes through the pointer.
	v.Set(reflect.ValueOf(&b))
	q := ptr
	_ = q
	// @pointsto q: main.a, main.b

	var iface interface{} = &a
	w := reflect.ValueOf(&iface).Elem().Elem()
	r := w.Interface().(*int)
	_ = r
	// @pointsto r: main.a
}

func field() {
	s := &S{f: &a, g: &b}
	v := reflect.ValueOf(s).Elem()
	f := v.Field(0).Interface().(*int)
	g := v.Field(1).Interface().(*int)
	_, _ = f, g
	// A constant index selects the field.
	// @pointsto f: main.a
	// @pointsto g: main.b
}

func index() {
	sl := []*int{&a}
	e := reflect.ValueOf(sl).Index(0).Interface().(*int)
	_ = e
	// @pointsto e: main.a
	sv := reflect.ValueOf(sl).Slice(0, 1).Interface().([]*int)
	_ = sv
	// @pointsto sv: slicelit@55
}

func maps() {
	m := map[*int]*int{&a: &b}
	mv := reflect.ValueOf(m)
	keys := mv.MapKeys()
	k := keys[0].Interface().(*int)
	val := mv.MapIndex(keys[0]).Interface().(*int)
	_, _ = k, val
	// @pointsto keys: <alloc in (reflect.Value).MapKeys>
	// @pointsto k: main.a
	// @pointsto val: main.b

	m2 := map[string]*int{}
	reflect.ValueOf(m2).SetMapIndex(reflect.ValueOf(""), reflect.ValueOf(&a))
	x := m2[""]
	_ = x
	// @pointsto x: main.a

	// Two maps of one type stay apart.
	m3 := map[string]*int{}
	reflect.ValueOf(m3).SetMapIndex(reflect.ValueOf(""), reflect.ValueOf(&b))
	y := m3[""]
	_ = y
	// @pointsto y: main.b

	it := reflect.ValueOf(m).MapRange()
	for it.Next() {
		ik := it.Key().Interface().(*int)
		iv := it.Value().Interface().(*int)
		_, _ = ik, iv
		// @pointsto ik: main.a
		// @pointsto iv: main.b
	}
}

func chans() {
	ch := make(chan *int, 1)
	reflect.ValueOf(ch).Send(reflect.ValueOf(&a))
	r := <-ch
	_ = r
	// @pointsto r: main.a
	ch2 := make(chan *int, 1)
	ch2 <- &b
	rv, _ := reflect.ValueOf(ch2).Recv()
	r2 := rv.Interface().(*int)
	_ = r2
	// @pointsto r2: main.b
}

func types() {
	t := reflect.TypeOf(&a)
	e := t.Elem()
	z := reflect.Zero(e)
	n := reflect.New(e).Interface().(*int)
	_, _ = z, n
	// @pointsto t: *int
	// @pointsto e: int
	// @pointsto z: <alloc in reflect.Zero>
	// @pointsto n: <alloc in reflect.New>

	st := reflect.TypeOf(S{})
	ft := st.Field(0).Type
	_ = ft
	// @pointsto ft: *int, interface{}

	ms := reflect.MakeSlice(reflect.TypeOf([]*int{}), 1, 1).Interface().([]*int)
	mm := reflect.MakeMap(reflect.TypeOf(map[int]*int{})).Interface().(map[int]*int)
	mc := reflect.MakeChan(reflect.TypeOf(make(chan *int)), 0).Interface().(chan *int)
	_, _, _ = ms, mm, mc
	// @pointsto ms: <alloc in reflect.MakeSlice>
	// @pointsto mm: <alloc in reflect.MakeMap>
	// @pointsto mc: <alloc in reflect.MakeChan>

	vt := reflect.ValueOf(&b).Type()
	_ = vt
	// @pointsto vt: *int
}

func appends() {
	s := []*int{&a}
	v := reflect.Append(reflect.ValueOf(s), reflect.ValueOf(&b))
	x := v.Interface().([]*int)[0]
	_ = x
	// @pointsto x: main.a, main.b
}

func callee(p *int) *int { return p }

func call() {
	res := reflect.ValueOf(callee).Call([]reflect.Value{reflect.ValueOf(&a)})
	r := res[0].Interface().(*int)
	_ = r
	// @pointsto r: main.a
}

type T struct{ p *int }

func (t T) Get() *int { return t.p }

func method() {
	var x interface{} = T{&b}
	res := reflect.ValueOf(x).Method(0).Call(nil)
	r := res[0].Interface().(*int)
	_ = r
	// @pointsto r: main.b
}

func main() {
	valueOf()
	elem()
	field()
	index()
	maps()
	chans()
	types()
	appends()
	call()
	method()
}
