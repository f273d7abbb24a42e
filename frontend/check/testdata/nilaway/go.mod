module go.uber.org

go 1.26
