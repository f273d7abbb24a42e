package main

func main() {
	p := new(int)
	_ = p
}
