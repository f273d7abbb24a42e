package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/frontend"
	"github.com/cflr/cflr/frontend/grammars"
	"github.com/cflr/cflr/graph"
)

func newGraphCmd() *cobra.Command {
	var f goFlags
	var out, format, grammarOut string
	cmd := &cobra.Command{
		Use:   "graph [flags] -o OUT [PATTERN...]",
		Short: "Write the points-to graph of Go packages for cflr or other solvers",
		Long: `Graph builds the labeled points-to graph of the program PATTERN denotes
(default ./...) and writes it to OUT in any format package graph supports
(tsv, graspan, csv, bin; default from OUT's extension), the vertex names to
OUT.names (one a line: SSA value or object and source position) and the
places modelled conservatively to OUT.unmodelled. --grammar-out writes the
matching embedded grammar (pointsto.cfg, or pointsto-ctx.cfg with
--context), so that 'cflr solve --grammar G --graph OUT' reproduces the
analysis. Dynamic calls are resolved with VTA (with --refine, narrowed by a
first solve).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr(errors.New("-o OUT is required"))
			}
			fmtv := graph.Format(format)
			if format == "" {
				fmtv = graph.FormatFor(out)
			}
			ok := false
			for _, x := range graph.Formats {
				ok = ok || x == fmtv
			}
			if !ok {
				return usageErr(fmt.Errorf("--format %q: want one of %v", format, graph.Formats))
			}
			if len(args) == 0 {
				args = []string{"./..."}
			}
			ctx := cmd.Context()
			_, a, hadErrs, err := f.loadAnalyze(ctx, cmd.ErrOrStderr(), args)
			if err != nil {
				return err
			}
			g := a.Graph
			g.FillNames()
			// Vertices are written as numbers; their names go to OUT.names.
			plain := *g.Graph
			plain.Names = nil
			if err := graph.WriteFile(out, &plain, fmtv); err != nil {
				return err
			}
			if err := graph.WriteNames(out+".names", g.Names); err != nil {
				return err
			}
			var sb strings.Builder
			for _, u := range g.Unmodelled {
				fmt.Fprintf(&sb, "%s\t%s\t%s\n", u.Pos, u.Func, u.Reason)
			}
			if err := writeText(out+".unmodelled", sb.String()); err != nil {
				return err
			}
			name := (&frontend.AnalysisOptions{Context: f.context}).GrammarName()
			if grammarOut != "" {
				src, err := grammars.Source(name)
				if err != nil {
					return err
				}
				if err := writeText(grammarOut, string(src)); err != nil {
					return err
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d vertices, %d edges (grammar %s); names in %s.names, %d unmodelled places in %s.unmodelled\n",
				out, g.NumVertices, len(g.Edges), name, out, len(g.Unmodelled), out)
			return f.finish(cmd, a, hadErrs)
		},
	}
	f.register(cmd)
	cmd.Flags().StringVarP(&out, "out", "o", "", "output graph file (required)")
	cmd.Flags().StringVar(&format, "format", "", "graph format: tsv, graspan, csv or bin (default: from OUT's extension)")
	cmd.Flags().StringVar(&grammarOut, "grammar-out", "", "also write the grammar to this file")
	return cmd
}

func writeText(path, s string) error {
	return graph.AtomicWrite(path, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}
