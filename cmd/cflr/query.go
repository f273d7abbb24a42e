package main

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/outofcore"
)

func init() { subcommands = append(subcommands, newQueryCmd) }

func newQueryCmd() *cobra.Command {
	var dir, label, from string
	var counts bool
	var limit int64
	cmd := &cobra.Command{
		Use:   "query --dir D [--label X] [--from V | --counts]",
		Short: "Read a closure from a cflr solve --dir work directory",
		Long: `Query reads the closure that cflr solve --dir stored, without loading it
all. With --from V, it prints the vertices V reaches by an edge of --label
(one point read). Without, it prints every --label edge as tab-separated
"src dst label [index]" lines, ordered by source, index and destination
(one scan). --counts prints the edges per symbol and the CountEdges figure.
--label defaults to the grammar's %count symbol.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := outofcore.Open(dir, nil, nil)
			if err != nil {
				return storeErr(err)
			}
			defer s.Close()
			if done, err := s.Done(); err != nil {
				return err
			} else if !done {
				return usageErr(fmt.Errorf("%s: the solve has not finished; continue it with cflr solve --dir %s --resume", dir, dir))
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			defer w.Flush()
			if counts {
				cs, err := s.Counts()
				if err != nil {
					return err
				}
				ng := s.Grammar()
				var ids []int
				for id, sy := range ng.Symbols {
					if !sy.Fresh && cs[sy.Name] > 0 {
						ids = append(ids, id)
					}
				}
				for _, n := range ng.SortedNames(ids) {
					fmt.Fprintf(w, "%s\t%d\n", n, cs[n])
				}
				ce, err := s.CountEdges()
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "CountEdges\t%d\n", ce)
				return nil
			}
			ng := s.Grammar()
			if label == "" {
				if len(ng.Count) == 0 {
					return usageErr(errors.New("--label: the grammar names no %count symbol; give one"))
				}
				label = ng.Name(ng.Count[0])
			}
			sym, err := s.Symbol(label)
			if err != nil {
				return usageErr(fmt.Errorf("--label: %w", err))
			}
			if from != "" {
				v, err := strconv.ParseUint(from, 10, 32)
				if err != nil || uint32(v) >= s.NumVertices() {
					return usageErr(fmt.Errorf("--from %s: want a vertex number below %d", from, s.NumVertices()))
				}
				vs, err := s.Reach(sym, uint32(v))
				if err != nil {
					return err
				}
				for i, x := range vs {
					if limit > 0 && int64(i) >= limit {
						break
					}
					fmt.Fprintln(w, x)
				}
				return nil
			}
			var n int64
			return s.ForEach(sym, func(e outofcore.Edge) bool {
				if e.Index == ^uint32(0) {
					fmt.Fprintf(w, "%d\t%d\t%s\n", e.Src, e.Dst, label)
				} else {
					fmt.Fprintf(w, "%d\t%d\t%s\t%d\n", e.Src, e.Dst, label, e.Index)
				}
				n++
				return limit <= 0 || n < limit
			})
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&dir, "dir", "", "work directory of cflr solve --dir (required)")
	fl.StringVar(&label, "label", "", "symbol to read (default: the grammar's %count symbol)")
	fl.StringVar(&from, "from", "", "print the vertices this vertex reaches by --label")
	fl.BoolVar(&counts, "counts", false, "print edges per symbol and CountEdges")
	fl.Int64Var(&limit, "limit", 0, "print at most this many lines (0: all)")
	cmd.MarkFlagRequired("dir")
	return cmd
}
