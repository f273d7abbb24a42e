module checktest

go 1.26
