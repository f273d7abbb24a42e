// Package nildispatch: a nil that one implementation of an interface
// method returns does not reach the callers that pass another
// implementation (refutedispatch.go; pebble's Annotation and Zero).
// Each silent case has a true positive next to it that must stay.
package nildispatch

type summary struct{ size int }

type annotator interface {
	zero() *summary
}

type sizeAnnotator struct{}

func (sizeAnnotator) zero() *summary { return &summary{} }

type elisionAnnotator struct{}

func (elisionAnnotator) zero() *summary { return nil }

type level struct{ empty bool }

// annotation asks the annotator the caller passes.
func (l *level) annotation(a annotator) *summary {
	return a.zero()
}

// sizes passes sizeAnnotator, whose zero is never nil.
func sizes(l *level) int {
	return l.annotation(sizeAnnotator{}).size // silent
}

// True positive: elisionAnnotator's zero is nil.
func elisions(l *level) int {
	return l.annotation(elisionAnnotator{}).size // want `may be nil at field access`
}

// True positive: an annotator the caller does not name.
func anyAnnotator(l *level, a annotator) int {
	return l.annotation(a).size // want `may be nil at field access`
}

func use(l *level) int { return sizes(l) + elisions(l) + anyAnnotator(l, elisionAnnotator{}) }
