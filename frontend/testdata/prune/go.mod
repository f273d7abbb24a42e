module cflrprune

go 1.23
