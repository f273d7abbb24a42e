module broken

go 1.26
