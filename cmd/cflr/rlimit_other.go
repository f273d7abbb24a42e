//go:build !linux

package main

// addressSpaceLimit returns 0: the address-space limit is read on Linux
// only.
func addressSpaceLimit() int64 { return 0 }
