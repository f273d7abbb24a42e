// Package bench runs cflr solve benchmarks and formats them as the tables
// in BENCHMARKS.md.
//
// Each run is a separate process (the cflr binary itself, with solve
// --stats-json), so that peak RSS is the run's own. A Plan lists graphs,
// configurations and thread counts; Run executes it, with a timeout per run,
// and Table renders the results as Markdown, one row per run.
package bench
