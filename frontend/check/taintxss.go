package check

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Cross-site scripting (html sinks) needs more than a function's name to
// tell a sink: the same Write sends a JSON document, a plain-text error
// or an HTML page, and a markdown renderer's HTML is often sanitized
// before it is used. The rules below are those of CodeQL's
// go/reflected-xss, with two additions for renderers; each is a field of
// Sink, so that a configuration can use them too (models.yaml).
//
// Response bodies (Sink.Response: net/http's ResponseWriter.Write,
// io.WriteString, fmt.Fprint* and io.Copy to a ResponseWriter, the
// frameworks' writers) are html sinks where
//
//   - the place holding the response is an http.ResponseWriter (a
//     writer of another type is a file or a buffer);
//   - the call is not inside a Write, WriteString or ReadFrom method of a
//     writer: a ResponseWriter wrapper (gzip, logging) passes on what its
//     callers write, whose own writes are the sinks;
//   - the handler (the function, with its closures and the function they
//     are in) does not declare a content type, or declares one with
//     "html" in it or one the check cannot read: a constant non-HTML
//     type (Header().Set("Content-Type", "application/json"), gin's
//     c.Header) makes the browser show the body as data. CodeQL also
//     trusts a content type it cannot read; taken from the request or
//     the database it may well be text/html, so here it does not;
//   - the body may start with "<": net/http sniffs a response without a
//     content type from its first bytes, and only a body that starts
//     with "<" (after white space) is taken for HTML. A write whose data
//     is a constant, or a concatenation or Fprintf format that starts
//     with a constant, beginning otherwise is plain text, when it is the
//     handler's only response write (an earlier write decides the type).
//
// JSON and XML encoding escape "<", ">" and "&": their results are
// sanitizers for html sinks (models.yaml), and http.Error, which sets
// text/plain, is no sink.
//
// Content types given as an argument (Sink.ContentType: gin's c.Data,
// echo's c.Blob and c.Stream): a constant without "html" makes no sink.
//
// Renderers (Sink.Output): a markdown renderer that passes raw HTML
// through (blackfriday, gomarkdown, goldmark with html.WithUnsafe:
// Sink.EnabledBy) makes untrusted markdown untrusted HTML. Its call is
// the sink, since the HTML usually leaves the function (a library's
// Render returns it), unless every use the function makes of the output
// passes it through a sanitizer of the html kind (bluemonday's Sanitize,
// an escaper), which is how such code is fixed; output that leaves the
// function raw on some path keeps the sink.

// sinkApplies reports whether sink s is one at call c (Response,
// ContentType and Output; EnabledBy is decided after the walk,
// enabledSinks).
func (t *taintRun) sinkApplies(c ssa.CallInstruction, s *Sink) bool {
	cc := c.Common()
	if s.ContentType != nil {
		if ct, ok := constString(placeValue(cc, *s.ContentType)); ok && !htmlType(ct) {
			return false
		}
	}
	if s.Response != nil {
		w := placeValue(cc, *s.Response)
		if w == nil || !t.isResponseWriter(underWriter(w).Type()) {
			return false
		}
		fn := c.Parent()
		if writerMethod(fn) {
			return false
		}
		top := fn
		for top.Parent() != nil {
			top = top.Parent()
		}
		h := t.handlerFacts(top)
		if h.plainType {
			return false
		}
		if plainStart(cc, s) && h.writes == 1 {
			return false
		}
	}
	if len(s.Output) > 0 && t.outputSanitized(c, s) {
		return false
	}
	return true
}

// htmlType reports whether a content type may be rendered as HTML.
func htmlType(ct string) bool {
	return strings.Contains(strings.ToLower(ct), "html")
}

// isResponseWriter reports whether typ has net/http.ResponseWriter's
// methods (Header, Write, WriteHeader): the interface itself, gin's and
// echo's response types, a wrapper.
func (t *taintRun) isResponseWriter(typ types.Type) bool {
	for _, m := range [...]string{"Header", "Write", "WriteHeader"} {
		obj, _, _ := types.LookupFieldOrMethod(typ, true, nil, m)
		f, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		if m == "Header" {
			res := f.Type().(*types.Signature).Results()
			if res.Len() != 1 {
				return false
			}
			n, ok := types.Unalias(res.At(0).Type()).(*types.Named)
			if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "net/http" || n.Obj().Name() != "Header" {
				return false
			}
		}
	}
	return true
}

// underWriter is the writer a call's io.Writer argument was made from
// (fmt.Fprintf(w, ...) converts w to io.Writer).
func underWriter(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// writerMethod reports whether fn is a writer's own Write, WriteString or
// ReadFrom method (a ResponseWriter wrapper's).
func writerMethod(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	switch fn.Name() {
	case "Write", "WriteString", "ReadFrom":
	default:
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, nil, "Write")
	_, ok := obj.(*types.Func)
	return ok
}

// staticName is the model name of c's callee where the call says it
// without the points-to analysis: a static callee or an interface method.
func staticName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return methodName(c.Method)
	}
	if fn := c.StaticCallee(); fn != nil {
		if ns := funcNames(fn); len(ns) > 0 {
			return ns[0]
		}
	}
	return ""
}

// contentTypeSetters set a response header: key and value arguments.
var contentTypeSetters = map[string][2]int{
	"net/http.Header.Set":                     {0, 1},
	"net/http.Header.Add":                     {0, 1},
	"github.com/gin-gonic/gin.Context.Header": {0, 1},
	"github.com/gofiber/fiber/v2.Ctx.Set":     {0, 1},
}

// declaresPlainType reports whether fn (with its closures) sets a
// response's Content-Type, and only ever to constants without "html".
func declaresPlainType(fn *ssa.Function) bool {
	plain, other := false, false
	eachCall(fn, func(c *ssa.CallCommon) {
		kv, ok := contentTypeSetters[staticName(c)]
		if !ok {
			return
		}
		k, ok := constString(placeValue(c, Place{Kind: PlaceArg, Index: kv[0]}))
		if !ok || !strings.EqualFold(k, "Content-Type") {
			return
		}
		v, ok := constString(placeValue(c, Place{Kind: PlaceArg, Index: kv[1]}))
		if ok && !htmlType(v) {
			plain = true
		} else {
			other = true
		}
	})
	return plain && !other
}

// eachCall calls f on every call of fn and of its closures.
func eachCall(fn *ssa.Function, f func(*ssa.CallCommon)) {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok {
				f(c.Common())
			}
		}
	}
	for _, a := range fn.AnonFuncs {
		eachCall(a, f)
	}
}

// xssHandler is what the response sinks of a handler (a function with
// its closures) ask of it, found once per handler and walk worker.
type xssHandler struct {
	plainType bool // declaresPlainType
	writes    int  // responseWrites
}

func (t *taintRun) handlerFacts(top *ssa.Function) xssHandler {
	if h, ok := t.xssMemo[top]; ok {
		return h
	}
	h := xssHandler{plainType: declaresPlainType(top), writes: t.responseWrites(top)}
	if t.xssMemo == nil {
		t.xssMemo = map[*ssa.Function]xssHandler{}
	}
	t.xssMemo[top] = h
	return h
}

// responseWrites counts the calls of fn (with its closures) to response
// sinks whose response is a ResponseWriter.
func (t *taintRun) responseWrites(fn *ssa.Function) int {
	n := 0
	eachCall(fn, func(c *ssa.CallCommon) {
		for _, s := range t.sinks[staticName(c)] {
			if s.Response != nil {
				if w := placeValue(c, *s.Response); w != nil && t.isResponseWriter(underWriter(w).Type()) {
					n++
				}
				return
			}
		}
	})
	return n
}

// plainStart reports whether the body a response write sends starts with
// a constant whose first byte (after white space) is not "<": an Fprintf
// format (nor "%"), or the data written, a constant or a concatenation
// that starts with one.
func plainStart(c *ssa.CallCommon, s *Sink) bool {
	var first string
	ok := false
	if staticName(c) == "fmt.Fprintf" {
		first, ok = constString(placeValue(c, Place{Kind: PlaceArg, Index: 1}))
		if ok && strings.HasPrefix(strings.TrimLeft(first, "\t\n\f\r "), "%") {
			return false
		}
	} else if len(s.Args) == 1 {
		first, ok = leadingConst(placeValue(c, s.Args[0]))
	}
	if !ok {
		return false
	}
	first = strings.TrimLeft(first, "\t\n\f\r ")
	return first != "" && first[0] != '<'
}

// leadingConst is the constant a string value starts with: the value, or
// the left end of a concatenation, through conversions.
func leadingConst(v ssa.Value) (string, bool) {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.BinOp:
			v = x.X
		default:
			return constString(v)
		}
	}
}

// outputSanitized reports whether the function calling renderer c
// passes the renderer's output (s.Output) through a sanitizer of s's kind
// wherever the output goes: followed through conversions, phis, local
// variables and the data results of methods called on it (a buffer's
// String, Bytes), every use must end in a sanitizer's call. A use that
// lets the output leave otherwise (returned, stored, passed to another
// function, concatenated) keeps the sink, even beside a sanitized use.
func (t *taintRun) outputSanitized(c ssa.CallInstruction, s *Sink) bool {
	var work []ssa.Value
	for _, pl := range s.Output {
		if pl.Kind == PlaceResult {
			call, ok := c.(*ssa.Call)
			if !ok {
				continue
			}
			if _, ok := call.Type().(*types.Tuple); !ok {
				work = append(work, call)
				continue
			}
			for _, r := range *call.Referrers() {
				if e, ok := r.(*ssa.Extract); ok && (pl.Index < 0 || e.Index == pl.Index) {
					work = append(work, e)
				}
			}
			continue
		}
		if v := placeValue(c.Common(), pl); v != nil {
			// A buffer's address: its other uses are in the function.
			work = append(work, underWriter(v))
		}
	}
	sanitized := false
	seen := map[ssa.Value]bool{}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] || v.Referrers() == nil {
			continue
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Phi, *ssa.Slice, *ssa.UnOp:
				work = append(work, r.(ssa.Value))
			case *ssa.DebugRef:
			case *ssa.BinOp:
				if r.Op != token.EQL && r.Op != token.NEQ {
					return false // concatenated
				}
			case *ssa.Store:
				if r.Addr == v {
					continue // a store into the variable followed
				}
				a, ok := r.Addr.(*ssa.Alloc)
				if !ok || a.Heap || r.Val != v {
					return false
				}
				work = append(work, a) // a local variable: its loads
			case ssa.CallInstruction:
				if r == c {
					continue
				}
				cc := r.Common()
				if b, ok := cc.Value.(*ssa.Builtin); ok {
					if b.Name() == "len" || b.Name() == "cap" {
						continue
					}
					return false
				}
				names, _ := t.calleeNames(r)
				san := false
				for _, n := range names {
					for _, sz := range t.sanitizers[n] {
						san = san || sz.sanitizes(s.Kind)
					}
				}
				if san {
					sanitized = true
					continue
				}
				if placeValue(cc, Place{Kind: PlaceRecv}) != v {
					return false // passed to another function
				}
				// A method of the output's (buffer.String()): its data
				// result, if any.
				if call, ok := r.(*ssa.Call); ok && carriesData(call.Type()) {
					work = append(work, call)
				}
			default:
				return false
			}
		}
	}
	return sanitized
}

// carriesData reports whether a method's result can hold the rendered
// output: a string, a byte slice, or something that refers to memory.
func carriesData(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Tuple:
		for i := range u.Len() {
			if carriesData(u.At(i).Type()) {
				return true
			}
		}
		return false
	case *types.Interface:
		return !isError(t)
	}
	return true
}

// enabledSinks drops the sink sites of sinks whose EnabledBy function
// the program never calls.
func (t *taintRun) enabledSinks() {
	need := map[string]bool{}
	for _, s := range t.sinkSites {
		if n := s.sink.EnabledBy.s; n != "" {
			need[n] = false
		}
	}
	if len(need) == 0 {
		return
	}
	for _, fn := range t.g.Funcs {
		eachCall(fn, func(c *ssa.CallCommon) {
			if _, ok := need[staticName(c)]; ok {
				need[staticName(c)] = true
			}
		})
	}
	out := t.sinkSites[:0]
	for _, s := range t.sinkSites {
		if n := s.sink.EnabledBy.s; n == "" || need[n] {
			out = append(out, s)
		}
	}
	t.sinkSites = out
}
