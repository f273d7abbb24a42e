// Package nilclean has no nil flow: cflr check exits 0 on it.
package nilclean

type T struct{ x int }

func get(t *T) int {
	if t == nil {
		return 0
	}
	return t.x
}

func Use() int { return get(nil) + get(&T{x: 1}) }
