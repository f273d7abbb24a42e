// Package taintscope/app calls the command and file helpers of its
// module's util package. Checked alone (util outside the scope), each
// call that hands util untrusted data for a sink is the finding.
package app

import (
	"net/http"

	"checktest/taintscope/util"
)

func handler(w http.ResponseWriter, r *http.Request) {
	dev := r.FormValue("dev")
	util.Run("mount " + dev)          // want `reaches command sink os/exec.Command \(argument 1\) through util.Run \(argument line\)`
	util.Runf("umount %s", dev)       // want `reaches command sink os/exec.Command \(argument 1\) through util.Runf \(argument a\)`
	util.Git("checkout", dev)         // want `reaches command sink os/exec.Command \(argument 1\) through util.Git`
	util.Run("sync")                  // a constant line
	util.ReadUnder("/srv/files", dev) // the helper keeps the last element only
	util.ReadClean("/srv/files", dev) // want `reaches path sink os.ReadFile \(argument 0\) through util.ReadClean \(argument name\)`
	util.Run(util.Upper("ls"))        // nothing untrusted
	var c util.Config
	c.SetName(dev) // stored in a field: not followed into Open (a miss)
	c.Open()
}
