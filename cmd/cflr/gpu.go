package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/cflr/cflr/kernels/gpu"
)

func init() { subcommands = append(subcommands, newGPUCmd) }

func newGPUCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "gpu", Short: "GPU runtime tools"}
	cmd.AddCommand(&cobra.Command{
		Use:   "info",
		Short: "Print each GPU's name, memory and compute capability",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			devs, err := gpu.Devices()
			if err != nil {
				return err
			}
			if len(devs) == 0 {
				return fmt.Errorf("gpu: no CUDA devices")
			}
			for _, d := range devs {
				fmt.Fprintln(cmd.OutOrStdout(), d)
			}
			return nil
		},
	})
	return cmd
}
