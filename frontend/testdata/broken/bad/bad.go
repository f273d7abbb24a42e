package bad

func F() *int {
	var s string = 1
	return s
}
