module cflrorder

go 1.26
