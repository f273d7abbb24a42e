//go:build cuda

package gpu

import (
	"encoding/binary"
	"testing"
)

// GPU tests run on a GPU machine through `make gpu-test` (mk/gpu.mk).

// addOnePTX is dst[i] = src[i] + 1 for i < n (256 threads a block),
// hand-written so that this package needs no .cu file or nvcc.
const addOnePTX = `
.version 7.0
.target sm_80
.address_size 64

.visible .entry add_one(
	.param .u64 add_one_param_0,
	.param .u64 add_one_param_1,
	.param .u64 add_one_param_2
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<12>;

	ld.param.u64 	%rd1, [add_one_param_0];
	ld.param.u64 	%rd2, [add_one_param_1];
	ld.param.u64 	%rd3, [add_one_param_2];
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	cvt.u64.u32 	%rd4, %r3;
	mad.wide.u32 	%rd5, %r1, %r2, %rd4;
	setp.ge.u64 	%p1, %rd5, %rd1;
	@%p1 bra 	$L__done;
	shl.b64 	%rd6, %rd5, 2;
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd6;
	ld.global.u32 	%r4, [%rd8];
	add.s32 	%r5, %r4, 1;
	cvta.to.global.u64 	%rd9, %rd3;
	add.s64 	%rd10, %rd9, %rd6;
	st.global.u32 	[%rd10], %r5;
$L__done:
	ret;
}
`

func openAddOne(t *testing.T) (*Context, *Function) {
	t.Helper()
	c, err := NewContext(0)
	if err != nil {
		t.Fatalf("no GPU: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	m, err := c.LoadModule(addOnePTX)
	if err != nil {
		t.Fatal(err)
	}
	f, err := m.Function("add_one")
	if err != nil {
		t.Fatal(err)
	}
	return c, f
}

const testN = 1 << 20 // words; 4 MiB, spanning many pages and blocks

func grid(n uint64) uint32 { return uint32((n + 255) / 256) }

// TestMappedHostAlloc: a kernel reads mapped pinned memory (AllocHost with
// mapped) through its device pointer, with no copy.
func TestMappedHostAlloc(t *testing.T) {
	c, f := openAddOne(t)
	var a Allocs
	defer a.FreeAll()
	h, err := a.AllocHost(c, 4*testN, true)
	if err != nil {
		t.Fatal(err)
	}
	src := HostSlice[uint32](h)
	if len(src) != testN {
		t.Fatalf("HostSlice has %d words, want %d", len(src), testN)
	}
	for i := range src {
		src[i] = uint32(i) * 3
	}
	dp, err := h.DevicePtr()
	if err != nil {
		t.Fatal(err)
	}
	dst, err := a.Alloc(c, 4*testN)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Launch(grid(testN), 256, testN, dp, dst.Ptr()); err != nil {
		t.Fatal(err)
	}
	got := make([]uint32, testN)
	if err := Download(got, dst, 0); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != uint32(i)*3+1 {
			t.Fatalf("word %d = %d, want %d", i, v, uint32(i)*3+1)
		}
	}
}

// TestRegisterHost: Go memory page-locked with RegisterHost is written by
// a kernel through its mapped device pointer, and (unmapped) is a source
// for CopyFromHost. Unmapped buffers have no device pointer.
func TestRegisterHost(t *testing.T) {
	c, f := openAddOne(t)
	var a Allocs
	defer a.FreeAll()
	src, err := a.Alloc(c, 4*testN)
	if err != nil {
		t.Fatal(err)
	}
	words := make([]uint32, testN)
	for i := range words {
		words[i] = uint32(i) ^ 0x5a5a
	}
	if err := Upload(src, 0, words); err != nil {
		t.Fatal(err)
	}

	out := make([]byte, 4*testN)
	h, err := c.RegisterHost(out, true)
	if err != nil {
		t.Fatal(err)
	}
	dp, err := h.DevicePtr()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Launch(grid(testN), 256, testN, src.Ptr(), dp); err != nil {
		t.Fatal(err)
	}
	if err := c.Synchronize(); err != nil {
		t.Fatal(err)
	}
	for i := range words {
		if v := binary.LittleEndian.Uint32(out[4*i:]); v != words[i]+1 {
			t.Fatalf("registered word %d = %d, want %d", i, v, words[i]+1)
		}
	}
	if err := h.Free(); err != nil {
		t.Fatal(err)
	}
	if err := h.Free(); err != nil {
		t.Fatalf("second Free: %v", err)
	}

	in := make([]byte, 4*testN)
	for i := range words {
		binary.LittleEndian.PutUint32(in[4*i:], words[i]*7)
	}
	r, err := c.RegisterHost(in, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Free()
	if _, err := r.DevicePtr(); err == nil {
		t.Error("DevicePtr of an unmapped registration succeeded")
	}
	dst, err := a.Alloc(c, 4*testN)
	if err != nil {
		t.Fatal(err)
	}
	// Copy the second half to the start of dst (offsets on both sides).
	half := int64(2 * testN)
	if err := dst.CopyFromHost(0, r, half, half); err != nil {
		t.Fatal(err)
	}
	got := make([]uint32, testN/2)
	if err := Download(got, dst, 0); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if want := words[testN/2+i] * 7; v != want {
			t.Fatalf("copied word %d = %d, want %d", i, v, want)
		}
	}
	if err := dst.CopyFromHost(0, r, half+4, half); err == nil {
		t.Error("CopyFromHost past the host buffer succeeded")
	}
	if _, err := c.RegisterHost(nil, false); err == nil {
		t.Error("RegisterHost of an empty slice succeeded")
	}
}

// TestAllocErrors: an impossible allocation is a named out-of-memory error.
func TestAllocErrors(t *testing.T) {
	c, _ := openAddOne(t)
	_, total, err := c.MemInfo()
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Alloc(4 * total)
	if err == nil {
		b.Free()
		t.Fatal("allocating 4x the device memory succeeded")
	}
	if !IsOutOfMemory(err) {
		t.Errorf("got %v, want an out-of-memory *Error", err)
	}
	t.Log(err)
}
