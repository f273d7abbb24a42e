module github.com/cflr/cflr/frontend/check/vet/golangci

go 1.26.8

require (
	github.com/cflr/cflr v0.0.0
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/tools v0.52.0
)

require (
	github.com/RoaringBitmap/roaring/v2 v2.30.0 // indirect
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/crillab/gophersat v1.4.0 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/cflr/cflr => ../../../..
