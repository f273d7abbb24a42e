package csr

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Form is a prepared shape of a graph, as the kernels want it.
type Form uint8

const (
	// FormAsRead is the graph as the file holds it (directed, weighted,
	// duplicates and all), after ReadOptions.Build: what cflr traverse runs on.
	FormAsRead Form = iota
	// FormUndirected is the simple undirected graph (see Undirect): what
	// cflr mine runs on.
	FormUndirected
	// FormOriented is the degree orientation of FormUndirected (see Orient):
	// what triangle and clique counting run on.
	FormOriented
)

var formNames = [...]string{"asread", "undirected", "oriented"}

func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", uint8(f))
}

// ParseForm reads a Form's name (asread, undirected, oriented).
func ParseForm(s string) (Form, error) {
	for i, n := range formNames {
		if s == n {
			return Form(i), nil
		}
	}
	return 0, fmt.Errorf("unknown prepared form %q (want asread, undirected or oriented)", s)
}

// CacheMode says whether LoadPrepared uses the sidecar cache.
type CacheMode uint8

const (
	// CacheOff neither reads nor writes a sidecar.
	CacheOff CacheMode = iota
	// CacheRead loads a valid sidecar when there is one.
	CacheRead
	// CacheWrite also writes the sidecar when it is missing or stale.
	CacheWrite
)

// Prep says what LoadPrepared should produce.
type Prep struct {
	// Form is the shape wanted.
	Form Form
	// Read says how to read the input. Read.Build applies to FormAsRead
	// only (the other forms clean the graph anyway).
	Read ReadOptions
	// Cache selects the sidecar cache (see SidecarPath).
	Cache CacheMode
}

// PrepInfo reports what LoadPrepared did and how long each step took.
type PrepInfo struct {
	Form Form
	// Cached: the graph came from the sidecar, or from a .cflr file that
	// already held this form.
	Cached bool
	// Sidecar is the cache file consulted or written ("" when Cache is off
	// or the input is a .cflr file).
	Sidecar string
	// Wrote: the sidecar was (re)written. CacheErr: writing it failed
	// (the graph is still returned).
	Wrote    bool
	CacheErr error
	// Skipped: the input already had the form (known from the file, or found
	// by the parallel check), so nothing was rebuilt.
	Skipped bool
	// Bytes is the size of what was read.
	Bytes int64
	// Load is reading and validating; Prepare is undirecting and
	// orienting; Write is writing the sidecar.
	Load, Prepare, Write time.Duration
}

// SidecarPath is the cache file LoadPrepared uses for path and form:
// path + ".cflr-" + form (for a G2Miner graph, its prefix + ".cflr-" +
// form). Deleting it clears the cache; a stale one (the input's size,
// modification or change time or inode changed, or a cflr with another
// cache version wrote it) is ignored and, with CacheWrite, replaced.
func SidecarPath(path string, f Form) string {
	if DetectFormat(path) == FormatG2Miner {
		path = g2Prefix(path)
	}
	return path + ".cflr-" + f.String()
}

// cacheVersion changes when what a sidecar holds for the same input and
// options changes (the readers' or the preparation's semantics).
const cacheVersion = 1

// sourceOf identifies path's current contents (for a G2Miner graph, all of
// its files) together with the options that shape what is cached.
func sourceOf(path string, format Format, p Prep) (cflrSource, error) {
	files := []string{path}
	if format == FormatG2Miner {
		pre := g2Prefix(path)
		files = []string{pre + ".meta.txt", pre + ".vertex.bin", pre + ".edge.bin", pre + ".vlabel.bin"}
	}
	h := fnv.New64a()
	build := p.Read.Build
	if p.Form != FormAsRead {
		build = BuildOptions{}
	}
	fmt.Fprintf(h, "cflr-cache %d %d %s %d %+v\n", cacheVersion, p.Form, format, p.Read.Base, build)
	var src cflrSource
	for i, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			if i == 3 && errors.Is(err, os.ErrNotExist) {
				continue // vlabel.bin is optional
			}
			return src, err
		}
		src.size += st.Size()
		src.mtime = max(src.mtime, st.ModTime().UnixNano())
		ino, ctime := fileID(st)
		fmt.Fprintf(h, "%s %d %d %d %d\n", filepath.Base(f), st.Size(), st.ModTime().UnixNano(), ino, ctime)
	}
	src.key = h.Sum64()
	return src, nil
}

// sidecarValid reports whether the sidecar at path was made from src for
// form, reading only its header.
func sidecarValid(path string, src cflrSource, form Form) bool {
	f, size, _, err := openSized(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [cflrHeader]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return false
	}
	c, err := decodeCFLRHead(path, h[:], size)
	return err == nil && c.src == src && c.form == form
}

// LoadPrepared reads the graph at path (any format Read knows, or a .cflr
// file) and returns it in the form p asks for, reusing a cached copy when p
// allows: it is what the kernels' commands call, so that running several
// kernels on one graph pays the parsing and preparation once.
//
//   - A .cflr input is read as it is; when it holds another form than the
//     one asked for, that form is derived from it (asread → undirected →
//     oriented; an oriented graph gives back its undirected graph).
//   - Otherwise, with CacheRead or CacheWrite, a valid sidecar (see
//     SidecarPath) is read instead of the input.
//   - Otherwise the input is read, undirected (Undirect: skipped when the
//     graph already is simple undirected) and oriented (Orient) as needed,
//     and with CacheWrite the result is written to the sidecar.
//
// Loading and preparing run on all cores; the result does not depend on
// their number.
func LoadPrepared(path string, p Prep) (*Graph, PrepInfo, error) {
	info := PrepInfo{Form: p.Form}
	if p.Form > FormOriented {
		return nil, info, fmt.Errorf("%s: unknown prepared form %d", path, p.Form)
	}
	format := p.Read.Format
	if format == FormatAuto {
		format = DetectFormat(path)
	}
	t0 := time.Now()
	if format == FormatCFLR {
		g, c, err := readCFLR(path)
		if err != nil {
			return nil, info, err
		}
		info.Load, info.Bytes = time.Since(t0), fileBytes(path)
		info.Cached = c.form == p.Form
		t0 = time.Now()
		g, info.Skipped = prepare(g, c.form, p.Form)
		info.Prepare = time.Since(t0)
		return g, info, nil
	}
	var src cflrSource
	if p.Cache != CacheOff {
		info.Sidecar = SidecarPath(path, p.Form)
		var err error
		if src, err = sourceOf(path, format, p); err != nil {
			return nil, info, err
		}
		if sidecarValid(info.Sidecar, src, p.Form) {
			g, _, err := readCFLR(info.Sidecar)
			if err == nil {
				info.Cached, info.Skipped = true, true
				info.Load, info.Bytes = time.Since(t0), fileBytes(info.Sidecar)
				return g, info, nil
			}
			// A sidecar that fails to read is treated as missing.
		}
	}
	ro := p.Read
	ro.Format = format
	if p.Form != FormAsRead {
		ro.Build = BuildOptions{}
	}
	g, err := Read(path, ro)
	if err != nil {
		return nil, info, err
	}
	info.Load, info.Bytes = time.Since(t0), src.size
	if info.Bytes == 0 {
		info.Bytes = fileBytes(path)
	}
	t0 = time.Now()
	g, info.Skipped = prepare(g, FormAsRead, p.Form)
	info.Prepare = time.Since(t0)
	if p.Cache == CacheWrite {
		t0 = time.Now()
		info.CacheErr = writeCFLR(info.Sidecar, g, p.Form, src)
		info.Wrote = info.CacheErr == nil
		info.Write = time.Since(t0)
	}
	return g, info, nil
}

// prepare turns g, of form have, into form want; skipped reports that no
// rebuild was needed.
func prepare(g *Graph, have, want Form) (_ *Graph, skipped bool) {
	if have == want {
		return g, true
	}
	switch want {
	case FormAsRead:
		return g, true // any form is a graph as read
	case FormUndirected:
		skipped = have == FormAsRead && g.IsSimpleUndirected()
		return Undirect(g), skipped
	}
	if have == FormAsRead {
		skipped = g.IsSimpleUndirected()
		g = Undirect(g)
	}
	return Orient(g), false
}

func fileBytes(path string) int64 {
	if st, err := os.Stat(path); err == nil {
		return st.Size()
	}
	return 0
}

// WritePrepared writes g, which has form f, to path in cflr's format with
// its form recorded, so that LoadPrepared(path, ...) reads it back without
// preparing again (cflr convert --prepared).
func WritePrepared(path string, g *Graph, f Form) error {
	return writeCFLR(path, g, f, cflrSource{})
}
