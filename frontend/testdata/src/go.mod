module cflrtest

go 1.26
