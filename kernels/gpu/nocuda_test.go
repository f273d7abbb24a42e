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
