module example.com/cflrlint

go 1.26
