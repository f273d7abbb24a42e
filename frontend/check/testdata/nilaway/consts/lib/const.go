package lib

const MyStrConst = "xyz"

var MyGlobalVar = "abc"
