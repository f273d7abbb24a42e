//go:build !cuda

package gpu

import (
	"errors"
	"testing"
)

// TestNoCUDA: the pure-Go build fails every device call with ErrNoCUDA
// (what `cflr traverse --device gpu` reports) and never panics.
func TestNoCUDA(t *testing.T) {
	if Available() {
		t.Error("Available() in a build without CUDA")
	}
	if _, err := Devices(); !errors.Is(err, ErrNoCUDA) {
		t.Errorf("Devices: %v", err)
	}
	if _, err := NewContext(0); !errors.Is(err, ErrNoCUDA) {
		t.Errorf("NewContext: %v", err)
	}
	var a Allocs
	if _, err := a.Alloc(nil, 8); !errors.Is(err, ErrNoCUDA) {
		t.Errorf("Alloc: %v", err)
	}
	if err := a.FreeAll(); err != nil {
		t.Errorf("FreeAll: %v", err)
	}
}

// TestStickyFirstError: a failed allocation is kept in *err, and later
// calls return nil without replacing it.
func TestStickyFirstError(t *testing.T) {
	var a Allocs
	var err error
	alloc := a.Sticky(&Context{}, &err)
	if b := alloc(16); b != nil || !errors.Is(err, ErrNoCUDA) {
		t.Fatalf("first alloc: %v, err %v", b, err)
	}
	first := errors.New("earlier failure")
	err = first
	if b := alloc(16); b != nil || err != first {
		t.Errorf("after a failure: %v, err %v (want the first error kept)", b, err)
	}
}
