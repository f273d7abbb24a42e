package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDefaultModels parses the built-in models (a panic in
// DefaultTaintConfig otherwise) and checks that each list is there.
func TestDefaultModels(t *testing.T) {
	tc, err := parseModels("models.yaml", modelsYAML)
	if err != nil {
		t.Fatal(err)
	}
	if len(tc.Sources) < 20 || len(tc.Sinks) < 40 || len(tc.Sanitizers) < 10 || len(tc.Propagators) < 20 {
		t.Errorf("models: %d sources, %d sinks, %d sanitizers, %d propagators", len(tc.Sources), len(tc.Sinks), len(tc.Sanitizers), len(tc.Propagators))
	}
	for _, want := range []string{"os.Getenv", "net/http.Request.FormValue", "database/sql.DB.Query", "strconv.Atoi", "io.Reader.Read"} {
		found := false
		for _, n := range tc.Names() {
			found = found || n == want
		}
		if !found {
			t.Errorf("built-in models lack %s", want)
		}
	}
	// DefaultTaintConfig hands out copies.
	a := DefaultTaintConfig()
	a.Sinks = a.Sinks[:0]
	if len(DefaultTaintConfig().Sinks) == 0 {
		t.Error("DefaultTaintConfig shares its lists")
	}
}

func TestParseName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"os.Getenv", "os.Getenv"},
		{"net/http.(*Request).FormValue", "net/http.Request.FormValue"},
		{"(*net/http.Request).FormValue", "net/http.Request.FormValue"},
		{"net/http.Request.FormValue", "net/http.Request.FormValue"},
		{"database/sql.(*DB).QueryContext", "database/sql.DB.QueryContext"},
		{"gopkg.in/yaml.v3.Marshal", "gopkg.in/yaml.v3.Marshal"},
		{"example.com/a/b.T.M", "example.com/a/b.T.M"},
		{"net.(*conn).Read", "net.conn.Read"},
		{"", "error"},
		{"Getenv", "error"},
		{"os.", "error"},
		{".Getenv", "error"},
		{"os.Get env", "error"},
		{"net/http.(*Request.FormValue", "error"},
		{"net/http.Request).FormValue", "error"},
		{"net//http.Get", "error"},
		{"../x.F", "error"},
		{"os.1F", "error"},
		{"a.b.c.d.e", "error"},
		{"os.Getenv()", "error"},
	} {
		n, err := ParseName(tt.in)
		got := n.String()
		if err != nil {
			got = "error"
		}
		if got != tt.want {
			t.Errorf("ParseName(%q) = %q (%v), want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestConfig reads each good configuration in testdata/config and checks
// what it did to the defaults.
func TestConfig(t *testing.T) {
	def := DefaultTaintConfig()
	for _, tt := range []struct {
		file                             string
		checks                           []string
		sources, sinks, sanit, propagate int // added (>= 0) or, replaced, -(new count)-1
	}{
		{"add.yaml", []string{"taint"}, 2, 1, 1, 1},
		{"replace.yaml", nil, 0, -3, -1, 0},
		{"add.json", []string{"nilflow", "taint"}, 1, -3, 0, 0},
		{"empty.yaml", nil, 0, 0, 0, 0},
	} {
		t.Run(tt.file, func(t *testing.T) {
			cfg, err := LoadConfig(filepath.Join("testdata/config", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(cfg.Checks, ",") != strings.Join(tt.checks, ",") {
				t.Errorf("checks %q, want %q", cfg.Checks, tt.checks)
			}
			count := func(what string, got, def, want int) {
				if want < 0 {
					if got != -want-1 {
						t.Errorf("%s: %d after replace, want %d", what, got, -want-1)
					}
				} else if got != def+want {
					t.Errorf("%s: %d, want %d defaults + %d", what, got, def, want)
				}
			}
			tc := cfg.Taint
			count("sources", len(tc.Sources), len(def.Sources), tt.sources)
			count("sinks", len(tc.Sinks), len(def.Sinks), tt.sinks)
			count("sanitizers", len(tc.Sanitizers), len(def.Sanitizers), tt.sanit)
			count("propagators", len(tc.Propagators), len(def.Propagators), tt.propagate)
		})
	}
}

// TestConfigEntries checks what one configuration's entries say.
func TestConfigEntries(t *testing.T) {
	cfg, err := LoadConfig("testdata/config/add.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tc := cfg.Taint
	src := tc.Sources[len(tc.Sources)-1]
	if src.Name.String() != "checktest/app.Fill" || len(src.To) != 1 || src.To[0] != (Place{PlaceArg, 1}) || src.At != "testdata/config/add.yaml:6:7" {
		t.Errorf("source %+v", src)
	}
	sink := tc.Sinks[len(tc.Sinks)-1]
	if sink.Name.String() != "checktest/app.DB.Run" || sink.Kind != "sql" || len(sink.Args) != 2 || sink.Args[0] != (Place{PlaceRecv, 0}) || sink.Args[1] != (Place{PlaceArg, 0}) {
		t.Errorf("sink %+v", sink)
	}
	prop := tc.Propagators[len(tc.Propagators)-1]
	if prop.Name.String() != "checktest/app.Wrap" || len(prop.From) != 1 || len(prop.To) != 2 || prop.To[0] != (Place{PlaceResult, -1}) || prop.To[1] != (Place{PlaceResult, 1}) {
		t.Errorf("propagator %+v", prop)
	}
}

// TestConfigSinkFields reads the html sinks' narrowing fields (Sink's
// Response, ContentType, Output, EnabledBy; taintxss.go).
func TestConfigSinkFields(t *testing.T) {
	p := filepath.Join(t.TempDir(), "xss.yaml")
	text := "taint:\n  sinks:\n" +
		"    - {func: a.W, args: [1], kind: html, response: 0, content-type: recv}\n" +
		"    - {func: a.R, args: [0], kind: html, output: [result0, 1], enabled-by: a/b.Unsafe}\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	sk := cfg.Taint.Sinks[len(cfg.Taint.Sinks)-2:]
	if w := sk[0]; w.Response == nil || *w.Response != (Place{PlaceArg, 0}) || w.ContentType == nil || *w.ContentType != (Place{PlaceRecv, 0}) || w.Output != nil || w.EnabledBy.String() != "" {
		t.Errorf("writer sink %+v", w)
	}
	if r := sk[1]; r.Response != nil || r.ContentType != nil || len(r.Output) != 2 || r.Output[0] != (Place{PlaceResult, 0}) || r.Output[1] != (Place{PlaceArg, 1}) || r.EnabledBy.String() != "a/b.Unsafe" {
		t.Errorf("renderer sink %+v", r)
	}
}

// TestConfigErrors: each bad configuration is an error at the offending
// entry's file:line:col.
func TestConfigErrors(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"a.yaml", "chekcs: [taint]\n", `a.yaml:1:1: unknown key "chekcs" in the configuration (want checks, profile, reflection, nil-sources, taint)`},
		{"a.yaml", "checks: [taint]\nprofile: clii\n", `a.yaml:2:10: unknown profile "clii" (want server or cli)`},
		{"a.yaml", "profile: [cli]\n", `a.yaml:1:10: profile must be a string, not a list`},
		{"a.yaml", "reflection: maybe\n", `a.yaml:1:13: reflection must be true or false`},
		{"a.yaml", "taint:\n  sources:\n    - {func: os.Getenv, profile: desktop}\n", `a.yaml:3:34: unknown profile "desktop" (want server or cli)`},
		{"a.yaml", "checks: [taint, nilflw]\n", `a.yaml:1:17: unknown check "nilflw" (known: `},
		{"a.yaml", "checks: taint\n", `a.yaml:1:9: checks must be a list, not "taint"`},
		{"a.yaml", "checks: [taint, taint]\n", `a.yaml:1:17: check "taint" listed twice`},
		{"a.yaml", "checks: [[taint]]\n", `a.yaml:1:10: a check name must be a string, not a list`},
		{"a.yaml", "taint:\n  sources:\n    - os.Getenv\n    - net/http.(*Request.FormValue\n", `a.yaml:4:7: malformed name "net/http.(*Request.FormValue": unclosed (*`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: os.Open, args: [-1]}\n", `a.yaml:3:30: argument index -1 out of range`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: os.Open, args: 0}\n", `a.yaml:3:29: args must be a list, not "0"`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: os.Open, args: [result]}\n", `a.yaml:3:30: want an argument index or recv, not "result"`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: os.Open, argz: [0]}\n", `a.yaml:3:23: unknown key "argz" in a sink (want func, args, kind, response, content-type, output, enabled-by)`},
		{"a.yaml", "taint:\n  sinks:\n    - {args: [0]}\n", `a.yaml:3:7: sink entry without func:`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: a.W, response: result}\n", `a.yaml:3:29: want an argument index or recv, not "result"`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: a.W, content-type: [1]}\n", `a.yaml:3:33: want an argument index or recv, not a list`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: a.R, output: [result0], enabled-by: \"a b\"}\n", `a.yaml:3:50: malformed name "a b"`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: os.Open, kind: \"a b\"}\n", `a.yaml:3:29: kind "a b": want a word`},
		{"a.yaml", "taint:\n  sinks:\n    - {func: 12}\n", `a.yaml:3:14: func must be a string, not "12"`},
		{"a.yaml", "taint:\n  sanitizers:\n    - {func: strconv.Atoi, to: [0]}\n", `a.yaml:3:28: unknown key "to" in a sanitizer (want func, kinds)`},
		{"a.yaml", "taint:\n  sanitizers:\n    - {func: a.Esc, kinds: [html, 1x]}\n", `a.yaml:3:35: kind "1x": want a word`},
		{"a.yaml", "taint:\n  sanitizers:\n    - {func: a.Esc, kinds: []}\n", `a.yaml:3:28: kinds: empty list`},
		{"a.yaml", "taint:\n  sanitizers:\n    - {func: a.Esc, kinds: html}\n", `a.yaml:3:28: kinds must be a list, not "html"`},
		{"a.yaml", "taint:\n  validators:\n    - {func: a.Ok, args: [result]}\n", `a.yaml:3:27: want an argument index or recv, not "result"`},
		{"a.yaml", "taint:\n  validators:\n    - {func: a.Ok, to: [0]}\n", `a.yaml:3:20: unknown key "to" in a validator (want func, args, kinds)`},
		{"a.yaml", "taint:\n  sources:\n    add: [os.Getenv]\n    replace: [os.Getenv]\n", `a.yaml:3:5: taint.sources needs exactly one of add: and replace:`},
		{"a.yaml", "taint:\n  sources:\n    replace: os.Getenv\n", `a.yaml:3:14: taint.sources.replace must be a list, not "os.Getenv"`},
		{"a.yaml", "taint:\n  sources: os.Getenv\n", `a.yaml:2:12: taint.sources must be a list, or a mapping with add: or replace:, not "os.Getenv"`},
		{"a.yaml", "taint:\n  sauces: []\n", `a.yaml:2:3: unknown key "sauces" in taint (want sources, sinks, sanitizers, validators, propagators)`},
		{"a.yaml", "taint:\n  sources: []\n  sources: []\n", `a.yaml:3:3: key "sources" repeated in taint`},
		{"a.yaml", "taint:\n  propagators:\n    - {func: a.F, from: [result], to: [0]}\n", `a.yaml:3:26: want an argument index or recv, not "result"`},
		{"a.yaml", "taint:\n  propagators:\n    - {func: a.F, to: [result-1]}\n", `a.yaml:3:24: want an argument index, recv, result or resultN, not "result-1"`},
		{"a.yaml", "taint:\n  propagators:\n    - {func: a.F, to: []}\n", `a.yaml:3:23: to: empty list`},
		{"a.yaml", "taint:\n  sources:\n    - [os.Getenv]\n", `a.yaml:3:7: a source must be a name or a mapping with func:, not a list`},
		{"a.yaml", "- taint\n", `a.yaml:1:1: the configuration must be a mapping, not a list`},
		{"a.yaml", "taint: [\n", `a.yaml:1: did not find expected node content`},
		{"a.yaml", "taint:\n\tsources: []\n", `a.yaml:2: found character that cannot start any token`},
		{"a.yaml", "taint: {}\n---\nchecks: []\n", `a.yaml:2:1: more than one YAML document`},
		{"a.json", `{"checks": ["taint",]}`, `a.json:1:21: invalid character ']' looking for beginning of value`},
		{"a.json", "{\n  \"taint\": {\"sinks\": [{\"func\": \"os.Open\", \"args\": [\"x\"]}]}\n}", `a.json:2:52: want an argument index or recv, not "x"`},
		{"a.json", "checks: [taint]\n", `a.json:1:1: invalid character 'c' looking for beginning of value`},
		{"a.json", "{} {}", `a.json:1:4: extra data after the JSON value`},
		{"a.toml", "", `a.toml: unknown configuration format ".toml" (want .yaml, .yml or .json)`},
	} {
		_, err := ParseConfig(tt.name, []byte(tt.text))
		if err == nil {
			t.Errorf("%q: no error, want %q", tt.text, tt.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q:\n got %q\nwant %q", tt.text, err, tt.want)
		}
	}
}

// FuzzLoadConfig: no input panics, and every error names the file.
func FuzzLoadConfig(f *testing.F) {
	ents, err := os.ReadDir("testdata/config")
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join("testdata/config", e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(strings.HasSuffix(e.Name(), ".json"), string(data))
	}
	f.Fuzz(func(t *testing.T, json bool, text string) {
		name := "f.yaml"
		if json {
			name = "f.json"
		}
		cfg, err := ParseConfig(name, []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), name) {
				t.Errorf("error without the file name: %v", err)
			}
			return
		}
		if cfg.Taint == nil {
			t.Error("no taint config")
		}
	})
}

// TestConfigProfile: the profile key chooses the trust boundary, and a
// source's profile: limits it to one; os.Args is a source of the cli
// profile only.
// TestConfigReflection: reflection: false turns the points-to analysis'
// reflection model off (Config.NoReflection); it is on by default.
func TestConfigReflection(t *testing.T) {
	for text, want := range map[string]bool{"checks: [taint]\n": false, "reflection: false\n": true, "reflection: true\n": false} {
		fc, err := ParseConfig("r.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if fc.NoReflection != want {
			t.Errorf("%q: NoReflection = %v, want %v", text, fc.NoReflection, want)
		}
	}
}

// TestConfigNilSources: nil-sources: chooses nilflow's sources
// (Config.NilSources); absent, the default.
func TestConfigNilSources(t *testing.T) {
	for text, want := range map[string]string{"checks: [nilflow]\n": "", "nil-sources: all\n": NilSourcesAll, "nil-sources: default\n": NilSourcesDefault} {
		fc, err := ParseConfig("n.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if fc.NilSources != want {
			t.Errorf("%q: NilSources = %q, want %q", text, fc.NilSources, want)
		}
	}
	for text, want := range map[string]string{
		"nil-sources: some\n":  `n.yaml:1:14: unknown nil sources "some" (want default or all)`,
		"nil-sources: [all]\n": "n.yaml:1:14: nil-sources must be a string, not a list",
	} {
		_, err := ParseConfig("n.yaml", []byte(text))
		if err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %s", text, err, want)
		}
	}
}

func TestConfigProfile(t *testing.T) {
	has := func(tc *TaintConfig, name string) bool {
		for _, s := range tc.ActiveSources() {
			if s.Name.String() == name {
				return true
			}
		}
		return false
	}
	def := DefaultTaintConfig()
	if def.Profile != "" || has(def, "os.Args") || has(def, "os.Getenv") || !has(def, "net/http.Request.FormValue") {
		t.Errorf("default profile %q: os.Args %v, os.Getenv %v, FormValue %v; want server sources only", def.Profile, has(def, "os.Args"), has(def, "os.Getenv"), has(def, "net/http.Request.FormValue"))
	}
	fc, err := ParseConfig("p.yaml", []byte("profile: cli\ntaint:\n  sources:\n    - {func: example.com/app.Flag, profile: cli}\n    - {func: example.com/app.Req, profile: server}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if fc.Taint.Profile != ProfileCLI {
		t.Errorf("profile = %q, want cli", fc.Taint.Profile)
	}
	for _, n := range []string{"os.Args", "os.Getenv", "os.Stdin", "net/http.Request.FormValue", "example.com/app.Flag", "example.com/app.Req"} {
		if !has(fc.Taint, n) {
			t.Errorf("cli profile: %s is not a source", n)
		}
	}
	fc.Taint.Profile = ProfileServer
	if has(fc.Taint, "example.com/app.Flag") || !has(fc.Taint, "example.com/app.Req") {
		t.Errorf("server profile: a cli source is active, or a server source is not")
	}
}
