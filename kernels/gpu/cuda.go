//go:build cuda

package gpu

/*
#cgo LDFLAGS: -lcuda
#include <cuda.h>
#include <stdlib.h>

// The shim: driver calls gorgonia.org/cu does not wrap.
static CUresult shimHostAlloc(void **p, size_t bytes, unsigned int flags) { return cuMemHostAlloc(p, bytes, flags); }
static CUresult shimHostGetDevicePointer(CUdeviceptr *d, void *p) { return cuMemHostGetDevicePointer(d, p, 0); }
static CUresult shimHostRegister(void *p, size_t bytes, unsigned int flags) { return cuMemHostRegister(p, bytes, flags); }
static CUresult shimHostUnregister(void *p) { return cuMemHostUnregister(p); }
static CUresult shimFreeHost(void *p) { return cuMemFreeHost(p); }
static const char *shimErrorName(int code) {
	const char *s = 0;
	if (cuGetErrorName((CUresult)code, &s) != CUDA_SUCCESS || s == 0) return "CUDA_ERROR_UNKNOWN_CODE";
	return s;
}
static CUresult shimMemcpyHtoD(CUdeviceptr d, const void *h, size_t n) { return cuMemcpyHtoD(d, h, n); }
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"unsafe"

	"gorgonia.org/cu"
)

// wrap turns a driver result into an *Error naming op.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	code := -1
	if v := reflect.ValueOf(err); v.Kind() == reflect.Int {
		code = int(v.Int()) // gorgonia.org/cu's cuResult is an int CUresult
	}
	return &Error{Op: op, Code: code, Name: C.GoString(C.shimErrorName(C.int(code)))}
}

func wrapC(op string, r C.CUresult) error {
	if r == C.CUDA_SUCCESS {
		return nil
	}
	return &Error{Op: op, Code: int(r), Name: C.GoString(C.shimErrorName(C.int(r)))}
}

// Available reports whether a CUDA device can be used.
func Available() bool {
	n, err := cu.NumDevices()
	return err == nil && n > 0
}

// Count is the number of GPUs.
func Count() (int, error) {
	n, err := cu.NumDevices()
	return n, wrap("cuDeviceGetCount", err)
}

// Devices lists the GPUs (free memory is filled by Context.Info only).
func Devices() ([]DeviceInfo, error) {
	n, err := cu.NumDevices()
	if err != nil {
		return nil, wrap("cuDeviceGetCount", err)
	}
	var out []DeviceInfo
	for i := 0; i < n; i++ {
		d, err := deviceInfo(i)
		if err != nil {
			return nil, err
		}
		if c, err := NewContext(i); err == nil {
			d.FreeMem, _, _ = c.MemInfo()
			c.Close()
		}
		out = append(out, d)
	}
	return out, nil
}

func deviceInfo(i int) (DeviceInfo, error) {
	dev, err := cu.GetDevice(i)
	if err != nil {
		return DeviceInfo{}, wrap(fmt.Sprintf("cuDeviceGet(%d)", i), err)
	}
	d := DeviceInfo{Ordinal: i, Driver: cu.Version()}
	if d.Name, err = dev.Name(); err != nil {
		return d, wrap("cuDeviceGetName", err)
	}
	if d.Major, d.Minor, err = dev.ComputeCapability(); err != nil {
		return d, wrap("cuDeviceComputeCapability", err)
	}
	if d.SMs, err = dev.Attribute(cu.MultiprocessorCount); err != nil {
		return d, wrap("cuDeviceGetAttribute", err)
	}
	if d.TotalMem, err = dev.TotalMem(); err != nil {
		return d, wrap("cuDeviceTotalMem", err)
	}
	return d, nil
}

// Context is an open device: its primary context. Methods make it current
// on a locked OS thread for their duration, so any goroutine may call them
// (one at a time).
type Context struct {
	dev  cu.Device
	ctx  cu.CUContext
	info DeviceInfo
}

// NewContext opens GPU ordinal (retaining its primary context).
func NewContext(ordinal int) (*Context, error) {
	info, err := deviceInfo(ordinal)
	if err != nil {
		return nil, err
	}
	dev, _ := cu.GetDevice(ordinal)
	ctx, err := dev.RetainPrimaryCtx()
	if err != nil {
		return nil, wrap("cuDevicePrimaryCtxRetain", err)
	}
	return &Context{dev: dev, ctx: ctx, info: info}, nil
}

// do runs f with the context current on this goroutine's (locked) thread.
func (c *Context) do(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cu.SetCurrentContext(c.ctx); err != nil {
		return wrap("cuCtxSetCurrent", err)
	}
	return f()
}

// Close releases the primary context. Free buffers first.
func (c *Context) Close() error {
	return wrap("cuDevicePrimaryCtxRelease", c.dev.ReleasePrimaryCtx())
}

// Info describes the device, with free memory as of now.
func (c *Context) Info() DeviceInfo {
	d := c.info
	d.FreeMem, _, _ = c.MemInfo()
	return d
}

// MemInfo returns free and total device memory in bytes.
func (c *Context) MemInfo() (free, total int64, err error) {
	err = c.do(func() error {
		var e error
		free, total, e = cu.MemInfo()
		return wrap("cuMemGetInfo", e)
	})
	return
}

// Synchronize waits for all launched work and reports any error a kernel
// raised asynchronously.
func (c *Context) Synchronize() error {
	return c.do(func() error { return wrap("cuCtxSynchronize", cu.Synchronize()) })
}

// Module is a loaded PTX module.
type Module struct {
	c   *Context
	mod cu.Module
}

// LoadModule JIT-compiles PTX text for this device.
func (c *Context) LoadModule(ptx string) (*Module, error) {
	m := &Module{c: c}
	err := c.do(func() error {
		var e error
		m.mod, e = cu.LoadData(ptx)
		return wrap("cuModuleLoadData", e)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Function looks a kernel up by its (extern "C") name.
func (m *Module) Function(name string) (*Function, error) {
	f := &Function{c: m.c, name: name}
	err := m.c.do(func() error {
		var e error
		f.fn, e = m.mod.Function(name)
		return wrap("cuModuleGetFunction("+name+")", e)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Function is a kernel.
type Function struct {
	c    *Context
	fn   cu.Function
	name string
}

// Launch starts grid blocks of block threads (1-D) on the default stream.
// Each argument is one 8-byte kernel parameter: Buffer.Ptr(), a 64-bit
// integer, or math.Float64bits of a double.
func (f *Function) Launch(grid, block uint32, args ...uint64) error {
	if grid == 0 {
		return nil
	}
	ps := make([]unsafe.Pointer, len(args))
	for i := range args {
		ps[i] = unsafe.Pointer(&args[i])
	}
	return f.c.do(func() error {
		return wrap(fmt.Sprintf("launch %s<<<%d,%d>>>", f.name, grid, block),
			f.fn.Launch(int(grid), 1, 1, int(block), 1, 1, 0, cu.Stream{}, ps))
	})
}

// Buffer is device memory.
type Buffer struct {
	c     *Context
	ptr   cu.DevicePtr
	bytes int64
	view  bool // from Sub: Free does nothing
}

// Alloc allocates device memory (cuMemAlloc). Errors are *Error; test
// IsOutOfMemory to fall back to an out-of-GPU-memory path.
func (c *Context) Alloc(bytes int64) (*Buffer, error) {
	b := &Buffer{c: c, bytes: bytes}
	err := c.do(func() error {
		var e error
		b.ptr, e = cu.MemAlloc(max(bytes, 8))
		return wrap(fmt.Sprintf("cuMemAlloc(%d bytes)", bytes), e)
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

func (b *Buffer) Ptr() uint64  { return uint64(b.ptr) }
func (b *Buffer) Bytes() int64 { return b.bytes }

// Free releases b; nil and already-freed buffers are fine.
func (b *Buffer) Free() error {
	if b == nil || b.ptr == 0 || b.view {
		return nil
	}
	err := b.c.do(func() error { return wrap("cuMemFree", cu.MemFree(b.ptr)) })
	b.ptr = 0
	return err
}

// Memset32 sets count 32-bit words from the start of b to v.
func (b *Buffer) Memset32(v uint32, count int64) error {
	if count*4 > b.bytes {
		return fmt.Errorf("gpu: memset of %d words past a %d-byte buffer", count, b.bytes)
	}
	return b.c.do(func() error { return wrap("cuMemsetD32", cu.MemsetD32(b.ptr, v, count)) })
}

// CopyFromHost copies bytes from pinned host memory h (at hoff) to b (at
// byte offset off).
func (b *Buffer) CopyFromHost(off int64, h *HostBuffer, hoff, bytes int64) error {
	if off+bytes > b.bytes || hoff+bytes > h.bytes || off < 0 || hoff < 0 {
		return fmt.Errorf("gpu: copy of %d bytes out of range", bytes)
	}
	return b.c.do(func() error {
		return wrapC("cuMemcpyHtoD", C.shimMemcpyHtoD(C.CUdeviceptr(uint64(b.ptr)+uint64(off)), unsafe.Add(h.p, hoff), C.size_t(bytes)))
	})
}

// Upload copies src into b starting at element off.
func Upload[T Elem](b *Buffer, off int64, src []T) error {
	if len(src) == 0 {
		return nil
	}
	sz := elemSize[T]()
	n := int64(len(src)) * sz
	if off < 0 || off*sz+n > b.bytes {
		return fmt.Errorf("gpu: upload of %d bytes at %d past a %d-byte buffer", n, off*sz, b.bytes)
	}
	return b.c.do(func() error {
		return wrap("cuMemcpyHtoD", cu.MemcpyHtoD(b.ptr+cu.DevicePtr(off*sz), unsafe.Pointer(&src[0]), n))
	})
}

// Download copies len(dst) elements from b starting at element off.
func Download[T Elem](dst []T, b *Buffer, off int64) error {
	if len(dst) == 0 {
		return nil
	}
	sz := elemSize[T]()
	n := int64(len(dst)) * sz
	if off < 0 || off*sz+n > b.bytes {
		return fmt.Errorf("gpu: download of %d bytes at %d past a %d-byte buffer", n, off*sz, b.bytes)
	}
	return b.c.do(func() error {
		return wrap("cuMemcpyDtoH", cu.MemcpyDtoH(unsafe.Pointer(&dst[0]), b.ptr+cu.DevicePtr(off*sz), n))
	})
}

// HostBuffer is page-locked host memory.
type HostBuffer struct {
	c          *Context
	p          unsafe.Pointer
	bytes      int64
	mapped     bool
	registered bool // cuMemHostRegister'ed Go memory (keep it alive: owner)
	owner      []byte
}

// cuMemHostAlloc / cuMemHostRegister flags (cuda.h).
const (
	hostAllocPortable  = 0x01
	hostAllocDeviceMap = 0x02
	hostRegisterMapped = 0x02
)

// AllocHost allocates pinned host memory (cuMemHostAlloc). With mapped, the
// memory is also mapped into the device address space (DevicePtr), so
// kernels can read it over the bus without an explicit copy.
func (c *Context) AllocHost(bytes int64, mapped bool) (*HostBuffer, error) {
	h := &HostBuffer{c: c, bytes: bytes, mapped: mapped}
	flags := C.uint(hostAllocPortable)
	if mapped {
		flags |= hostAllocDeviceMap
	}
	err := c.do(func() error {
		return wrapC(fmt.Sprintf("cuMemHostAlloc(%d bytes)", bytes), C.shimHostAlloc(&h.p, C.size_t(max(bytes, 8)), flags))
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// RegisterHost page-locks existing Go memory p (cuMemHostRegister). p must
// stay reachable until Free; the HostBuffer keeps a reference.
func (c *Context) RegisterHost(p []byte, mapped bool) (*HostBuffer, error) {
	if len(p) == 0 {
		return nil, fmt.Errorf("gpu: RegisterHost of an empty slice")
	}
	h := &HostBuffer{c: c, p: unsafe.Pointer(&p[0]), bytes: int64(len(p)), mapped: mapped, registered: true, owner: p}
	flags := C.uint(0)
	if mapped {
		flags |= hostRegisterMapped
	}
	err := c.do(func() error {
		return wrapC(fmt.Sprintf("cuMemHostRegister(%d bytes)", len(p)), C.shimHostRegister(h.p, C.size_t(len(p)), flags))
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

func (h *HostBuffer) Bytes() int64 { return h.bytes }

// DevicePtr is the device address of mapped host memory.
func (h *HostBuffer) DevicePtr() (uint64, error) {
	if !h.mapped {
		return 0, fmt.Errorf("gpu: host buffer is not mapped")
	}
	var d C.CUdeviceptr
	err := h.c.do(func() error { return wrapC("cuMemHostGetDevicePointer", C.shimHostGetDevicePointer(&d, h.p)) })
	return uint64(d), err
}

// Free releases (or unregisters) the memory.
func (h *HostBuffer) Free() error {
	if h == nil || h.p == nil {
		return nil
	}
	var err error
	if h.registered {
		err = h.c.do(func() error { return wrapC("cuMemHostUnregister", C.shimHostUnregister(h.p)) })
		h.owner = nil
	} else {
		err = h.c.do(func() error { return wrapC("cuMemFreeHost", C.shimFreeHost(h.p)) })
	}
	h.p = nil
	return err
}

// HostSlice views h as a []T (valid until Free).
func HostSlice[T Elem](h *HostBuffer) []T {
	if h == nil || h.p == nil {
		return nil
	}
	return unsafe.Slice((*T)(h.p), h.bytes/elemSize[T]())
}

// Stream is a CUDA stream: copies and launches on one stream run in order,
// on different streams concurrently. Streams are created blocking, so work
// on the default stream (Launch, Upload) still waits for theirs.
type Stream struct {
	c *Context
	s cu.Stream
}

// NewStream creates a stream.
func (c *Context) NewStream() (*Stream, error) {
	st := &Stream{c: c}
	err := c.do(func() error {
		var e error
		st.s, e = cu.MakeStream(cu.DefaultStream)
		return wrap("cuStreamCreate", e)
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// Synchronize waits for everything queued on s.
func (s *Stream) Synchronize() error {
	return s.c.do(func() error { return wrap("cuStreamSynchronize", s.s.Synchronize()) })
}

// Close destroys s (queued work still completes).
func (s *Stream) Close() error {
	if s == nil {
		return nil
	}
	return s.c.do(func() error { return wrap("cuStreamDestroy", s.s.Destroy()) })
}

// LaunchOn is Launch on stream s.
func (f *Function) LaunchOn(s *Stream, grid, block uint32, args ...uint64) error {
	if grid == 0 {
		return nil
	}
	ps := make([]unsafe.Pointer, len(args))
	for i := range args {
		ps[i] = unsafe.Pointer(&args[i])
	}
	return f.c.do(func() error {
		return wrap(fmt.Sprintf("launch %s<<<%d,%d>>>", f.name, grid, block),
			f.fn.Launch(int(grid), 1, 1, int(block), 1, 1, 0, s.s, ps))
	})
}

// CopyFromHostAsync queues a copy of bytes from pinned host memory h (at
// hoff) to b (at byte offset off) on s. h must not be rewritten before s
// has finished the copy.
func (b *Buffer) CopyFromHostAsync(off int64, h *HostBuffer, hoff, bytes int64, s *Stream) error {
	if off+bytes > b.bytes || hoff+bytes > h.bytes || off < 0 || hoff < 0 || bytes < 0 {
		return fmt.Errorf("gpu: copy of %d bytes out of range", bytes)
	}
	if bytes == 0 {
		return nil
	}
	return b.c.do(func() error {
		return wrap("cuMemcpyHtoDAsync", cu.MemcpyHtoDAsync(b.ptr+cu.DevicePtr(off), unsafe.Add(h.p, hoff), bytes, s.s))
	})
}

// CopyToHost copies bytes from b (at byte offset off) into pinned host
// memory h (at hoff), synchronously.
func (b *Buffer) CopyToHost(off int64, h *HostBuffer, hoff, bytes int64) error {
	if off+bytes > b.bytes || hoff+bytes > h.bytes || off < 0 || hoff < 0 || bytes < 0 {
		return fmt.Errorf("gpu: copy of %d bytes out of range", bytes)
	}
	if bytes == 0 {
		return nil
	}
	return b.c.do(func() error {
		return wrap("cuMemcpyDtoH", cu.MemcpyDtoH(unsafe.Add(h.p, hoff), b.ptr+cu.DevicePtr(off), bytes))
	})
}

// Sub is a view of b from byte offset off (for kernels and copies; freeing
// it is a no-op, b owns the memory).
func (b *Buffer) Sub(off int64) *Buffer {
	if off < 0 || off > b.bytes {
		off = b.bytes
	}
	return &Buffer{c: b.c, ptr: b.ptr + cu.DevicePtr(off), bytes: b.bytes - off, view: true}
}

// HostBytes views h as bytes (valid until Free).
func (h *HostBuffer) HostBytes() []byte { return HostSlice[uint8](h) }

// Memset32Async queues, on s, setting count 32-bit words of b from byte
// offset off to v. Unlike Upload, it does not wait for other streams'
// work, so a stream can reset its own counters between launches.
func (b *Buffer) Memset32Async(off int64, v uint32, count int64, s *Stream) error {
	if off < 0 || off+count*4 > b.bytes {
		return fmt.Errorf("gpu: memset of %d words at %d past a %d-byte buffer", count, off, b.bytes)
	}
	return b.c.do(func() error {
		return wrap("cuMemsetD32Async", cu.MemsetD32Async(b.ptr+cu.DevicePtr(off), uint(v), count, s.s))
	})
}

// SetU64Async queues, on s, storing v as the 64-bit word at byte offset
// off of b (two 32-bit memsets: no host buffer to keep alive).
func (b *Buffer) SetU64Async(off int64, v uint64, s *Stream) error {
	if err := b.Memset32Async(off, uint32(v), 1, s); err != nil {
		return err
	}
	return b.Memset32Async(off+4, uint32(v>>32), 1, s)
}
