package main

import "testing"

func TestOnlyInTests(t *testing.T) {
	if onlyInTests() != 1 {
		t.Fatal("onlyInTests")
	}
}
