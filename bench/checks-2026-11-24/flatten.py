import json, sys, re
# Flattens NilAway's -json output (package -> analyzer -> diagnostics) into
# sorted TSV rows: module, index, position, first line of the flow.
name = sys.argv[1]
d = json.load(open(f"raw/nilaway-{name}.json"))
rows = []
for pkg, an in d.items():
    for diag in an.get("nilaway", []):
        rows.append((diag["posn"], diag["message"]))
rows.sort()
with open(f"raw/nilaway-{name}.tsv", "w") as f:
    for i, (p, m) in enumerate(rows):
        f.write(f"{i}\t{p}\t{json.dumps(m)}\n")
print(name, len(rows))
