module vetmod

go 1.26
