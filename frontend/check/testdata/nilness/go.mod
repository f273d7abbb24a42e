module nilness

go 1.26
