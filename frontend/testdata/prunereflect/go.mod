module cflrprunereflect

go 1.23
