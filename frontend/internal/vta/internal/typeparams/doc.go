// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package typeparams is the part of golang.org/x/tools/internal/typeparams
// (x/tools v0.52.0) that VTA uses: core types and the term sets of type
// parameters, unions and interfaces. It is copied since x/tools' is
// internal to x/tools.
package typeparams
