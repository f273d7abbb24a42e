module cflrprunerta

go 1.23
