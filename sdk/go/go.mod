module github.com/pulumi-uptime/pulumi-uptime/sdk/go

go 1.20

require github.com/pulumi/pulumi/sdk/v3 v3.30.0
