package grammar

import (
	"fmt"
	"io/fs"
)

// LoadFS reads the named grammar file from fsys (typically an embed.FS of
// a package's grammars), parses it and normalizes it.
func LoadFS(fsys fs.FS, name string) (*Grammar, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("grammar %s: %w", name, err)
	}
	g, err := Parse(name, src)
	if err != nil {
		return nil, err
	}
	return g.Normalize()
}
