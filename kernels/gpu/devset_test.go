package gpu

import (
	"errors"
	"slices"
	"sync"
	"testing"
)

func TestParseDevices(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		count int
		want  []int
		bad   bool
	}{
		{"", 4, []int{0, 1, 2, 3}, false},
		{"all", 2, []int{0, 1}, false},
		{"2", 4, []int{0, 1}, false},
		{"1", 1, []int{0}, false},
		{"0,2", 4, []int{0, 2}, false},
		{"0,0,0,0", 1, []int{0, 0, 0, 0}, false},
		{" 1 , 0 ", 2, []int{1, 0}, false},
		{"3", 2, nil, true},
		{"0", 2, nil, true},
		{"-1", 2, nil, true},
		{"x", 2, nil, true},
		{"0,2", 2, nil, true},
		{"0,,1", 2, nil, true},
		{"", 0, nil, true},
	} {
		got, err := ParseDevices(tc.spec, tc.count)
		if tc.bad != (err != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("ParseDevices(%q, %d) = %v, %v; want %v (error %v)", tc.spec, tc.count, got, err, tc.want, tc.bad)
		}
	}
}

// Every task is dealt exactly once, in chunks that never grow, under
// concurrent callers.
func TestDealerCoversOnce(t *testing.T) {
	for _, tc := range []struct {
		n        int64
		parts    int
		minChunk int64
	}{{0, 4, 1}, {1, 4, 1}, {10, 3, 4}, {100000, 4, 16}, {1 << 20, 2, 1}, {777, 1, 1000}} {
		d := NewDealer(tc.n, tc.parts, tc.minChunk, 0)
		seen := make([]int32, tc.n)
		var mu sync.Mutex
		var chunks [][2]int64
		OnDevices(tc.parts, func(int) error {
			for {
				lo, hi, ok := d.Next()
				if !ok {
					return nil
				}
				if lo >= hi {
					t.Errorf("empty chunk [%d,%d)", lo, hi)
				}
				mu.Lock()
				chunks = append(chunks, [2]int64{lo, hi})
				for i := lo; i < hi; i++ {
					seen[i]++
				}
				mu.Unlock()
			}
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d parts=%d: task %d dealt %d times", tc.n, tc.parts, i, c)
			}
		}
		slices.SortFunc(chunks, func(a, b [2]int64) int { return int(a[0] - b[0]) })
		for i := 1; i < len(chunks); i++ {
			prev, cur := chunks[i-1][1]-chunks[i-1][0], chunks[i][1]-chunks[i][0]
			if cur > prev {
				t.Errorf("n=%d: chunk %v larger than the one before it (%d > %d)", tc.n, chunks[i], cur, prev)
			}
		}
		for _, c := range chunks {
			if c[1]-c[0] > max(tc.minChunk, DefaultMaxChunk(tc.n, tc.parts)) {
				t.Errorf("n=%d parts=%d: chunk %v over n/(16 parts) and the minimum", tc.n, tc.parts, c)
			}
		}
	}
}

// Deal's per-device statistics add up to the whole, and an error stops
// the deal.
func TestDeal(t *testing.T) {
	const n = 1 << 16
	var mu sync.Mutex
	sum := make([]int64, 3)
	st, err := Deal(3, n, 64, 0, func(i int, lo, hi int64) error {
		s := int64(0)
		for x := lo; x < hi; x++ {
			s += x
		}
		mu.Lock()
		sum[i] += s
		mu.Unlock()
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var tasks int64
	for _, s := range st {
		tasks += s.Tasks
	}
	if tasks != n || sum[0]+sum[1]+sum[2] != n*(n-1)/2 {
		t.Errorf("dealt %d tasks, sum %d; want %d, %d", tasks, sum[0]+sum[1]+sum[2], n, n*(n-1)/2)
	}
	boom := errors.New("boom")
	calls := 0
	_, err = Deal(2, n, 1, 0, func(i int, lo, hi int64) error {
		mu.Lock()
		defer mu.Unlock()
		calls++
		return boom
	}, nil)
	if !errors.Is(err, boom) || calls > 2 {
		t.Errorf("Deal after a failure: %v, %d calls (want the error, at most one call a device)", err, calls)
	}
}

func TestSegments(t *testing.T) {
	var got [][3]int64
	f := func(s int, lo, hi int64) error { got = append(got, [3]int64{int64(s), lo, hi}); return nil }
	Segments([]int64{5, 0, 10}, 3, 9, f)
	want := [][3]int64{{0, 3, 5}, {2, 0, 4}}
	if !slices.Equal(got, want) {
		t.Errorf("Segments: %v, want %v", got, want)
	}
	got = nil
	Segments([]int64{5, 10}, 6, 15, f)
	if want := [][3]int64{{1, 1, 10}}; !slices.Equal(got, want) {
		t.Errorf("Segments: %v, want %v", got, want)
	}
}
