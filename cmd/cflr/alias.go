package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newAliasCmd() *cobra.Command {
	var f goFlags
	cmd := &cobra.Command{
		Use:   "alias [flags] X Y [PATTERN...]",
		Short: "Say whether two Go variables may point to the same object",
		Long: `Alias answers whether X and Y (each PKG.FUNC.VAR, PKG.VAR or FILE:LINE:COL,
as for pointsto) may point to a common abstract object, and lists the
objects they share. Exit status 0 either way; the answer is printed.`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			_, a, hadErrs, err := f.loadAnalyze(ctx, cmd.ErrOrStderr(), defaultPatterns(args[0], args[2:]))
			if err != nil {
				return err
			}
			may, common, err := a.Alias(args[0], args[1])
			if err != nil {
				return usageErr(err)
			}
			w := cmd.OutOrStdout()
			if !may {
				fmt.Fprintf(w, "%s and %s do not alias\n", args[0], args[1])
			} else {
				fmt.Fprintf(w, "%s and %s may alias: %d common objects\n", args[0], args[1], len(common))
				for _, o := range common {
					fmt.Fprintf(w, "  %s\t%s\t%s\n", o.Label, o.Type, o.Pos)
				}
			}
			return f.finish(cmd, a, hadErrs)
		},
	}
	f.register(cmd)
	return cmd
}
