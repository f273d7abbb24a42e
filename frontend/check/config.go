package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// A configuration file (cflr.yaml, or JSON) chooses the checks and adds
// to or replaces the taint check's built-in models:
//
//	checks: [nil, taint]            # default: every check
//	profile: cli                    # default: server (see Profiles)
//	reflection: false               # default: true (Config.NoReflection)
//	nil-sources: all                # default: default (Config.NilSources)
//	taint:
//	  sources:                      # a list adds to the built-in sources
//	    - example.com/app.ReadInput
//	    - {func: example.com/app.Fill, to: [0]}
//	    - {func: example.com/app.Flag, profile: cli}
//	  sinks:
//	    replace:                    # replace drops the built-in sinks
//	      - {func: database/sql.(*DB).Query, args: [0], kind: sql}
//	  sanitizers: [example.com/app.Clean]
//	  validators: [{func: example.com/app.SafeName, args: [0]}]
//	  propagators:
//	    - {func: example.com/app.Wrap, from: [0], to: [result]}
//
// Names are package path, a dot and a member: a function
// (os.Getenv), a method (net/http.(*Request).FormValue, or
// net/http.Request.FormValue: the receiver's pointer is optional), an
// interface method (net.Conn.Read: calls through the interface), a struct
// field (net/http.Request.Form: every load of it), a package variable
// (os.Args) or, for sinks, a named type (html/template.HTML: every
// conversion to it). A name need not exist in the program checked: a
// configuration is shared by many programs.

// TaintConfig is the taint check's model of the code it cannot judge
// from flow alone: where untrusted data enters (sources), where it must
// not arrive (sinks), which calls make it safe (sanitizers), and how
// library calls the flow graph does not follow pass it on (propagators).
// DefaultTaintConfig returns the built-in models (models.go).
type TaintConfig struct {
	// Profile is the trust boundary: ProfileServer ("" too) or
	// ProfileCLI. Sources of another profile are left out (ActiveSources).
	Profile     string
	Sources     []Source
	Sinks       []Sink
	Sanitizers  []Sanitizer
	Validators  []Validator
	Propagators []Propagator
}

// Source is a function whose results (or out-parameters) are untrusted,
// or a field or package variable whose loads are.
type Source struct {
	Name Name
	// To lists what becomes untrusted: results (PlaceResult) by default;
	// an argument's pointee for a function that fills a buffer.
	To []Place
	// Profile, when not "", limits the source to one trust boundary:
	// os.Args is untrusted for a command-line program (ProfileCLI), not
	// for a server, whose operator chose its arguments.
	Profile string
	At      string // config position (file:line:col), "" for built-ins
}

// Trust-boundary profiles say which inputs are untrusted.
const (
	// ProfileServer, the default, distrusts the network: requests,
	// connections. The process's own input is the operator's.
	ProfileServer = "server"
	// ProfileCLI also distrusts the process's input: its arguments,
	// environment, standard input and the files it reads, for a program
	// run by users other than its author's.
	ProfileCLI = "cli"
)

// Profiles are the profiles, default first.
var Profiles = []string{ProfileServer, ProfileCLI}

// ParseProfile checks a profile's name; "" is the default.
func ParseProfile(s string) (string, error) {
	switch s {
	case "", ProfileServer:
		return ProfileServer, nil
	case ProfileCLI:
		return ProfileCLI, nil
	}
	return "", fmt.Errorf("unknown profile %q (want %s)", s, strings.Join(Profiles, " or "))
}

// ActiveSources are the sources of tc's profile: those without one, and
// those of the cli profile when it is on (it adds to the server's).
func (tc *TaintConfig) ActiveSources() []Source {
	var out []Source
	for _, s := range tc.Sources {
		if s.Profile == "" || s.Profile == ProfileServer || s.Profile == tc.Profile {
			out = append(out, s)
		}
	}
	return out
}

// Sink is a function some of whose arguments must not be untrusted.
type Sink struct {
	Name Name
	// Args lists the checked arguments (PlaceArg, PlaceRecv); nil: all.
	Args []Place
	// Kind names the danger in messages: sql, command, path, html,
	// redirect, or the user's word.
	Kind string
	// The fields below narrow a sink to the calls where it is one
	// (taintxss.go says why each exists).
	//
	// Response, for a write of an HTTP response body (config key
	// response:), is the place holding the response: the call is a sink
	// only where that place's type is an http.ResponseWriter, and not
	// where the handler declares a constant non-HTML content type or
	// net/http would sniff the body as plain text.
	Response *Place
	// ContentType is the argument giving the body's content type
	// (content-type:, gin's Data, echo's Blob): where it is a constant
	// without "html" in it, the call is no sink.
	ContentType *Place
	// Output are the places a renderer puts its HTML in (output:): the
	// call is no sink where every use the calling function makes of that
	// output passes it through a sanitizer of the sink's kind.
	Output []Place
	// EnabledBy, when set (enabled-by:), makes the sink one only in a
	// program that calls this function (goldmark passes raw HTML only
	// when its renderer is made with html.WithUnsafe).
	EnabledBy Name
	At        string
}

// Sanitizer is a function whose results are trusted whatever its
// arguments: taint does not pass through a call of it on the way to a
// sink of one of its Kinds (every kind when nil). html.EscapeString makes
// a string safe for HTML, not for a SQL query or a file path.
type Sanitizer struct {
	Name  Name
	Kinds []string
	At    string
}

// Validator is a function returning a bool that says its arguments are
// safe: where it returned true (the branch of if V(x) { ... }, or after
// if !V(x) { return }), x does not carry taint into calls, sinks and
// the values computed from it, for sinks of its Kinds (every kind when
// nil). path/filepath.IsLocal is one.
type Validator struct {
	Name  Name
	Args  []Place // the validated arguments (nil: all)
	Kinds []string
	At    string
}

// validates reports whether v vouches for data bound for sinks of kind.
func (v *Validator) validates(kind string) bool {
	return (&Sanitizer{Kinds: v.Kinds}).sanitizes(kind)
}

// sanitizes reports whether s cleans data for sinks of the given kind.
func (s *Sanitizer) sanitizes(kind string) bool {
	if s.Kinds == nil {
		return true
	}
	for _, k := range s.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Propagator is a library function whose effect on taint is modelled
// rather than followed through its body: taint in any From place makes
// every To place untrusted.
type Propagator struct {
	Name     Name
	From, To []Place
	At       string
}

// PlaceKind says which value of a call a Place is.
type PlaceKind uint8

const (
	// PlaceArg is argument Index (the receiver not counted; a variadic
	// parameter is one argument, the slice).
	PlaceArg PlaceKind = iota
	// PlaceRecv is the receiver of a method.
	PlaceRecv
	// PlaceResult is result Index, or every result when Index is -1.
	PlaceResult
)

// Place is an argument, the receiver or a result of a call. As a
// destination (Source.To, Propagator.To), an argument or receiver stands
// for what it points to: the buffer a Read fills.
type Place struct {
	Kind  PlaceKind
	Index int
}

func (p Place) String() string {
	switch p.Kind {
	case PlaceRecv:
		return "recv"
	case PlaceResult:
		if p.Index < 0 {
			return "result"
		}
		return "result" + strconv.Itoa(p.Index)
	}
	return strconv.Itoa(p.Index)
}

// Name is a function, method, field or package variable named by package
// path. Its canonical form drops a pointer receiver's parentheses:
// net/http.(*Request).FormValue is net/http.Request.FormValue.
type Name struct {
	s string
}

func (n Name) String() string { return n.s }

// ParseName checks and normalizes a name (see TaintConfig). It accepts
// pkg.F, pkg.T.M, pkg.(*T).M and go/ssa's (*pkg.T).M.
func ParseName(s string) (Name, error) {
	bad := func(why string) (Name, error) {
		return Name{}, fmt.Errorf("malformed name %q: %s (want a package path, a dot and a function, method, field or variable: net/http.(*Request).FormValue, os.Getenv)", s, why)
	}
	if s == "" {
		return bad("empty")
	}
	if strings.ContainsAny(s, " \t\n\r\"'`\\") {
		return bad("space, quote or backslash")
	}
	t := s
	switch {
	case strings.HasPrefix(t, "(*"):
		// (*pkg.T).M
		end := strings.Index(t, ").")
		if end < 0 {
			return bad("unclosed (*")
		}
		t = t[2:end] + t[end+1:]
	case strings.Contains(t, ".(*"):
		i := strings.Index(t, ".(*")
		end := strings.Index(t[i:], ").")
		if end < 0 {
			return bad("unclosed (*")
		}
		t = t[:i+1] + t[i+3:i+end] + t[i+end+1:]
	}
	if strings.ContainsAny(t, "()*") {
		return bad("misplaced parenthesis or star")
	}
	slash := strings.LastIndexByte(t, '/')
	last := t[slash+1:]
	segs := strings.Split(last, ".")
	if len(segs) < 2 {
		return bad("no member after the package path")
	}
	// The last segment is always an identifier; the one before may be a
	// type or the end of the package path (gopkg.in/yaml.v3.Marshal).
	if !token.IsIdentifier(segs[len(segs)-1]) {
		return bad(fmt.Sprintf("%q is not an identifier", segs[len(segs)-1]))
	}
	if len(segs) > 4 { // pkgelem[.vN].T.M at most
		return bad("too many dots")
	}
	if slash >= 0 {
		for _, e := range strings.Split(t[:slash], "/") {
			if e == "" || e == "." || e == ".." {
				return bad("empty or relative package path element")
			}
		}
	}
	if segs[0] == "" {
		return bad("empty package name")
	}
	for _, seg := range segs[1:] {
		if seg == "" {
			return bad("empty member")
		}
	}
	return Name{t}, nil
}

// mustName is ParseName for the built-in models.
func mustName(s string) Name {
	n, err := ParseName(s)
	if err != nil {
		panic(err)
	}
	return n
}

// configKinds are the taint config's lists.
var configKinds = []string{"sources", "sinks", "sanitizers", "validators", "propagators"}

// LoadConfig reads a configuration file: YAML, or JSON when its name ends
// in .json. Errors name the file, line and column of the offending entry.
// The result's Checks are the file's checks: (nil when it has none: all
// checks), its Taint the built-in models with the file's additions and
// replacements applied; the other fields are left for flags to set.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, data)
}

// ParseConfig is LoadConfig for data read from path.
func ParseConfig(path string, data []byte) (*Config, error) {
	p := &cfgParser{path: path}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		if err := checkJSON(path, data); err != nil {
			return nil, err
		}
	case ".yaml", ".yml":
	default:
		return nil, fmt.Errorf("%s: unknown configuration format %q (want .yaml, .yml or .json)", path, filepath.Ext(path))
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			// An empty file: defaults.
			return &Config{Taint: DefaultTaintConfig()}, nil
		}
		return nil, p.yamlErr(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, p.at(&extra, "more than one YAML document")
	} else if err != io.EOF {
		return nil, p.yamlErr(err)
	}
	return p.file(&doc)
}

// checkJSON rejects what is YAML but not JSON in a .json file, at the
// syntax error's line and column.
func checkJSON(path string, data []byte) error {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&v)
	if err == nil {
		off := dec.InputOffset()
		if _, err2 := dec.Token(); err2 == nil || err2 != io.EOF {
			for off < int64(len(data)) && strings.ContainsRune(" \t\r\n", rune(data[off])) {
				off++
			}
			line, col := lineCol(data, off)
			return fmt.Errorf("%s:%d:%d: extra data after the JSON value", path, line, col)
		}
		return nil
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, max(se.Offset-1, 0)) // Offset is just past the bad byte
		return fmt.Errorf("%s:%d:%d: %s", path, line, col, se.Error())
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	line, col := lineCol(data, int64(len(data)))
	return fmt.Errorf("%s:%d:%d: %v", path, line, col, err)
}

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

type cfgParser struct {
	path string
}

// yamlLine matches yaml.v3's syntax errors, which give a line only.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func (p *cfgParser) yamlErr(err error) error {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%s:%s: %s", p.path, m[1], m[2])
	}
	return fmt.Errorf("%s: %s", p.path, strings.TrimPrefix(err.Error(), "yaml: "))
}

func (p *cfgParser) pos(n *yaml.Node) string {
	return fmt.Sprintf("%s:%d:%d", p.path, n.Line, n.Column)
}

func (p *cfgParser) at(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s: %s", p.pos(n), fmt.Sprintf(format, args...))
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "null"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "a document"
}

// mapping returns the key/value pairs of a mapping node, rejecting keys
// not in allowed.
func (p *cfgParser) mapping(n *yaml.Node, what string, allowed ...string) ([][2]*yaml.Node, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.at(n, "%s must be a mapping, not %s", what, kindName(n))
	}
	var kvs [][2]*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, p.at(k, "%s: keys must be names", what)
		}
		if seen[k.Value] {
			return nil, p.at(k, "key %q repeated in %s", k.Value, what)
		}
		seen[k.Value] = true
		ok := false
		for _, a := range allowed {
			ok = ok || k.Value == a
		}
		if !ok {
			return nil, p.at(k, "unknown key %q in %s (want %s)", k.Value, what, strings.Join(allowed, ", "))
		}
		kvs = append(kvs, [2]*yaml.Node{k, v})
	}
	return kvs, nil
}

func (p *cfgParser) list(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.at(n, "%s must be a list, not %s", what, kindName(n))
	}
	return n.Content, nil
}

func (p *cfgParser) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		return "", p.at(n, "%s must be a string, not %s", what, kindName(n))
	}
	return n.Value, nil
}

func (p *cfgParser) file(doc *yaml.Node) (*Config, error) {
	fc := &Config{Taint: DefaultTaintConfig()}
	root := doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			return fc, nil
		}
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return fc, nil
	}
	kvs, err := p.mapping(root, "the configuration", "checks", "profile", "reflection", "nil-sources", "taint")
	if err != nil {
		return nil, err
	}
	for _, kv := range kvs {
		switch kv[0].Value {
		case "checks":
			items, err := p.list(kv[1], "checks")
			if err != nil {
				return nil, err
			}
			fc.Checks = []string{}
			seen := map[string]bool{}
			for _, it := range items {
				s, err := p.str(it, "a check name")
				if err != nil {
					return nil, err
				}
				if _, ok := Lookup(s); !ok {
					var known []string
					for _, c := range Checkers() {
						known = append(known, c.Name())
					}
					return nil, p.at(it, "unknown check %q (known: %s)", s, strings.Join(known, ", "))
				}
				if seen[s] {
					return nil, p.at(it, "check %q listed twice", s)
				}
				seen[s] = true
				fc.Checks = append(fc.Checks, s)
			}
		case "taint":
			if err := p.taint(kv[1], fc.Taint); err != nil {
				return nil, err
			}
		case "profile":
			prof, err := p.profile(kv[1])
			if err != nil {
				return nil, err
			}
			fc.Taint.Profile = prof
		case "reflection":
			var on bool
			if kv[1].Kind != yaml.ScalarNode || kv[1].Tag != "!!bool" || kv[1].Decode(&on) != nil {
				return nil, p.at(kv[1], "reflection must be true or false")
			}
			fc.NoReflection = !on
		case "nil-sources":
			s, err := p.str(kv[1], "nil-sources")
			if err != nil {
				return nil, err
			}
			ns, err := ParseNilSources(s)
			if err != nil {
				return nil, p.at(kv[1], "%v", err)
			}
			fc.NilSources = ns
		}
	}
	return fc, nil
}

func (p *cfgParser) taint(n *yaml.Node, tc *TaintConfig) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	kvs, err := p.mapping(n, "taint", configKinds...)
	if err != nil {
		return err
	}
	for _, kv := range kvs {
		kind := kv[0].Value
		items, replace, err := p.addOrReplace(kv[1], kind)
		if err != nil {
			return err
		}
		if replace {
			switch kind {
			case "sources":
				tc.Sources = nil
			case "sinks":
				tc.Sinks = nil
			case "sanitizers":
				tc.Sanitizers = nil
			case "validators":
				tc.Validators = nil
			case "propagators":
				tc.Propagators = nil
			}
		}
		for _, it := range items {
			if err := p.entry(it, kind, tc); err != nil {
				return err
			}
		}
	}
	return nil
}

// addOrReplace reads one of the taint lists: a list (added to the
// defaults) or a mapping with add: or replace: holding the list.
func (p *cfgParser) addOrReplace(n *yaml.Node, kind string) ([]*yaml.Node, bool, error) {
	if n.Kind == yaml.SequenceNode {
		return n.Content, false, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, false, p.at(n, "taint.%s must be a list, or a mapping with add: or replace:, not %s", kind, kindName(n))
	}
	kvs, err := p.mapping(n, "taint."+kind, "add", "replace")
	if err != nil {
		return nil, false, err
	}
	if len(kvs) != 1 {
		return nil, false, p.at(n, "taint.%s needs exactly one of add: and replace:", kind)
	}
	items, err := p.list(kvs[0][1], "taint."+kind+"."+kvs[0][0].Value)
	return items, kvs[0][0].Value == "replace", err
}

// entry reads one source, sink, sanitizer or propagator: a name, or a
// mapping with func: and the kind's own keys.
func (p *cfgParser) entry(n *yaml.Node, kind string, tc *TaintConfig) error {
	at := p.pos(n)
	fields := map[string]*yaml.Node{}
	var nameNode *yaml.Node
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!str":
		nameNode = n
	case n.Kind == yaml.MappingNode:
		allowed := map[string][]string{
			"sources":     {"func", "to", "profile"},
			"sinks":       {"func", "args", "kind", "response", "content-type", "output", "enabled-by"},
			"sanitizers":  {"func", "kinds"},
			"validators":  {"func", "args", "kinds"},
			"propagators": {"func", "from", "to"},
		}[kind]
		kvs, err := p.mapping(n, "a "+strings.TrimSuffix(kind, "s"), allowed...)
		if err != nil {
			return err
		}
		for _, kv := range kvs {
			fields[kv[0].Value] = kv[1]
		}
		nameNode = fields["func"]
		if nameNode == nil {
			return p.at(n, "%s entry without func:", strings.TrimSuffix(kind, "s"))
		}
	default:
		return p.at(n, "a %s must be a name or a mapping with func:, not %s", strings.TrimSuffix(kind, "s"), kindName(n))
	}
	s, err := p.str(nameNode, "func")
	if err != nil {
		return err
	}
	name, err := ParseName(s)
	if err != nil {
		return p.at(nameNode, "%v", err)
	}
	places := func(key string, allowResult bool) ([]Place, error) {
		v := fields[key]
		if v == nil {
			return nil, nil
		}
		items, err := p.list(v, key)
		if err != nil {
			return nil, err
		}
		var ps []Place
		for _, it := range items {
			pl, err := p.place(it, allowResult)
			if err != nil {
				return nil, err
			}
			ps = append(ps, pl)
		}
		if len(ps) == 0 {
			return nil, p.at(v, "%s: empty list", key)
		}
		return ps, nil
	}
	switch kind {
	case "sources":
		to, err := places("to", true)
		if err != nil {
			return err
		}
		var prof string
		if v := fields["profile"]; v != nil {
			if prof, err = p.profile(v); err != nil {
				return err
			}
		}
		tc.Sources = append(tc.Sources, Source{Name: name, To: to, Profile: prof, At: at})
	case "sinks":
		args, err := places("args", false)
		if err != nil {
			return err
		}
		k := "custom"
		if v := fields["kind"]; v != nil {
			if k, err = p.kind(v); err != nil {
				return err
			}
		}
		sk := Sink{Name: name, Args: args, Kind: k, At: at}
		one := func(key string, allowResult bool) (*Place, error) {
			v := fields[key]
			if v == nil {
				return nil, nil
			}
			pl, err := p.place(v, allowResult)
			return &pl, err
		}
		if sk.Response, err = one("response", false); err != nil {
			return err
		}
		if sk.ContentType, err = one("content-type", false); err != nil {
			return err
		}
		if sk.Output, err = places("output", true); err != nil {
			return err
		}
		if v := fields["enabled-by"]; v != nil {
			s, err := p.str(v, "enabled-by")
			if err != nil {
				return err
			}
			if sk.EnabledBy, err = ParseName(s); err != nil {
				return p.at(v, "%v", err)
			}
		}
		tc.Sinks = append(tc.Sinks, sk)
	case "sanitizers", "validators":
		var kinds []string
		if v := fields["kinds"]; v != nil {
			items, err := p.list(v, "kinds")
			if err != nil {
				return err
			}
			if len(items) == 0 {
				return p.at(v, "kinds: empty list")
			}
			for _, it := range items {
				k, err := p.kind(it)
				if err != nil {
					return err
				}
				kinds = append(kinds, k)
			}
		}
		if kind == "sanitizers" {
			tc.Sanitizers = append(tc.Sanitizers, Sanitizer{Name: name, Kinds: kinds, At: at})
			break
		}
		args, err := places("args", false)
		if err != nil {
			return err
		}
		tc.Validators = append(tc.Validators, Validator{Name: name, Args: args, Kinds: kinds, At: at})
	case "propagators":
		from, err := places("from", false)
		if err != nil {
			return err
		}
		to, err := places("to", true)
		if err != nil {
			return err
		}
		tc.Propagators = append(tc.Propagators, Propagator{Name: name, From: from, To: to, At: at})
	}
	return nil
}

// profile reads a profile's name.
func (p *cfgParser) profile(n *yaml.Node) (string, error) {
	s, err := p.str(n, "profile")
	if err != nil {
		return "", err
	}
	prof, err := ParseProfile(s)
	if err != nil {
		return "", p.at(n, "%v", err)
	}
	return prof, nil
}

// kind reads a sink kind: a word.
func (p *cfgParser) kind(n *yaml.Node) (string, error) {
	k, err := p.str(n, "kind")
	if err != nil {
		return "", err
	}
	if !token.IsIdentifier(k) {
		return "", p.at(n, "kind %q: want a word (sql, command, path, html, redirect, ssrf, ...)", k)
	}
	return k, nil
}

// place reads an argument index, recv, result or resultN.
func (p *cfgParser) place(n *yaml.Node, allowResult bool) (Place, error) {
	want := "an argument index or recv"
	if allowResult {
		want = "an argument index, recv, result or resultN"
	}
	if n.Kind != yaml.ScalarNode {
		return Place{}, p.at(n, "want %s, not %s", want, kindName(n))
	}
	switch {
	case n.Tag == "!!int":
		i, err := strconv.Atoi(n.Value)
		if err != nil || i < 0 || i > 1000 {
			return Place{}, p.at(n, "argument index %s out of range", n.Value)
		}
		return Place{Kind: PlaceArg, Index: i}, nil
	case n.Tag == "!!str" && n.Value == "recv":
		return Place{Kind: PlaceRecv}, nil
	case n.Tag == "!!str" && allowResult && n.Value == "result":
		return Place{Kind: PlaceResult, Index: -1}, nil
	case n.Tag == "!!str" && allowResult && strings.HasPrefix(n.Value, "result"):
		i, err := strconv.Atoi(strings.TrimPrefix(n.Value, "result"))
		if err == nil && i >= 0 && i <= 1000 && strconv.Itoa(i) == strings.TrimPrefix(n.Value, "result") {
			return Place{Kind: PlaceResult, Index: i}, nil
		}
	}
	return Place{}, p.at(n, "want %s, not %s", want, kindName(n))
}

// Names lists, sorted, every name the configuration mentions.
func (tc *TaintConfig) Names() []string {
	set := map[string]bool{}
	for _, s := range tc.Sources {
		set[s.Name.s] = true
	}
	for _, s := range tc.Sinks {
		set[s.Name.s] = true
	}
	for _, s := range tc.Sanitizers {
		set[s.Name.s] = true
	}
	for _, s := range tc.Validators {
		set[s.Name.s] = true
	}
	for _, s := range tc.Propagators {
		set[s.Name.s] = true
	}
	var ns []string
	for n := range set {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}
