package edgecentric

// ForceLabelScan makes o's indexed joins scan the vertex's labels instead of
// the rule list, so tests cover both ways of finding join partners.
func ForceLabelScan(o *Options) { o.labelScan = true }
