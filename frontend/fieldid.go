package frontend

import (
	"go/types"
	"strconv"
	"strings"
)

// A field is identified by its struct type and its index, and a struct
// type by identity ignoring tags: the identity Go's conversions keep. A
// value converted between a named struct type and an unnamed one (or
// another named one with the same underlying type, with other tags), or
// a pointer converted between pointers to such types, is the same memory:
// its loads and stores must use the same field index on either side of
// the ChangeType, or a load after the conversion reads another field
// (go/pointer's maps.go:87 gave {} for `u := struct{ a *int }(k); u.a`).
// Instances of a generic type are identical when their type arguments
// are, so every instantiation of S[int] shares S[int]'s fields (and
// S[bool]'s are others).

// fieldKey is a field of a struct type, as builder.fields keys it.
type fieldKey struct {
	st int // structIDs' number of the struct type
	i  int
}

// structIDs numbers struct types by identity ignoring tags.
type structIDs struct {
	memo    map[*types.Struct]int    // every struct type met
	buckets map[string][]structEntry // by structShape
	n       int
}

type structEntry struct {
	st *types.Struct
	id int
}

// id returns st's number, giving it one if it has none. Not safe for
// concurrent use.
func (s *structIDs) id(st *types.Struct) int {
	if id, ok := s.memo[st]; ok {
		return id
	}
	if s.memo == nil {
		s.memo, s.buckets = map[*types.Struct]int{}, map[string][]structEntry{}
	}
	id, ok := s.find(st)
	if !ok {
		id = s.n
		s.n++
		k := structShape(st)
		s.buckets[k] = append(s.buckets[k], structEntry{st, id})
	}
	s.memo[st] = id
	return id
}

// lookup returns st's number, if it has one. It does not write: safe for
// concurrent use once numbering is done.
func (s *structIDs) lookup(st *types.Struct) (int, bool) {
	if id, ok := s.memo[st]; ok {
		return id, true
	}
	return s.find(st)
}

func (s *structIDs) find(st *types.Struct) (int, bool) {
	for _, e := range s.buckets[structShape(st)] {
		if types.IdenticalIgnoreTags(e.st, st) {
			return e.id, true
		}
	}
	return 0, false
}

// structShape is what identical struct types ignoring tags have in
// common and most other struct types do not: the field names. Types are
// left to types.IdenticalIgnoreTags.
func structShape(st *types.Struct) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(st.NumFields()))
	for i := 0; i < st.NumFields(); i++ {
		sb.WriteByte(' ')
		sb.WriteString(st.Field(i).Name())
	}
	return sb.String()
}
