package check

import "github.com/crillab/gophersat/solver"

// A cnf is a propositional formula in conjunctive normal form over
// numbered variables (1, 2, ...; a literal is +v or -v, as in DIMACS),
// whose clauses are tagged with a group: satisfiable(keep) asks about the
// clauses of the groups keep accepts, and of group always. Refutation puts
// each witness edge's path conditions in the edge's group, so that the
// edges a contradiction needs can be found.
type cnf struct {
	nvars   int
	clauses [][]int
	groups  []int
	tru     int // a variable fixed to true
}

// always tags the clauses every question includes (definitions).
const always = -1

func newCNF() *cnf {
	c := &cnf{}
	c.tru = c.newVar()
	c.add(always, c.tru)
	return c
}

func (c *cnf) newVar() int {
	c.nvars++
	return c.nvars
}

// lit is the constant b as a literal.
func (c *cnf) lit(b bool) int {
	if b {
		return c.tru
	}
	return -c.tru
}

// add adds the clause lits (their disjunction) to group.
func (c *cnf) add(group int, lits ...int) {
	c.clauses = append(c.clauses, append([]int(nil), lits...))
	c.groups = append(c.groups, group)
}

// conflict adds that groups a and b cannot both hold (a fresh v with ¬v
// in a, v in b): a contradiction that needs both edges, which
// refuteSearch blames on either.
func (c *cnf) conflict(a, b int) {
	v := c.newVar()
	c.add(a, -v)
	c.add(b, v)
}

// eq adds a ⇔ b to group.
func (c *cnf) eq(group, a, b int) {
	if a == b {
		return
	}
	c.add(group, -a, b)
	c.add(group, a, -b)
}

// satisfiable reports whether the clauses of group always and of the
// groups keep accepts can all hold at once (gophersat's CDCL solver; the
// formulas of one witness have tens to hundreds of variables).
func (c *cnf) satisfiable(keep func(group int) bool) bool {
	var cl [][]int
	for k, g := range c.groups {
		if g == always || keep(g) {
			cl = append(cl, c.clauses[k])
		}
	}
	pb := solver.ParseSliceNb(cl, c.nvars)
	if pb.Status == solver.Unsat {
		return false
	}
	return solver.New(pb).Solve() == solver.Sat
}
