package gpu

import (
	"errors"
	"fmt"
	"unsafe"
)

// ErrNoCUDA is returned by every GPU call in a build without the cuda tag.
var ErrNoCUDA = errors.New("gpu: this cflr was built without CUDA (rebuild with -tags cuda; see DEVELOPERS.md)")

// Error is a failed CUDA driver call.
type Error struct {
	Op   string // what was being done, e.g. "cuMemAlloc(1073741824 bytes)"
	Code int    // the CUresult
	Name string // CUDA's name for it, e.g. CUDA_ERROR_OUT_OF_MEMORY
}

func (e *Error) Error() string { return fmt.Sprintf("gpu: %s: %s (%d)", e.Op, e.Name, e.Code) }

// cudaErrorOutOfMemory is CUDA_ERROR_OUT_OF_MEMORY's value in cuda.h.
const cudaErrorOutOfMemory = 2

// IsOutOfMemory reports whether err is (or wraps) a CUDA out-of-memory error.
func IsOutOfMemory(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == cudaErrorOutOfMemory
}

// DeviceInfo describes one GPU.
type DeviceInfo struct {
	Ordinal      int
	Name         string
	Major, Minor int   // compute capability
	SMs          int   // multiprocessors
	TotalMem     int64 // bytes
	FreeMem      int64 // bytes, when a context was open to ask
	Driver       int   // driver API version, e.g. 13000
}

func (d DeviceInfo) String() string {
	return fmt.Sprintf("GPU %d: %s, compute capability %d.%d, %d SMs, %.1f GiB (%.1f GiB free), driver %d.%d",
		d.Ordinal, d.Name, d.Major, d.Minor, d.SMs, float64(d.TotalMem)/(1<<30), float64(d.FreeMem)/(1<<30), d.Driver/1000, d.Driver%1000/10)
}

// Slice element types that Upload, Download and HostSlice accept.
type Elem interface {
	~uint8 | ~uint32 | ~int32 | ~uint64 | ~int64 | ~float32 | ~float64
}

func elemSize[T Elem]() int64 { var x T; return int64(unsafe.Sizeof(x)) }
